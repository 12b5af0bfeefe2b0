"""Recognising "the request was too long" in its many vendor spellings (REF-22, CMP-11, CMP-12).

Pure functions, no I/O. The provider layer calls :func:`is_context_overflow` on every
failed request (HTTP error bodies and errors that arrive inside an SSE stream); the
chat service calls :func:`is_empty_reply_at_ceiling` on a reply that completed with
nothing in it, and :func:`is_length_stop` on finish reasons (REF-12).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sized

#: Case-insensitive substrings that mark a context overflow (REF-22), searched in the
#: error message, the error type and the first :data:`BODY_SCAN_CHARS` of the body.
OVERFLOW_MARKERS: tuple[str, ...] = (
    "context_length_exceeded",
    "maximum context length",
    "prompt is too long",
    "request_too_large",
    "token count exceeds",
    "context window exceeds limit",
    "string_above_max_length",
    # llama.cpp's server (seen from the xllamacpp wheel, 2026-11) answers HTTP 400 with
    # {"error": {"code": 400, "message": "request (3231 tokens) exceeds the available
    # context size (2048 tokens), try increasing it", "type": "exceed_context_size_error"}}.
    # None of the REF-22 phrases occurs in it, so we add llama.cpp's own wording and type.
    "exceeds the available context size",
    "exceed_context_size_error",
)

#: Only this many leading characters of an error body are scanned (REF-22).
BODY_SCAN_CHARS = 4000

#: MiniMax's "context window exceeded" status code (REF-22, CMP-11).
MINIMAX_OVERFLOW_CODE = 2013

#: Reported input within this many tokens of the window counts as "at the ceiling" (REF-22).
CEILING_SLACK_TOKENS = 256

#: Finish reasons that mean "stopped at the completion-token cap" (REF-12).
LENGTH_STOP_REASONS: frozenset[str] = frozenset({"length", "max_tokens", "max_output_tokens"})


def _has_marker(text: str | None) -> bool:
    if not text:
        return False
    folded = text.casefold()
    return any(marker in folded for marker in OVERFLOW_MARKERS)


def _is_overflow_code(value: object) -> bool:
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, int):
        return value == MINIMAX_OVERFLOW_CODE
    if isinstance(value, str):
        return value.strip() == str(MINIMAX_OVERFLOW_CODE)
    return False


def _codes_in_body(body: str) -> list[object]:
    """``status_code`` / ``code`` values at the top level, under ``base_resp`` and under
    ``error`` of a JSON object body; ``[]`` when the body is not a JSON object."""
    try:
        parsed = json.loads(body)
    except (ValueError, RecursionError):
        return []
    if not isinstance(parsed, Mapping):
        return []
    codes: list[object] = [parsed.get("status_code"), parsed.get("code")]
    for nested_key in ("base_resp", "error"):
        nested = parsed.get(nested_key)
        if isinstance(nested, Mapping):
            codes.extend([nested.get("status_code"), nested.get("code")])
    return codes


def is_context_overflow(
    message: str | None, error_type: str | None, body: str | None, code: object | None = None
) -> bool:
    """Whether a provider error means "the prompt does not fit the context window" (REF-22).

    - ``message``: the provider's human message (characters), may be empty.
    - ``error_type``: the vendor's error type/code string (``invalid_request_error``,
      ``context_length_exceeded``, ...), or ``None``.
    - ``body``: the raw error body; only its first 4,000 characters are scanned for the
      phrases, but the whole body is parsed as JSON for the MiniMax code.
    - ``code``: a code already extracted by the caller (e.g. MiniMax's
      ``base_resp.status_code``); ``2013`` (int or digit string) means overflow.

    True when any :data:`OVERFLOW_MARKERS` phrase occurs (case-insensitive) in the
    message, the type or the body prefix, or code 2013 is given or appears in
    ``status_code``, ``code`` or ``base_resp.status_code`` (also ``error.code``) of a
    JSON body. Never raises.
    """
    if _has_marker(message) or _has_marker(error_type):
        return True
    body = body or ""
    if _has_marker(body[:BODY_SCAN_CHARS]):
        return True
    if _is_overflow_code(code):
        return True
    return any(_is_overflow_code(value) for value in _codes_in_body(body))


def is_empty_reply_at_ceiling(
    text: str | None,
    tool_calls: int | Sized | None,
    reasoning: str | None,
    output_tokens: int | None,
    input_tokens: int | None,
    context_window: int | None,
) -> bool:
    """Whether a completed reply is really a silent context overflow (REF-22, CMP-12).

    - ``text`` / ``reasoning``: the visible reply and the hidden reasoning (characters);
      whitespace-only counts as empty.
    - ``tool_calls``: the number of tool calls, or any sized collection of them
      (``None`` = none).
    - ``output_tokens``: reported completion tokens; ``None`` (not reported) counts as 0.
    - ``input_tokens``: reported input tokens; ``None`` means "unknown" and gives False.
    - ``context_window``: the model's window in tokens; ``None``/non-positive gives False.

    True only when there are no tool calls, no text, no reasoning, no output tokens and
    ``input_tokens >= context_window - 256``.
    """
    if context_window is None or context_window <= 0 or input_tokens is None:
        return False
    if tool_calls:  # a positive count or a non-empty collection
        return False
    if (text or "").strip() or (reasoning or "").strip():
        return False
    if output_tokens:
        return False
    return input_tokens >= context_window - CEILING_SLACK_TOKENS


def is_length_stop(finish_reason: str | None) -> bool:
    """Whether a finish reason means "stopped at the token cap": ``length``,
    ``max_tokens`` or ``max_output_tokens``, in any case (REF-12). ``None`` → False."""
    if not finish_reason:
        return False
    return finish_reason.strip().casefold() in LENGTH_STOP_REASONS
