"""The summary viewer's Probes tab (issue 26, CMP-18): check a summary before trusting it.

"Check summary…" first works out the probes and shows what the check costs (requests and
estimated tokens to the History Compress model); "Run check" then asks each probe with the
covered turns and with only the summary, and the table shows what the summary lost. The
last stored check is shown when the tab opens, marked when it was about another summary
(or about a new summary a compaction refused). Store reads and model calls run off the
GUI thread (``services.compaction.summary_probes`` awaits the store's workers).
"""

from __future__ import annotations

from typing import Protocol

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

from chathub_desktop.core.summary_probes import ProbeReport, summary_digest
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.compaction.summarizer import SummarizerFailed
from chathub_desktop.services.compaction.summary_probes import ProbePlan
from chathub_desktop.services.errors import ServiceError

__all__ = ["COLUMNS", "ProbeChecks", "ProbePanel"]

#: Table columns, one row per probe.
COLUMNS = ("Kind", "Question", "In the turns", "Answer from the turns", "Answer from the summary", "Result")
INTRO = ("Probe questions whose answers are in the covered turns (files and paths, decisions, open tasks, "
         "numbers) are asked of the History Compress model twice: with those turns, then with only the "
         "summary. A probe answered from the turns but not from the summary is one the summary lost.")


class ProbeChecks(Protocol):
    """What the panel needs of ``services.compaction.summary_probes.SummaryProbeService``."""

    async def plan_topic(self, topic_id: int) -> ProbePlan:
        """The check of the topic's summary (raises ``ServiceError`` when there is none)."""

    async def run_and_store(self, topic_id: int, plan: ProbePlan) -> ProbeReport:
        """Run ``plan`` and store its report (raises ``SummarizerFailed``)."""

    async def areport(self, topic_id: int) -> ProbeReport | None:
        """The last stored report."""


def result_text(lost: bool, answerable: bool) -> str:
    """The Result cell of one probe."""
    return "Lost" if lost else "Kept" if answerable else "Not in the turns' answer"


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
        layout = QVBoxLayout(self)
        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        set_tone(intro, Tone.MUTED)
        layout.addWidget(intro)
        self.verdict_label = QLabel()
        self.verdict_label.setObjectName("probeVerdict")
        self.verdict_label.setWordWrap(True)
        layout.addWidget(self.verdict_label)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("probeTable")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
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
        self.check_button = QPushButton("Check &summary…")
        self.check_button.setObjectName("checkSummary")
        self.check_button.setToolTip("Work out the probe questions and show what the check costs; nothing is sent yet")
        self.check_button.clicked.connect(self.prepare)
        self.run_button = QPushButton("&Run check")
        self.run_button.setObjectName("runProbes")
        self.run_button.clicked.connect(self.start)
        self.stop_button = QPushButton("S&top")
        self.stop_button.setObjectName("stopProbes")
        self.stop_button.clicked.connect(self.stop)
        for b in (self.check_button, self.run_button, self.stop_button):
            row.addWidget(b)
        layout.addLayout(row)
        self._buttons(idle=True)

    # --- state -------------------------------------------------------------------------
    def _buttons(self, *, idle: bool, planned: bool = False) -> None:
        self.check_button.setVisible(idle and not planned)
        self.run_button.setVisible(idle and planned)
        self.stop_button.setVisible(not idle)

    def _say(self, text: str, tone: Tone) -> None:
        self.verdict_label.setText(text)
        set_tone(self.verdict_label, tone)

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
        for r, a in enumerate(answers):
            cells = (str(a.probe.category), a.probe.question, a.probe.expected, a.with_turns, a.with_summary,
                     result_text(a.lost, a.answerable))
            for c, cell in enumerate(cells):
                item = QTableWidgetItem(cell)
                item.setToolTip(cell)
                self.table.setItem(r, c, item)
        self.table.resizeRowsToContents()
        if report is None:
            self._say("This summary has not been checked yet." if self._digest else "There is no summary to check.",
                      Tone.MUTED)
            return
        note = f"{report.verdict()} Checked by {report.model}."
        if report.rejected:
            note = f"A compaction's new summary was refused and the old one kept. {note}"
        elif report.digest and report.digest != self._digest:
            note = f"This check was of an earlier summary. {note}"
        self._say(note, Tone.WARNING if report.lost else Tone.SUCCESS)

    # --- actions -----------------------------------------------------------------------
    def prepare(self) -> None:
        """Check summary…: work out the probes and show the cost (nothing is sent)."""
        self.cost_label.setText("Working out the probes…")
        self._runner.run(f"probe-plan:{self._topic_id}", self._prepare(), context="Summary probes", quiet=True)

    async def _prepare(self) -> None:
        try:
            plan = await self._checks.plan_topic(self._topic_id)
        except ServiceError as exc:
            self.cost_label.setText(f"The summary cannot be checked: {exc}")
            return
        self._plan = plan
        self.cost_label.setText(plan.cost_line() + ("." if plan.probes else ""))
        self._buttons(idle=True, planned=bool(plan.probes))

    def start(self) -> None:
        """Run check: send the planned probes (cost shown by :meth:`prepare`)."""
        if self._plan is None:
            return
        self._buttons(idle=False)
        self.cost_label.setText(f"Checking: {self._plan.cost_line()}…")
        self._runner.run(f"probe-run:{self._topic_id}", self._run(self._plan), context="Summary probes",
                         quiet=True, on_done=lambda _t: self._buttons(idle=True))

    async def _run(self, plan: ProbePlan) -> None:
        self._plan = None
        try:
            report = await self._checks.run_and_store(self._topic_id, plan)
        except SummarizerFailed as exc:
            self.cost_label.setText(f"The check failed; nothing was stored: {exc}")
            return
        self.cost_label.setText(f"Sent {report.requests} requests.")
        self.show_report(report)

    def stop(self) -> None:
        """Stop a running check (nothing is stored)."""
        if self._runner.cancel(f"probe-run:{self._topic_id}"):
            self.cost_label.setText("Stopped; nothing was stored.")

    def close_tasks(self) -> None:
        """Cancel this panel's tasks (the dialog is closing)."""
        for name in ("probe-report", "probe-plan", "probe-run"):
            self._runner.cancel(f"{name}:{self._topic_id}")
