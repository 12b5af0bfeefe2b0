"""Assistant → Memory → Dreaming memory: the memory dream's schedule, Dream now, and the
dynamic-memory cards (DRM-2, DRM-5, DRM-7, DRM-8, DRM-15, APP-6, APP-7).

:class:`DreamPanel` sits in the Memory page under the Topic snippets switch:

- **Schedule form** (DRM-2, DRM-7): Off / Daily / Weekly, a weekday (Weekly only;
  0 = Sunday), a UTC time ``HH:MM`` and Keep dream cards (1–90). Save calls
  ``DreamService.set_schedule`` and then ``set_keep`` (which stores N and folds extra
  cards in one transaction); an invalid value is refused by the service, its message is
  shown inline and nothing is stored. Below: the next slot and — when the schedule is on
  — the latest scheduled run with its status and failure hint (DRM-5).
- **Dream now** (DRM-3, APP-7) dreams over yesterday (the UTC day before now) as a
  manual run, with the ``DreamProgress`` phases and a Stop that cancels the task (Esc on
  the page stops it too). The outcome goes to the status line. Progress of a scheduled
  run (the tray's dream timer) shows here as well, and Stop cancels that run.
- **Cards** (DRM-8, DRM-15): one :class:`QListView` over :class:`DreamCardModel`,
  painted by :class:`DreamCardDelegate` (``#N``, a date chip, the body, and a refresh
  icon on single-day cards only). Edit (F2, double-click: :class:`CardEditDialog`),
  Delete (Del), Regenerate (refresh icon, Ctrl+R; hidden on range and legacy cards),
  Copy (the service's visible text), Clear (after confirmation) and Restore previous
  version. There is no Add: only the dream writes dated cards. Edits carry the version
  token of the document the card was shown from: a save over a newer document is
  refused, the dialog keeps the text and offers Reload (issue 10).

Every decision is a ``services.dreams`` call; reads and writes run in the page's
worker thread (:class:`~chathub_desktop.gui.task_runner.TaskRunner`), the dream itself
is a task on the loop. The panel re-reads on ``MemoryChanged`` (any writer: the dream,
the CLI's edits through this process's services, another page).
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, date, datetime, timedelta

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QGuiApplication,
    QHelpEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QStyle,
    QStyleOptionViewItem,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.dream_schedule import WEEKDAYS
from chathub_desktop.core.dynamic_memory import (
    KEEP_DEFAULT,
    KEEP_MAX,
    KEEP_MIN,
    RANGE_CARD_MAX,
    SINGLE_CARD_MAX,
)
from chathub_desktop.gui import confirm
from chathub_desktop.gui.chat_events import ChatEvents
from chathub_desktop.gui.dream_day_picker import DreamDayPicker
from chathub_desktop.gui.error_presenter import ErrorPresenter
from chathub_desktop.gui.help_button import help_button
from chathub_desktop.gui.memory.card_delegate import (
    CARD_PAD,
    MemoryCardDelegate,
    NumberRole,
    PausedRole,
    TrustedRole,
    layout_lines,
)
from chathub_desktop.gui.range_hint import RangeHint
from chathub_desktop.gui.service_ops import ServiceOps
from chathub_desktop.gui.task_runner import TaskRunner
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream_service import (
    CardsSnapshot,
    CardView,
    DreamOutcome,
    DreamSettingsView,
)
from chathub_desktop.services.errors import NotFound, ServiceError, StaleDocument

#: TaskRunner name of the dream timer's run (tray.DreamRunner); Stop here cancels it.
RUN_DUE_TASK = "dreams-run-due"

# --- help texts (APP-6) -------------------------------------------------------------------

SCHEDULE_HELP = (
    "<p><b>Memory dream</b> runs by itself while ChatHub is open — in its window or "
    "tucked away in the system tray. Choose Off, Daily, or Weekly on one weekday; the "
    "time is a UTC time of day.</p>"
    "<p>Each run looks at the topics you were active in on the UTC day before it fires "
    "(Weekly too): a topic's compaction summary when it has one, otherwise a short "
    "excerpt of that day's own messages. The History Compress model (Settings → System "
    "Agent) turns that into one dated card about how you work with this assistant — "
    "tone, formats, tool habits, standing preferences. It is not a recap of the day, "
    "and your topics are never compacted or changed by it.</p>"
    "<p>A run missed while ChatHub was closed happens once at the next start. Below "
    "the form you see the latest scheduled run; when it failed, its reason is shown "
    "and the run is tried again on a later cycle. Dream now and Regenerate are not "
    "scheduled runs and never appear there.</p>"
)
KEEP_HELP = (
    "<p><b>Keep dream cards</b> (1–90, default 14) is how many single-day cards are "
    "kept as they are. Older ones beyond that are merged into a single range card "
    "dated <i>first day – last day</i>.</p>"
    "<p>Saving the form stores the number and merges right away, in one write, by "
    "joining the older cards' text. When the dream next runs it may condense a range "
    "with the History Compress model, staying under 6,400 characters; a single-day "
    "card stays under 3,200.</p>"
)
DYNAMIC_HELP = (
    "<p><b>Dynamic memory</b> is what the dream has learned: numbered cards, each "
    "tagged with the UTC day — or range of days — it came from. The model sees them "
    "after fixed memory.</p>"
    "<p>Edit a card (F2 or double-click) or delete it (Del). <b>Regenerate</b> (the "
    "refresh icon, Ctrl+R) runs the dream again for that card's day only; merged "
    "range cards and old undated blobs cannot be regenerated. <b>Copy</b> puts exactly "
    "the text you see on the clipboard, <b>Clear</b> removes every card, and "
    "<b>Restore previous version</b> undoes the last change (restoring again redoes "
    "it).</p>"
    "<p>There is no Add: only the dream writes dated cards. A new card that mostly "
    "repeats an existing one is skipped.</p>"
)
EMPTY_TEXT = ("No dream cards yet.\nThey appear after a memory dream finds something about how "
              "you work; try Dream now (Ctrl+D).")

#: Status-line text of each ``DreamProgress`` phase (``{day}``: the history day).
PHASE_TEXT = {
    "started": "Dreaming over {day}…",
    "reading": "Reading the topics of {day}…",
    "dreaming": "Asking the History Compress model about {day}…",
    "folding": "Merging older cards into a range card…",
}
#: How the latest scheduled run ended (``dream_run.status``), for DRM-5.
RUN_STATUS_TEXT = {
    "appended": "added a card",
    "nothing": "found nothing new",
    "duplicate": "skipped a card that repeated an existing one",
    "exists": "the day already had a card",
    "failed": "failed",
    "running": "running…",
}
KIND_TIPS = {
    "day": "One UTC day",
    "range": "Older days merged into one card",
    "legacy": "Text from before dated cards",
    "custom": "A card with an unusual tag",
}

# --- the model ----------------------------------------------------------------------------

TagRole = Qt.ItemDataRole.UserRole + 11
KindRole = Qt.ItemDataRole.UserRole + 12
RegenerableRole = Qt.ItemDataRole.UserRole + 13


def yesterday_utc(now: datetime | None = None) -> date:
    """The UTC calendar day before ``now`` (aware; default: the current time) — the
    history day of Dream now (DRM-3)."""
    now = now or datetime.now(UTC)
    return (now.astimezone(UTC) - timedelta(days=1)).date()


def _as_utc(dt: datetime) -> datetime:
    return dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)


def format_utc(dt: datetime) -> str:
    """``Tue 2026-12-01 02:00 UTC`` for an aware (or naive, taken as UTC) time."""
    return f"{_as_utc(dt):%a %Y-%m-%d %H:%M} UTC"


def outcome_text(status: str, message: str) -> str:
    """The status line for a finished run (``DreamOutcome.status`` / ``message``)."""
    if status == "failed":
        return f"Dream failed: {message}" if message else "Dream failed"
    return message[:1].upper() + message[1:] if message else status


def card_copy_text(cards: Sequence[CardView]) -> str:
    """What the list shows, as text: ``#N [date chip]:`` and the body per card, one blank
    line apart — the same text ``DreamService.copy_text`` exports (DRM-8)."""
    return "\n\n".join(f"#{c.number} [{c.display_tag}]:\n{c.text}" for c in cards)


class DreamCardModel(QAbstractListModel):
    """The dynamic-memory cards (:class:`CardView`) of one assistant; read-only (edits
    go through :class:`CardEditDialog` and the service). Roles: display = the visible
    body, ``NumberRole``, ``TagRole`` (the chip text), ``KindRole``, ``RegenerableRole``."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cards: list[CardView] = []

    def set_cards(self, cards: Sequence[CardView]) -> None:
        """Replace every card."""
        self.beginResetModel()
        self._cards = list(cards)
        self.endResetModel()

    def cards(self) -> list[CardView]:
        """Every card (a copy), in document order."""
        return list(self._cards)

    def card(self, row: int) -> CardView | None:
        """The card on ``row``, or None."""
        return self._cards[row] if 0 <= row < len(self._cards) else None

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Qt: every card is a row (a flat list)."""
        return 0 if parent.isValid() else len(self._cards)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Qt: the roles listed in the class docstring, plus accessible text and a tooltip."""
        c = self.card(index.row()) if index.isValid() else None
        if c is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return c.text
        if role == NumberRole:
            return c.number
        if role == TagRole:
            return c.display_tag
        if role == KindRole:
            return c.kind
        if role == RegenerableRole:
            return c.regenerable
        if role == TrustedRole:
            return True
        if role == PausedRole:
            return c.paused
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"#{c.number} [{c.display_tag}]: {c.text}" + (" (paused)" if c.paused else "")
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = f"#{c.number} [{c.display_tag}] · {KIND_TIPS.get(c.kind, '')}\nF2 or double-click to edit, Del to delete"
            if c.regenerable:
                tip += "\nCtrl+R or the refresh icon: dream over this day again"
            return tip
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        """Qt: selectable and enabled, not editable in place (the dialog edits)."""
        return super().flags(index)


# --- the delegate -------------------------------------------------------------------------

DREAM_BODY_LINES = 8  # a longer card is elided; the editor shows it all


class DreamCardDelegate(MemoryCardDelegate):
    """Paints a dream card like a fixed-memory card (``#N``, a chip, the wrapped body)
    with the date chip coloured by kind and, on single-day cards only, a refresh icon at
    the top right. A click on the icon emits ``regenerate_clicked(number)``; a
    double-click elsewhere emits ``edit_requested(number)``. Body line breaks are kept."""

    regenerate_clicked = Signal(int)
    edit_requested = Signal(int)

    def chips(self, index: QModelIndex | QPersistentModelIndex) -> list[tuple[str, str]]:
        """One chip: the card's date (or range) in the dream colour; range and legacy
        cards get their own colours."""
        kind = str(index.data(KindRole) or "")
        colour = {"day": "dream", "range": "range"}.get(kind, "legacy")
        chips = [(str(index.data(TagRole) or "no date"), colour)]
        if bool(index.data(PausedRole)):
            chips.append(("paused", "paused"))
        return chips

    def _lines(self, number: int, text: str, width: int) -> list[str]:
        key = (number, text, width)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        if len(self._cache) > 2000:
            self._cache.clear()
        # U+2028 makes QTextLayout break the line where the body has a newline
        flat = (text or " ").replace("\r\n", "\n").replace("\n", "\u2028")
        lines = [ln.replace("\u2028", " ") for ln in layout_lines(flat, self._body_font(), width,
                                                                  DREAM_BODY_LINES)]
        self._cache[key] = lines
        return lines

    def regen_rect(self, rect: QRect) -> QRect:
        """Where the refresh icon sits in a row's ``rect`` (top right of the card)."""
        card = self.card_rect(rect)
        s = self._header_height()
        return QRect(card.right() - CARD_PAD - s + 2, card.top() + CARD_PAD, s, s)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """Qt: the card as a fixed-memory card, plus the refresh icon on single-day cards."""
        super().paint(painter, option, index)
        if index.data(RegenerableRole):
            rect: QRect = option.rect  # type: ignore[attr-defined]
            icon = self._view.style().standardIcon(QStyle.StandardPixmap.SP_BrowserReload)
            icon.paint(painter, self.regen_rect(rect).adjusted(1, 1, -1, -1))

    def editorEvent(self, event: QEvent, model: QAbstractListModel,  # type: ignore[override]
                    option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> bool:
        """Qt: a click on the refresh icon regenerates, a double-click elsewhere edits."""
        kind = event.type()
        if isinstance(event, QMouseEvent) and event.button() == Qt.MouseButton.LeftButton and kind in (
                QEvent.Type.MouseButtonRelease, QEvent.Type.MouseButtonDblClick):
            rect: QRect = option.rect  # type: ignore[attr-defined]
            on_icon = bool(index.data(RegenerableRole)) and self.regen_rect(rect).contains(
                event.position().toPoint())
            number = int(index.data(NumberRole) or 0)
            if kind == QEvent.Type.MouseButtonRelease and on_icon:
                self.regenerate_clicked.emit(number)
                return True
            if kind == QEvent.Type.MouseButtonDblClick:
                if not on_icon:
                    self.edit_requested.emit(number)
                return True
        return super().editorEvent(event, model, option, index)

    def helpEvent(self, event: QHelpEvent, view: QAbstractItemView, option: QStyleOptionViewItem,
                  index: QModelIndex | QPersistentModelIndex) -> bool:
        """Qt: the refresh icon has its own tooltip; elsewhere the card's."""
        rect: QRect = option.rect  # type: ignore[attr-defined]
        if event.type() == QEvent.Type.ToolTip and index.data(RegenerableRole) and \
                self.regen_rect(rect).contains(event.pos()):
            QToolTip.showText(event.globalPos(), f"Regenerate: dream over {index.data(TagRole)} again (Ctrl+R)",
                              view)
            return True
        return super().helpEvent(event, view, option, index)


# --- the edit dialog ----------------------------------------------------------------------


class CardEditDialog(QDialog):
    """Edit one dream card's visible text (DRM-8, DRM-12), non-modal.

    Shows exactly what the card shows (a literal ``[date:YYYY-MM-DD]`` line appears as
    ``\\[date:…]``, so saving keeps it ordinary text). Save (Ctrl+S, Ctrl+Enter) emits
    ``save_requested(text)``; the owner stores it and calls :meth:`accept` or
    :meth:`show_error` (the dialog then stays open with the text). ``version`` is the
    token of the document the card came from; after a refusal as stale
    (:meth:`show_stale`) Reload emits ``reload_requested`` and the owner calls
    :meth:`set_card` with the newer card (issue 10).
    """

    save_requested = Signal(str)
    reload_requested = Signal()

    def __init__(self, card: CardView, parent: QWidget | None = None, version: str = "") -> None:
        super().__init__(parent)
        self.version = version
        self.setObjectName("dreamCardEditDialog")
        self.setWindowTitle(f"Edit dream card #{card.number} [{card.display_tag}]")
        self.setModal(False)
        self.card = card
        lay = QVBoxLayout(self)
        hint = QLabel("The card's text as the model sees it; line breaks are kept. A single-day card "
                      f"holds at most {SINGLE_CARD_MAX:,} characters, a range card {RANGE_CARD_MAX:,} "
                      "with its framing: Save refuses a longer text and says how much fits.")
        hint.setWordWrap(True)
        hint.setStyleSheet("color: palette(placeholder-text);")
        lay.addWidget(hint)
        self.editor = QPlainTextEdit()
        self.editor.setObjectName("dreamCardEditor")
        self.editor.setAccessibleName(f"Dream card {card.number}")
        self.editor.setToolTip("Ctrl+S or Ctrl+Enter saves, Esc cancels")
        self.editor.setPlainText(card.text)
        lay.addWidget(self.editor, 1)
        self.count_label = QLabel()
        self.count_label.setObjectName("dreamCardCount")
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.count_label.setToolTip("Characters in the card against its size limit (DRM-13)")
        lay.addWidget(self.count_label)
        self.editor.textChanged.connect(self._show_count)
        self._show_count()
        self.error_label = QLabel()
        self.error_label.setObjectName("dreamCardEditError")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #c0262d;")
        self.error_label.hide()
        lay.addWidget(self.error_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setToolTip("Store this text as the card's body (Ctrl+S)")
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setToolTip("Close without saving (Esc)")
        self.reload_button = self.buttons.addButton("Reload", QDialogButtonBox.ButtonRole.ResetRole)
        self.reload_button.setObjectName("dreamCardReload")
        self.reload_button.setToolTip("Show the card as it is stored now (your text here is discarded)")
        self.reload_button.clicked.connect(self.reload_requested.emit)
        self.reload_button.hide()
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        for keys in (QKeySequence.StandardKey.Save, QKeySequence("Ctrl+Return")):
            a = QAction(self)
            a.setShortcut(QKeySequence(keys))
            a.triggered.connect(self.submit)
            self.addAction(a)
        self.resize(560, 360)

    def cap(self) -> int:
        """The card's size limit in characters: 3,200 for a day, 6,400 for a range or an
        older card (its framing counts against it, so a range fits a little less)."""
        return SINGLE_CARD_MAX if self.card.kind == "day" else RANGE_CARD_MAX

    def _show_count(self) -> None:
        n, cap = len(self.editor.toPlainText().rstrip()), self.cap()
        self.count_label.setText(f"{n:,} / {cap:,} characters" + (" — too long to save" if n > cap else ""))
        self.count_label.setStyleSheet("color: #c0262d;" if n > cap else "color: palette(placeholder-text);")

    def text(self) -> str:
        """The edited text (``\\n`` line breaks)."""
        return self.editor.toPlainText()

    def submit(self) -> None:
        """Save: emit ``save_requested`` with the text and wait for the owner."""
        self.show_error("")
        self.save_button.setEnabled(False)
        self.save_requested.emit(self.text())

    def show_error(self, message: str) -> None:
        """Show why saving failed (empty hides it) and allow another try."""
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))
        self.save_button.setEnabled(True)

    def show_stale(self, message: str) -> None:
        """The save was refused because the memory moved on: keep the text, offer Reload."""
        self.show_error(f"{message}. Your text is still here; Reload shows the stored card.")
        self.reload_button.show()

    def set_card(self, card: CardView, version: str) -> None:
        """Show ``card`` as stored now (after Reload) and save against ``version``."""
        self.card, self.version = card, version
        self.setWindowTitle(f"Edit dream card #{card.number} [{card.display_tag}]")
        self.editor.setPlainText(card.text)
        self.reload_button.hide()
        self.show_error("")


# --- the panel ----------------------------------------------------------------------------


class DreamPanel(QWidget):
    """The Dreaming memory group's schedule form, Dream now and cards for ``assistant_id``
    (see the module docstring; DRM-2, DRM-5, DRM-7, DRM-8, DRM-15, APP-7).

    ``events``/``runner``/``presenter``: the Memory page's bus bridge, task runner and
    error presenter. ``loaded`` fires after each (re)load was applied (``loads`` counts
    them). Known errors (``ServiceError``) are shown inline in ``error_label``; bugs go to
    the presenter.
    """

    loaded = Signal()

    def __init__(self, services: Services, assistant_id: int, *, events: ChatEvents, runner: TaskRunner,
                 presenter: ErrorPresenter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dreamPanel")
        self.svc = services
        self.assistant_id = assistant_id
        self.events = events
        self.runner = runner
        self.presenter = presenter
        self.view: DreamSettingsView | None = None
        self.paused = False
        self.memory_enabled = True
        self.loads = 0
        self._load_task = f"dream-load-{id(self)}"
        self._dream_task = f"dream-run-{id(self)}"
        self._loading = False
        self._load_again = False
        self._stale = False
        self.ops = ServiceOps(self.runner, self.presenter, self.show_error, self._on_busy, f"dream-op-{id(self)}")
        self._dreaming: str | None = None  # what this panel's own run is ("Dream now", "Regenerate #2")
        self._external_day: str | None = None  # a scheduled run for this assistant is going
        self._select: tuple[str, str] | None = None  # (tag, text) to select after the next load
        self._select_number: int | None = None  # or this card number (a new card)
        self._edit_dialog: CardEditDialog | None = None
        self._version = ""  # version token of the document the cards show (issue 10)
        self._following = True
        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(40)  # coalesce bursts (an op's result + its MemoryChanged)
        self._reload_timer.timeout.connect(self._start_load)
        self._status_timer = QTimer(self)
        self._status_timer.setSingleShot(True)
        self._build()
        events.memory_changed.connect(self._on_memory_changed)
        events.dream_progress.connect(self._on_dream_progress)
        self._start_load()

    # --- construction ---------------------------------------------------------------------
    def _build(self) -> None:
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)

        # schedule form (DRM-2, DRM-7)
        self.schedule_form = QWidget()
        self.schedule_form.setObjectName("dreamScheduleForm")
        fl = QHBoxLayout(self.schedule_form)
        fl.setContentsMargins(0, 0, 0, 0)
        fl.setSpacing(4)
        flabel = QLabel("Memory &dream:")
        self.frequency_combo = QComboBox()
        self.frequency_combo.setObjectName("dreamFrequency")
        for text, value in (("Off", "off"), ("Daily", "daily"), ("Weekly", "weekly")):
            self.frequency_combo.addItem(text, value)
        self.frequency_combo.setToolTip("How often the memory dream runs by itself: Off, Daily, or Weekly "
                                        "on one weekday")
        flabel.setBuddy(self.frequency_combo)
        self.weekday_label = QLabel("on")
        self.weekday_combo = QComboBox()
        self.weekday_combo.setObjectName("dreamWeekday")
        for i, name in enumerate(WEEKDAYS):
            self.weekday_combo.addItem(name, i)
        self.weekday_combo.setToolTip("The UTC weekday of a weekly dream (it reads the day before)")
        at = QLabel("at")
        self.time_edit = QLineEdit()
        self.time_edit.setObjectName("dreamTime")
        self.time_edit.setPlaceholderText("HH:MM")
        self.time_edit.setMaxLength(5)
        self.time_edit.setFixedWidth(self.time_edit.fontMetrics().horizontalAdvance("00:00") + 22)
        self.time_edit.setToolTip("Time of day in UTC, 24-hour HH:MM (e.g. 02:00). Enter saves.")
        self.time_edit.returnPressed.connect(self.save_schedule)
        utc = QLabel("UTC")
        self.schedule_help = help_button(SCHEDULE_HELP, "dreamScheduleHelp")
        klabel = QLabel("&Keep dream cards:")
        self.keep_spin = QSpinBox()
        self.keep_spin.setObjectName("keepDreamCards")
        self.keep_spin.setRange(KEEP_MIN, KEEP_MAX)
        self.keep_spin.setValue(KEEP_DEFAULT)
        self.keep_spin.setToolTip(f"Single-day cards kept before the oldest are merged into one range card "
                                  f"({KEEP_MIN}–{KEEP_MAX}, default {KEEP_DEFAULT}); Save merges at once")
        klabel.setBuddy(self.keep_spin)
        self.keep_range_hint = RangeHint(self.keep_spin)
        self.keep_help = help_button(KEEP_HELP, "keepDreamCardsHelp")
        self.save_button = QPushButton("Save")
        self.save_button.setObjectName("saveDreamSchedule")
        self.save_button.setToolTip("Store the schedule and Keep dream cards (Ctrl+S in this form); extra "
                                    "cards are merged in the same write")
        self.save_button.setAutoDefault(False)
        self.save_button.clicked.connect(self.save_schedule)
        save_action = QAction("Save dream schedule", self.schedule_form)
        save_action.setShortcut(QKeySequence(QKeySequence.StandardKey.Save))
        save_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        save_action.triggered.connect(self.save_schedule)
        self.schedule_form.addAction(save_action)
        first: tuple[QWidget, ...] = (flabel, self.frequency_combo, self.weekday_label, self.weekday_combo, at,
                                      self.time_edit, utc, self.schedule_help)
        for w in first:
            fl.addWidget(w)
        fl.addSpacing(14)
        for w in (klabel, self.keep_spin, self.keep_help):
            fl.addWidget(w)
        fl.addStretch(1)
        fl.addWidget(self.save_button)
        lay.addWidget(self.schedule_form)
        self.frequency_combo.currentIndexChanged.connect(self._on_form_changed)
        self.weekday_combo.currentIndexChanged.connect(self._on_form_changed)
        self.time_edit.textChanged.connect(self._on_form_changed)
        self.keep_spin.valueChanged.connect(self._on_form_changed)

        # next slot and the latest scheduled run (DRM-5)
        self.next_label = QLabel()
        self.next_label.setObjectName("nextDreamLabel")
        self.next_label.setWordWrap(True)
        self.next_label.setToolTip("When the schedule fires next (UTC); it dreams over the UTC day before")
        lay.addWidget(self.next_label)
        self.last_run_label = QLabel()
        self.last_run_label.setObjectName("lastDreamRunLabel")
        self.last_run_label.setWordWrap(True)
        self.last_run_label.setTextFormat(Qt.TextFormat.RichText)
        self.last_run_label.setToolTip("The latest scheduled dream: when it ran, how it ended and, if it "
                                       "failed, why (it is retried later)")
        self.last_run_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.last_run_label)

        # dynamic memory title row
        hrow = QHBoxLayout()
        hrow.setSpacing(4)
        self.cards_title = QLabel("Dynamic memory")
        self.cards_title.setObjectName("dynamicMemoryTitle")
        f = self.cards_title.font()
        f.setBold(True)
        self.cards_title.setFont(f)
        self.cards_title.setToolTip(DYNAMIC_HELP)
        self.cards_help = help_button(DYNAMIC_HELP, "dynamicMemoryHelp")
        self.count_label = QLabel()
        self.count_label.setObjectName("dreamCountLabel")
        self.count_label.setStyleSheet("color: palette(placeholder-text);")
        hrow.addWidget(self.cards_title)
        hrow.addWidget(self.cards_help)
        hrow.addSpacing(6)
        hrow.addWidget(self.count_label)
        hrow.addStretch(1)
        self.copy_button = self._push("Copy", "copyDreamCards",
                                      "Copy every card as shown — #N, date and text — to the clipboard "
                                      "(Ctrl+Shift+C)", self.copy_all)
        self.clear_button = self._push("Clear", "clearDreamCards",
                                       "Remove every dream card (asks first; Restore previous version brings "
                                       "them back)", self.clear_cards)
        self.restore_button = self._push("Restore previous version", "restoreDreamCards",
                                         "Undo the last change to the dream cards (restore again to redo it)",
                                         self.restore_previous)
        for b in (self.copy_button, self.clear_button, self.restore_button):
            hrow.addWidget(b)
        lay.addLayout(hrow)
        copy_all = QAction("Copy all dream cards", self)
        copy_all.setShortcut(QKeySequence("Ctrl+Shift+C"))
        copy_all.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        copy_all.triggered.connect(self.copy_all)
        self.addAction(copy_all)

        # the cards (DRM-8)
        self.model = DreamCardModel(self)
        self.list = QListView()
        self.list.setObjectName("dreamCardList")
        self.list.setAccessibleName("Dynamic memory cards")
        self.list.setModel(self.model)
        self.delegate = DreamCardDelegate(self.list)
        self.list.setItemDelegate(self.delegate)
        self.list.setUniformItemSizes(False)
        self.list.setResizeMode(QListView.ResizeMode.Adjust)
        self.list.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.list.verticalScrollBar().setSingleStep(20)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.setMouseTracking(True)
        self.list.setFrameShape(QFrame.Shape.NoFrame)
        self.list.viewport().setAutoFillBackground(False)
        self.list.setMinimumHeight(90)
        self.list.installEventFilter(self)
        self.model.modelReset.connect(self.delegate.clear_cache)
        self.model.modelReset.connect(self._sync)
        self.list.selectionModel().currentChanged.connect(lambda *_a: self._sync())
        self.delegate.regenerate_clicked.connect(self.regenerate)
        self.delegate.edit_requested.connect(self.edit_card)

        self.edit_action = self._list_action("&Edit card…", "F2", "Edit the selected card's text (F2)",
                                             lambda: self.edit_card())
        self.regenerate_action = self._list_action("&Regenerate", "Ctrl+R",
                                                   "Dream over the selected card's day again and replace its "
                                                   "text (Ctrl+R)", lambda: self.regenerate())
        self.copy_card_action = self._list_action("&Copy card text", QKeySequence.StandardKey.Copy,
                                                  "Copy the selected card's text (Ctrl+C)", self.copy_card)
        self.delete_action = self._list_action("&Delete card", QKeySequence.StandardKey.Delete,
                                               "Delete the selected card; the ones after it renumber (Del)",
                                               self.delete_card)
        self.pause_action = self._list_action("&Pause / resume card", "Ctrl+P",
                                              "A paused card stays here but is not sent to the model and not "
                                              "offered to its memory search (Ctrl+P toggles)", self.toggle_pause)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

        self.empty_label = QLabel(EMPTY_TEXT)
        self.empty_label.setObjectName("dreamEmptyLabel")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setWordWrap(True)
        self.empty_label.setStyleSheet("color: palette(placeholder-text);")
        self.cards_stack = QStackedWidget()
        self.cards_stack.addWidget(self.list)
        self.cards_stack.addWidget(self.empty_label)
        self.cards_stack.setCurrentWidget(self.empty_label)
        lay.addWidget(self.cards_stack, 1)

        # Dream now, progress and Stop (APP-7), the card buttons
        brow = QHBoxLayout()
        brow.setSpacing(4)
        self.dream_now_button = self._push("Dream now", "dreamNowButton", "", self.dream_now)
        dream_action = QAction("Dream now", self)
        dream_action.setShortcut(QKeySequence("Ctrl+D"))
        dream_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        dream_action.triggered.connect(self.dream_now)
        self.addAction(dream_action)
        self.progress_bar = QProgressBar()
        self.progress_bar.setObjectName("dreamProgressBar")
        self.progress_bar.setRange(0, 0)  # busy: a run has phases, not a measurable amount
        self.progress_bar.setFixedWidth(90)
        self.progress_bar.setMaximumHeight(14)
        self.progress_bar.setTextVisible(False)
        self.progress_bar.setToolTip("A memory dream is running")
        self.progress_bar.hide()
        self.stop_button = self._push("Stop", "stopDreamButton",
                                      "Stop this dream (Esc); nothing of it is stored", self.stop)
        self.stop_button.hide()
        self.status_label = QLabel()
        self.status_label.setObjectName("dreamStatusLabel")
        self.status_label.setWordWrap(True)
        self.status_label.setToolTip("What the last dream or change did")
        self.status_label.hide()
        self._status_timer.timeout.connect(self._clear_status)
        brow.addWidget(self.dream_now_button)
        self.day_picker = DreamDayPicker()  # issue 14: any finished day with activity
        self.day_picker.currentIndexChanged.connect(lambda _i: self._sync())
        brow.addWidget(self.day_picker)
        brow.addWidget(self.progress_bar)
        brow.addWidget(self.stop_button)
        brow.addStretch(1)
        self.regenerate_button = self._push("Regenerate", "regenerateDreamCard", self.regenerate_action.toolTip(),
                                            lambda: self.regenerate())
        self.edit_button = self._push("Edit…", "editDreamCard", self.edit_action.toolTip(), lambda: self.edit_card())
        self.delete_button = self._push("Delete", "deleteDreamCard", self.delete_action.toolTip(), self.delete_card)
        for b in (self.regenerate_button, self.edit_button, self.delete_button):
            brow.addWidget(b)
        lay.addLayout(brow)
        lay.addWidget(self.status_label)

        self.error_label = QLabel()
        self.error_label.setObjectName("dreamErrorLabel")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #c0262d;")
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.hide()
        lay.addWidget(self.error_label)
        self._sync_form()
        self._sync()

    def _push(self, text: str, name: str, tip: str, slot: Callable[[], object]) -> QPushButton:
        b = QPushButton(text)
        b.setObjectName(name)
        b.setToolTip(tip)
        b.setAutoDefault(False)
        b.clicked.connect(lambda _checked=False: slot())
        return b

    def _list_action(self, text: str, keys: QKeySequence.StandardKey | str, tip: str,
                     slot: Callable[[], object]) -> QAction:
        a = QAction(text, self.list)
        a.setShortcut(QKeySequence(keys))
        a.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        a.setToolTip(tip)
        a.triggered.connect(lambda _checked=False: slot())
        self.list.addAction(a)
        return a

    # --- loading ----------------------------------------------------------------------------
    def schedule_reload(self) -> None:
        """Re-read the settings and cards soon, in a worker thread (bursts coalesce)."""
        if self._following:
            self._reload_timer.start()

    def reload_now(self) -> None:
        """Read and show the settings and cards on this thread (scripts, screenshots)."""
        try:
            data = self._fetch()
        except ServiceError as exc:
            self.show_error(str(exc))
            return
        self._apply(*data)

    def _fetch(self) -> tuple[DreamSettingsView, CardsSnapshot, bool]:
        return (self.svc.dreams.settings(self.assistant_id), self.svc.dreams.snapshot(self.assistant_id),
                self.svc.dreams.paused())

    def _start_load(self) -> None:
        if not self._following:
            return
        if self._loading:
            self._load_again = True
            return
        self._loading = True
        self.runner.run(self._load_task, self._load(), context="Dreaming memory")

    async def _load(self) -> None:
        try:
            try:
                data = await self.runner.run_in_thread(self._fetch)
            except ServiceError as exc:
                self.show_error("This assistant no longer exists." if isinstance(exc, NotFound) else str(exc))
                return
            self._apply(*data)
            await self.day_picker.load(lambda: self.svc.dreams.active_days(self.assistant_id),
                                       self.runner.run_in_thread)
        finally:
            self._loading = False
            if self._load_again:
                self._load_again = False
                self._reload_timer.start()

    def _apply(self, view: DreamSettingsView, snap: CardsSnapshot, paused: bool) -> None:
        cards = snap.cards
        self._version = snap.version
        dirty = self.form_changed()
        self.view = view
        self.paused = paused
        if not dirty:
            self._fill_form(view)
        self._show_schedule_info()
        if cards != self.model.cards() or self._select is not None:
            self._set_cards(cards)
        if self._select_number is not None:
            self.select_number(self._select_number)
            self._select_number = None
        n = len(cards)
        self.count_label.setText(f"{n:,} {'card' if n == 1 else 'cards'}")
        self.cards_stack.setCurrentWidget(self.list if cards else self.empty_label)
        self.loads += 1
        self._sync_form()
        self._sync()
        self.loaded.emit()

    def _set_cards(self, cards: list[CardView]) -> None:
        """Swap the cards, keeping the selected one (by tag and text, then tag, then row)."""
        cur = self.current_card()
        row = self.list.currentIndex().row()
        scroll = self.list.verticalScrollBar().value()
        want = self._select or ((cur.tag, cur.text) if cur is not None else None)
        self._select = None
        target: int | None = None
        if want is not None:
            target = next((i for i, c in enumerate(cards) if (c.tag, c.text) == want), None)
            if target is None:
                target = next((i for i, c in enumerate(cards) if c.tag == want[0]), None)
            if target is None and cards and row >= 0:
                target = min(row, len(cards) - 1)
        self.model.set_cards(cards)
        if target is not None:
            self.list.setCurrentIndex(self.model.index(target))
        self.list.doItemsLayout()
        self.list.verticalScrollBar().setValue(min(scroll, self.list.verticalScrollBar().maximum()))

    def _on_memory_changed(self, assistant_id: int) -> None:
        if assistant_id != self.assistant_id:
            return
        if self.isVisible():
            self.schedule_reload()
        else:
            self._stale = True

    # --- the form ---------------------------------------------------------------------------
    def _fill_form(self, view: DreamSettingsView) -> None:
        s = view.schedule
        for w in (self.frequency_combo, self.weekday_combo, self.time_edit, self.keep_spin):
            w.blockSignals(True)
        self.frequency_combo.setCurrentIndex(max(0, self.frequency_combo.findData(s.frequency)))
        self.weekday_combo.setCurrentIndex(max(0, self.weekday_combo.findData(s.weekday)))
        self.time_edit.setText(s.time_utc)
        self.keep_spin.setValue(view.keep)
        for w in (self.frequency_combo, self.weekday_combo, self.time_edit, self.keep_spin):
            w.blockSignals(False)

    def form_values(self) -> tuple[str, str, int, int]:
        """``(frequency, time text, weekday 0–6, keep)`` as typed in the form."""
        return (str(self.frequency_combo.currentData()), self.time_edit.text().strip(),
                int(self.weekday_combo.currentData()), self.keep_spin.value())

    def form_changed(self) -> bool:
        """True when the form differs from the stored settings (unsaved changes)."""
        if self.view is None:
            return False
        s = self.view.schedule
        return self.form_values() != (s.frequency, s.time_utc, s.weekday, self.view.keep)

    def _on_form_changed(self, *_args: object) -> None:
        self._sync_form()

    def _sync_form(self) -> None:
        weekly = self.frequency_combo.currentData() == "weekly"
        self.weekday_label.setVisible(weekly)
        self.weekday_combo.setVisible(weekly)
        on = self.frequency_combo.currentData() != "off"
        self.time_edit.setEnabled(on)
        self.save_button.setEnabled(self.form_changed() and not self.ops.busy)

    def save_schedule(self) -> bool:
        """Save: store the schedule, then Keep N with its fold (DRM-2, DRM-7). An invalid
        value (e.g. a time that is not ``HH:MM``) is refused by the service, shown inline,
        and nothing is stored. False when nothing was started (busy or unchanged)."""
        if not self.form_changed():
            return False
        frequency, time_text, weekday, keep = self.form_values()

        def write() -> DreamSettingsView:
            self.svc.dreams.set_schedule(self.assistant_id, frequency, time_text, weekday)
            return self.svc.dreams.set_keep(self.assistant_id, keep)

        def done(result: object) -> None:
            assert isinstance(result, DreamSettingsView)
            self.view = result
            self._fill_form(result)
            self._show_schedule_info()
            self._sync_form()
            self.show_status(f"Saved: {result.schedule.describe()} · keep {result.keep} cards")
            self.schedule_reload()

        return self.ops.start("Save dream schedule", write, done, on_fail=lambda: self.time_edit.setFocus())

    def _show_schedule_info(self) -> None:
        v = self.view
        if v is None:
            self.next_label.setText("")
            self.last_run_label.hide()
            return
        s = v.schedule
        if not self.memory_enabled:
            text = "Memory is off for this assistant, so no dream runs for it."
        elif not s.enabled:
            text = "The schedule is off: no dream runs by itself. Dream now still works."
        elif v.next_at is not None:
            text = f"Next dream: {format_utc(v.next_at)} — {s.describe()}, over the UTC day before."
        else:
            text = s.describe()
        if s.enabled and self.paused:
            text += " Dreams are paused (tray menu → Pause dreams)."
        self.next_label.setText(text)
        run = v.last_run
        if not s.enabled:
            self.last_run_label.hide()
            return
        if run is None:
            body = "Last scheduled run: none yet."
        else:
            what = html.escape(RUN_STATUS_TEXT.get(run.status, run.status))
            body = (f"Last scheduled run: {html.escape(format_utc(run.started_at))}, over "
                    f"{run.history_day.isoformat()} — ")
            if run.stalled:  # issue 10: a killed run, taken over at the next check
                body += f"<span style='color:#b35c00'><b>{html.escape(run.note or 'stopped')}</b>.</span>"
            elif run.status == "failed":
                hint = html.escape(run.error or "no reason was recorded")
                retry = f" It is tried again from {html.escape(format_utc(run.next_retry_at))}." \
                    if run.next_retry_at is not None else " It is tried again on the next cycle."
                body += f"<span style='color:#b35c00'><b>{what}</b>: {hint}.{retry}</span>"
            else:
                body += what
            if run.note and not run.stalled:
                body += f" ({html.escape(run.note)})."
        self.last_run_label.setText(body)
        self.last_run_label.show()

    def set_memory_enabled(self, on: bool) -> None:
        """Mirror the assistant's memory switch (MEM-1: memory off → no dream runs), so
        Dream now and Regenerate are disabled with a note."""
        self.memory_enabled = on
        self._show_schedule_info()
        self._sync()

    # --- state ------------------------------------------------------------------------------
    def current_card(self) -> CardView | None:
        """The selected card."""
        idx = self.list.currentIndex()
        return self.model.card(idx.row()) if idx.isValid() else None

    def select_number(self, number: int) -> None:
        """Select (and show) card ``number``."""
        if 1 <= number <= self.model.rowCount():
            idx = self.model.index(number - 1)
            self.list.setCurrentIndex(idx)
            self.list.scrollTo(idx)

    @property
    def busy(self) -> bool:
        """True while a change is being written (the next one waits for it)."""
        return self.ops.busy

    def _on_busy(self, _busy: bool) -> None:
        self._sync()
        self._sync_form()

    @property
    def dreaming(self) -> bool:
        """True while this panel's own Dream now / Regenerate runs."""
        return self._dreaming is not None

    def _sync(self) -> None:
        c = self.current_card()
        has_cards = self.model.rowCount() > 0
        running = self._dreaming is not None or self._external_day is not None
        can_dream = self.memory_enabled and not running
        for w in (self.edit_button, self.edit_action, self.delete_button, self.delete_action,
                  self.copy_card_action):
            w.setEnabled(c is not None and not self.ops.busy)
        regenerable = c is not None and c.regenerable
        self.regenerate_button.setVisible(regenerable)
        self.regenerate_action.setVisible(regenerable)
        self.regenerate_button.setEnabled(regenerable and can_dream)
        self.regenerate_action.setEnabled(regenerable and can_dream)
        self.copy_button.setEnabled(has_cards)
        self.clear_button.setEnabled(has_cards and not self.ops.busy)
        self.restore_button.setEnabled(self.view is not None and self.view.can_restore and not self.ops.busy)
        self.dream_now_button.setEnabled(can_dream)
        day = (self.day_picker.selected_day() or yesterday_utc()).isoformat()
        self.dream_now_button.setToolTip(
            f"Dream over {day} (UTC, the day chosen beside) now and add its card (Ctrl+D). This is not a scheduled "
            "run." if self.memory_enabled else "Memory is off for this assistant: turn it on to dream")
        show = running
        self.progress_bar.setVisible(show)
        self.stop_button.setVisible(show)
        self.stop_button.setEnabled(show)

    def show_error(self, message: str) -> None:
        """Show ``message`` inline (empty hides it)."""
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))

    def show_status(self, message: str, ms: int = 8000) -> None:
        """The status line (outcome of a dream or a change); cleared after ``ms`` (0: kept)."""
        self.status_label.setText(message)
        self.status_label.setVisible(bool(message))
        self.status_label.setToolTip(message or "What the last dream or change did")
        if ms:
            self._status_timer.start(ms)
        else:
            self._status_timer.stop()

    def _clear_status(self) -> None:
        if self._dreaming is None and self._external_day is None:
            self.status_label.clear()
            self.status_label.hide()

    # --- changes ----------------------------------------------------------------------------
    def _current_number(self, card: CardView) -> int:
        """The number ``card`` has now, for Regenerate (which replaces that day's card by
        its day inside its own write): a dream may have appended or merged cards since
        the list was loaded. Worker thread. Raises :class:`NotFound` when it changed."""
        cards = self.svc.dreams.cards(self.assistant_id)
        n = card.number
        if 0 < n <= len(cards) and (cards[n - 1].tag, cards[n - 1].text) == (card.tag, card.text):
            return n
        for c in cards:
            if (c.tag, c.text) == (card.tag, card.text):
                return c.number
        raise NotFound(f"card #{n} [{card.display_tag}] changed in the meantime; nothing was changed")

    def _card(self, number: int | None) -> CardView | None:
        if number is None:
            return self.current_card()
        return self.model.card(number - 1)

    def edit_card(self, number: int | None = None) -> CardEditDialog | None:
        """Edit card ``number`` (default: the selected one) in a non-blocking dialog (F2,
        double-click); returns it."""
        card = self._card(number)
        if card is None:
            return None
        self.select_number(card.number)
        if self._edit_dialog is not None:
            self._edit_dialog.close()
        dlg = CardEditDialog(card, self, self._version)
        dlg.save_requested.connect(lambda text: self._save_card(dlg, dlg.card, text))
        dlg.reload_requested.connect(lambda: self._reload_dialog(dlg))
        self._edit_dialog = dlg
        dlg.open()
        return dlg

    def _save_card(self, dlg: CardEditDialog, card: CardView, text: str) -> None:
        if text == card.text:
            dlg.accept()
            return

        version = dlg.version

        def write() -> object:
            try:
                return self.svc.dreams.edit_card(self.assistant_id, card.number, text, version=version,
                                                 expected=(card.tag, card.text))
            except StaleDocument as exc:
                return exc

        def done(views: object) -> None:
            if isinstance(views, StaleDocument):
                dlg.show_stale(f"Edit #{card.number}: {views}")
                return
            assert isinstance(views, list)
            mine = next((v for v in views if v.tag == card.tag), None)
            if mine is not None:
                self._select = (mine.tag, mine.text)
                self.show_status(f"Saved #{mine.number}")
            dlg.accept()
            self.schedule_reload()

        if not self.ops.start(f"Edit #{card.number}", write, done, error_sink=dlg.show_error):
            dlg.show_error("Another change is still being written; try again in a moment.")

    def _reload_dialog(self, dlg: CardEditDialog) -> None:
        """Reload in the card dialog: the stored card of the same tag (else number)."""
        snap = self.ops.call("Reload", lambda: self.svc.dreams.snapshot(self.assistant_id))
        if not isinstance(snap, CardsSnapshot):
            return
        old = dlg.card
        card = next((c for c in snap.cards if c.tag == old.tag),
                    next((c for c in snap.cards if c.number == old.number), None))
        if card is None:
            dlg.show_error(f"card #{old.number} [{old.display_tag}] no longer exists")
            return
        dlg.set_card(card, snap.version)
        self.schedule_reload()

    def delete_card(self) -> None:
        """Delete the selected card after confirmation (Del); later cards renumber."""
        card = self.current_card()
        if card is None:
            return
        preview = card.text if len(card.text) <= 160 else card.text[:160] + "…"
        if not confirm.ask(self, "Delete dream card",
                           f"Delete #{card.number} [{card.display_tag}]?\n\n{preview}\n\n"
                           "The cards after it are renumbered. Restore previous version undoes this."):
            return

        def done(_r: object) -> None:
            self.show_status(f"Deleted #{card.number}")
            self.schedule_reload()

        self.ops.start(f"Delete #{card.number}", lambda: self.svc.dreams.delete_card(
            self.assistant_id, card.number, expected=(card.tag, card.text)), done)

    def toggle_pause(self) -> None:
        """Pause the selected card, or resume it when paused (issue 18)."""
        card = self.current_card()
        if card is None:
            return

        def done(_r: object) -> None:
            self.show_status(f"#{card.number} is {'sent again' if card.paused else 'paused: kept, not sent'}")
            self.schedule_reload()

        self.ops.start(f"Pause #{card.number}", lambda: self.svc.dreams.set_card_paused(
            self.assistant_id, card.number, not card.paused, expected=(card.tag, card.text)), done)

    def clear_cards(self) -> None:
        """Clear: remove every card after confirmation (Restore brings them back)."""
        n = self.model.rowCount()
        if n == 0 or not confirm.ask(
                self, "Clear dynamic memory",
                f"Remove all {n} dream {'card' if n == 1 else 'cards'}? Restore previous version brings "
                "them back.", "Clear"):
            return

        def done(_r: object) -> None:
            self.show_status("Cleared the dream cards — Restore previous version brings them back")
            self.schedule_reload()

        version = self._version
        self.ops.start("Clear", lambda: self.svc.dreams.clear(self.assistant_id, version=version), done)

    def restore_previous(self) -> None:
        """Restore previous version (DRM-15); doing it again redoes the change."""
        def done(views: object) -> None:
            n = len(views) if isinstance(views, list) else 0
            self.show_status(f"Restored the previous version ({n} {'card' if n == 1 else 'cards'}); "
                             "restore again to undo")
            self.schedule_reload()

        self.ops.start("Restore", lambda: self.svc.dreams.restore(self.assistant_id), done)

    def copy_all(self) -> None:
        """Copy: exactly the cards' visible text, never a framing line (DRM-8)."""
        text = self.ops.call("Copy", lambda: self.svc.dreams.copy_text(self.assistant_id))
        if isinstance(text, str) and text:
            QGuiApplication.clipboard().setText(text)
            n = self.model.rowCount()
            self.show_status(f"Copied {n} {'card' if n == 1 else 'cards'}")

    def copy_card(self) -> None:
        """Copy the selected card's text (Ctrl+C on the list)."""
        card = self.current_card()
        if card is not None:
            QGuiApplication.clipboard().setText(card.text)
            self.show_status(f"Copied the text of #{card.number}")

    # --- dreaming ---------------------------------------------------------------------------
    def dream_now(self) -> asyncio.Task[None] | None:
        """Dream now (Ctrl+D): dream over the chosen day (default yesterday, UTC) as a manual run; returns its
        task, or None when a run is going or memory is off."""
        if not self.memory_enabled or self._dreaming is not None or self._external_day is not None:
            return None
        day = self.day_picker.selected_day() or yesterday_utc()
        return self._start_dream("Dream now", day.isoformat(),
                                 lambda: self.svc.dreams.run_day(self.assistant_id, day))

    def regenerate(self, number: int | None = None) -> asyncio.Task[None] | None:
        """Regenerate card ``number`` (default: the selected one): dream over its day
        again and replace its text (Ctrl+R, the refresh icon). Only single-day cards;
        returns the task, or None when nothing started."""
        card = self._card(number)
        if card is None or not card.regenerable or not self.memory_enabled or self._dreaming is not None \
                or self._external_day is not None:
            return None
        self.select_number(card.number)

        async def go() -> DreamOutcome:
            current = await self.runner.run_in_thread(self._current_number, card)
            return await self.svc.dreams.regenerate(self.assistant_id, current)

        return self._start_dream(f"Regenerate #{card.number}", card.tag, go)

    def _start_dream(self, what: str, day: str, make: Callable[[], Awaitable[DreamOutcome]]) -> asyncio.Task[None]:
        self._dreaming = what
        self.show_error("")
        self.show_status(PHASE_TEXT["started"].format(day=day), 0)
        self._sync()
        return self.runner.run(self._dream_task, self._dream(what, make), context=what)

    async def _dream(self, what: str, make: Callable[[], Awaitable[DreamOutcome]]) -> None:
        try:
            try:
                outcome = await make()
            except asyncio.CancelledError:
                self.show_status(f"{what} stopped — nothing was written")
                raise
            except ServiceError as exc:
                self.show_status("")
                self.show_error(f"{what}: {exc}")
                return
        finally:
            self._dreaming = None
            self._sync()
        self.show_status(outcome_text(outcome.status, outcome.message), 15000)
        self._select_number = outcome.card_number
        self.schedule_reload()

    def stop(self) -> bool:
        """Stop (Esc on the page): cancel this panel's run, else the scheduled run that is
        dreaming for this assistant. True when something was stopped."""
        if self._dreaming is not None:
            return self.runner.cancel(self._dream_task)
        if self._external_day is not None:
            stopped = self.runner.cancel(RUN_DUE_TASK)
            if stopped:
                self._external_day = None
                self.show_status("Scheduled dream stopped — it is tried again later")
                self._sync()
            return stopped
        return False

    def _on_dream_progress(self, assistant_id: int, day: str, phase: str, status: str, message: str) -> None:
        if assistant_id != self.assistant_id:
            return
        own = self._dreaming is not None
        if phase == "finished":
            if not own and self._external_day is not None:
                self._external_day = None
                self.show_status(f"Scheduled dream: {outcome_text(status, message)}", 15000)
            self._sync()
            self.schedule_reload()
            return
        if not own:
            self._external_day = day
        text = PHASE_TEXT.get(phase)
        if text is not None:
            self.show_status(text.format(day=day), 0)
        self._sync()

    @property
    def progress_text(self) -> str:
        """The status line while a run is going (its current phase)."""
        return self.status_label.text()

    # --- Qt overrides -------------------------------------------------------------------------
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        """Qt: a font change of the list re-lays out the cards."""
        if obj is self.list and event.type() == QEvent.Type.FontChange:
            self.delegate.clear_cache()
        return super().eventFilter(obj, event)

    def showEvent(self, event: QShowEvent) -> None:
        """Qt: re-read when a change arrived while the page was hidden."""
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self.schedule_reload()

    def detach(self) -> None:
        """Stop following the bus and cancel this panel's work (the page closes for good)."""
        self._reload_timer.stop()
        self.runner.cancel(self._load_task)
        self.runner.cancel(self._dream_task)
        if self._edit_dialog is not None:
            self._edit_dialog.close()
        if not self._following:
            return
        self._following = False
        self.events.memory_changed.disconnect(self._on_memory_changed)
        self.events.dream_progress.disconnect(self._on_dream_progress)

