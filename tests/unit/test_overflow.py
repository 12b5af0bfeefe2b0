"""REF-22 / CMP-11 / CMP-12 / REF-12: recognising context overflow and length stops."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.core.overflow import (
    BODY_SCAN_CHARS,
    OVERFLOW_MARKERS,
    is_context_overflow,
    is_empty_reply_at_ceiling,
    is_length_stop,
)

REF22_PHRASES = [
    "context_length_exceeded",
    "maximum context length",
    "prompt is too long",
    "request_too_large",
    "token count exceeds",
    "context window exceeds limit",
    "string_above_max_length",
]


@pytest.mark.parametrize("phrase", REF22_PHRASES)
def test_every_ref22_phrase_is_a_marker(phrase: str) -> None:
    assert phrase in OVERFLOW_MARKERS


@pytest.mark.parametrize("phrase", REF22_PHRASES)
@pytest.mark.parametrize("where", ["message", "type", "body"])
def test_phrase_found_in_message_type_or_body(phrase: str, where: str) -> None:
    args = {"message": "", "error_type": None, "body": ""}
    key = {"message": "message", "type": "error_type", "body": "body"}[where]
    args[key] = f"xx {phrase.upper()} yy"  # REF-22: case-insensitive
    assert is_context_overflow(args["message"], args["error_type"], args["body"], None)


def test_vendor_examples() -> None:
    # OpenAI
    assert is_context_overflow(
        "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.",
        "invalid_request_error",
        "",
        "context_length_exceeded",
    )
    # Anthropic
    assert is_context_overflow(
        "prompt is too long: 210000 tokens > 200000 maximum", "invalid_request_error", "", None
    )
    assert is_context_overflow("Request exceeds the maximum size", "request_too_large", "", None)
    # llama.cpp (measured against the xllamacpp server, see core/overflow.py)
    assert is_context_overflow(
        "request (3231 tokens) exceeds the available context size (2048 tokens), try increasing it",
        "exceed_context_size_error",
        "",
        400,
    )


def test_minimax_code_2013_in_base_resp_status_code() -> None:
    body = json.dumps(
        {
            "base_resp": {
                "status_code": 2013,
                "status_msg": "invalid params, context window too long",
            }
        }
    )
    assert is_context_overflow("invalid params", None, body, None)


@pytest.mark.parametrize(
    "body",
    [
        {"status_code": 2013},
        {"code": 2013},
        {"code": "2013"},
        {"base_resp": {"status_code": "2013"}},
        {"error": {"code": 2013, "message": "bad"}},
    ],
)
def test_code_2013_in_body_fields(body: dict[str, object]) -> None:
    assert is_context_overflow("", None, json.dumps(body), None)


def test_code_argument_2013() -> None:
    assert is_context_overflow("", None, "", 2013)
    assert is_context_overflow("", None, "", "2013")
    assert not is_context_overflow("", None, "", 2014)
    assert not is_context_overflow("", None, "", True)


def test_other_codes_and_plain_errors_are_not_overflow() -> None:
    assert not is_context_overflow("Invalid API key", "authentication_error", '{"code": 401}', 401)
    assert not is_context_overflow(
        "rate limited", "rate_limit_error", '{"base_resp": {"status_code": 1002}}', None
    )
    assert not is_context_overflow(None, None, None, None)
    assert not is_context_overflow("", None, "not json {", None)


def test_body_beyond_4000_chars_is_not_scanned() -> None:
    filler = "x" * BODY_SCAN_CHARS
    assert not is_context_overflow("", None, filler + "context_length_exceeded", None)
    # right at the edge: the phrase ends at character 4000 → scanned
    phrase = "prompt is too long"
    edge = "x" * (BODY_SCAN_CHARS - len(phrase)) + phrase
    assert is_context_overflow("", None, edge, None)
    # message and type are always scanned whole
    assert is_context_overflow(filler + "prompt is too long", None, "", None)


@given(
    prefix=st.text(max_size=200),
    suffix=st.text(max_size=200),
    phrase=st.sampled_from(REF22_PHRASES),
    upper=st.lists(st.booleans(), min_size=40, max_size=40),
)
def test_property_marker_anywhere_any_case(
    prefix: str, suffix: str, phrase: str, upper: list[bool]
) -> None:
    mixed = "".join(c.upper() if u else c for c, u in zip(phrase, upper, strict=False))
    assert is_context_overflow(prefix + mixed + suffix, None, "", None)
    assert is_context_overflow(None, None, prefix + mixed + suffix, None)


@given(text=st.text(max_size=300))
def test_property_never_raises(text: str) -> None:
    is_context_overflow(text, text, text, text)


# -- empty reply at the ceiling (REF-22, CMP-12) -----------------------------------------
def test_empty_reply_at_ceiling() -> None:
    assert is_empty_reply_at_ceiling("", 0, "", 0, 2048 - 256, 2048)
    assert is_empty_reply_at_ceiling("  \n", [], None, None, 2048, 2048)


@pytest.mark.parametrize(
    ("text", "calls", "reasoning", "out", "inp", "window"),
    [
        ("hi", 0, "", 0, 2048, 2048),  # text
        ("", 1, "", 0, 2048, 2048),  # a tool call
        ("", ["call"], "", 0, 2048, 2048),  # a tool call (collection)
        ("", 0, "thinking", 0, 2048, 2048),  # reasoning
        ("", 0, "", 3, 2048, 2048),  # output tokens
        ("", 0, "", 0, 2048 - 257, 2048),  # below the ceiling
        ("", 0, "", 0, None, 2048),  # input not reported
        ("", 0, "", 0, 2048, None),  # window unknown
        ("", 0, "", 0, 2048, 0),
    ],
)
def test_not_an_empty_reply_at_ceiling(text, calls, reasoning, out, inp, window) -> None:
    assert not is_empty_reply_at_ceiling(text, calls, reasoning, out, inp, window)


@given(
    window=st.integers(min_value=300, max_value=2_000_000),
    slack=st.integers(min_value=0, max_value=600),
)
def test_property_ceiling_threshold(window: int, slack: int) -> None:
    assert is_empty_reply_at_ceiling("", 0, "", 0, window - slack, window) == (slack <= 256)


# -- length stops (REF-12) ---------------------------------------------------------------
@pytest.mark.parametrize(
    "reason", ["length", "LENGTH", "max_tokens", "Max_Tokens", "max_output_tokens", " length "]
)
def test_length_stops(reason: str) -> None:
    assert is_length_stop(reason)


@pytest.mark.parametrize(
    "reason", [None, "", "stop", "end_turn", "tool_calls", "tool_use", "content_filter"]
)
def test_not_length_stops(reason: str | None) -> None:
    assert not is_length_stop(reason)
