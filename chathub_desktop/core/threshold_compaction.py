"""Threshold compaction (the Numi Chat rules, SPEC NUM-1..NUM-10).

An alternative, opt-in compaction policy: once the estimated request size passes
``window - buffer`` tokens, older complete turns are summarized by the chat model and
replaced in the *active* history by one summary message plus a short acknowledgement.
Stored messages are never touched; that is the caller's business.

Pure functions and frozen dataclasses only: no I/O, no clock, no environment reads
(the environment comes in as a :class:`~collections.abc.Mapping`).

Units: every ``*_tokens``, ``window`` and ``budget`` value is in estimated tokens
(:func:`estimate_tokens`); every ``*_CHARS`` cap is in characters (code points).

Vocabulary: a *turn* is a user message and every message up to the next user message;
non-user messages before the first user message form a leading unit of their own.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate

from chathub_desktop.core.app_settings import (
    COMPACT_BUFFER_TOKENS,
    COMPACT_ENABLED,
    COMPACT_KEEP_RECENT,
    COMPACT_MAX_FAILURES,
)
from chathub_desktop.core.attachments import AttachmentKind
from chathub_desktop.core.flags import parse_flag
from chathub_desktop.core.messages import ChatMessage, Role, ToolSpec
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError

# --- constants (SPEC ids in comments) -----------------------------------------------
#: Tokens reserved below the context window (NUM-3).
DEFAULT_BUFFER_TOKENS = COMPACT_BUFFER_TOKENS.default
#: Non-system messages kept verbatim after a compaction (NUM-6).
DEFAULT_KEEP_RECENT = COMPACT_KEEP_RECENT.default
#: Failed or empty summaries before the breaker opens (NUM-8).
DEFAULT_MAX_FAILURES = COMPACT_MAX_FAILURES.default
#: The app settings that give the policy's base values (NUM-1, NUM-3, NUM-6, NUM-8).
THRESHOLD_SETTINGS = (COMPACT_ENABLED, COMPACT_BUFFER_TOKENS, COMPACT_KEEP_RECENT, COMPACT_MAX_FAILURES)
#: Retry cooldown after the breaker opens, seconds (NUM-8).
COOLDOWN_SECONDS = 300
#: Flat estimate per attached image part, tokens (NUM-4).
IMAGE_TOKENS = 4096
#: Output tokens asked for a threshold summary (NUM-9).
SUMMARY_MAX_TOKENS = 2048
#: Estimated characters per token (NUM-4).
CHARS_PER_TOKEN = 3
#: Shortened-view caps, characters (NUM-10).
MESSAGE_CHARS, TOOL_ARG_CHARS, TOOL_RESULT_CHARS = 3000, 300, 600
#: Marker that ends a cut text in the shortened view (counted inside the cap, NUM-10).
CUT_MARKER = "…"
#: Placeholder written instead of image data in the shortened view (NUM-10).
IMAGE_PLACEHOLDER = "[image]"
#: Assistant reply placed after the summary in the active history (NUM-7).
ACKNOWLEDGEMENT = "Understood, I will continue from that summary."
#: First line of the user-role message that carries the summary (NUM-7).
SUMMARY_PREFIX = "Recap of our conversation so far:"
#: Minimum number of non-system messages beyond ``keep_recent`` (NUM-6).
MIN_EXTRA_MESSAGES = 4

_DISABLE = frozenset({"1", "true", "yes"})
_INT_RE = re.compile(r"[+-]?\d+")
_SUMMARY_RE = re.compile(r"<summary>(.*?)</summary>", re.DOTALL | re.IGNORECASE)
_SUMMARY_OPEN_RE = re.compile(r"<summary>", re.IGNORECASE)


# --- configuration (NUM-1, NUM-3, NUM-6, NUM-8) --------------------------------------
@dataclass(frozen=True, slots=True)
class ThresholdConfig:
    """Switch and knobs of the threshold policy.

    - ``enabled``: whether automatic compaction may run (NUM-1; off by default).
    - ``buffer_tokens``: tokens kept free below the window (NUM-3), ``>= 0``.
    - ``keep_recent``: non-system messages kept verbatim (NUM-6), ``>= 1``.
    - ``max_failures``: failures before the circuit breaker opens (NUM-8), ``>= 1``.
    """

    enabled: bool = False
    buffer_tokens: int = DEFAULT_BUFFER_TOKENS
    keep_recent: int = DEFAULT_KEEP_RECENT
    max_failures: int = DEFAULT_MAX_FAILURES

#: A setting or variable below 1 (issue 27: typed; ``%1`` its name, ``%2`` the value).
_AT_LEAST_ONE = QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be >= 1, got %2")


def _parse_bool(text: str, name: str) -> bool:
    flag = parse_flag(text)
    if flag is not None:
        return flag
    raise ReasonError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be true/false (1/0, yes/no, on/off), "
                                                                "got %2"), (name, repr(text))))


def _parse_int(text: str, name: str) -> int:
    if not _INT_RE.fullmatch(text.strip()):
        raise ReasonError(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "%1 must be an integer, got %2"), (name, repr(text))))
    return int(text.strip())


def config_from(
    env: Mapping[str, str], settings: Mapping[str, object] | None = None
) -> ThresholdConfig:
    """Build the configuration from app settings, then environment overrides (NUM-1).

    Settings keys ``compact-enabled`` (bool), ``compact-buffer-tokens``,
    ``compact-keep-recent`` and ``compact-max-failures`` (ints) give the base values,
    read by their declarations (:data:`THRESHOLD_SETTINGS`).
    The variables ``COMPACT_ENABLED``, ``COMPACT_BUFFER_TOKENS``, ``COMPACT_KEEP_RECENT``
    and ``COMPACT_MAX_FAILURES`` replace them when present and not blank. Booleans
    accept true/1/yes/on and false/0/no/off, case-insensitively. Finally
    ``DISABLE_AUTO_COMPACT`` set to 1/true/yes forces ``enabled=False`` (other values
    of it are ignored).

    Raises :class:`ValueError` (one line, naming the variable or setting) for a
    non-integer number, an unrecognised boolean, a setting out of its declared range, ``buffer_tokens < 0``,
    ``keep_recent < 1`` or ``max_failures < 1``.
    """
    s: Mapping[str, object] = settings if settings is not None else {}
    enabled = COMPACT_ENABLED.parse(s.get(COMPACT_ENABLED.key))
    buffer_tokens = COMPACT_BUFFER_TOKENS.parse(s.get(COMPACT_BUFFER_TOKENS.key))
    keep_recent = COMPACT_KEEP_RECENT.parse(s.get(COMPACT_KEEP_RECENT.key))
    max_failures = COMPACT_MAX_FAILURES.parse(s.get(COMPACT_MAX_FAILURES.key))
    # Names of the source each value came from, for error messages.
    names = {
        "buffer": COMPACT_BUFFER_TOKENS.key,
        "keep": COMPACT_KEEP_RECENT.key,
        "fail": COMPACT_MAX_FAILURES.key,
    }

    def env_value(name: str) -> str | None:
        raw = env.get(name)
        return raw if raw is not None and raw.strip() else None

    if (raw := env_value("COMPACT_ENABLED")) is not None:
        enabled = _parse_bool(raw, "COMPACT_ENABLED")
    if (raw := env_value("COMPACT_BUFFER_TOKENS")) is not None:
        buffer_tokens = _parse_int(raw, "COMPACT_BUFFER_TOKENS")
        names["buffer"] = "COMPACT_BUFFER_TOKENS"
    if (raw := env_value("COMPACT_KEEP_RECENT")) is not None:
        keep_recent = _parse_int(raw, "COMPACT_KEEP_RECENT")
        names["keep"] = "COMPACT_KEEP_RECENT"
    if (raw := env_value("COMPACT_MAX_FAILURES")) is not None:
        max_failures = _parse_int(raw, "COMPACT_MAX_FAILURES")
        names["fail"] = "COMPACT_MAX_FAILURES"
    if (env.get("DISABLE_AUTO_COMPACT") or "").strip().lower() in _DISABLE:
        enabled = False

    if buffer_tokens < 0:
        raise ReasonError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be >= 0, got %2"),
                                 (names["buffer"], str(buffer_tokens))))
    if keep_recent < 1:
        raise ReasonError(Reason(_AT_LEAST_ONE, (names["keep"], str(keep_recent))))
    if max_failures < 1:
        raise ReasonError(Reason(_AT_LEAST_ONE, (names["fail"], str(max_failures))))
    return ThresholdConfig(enabled, buffer_tokens, keep_recent, max_failures)


# --- threshold and estimate (NUM-3, NUM-4) -------------------------------------------
def threshold(window: int, buffer_tokens: int) -> int:
    """Trigger point in tokens: ``max(1, window - buffer_tokens)`` (NUM-3)."""
    return max(1, window - buffer_tokens)


def _message_dict(message: ChatMessage) -> dict[str, object]:
    """The message as a wire-like dict; image data is left out (counted flat)."""
    out: dict[str, object] = {"role": message.role.value, "content": message.content}
    if message.tool_calls:
        out["tool_calls"] = [
            {"id": c.id, "name": c.name, "arguments": c.arguments} for c in message.tool_calls
        ]
    if message.tool_call_id is not None:
        out["tool_call_id"] = message.tool_call_id
    if message.tool_name is not None:
        out["name"] = message.tool_name
    return out


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


#: A string as :func:`_dumps` writes it (quotes and escapes; the same C encoder).
_string = json.encoder.encode_basestring
#: Characters :func:`_string_chars` escapes at a time (issue 29).
_CHUNK_CHARS = 1 << 20


def _string_chars(text: str) -> int:
    """``len(_string(text))`` without the whole escaped copy of a long text: each
    character is escaped on its own, so it is measured a slice at a time (issue 29)."""
    if len(text) <= _CHUNK_CHARS:
        return len(_string(text))
    return 2 + sum(len(_string(text[i:i + _CHUNK_CHARS])) - 2 for i in range(0, len(text), _CHUNK_CHARS))


#: Characters of ``{"role":"","content":}`` around a plain message's role and content.
_PLAIN_CHARS = len(_dumps({"role": "", "content": ""})) - 2


def message_chars(message: ChatMessage, text: str | None = None) -> int:
    """NUM-4 characters of ``message``: its compact JSON (:func:`estimate_tokens`) plus
    its inlined text files. ``text``: the stored text of a message read without it
    (``content`` empty, issue 29), counted in its place — the same figure as the message
    with that text."""
    # an attached text file is inlined with its name: its bytes count as characters (issue 14)
    files = sum(a.size + len(a.name) + 20 for a in message.attachments if a.kind == AttachmentKind.FILE)
    content = message.content if text is None else text
    if message.tool_calls or message.tool_call_id is not None or message.tool_name is not None:
        # the dict's JSON is its parts' JSON joined: swap the content's
        return len(_dumps(_message_dict(message))) + _string_chars(content) - _string_chars(message.content) + files
    # {"role":"<role>","content":<content>}: the common row without building its dict
    return _PLAIN_CHARS + len(message.role.value) + _string_chars(content) + files


def image_parts(message: ChatMessage) -> int:
    """Image parts of a message: data URLs plus image attachments (issue 14)."""
    return len(message.images) + sum(1 for a in message.attachments if a.kind == AttachmentKind.IMAGE)


def _tool_chars(tool: ToolSpec) -> int:
    spec = {"name": tool.name, "description": tool.description, "parameters": tool.parameters}
    return len(_dumps(spec))


def _tokens(chars: int, images: int) -> int:
    return math.ceil(chars / CHARS_PER_TOKEN) + images * IMAGE_TOKENS


def estimate_from(chars: int, images: int, tools: Sequence[ToolSpec] = ()) -> int:
    """:func:`estimate_tokens` of messages whose :func:`message_chars` add up to ``chars``
    and whose :func:`image_parts` to ``images``, with ``tools`` (NUM-4), tokens."""
    return _tokens(chars + sum(_tool_chars(t) for t in tools), images)


def estimate_tokens(messages: Sequence[ChatMessage], tools: Sequence[ToolSpec] = ()) -> int:
    """Heuristic request size in tokens (NUM-4).

    Characters are counted over each message rendered as compact JSON (keys included:
    ``role``, ``content``, ``tool_calls`` with ``id``/``name``/``arguments``, and
    ``tool_call_id`` / ``name`` when set) and over each tool schema as compact JSON
    (``name``, ``description``, ``parameters``). The total is ``ceil(chars / 3)`` plus
    :data:`IMAGE_TOKENS` per image part; image data itself is never counted. Not a
    real tokenizer.
    """
    return estimate_from(sum(message_chars(m) for m in messages), sum(image_parts(m) for m in messages), tools)


def should_compact(estimate: int, window: int, config: ThresholdConfig) -> bool:
    """True when the policy is on and ``estimate`` (tokens) exceeds the threshold (NUM-3)."""
    return config.enabled and estimate > threshold(window, config.buffer_tokens)


# --- split point (NUM-6) -------------------------------------------------------------
def split_point(history: Sequence[ChatMessage], keep_recent: int) -> int | None:
    """Index in ``history`` where the verbatim recent part starts, or ``None`` (NUM-6).

    System messages in ``history`` are skipped: they are not counted and never start a
    turn. The candidate is the first of the last ``keep_recent`` non-system messages;
    the split then moves back to the nearest user message at or before it, so recent
    turns stay whole with their tool calls and results (more than ``keep_recent``
    messages may be kept).

    Returns ``None`` when there are fewer than ``keep_recent + 4`` non-system messages,
    when no user message is found at or before the candidate, or when the part before
    the split holds no complete turn (a user message later followed by an assistant
    message). Raises :class:`ValueError` when ``keep_recent < 1``.
    """
    if keep_recent < 1:
        raise ValueError(f"keep_recent must be >= 1, got {keep_recent}")
    positions = [i for i, m in enumerate(history) if m.role is not Role.SYSTEM]
    if len(positions) < keep_recent + MIN_EXTRA_MESSAGES:
        return None
    split = positions[len(positions) - keep_recent]
    while split >= 0 and history[split].role is not Role.USER:
        split -= 1
    if split <= 0:
        return None
    seen_user = False
    for message in history[:split]:
        if message.role is Role.USER:
            seen_user = True
        elif message.role is Role.ASSISTANT and seen_user:
            return split
    return None


# --- summarizer input and output (NUM-9, NUM-10) -------------------------------------
def _cut(text: str, limit: int) -> str:
    """``text`` unchanged if it fits ``limit`` characters, else cut to ``limit``
    characters the last of which is :data:`CUT_MARKER`."""
    if len(text) <= limit:
        return text
    return text[: limit - len(CUT_MARKER)] + CUT_MARKER


def shortened_view(messages: Sequence[ChatMessage]) -> str:
    """Plain-text transcript of ``messages`` for the summarizer (NUM-10).

    Each message is a block headed ``[role]`` (``[tool result: name]`` for tool
    messages), blocks separated by a blank line. Caps, in characters, with a cut text
    ending in :data:`CUT_MARKER` inside the cap: message content :data:`MESSAGE_CHARS`,
    each tool-call arguments string :data:`TOOL_ARG_CHARS`, tool-result content
    :data:`TOOL_RESULT_CHARS`. Each image becomes :data:`IMAGE_PLACEHOLDER`; no image
    data or reasoning is included.
    """
    blocks: list[str] = []
    for m in messages:
        if m.role is Role.TOOL:
            header = f"[tool result: {m.tool_name}]" if m.tool_name else "[tool result]"
            lines = [header, _cut(m.content, TOOL_RESULT_CHARS)]
        else:
            lines = [f"[{m.role.value}]"]
            if m.content:
                lines.append(_cut(m.content, MESSAGE_CHARS))
        lines.extend(IMAGE_PLACEHOLDER for _ in range(image_parts(m)))
        lines.extend(f"[file: {a.name}]" for a in m.attachments if a.kind == AttachmentKind.FILE)
        lines.extend(
            f"(called tool {c.name} with {_cut(c.arguments, TOOL_ARG_CHARS)})" for c in m.tool_calls
        )
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


_SUMMARY_SYSTEM = (
    "You condense chat transcripts so that the conversation can go on without them. "
    "Write plain prose and lists, answer with the summary only, and do not call tools."
)

_SUMMARY_ASK = (
    "Summarize the transcript below so another assistant can pick up the work. Cover:\n"
    "1. What the user asked for and still wants.\n"
    "2. Technical context: languages, libraries, settings, constraints and decisions.\n"
    "3. Files and code involved, with their paths and what changed.\n"
    "4. Errors met and how they were resolved (or that they were not).\n"
    "5. Work already done.\n"
    "6. Work still pending, and the next step.\n"
    "Keep exact names, numbers and paths. Put the whole summary inside "
    "<summary></summary> tags."
)


def summary_request(view: str, previous_summary: str | None = None) -> list[ChatMessage]:
    """System and user messages asking the chat model for a summary (NUM-9).

    ``view`` is the text of :func:`shortened_view`. When ``previous_summary`` is given
    (and not blank) the user message includes it and asks for one merged summary. The
    caller sends this request without tools.
    """
    parts = [_SUMMARY_ASK]
    if previous_summary is not None and previous_summary.strip():
        parts.append(
            "An earlier summary already covers the start of the conversation. Merge it "
            "with the transcript into one updated summary:\n<previous_summary>\n"
            f"{previous_summary.strip()}\n</previous_summary>"
        )
    parts.append(f"<transcript>\n{view}\n</transcript>")
    return [
        ChatMessage(role=Role.SYSTEM, content=_SUMMARY_SYSTEM),
        ChatMessage(role=Role.USER, content="\n\n".join(parts)),
    ]


def extract_summary(reply: str) -> str | None:
    """The summary text in ``reply``, or ``None`` when it is empty (NUM-9).

    The first ``<summary>…</summary>`` block (tags case-insensitive) wins; an opening
    tag without a closing one (a reply cut by the length limit) yields the text after
    it; otherwise the whole reply is the summary. The result is stripped.
    """
    found = _SUMMARY_RE.search(reply)
    if found is not None:
        text = found.group(1)
    elif (opened := _SUMMARY_OPEN_RE.search(reply)) is not None:
        text = reply[opened.end() :]
    else:
        text = reply
    text = text.strip()
    return text or None


# --- active history (NUM-7) ----------------------------------------------------------
def active_history(summary: str, recent: Sequence[ChatMessage]) -> list[ChatMessage]:
    """History after compaction, system message excluded (NUM-7).

    ``[user: SUMMARY_PREFIX + "\\n" + summary, assistant: ACKNOWLEDGEMENT, *recent]``.
    """
    return [
        ChatMessage(role=Role.USER, content=f"{SUMMARY_PREFIX}\n{summary}"),
        ChatMessage(role=Role.ASSISTANT, content=ACKNOWLEDGEMENT),
        *recent,
    ]


# --- request fitting (NUM-5) ---------------------------------------------------------
class RequestTooLarge(ReasonError):
    """The latest turn, system messages and tool schemas alone exceed the budget (NUM-5);
    ``reason`` the line typed (issue 27)."""

    def __init__(self, needed: int, budget: int) -> None:
        self.needed = needed
        self.budget = budget
        super().__init__(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "The request needs about %1 tokens even with older turns left out, but the budget "
                              "is %2. Attach fewer files or images, or choose a model with a larger context "
                              "window."), (str(needed), str(budget))))


def _turn_starts(roles: Sequence[Role]) -> list[int]:
    """Start index of every turn (``roles``: the messages' roles); a leading non-user
    unit starts at 0."""
    starts = [i for i, r in enumerate(roles) if r is Role.USER]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    return starts


def fit_history(
    system: Sequence[ChatMessage],
    history: Sequence[ChatMessage],
    tools: Sequence[ToolSpec],
    budget: int,
) -> list[ChatMessage]:
    """Drop the oldest complete turns until the request fits ``budget`` tokens (NUM-5).

    Returns the kept suffix of ``history`` (``system`` excluded) such that
    ``estimate_tokens([*system, *kept], tools) <= budget``; nothing is dropped when it
    already fits. Whole turns go, oldest first; a summary + acknowledgement pair from
    :func:`active_history` starts with a user message, so it is simply the first turn.

    Raises :class:`RequestTooLarge` when the latest turn (from the last user message
    on; the whole history if it has no user message) plus ``system`` and ``tools``
    alone exceed the budget — also when ``history`` is empty and the rest does not fit.
    """
    base = (sum(message_chars(m) for m in system), sum(image_parts(m) for m in system))
    start = fit_start(base, [m.role for m in history], [message_chars(m) for m in history],
                      [image_parts(m) for m in history], tools, budget)
    return list(history[start:])


def fit_start(
    system: tuple[int, int],
    roles: Sequence[Role],
    chars: Sequence[int],
    images: Sequence[int],
    tools: Sequence[ToolSpec],
    budget: int,
) -> int:
    """:func:`fit_history` by sizes (issue 29: rows kept without their texts): the
    position of the first history message kept. ``system`` is the ``(characters, image
    parts)`` of what precedes the history; message ``i`` has role ``roles[i]``,
    :func:`message_chars` ``chars[i]`` and :func:`image_parts` ``images[i]``. Raises
    :class:`RequestTooLarge` as :func:`fit_history` does."""
    base_chars = system[0] + sum(_tool_chars(t) for t in tools)
    base_images = system[1]
    sums = [0, *accumulate(chars)]
    pictures = [0, *accumulate(images)]
    n = len(roles)

    def cost(start: int) -> int:
        return _tokens(base_chars + sums[n] - sums[start], base_images + pictures[n] - pictures[start])

    starts = _turn_starts(roles) if roles else [0]
    for start in starts:
        if cost(start) <= budget:
            return start
    raise RequestTooLarge(cost(starts[-1]), budget)


def history_bounds(env: Mapping[str, str]) -> tuple[int | None, int | None]:
    """NUM-11: ``(PROMPT_MAX_HISTORY_MESSAGES, PROMPT_MAX_HISTORY_CHARS)`` from ``env``
    (None when unset or blank). Raises ``ValueError`` naming a variable that is not a
    positive whole number."""
    out: list[int | None] = []
    for name in ("PROMPT_MAX_HISTORY_MESSAGES", "PROMPT_MAX_HISTORY_CHARS"):
        raw = env.get(name, "").strip()
        if not raw:
            out.append(None)
            continue
        try:
            value = int(raw)
        except ValueError:
            raise ReasonError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be a whole number, not %2"),
                                     (name, repr(raw)))) from None
        if value < 1:
            raise ReasonError(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be at least 1, not %2"),
                                 (name, str(value))))
        out.append(value)
    return out[0], out[1]


def bounded_limit(lengths: Sequence[int], max_messages: int | None, max_chars: int | None) -> int | None:
    """NUM-11: how many of the newest history messages fit both bounds: at most
    ``max_messages``, and the newest ones whose texts' characters (``lengths``, one per
    message, oldest first) add up to at most ``max_chars`` (always at least the newest
    one). None when neither bound is set."""
    if max_messages is None and max_chars is None:
        return None
    n = len(lengths) if max_messages is None else min(len(lengths), max_messages)
    if max_chars is not None:
        used = kept = 0
        for length in reversed(lengths[len(lengths) - n:]):
            used += length
            if kept and used > max_chars:
                break
            kept += 1
        n = kept
    return n
