"""The one assembler (DESIGN.md; APP-9, REF-26, TOK-1)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.messages import ChatMessage, Role, ToolCall, ToolSpec
from chathub_desktop.core.request_assembly import (
    AssemblyInput,
    HistoryMessage,
    apply_template,
    assemble_request,
    message_tokens,
)
from tests.cases import cases


def chars(text: str) -> int:
    """A counter for which token counts add up exactly (1 token per character)."""
    return len(text)


def hm(i: int, role: Role, text: str, **kw: object) -> HistoryMessage:
    return HistoryMessage(id=i, message=ChatMessage(role=role, content=text, **kw))  # type: ignore[arg-type]


def test_template_applies_to_every_included_user_message_and_the_draft() -> None:
    """APP-9: the input template wraps every included user message, the draft too."""
    inp = AssemblyInput(
        input_template="Q: {{text}} (be brief)",
        history=(hm(1, Role.USER, "one"), hm(2, Role.ASSISTANT, "A1"), hm(3, Role.USER, "two")),
        draft="three",
    )
    plan = assemble_request(inp, chars)
    users = [m.content for m in plan.messages if m.role is Role.USER]
    assert users == ["Q: one (be brief)", "Q: two (be brief)", "Q: three (be brief)"]
    assistant = [m.content for m in plan.messages if m.role is Role.ASSISTANT]
    assert assistant == ["A1"]


def test_template_without_placeholder_appends_text_and_empty_template_is_identity() -> None:
    assert apply_template("", "x") == "x"
    assert apply_template("{{text}}", "x") == "x"
    assert apply_template("Context", "x") == "Context\n\nx"


def test_system_message_orders_instructions_memory_summary() -> None:
    """MEM-8: instructions, then memory, then the topic summary, in one system message."""
    inp = AssemblyInput(instructions="Be kind.", memory_block="MEM", summary_block="SUM", draft="hi")
    plan = assemble_request(inp, chars)
    assert plan.messages[0].role is Role.SYSTEM
    assert plan.messages[0].content == "Be kind.\n\nMEM\n\nSUM"
    assert plan.part("memory") == 3 and plan.part("summary") == 3
    # TOK-1 / REF-26: the popover's "instructions" row is the system line + 3 framing tokens
    assert plan.part("instructions") == len("system:\nBe kind.") + 3
    assert plan.total_tokens == sum(p.tokens for p in plan.parts)


def test_the_breakdown_counts_tools_and_summary_turns() -> None:
    """TOK-1: the tools row is each schema's name + description + JSON parameters + 3
    framing tokens; the threshold policy's recap turns (NUM-7) are the summary row."""
    tool = ToolSpec("lookup", "Find a thing.", {"type": "object", "properties": {}})
    recap = (ChatMessage(Role.USER, "Recap: x"), ChatMessage(Role.ASSISTANT, "Understood."))
    plan = assemble_request(AssemblyInput(tools=(tool,), summary_turns=recap, draft="hi"), chars)
    params = '{"properties": {}, "type": "object"}'
    assert plan.part("tools") == len("lookup") + len("Find a thing.") + len(params) + 3
    assert plan.part("summary") == len("user:\nRecap: x") + 3 + len("assistant:\nUnderstood.") + 3
    assert tuple(plan.messages[:2]) == recap


def test_no_system_message_when_there_is_nothing_to_say() -> None:
    plan = assemble_request(AssemblyInput(draft="hi"), chars)
    assert [m.role for m in plan.messages] == [Role.USER]


def test_history_limit_never_starts_on_an_orphan_tool_result() -> None:
    """A cut through a tool call / tool result pair drops the orphaned result too."""
    call = ToolCall(id="c1", name="browser", arguments='{"q":"x"}')
    history = (
        hm(1, Role.USER, "u1"),
        hm(2, Role.ASSISTANT, "", tool_calls=(call,)),
        hm(3, Role.TOOL, "result", tool_call_id="c1"),
        hm(4, Role.ASSISTANT, "answer"),
        hm(5, Role.USER, "u2"),
    )
    plan = assemble_request(AssemblyInput(history=history, history_limit=3), chars)
    assert plan.included_ids == (4, 5)
    assert plan.dropped_ids == (1, 2, 3)


def test_rows_that_are_not_sendable_are_shown_but_never_sent() -> None:
    history = (
        hm(1, Role.USER, "u1"),
        HistoryMessage(id=2, message=ChatMessage(Role.ASSISTANT, "err"), sendable=False),
        hm(3, Role.USER, "u2"),
    )
    plan = assemble_request(AssemblyInput(history=history), chars)
    assert plan.included_ids == (1, 3)
    assert all(m.content != "err" for m in plan.messages)


def test_cached_row_counts_are_used_instead_of_recounting() -> None:
    """TOK-2: a row's cached count is trusted; the counter never sees that row's text."""
    seen: list[str] = []

    def spy(text: str) -> int:
        seen.append(text)
        return len(text)

    history = (HistoryMessage(id=1, message=ChatMessage(Role.USER, "cached text"), tokens=42),)
    plan = assemble_request(AssemblyInput(history=history, draft="new"), spy)
    assert plan.part("history") == 42
    assert not any("cached text" in s for s in seen)


def test_message_tokens_counts_role_line_content_tool_json_and_framing() -> None:
    """REF-26: role line + content + tool-call id/name/JSON + 3 framing tokens."""
    call = ToolCall(id="id1", name="nm", arguments="{}")
    msg = ChatMessage(Role.ASSISTANT, "hey", tool_calls=(call,))
    expected = len("assistant:\nhey") + len("id1") + len("nm") + len("{}") + 3  # 3 framing tokens
    assert message_tokens(msg, chars) == expected


roles = st.sampled_from([Role.USER, Role.ASSISTANT, Role.TOOL])
texts = st.text(max_size=40)


@settings(max_examples=cases(150), deadline=None)
@given(
    rows=st.lists(st.tuples(roles, texts, st.booleans()), max_size=25),
    template=st.sampled_from(["{{text}}", "Q: {{text}}!", "", "prefix"]),
    limit=st.one_of(st.none(), st.integers(min_value=0, max_value=30)),
    draft=st.one_of(st.none(), texts),
    instructions=texts,
)
def test_badge_total_equals_the_count_of_what_send_posts(
    rows: list[tuple[Role, str, bool]],
    template: str,
    limit: int | None,
    draft: str | None,
    instructions: str,
) -> None:
    """Property (issue #5 / DESIGN.md): the plan's total equals the count of the messages
    it would post, for any history, template, limit and draft (exact with an additive
    counter; with BPE the only gap is the template seam, inside the framing allowance)."""
    history = tuple(
        HistoryMessage(id=i, message=ChatMessage(role, text), sendable=sendable)
        for i, (role, text, sendable) in enumerate(rows)
    )
    inp = AssemblyInput(
        instructions=instructions, input_template=template, history=history,
        history_limit=limit, draft=draft,
    )
    plan = assemble_request(inp, chars)
    posted = 0
    for m in plan.messages:
        if m.role is Role.SYSTEM:
            posted += len(f"system:\n{instructions.strip()}") + 3
        else:
            posted += message_tokens(m, chars)
    # a template without {{text}} appends "\n\n"; message_tokens of the rendered text is exact
    assert plan.total_tokens == posted
    # issue 24: the framing the popover shows as its own row is 3 per posted message, and
    # no part holds less than its framing
    assert sum(p.framing for p in plan.parts) == 3 * len(plan.messages)
    assert all(0 <= p.framing <= p.tokens for p in plan.parts)
    sendable_ids = [h.id for h in history if h.sendable]
    assert sorted(plan.included_ids + plan.dropped_ids) == sendable_ids


def test_a_tool_result_without_its_call_is_sent_as_labelled_text() -> None:
    """Imported browsing output may have no tool call before it; every wire format would
    reject a bare tool result, so it goes as a user message naming its tool."""
    history = (
        HistoryMessage(id=1, message=ChatMessage(Role.TOOL, "search results", tool_call_id="", tool_name="browser")),
        hm(2, Role.ASSISTANT, "Here is what I found."),
        hm(3, Role.USER, "thanks"),
    )
    plan = assemble_request(AssemblyInput(history=history), chars)
    first = plan.messages[0]
    assert first.role is Role.USER and first.tool_call_id is None
    assert first.content == "[Output of the browser tool]\nsearch results"
    assert plan.part("history") == sum(message_tokens(m, chars) for m in plan.messages)
    call = ToolCall(id="c1", name="browser", arguments="{}")
    paired = (hm(1, Role.ASSISTANT, "", tool_calls=(call,)),
              HistoryMessage(id=2, message=ChatMessage(Role.TOOL, "r", tool_call_id="c1")))
    assert [m.role for m in assemble_request(AssemblyInput(history=paired), chars).messages] == [
        Role.ASSISTANT, Role.TOOL]


def test_two_results_of_one_call_are_sent_as_one_result() -> None:
    """An imported ChatGPT ``mclick`` can store two results for one call; OpenAI and
    Anthropic accept one result per call id, so they are sent joined, once."""
    call = ToolCall(id="c1", name="browser", arguments="{}")
    history = (
        hm(1, Role.USER, "look it up"),
        hm(2, Role.ASSISTANT, "", tool_calls=(call,)),
        HistoryMessage(id=3, message=ChatMessage(Role.TOOL, "page one", tool_call_id="c1", tool_name="browser")),
        HistoryMessage(id=4, message=ChatMessage(Role.TOOL, "page two", tool_call_id="c1", tool_name="browser")),
        hm(5, Role.ASSISTANT, "Both pages agree."),
    )
    plan = assemble_request(AssemblyInput(history=history), chars)
    tools = [m for m in plan.messages if m.role is Role.TOOL]
    assert [(m.tool_call_id, m.content) for m in tools] == [("c1", "page one\n\npage two")]
    assert plan.included_ids == (1, 2, 3, 4, 5)
    assert [m.role for m in plan.messages] == [Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT]
