"""Token-badge maths: anchors, the learned correction and the cache line (TOK-3, TOK-4, TOK-6;
what an image costs is ``core.image_tokens``, TOK-5).

Pure functions over plain values; no I/O. The service layer
(``services.context.estimate_service``) feeds them the assembled request plan, the stored
provider usage and what this process recorded when it sent each request.

Units: token counts are ``int`` tokens; ratios are dimensionless floats.

Estimate modes (REF-28, TOK-3, TOK-4):

- ``counted``   — no usable provider report: ``scale(whole window)``.
- ``anchored``  — a trusted report: ``report + scale(tail + Δ fixed overhead)``.
- ``fallback``  — a report this process cannot vouch for (fresh process, another
  process sent it): ``max(scale(whole window), report + scale(tail))``.
- ``recounted`` — the report's prefix no longer matches (history limit raised or
  removed, window expanded, input template changed, earlier rows edited, topic
  compacted since): ``scale(whole window)``.

The *tail* is the locally counted tokens of the anchor reply's own text and every
row after it in the window, plus the draft. ``scale`` is the correction factor of
REF-27 applied to locally counted tokens only, rounded up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

# --- correction factor (REF-27) ---------------------------------------------------------

#: Clamp of one reported ÷ local sample (REF-27).
RATIO_MIN = 0.6
RATIO_MAX = 1.8
#: Weight of a new sample in the exponential average (REF-27).
EMA_ALPHA = 0.1
#: Samples needed before the learned ratio is applied; until then the factor is 1.0.
MIN_SAMPLES = 8


@dataclass(frozen=True, slots=True)
class Correction:
    """Learned reported ÷ local ratio of one (provider, model) and how many samples it has.

    ``ratio`` is the running exponential average of clamped samples; :attr:`factor` is
    what is applied (1.0 until :data:`MIN_SAMPLES` samples).
    """

    ratio: float = 1.0
    samples: int = 0

    @property
    def factor(self) -> float:
        """The multiplier applied to locally counted tokens (1.0 while still learning)."""
        return self.ratio if self.samples >= MIN_SAMPLES else 1.0


def clamp_ratio(ratio: float) -> float:
    """``ratio`` clamped to [:data:`RATIO_MIN`, :data:`RATIO_MAX`]."""
    return min(RATIO_MAX, max(RATIO_MIN, ratio))


def learn(previous: Correction, reported: int, local: int) -> Correction:
    """Fold one completed request into ``previous`` (REF-27).

    ``reported``: the provider's input tokens; ``local``: this process's exact local
    count of the same request. The first sample seeds the average; later samples move it
    by :data:`EMA_ALPHA`. Non-positive inputs leave ``previous`` unchanged.
    """
    if reported <= 0 or local <= 0:
        return previous
    sample = clamp_ratio(reported / local)
    if previous.samples <= 0:
        return Correction(sample, 1)
    ratio = clamp_ratio(previous.ratio + EMA_ALPHA * (sample - previous.ratio))
    return Correction(ratio, previous.samples + 1)


def scale(tokens: int, factor: float) -> int:
    """``tokens × factor`` rounded up (REF-27); exact for factor 1.0, negatives allowed."""
    if factor == 1.0:
        return tokens
    return math.ceil(tokens * factor - 1e-9)


# --- silent truncation by the server (REF-27) ------------------------------------------

#: A provider that reports less than this share of what was sent read only part of it.
TRUNCATION_SHARE = 0.7
#: ...and by at least this many tokens (ours): small requests differ by framing and by
#: how a vendor counts tool schemas, and no server's context is that small.
TRUNCATION_MIN_GAP = 1024
#: ``Message.error_kind`` of a complete reply whose server silently cut the prompt.
INPUT_TRUNCATED = "input_truncated"


def silently_truncated(reported: int | None, local: int, counted_exactly: bool) -> bool:
    """True when a provider reported far less input than the request this process sent
    and counted exactly (no image allowances): ``reported < 0.7 × local`` and at least
    :data:`TRUNCATION_MIN_GAP` tokens less — an Ollama-style server that cut the front
    of an oversized prompt and answered 200. Asked only for a local/self-hosted server
    (``core.base_urls.is_self_hosted``): a hosted vendor's report is what it billed.
    Such a report is neither an anchor nor a correction sample (REF-27). Tokens."""
    return (counted_exactly and reported is not None and reported > 0 and local > 0
            and reported < TRUNCATION_SHARE * local and local - reported >= TRUNCATION_MIN_GAP)


def truncation_warning(reported: int, local: int) -> str:
    """The reply's warning line: ``the server read only 2,048 of about 10,300 tokens: its
    context is smaller than the model card says`` (``local`` shown to the nearest 100
    from 1,000 on, as it is this process's estimate)."""
    return truncation_reason(reported, local).english()


def truncation_reason(reported: int, local: int) -> Reason:
    """:func:`truncation_warning` as a typed reason the window says in its language (issue 27)."""
    about = round(local, -2) if local >= 1000 else local
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the server read only %1 of about %2 tokens: its context is "
                                                      "smaller than the model card says"), (f"{reported:,}", f"{about:,}"))


# --- anchors (TOK-3, TOK-4, REF-28) -----------------------------------------------------


class EstimateMode(StrEnum):
    """How the badge total was reached (see the module docstring)."""

    COUNTED = "counted"
    ANCHORED = "anchored"
    FALLBACK = "fallback"
    RECOUNTED = "recounted"


@dataclass(frozen=True, slots=True)
class ReplyUsage:
    """What the store says about one assistant reply, for anchor selection.

    ``seq`` is the row's position in the topic (ids and seq only grow; timestamps are
    never compared across machines). ``sent_here`` is True when this process sent it.
    """

    message_id: int
    seq: int
    status: MessageStatus
    input_tokens: int | None
    sent_here: bool


@dataclass(frozen=True, slots=True)
class CompactionMark:
    """The latest compaction of a topic, as far as anchors care.

    ``cursor_id``: last message id covered by the summary (``None``: no cursor).
    ``through_id``: the newest message id that existed when it ran, when the debug log
    recorded one. ``before_ids``: ids of rows known to have existed when it ran (from
    the stored timestamps; only used to *ignore* anchors, never to revive one).
    """

    cursor_id: int | None = None
    through_id: int | None = None
    before_ids: frozenset[int] = frozenset()

    def covers(self, message_id: int) -> bool:
        """True when ``message_id`` existed at or before the compaction (pre-compact)."""
        if self.cursor_id is not None and message_id <= self.cursor_id:
            return True
        if self.through_id is not None and message_id <= self.through_id:
            return True
        return message_id in self.before_ids


class AnchorReason(StrEnum):
    """Why no provider count anchors the estimate (TOK-4, REF-28); its value is the
    English the CLI prints, the window says it by member (issue 27). ``NONE``: an anchor
    is used."""

    NONE = ""
    NO_REPORT = "no reply in the window reports input tokens yet"
    NO_REPORT_SINCE_COMPACTION = "no reply since the last compaction reports input tokens yet"
    PREDATES_COMPACTION = "the last reported reply predates the last compaction"
    MODEL_CHANGED = "the model changed since that reply"
    OTHER_PROCESS = ("that reply came from another ChatHub process (an earlier run, the command line or "
                     "another window)")
    BEFORE_THIS_RUN = "that reply was sent before this run of ChatHub started"
    TEMPLATE_CHANGED = "the input template changed since that request"
    LIMIT_RAISED = "the history limit was raised or turned off"
    WINDOW_EXPANDED = "the large-context window expanded"
    COMPACTED = "the topic was compacted since that request"
    ROWS_CHANGED = "earlier messages changed since that request"


def select_anchor(
    replies: Sequence[ReplyUsage], included_ids: Sequence[int], compaction: CompactionMark | None = None
) -> tuple[ReplyUsage | None, AnchorReason]:
    """The newest completed reply in the window that carries a provider input count.

    ``replies`` are the topic's assistant rows with usage (any order); only rows whose
    id is in ``included_ids`` (the window about to be sent) qualify. A candidate that
    predates the latest compaction is ignored, and so is every older one (they are
    older still). Returns ``(anchor or None, reason)``; ``reason`` explains a ``None``.
    """
    window = set(included_ids)
    candidates = [
        r for r in replies
        if r.message_id in window and r.status == MessageStatus.COMPLETE and r.input_tokens and r.input_tokens > 0
    ]
    if not candidates:
        if compaction is not None and any(r.input_tokens and compaction.covers(r.message_id) for r in replies):
            # the replies that showed "in N" are summarized now, outside the window (walk39)
            return None, AnchorReason.NO_REPORT_SINCE_COMPACTION
        return None, AnchorReason.NO_REPORT
    newest = max(candidates, key=lambda r: (r.seq, r.message_id))
    if compaction is not None and compaction.covers(newest.message_id):
        return None, AnchorReason.PREDATES_COMPACTION
    return newest, AnchorReason.NONE


@dataclass(frozen=True, slots=True)
class SentPrefix:
    """What this process sent in the request an assistant reply answered.

    - ``rows``: ``(message id, digest, local tokens)`` of every history row sent, in
      order (digest covers role, content, tool calls; tokens include the template).
    - ``input_template`` / ``history_limit`` (``None`` = off) / ``expanded_to`` (the
      large-window effective limit, ``None`` = not expanded): the window shape then.
    - ``fixed_overhead``: instructions + tools + memory + summary tokens then.
    - ``compaction_key``: identifies the topic summary in force (cursor + digest).
    - ``local_total``: exact local count of the whole request; ``has_images``: any image
      in it (such requests are not used for learning, REF-27).
    """

    rows: tuple[tuple[int, str, int], ...]
    input_template: str
    history_limit: int | None
    expanded_to: int | None
    fixed_overhead: int
    compaction_key: str
    local_total: int
    has_images: bool = False


@dataclass(frozen=True, slots=True)
class WindowNow:
    """The current window's shape, compared against a :class:`SentPrefix`.

    ``prefix``: ``(id, digest, tokens)`` of the included rows *before* the anchor reply.
    """

    prefix: tuple[tuple[int, str, int], ...]
    input_template: str
    history_limit: int | None
    expanded_to: int | None
    fixed_overhead: int
    compaction_key: str


@dataclass(frozen=True, slots=True)
class AnchorJudgement:
    """Verdict on an anchor: the ``mode`` to use, a human ``reason``, the tokens of sent
    rows that have since slid out of the front of the window (``slid_out``, subtracted
    from the report), and the fixed-overhead change since the send (``overhead_delta``)."""

    mode: EstimateMode
    reason: AnchorReason
    slid_out: int = 0
    overhead_delta: int = 0


def _limit_raised(before: int | None, now: int | None) -> bool:
    if before is None:
        return False
    return now is None or now > before


def judge_anchor(sent: SentPrefix | None, now: WindowNow, sent_here: bool,
                 model_changed: bool = False) -> AnchorJudgement:
    """Apply the stale-anchor rules (TOK-4, REF-28) to one anchor reply.

    A report of another model or provider than the next request's (``model_changed``:
    the topic's model was switched since, issue 14) counted another prefix with another
    tokenizer: it is no anchor and no fallback floor (recount). Only a request this
    process sent (``sent_here``) with a recorded ``sent`` prefix can
    be trusted; otherwise the fallback max() applies. A raised or removed history limit,
    a newly expanded window, a changed input template, a different topic summary, or any
    change to the rows that were sent drops the anchor (recount). Rows that merely slid
    out of the front of the window under an unchanged limit keep the anchor: their
    counted tokens leave the report.
    """
    if model_changed:
        return AnchorJudgement(EstimateMode.RECOUNTED, AnchorReason.MODEL_CHANGED)
    if not sent_here:
        return AnchorJudgement(EstimateMode.FALLBACK, AnchorReason.OTHER_PROCESS)
    if sent is None:
        return AnchorJudgement(EstimateMode.FALLBACK, AnchorReason.BEFORE_THIS_RUN)
    if sent.input_template != now.input_template:
        return AnchorJudgement(EstimateMode.RECOUNTED, AnchorReason.TEMPLATE_CHANGED)
    if _limit_raised(sent.history_limit, now.history_limit):
        return AnchorJudgement(EstimateMode.RECOUNTED, AnchorReason.LIMIT_RAISED)
    if now.expanded_to is not None and (sent.expanded_to is None or now.expanded_to > sent.expanded_to):
        return AnchorJudgement(EstimateMode.RECOUNTED, AnchorReason.WINDOW_EXPANDED)
    if sent.compaction_key != now.compaction_key:
        return AnchorJudgement(EstimateMode.RECOUNTED, AnchorReason.COMPACTED)
    n = len(now.prefix)
    if n > len(sent.rows) or tuple(r[:2] for r in sent.rows[len(sent.rows) - n:]) != tuple(
        r[:2] for r in now.prefix
    ):
        return AnchorJudgement(EstimateMode.RECOUNTED, AnchorReason.ROWS_CHANGED)
    slid = sum(r[2] for r in sent.rows[: len(sent.rows) - n])
    return AnchorJudgement(
        EstimateMode.ANCHORED, AnchorReason.NONE, slid_out=slid, overhead_delta=now.fixed_overhead - sent.fixed_overhead
    )


def anchored_total(
    mode: EstimateMode, whole_local: int, report: int, tail_local: int, factor: float,
    overhead_delta: int = 0, slid_out: int = 0,
) -> int:
    """The badge total for ``mode`` (REF-28), tokens.

    ``whole_local``: local count of the whole next request (draft included);
    ``report``: the anchor's provider input tokens; ``tail_local``: local count of the
    anchor reply and everything after it (draft included); ``factor``: correction.
    """
    whole = scale(whole_local, factor)
    if mode is EstimateMode.ANCHORED:
        return max(0, report - scale(slid_out, factor) + scale(tail_local + overhead_delta, factor))
    if mode is EstimateMode.FALLBACK:
        return max(whole, report + scale(tail_local, factor))
    return whole


# --- cache block (TOK-6, REF-31) --------------------------------------------------------

NO_TELEMETRY = "No provider telemetry yet"
FIRST_WRITE = "0% hit / no hit yet"


@dataclass(frozen=True, slots=True)
class CacheReport:
    """Cache counters of one settled reply: ``input`` is its total provider input,
    ``cached`` the tokens read from cache, ``cache_write`` the tokens written (tokens)."""

    message_id: int
    model: str | None
    input_tokens: int | None
    cached: int | None
    cache_write: int | None


def cache_line(report: CacheReport | None) -> str:
    """The popover's cache status line (TOK-6, REF-31).

    ``99.2% hit · working · 18,432 / 18,579`` (cached ÷ input, one decimal, thousands
    separators); ``0% hit / no hit yet`` for a write-only first turn (Anthropic cache
    creation); ``0.0% hit · no hit · 0 / 18,579`` when the counters say nothing was
    cached; :data:`NO_TELEMETRY` when no reply reported cache counters.
    """
    if report is None or (report.cached is None and report.cache_write is None):
        return NO_TELEMETRY
    cached = report.cached or 0
    total = report.input_tokens or 0
    if cached <= 0 and (report.cache_write or 0) > 0:
        return FIRST_WRITE
    if total <= 0:
        return f"{cached:,} cached · input not reported"
    total = reported_input(total, cached)
    state = "working" if cached > 0 else "no hit"
    return f"{hit_rate_text(cached, total)}% hit · {state} · {cached:,} / {total:,}"


def hit_rate_text(cached: int, total: int) -> str:
    """``cached ÷ total`` in percent with one decimal, rounded half up like the reference
    (REF-31: 1 of 16 → ``6.3``, where Python's half-even float formatting shows 6.2);
    exact integer arithmetic, never above ``100.0``. ``total`` must be positive."""
    cached = min(max(0, cached), total)
    tenths = (2000 * cached + total) // (2 * total)  # round(1000 × cached ÷ total), halves up
    return f"{tenths // 10}.{tenths % 10}"


def reported_input(input_tokens: int, cached_tokens: int | None) -> int:
    """The whole prompt of a reply whose provider may report cached tokens *beside* the
    prompt count instead of inside it (llama.cpp-style servers, some OpenAI-compatible
    proxies: ``prompt_tokens`` 2,000 with ``cached_tokens`` 28,000 is 30,000 tokens of
    input). Cached above the prompt count can only mean "beside": then the sum, else
    ``input_tokens`` unchanged. Tokens."""
    if cached_tokens is not None and cached_tokens > input_tokens:
        return input_tokens + cached_tokens
    return input_tokens


def cache_help(report: CacheReport | None) -> str:
    """Tooltip of the cache block's ``?``: what it is, and which model reported it."""
    base = ("Prompt-cache rate the provider reported for the latest reply that carried cache "
            "counters: cached input ÷ all reported input. It is not the next-request estimate "
            "above, and Compact does not reset it.")
    if report is None or (report.cached is None and report.cache_write is None):
        return base + " No reply in this topic has reported cache counters yet."
    return base + f" Reported by {report.model or 'an unknown model'} (message #{report.message_id})."


def newest_cache_report(reports: Sequence[CacheReport]) -> CacheReport | None:
    """The last of ``reports`` (oldest first) that carries a cache counter; a newer reply
    reporting only totals does not replace an earlier cache-bearing one."""
    for r in reversed(reports):
        if r.cached is not None or r.cache_write is not None:
            return r
    return None
