"""Check a summary before trusting it (issue 26, CMP-18): probe questions asked of the
History Compress model, once with the covered turns and once with only the summary.

- ``await cost(topic_id)`` — the requests and estimated tokens of a check, shown before it runs.
- ``await probe_topic(topic_id)`` — check the topic's summary now (viewer, ``topic probe``).
- ``await gate(topic_id, target, messages, summary)`` — a compaction's check of its new
  summary when the assistant's ``probe-summaries`` setting is on: a reason to keep the old
  state, or None.
- ``report(topic_id)`` — the last stored check (blocking: a worker thread).

Probes come from ``core.summary_probes``; every call of one check goes through ONE
:class:`~chathub_desktop.services.compaction.summarizer.Summarizer` client, closed on every path.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from chathub_desktop.core import summary_probes as sp
from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.compaction import completion_budget
from chathub_desktop.core.messages import ChatMessage, Role
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.request_assembly import message_tokens
from chathub_desktop.providers.catalog import ModelCatalog
from chathub_desktop.services.assistants.settings_service import SettingsService
from chathub_desktop.services.compaction.summarizer import (
    Summarizer,
    SummarizerFailed,
    SummarizerTarget,
    resolve_summarizer,
)
from chathub_desktop.services.context.request_context import ContextLoader
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.providers.provider_service import ProviderService
from chathub_desktop.storage.compaction_state import probe_report, store_probe_report
from chathub_desktop.storage.database import Database
from chathub_desktop.tokens.counter import TokenCounter

log = logging.getLogger(__name__)

#: Tokens of a probe prompt besides the text it quotes (instructions, question, wrapper).
PROMPT_OVERHEAD = 160


@dataclass(frozen=True)
class ProbePlan:
    """What one check will send: the ``probes``, the ``turns`` transcript they are asked
    about (the newest covered turns that fit the model's window), the ``summary``, and the
    cost: ``requests`` (2 per probe) and ``tokens`` (estimated prompt + completion, local count)."""

    target: SummarizerTarget
    probes: tuple[sp.Probe, ...]
    turns: str
    summary: str
    requests: int
    tokens: int
    max_tokens: int

    def cost_line(self) -> str:
        """One line for the viewer and the CLI."""
        if not self.probes:
            return "No probe can be made from the covered turns: nothing to send."
        return (f"{len(self.probes)} probes: {self.requests} requests to {self.target.label}, "
                f"about {self.tokens:,} tokens")


def plan_probes(target: SummarizerTarget, messages: Sequence[ChatMessage], summary: str,
                limit: int = sp.DEFAULT_PROBES) -> ProbePlan:
    """The check of ``summary`` against ``messages`` (the turns it covers), sized for the
    target's window: only the newest turns whose local count fits ``0.9 × window`` minus
    the answer and prompt overhead are quoted, and probes come from those only.
    Blocking (token counting): a worker thread."""
    counter = TokenCounter.for_model(target.model)
    # +2048 only for a model known to reason: an unlisted small local model's window
    # (2,048 tokens) would leave no room for the turns (REF-21 adds it for summaries)
    max_tokens = completion_budget(sp.ANSWER_TOKENS, target.card.reasoning)
    room = int(target.window * 0.9) - max_tokens - PROMPT_OVERHEAD
    kept: list[ChatMessage] = []
    used = 0
    for m in reversed([m for m in messages if m.role is not Role.SYSTEM and m.content.strip()]):
        cost = message_tokens(m, counter.count)
        if used + cost > room:
            break
        kept.append(m)
        used += cost
    kept.reverse()
    probes = sp.derive_probes([m.content for m in kept], limit)
    summary_tokens = counter.count(summary)
    per_probe = 2 * (PROMPT_OVERHEAD + max_tokens) + used + summary_tokens
    return ProbePlan(target, probes, sp.transcript(kept), summary, 2 * len(probes), per_probe * len(probes),
                     max_tokens)


class SummaryProbeService:
    """Probe checks of topic summaries (see the module docstring)."""

    def __init__(self, db: Database, providers: ProviderService, settings: SettingsService,
                 catalog: ModelCatalog, loader: ContextLoader, *,
                 clock: Callable[[], datetime] = utcnow) -> None:
        self._db = db
        self._providers = providers
        self._settings = settings
        self._catalog = catalog
        self._loader = loader
        self._clock = clock

    async def plan_topic(self, topic_id: int, limit: int = sp.DEFAULT_PROBES) -> ProbePlan:
        """The check of ``topic_id``'s summary in force against the turns it covers.
        Raises ``NotFound`` for an unknown topic, :class:`InvalidInput` for a topic without
        a summary or not a regular chat, ``SummarizerUnavailable`` without a History
        Compress model."""
        ctx = await self._loader.aload(topic_id)
        if not ctx.regular:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "only regular topic chats have a summary to "
                                                                          "check")))
        if not ctx.summary.strip():
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "this topic has no summary to check yet")))
        covered = set(ctx.covered_ids)
        messages = [h.message for h in ctx.history if h.id in covered and h.sendable]
        target = await self._db.run(resolve_summarizer, self._db, self._settings, self._catalog)
        return await self._db.run(plan_probes, target, messages, ctx.summary, limit)

    async def probe_topic(self, topic_id: int, limit: int = sp.DEFAULT_PROBES) -> sp.ProbeReport:
        """Check the topic's summary now and store the report with its compaction state.
        Raises as :meth:`plan_topic`, and :class:`SummarizerFailed` when a call fails
        (nothing stored)."""
        return await self.run_and_store(topic_id, await self.plan_topic(topic_id, limit))

    async def run_and_store(self, topic_id: int, plan: ProbePlan) -> sp.ProbeReport:
        """:meth:`run` ``plan`` (made by :meth:`plan_topic`, whose cost the user saw) and
        store the report with the topic's compaction state."""
        report = await self.run(plan)
        await self._db.run(self._store, topic_id, report)
        return report

    async def run(self, plan: ProbePlan, *, rejected: bool = False) -> sp.ProbeReport:
        """Ask every probe of ``plan`` twice (turns, then summary) through one client.
        Raises :class:`SummarizerFailed` for a failed call; ``CancelledError`` passes through."""
        answers = []
        async with Summarizer(self._providers, plan.target) as model:
            for probe in plan.probes:
                replies = []
                for source, text in (("conversation", plan.turns), ("summary", plan.summary)):
                    done = await model.complete(sp.probe_prompt(source, text, probe.question), plan.max_tokens,
                                                exact=True)
                    replies.append(sp.clean_answer(done.text))
                answers.append(sp.ProbeAnswer(probe, replies[0], replies[1]))
        report = sp.ProbeReport(tuple(answers), plan.target.label, self._clock().isoformat(timespec="seconds"),
                                plan.requests, rejected, sp.summary_digest(plan.summary))
        log.info("probe check with %s: %s", plan.target.label, report.verdict())
        return report

    async def gate(self, topic_id: int, target: SummarizerTarget, messages: Sequence[ChatMessage],
                   summary: str) -> Reason | None:
        """A compaction's check of its new ``summary`` against the ``messages`` it merged
        in: None when it kept every answerable probe (or none could be made), else why the
        old state is kept (a typed reason, issue 27). The report is stored either way; a failed probe call
        is a reason too (the setting asks for a checked summary)."""
        plan = await self._db.run(plan_probes, target, messages, summary)
        try:
            report = await self.run(plan)
        except SummarizerFailed as exc:
            return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the new summary could not be checked, so the old state "
                                                              "was kept: %1"), (str(exc),))
        if not report.passed:
            report = sp.ProbeReport(report.answers, report.model, report.at, report.requests, True, report.digest)
        await self._db.run(self._store, topic_id, report)
        if report.passed:
            return None
        return Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "the new summary failed its probe check, so the old state was kept. %1"),
            (report.verdict_reason(),))

    async def areport(self, topic_id: int) -> sp.ProbeReport | None:
        """:meth:`report` on the store's workers."""
        return await self._db.run(self.report, topic_id)

    def report(self, topic_id: int) -> sp.ProbeReport | None:
        """The last stored check of ``topic_id`` (None when none). Blocking: a worker thread."""
        with self._db.read() as s:
            stored = probe_report(s, topic_id)
        return sp.report_from_json(stored) if stored is not None else None

    def _store(self, topic_id: int, report: sp.ProbeReport) -> None:
        with self._db.write() as s:
            store_probe_report(s, topic_id, sp.report_to_json(report))

