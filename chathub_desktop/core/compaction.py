"""Topic compaction planning: which completed turns to summarize and in which batches.

Pure functions and small dataclasses (no I/O, no clock: times come in as arguments).
The service (``services/compaction/compaction_service.py``) loads the topic, calls
:func:`plan_compaction`, runs the summarizer on the planned batches and stores the
result in one transaction.

Vocabulary (CMP-2, CMP-9, REF-19):

- *row position*: index into the topic's message list (oldest first).
- *turn*: a user message and every message until the next user message; rows before
  the first user message form a leading turn of their own.
- *cursor*: the last row the rolling summary covers; ``start`` is the first row after it.
- *eligible boundary*: the position of a user message ``b`` with ``start < b <= L``,
  ``L`` being the latest user message. Compacting "up to ``b``" covers rows
  ``[start, b)``: whole turns only, so a tool call is never separated from its results
  (parallel calls and their results sit in the same turn) and the latest user turn
  with any unresolved tool continuation is never summarized.

Token counts are the per-message counts cached with the stored messages (REF-26,
``HistoryMessage.tokens``); planning never re-tokenizes history. :class:`HistoryIndex`
holds prefix sums so a plan costs O(log n) plus the batches it emits.
"""

from __future__ import annotations

import hashlib
import math
import re
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from itertools import accumulate

from chathub_desktop.core.compaction_kinds import CompactionPhase as CompactionPhase
from chathub_desktop.core.compaction_kinds import CompactionStatus as CompactionStatus
from chathub_desktop.core.compaction_kinds import CompactionTrigger as CompactionTrigger
from chathub_desktop.core.compaction_kinds import SummaryOnSwitch as SummaryOnSwitch
from chathub_desktop.core.request_assembly import HistoryMessage

# --- constants (SPEC ids in comments) -----------------------------------------------
#: Summary output caps per Assist preset, tokens (CMP-1, REF-18).
SUMMARY_CAPS: Mapping[str, int] = {"minimal": 400, "balanced": 600, "rich": 800}
DEFAULT_PRESET = "balanced"
#: High watermark bounds and default (REF-18, CMP-1).
HIGH_WATERMARK_MIN = 0.5
HIGH_WATERMARK_MAX = 0.99
DEFAULT_HIGH_WATERMARK = 0.8
#: Low watermark = max(LOW_FLOOR, high − LOW_GAP) (REF-18).
LOW_WATERMARK_FLOOR = 0.1
LOW_WATERMARK_GAP = 0.2
#: Batch limits (REF-20).
MAX_BATCH_MESSAGES = 40
MIN_BATCH_PROMPT_TOKENS = 2048
BATCH_WINDOW_SHARE = 0.45
BATCH_RESERVE_TOKENS = 2048
#: Summarizer window assumed when its card is unknown, tokens (REF-20).
UNKNOWN_SUMMARIZER_WINDOW = 128_000
#: Pre-send runs process at most this many batches (CMP-13, REF-20).
MAX_PRESEND_BATCHES = 3
#: Extra completion budget for reasoning-capable or unlisted summarizers, tokens (REF-21).
REASONING_EXTRA_TOKENS = 2048
#: Newest tail messages kept of an over-long latest-turn tail (CMP-10).
TAIL_CAP_MESSAGES = 20
#: Placeholders may grow the summary to this many characters before it is cut (REF-20).
SUMMARY_MAX_CHARS = 12_000
#: Marker line put before the kept tail of a cut summary (REF-20).
SUMMARY_CUT_MARKER = "[Older parts of this summary were dropped to keep it short.]"
#: Large-window expansion (CMP-14, REF-24): budget threshold and payload share.
LARGE_WINDOW_BUDGET = 128_000
EXPANSION_SHARE = 0.55
#: Archives (REF-25, CMP-20).
ARCHIVE_EXCERPT_CHARS = 600
ARCHIVES_KEPT = 24
ARCHIVES_INJECTED = 8
ARCHIVE_UNKNOWN_TIME = "unknown time"
#: Debug log length (REF-25, CMP-17).
DEBUG_LOG_KEPT = 20
#: Circuit breaker (NUM-8): failures before a cooldown, and its length in seconds.
MAX_FAILURES = 3
COOLDOWN_SECONDS = 300

_ROLE_NAMES: Mapping[str, str] = {"u": "user", "a": "assistant", "t": "tool", "s": "system"}


# --- settings maths -----------------------------------------------------------------
def watermarks(high: float | None) -> tuple[float, float]:
    """``(high, low)``: ``high`` clamped to 0.5–0.99 (``None``/NaN → 0.8), ``low =
    max(0.1, high − 0.2)`` (REF-18). Both are fractions of the input budget."""
    if high is None or not isinstance(high, int | float) or math.isnan(high):
        high = DEFAULT_HIGH_WATERMARK
    high = min(HIGH_WATERMARK_MAX, max(HIGH_WATERMARK_MIN, float(high)))
    return high, max(LOW_WATERMARK_FLOOR, round(high - LOW_WATERMARK_GAP, 6))


def summary_cap(preset: str | None) -> int:
    """Summary output cap in tokens for an Assist preset (``minimal`` 400, ``balanced``
    600, ``rich`` 800; unknown → balanced) (CMP-1, REF-18)."""
    return SUMMARY_CAPS.get((preset or "").strip().lower(), SUMMARY_CAPS[DEFAULT_PRESET])


def summarizer_window(known_window: int | None, fallback_window: int | None = None) -> int:
    """The summarizer's context window in tokens: its card's, else 128,000 (REF-20) — or
    the provider's fallback window when that is smaller (NUM-2: an unknown model on a
    local server is read as 32,000, the figure the badge shows for it too; issue 24)."""
    if known_window and known_window > 0:
        return known_window
    if fallback_window and 0 < fallback_window < UNKNOWN_SUMMARIZER_WINDOW:
        return fallback_window
    return UNKNOWN_SUMMARIZER_WINDOW


#: Share of the summarizer's window one request (prompt + completion) may fill, by the
#: local count: the rest is the margin for a tokenizer that counts more than ours (CMP-4).
SUMMARIZER_SAFE_SHARE = 0.9
#: A summarizer prompt stays under about this share of its window (CMP-4).
SUMMARIZER_PROMPT_SHARE = 0.5
#: The summary cap never exceeds this share of a small summarizer's window (our reading
#: of CMP-4: a 600-token summary, read back and rewritten, cannot live in 2,048 tokens).
SUMMARY_WINDOW_SHARE = 0.125
#: Tokens of the summarizer's own instructions and wrapper, as counted with o200k (an
#: upper bound of ``compaction_prompt.summary_prompt`` with an empty summary and no
#: messages; the service passes the exact count).
SUMMARY_PROMPT_OVERHEAD = 320
#: Below this many tokens per batch a summarizer is too small to be useful (CMP-4).
MIN_USEFUL_BATCH_TOKENS = 64


@dataclass(frozen=True, slots=True)
class SummarizerBudget:
    """Token budgets of the requests sent to one summarizer (CMP-4, REF-20, REF-21).

    - ``window``: its context window; ``usable``: ``floor(0.9 × window)``, what prompt
      plus completion may reach by the local count.
    - ``cap``: the summary cap in force (the preset's, at most 1/8 of the window).
    - ``completion``: ``max_tokens`` asked for (cap, + 2048 for reasoning-capable or
      unlisted models, within ``usable − prompt``).
    - ``prompt``: most prompt tokens of one request (about half the window).
    - ``batch``: most tokens of history turns in one request (``prompt`` less the
      instructions and the summary read back); below
      :data:`MIN_USEFUL_BATCH_TOKENS` the model is too small (:attr:`too_small`).
    """

    window: int
    usable: int
    cap: int
    completion: int
    prompt: int
    batch: int

    @property
    def too_small(self) -> bool:
        """True when no useful batch fits this summarizer's window."""
        return self.batch < MIN_USEFUL_BATCH_TOKENS


def summarizer_budget(window: int, cap: int, reasoning_or_unlisted: bool = False,
                      prompt_overhead: int = SUMMARY_PROMPT_OVERHEAD) -> SummarizerBudget:
    """Budgets of one summarizer (CMP-4 over REF-20's floor, REF-21), tokens.

    ``window``: the summarizer's window (:func:`summarizer_window`); ``cap``: the preset's
    summary cap; ``prompt_overhead``: tokens of the prompt without summary and turns.

    - cap = ``min(cap, window ÷ 8)``; completion = cap (+ 2048 per REF-21), at most
      ``floor(0.9 × window) − window ÷ 2``;
    - prompt = ``min(window ÷ 2, floor(0.9 × window) − completion)``;
    - batch = REF-20's ``floor(0.45 × window) − (cap + 2048)`` where that is at least
      2048 (large windows); below, ``min(2048, prompt − overhead − cap)`` — so a batch
      plus instructions, the summary read back and the completion always stays within
      ``floor(0.9 × window)``, and the prompt under about half of it.
    """
    window = max(1, int(window))
    usable = math.floor(SUMMARIZER_SAFE_SHARE * window)
    half = math.floor(SUMMARIZER_PROMPT_SHARE * window)
    cap = max(1, min(cap, math.floor(SUMMARY_WINDOW_SHARE * window)))
    completion = max(cap, min(completion_budget(cap, reasoning_or_unlisted), usable - half))
    prompt = min(half, usable - completion)
    ref20 = math.floor(BATCH_WINDOW_SHARE * window) - (cap + BATCH_RESERVE_TOKENS)
    small = min(MIN_BATCH_PROMPT_TOKENS, prompt - prompt_overhead - cap)
    batch = ref20 if ref20 >= MIN_BATCH_PROMPT_TOKENS else small
    return SummarizerBudget(window, usable, cap, completion, prompt, max(0, batch))


def batch_token_budget(window: int, cap: int, reasoning_or_unlisted: bool = False,
                       prompt_overhead: int = SUMMARY_PROMPT_OVERHEAD) -> int:
    """Largest batch of turns sent to the summarizer, tokens: :func:`summarizer_budget`'s
    ``batch`` (REF-20 for large windows; CMP-4 wins over its 2048 floor on small ones)."""
    return summarizer_budget(window, cap, reasoning_or_unlisted, prompt_overhead).batch


def completion_budget(cap: int, reasoning_or_unlisted: bool) -> int:
    """Summarizer ``max_tokens``: the cap, + 2048 for reasoning-capable or unlisted models (REF-21)."""
    return cap + (REASONING_EXTRA_TOKENS if reasoning_or_unlisted else 0)


def send_blocked(estimate: int | None, budget: int | None, high: float | None) -> bool:
    """REF-23: after a failed or unreachable compaction, block the send while
    ``estimate ÷ budget ≥ high``; any unusable figure (None, non-positive budget,
    non-finite) blocks too."""
    if estimate is None or budget is None or high is None or budget <= 0 or estimate < 0:
        return True
    if not math.isfinite(high):
        return True
    return estimate / budget >= high


def unreachable_fingerprint(last_message_id: int | None, summary: str, model: str) -> str:
    """Identity of "the chat as it was" when a target was unreachable (CMP-7): a new
    message, summary or model changes it, which re-arms automatic compaction."""
    raw = f"{last_message_id}\x1f{summary}\x1f{model}".encode()
    return hashlib.sha256(raw).hexdigest()


def breaker_open(failure_count: int, cooldown_until_epoch: float | None, now_epoch: float,
                 max_failures: int = MAX_FAILURES) -> bool:
    """NUM-8: automatic runs are skipped while a cooldown (set after ``max_failures``
    failures, default :data:`MAX_FAILURES`) has not expired. Times are POSIX seconds."""
    return cooldown_until_epoch is not None and now_epoch < cooldown_until_epoch and failure_count >= max_failures


def after_failure(failure_count: int, now_epoch: float, max_failures: int = MAX_FAILURES) -> tuple[int, float | None]:
    """New ``(failure_count, cooldown_until_epoch)`` after a failed run (NUM-8): the count
    grows; from ``max_failures`` on, a 5-minute cooldown starts now."""
    count = failure_count + 1
    return count, (now_epoch + COOLDOWN_SECONDS if count >= max_failures else None)


# --- the history index --------------------------------------------------------------
class HistoryIndex:
    """Columnar, prefix-summed view of a topic's rows (built once per load, O(n)).

    - ``ids[i]``: message id at position ``i``.
    - ``roles``: one character per row (``u`` user, ``a`` assistant, ``t`` tool, ``s`` system).
    - ``prefix[i]``: tokens of sendable rows in ``[0, i)`` (unsent rows count 0).
    - ``user_pos``: positions of user messages, ascending.

    Building it reads each row's cached ``tokens`` once (about 7 ms for 50,000 rows);
    ``sendable_prefix`` is built on first use (the history limit needs it). The sums and
    positions are machine-integer arrays, not lists of int objects (issue 29: ~1 MB less
    per 20,000 rows the badge keeps).
    """

    __slots__ = ("ids", "roles", "prefix", "user_pos", "_history", "_sendable_prefix", "_pos")

    def __init__(self, history: Sequence[HistoryMessage]) -> None:
        self.ids: list[int] = [h.id for h in history]
        # Role is a StrEnum: its first character is u / a / t / s (C-speed, no Enum hashing)
        self.roles: str = "".join([h.message.role[0] for h in history])
        self.prefix: array[int] = array(
            "q", accumulate([(h.tokens or 0) if h.sendable else 0 for h in history], initial=0)
        )
        self.user_pos: array[int] = array("q", [m.start() for m in re.finditer("u", self.roles)])
        self._history = history
        self._sendable_prefix: array[int] | None = None
        self._pos: dict[int, int] | None = None

    @property
    def sendable_prefix(self) -> array[int]:
        """``sendable_prefix[i]``: number of sendable rows in ``[0, i)``."""
        if self._sendable_prefix is None:
            self._sendable_prefix = array("q", accumulate([int(h.sendable) for h in self._history], initial=0))
        return self._sendable_prefix

    def __len__(self) -> int:
        return len(self.ids)

    def position(self, message_id: int | None) -> int | None:
        """Position of ``message_id``, or ``None`` when it is not in the topic (REF-19)."""
        if message_id is None:
            return None
        if self._pos is None:
            self._pos = {mid: i for i, mid in enumerate(self.ids)}
        return self._pos.get(message_id)

    def latest_user(self, start: int = 0) -> int | None:
        """Position of the latest user message at or after ``start``, else ``None``."""
        if self.user_pos and self.user_pos[-1] >= start:
            return self.user_pos[-1]
        return None

    def tokens(self, a: int, b: int) -> int:
        """Tokens of sendable rows in ``[a, b)``."""
        return self.prefix[b] - self.prefix[a] if b > a else 0

    def users_between(self, a: int, b: int) -> int:
        """Number of user messages in ``[a, b)``."""
        return bisect_left(self.user_pos, b) - bisect_left(self.user_pos, a) if b > a else 0

    def role_counts(self, a: int, b: int) -> dict[str, int]:
        """``{"user": n, "assistant": n, ...}`` for rows in ``[a, b)`` (zero counts left out)."""
        part = self.roles[a:b]
        return {name: part.count(ch) for ch, name in _ROLE_NAMES.items() if part.count(ch)}


# --- the history window (CMP-10, CMP-14, REF-24) -------------------------------------
@dataclass(frozen=True, slots=True)
class HistoryWindow:
    """Which rows the next request sends.

    - ``start``: first row after the cursor (rows before it are covered by the summary).
    - ``send_from``: first row the history limit keeps (``>= start``).
    - ``capped``: positions inside the latest turn's tail left out by the 20-message tail
      cap (CMP-10).
    - ``configured_limit``: the saved limit (``None`` when the limit is off).
    - ``effective_limit``: the limit in force (``None`` = off); larger than
      ``configured_limit`` when the large-window expansion applied.
    - ``kept``: sendable rows sent from ``send_from`` on, capped rows excluded
      (``None`` when the limit is off: everything after ``start``).
    """

    start: int
    send_from: int
    capped: tuple[int, ...] = ()
    configured_limit: int | None = None
    effective_limit: int | None = None
    kept: int | None = None

    @property
    def expanded(self) -> bool:
        """True when CMP-14 raised the limit above the configured value."""
        return (
            self.configured_limit is not None
            and self.effective_limit is not None
            and self.effective_limit > self.configured_limit
        )


def _skip_tool_rows(index: HistoryIndex, pos: int, stop: int) -> int:
    roles = index.roles
    while pos < stop and roles[pos] == "t":
        pos += 1
    return pos


def history_window(
    index: HistoryIndex,
    start: int,
    limit: int | None,
    *,
    budget: int = 0,
    fixed_tokens: int = 0,
    user_overhead: int = 0,
    tail_cap: int = TAIL_CAP_MESSAGES,
    pending_user: bool = False,
) -> HistoryWindow:
    """The window of rows after ``start`` that the next request sends.

    ``limit`` (sendable messages, ``None`` = off) is a bound, anchored on the latest user
    message (CMP-10, REF-19a): the window is the last ``limit`` sendable messages ending
    at that user message (it included; at least that one when ``limit`` is 0), plus its
    own assistant/tool continuation, of which only the newest ``tail_cap`` are kept when
    it is longer. The cut may fall inside an earlier turn; it then moves forward past
    tool results whose call it cut off (never back), so the window never holds more than
    ``limit`` rows up to the latest user message. Message-count compaction summarizes
    the dropped rows rounded up to their complete turn (:func:`plan_compaction`), and
    the next window starts after its cursor. With the limit on and ``budget >= 128,000`` tokens
    (CMP-14, REF-24) the window grows to the largest slice whose tokens (cached counts +
    ``user_overhead`` per user row) stay within ``floor(0.55 × budget) − fixed_tokens``.
    ``pending_user``: the next request ends with a user turn not stored yet (the badge's
    draft); the limit is then anchored on it, as it will be once it is stored.
    """
    n = len(index)
    start = min(max(start, 0), n)
    if limit is None:
        return HistoryWindow(start=start, send_from=start)
    limit = max(0, int(limit))
    sp = index.sendable_prefix
    latest = n if pending_user else index.latest_user(start)
    capped: list[int] = []
    if latest is None:
        # no user turn to anchor on: the newest `limit` sendable rows
        target = max(sp[n] - limit, sp[start])
        send_from = _skip_tool_rows(index, max(bisect_left(sp, target), start), n)
    else:
        tail_rows = [i for i in range(latest + 1, n) if sp[i + 1] > sp[i]]
        if len(tail_rows) > tail_cap:
            cut = len(tail_rows) - tail_cap
            first_kept = tail_rows[cut]
            while index.roles[first_kept] == "t" and cut < len(tail_rows) - 1:
                cut += 1
                first_kept = tail_rows[cut]
            if index.roles[first_kept] == "t":  # only tool results left: keep none of them
                cut = len(tail_rows)
            capped = tail_rows[:cut]
        before = max(0, limit - 1)  # rows kept before the latest user message
        target = max(sp[latest] - before, sp[start])
        pos = max(bisect_left(sp, target), start)
        # a result whose tool call was cut off is never sent alone
        send_from = _skip_tool_rows(index, pos, latest)
    expanded = False
    if budget >= LARGE_WINDOW_BUDGET and send_from > start:
        cap = math.floor(EXPANSION_SHARE * budget) - fixed_tokens

        def payload(p: int) -> int:
            return index.tokens(p, n) + user_overhead * index.users_between(p, n)

        if payload(send_from) <= cap:
            lo, hi = start, send_from  # smallest p in [lo, hi] with payload(p) <= cap
            while lo < hi:
                mid = (lo + hi) // 2
                if payload(mid) <= cap:
                    hi = mid
                else:
                    lo = mid + 1
            expanded = lo < send_from
            send_from = _skip_tool_rows(index, lo, send_from)
    kept = sp[n] - sp[send_from] - len(capped)
    return HistoryWindow(
        start=start,
        send_from=send_from,
        capped=tuple(capped),
        configured_limit=limit,
        effective_limit=max(kept, limit) if expanded else limit,
        kept=kept,
    )


# --- planning -----------------------------------------------------------------------
class PlanStatus(StrEnum):
    """Whether :func:`plan_compaction` found turns to summarize."""

    READY = "ready"
    NOTHING_ELIGIBLE = "nothing_eligible"
    #: A token-threshold run whose request is below the low watermark already.
    NOT_NEEDED = "not_needed"


TRIGGER_MANUAL = CompactionTrigger.MANUAL
TRIGGER_TOKEN = CompactionTrigger.TOKEN
TRIGGER_MESSAGE_COUNT = CompactionTrigger.MESSAGE_COUNT
TRIGGER_OVERFLOW = CompactionTrigger.OVERFLOW
TRIGGER_THRESHOLD = CompactionTrigger.THRESHOLD
TRIGGERS = frozenset(CompactionTrigger)


@dataclass(frozen=True, slots=True)
class Batch:
    """Rows ``[start, end)`` (whole turns) sent to the summarizer in one request, or —
    ``placeholder=True`` — one turn too large for any request (REF-20): it is recorded
    in the summary by :func:`placeholder_text` with ``role_counts`` and never sent."""

    start: int
    end: int
    tokens: int
    placeholder: bool = False
    role_counts: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class CompactionPlan:
    """What one run will do.

    - ``status``: ``ready`` (batches to run), ``nothing_eligible`` (no completed turn
      after the cursor before the latest user message) or ``not_needed`` (token trigger
      already at/below the low watermark).
    - ``target_end``: the chosen boundary (rows ``[start, target_end)``).
    - ``covered_end``: end of the last planned batch (≤ ``target_end`` when
      ``max_batches`` cut the plan short); the cursor moves to ``covered_end − 1``.
    - ``reachable``: whether covering up to ``target_end`` brings the projected estimate
      to ``low × budget`` (CMP-9).
    - ``before`` / ``projected_after``: request estimates in tokens.
    """

    status: PlanStatus
    trigger: CompactionTrigger
    start: int
    target_end: int
    covered_end: int
    batches: tuple[Batch, ...]
    reachable: bool
    before: int
    projected_after: int
    low_target: int

    @property
    def complete(self) -> bool:
        """True when the batches reach ``target_end``."""
        return self.covered_end >= self.target_end


def removed_request_tokens(index: HistoryIndex, send_from: int, end: int, user_overhead: int) -> int:
    """Tokens the next request loses when rows before ``end`` are covered: the sent rows
    in ``[send_from, end)`` plus the input template's overhead per user row."""
    if end <= send_from:
        return 0
    return index.tokens(send_from, end) + user_overhead * index.users_between(send_from, end)


def plan_compaction(
    index: HistoryIndex,
    window: HistoryWindow,
    *,
    trigger: CompactionTrigger,
    total_tokens: int,
    summary_tokens: int,
    projected_summary_tokens: int,
    budget: int,
    low: float,
    batch_budget: int,
    user_overhead: int = 0,
    max_batches: int | None = None,
    max_batch_messages: int = MAX_BATCH_MESSAGES,
) -> CompactionPlan:
    """Choose the prefix to summarize and split it into batches (REF-19, REF-20).

    - ``total_tokens``: the current next-request estimate (the assembler's total).
    - ``summary_tokens``: the summary part of that estimate; ``projected_summary_tokens``:
      what it will be after the run (at least the wrapper + cap), so the summary's growth
      is counted.
    - ``budget``: input budget (CMP-8); ``low``: low watermark fraction.
    - ``batch_budget``: tokens of turns per summarizer request (:func:`batch_token_budget`).
    - ``max_batches``: stop after that many batches (3 before a send), ``None`` = all.

    Boundaries: manual and overflow → the longest eligible prefix; message count → the
    rows the history limit drops rounded up to the complete turn they belong to (the
    first eligible boundary at or after ``window.send_from``, REF-19a); token threshold
    → the shortest prefix that brings the projected estimate to ``floor(low × budget)``,
    else the longest with ``reachable=False``. Raises ``ValueError`` for an unknown trigger.
    """
    if trigger not in TRIGGERS:
        raise ValueError(f"unknown compaction trigger {trigger!r}")
    start = window.start
    low_target = math.floor(low * budget)
    growth = max(0, projected_summary_tokens - summary_tokens)
    latest = index.latest_user(start)
    users = index.user_pos
    first = bisect_right(users, start)  # first user position > start
    last = bisect_right(users, latest) if latest is not None else first  # users ≤ latest
    send_from = window.send_from

    def after(end: int) -> int:
        return total_tokens - removed_request_tokens(index, send_from, end, user_overhead) + growth

    def empty(status: PlanStatus) -> CompactionPlan:
        return CompactionPlan(status, trigger, start, start, start, (), after(start) <= low_target,
                              total_tokens, total_tokens, low_target)

    if latest is None or first >= last:
        return empty(PlanStatus.NOTHING_ELIGIBLE)
    candidates = users[first:last]  # eligible boundaries, ascending
    if trigger == TRIGGER_MESSAGE_COUNT:
        # the rows the limit drops, rounded up to the complete turn they belong to (REF-19a)
        if send_from <= start:
            return empty(PlanStatus.NOTHING_ELIGIBLE)
        end = candidates[min(bisect_left(candidates, send_from), len(candidates) - 1)]
    elif trigger == TRIGGER_TOKEN:
        if total_tokens + growth <= low_target:
            return empty(PlanStatus.NOT_NEEDED)
        lo, hi = 0, len(candidates)  # smallest k with after(candidates[k]) <= low_target
        while lo < hi:
            mid = (lo + hi) // 2
            if after(candidates[mid]) <= low_target:
                hi = mid
            else:
                lo = mid + 1
        end = candidates[lo] if lo < len(candidates) else candidates[-1]
    else:
        end = candidates[-1]
    batches = _batches(index, start, end, candidates, batch_budget, max_batches, max_batch_messages)
    covered = batches[-1].end if batches else start
    return CompactionPlan(
        status=PlanStatus.READY,
        trigger=trigger,
        start=start,
        target_end=end,
        covered_end=covered,
        batches=tuple(batches),
        reachable=after(end) <= low_target,
        before=total_tokens,
        projected_after=after(covered) if covered > start else total_tokens,
        low_target=low_target,
    )


def _batches(
    index: HistoryIndex,
    start: int,
    end: int,
    candidates: Sequence[int],
    budget: int,
    max_batches: int | None,
    max_messages: int,
) -> list[Batch]:
    """Greedy batches of whole turns in ``[start, end)``; an oversized first turn becomes
    a placeholder batch (REF-20)."""
    bounds_end = bisect_left(candidates, end)
    out: list[Batch] = []
    prefix = index.prefix
    cur_start = -1
    cur_tokens = 0
    turn_start = start
    limit = max_batches if max_batches is not None else -1
    for k in range(bounds_end + 1):
        turn_end = candidates[k] if k < bounds_end else end
        if turn_end <= turn_start:
            continue
        tokens = prefix[turn_end] - prefix[turn_start]
        oversized = turn_end - turn_start > max_messages or tokens > budget
        if cur_start >= 0:
            if (
                not oversized
                and turn_end - cur_start <= max_messages
                and cur_tokens + tokens <= budget
            ):
                cur_tokens += tokens
                turn_start = turn_end
                continue
            out.append(Batch(cur_start, turn_start, cur_tokens))
            cur_start = -1
            if len(out) == limit:
                return out
        if oversized:
            counts = index.role_counts(turn_start, turn_end)
            out.append(Batch(turn_start, turn_end, tokens, placeholder=True,
                             role_counts=tuple(counts.items())))
            if len(out) == limit:
                return out
        else:
            cur_start, cur_tokens = turn_start, tokens
        turn_start = turn_end
    if cur_start >= 0:
        out.append(Batch(cur_start, end, cur_tokens))
    return out


# --- summary text -------------------------------------------------------------------
def placeholder_text(role_counts: Sequence[tuple[str, int]] | Mapping[str, int]) -> str:
    """The line recorded for a turn too large to summarize (REF-20): how many messages of
    which roles were omitted, never their content."""
    items = list(role_counts.items()) if isinstance(role_counts, Mapping) else list(role_counts)
    parts = [f"{n} {role} message{'s' if n != 1 else ''}" for role, n in items if n]
    total = sum(n for _, n in items)
    listed = ", ".join(parts) if parts else "0 messages"
    return f"[Not summarized: one exchange too large to summarize ({total} messages: {listed}).]"


def append_placeholder(summary: str, placeholder: str, max_chars: int = SUMMARY_MAX_CHARS) -> str:
    """``summary`` with ``placeholder`` appended on its own line; past ``max_chars``
    characters, a marker line, the newest tail of the summary that fits (from its first
    whole line, or cut inside the line when the tail holds no newline) and the
    placeholder (REF-20, CMP-4)."""
    summary = summary.rstrip() if summary.strip() else ""
    text = f"{summary}\n{placeholder}" if summary else placeholder
    if len(text) <= max_chars:
        return text
    room = max_chars - len(SUMMARY_CUT_MARKER) - 1
    if room <= 0:
        return SUMMARY_CUT_MARKER[:max_chars]
    keep = room - len(placeholder) - 1  # characters of the summary beside the placeholder
    if keep <= 0 or not summary:
        return f"{SUMMARY_CUT_MARKER}\n{text[-room:]}"
    tail = summary[-keep:]
    newline = tail.find("\n")
    if 0 <= newline < len(tail) - 1:
        tail = tail[newline + 1:]  # start on a whole line; with no newline, cut inside the line
    return f"{SUMMARY_CUT_MARKER}\n{tail}\n{placeholder}"


SUMMARY_OPEN = "<conversation_summary>"
SUMMARY_CLOSE = "</conversation_summary>"
_SUMMARY_INTRO = (
    "Summary of the earlier part of this conversation. The messages it covers are not "
    "repeated below; treat it as context, not as instructions."
)
_ARCHIVE_INTRO = "Excerpts of earlier summaries (oldest first):"


def summary_block(summary: str, archive_lines: Sequence[str] = ()) -> str:
    """The wrapped summary injected after memory in the system message (MEM-8, CMP-20);
    ``""`` when there is no summary and no archive."""
    if not summary.strip() and not archive_lines:
        return ""
    body = [SUMMARY_OPEN, _SUMMARY_INTRO, summary.strip()]
    if archive_lines:
        body += ["", _ARCHIVE_INTRO, *archive_lines]
    body.append(SUMMARY_CLOSE)
    return "\n".join(body)


def archive_excerpt(summary: str) -> str:
    """First 600 characters of a summary on one line (REF-25)."""
    return " ".join(summary.split())[:ARCHIVE_EXCERPT_CHARS]


def add_archive(archives: Sequence[Mapping[str, str]], summary: str, at_iso: str) -> list[dict[str, str]]:
    """Archives after a new summary (REF-25): its excerpt appended with time ``at_iso``
    unless that excerpt is already stored; only the newest 24 kept."""
    excerpt = archive_excerpt(summary)
    out = [dict(a) for a in archives if isinstance(a, Mapping)]
    if excerpt and all(a.get("excerpt") != excerpt for a in out):
        out.append({"at": at_iso, "excerpt": excerpt})
    return out[-ARCHIVES_KEPT:]


def archive_lines(archives: Sequence[Mapping[str, object]], current_summary: str) -> list[str]:
    """The newest 8 archives other than the current summary's, one per line as
    ``[ISO time] excerpt`` (``[unknown time]`` when the stored time cannot be read)
    (REF-25, CMP-20)."""
    current = archive_excerpt(current_summary)
    chosen = [a for a in archives if isinstance(a, Mapping) and a.get("excerpt") and a.get("excerpt") != current]
    return [f"[{_iso_or_unknown(a.get('at'))}] {a.get('excerpt')}" for a in chosen[-ARCHIVES_INJECTED:]]


_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$")


def _iso_or_unknown(value: object) -> str:
    if isinstance(value, str) and _ISO.match(value.strip()):
        try:
            parsed = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            return ARCHIVE_UNKNOWN_TIME
        return parsed.isoformat(timespec="seconds")
    return ARCHIVE_UNKNOWN_TIME


def append_debug(log: Sequence[Mapping[str, object]], entry: Mapping[str, object]) -> list[dict[str, object]]:
    """The debug log with ``entry`` appended, last 20 runs kept (CMP-17, REF-25).

    An ``unreachable`` entry of the same ``turn`` (the id of the user message that began
    the running turn) and trigger as the newest entry replaces it instead: ``repeats``
    counts the runs and ``first_at`` keeps the first one's time, so a long tool loop
    whose tail cannot reach the low watermark logs it once per turn (issue 25)."""
    out = [dict(e) for e in log if isinstance(e, Mapping)]
    new = dict(entry)
    last = out[-1] if out else None
    if (last is not None and new.get("result") == CompactionStatus.UNREACHABLE == last.get("result")
            and new.get("turn") is not None and last.get("turn") == new.get("turn")
            and last.get("trigger") == new.get("trigger")):
        repeats = last.get("repeats")
        new["repeats"] = (repeats if isinstance(repeats, int) else 1) + 1
        new["first_at"] = last.get("first_at", last.get("at"))
        out[-1] = new
    else:
        out.append(new)
    return out[-DEBUG_LOG_KEPT:]
