"""The summary viewer's Probes tab (issue 26, CMP-18): check a summary before trusting it.

"Check summary…" first works out the probes and shows what the check costs (requests and
estimated tokens to the History Compress model); "Run check" then asks each probe with the
covered turns and with only the summary, and the table shows what the summary lost. The
last stored check is shown when the tab opens, marked when it was about another summary
(or about a new summary a compaction refused). Store reads and model calls run off the
GUI thread (``services.compaction.summary_probes`` awaits the store's workers).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.summary_probes import CATEGORY_NAMES, ProbeReport, summary_digest
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_reasons import said, said_error
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.compaction.summarizer import SummarizerFailed
from chathub_desktop.services.compaction.summary_probes import ProbePlan
from chathub_desktop.services.errors import ServiceError

__all__ = ["COLUMNS", "ProbeChecks", "ProbePanel"]

#: Table columns, one row per probe (translated where shown, issue 27).
COLUMNS = (QT_TRANSLATE_NOOP("ProbePanel", "Kind"), QT_TRANSLATE_NOOP("ProbePanel", "Question"),
           QT_TRANSLATE_NOOP("ProbePanel", "In the turns"), QT_TRANSLATE_NOOP("ProbePanel", "Answer from the turns"),
           QT_TRANSLATE_NOOP("ProbePanel", "Answer from the summary"), QT_TRANSLATE_NOOP("ProbePanel", "Result"))
INTRO = QT_TRANSLATE_NOOP(
    "ProbePanel", "Probe questions whose answers are in the covered turns (files and paths, decisions, open tasks, "
    "numbers) are asked of the History Compress model twice: with those turns, then with only the summary. A probe "
    "answered from the turns but not from the summary is one the summary lost.")


class ProbeChecks(Protocol):
    """What the panel needs of ``services.compaction.summary_probes.SummaryProbeService``."""

    async def plan_topic(self, topic_id: int) -> ProbePlan:
        """The check of the topic's summary (raises ``ServiceError`` when there is none)."""

    async def run_and_store(self, topic_id: int, plan: ProbePlan) -> ProbeReport:
        """Run ``plan`` and store its report (raises ``SummarizerFailed``)."""

    async def areport(self, topic_id: int) -> ProbeReport | None:
        """The last stored report."""


def result_text(lost: bool, answerable: bool) -> str:
    """The Result cell of one probe, in the interface language."""
    translate = QCoreApplication.translate
    return translate("ProbePanel", "Lost") if lost else translate("ProbePanel", "Kept") if answerable else \
        translate("ProbePanel", "Not in the turns' answer")


class ProbePanel(QWidget):
    """The Probes tab for ``topic_id``; ``runner`` owns its tasks (cancelled when closed)."""

    def __init__(self, checks: ProbeChecks, topic_id: int, runner: TaskRunner,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("probePanel")
        self._checks = checks
        self._topic_id = topic_id
        self._runner = runner
        self._plan: ProbePlan | None = None
        self._digest = ""
        self._stale = True
        self.report: ProbeReport | None = None
        self.texts = t = Texts(self)  # re-said on a language switch (issue 27)
        translate = QCoreApplication.translate
        layout = QVBoxLayout(self)
        intro = QLabel()
        t.bind(intro.setText, lambda: translate("ProbePanel", INTRO))
        intro.setWordWrap(True)
        set_tone(intro, Tone.MUTED)
        layout.addWidget(intro)
        self.verdict_label = QLabel()
        self.verdict_label.setObjectName("probeVerdict")
        self.verdict_label.setWordWrap(True)
        layout.addWidget(self.verdict_label)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("probeTable")
        t.call(lambda: self.table.setHorizontalHeaderLabels([translate("ProbePanel", c) for c in COLUMNS]))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.cost_label = QLabel()
        self.cost_label.setObjectName("probeCost")
        self.cost_label.setWordWrap(True)
        row.addWidget(self.cost_label, 1)
        self.check_button = QPushButton()
        self.check_button.setObjectName("checkSummary")
        t.bind(self.check_button.setText, lambda: translate("ProbePanel", "Check &summary…"))
        t.bind(self.check_button.setToolTip, lambda: translate(
            "ProbePanel", "Work out the probe questions and show what the check costs; nothing is sent yet"))
        self.check_button.clicked.connect(self.prepare)
        self.run_button = QPushButton()
        t.bind(self.run_button.setText, lambda: translate("ProbePanel", "&Run check"))
        self.run_button.setObjectName("runProbes")
        self.run_button.clicked.connect(self.start)
        self.stop_button = QPushButton()
        t.bind(self.stop_button.setText, lambda: translate("ProbePanel", "S&top"))
        self.stop_button.setObjectName("stopProbes")
        self.stop_button.clicked.connect(self.stop)
        for b in (self.check_button, self.run_button, self.stop_button):
            row.addWidget(b)
        layout.addLayout(row)
        t.call(self._fill_rows)
        self._buttons(idle=True)

    # --- state -------------------------------------------------------------------------
    def _buttons(self, *, idle: bool, planned: bool = False) -> None:
        self.check_button.setVisible(idle and not planned)
        self.run_button.setVisible(idle and planned)
        self.stop_button.setVisible(not idle)

    def _say(self, make: Callable[[], str], tone: Tone) -> None:
        self.texts.bind(self.verdict_label.setText, make)
        set_tone(self.verdict_label, tone)

    def _cost(self, make: Callable[[], str]) -> None:
        self.texts.bind(self.cost_label.setText, make)

    def set_summary(self, text: str) -> None:
        """The summary now in force (the dialog's refresh): the stored report is re-read
        when the tab is shown, at once when it is shown already."""
        self._digest = summary_digest(text) if text.strip() else ""
        self.check_button.setEnabled(bool(self._digest))
        self._stale = True
        if self.isVisible():
            self._reload()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt name
        """Read the stored report the first time the tab is shown after a change."""
        super().showEvent(event)
        if self._stale:
            self._reload()

    def _reload(self) -> None:
        self._stale = False
        self._runner.run(f"probe-report:{self._topic_id}", self._load(), context="Summary probes", quiet=True)

    async def _load(self) -> None:
        self.show_report(await self._checks.areport(self._topic_id))

    def show_report(self, report: ProbeReport | None) -> None:
        """Fill the verdict and the table from ``report`` (None: not checked yet)."""
        self.report = report
        answers = report.answers if report is not None else ()
        self.table.setRowCount(len(answers))
        self._fill_rows()
        self.table.resizeRowsToContents()
        translate = QCoreApplication.translate
        if report is None:
            self._say((lambda: translate("ProbePanel", "This summary has not been checked yet.")) if self._digest
                      else lambda: translate("ProbePanel", "There is no summary to check."), Tone.MUTED)
            return
        rejected, earlier = report.rejected, bool(report.digest and report.digest != self._digest)

        def note() -> str:
            text = fill(translate("ProbePanel", "%1 Checked by %2."), said(report.verdict_reason()), report.model)
            if rejected:
                return fill(translate("ProbePanel", "A compaction's new summary was refused and the old one kept. %1"),
                            text)
            return fill(translate("ProbePanel", "This check was of an earlier summary. %1"), text) if earlier else text
        self._say(note, Tone.WARNING if report.lost else Tone.SUCCESS)

    def _fill_rows(self) -> None:
        """The table's rows from :attr:`report` (the Result cells in the interface language)."""
        answers = self.report.answers if self.report is not None else ()
        for r, a in enumerate(answers[:self.table.rowCount()]):
            kind = QCoreApplication.translate("ServiceReasons", CATEGORY_NAMES[a.probe.category])  # issue 27
            cells = (kind, a.probe.question, a.probe.expected, a.with_turns, a.with_summary,
                     result_text(a.lost, a.answerable))
            for c, cell in enumerate(cells):
                item = QTableWidgetItem(cell)
                item.setToolTip(cell)
                self.table.setItem(r, c, item)

    # --- actions -----------------------------------------------------------------------
    def prepare(self) -> None:
        """Check summary…: work out the probes and show the cost (nothing is sent)."""
        self._cost(lambda: QCoreApplication.translate("ProbePanel", "Working out the probes…"))
        self._runner.run(f"probe-plan:{self._topic_id}", self._prepare(), context="Summary probes", quiet=True)

    async def _prepare(self) -> None:
        try:
            plan = await self._checks.plan_topic(self._topic_id)
        except ServiceError as exc:
            err = exc
            self._cost(lambda: fill(QCoreApplication.translate("ProbePanel", "The summary cannot be checked: %1"),
                                    said_error(err)))
            return
        self._plan = plan
        self._cost(lambda: plan.cost_line() + ("." if plan.probes else ""))
        self._buttons(idle=True, planned=bool(plan.probes))

    def start(self) -> None:
        """Run check: send the planned probes (cost shown by :meth:`prepare`)."""
        if self._plan is None:
            return
        self._buttons(idle=False)
        line = self._plan.cost_line()
        self._cost(lambda: fill(QCoreApplication.translate("ProbePanel", "Checking: %1…"), line))
        self._runner.run(f"probe-run:{self._topic_id}", self._run(self._plan), context="Summary probes",
                         quiet=True, on_done=lambda _t: self._buttons(idle=True))

    async def _run(self, plan: ProbePlan) -> None:
        self._plan = None
        try:
            report = await self._checks.run_and_store(self._topic_id, plan)
        except SummarizerFailed as exc:
            err = exc
            self._cost(lambda: fill(QCoreApplication.translate("ProbePanel", "The check failed; nothing was stored: %1"),
                                    said_error(err)))
            return
        requests = report.requests
        self._cost(lambda: QCoreApplication.translate("ProbePanel", "Sent %Ln request(s).", None, requests))
        self.show_report(report)

    def stop(self) -> None:
        """Stop a running check (nothing is stored)."""
        if self._runner.cancel(f"probe-run:{self._topic_id}"):
            self._cost(lambda: QCoreApplication.translate("ProbePanel", "Stopped; nothing was stored."))

    def close_tasks(self) -> None:
        """Cancel this panel's tasks (the dialog is closing)."""
        for name in ("probe-report", "probe-plan", "probe-run"):
            self._runner.cancel(f"{name}:{self._topic_id}")
