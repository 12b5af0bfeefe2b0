"""A dream draft that mostly repeats itself, or copies the transcript back, is caught
(walk50 #2: SmolLM2's card for 1 May, one sentence about twenty times, then "User: ok")."""

from __future__ import annotations

from chathub_desktop.core.card_repeats import degenerate, without_transcript_lines

LOOP = "They asked the user to process their thoughts, and asked another. "
WALK50_CARD = (
    "The person worked with the assistant with a particular topic, and asked how the assistant processed their "
    "thoughts, using the tool they used. The conversation showed that the user requested the user to process "
    "their thoughts, but they requested the user to do it in a specific format.\n\n"
    "The user asked a question and the assistant answered it using a tool they used. They asked a question, "
    "asked another, and asked a question again, and asked another, and asked another.\n\n"
    + "They asked the user to process their thoughts with a tool, and asked another. " + LOOP * 18
    + "\n\nUser: what is a joke\nAssistant: Hey! You're thinking of a joke!\nUser: ok\nUser: yeah")
HEALTHY = (
    "- Plans trips in tables: asked for a Kyoto itinerary with a row per day and a budget column.\n"
    "- Keeps budgets in euros and rounds to whole numbers.\n"
    "- Prefers short answers first, with details only when asked.\n"
    "- Writes Python 3.11 and asks for type hints and docstrings in examples.\n"
    "- Wants sources linked when an answer states a price or an opening time.\n"
    "- Reads answers on a phone in the evening: short paragraphs, no wide tables then.")
CJK_LOOP = "用户让助手整理他们的想法，然后又问了一个问题。"
CJK_DEGENERATE = "用户和助手讨论了一个话题。" + CJK_LOOP * 15 + "\n用户：好的\n助手：你好！"
CJK_HEALTHY = (
    "- 喜欢用表格规划旅行：京都行程每天一行，并附预算列。\n"
    "- 预算用欧元，取整数。\n"
    "- 先要简短的回答，细节只在追问时给出。\n"
    "- 写 Python 3.11，示例里要类型注解和文档字符串。\n"
    "- 涉及价格或营业时间时希望附上来源链接。\n"
    "- 晚上用手机阅读：段落要短，不要宽表格。")
JA_LOOP = "ユーザーは考えを整理するよう頼み、また別の質問をしました。"


def test_transcript_lines_copied_from_the_input_are_dropped() -> None:
    stripped = without_transcript_lines(WALK50_CARD)
    assert "User: ok" not in stripped and "Assistant: Hey!" not in stripped
    assert stripped.startswith("The person worked with the assistant")
    assert without_transcript_lines(CJK_DEGENERATE).endswith("问题。")
    assert without_transcript_lines("- Likes tables\nユーザー: はい\n- **User:** ok") == "- Likes tables"
    assert without_transcript_lines(HEALTHY) == HEALTHY  # "user" inside a line is not a transcript line


def test_the_walk50_card_and_a_cjk_loop_are_degenerate() -> None:
    assert degenerate(without_transcript_lines(WALK50_CARD))
    assert degenerate(without_transcript_lines(CJK_DEGENERATE))
    assert degenerate("ユーザーは旅行の話をしました。" + JA_LOOP * 12)


def test_healthy_cards_are_not_degenerate() -> None:
    assert not degenerate(HEALTHY)
    assert not degenerate(CJK_HEALTHY)
    assert not degenerate("- Likes tables\n- Likes tables for plans")  # too short to judge
    assert not degenerate(HEALTHY.replace("\n", " "))  # one paragraph of distinct sentences
