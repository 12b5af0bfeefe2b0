"""What a compaction run leaves in the store (CMP-2, CMP-13, CMP-15, CMP-17…CMP-20,
NUM-8; issue 31 split it out of ``compaction_service``): the committed summary, the
debug-log entry and breaker count of every run, the ``planner_settled`` debug event,
the summary viewer's reads and the user's and the edits' writes.

:class:`CompactionRecords` runs blocking (store) methods on a worker thread when the
service hands them to ``Database.run``; the ``a``-prefixed ones are awaited on the loop.
"""

from __future__ import annotations

import functools
import json
import logging
import os
from collections.abc import Callable
from datetime import datetime

from chathub_desktop.core import compaction as cc
from chathub_desktop.core.flags import env_flag
from chathub_desktop.core.messages import Role, TopicKind
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.summarizer_problem import SummarizerProblem
from chathub_desktop.services.compaction.compaction_outcome import FAILED, CompactionOutcome
from chathub_desktop.services.compaction.summarizer import SummarizerTarget
from chathub_desktop.services.context.request_context import TopicContext
from chathub_desktop.services.errors import InvalidInput, StaleDocument
from chathub_desktop.services.events import EventBus, SecretsRedacted, TopicChanged
from chathub_desktop.services.input_rules import check_text, fit_column
from chathub_desktop.services.memory.secret_scan import redact_secrets
from chathub_desktop.services.topics.topic_service import TopicService
from chathub_desktop.services.views import SummaryView
from chathub_desktop.storage import compaction_state as repo
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.provider_lookup import provider_row

log = logging.getLogger(__name__)

#: Environment switch for structured ``planner_settled`` log events (CMP-17).
DEBUG_ENV = "CHATHUB_COMPACTION_DEBUG"
#: Logger the structured debug events go to (JSON payload in the message).
debug_log = logging.getLogger("chathub_desktop.compaction_debug")

__all__ = ["DEBUG_ENV", "CompactionRecords", "fingerprint"]


def fingerprint(ctx: TopicContext) -> str:
    """The CMP-7 key of an unchanged chat: latest message, summary and model."""
    return cc.unreachable_fingerprint(ctx.last_message_id, ctx.summary, ctx.model)


def _turn_id(ctx: TopicContext) -> int | None:
    """The id of the newest user message: the turn a run happens in (the debug log
    keeps one unreachable entry per turn, ``core.compaction.append_debug``)."""
    return next((h.id for h in reversed(ctx.history) if h.message.role is Role.USER), None)


class CompactionRecords:
    """The store side of compaction for one :class:`Database`: ``bus`` hears
    :class:`TopicChanged` / :class:`SecretsRedacted`, ``on_change`` (topic id) is called
    after each recorded run, ``clock`` stamps rows (UTC)."""

    def __init__(self, db: Database, bus: EventBus, clock: Callable[[], datetime],
                 on_change: Callable[[int], None] | None = None) -> None:
        self._db = db
        self._bus = bus
        self._clock = clock
        self._on_change = on_change
        self._generation: dict[int, int] = {}

    # --- history generations (a run in flight compares them before it stores) ----------
    def generation(self, topic_id: int) -> int:
        """How many times ``topic_id``'s history or summary was edited in this process."""
        return self._generation.get(topic_id, 0)

    def note_history_change(self, topic_id: int) -> None:
        """Count an edit of ``topic_id``: a run in flight then aborts instead of storing a
        summary of old text."""
        self._generation[topic_id] = self._generation.get(topic_id, 0) + 1

    # --- reads ------------------------------------------------------------------------
    def breaker_state(self, topic_id: int) -> tuple[int, datetime | None, str | None]:
        """``(failure count, cooldown until (UTC), remembered unreachable fingerprint)``."""
        with self._db.read() as s:
            st = repo.compaction_state(s, topic_id)
        if st is None:
            return 0, None, None
        return st.failure_count, st.cooldown_until, st.unreachable_fingerprint

    def provider_name(self, provider_id: int) -> str:
        """The provider's display name; ``"chat model"`` when it was deleted."""
        with self._db.read() as s:
            provider = provider_row(s, provider_id)
            return provider.name if provider is not None else "chat model"

    def summary(self, topic_id: int) -> SummaryView:
        """The topic's summary for the read-only viewer (CMP-18, CMP-17, CMP-20). Raises
        ``NotFound`` for an unknown topic."""
        with self._db.read() as s:
            TopicService.row(s, topic_id)
            st = repo.compaction_state(s, topic_id)
        if st is None:
            return SummaryView(topic_id=topic_id, text="", model=None, cursor_message_id=None,
                               updated_at=None, debug_log=(), archives=(), failure_count=0,
                               cooldown_until=None)
        return SummaryView(
            topic_id=topic_id,
            text=st.summary,
            model=st.model,
            cursor_message_id=st.cursor_message_id,
            updated_at=st.updated_at if (st.summary or st.cursor_message_id) else None,
            debug_log=st.debug_log,
            archives=st.archives,
            failure_count=st.failure_count,
            cooldown_until=st.cooldown_until,
            edited=st.edited,
        )

    # --- writes -----------------------------------------------------------------------
    def commit(self, ctx: TopicContext, summary: str, cursor_id: int, target: SummarizerTarget,
               success: bool) -> bool:
        """Summary, cursor, model, archives, snippet and breaker reset in ONE transaction;
        False (nothing written) when the stored summary changed since the run began.
        Likely secrets in ``summary`` are stored as ``[redacted: KIND]`` and a
        :class:`SecretsRedacted` event says which (issue 19)."""
        red = redact_secrets(summary)
        expected = None if ctx.stale_cursor else (ctx.summary, ctx.cursor_message_id)  # REF-19
        with self._db.write() as s:
            done = repo.commit_summary(
                s, ctx.topic_id, ctx.assistant_id, summary=red.text, cursor_id=cursor_id,
                model=fit_column(target.label),  # PROVIDER/MODEL may exceed the column (issue 32)
                now=self._clock(), expected=expected, success=success)
        if not done:
            return False
        if red.changed:
            log.info("topic %s summary: %s", ctx.topic_id, red.notice("the topic summary"))
            self._bus.publish(SecretsRedacted(ctx.assistant_id, "the topic summary", red.kinds,
                                              red.notice("the topic summary"), ctx.topic_id))
        return True

    def edit(self, topic_id: int, text: str, *, expected: str | None) -> None:
        """Store the user's own summary (issue 19; see ``CompactionService.edit_summary``
        for the rules and the errors)."""
        red = redact_secrets(check_text(text, "the summary").strip())
        with self._db.write() as s:
            topic = TopicService.row(s, topic_id)
            if topic.kind != TopicKind.REGULAR:
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "only regular topic chats have a summary to edit")))
            assistant_id = topic.assistant_id
            if not repo.save_edited_summary(s, topic_id, red.text, expected=expected, now=self._clock()):
                raise StaleDocument(Reason(QT_TRANSLATE_NOOP(
                    "ServiceReasons", "the summary changed since you opened it (a compaction finished); your text was "
                                      "not saved — reopen the summary and edit again")))
        self.note_history_change(topic_id)  # a run in flight is refused
        if red.changed:
            self._bus.publish(SecretsRedacted(assistant_id, "the topic summary", red.kinds,
                                              red.notice("the topic summary"), topic_id))
        self._bus.publish(TopicChanged(topic_id))

    def clear_for_edit(self, topic_id: int, message_id: int, position_seq: int | None) -> bool:
        """CMP-15, REF-25: clear what covers an edited or deleted message; tells listeners
        when something was cleared. Returns whether it was."""
        self.note_history_change(topic_id)
        with self._db.write() as s:
            cleared = repo.clear_if_covered(s, topic_id, message_id, position_seq, self._clock())
        if cleared:
            self.changed(topic_id)
        return cleared

    async def failed(self, ctx: TopicContext, trigger: cc.CompactionTrigger, message: str | Reason, before: int,
                     reason: str, model: str | None, high: float, low: float,
                     plan: cc.CompactionPlan | None = None,
                     problem: SummarizerProblem | None = None) -> CompactionOutcome:
        """A failed run's outcome (summary and cursor kept), recorded as a failure.
        ``message``: one line, or a typed reason (issue 27) whose English it becomes."""
        why = message if isinstance(message, Reason) else None
        out = CompactionOutcome(
            topic_id=ctx.topic_id, trigger=trigger, status=FAILED, why=why,
            message=why.english() if why is not None else str(message),
            before_tokens=before, after_tokens=before, input_budget=ctx.input_budget, high=high, low=low,
            cursor_message_id=ctx.cursor_message_id, model=model, reason=reason, summarizer_problem=problem,
        )
        await self.arecord(ctx, out, plan, failed=True)
        return out

    async def arecord(self, ctx: TopicContext, out: CompactionOutcome, plan: cc.CompactionPlan | None, *,
                      remember_unreachable: bool = False, failed: bool = False,
                      max_failures: int = cc.MAX_FAILURES) -> None:
        """:meth:`record` on the store's workers, then tell listeners (on the loop)."""
        await self._db.run(functools.partial(self.record, ctx, out, plan, remember_unreachable=remember_unreachable,
                                             failed=failed, max_failures=max_failures))
        self.changed(ctx.topic_id)

    def record(self, ctx: TopicContext, out: CompactionOutcome, plan: cc.CompactionPlan | None, *,
               remember_unreachable: bool = False, failed: bool = False,
               max_failures: int = cc.MAX_FAILURES) -> None:
        """Append the debug-log entry (CMP-17), count a failure (NUM-8), remember an
        unreachable target for the unchanged chat (CMP-7); emit ``planner_settled``."""
        now = self._clock()
        entry: dict[str, object] = {
            "at": now.isoformat(timespec="seconds"),
            "trigger": out.trigger,
            "result": out.status,
            "reason": out.reason,
            "message": out.message,
            "high": out.high,
            "low": out.low,
            "input_budget": out.input_budget,
            "before_tokens": out.before_tokens,
            "after_tokens": out.after_tokens,
            "compacted_through": out.cursor_message_id,
            "latest_message_id": ctx.last_message_id,
            "turn": _turn_id(ctx),
            "batches": out.batches,
            "model": out.model,
        }
        remember = remember_unreachable and out.trigger == cc.TRIGGER_TOKEN
        with self._db.write() as s:
            repo.record_run(s, ctx.topic_id, entry, now=now, failed=failed, max_failures=max_failures,
                            fingerprint=fingerprint(ctx) if remember else None)
        if env_flag(os.environ, DEBUG_ENV):
            debug_log.info(json.dumps(_settled_payload(ctx, out, plan), sort_keys=True))

    def changed(self, topic_id: int) -> None:
        """Tell ``on_change`` and the bus that ``topic_id``'s compaction state changed."""
        if self._on_change is not None:
            self._on_change(topic_id)
        self._bus.publish(TopicChanged(topic_id))


def _settled_payload(ctx: TopicContext, out: CompactionOutcome, plan: cc.CompactionPlan | None) -> dict[str, object]:
    """The ``planner_settled`` debug event of one run (CMP-17)."""
    window = ctx.window
    return {
        "event": "planner_settled",
        "topic_id": ctx.topic_id,
        "trigger": out.trigger,
        "status": out.status,
        "reason": out.reason,
        "ratio": round(out.before_tokens / out.input_budget, 4)
        if out.before_tokens is not None and out.input_budget else None,
        "maxTokens": ctx.max_tokens,
        "inputBudget": out.input_budget,
        "high": out.high,
        "low": out.low,
        "topicMessageCount": len(ctx.history),
        "effectiveHistoryCount": window.configured_limit if window else None,
        "expandedHistoryCount": window.effective_limit if window else None,
        "excludedByHistoryCount": (window.send_from - window.start) if window else 0,
        "coveredByCursorCount": len(ctx.covered_ids),
        "preSendMessageCountCompact": out.trigger == cc.TRIGGER_MESSAGE_COUNT,
        "beforeTokens": out.before_tokens,
        "afterTokens": out.after_tokens,
        "projectedAfterTokens": plan.projected_after if plan else None,
        "lowTargetTokens": plan.low_target if plan else None,
        "batches": out.batches,
        "compactedThrough": out.cursor_message_id,
    }
