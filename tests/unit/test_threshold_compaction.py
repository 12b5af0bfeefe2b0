"""Threshold compaction, the Numi Chat rules: config, threshold, estimate, split,
shortened view, summary request/extraction, active history, request fitting
(NUM-1, NUM-3..NUM-7, NUM-9, NUM-10)."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core import threshold_compaction as tc
from chathub_desktop.core.messages import ChatMessage, Role, ToolCall, ToolSpec
from chathub_desktop.core.threshold_compaction import RequestTooLarge, ThresholdConfig
from tests.cases import cases


def user(text: str = "u", images: tuple[str, ...] = ()) -> ChatMessage:
    return ChatMessage(role=Role.USER, content=text, images=images)


def asst(text: str = "a", calls: tuple[ToolCall, ...] = ()) -> ChatMessage:
    return ChatMessage(role=Role.ASSISTANT, content=text, tool_calls=calls)


def tool(text: str = "r", call_id: str = "c1", name: str = "search") -> ChatMessage:
    return ChatMessage(role=Role.TOOL, content=text, tool_call_id=call_id, tool_name=name)


def system(text: str = "sys") -> ChatMessage:
    return ChatMessage(role=Role.SYSTEM, content=text)


# --- config (NUM-1) ------------------------------------------------------------------


def test_defaults_are_off_13000_12_3() -> None:
    assert tc.config_from({}) == ThresholdConfig(False, 13_000, 12, 3)
    assert tc.COOLDOWN_SECONDS == 300 and tc.IMAGE_TOKENS == 4096


def test_settings_give_values_and_env_overrides_them() -> None:
    s: dict[str, object] = {
        "compact-enabled": True,
        "compact-buffer-tokens": 1024,
        "compact-keep-recent": 6,
        "compact-max-failures": 5,
    }
    assert tc.config_from({}, s) == ThresholdConfig(True, 1024, 6, 5)
    env = {
        "COMPACT_ENABLED": "OFF",
        "COMPACT_BUFFER_TOKENS": "16000",
        "COMPACT_KEEP_RECENT": " 8 ",
        "COMPACT_MAX_FAILURES": "",  # blank: the setting stays
    }
    assert tc.config_from(env, s) == ThresholdConfig(False, 16000, 8, 5)


@pytest.mark.parametrize("word", ["true", "1", "YES", "On"])
def test_enabled_words(word: str) -> None:
    assert tc.config_from({"COMPACT_ENABLED": word}).enabled


@pytest.mark.parametrize("word", ["1", "true", "Yes"])
def test_disable_auto_compact_beats_compact_enabled(word: str) -> None:
    env = {"COMPACT_ENABLED": "true", "DISABLE_AUTO_COMPACT": word}
    assert not tc.config_from(env).enabled
    assert not tc.config_from({"DISABLE_AUTO_COMPACT": word}, {"compact-enabled": True}).enabled


def test_disable_auto_compact_other_values_do_nothing() -> None:
    assert tc.config_from({"COMPACT_ENABLED": "true", "DISABLE_AUTO_COMPACT": "0"}).enabled


@pytest.mark.parametrize(
    ("env", "name"),
    [
        ({"COMPACT_ENABLED": "maybe"}, "COMPACT_ENABLED"),
        ({"COMPACT_BUFFER_TOKENS": "12k"}, "COMPACT_BUFFER_TOKENS"),
        ({"COMPACT_BUFFER_TOKENS": "-1"}, "COMPACT_BUFFER_TOKENS"),
        ({"COMPACT_KEEP_RECENT": "0"}, "COMPACT_KEEP_RECENT"),
        ({"COMPACT_KEEP_RECENT": "1.5"}, "COMPACT_KEEP_RECENT"),
        ({"COMPACT_MAX_FAILURES": "0"}, "COMPACT_MAX_FAILURES"),
    ],
)
def test_bad_env_values_raise_naming_the_variable(env: dict[str, str], name: str) -> None:
    with pytest.raises(ValueError, match=name) as info:
        tc.config_from(env)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("compact-enabled", 3),
        ("compact-buffer-tokens", True),
        ("compact-buffer-tokens", -5),
        ("compact-keep-recent", "x"),
        ("compact-max-failures", 0),
    ],
)
def test_bad_settings_raise_naming_the_key(key: str, value: object) -> None:
    with pytest.raises(ValueError, match=key):
        tc.config_from({}, {key: value})


def test_buffer_zero_is_allowed() -> None:
    assert tc.config_from({"COMPACT_BUFFER_TOKENS": "0"}).buffer_tokens == 0


# --- threshold (NUM-3) ---------------------------------------------------------------


def test_threshold_worked_examples() -> None:
    assert tc.threshold(4096, 1024) == 3072
    assert tc.threshold(128_000, 16_000) == 112_000
    assert tc.threshold(128_000, 13_000) == 115_000
    assert tc.threshold(4096, 4096) == 1
    assert tc.threshold(4096, 10_000) == 1


def test_should_compact_is_strictly_greater_and_needs_enabled() -> None:
    on = ThresholdConfig(enabled=True, buffer_tokens=1024)
    assert not tc.should_compact(3072, 4096, on)
    assert tc.should_compact(3073, 4096, on)
    assert not tc.should_compact(10**6, 4096, ThresholdConfig(enabled=False))


# --- estimate (NUM-4) ----------------------------------------------------------------


def test_estimate_counts_keys_and_rounds_up() -> None:
    m = user("hello")
    rendered = json.dumps({"role": "user", "content": "hello"}, separators=(",", ":"))
    assert tc.estimate_tokens([m]) == math.ceil(len(rendered) / 3)
    assert tc.estimate_tokens([]) == 0


def test_estimate_counts_tool_call_and_result_fields() -> None:
    call = ToolCall(id="c1", name="search", arguments='{"q":"x"}')
    a = asst("", (call,))
    expected_a = {
        "role": "assistant",
        "content": "",
        "tool_calls": [{"id": "c1", "name": "search", "arguments": '{"q":"x"}'}],
    }
    t = tool("found", "c1", "search")
    expected_t = {"role": "tool", "content": "found", "tool_call_id": "c1", "name": "search"}
    chars = sum(len(json.dumps(d, separators=(",", ":"))) for d in (expected_a, expected_t))
    assert tc.estimate_tokens([a, t]) == math.ceil(chars / 3)


def test_estimate_counts_tool_schemas() -> None:
    spec = ToolSpec("search", "Find things", {"type": "object", "properties": {}})
    text = json.dumps(
        {"name": "search", "description": "Find things", "parameters": spec.parameters},
        separators=(",", ":"),
    )
    assert tc.estimate_tokens([], [spec]) == math.ceil(len(text) / 3)


def test_each_image_counts_4096_and_its_data_is_not_counted() -> None:
    small = user("look", images=("data:image/png;base64,AAAA",))
    huge = user("look", images=("data:image/png;base64," + "A" * 100_000,))
    two = user("look", images=("data:x", "data:y"))
    plain = tc.estimate_tokens([user("look")])
    assert tc.estimate_tokens([small]) == plain + 4096
    assert tc.estimate_tokens([huge]) == plain + 4096
    assert tc.estimate_tokens([two]) == plain + 2 * 4096


_TEXTS = st.text(alphabet=st.sampled_from(['a', '"', '\\', '\n', '\t', '\x01', '\x7f', 'é', '数', '🎉', '\u2028']),
                max_size=40)


@given(text=_TEXTS, calls=st.booleans(), role=st.sampled_from([Role.USER, Role.ASSISTANT, Role.TOOL]))
def test_a_message_read_without_its_text_counts_as_the_message_with_it(text: str, calls: bool, role: Role) -> None:
    """Issue 29: the badge's rows keep no text; ``message_chars(row, text)`` is the NUM-4
    count of the row with that text, JSON escapes included."""
    call = (ToolCall(id="c1", name="search", arguments='{"q":"x"}'),) if calls else ()
    full = ChatMessage(role=role, content=text, tool_calls=call)
    bare = ChatMessage(role=role, content="", tool_calls=call)
    assert tc.message_chars(bare, text) == tc.message_chars(full) == len(json.dumps(
        {"role": role.value, "content": text, **({"tool_calls": [
            {"id": "c1", "name": "search", "arguments": '{"q":"x"}'}]} if calls else {})},
        ensure_ascii=False, separators=(",", ":")))


@given(texts=st.lists(st.tuples(st.sampled_from([Role.USER, Role.ASSISTANT]), _TEXTS), max_size=12),
       budget=st.integers(1, 200))
def test_fitting_by_sizes_keeps_what_fitting_the_messages_keeps(texts: list[tuple[Role, str]], budget: int) -> None:
    """NUM-5 over sizes (``fit_start``: the badge's rows keep no text) keeps the same
    turns as over the messages themselves, or both refuse."""
    history = [ChatMessage(role=r, content=t) for r, t in texts]
    sysm = [system("Be brief.")]
    sizes = ((tc.message_chars(sysm[0]), 0), [r for r, _ in texts], [tc.message_chars(m) for m in history],
             [0] * len(history), [], budget)
    try:
        kept = tc.fit_history(sysm, history, [], budget)
    except RequestTooLarge:
        with pytest.raises(RequestTooLarge):
            tc.fit_start(*sizes)
        return
    assert len(history) - tc.fit_start(*sizes) == len(kept)


# --- split point (NUM-6) -------------------------------------------------------------


def turns(n: int) -> list[ChatMessage]:
    out: list[ChatMessage] = []
    for i in range(n):
        out += [user(f"u{i}"), asst(f"a{i}")]
    return out


def test_split_keeps_exactly_keep_recent_when_it_lands_on_a_user() -> None:
    h = turns(8)  # 16 messages, keep 4 → candidate index 12 is a user
    assert tc.split_point(h, 4) == 12


def test_split_moves_back_to_a_user_and_keeps_tool_pairs() -> None:
    call = ToolCall("c1", "search", "{}")
    h = [*turns(4), user("q"), asst("", (call,)), tool("r", "c1"), asst("done")]
    # 12 messages, keep 3: candidate 9 is the tool result → back to the user at 8
    assert tc.split_point(h, 3) == 8
    kept = h[8:]
    assert kept[0].role is Role.USER and len(kept) == 4 > 3


def test_split_needs_keep_plus_four_non_system_messages() -> None:
    h = turns(4)  # 8 messages
    assert tc.split_point(h, 4) == 4
    assert tc.split_point(h[:7], 4) is None
    # system messages are not counted
    assert tc.split_point([system(), *h[:7]], 4) is None
    assert tc.split_point([system(), *h], 4) == 5


def test_split_needs_an_older_complete_turn() -> None:
    # one huge latest turn: the move back reaches the only user message
    big = [user("go"), *[asst(f"step{i}") for i in range(15)]]
    assert tc.split_point(big, 4) is None
    # older part has a user but no assistant reply after it
    h = [asst("hi"), user("q1"), user("q2"), user("q3"), *turns(2)]
    assert tc.split_point(h, 4) is None
    # older part with assistant before user only is not a complete turn either
    h2 = [asst("hi"), asst("hi"), user("q1"), *turns(3)]
    assert tc.split_point(h2, 5) is None


def test_split_rejects_bad_keep() -> None:
    with pytest.raises(ValueError):
        tc.split_point(turns(10), 0)


# --- shortened view (NUM-10) ---------------------------------------------------------


def test_shortened_view_caps_and_labels() -> None:
    call = ToolCall("c1", "search", '{"q":"' + "x" * 1000 + '"}')
    msgs = [
        user("U" * 5000, images=("data:image/png;base64," + "Z" * 500,)),
        asst("A" * 10, (call,)),
        tool("R" * 2000, "c1", "search"),
    ]
    view = tc.shortened_view(msgs)
    assert "Z" * 10 not in view and tc.IMAGE_PLACEHOLDER in view and "base64" not in view
    assert "[user]" in view and "[assistant]" in view and "[tool result: search]" in view
    assert "U" * 2999 + "…" in view and "U" * 3000 not in view
    assert "R" * 599 + "…" in view and "R" * 600 not in view
    cut_args = call.arguments[:299] + "…"
    assert cut_args in view and call.arguments[:300] not in view
    assert "A" * 10 in view


def test_shortened_view_leaves_short_text_alone() -> None:
    view = tc.shortened_view([user("U" * 3000), tool("R" * 600)])
    assert "U" * 3000 in view and "R" * 600 in view and "…" not in view


# --- summary request and extraction (NUM-9) ------------------------------------------


def test_summary_request_shape_and_previous_summary() -> None:
    req = tc.summary_request("[user]\nhello")
    assert [m.role for m in req] == [Role.SYSTEM, Role.USER]
    body = req[1].content
    assert "[user]\nhello" in body and "<summary></summary>" in body
    for word in ("asked", "Technical context", "Files", "Errors", "done", "pending"):
        assert word in body
    assert "previous_summary" not in body
    merged = tc.summary_request("v", "old facts")[1].content
    assert "old facts" in merged and "Merge" in merged
    assert all(not m.tool_calls for m in req)


def test_extract_summary_both_ways_and_empty() -> None:
    assert tc.extract_summary("Sure!\n<summary>\n the facts \n</summary> bye") == "the facts"
    assert tc.extract_summary("  just the facts  ") == "just the facts"
    assert tc.extract_summary("<SUMMARY>x</SUMMARY>") == "x"
    assert tc.extract_summary("intro <summary>cut off") == "cut off"
    assert tc.extract_summary("") is None
    assert tc.extract_summary("   \n") is None
    assert tc.extract_summary("<summary>  </summary>") is None


# --- active history (NUM-7) ----------------------------------------------------------


def test_active_history_layout() -> None:
    recent = turns(2)
    out = tc.active_history("S", recent)
    assert out[0] == ChatMessage(Role.USER, f"{tc.SUMMARY_PREFIX}\nS")
    assert out[1] == ChatMessage(Role.ASSISTANT, tc.ACKNOWLEDGEMENT)
    assert out[2:] == recent
    assert tc.ACKNOWLEDGEMENT and "\n" not in tc.ACKNOWLEDGEMENT


# --- fit history (NUM-5) -------------------------------------------------------------


def test_fit_history_keeps_everything_when_it_fits() -> None:
    h = turns(3)
    assert tc.fit_history([system()], h, [], 10**6) == h


def test_fit_history_drops_oldest_turns_first() -> None:
    sysm = [system()]
    h = [user("x" * 300), asst("y" * 300), *turns(2), user("latest"), asst("reply")]
    budget = tc.estimate_tokens([*sysm, *h[2:]])
    assert tc.fit_history(sysm, h, [], budget) == h[2:]
    assert tc.fit_history(sysm, h, [], budget - 1) == h[4:]


def test_fit_history_treats_summary_pair_as_the_first_turn() -> None:
    h = tc.active_history("S" * 600, turns(2))
    budget = tc.estimate_tokens(h[2:])
    assert tc.fit_history([], h, [], budget) == h[2:]


def test_fit_history_raises_when_latest_turn_alone_is_too_big() -> None:
    spec = ToolSpec("t", "d", {"type": "object"})
    h = [*turns(2), user("look", images=("data:a",))]
    with pytest.raises(RequestTooLarge, match="fewer") as info:
        tc.fit_history([system()], h, [spec], 4000)
    assert "larger context" in str(info.value)
    assert isinstance(info.value, ValueError) and info.value.budget == 4000
    exact = tc.estimate_tokens([system(), h[-1]], [spec])
    assert tc.fit_history([system()], h, [spec], exact) == h[-1:]
    with pytest.raises(RequestTooLarge):
        tc.fit_history([system()], h, [spec], exact - 1)


def test_fit_history_empty_history() -> None:
    assert tc.fit_history([system()], [], [], 100) == []
    with pytest.raises(RequestTooLarge):
        tc.fit_history([system("s" * 300)], [], [], 10)


_roles = st.sampled_from([Role.USER, Role.ASSISTANT, Role.TOOL])
_messages = st.builds(
    lambda role, n, imgs: ChatMessage(
        role=role, content="w" * n, images=("data:i",) * imgs if role is Role.USER else ()
    ),
    _roles,
    st.integers(0, 400),
    st.integers(0, 1),
)


@settings(max_examples=cases(150), deadline=None)
@given(st.lists(_messages, max_size=25), st.integers(0, 12_000))
def test_fit_history_result_fits_and_ends_with_latest_turn(
    history: list[ChatMessage], budget: int
) -> None:
    sysm = [system()]
    users = [i for i, m in enumerate(history) if m.role is Role.USER]
    latest = history[users[-1] :] if users else history
    try:
        kept = tc.fit_history(sysm, history, [], budget)
    except RequestTooLarge:
        assert tc.estimate_tokens([*sysm, *latest]) > budget
        return
    assert tc.estimate_tokens([*sysm, *kept]) <= budget
    assert kept == history[len(history) - len(kept) :]  # a suffix
    assert kept[len(kept) - len(latest) :] == latest  # latest turn intact
    # only whole turns are dropped: the kept part starts at a user message or is whole
    assert not kept or kept == history or kept[0].role is Role.USER


def test_history_bounds_from_the_environment() -> None:
    """NUM-11: PROMPT_MAX_HISTORY_MESSAGES / PROMPT_MAX_HISTORY_CHARS bound the history."""
    from chathub_desktop.core.threshold_compaction import bounded_limit, history_bounds

    assert history_bounds({}) == (None, None)
    assert history_bounds({"PROMPT_MAX_HISTORY_MESSAGES": "8", "PROMPT_MAX_HISTORY_CHARS": " 500 "}) == (8, 500)
    with pytest.raises(ValueError, match="PROMPT_MAX_HISTORY_CHARS"):
        history_bounds({"PROMPT_MAX_HISTORY_CHARS": "lots"})
    with pytest.raises(ValueError, match="at least 1"):
        history_bounds({"PROMPT_MAX_HISTORY_MESSAGES": "0"})
    lengths = [100, 100, 100, 100]  # four texts of 100 characters
    assert bounded_limit(lengths, None, None) is None
    assert bounded_limit(lengths, 3, None) == 3
    assert bounded_limit(lengths, None, 250) == 2
    assert bounded_limit(lengths, 1, 1000) == 1
    assert bounded_limit(lengths, None, 10) == 1  # the newest message always goes
