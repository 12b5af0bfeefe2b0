"""Topic → View topic summary… (CMP-18, CMP-17, CMP-20): the read-only rolling summary of
one topic, the model that wrote it and when, how far it reaches ("covers messages up
to #N"), Copy and Export…, the archive excerpts of its summaries so far, the quality check
(issue 26) and, last, the debug log of the recent compaction runs (one row per run:
time, trigger, result, watermarks, estimates before/after, compacted-through message).

The tabs are named for what a user finds there (walk49 #6: they read "Debug", "Archives"
and "Probes"): Summary · Summary history · Quality check · How it was made, each with
a tooltip saying what it holds; the technical run log comes last.

Everything comes from ``services.compaction.summary(topic_id)`` (a ``SummaryView``) and
``export_summary``; the dialog re-reads it when the topic changes (a compaction, an
edit that cleared the summary), so it never shows a summary that no longer exists.
"""

from __future__ import annotations

import html
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.compaction import CompactionStatus, CompactionTrigger
from chathub_desktop.core.messages import Role
from chathub_desktop.gui.context.summary_editing import SummaryEditing
from chathub_desktop.gui.context.summary_probe_panel import ProbePanel
from chathub_desktop.gui.design import Tone, current_colours, set_tone
from chathub_desktop.gui.dialogs.file_dialogs import open_markdown_save_dialog
from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.gui.shell.day_format import format_day_time
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.screen_room import fitted_to_screen
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.private_files import write_private
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.views import SummaryView

if TYPE_CHECKING:
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.events import TopicChanged

#: Human names of the compaction triggers (``core.compaction.TRIGGERS``; translated where
#: shown, in the SummaryDialog context).
TRIGGER_TEXT: dict[str, str] = {
    CompactionTrigger.MANUAL: QT_TRANSLATE_NOOP("SummaryDialog", "Compact now"),
    CompactionTrigger.TOKEN: QT_TRANSLATE_NOOP("SummaryDialog", "Token auto-compact"),
    CompactionTrigger.MESSAGE_COUNT: QT_TRANSLATE_NOOP("SummaryDialog", "History limit"),
    CompactionTrigger.OVERFLOW: QT_TRANSLATE_NOOP("SummaryDialog", "Overflow rescue"),
}
#: Human names of the run results (CMP-6).
RESULT_TEXT: dict[str, str] = {  # translated where shown, in the SummaryDialog context
    CompactionStatus.COMPACTED: QT_TRANSLATE_NOOP("SummaryDialog", "compacted"),
    CompactionStatus.NOTHING_ELIGIBLE: QT_TRANSLATE_NOOP("SummaryDialog", "nothing eligible"),
    CompactionStatus.FAILED: QT_TRANSLATE_NOOP("SummaryDialog", "failed"),
    CompactionStatus.UNREACHABLE: QT_TRANSLATE_NOOP("SummaryDialog", "could not reach the target"),
}
#: Debug table columns (translated where shown).
DEBUG_COLUMNS = (QT_TRANSLATE_NOOP("SummaryDialog", "Time"), QT_TRANSLATE_NOOP("SummaryDialog", "Trigger"),
                 QT_TRANSLATE_NOOP("SummaryDialog", "Result"), QT_TRANSLATE_NOOP("SummaryDialog", "High / low"),
                 QT_TRANSLATE_NOOP("SummaryDialog", "Before"), QT_TRANSLATE_NOOP("SummaryDialog", "After"),
                 QT_TRANSLATE_NOOP("SummaryDialog", "Through #"), QT_TRANSLATE_NOOP("SummaryDialog", "Batches"),
                 QT_TRANSLATE_NOOP("SummaryDialog", "Model"), QT_TRANSLATE_NOOP("SummaryDialog", "Details"))

EMPTY_TEXT = QT_TRANSLATE_NOOP(
    "SummaryDialog",
    "<p><b>No summary yet.</b></p><p>This topic has no rolling summary: nothing has been compacted, or an edit to a "
    "covered message cleared it. <b>Compact now</b> (Ctrl+Shift+K) summarizes the completed turns before your latest "
    "message with the History Compress model; every original message stays in the topic.</p>")


#: The status line's texts (translated where shown).
COPIED = QT_TRANSLATE_NOOP("SummaryDialog", "Copied to the clipboard.")
NOTHING_TO_EXPORT = QT_TRANSLATE_NOOP("SummaryDialog", "There is no summary to export.")
EXPORT_FAILED = QT_TRANSLATE_NOOP("SummaryDialog", "Export failed: %1")
EXPORTED = QT_TRANSLATE_NOOP("SummaryDialog", "Exported to %1")


def _tr(text: str) -> str:
    """``text`` (marked with ``QT_TRANSLATE_NOOP``) in the SummaryDialog context."""
    return QCoreApplication.translate("SummaryDialog", text)


def local_time(value: object) -> str:
    """``YYYY-MM-DD HH:MM:SS`` in local time for a datetime or ISO text ("unknown time"
    when it cannot be read)."""
    when: datetime | None
    if isinstance(value, datetime):
        when = value
    else:
        try:
            when = datetime.fromisoformat(str(value))
        except (TypeError, ValueError):
            return QCoreApplication.translate("SummaryDialog", "unknown time")
    return format_day_time(when, None, "", seconds=True)  # the desktop's zone (issue 29)


def _tokens(value: object) -> str:
    return f"{value:,}" if isinstance(value, int) else "—"


def _fraction(value: object) -> str:
    return f"{value:.2f}" if isinstance(value, int | float) else "—"


def debug_row(entry: dict[str, object]) -> list[str]:
    """The cells of one debug-log entry, in :data:`DEBUG_COLUMNS` order."""
    through = entry.get("compacted_through")
    repeats = entry.get("repeats")
    again = fill(QCoreApplication.translate("SummaryDialog", " · %1 runs this turn, the first at %2"), str(repeats),
                 local_time(entry.get("first_at"))) if isinstance(repeats, int) and repeats > 1 else ""
    trigger, result = str(entry.get("trigger")), str(entry.get("result"))
    return [
        local_time(entry.get("at")),
        _tr(TRIGGER_TEXT[trigger]) if trigger in TRIGGER_TEXT else str(entry.get("trigger") or "—"),
        _tr(RESULT_TEXT[result]) if result in RESULT_TEXT else str(entry.get("result") or "—"),
        f"{_fraction(entry.get('high'))} / {_fraction(entry.get('low'))}",
        _tokens(entry.get("before_tokens")),
        _tokens(entry.get("after_tokens")),
        f"#{through}" if through is not None else "—",
        str(entry.get("batches") if entry.get("batches") is not None else "—"),
        str(entry.get("model") or "—"),
        str(entry.get("message") or "") + (f" ({entry.get('reason')})" if entry.get("reason") else "") + again,
    ]


class SummaryDialog(QDialog):
    """The viewer of ``topic_id``'s summary (non-modal). ``events``: refresh on changes;
    ``runner``: the window's task runner (the Quality check tab's checks run there)."""

    def __init__(self, services: Services, topic_id: int, *, events: ChatEvents | None = None,
                 title: str = "", parent: QWidget | None = None, runner: TaskRunner | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("summaryDialog")
        self.svc = services
        self.topic_id = topic_id
        self.view: SummaryView | None = None
        self.texts = t = Texts(self)  # re-said on a language switch (issue 27)
        translate = QCoreApplication.translate
        t.bind(self.setWindowTitle, lambda: fill(translate("SummaryDialog", "Topic summary — %1"), title) if title
               else translate("SummaryDialog", "Topic summary"))
        self.resize(fitted_to_screen(QSize(860, 540), self))  # a 1280×720 screen at 125 % too (issue 29)
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget()
        self.tabs.setProperty("underline", True)  # the design system's tabs (issue 29), as Search's
        layout.addWidget(self.tabs, 1)
        # --- summary tab
        page = QWidget()
        pl = QVBoxLayout(page)
        self.meta_label = QLabel()
        self.meta_label.setObjectName("summaryMeta")
        self.meta_label.setTextFormat(Qt.TextFormat.RichText)
        self.meta_label.setWordWrap(True)
        self.meta_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        pl.addWidget(self.meta_label)
        self.stack = QStackedWidget()
        self.text_edit = QPlainTextEdit()
        self.text_edit.setObjectName("summaryText")
        self.text_edit.setReadOnly(True)
        t.bind(self.text_edit.setAccessibleName, lambda: translate("SummaryDialog", "Topic summary"))
        self.empty_label = QLabel()
        t.bind(self.empty_label.setText, lambda: translate("SummaryDialog", EMPTY_TEXT))
        self.empty_label.setObjectName("summaryEmpty")
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setMargin(30)
        self.stack.addWidget(self.text_edit)
        self.stack.addWidget(self.empty_label)
        pl.addWidget(self.stack, 1)
        summary_index = self.tabs.addTab(page, "")
        t.bind(lambda s: self.tabs.setTabText(summary_index, s), lambda: translate("SummaryDialog", "&Summary"))
        t.bind(lambda s: self.tabs.setTabToolTip(summary_index, s), lambda: translate(
            "SummaryDialog", "What the model keeps of this topic's older messages; it is sent in their place"))
        # --- archives tab (CMP-20)
        self.archives_edit = QPlainTextEdit()
        self.archives_edit.setObjectName("archivesText")
        self.archives_edit.setReadOnly(True)
        self.archives_index = self.tabs.addTab(self.archives_edit, "")
        t.bind(lambda s: self.tabs.setTabToolTip(self.archives_index, s), lambda: translate(
            "SummaryDialog", "An excerpt of each summary as it was written, newest first"))
        # --- probes tab (issue 26)
        self.runner = runner or TaskRunner(None, max_threads=1)
        self.probes = ProbePanel(services.probes, topic_id, self.runner)
        self.probes_index = self.tabs.addTab(self.probes, "")
        t.bind(lambda s: self.tabs.setTabText(self.probes_index, s), lambda: translate("SummaryDialog", "&Quality check"))
        t.bind(lambda s: self.tabs.setTabToolTip(self.probes_index, s), lambda: translate(
            "SummaryDialog", "Ask the model questions about the covered messages and see which ones the summary "
            "can no longer answer"))
        # --- debug tab (CMP-17): the technical log, last
        debug = QWidget()
        dl = QVBoxLayout(debug)
        self.debug_intro = QLabel()
        t.bind(self.debug_intro.setText, lambda: translate(
            "SummaryDialog", "One row per compaction run, newest first (the last 20 are kept); estimates are "
            "next-request tokens. Hover a row for its full details."))
        self.debug_intro.setWordWrap(True)
        dl.addWidget(self.debug_intro)
        self.debug_table = QTableWidget(0, len(DEBUG_COLUMNS))
        self.debug_table.setObjectName("debugTable")
        t.call(lambda: self.debug_table.setHorizontalHeaderLabels([_tr(c) for c in DEBUG_COLUMNS]))
        self.debug_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.debug_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.debug_table.setAlternatingRowColors(True)
        self.debug_table.verticalHeader().setVisible(False)
        self.debug_table.setWordWrap(False)
        header = self.debug_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(DEBUG_COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.debug_table.setTextElideMode(Qt.TextElideMode.ElideRight)
        dl.addWidget(self.debug_table, 1)
        self.breaker_label = QLabel()
        self.breaker_label.setObjectName("breakerLabel")
        self.breaker_label.setWordWrap(True)
        set_tone(self.breaker_label, Tone.WARNING)
        dl.addWidget(self.breaker_label)
        self.debug_index = self.tabs.addTab(debug, "")
        t.bind(lambda s: self.tabs.setTabToolTip(self.debug_index, s), lambda: translate(
            "SummaryDialog", "Each compaction run: when and why it ran, what it did and the tokens before and after"))
        # --- buttons
        row = QHBoxLayout()
        self.copy_button = QPushButton()
        self.copy_button.setObjectName("copySummary")
        t.bind(self.copy_button.setText, lambda: translate("SummaryDialog", "&Copy"))
        t.bind(self.copy_button.setToolTip, lambda: translate("SummaryDialog", "Copy the summary text to the clipboard"))
        self.copy_button.clicked.connect(self.copy_summary)
        self.export_button = QPushButton()
        self.export_button.setObjectName("exportSummary")
        t.bind(self.export_button.setText, lambda: translate("SummaryDialog", "&Export…"))
        t.bind(self.export_button.setToolTip, lambda: translate(
            "SummaryDialog", "Save the summary as a Markdown file (with its model and coverage)"))
        self.export_button.clicked.connect(self.open_export)
        row.addWidget(self.copy_button)
        row.addWidget(self.export_button)
        self.status_label = QLabel()
        self.status_label.setObjectName("summaryStatus")
        self.status_label.setWordWrap(True)
        row.addWidget(self.status_label, 1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        row.addWidget(close)
        layout.addLayout(row)
        self.editing = SummaryEditing(self, row)  # issue 19: the user's own summary text
        self._export_dialog: QFileDialog | None = None
        self._events = events
        self._reading = False
        if events is not None:
            events.topic_changed.connect(self._on_topic_changed)
        t.call(self._said)
        self.refresh()

    # --- content -----------------------------------------------------------------------
    def refresh(self) -> None:
        """Re-read the summary, the debug log and the archives on a store worker (issue 29);
        :meth:`is_loaded` is False until they are shown."""
        self._reading = True
        self.runner.run(self.task_name("read"), self._read(), context="Topic summary", quiet=True)

    def task_name(self, what: str) -> str:
        """The runner's name for this viewer's ``what`` task (one of each at a time)."""
        return f"summary-{what}-{id(self)}"

    def is_loaded(self) -> bool:
        """True once the last :meth:`refresh` is shown."""
        return not self._reading

    async def _read(self) -> None:
        try:
            view, excerpt = await self.runner.run_in_thread(self._fetch)
        except ServiceError as exc:
            self._reading = False
            self.view = None
            err = exc
            self.texts.bind_themed(self.meta_label.setText, lambda: f"<span style='color:{current_colours().error}'>"
                            f"{html.escape(said_error(err))}</span>")
            self.stack.setCurrentWidget(self.empty_label)
            self.copy_button.setEnabled(False)
            self.export_button.setEnabled(False)
            return
        self._reading = False
        self._show_view(view, excerpt)

    def _fetch(self) -> tuple[SummaryView, str]:
        """On a store worker: the summary and the excerpt of its cursor message."""
        assert self.svc.compaction is not None
        view = self.svc.compaction.summary(self.topic_id)
        return view, self._cursor_excerpt(view.cursor_message_id)

    def _show_view(self, view: SummaryView, excerpt: str) -> None:
        self.view = view
        has = bool(view.text)
        self.stack.setCurrentWidget(self.text_edit if has else self.empty_label)
        if self.text_edit.isReadOnly() and self.text_edit.toPlainText() != view.text:  # not while editing
            self.text_edit.setPlainText(view.text)
        self.copy_button.setEnabled(has)
        self.export_button.setEnabled(has)
        self.texts.bind_themed(self.meta_label.setText, lambda: self._meta_html(view, excerpt))
        self._said()
        self.probes.set_summary(view.text)

    def _said(self) -> None:
        """The debug log, archives and tab counts in the interface language."""
        view = self.view
        self._fill_debug(view)
        self._fill_archives(view)

    def _meta_html(self, view: SummaryView, excerpt: str) -> str:
        translate = QCoreApplication.translate
        if not view.text:
            last = view.last_status
            if last == CompactionStatus.COMPACTED:
                note = html.escape(translate(
                    "SummaryDialog", "The last summary was cleared because a message it covered was edited or "
                    "deleted; the next compaction rebuilds it. How it was made keeps the earlier runs."))
            elif last:
                note = html.escape(fill(translate("SummaryDialog", "No summary for this topic. Last run: %1 (see How it was made)."),
                                        _tr(RESULT_TEXT[last]) if last in RESULT_TEXT else last))
            else:
                note = html.escape(translate("SummaryDialog", "No summary for this topic, and no compaction has run yet."))
            return f"<span style='color:{self._muted()}'>{note}</span>"
        when = local_time(view.updated_at) if view.updated_at else translate("SummaryDialog", "unknown time")
        # the model id and every text here come from outside: escaped, so the label's rich
        # text can never name an image or a file (issue 32); the frames are ours (%1 filled after)
        unknown = translate("SummaryDialog", "an unknown model")
        model = f"<b>{html.escape(view.model or unknown)}</b>"
        written = fill(translate("SummaryDialog", "Written by %1"), model)
        if view.edited:
            written += translate("SummaryDialog", ", <b>edited by you</b> (compactions merge into it)")
        parts = [written, fill(translate("SummaryDialog", "updated %1"), html.escape(when))]
        if view.cursor_message_id is not None:
            parts.append(fill(translate("SummaryDialog", "covers messages up to %1"),
                              f"<b>#{view.cursor_message_id}</b>"))
        out = " · ".join(parts)
        if excerpt:
            out += f"<br><span style='color:{self._muted()}'>#{view.cursor_message_id}: {excerpt}</span>"
        return out

    @staticmethod
    def _muted() -> str:
        # secondary text, not the placeholder colour (4.41:1 on the light theme, walk56 #17)
        return current_colours().text_muted

    def _cursor_excerpt(self, message_id: int | None) -> str:
        """On a store worker: who wrote ``message_id`` and its first 90 characters (HTML)."""
        if message_id is None:
            return ""
        try:
            m = self.svc.topics.message(message_id)
        except ServiceError:
            return ""
        text = " ".join(m.content.split())
        if len(text) > 90:
            text = text[:89] + "…"
        who = QCoreApplication.translate("SummaryDialog", "you") if m.role == Role.USER else m.role
        return f"{who}: “{html.escape(text)}”"

    def _fill_debug(self, view: SummaryView | None) -> None:
        translate = QCoreApplication.translate
        entries = list(reversed(view.debug_log)) if view is not None else []
        t = self.debug_table
        t.setRowCount(len(entries))
        for r, entry in enumerate(entries):
            tip = str(entry.get("message") or "")
            if entry.get("reason"):
                tip += fill(translate("SummaryDialog", " (reason: %1)"), str(entry.get("reason")))
            if entry.get("input_budget") is not None:
                tip += fill(translate("SummaryDialog", "\nInput budget: %1 tokens"), _tokens(entry.get("input_budget")))
            for c, cell in enumerate(debug_row(entry)):
                item = QTableWidgetItem(cell)
                item.setToolTip(tip)
                if c >= 4 and c <= 7:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                t.setItem(r, c, item)
        self.tabs.setTabText(self.debug_index, fill(translate("SummaryDialog", "How it was &made (%1)"),
                                                    str(len(entries))))
        if view is not None and view.cooldown_until is not None and view.failure_count:
            self.breaker_label.setText(fill(translate(
                "SummaryDialog", "Automatic compaction is paused after %1 failures until %2; Compact now still works."),
                str(view.failure_count), local_time(view.cooldown_until)))
            self.breaker_label.show()
        else:
            self.breaker_label.hide()

    def _fill_archives(self, view: SummaryView | None) -> None:
        translate = QCoreApplication.translate
        items = list(view.archives) if view is not None else []
        unknown = translate("SummaryDialog", "unknown time")
        text = "\n\n".join(f"[{local_time(a.get('at')) if a.get('at') else unknown}]\n{a.get('excerpt', '')}"
                           for a in reversed(items))
        self.archives_edit.setPlainText(text or translate(
            "SummaryDialog", "No archive excerpts (Settings → System Agent turns them on)."))
        self.tabs.setTabText(self.archives_index, fill(translate("SummaryDialog", "Summary &history (%1)"),
                                                       str(len(items))))

    def _on_topic_changed(self, event: TopicChanged) -> None:
        if event.topic_id == self.topic_id and self.isVisible():
            self.refresh()

    # --- actions -----------------------------------------------------------------------
    def copy_summary(self) -> None:
        """Put the summary text on the clipboard."""
        if self.view is not None and self.view.text:
            QGuiApplication.clipboard().setText(self.view.text)
            self.texts.bind(self.status_label.setText, lambda: _tr(COPIED))

    def open_export(self) -> QFileDialog:
        """Export…: a non-blocking save dialog; the file is written on accept."""
        self._export_dialog = open_markdown_save_dialog(
            self, QCoreApplication.translate("SummaryDialog", "Export topic summary"),
            f"topic-{self.topic_id}-summary.md", self.export_to
        )
        return self._export_dialog

    def export_to(self, path: Path) -> None:
        """Write the summary's Markdown to ``path`` on a worker; the status line says how
        it went ("Exported to …" or why not)."""
        self.runner.run(self.task_name("export"), self._export(path), context="Export topic summary", quiet=True)

    async def _export(self, path: Path) -> None:
        assert self.svc.compaction is not None
        compaction = self.svc.compaction

        def write() -> tuple[str, str]:
            """On a worker: the status line's source text and its value."""
            text = compaction.export_summary(self.topic_id)
            if not text:
                return NOTHING_TO_EXPORT, ""
            try:
                write_private(path, text.encode("utf-8"))  # 0600 (issue 12)
            except OSError as exc:
                return EXPORT_FAILED, f"{exc.strerror or exc} ({path})"
            return EXPORTED, path.name

        try:
            source, value = await self.runner.run_in_thread(write)
        except ServiceError as exc:
            source, value = EXPORT_FAILED, said_error(exc)
        self.texts.bind(self.status_label.setText, lambda: fill(_tr(source), value))

    def done(self, result: int) -> None:
        """Stop following the topic and the Quality check tab's tasks when closed."""
        self.probes.close_tasks()
        for what in ("read", "export", "save"):
            self.runner.cancel(self.task_name(what))
        if self._events is not None:
            try:
                self._events.topic_changed.disconnect(self._on_topic_changed)
            except (RuntimeError, TypeError):
                pass
            self._events = None
        super().done(result)
