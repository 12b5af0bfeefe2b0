"""A card that is the model chatting with its reader is told from a card about the person
(issue 30, walk45 #6: SmolLM2-135M's "I have nothing to edit or improve. Please go ahead
and share…" was stored as a memory card; DRM-3: a card says how the person works)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.card_chat import chats

#: walk45 #6's card, as the 135M model wrote it.
WALK45 = "I have nothing to edit or improve. Please go ahead and share the text you'd like me to help with."


@pytest.mark.parametrize("text", [
    WALK45,
    "Sure! How can I help you today?",
    "As an AI, I don't have personal preferences. What would you like me to summarize?",
    "I'd be happy to help. Feel free to share the conversation.",
    "There is nothing for me to add here — do you want me to try again?",
    "- I found nothing to update.\n- Go ahead and paste the notes you'd like me to work on.",
])
def test_a_model_chatting_with_its_reader_is_chat(text: str) -> None:
    assert chats(text)


@pytest.mark.parametrize("text", [
    # real cards: the person in the third person, or subjectless observations
    "- Prefers short answers as bullet lists\n- Writes in Portuguese; answers in English",
    "- The user asks for code in one block and wants the assistant to say what it changed",
    "- Dislikes when the assistant asks \"Would you like me to continue?\" — wants the whole answer at once",
    "- They often say “go ahead and share the draft” when they want a review",
    "- Often writes 'I have nothing to add' to end a thread",
    # first person in the person's own voice, with no chat phrase
    "I prefer tables for prices. Please keep answers short.",
    # Chinese, Japanese and Korean cards are never judged, whatever they quote
    "- 用户喜欢简短的回答，使用项目符号列表\n- 代码要放在一个代码块里",
    "- 我没有需要编辑的内容。请分享你希望我帮忙的文字。",
    "- ユーザーは短い箇条書きの回答を好む\n- 「何かお手伝いできますか」と聞かれるのを嫌う",
    "- 사용자는 짧은 답변을 선호한다",
    "- Prefers answers in Chinese: 请用中文回答. Would you like me to translate? is what it dislikes",
    "",
])
def test_a_card_about_the_person_is_not_chat(text: str) -> None:
    assert not chats(text)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=7000))
def test_any_text_is_judged(text: str) -> None:
    assert chats(text) in (True, False)
