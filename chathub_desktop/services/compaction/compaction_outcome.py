"""What a topic compaction run reports (CMP-6, CMP-17, REF-23): the statuses, the
outcome of one run and the result of the pre-send step. Split from
``services.compaction.compaction_service`` (which re-exports every name here)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum

from chathub_desktop.core import compaction as cc
from chathub_desktop.core.compaction import CompactionStatus
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.summarizer_problem import SummarizerProblem
from chathub_desktop.services.context.request_context import TopicContext
from chathub_desktop.services.errors import ServiceError

COMPACTED = CompactionStatus.COMPACTED
NOTHING_ELIGIBLE = CompactionStatus.NOTHING_ELIGIBLE
FAILED = CompactionStatus.FAILED
UNREACHABLE = CompactionStatus.UNREACHABLE

#: Human wording of each status (CMP-6).
STATUS_TEXT: dict[CompactionStatus, str] = {
    COMPACTED: "compacted",
    NOTHING_ELIGIBLE: "nothing eligible",
    FAILED: "failed",
    UNREACHABLE: "could not reach the target",
}


#: Why a run found nothing to compact (the ``message`` of a ``nothing_eligible`` outcome,
#: CMP-6): no summary yet and no completed turn before the latest message, or every
#: completed turn already summarized; or the next request is small already.
class CompactionReason(StrEnum):
    """The templates of a run's outcome line (issue 27: typed reasons, ``core.reasons``;
    ``%n``: its values; the window says them in the interface language)."""

    SHORT_TOPIC = QT_TRANSLATE_NOOP("ServiceReasons", "this topic is short")
    ALL_SUMMARIZED = QT_TRANSLATE_NOOP("ServiceReasons", "every earlier turn is in the summary already")
    BELOW_LOW = QT_TRANSLATE_NOOP("ServiceReasons", "already below the low watermark")
    NOT_REGULAR = QT_TRANSLATE_NOOP("ServiceReasons", "only regular topic chats use topic compaction")
    FIXED_TOO_LARGE = QT_TRANSLATE_NOOP("ServiceReasons", "the latest turn plus instructions, tools and memory "
                                                          "already exceed the low watermark (%1 tokens)")
    WINDOW_TOO_SMALL = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model's context window (%1 tokens) "
                                                           "is too small to summarize this topic; choose a model "
                                                           "with a larger window")
    NO_BATCH = QT_TRANSLATE_NOOP("ServiceReasons", "no batch was processed")
    EDITED = QT_TRANSLATE_NOOP("ServiceReasons", "the topic was edited while it was being compacted; try again")
    PAUSED = QT_TRANSLATE_NOOP("ServiceReasons", "automatic compaction is paused after %1 failures until %2")
    OUT_OF_REACH = QT_TRANSLATE_NOOP("ServiceReasons", "the low watermark was already out of reach for this "
                                                       "unchanged chat")
    SUMMARY_CHANGED = QT_TRANSLATE_NOOP("ServiceReasons", "the topic's summary changed while it was being "
                                                          "compacted; try again")
    PARTLY_FAILED = QT_TRANSLATE_NOOP("ServiceReasons", "compacted %1 of %2 batches, then failed: %3")
    STILL_ABOVE = QT_TRANSLATE_NOOP("ServiceReasons", "compacted %1 messages; the next request is still above the "
                                                      "low watermark (%2 tokens) because the latest turn and the "
                                                      "fixed context alone are that large")
    COMPACTED = QT_TRANSLATE_NOOP("ServiceReasons", "compacted %1 messages in %2 batches")
    COMPACTED_ONE_BATCH = QT_TRANSLATE_NOOP("ServiceReasons", "compacted %1 messages in %2 batch")
    MORE_REMAIN = QT_TRANSLATE_NOOP("ServiceReasons", "; more turns remain for the next run")
    SUMMARY_CUT = QT_TRANSLATE_NOOP("ServiceReasons", "; the summary reached the History Compress model's length "
                                                      "limit, so only its complete part was kept")


SHORT_TOPIC = CompactionReason.SHORT_TOPIC
ALL_SUMMARIZED = CompactionReason.ALL_SUMMARIZED
BELOW_LOW = CompactionReason.BELOW_LOW


class CompactionInProgress(ServiceError):
    """A compaction of this topic is already running (CMP-6)."""


@dataclass(frozen=True)
class CompactionOutcome:
    """Result of one run (CMP-6, CMP-17).

    - ``status``: ``compacted`` / ``nothing_eligible`` / ``failed`` / ``unreachable``.
    - ``trigger``: ``manual`` / ``token_threshold`` / ``message_count`` / ``overflow``.
    - ``message``: one user-facing line.
    - ``before_tokens`` / ``after_tokens``: next-request estimates, tokens.
    - ``input_budget``: tokens; ``high`` / ``low``: watermark fractions.
    - ``cursor_message_id``: last message the summary covers after the run.
    - ``batches``: batches processed; ``covered_messages``: messages newly covered.
    - ``reason``: short code for skipped/failed runs (``cooldown``, ``unchanged``,
      ``no_summarizer``, ``summarizer``, ``changed``, ``not_regular``), else ``None``.
    - ``summarizer_problem``: set when the run failed because no History Compress model
      can run (a :class:`SummarizerProblem`; the window offers Settings → System Agent).
    """

    topic_id: int
    trigger: cc.CompactionTrigger
    status: CompactionStatus
    message: str
    before_tokens: int | None = None
    after_tokens: int | None = None
    input_budget: int | None = None
    high: float = cc.DEFAULT_HIGH_WATERMARK
    low: float = cc.DEFAULT_HIGH_WATERMARK - cc.LOW_WATERMARK_GAP
    cursor_message_id: int | None = None
    batches: int = 0
    covered_messages: int = 0
    model: str | None = None
    reason: str | None = None
    summarizer_problem: SummarizerProblem | None = None
    #: ``message`` as a typed reason the window says in its language (issue 27); None:
    #: worded only by the provider or the model (shown as ``message``). Not in the JSON.
    why: Reason | None = None

    @property
    def status_text(self) -> str:
        """``compacted`` / ``nothing eligible`` / ``failed`` / ``could not reach the target``."""
        return STATUS_TEXT[self.status]

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict (with ``status_text``)."""
        d = asdict(self)
        del d["why"]
        d["status_text"] = self.status_text
        return d


@dataclass(frozen=True)
class PreSendResult:
    """What :meth:`CompactionService.before_send` did: the runs, and whether the send is
    blocked (REF-23) with the estimate and budget (tokens) that decided it, and the
    context to send: the one passed in, or the reloaded one after a run changed it."""

    outcomes: tuple[CompactionOutcome, ...] = ()
    blocked: bool = False
    message: str = ""
    estimate: int | None = None
    input_budget: int | None = None
    ctx: TopicContext | None = None
    #: ``message`` typed for the window (issue 27), None when there is none.
    why: Reason | None = None
