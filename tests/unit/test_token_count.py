"""Counting a long message without a copy of it gives today's figures (issue 29, REF-26).

The old formula, kept here as the reference: ``count(role + ":\\n" + inlined content)``
plus the tool calls and 3 framing tokens, with the whole text joined first.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core import attachments as att
from chathub_desktop.core import threshold_compaction as tc
from chathub_desktop.core import token_count
from chathub_desktop.core.messages import ChatMessage, Role, ToolCall
from chathub_desktop.core.request_assembly import (
    FRAMING_TOKENS_PER_MESSAGE,
    CountFn,
    message_tokens,
)
from chathub_desktop.tokens import counter as counter_module
from chathub_desktop.tokens.counter import TokenCounter
from tests.cases import cases

COUNTER = TokenCounter.for_model("gpt-4o")
LIMIT = token_count.EXACT_COUNT_CHARS
#: The limit the property test shrinks the rule to, so texts cross it cheaply.
SMALL_LIMIT = 40


def joined_tokens(message: ChatMessage, count: CountFn) -> int:
    """The formula before issue 29: the whole text joined, then counted."""
    content = att.inlined_content(message.content, message.attachments) if message.attachments \
        else message.content
    total = count(f"{message.role}:\n{content}") + FRAMING_TOKENS_PER_MESSAGE
    for call in message.tool_calls:
        total += count(call.id) + count(call.name) + count(call.arguments)
    if message.tool_call_id:
        total += count(message.tool_call_id)
    return total


def file_attachment(name: str, text: str) -> att.Attachment:
    """A loaded text file attachment holding ``text``."""
    data = text.encode("utf-8", errors="surrogatepass")
    return att.Attachment("0" * 64, att.FILE, name, "text/plain", len(data), data=data)


# ASCII words, JSON escapes, accents, CJK, emoji, a lone surrogate (tiktoken's retry path)
texts = st.text(alphabet=st.sampled_from(list('ab cd\n\t.{}"\\\x01é中文😀\u200b\ud800')), max_size=3 * SMALL_LIMIT)
calls = st.lists(st.builds(ToolCall, id=texts, name=texts, arguments=texts), max_size=2)
files = st.lists(st.builds(file_attachment, name=st.sampled_from(["a.txt", "b.py"]), text=texts), max_size=2)


@settings(max_examples=cases(300), deadline=None)
@given(role=st.sampled_from(list(Role)), content=texts, tool_calls=calls, attachments=files,
       tool_call_id=st.one_of(st.none(), texts))
def test_counting_in_parts_equals_the_joined_formula_around_the_limit(
        role: Role, content: str, tool_calls: list[ToolCall], attachments: list[att.Attachment],
        tool_call_id: str | None) -> None:
    message = ChatMessage(role, content, tool_calls=tuple(tool_calls), tool_call_id=tool_call_id,
                          attachments=tuple(attachments))
    with pytest.MonkeyPatch.context() as mp:  # the rule's limit, in both places that read it
        mp.setattr(token_count, "EXACT_COUNT_CHARS", SMALL_LIMIT)
        mp.setattr(counter_module, "EXACT_COUNT_CHARS", SMALL_LIMIT)
        assert message_tokens(message, COUNTER.count) == joined_tokens(message, COUNTER.count)
        assert message_tokens(message, len) == joined_tokens(message, len)


@pytest.mark.parametrize("extra", [-1, 0, 1, 1_500_001])
def test_a_message_at_the_real_limit_counts_as_before(extra: int) -> None:
    prefix = "assistant:\n"
    content = ("Grüße, 世界! print(x) " * (LIMIT // 10))[:LIMIT - len(prefix) + extra]
    message = ChatMessage(Role.ASSISTANT, content)
    assert message_tokens(message, COUNTER.count) == joined_tokens(message, COUNTER.count)


def test_a_file_past_the_limit_counts_as_before() -> None:
    message = ChatMessage(Role.USER, "y " * (LIMIT // 2 - 20),
                          attachments=(file_attachment("notes.md", "z 中 " * 50_000),))
    assert message_tokens(message, COUNTER.count) == joined_tokens(message, COUNTER.count)


@settings(max_examples=cases(200), deadline=None)
@given(text=texts, calls=calls)
def test_num4_characters_of_a_text_read_in_slices_equal_its_whole_json(text: str, calls: list[ToolCall]) -> None:
    """NUM-4: a row read without its text counts that text's JSON string, escapes included."""
    for message in (ChatMessage(Role.ASSISTANT, text, tool_calls=tuple(calls)), ChatMessage(Role.TOOL, text,
                                                                                          tool_call_id="c1")):
        whole = tc.message_chars(message)
        with pytest.MonkeyPatch.context() as mp:  # slices of 7 characters, so texts cross them
            mp.setattr(tc, "_CHUNK_CHARS", 7)
            assert tc.message_chars(message) == whole
            assert tc.message_chars(replace(message, content=""), text) == whole


def traced_peak(work: Callable[[], object]) -> int:
    """Peak bytes Python allocated while ``work`` ran."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_counting_a_long_reply_holds_no_copy_of_it() -> None:
    message = ChatMessage(Role.ASSISTANT, "word " * (4 * LIMIT // 5))  # 4,000,000 characters
    head = message.content[:LIMIT]
    # what counting the tokenized head costs by itself (its slice, the token ids) ...
    floor = traced_peak(lambda: COUNTER.count(head[:-1] + "s"))
    # ... and counting the message adds no copy of the 4 MB text
    assert traced_peak(lambda: message_tokens(message, COUNTER.count)) < floor + len(message.content) // 4
