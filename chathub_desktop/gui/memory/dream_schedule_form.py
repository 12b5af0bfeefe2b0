"""The dream panel's schedule form (DRM-2, DRM-5, DRM-7, issues 18 and 30): rows of the
Dreaming memory card, as Settings lays out a choice (memlook52) — *Memory dream*: Off /
Daily / Weekly, the UTC time and weekday with the user's local time under them, described
in words with the next firing ("Every day at 02:00 UTC — 03:00 in Berlin. Next dream:
tomorrow at 03:00 in Berlin (02:00 UTC)"); *Keep dream cards* (a lower Keep N that folds
is previewed first); the latest scheduled run (:mod:`.dream_last_run`; not under a schedule typed
over the stored one); and, only while the form differs from
what is stored, a foot with Cancel and Save (a save that would run at once says first
which day it dreams over, or that it dreams nothing and why), where a save then says "Saved: …" for a few seconds (walk52b #3).
Its words — a time something runs said the user's way first with UTC beside it, a
schedule the other way round, as stored — are :mod:`.dream_words`'; what Save does about
a missed run, :mod:`.schedule_words`'; a Keep N's fold preview, :mod:`.fold_words`'.
A component of :class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel`, given it as
a :class:`DreamHost`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, tzinfo
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import (
    QCoreApplication,
    Qt,
    QTimer,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.dream_schedule import (
    WEEKDAYS,
    CatchUpWill,
    DreamFrequency,
    Schedule,
    Slot,
    next_slot,
)
from chathub_desktop.core.dynamic_memory import (
    KEEP_DEFAULT,
    KEEP_MAX,
    KEEP_MIN,
)
from chathub_desktop.gui.design import Tone, TypeScale, set_text_size, set_tone
from chathub_desktop.gui.design.segmented import SegmentedControl
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.change_preview import PreviewOption
from chathub_desktop.gui.memory.dream_last_run import LastRunLine
from chathub_desktop.gui.memory.dream_words import (
    describe_schedule,
    local_time,
    plan_words,
    system_zone,
    weekday_name,
    when_words,
)
from chathub_desktop.gui.memory.fold_words import keep_lines
from chathub_desktop.gui.memory.page_common import help_mark, save_shortcut, tight
from chathub_desktop.gui.memory.schedule_words import catch_up_words
from chathub_desktop.gui.settings.setting_rows import SettingRow, divider, row_box
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.range_hint import RangeHint
from chathub_desktop.services.dream.dream_service import (
    CatchUp,
    DreamSettingsView,
)
from chathub_desktop.services.memory.memory_preview import ChangePreview

if TYPE_CHECKING:
    from chathub_desktop.gui.shell.service_ops import ServiceOps
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.container import Services

translate = QCoreApplication.translate

SCHEDULE_HELP = QT_TRANSLATE_NOOP("MemoryPage",
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
KEEP_HELP = QT_TRANSLATE_NOOP("MemoryPage",
    "<p><b>Keep dream cards</b> (1–90, default 14) is how many single-day cards are "
    "kept as they are. Older ones beyond that are merged into a single range card "
    "dated <i>first day – last day</i>.</p>"
    "<p>Saving the form stores the number and merges right away, in one write, by "
    "joining the older cards' text. When the dream next runs it may condense a range "
    "with the History Compress model, staying under 6,400 characters; a single-day "
    "card stays under 3,200.</p>"
)
#: The one-line summaries of the form's ``?`` marks (their accessible descriptions; walk40).
SCHEDULE_LINE = QT_TRANSLATE_NOOP(
    "MemoryPage", "Runs while ChatHub is open (window or tray) and reads the UTC day before it.")
KEEP_LINE = QT_TRANSLATE_NOOP("MemoryPage", "Older single-day cards are merged into one range card.")
#: The row's line, in the warning tone, and Save's tooltip while the typed time is not HH:MM (walk56 #4).
TIME_FORMAT_HINT = QT_TRANSLATE_NOOP("MemoryPage", "Type the time as HH:MM in 24-hour UTC, e.g. 02:00.")
#: Milliseconds the foot says "Saved: …" after a save (an edit clears it sooner).
SAVED_MS = 5000


class DreamHost(Protocol):
    """What the schedule form is given by its panel: the services and assistant, the
    panel's write queue and task runner, and its reloads."""

    svc: Services
    assistant_id: int
    ops: ServiceOps

    runner: TaskRunner

    def schedule_reload(self) -> None:
        """Re-read the settings and cards soon."""


class ScheduleForm(QWidget):
    """The schedule form for ``host`` (see the module docstring). ``show_settings`` fills
    it from a :class:`DreamSettingsView`; ``set_memory_enabled`` mirrors MEM-1."""

    # the fields :meth:`_build` makes
    frequency_combo: SegmentedControl
    time_edit: QLineEdit
    keep_spin: QSpinBox

    # the foot's, made by :meth:`build_foot`
    catch_up_label: QLabel
    saved_label: QLabel
    cancel_button: QPushButton
    save_button: QPushButton
    foot: QWidget
    _foot_line: QFrame

    def __init__(self, host: DreamHost, parent: QWidget | None = None, *, foot_later: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("dreamScheduleForm")
        self._host = host
        self.view: DreamSettingsView | None = None
        self.paused = False
        self.memory_enabled = True
        self._zone: tuple[tzinfo, str] | None = None  # the system's, read when first needed
        #: The clock (tests set a fixed one).
        self.clock: Callable[[], datetime] = lambda: datetime.now(UTC)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        self.texts = Texts(self)
        #: True once the foot (Cancel, Save, the saved and catch-up lines) is made: a form made
        #: ahead leaves it to :meth:`build_foot`, before it is shown (stall54c: one 6–8 ms step).
        self.foot_built = False
        self._build(lay)
        if not foot_later:
            self.build_foot()
        # the fields hold their place unseen until the first read: "Off" and an empty time
        # shown before it were wrong for a scheduled dream (walk45 #3)
        self._unread: tuple[QWidget, ...] = (self.frequency_combo, self.time_edit, self.keep_spin)
        for w in self._unread:
            policy = w.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            w.setSizePolicy(policy)
            w.hide()
        self.sync()

    @property
    def local_zone(self) -> tuple[tzinfo, str]:
        """Where the user is — ``(zone, place)`` — for the local equivalent beside the UTC
        time (the system's unless set)."""
        if self._zone is None:
            self._zone = system_zone()
        return self._zone

    @local_zone.setter
    def local_zone(self, zone: tuple[tzinfo, str]) -> None:
        self._zone = zone
        self._show_local_time()  # "(15:30 in Berlin)" says the new place

    def _build(self, lay: QVBoxLayout) -> None:
        # schedule form (DRM-2, DRM-7): rows of the group's card, as Settings lays out a choice —
        # the name, its ? and what it does at the left, the control at the right (memlook52:
        # label-colon rows with a floating Save read as a configuration form)
        self.schedule_form = QWidget(self)  # in the form's window from the start (see DreamPanel.build_schedule)
        self.schedule_form.setObjectName("dreamScheduleRow")
        rows = QVBoxLayout(self.schedule_form)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setSpacing(0)
        t = self.texts
        #: Off / Daily / Weekly as one segmented control (walk40: not a native drop-down).
        self.frequency_combo = SegmentedControl()
        self.frequency_combo.setObjectName("dreamFrequency")
        for frequency in (DreamFrequency.OFF, DreamFrequency.DAILY, DreamFrequency.WEEKLY):
            self.frequency_combo.addItem("", frequency)

        def say_combos() -> None:
            for i, text in enumerate((translate("MemoryPage", "Off"), translate("MemoryPage", "Daily"),
                                      translate("MemoryPage", "Weekly"))):
                self.frequency_combo.setItemText(i, text)
            for i in range(len(WEEKDAYS)):
                self.weekday_combo.setItemText(i, weekday_name(i))

        t.bind(self.frequency_combo.setToolTip, lambda: translate(
            "MemoryPage", "How often the memory dream runs by itself: Off, Daily, or Weekly on one weekday"))
        self.weekday_label = QLabel()
        t.bind(self.weekday_label.setText, lambda: translate("MemoryPage", "on", "a weekly dream: on <weekday>"))
        self.weekday_combo = QComboBox()
        self.weekday_combo.setObjectName("dreamWeekday")
        for i in range(len(WEEKDAYS)):
            self.weekday_combo.addItem("", i)
        t.call(say_combos)
        t.bind(self.weekday_combo.setToolTip, lambda: translate(
            "MemoryPage", "The UTC weekday of a weekly dream (it reads the day before)"))
        at = QLabel()
        t.bind(at.setText, lambda: translate("MemoryPage", "at", "a dream: at <time> UTC"))
        self.time_edit = QLineEdit()
        self.time_edit.setObjectName("dreamTime")
        t.bind(self.time_edit.setPlaceholderText, lambda: translate("MemoryPage", "HH:MM"))
        self.time_edit.setMaxLength(5)
        self.time_edit.setFixedWidth(self.time_edit.fontMetrics().horizontalAdvance("00:00") + 22)
        t.bind(self.time_edit.setToolTip, lambda: translate(
            "MemoryPage", "Time of day in UTC, 24-hour HH:MM (e.g. 02:00). Enter saves."))
        self.time_edit.returnPressed.connect(self.save_schedule)
        utc = QLabel("UTC")  # not translated: the time standard's name
        self.local_label = QLabel()
        self.local_label.setObjectName("dreamLocalTime")
        set_tone(self.local_label, Tone.MUTED)
        self.keep_spin = QSpinBox()
        self.keep_spin.setObjectName("keepDreamCards")
        self.keep_spin.setRange(KEEP_MIN, KEEP_MAX)
        self.keep_spin.setValue(KEEP_DEFAULT)
        t.bind(self.keep_spin.setToolTip, lambda: fill(translate(
            "MemoryPage", "Single-day cards kept before the oldest are merged into one range card (%1–%2, "
                          "default %3); Save merges at once"), str(KEEP_MIN), str(KEEP_MAX), str(KEEP_DEFAULT)))
        self.keep_range_hint = RangeHint(self.keep_spin)
        # what the two settings mean: a ``?`` beside each name (APP-6; walk40: no helper lines)
        self.schedule_help = help_mark(SCHEDULE_LINE, SCHEDULE_HELP, "dreamScheduleHelp", t)
        self.keep_help = help_mark(KEEP_LINE, KEEP_HELP, "keepDreamCardsHelp", t)
        #: What the schedule does, in words, with the next firing (DRM-2; memlook52): the row's description.
        self.next_label = QLabel()
        self.next_label.setObjectName("nextDreamLabel")
        self.next_label.setWordWrap(True)
        set_tone(self.next_label, Tone.MUTED)
        set_text_size(self.next_label, TypeScale.CAPTION)
        t.bind(self.next_label.setToolTip, lambda: translate(
            "MemoryPage", "When the schedule fires next, in your time with UTC beside it; it dreams over the UTC "
                          "day before"))
        when = row_box(self.frequency_combo, self.weekday_label, self.weekday_combo, at, self.time_edit, utc,
                       self.local_label, steady=True)  # as tall with the weekday as without
        when.layout().setSpacing(Space.XS)  # type: ignore[union-attr]  # row_box always has one
        # the latest scheduled run (DRM-5): a line under the schedule's while it is on
        self.last_run_label = LastRunLine()
        #: What the schedule does and its latest run, under Off / Daily / Weekly and the time:
        #: the controls sit right under the row's title, at its left, where neither these lines
        #: nor "on Sunday" and "(15:30 in Berlin)" after them move them (walk55b #3: the choice,
        #: at the row's right, shifted ~100 px as those came and went).
        about = QWidget()
        about_lines = QVBoxLayout(about)
        about_lines.setContentsMargins(0, 0, 0, 0)
        about_lines.setSpacing(Space.XXS)
        for line in (self.next_label, self.last_run_label):
            line.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)  # as a row's description
            about_lines.addWidget(line)
        self.schedule_row = SettingRow(when, lambda: translate("MemoryPage", "Memory &dream"), t, stacked=True,
                                       under=about, buddy=self.frequency_combo, aside=self.schedule_help,
                                       name="dreamScheduleSetting")
        rows.addWidget(tight(self.schedule_row))
        rows.addWidget(divider())
        self.keep_row = SettingRow(self.keep_spin, lambda: translate("MemoryPage", "&Keep dream cards"), t,
                                   description=lambda: translate("MemoryPage", KEEP_LINE), aside=self.keep_help,
                                   name="keepDreamCardsSetting")
        rows.addWidget(tight(self.keep_row))
        lay.addWidget(self.schedule_form)
        self.frequency_combo.currentIndexChanged.connect(self._on_form_changed)
        self.weekday_combo.currentIndexChanged.connect(self._on_form_changed)
        self.time_edit.textChanged.connect(self._on_form_changed)
        self.keep_spin.valueChanged.connect(self._on_form_changed)
        self._saved_timer = QTimer(self)
        self._saved_timer.setSingleShot(True)
        self._saved_timer.setInterval(SAVED_MS)
        self._saved_timer.timeout.connect(self._clear_saved)
        save_shortcut(self, t, lambda: translate("MemoryPage", "Save dream schedule"), self.save_schedule)
        # the schedule's lines (dates, weekdays, statuses) are said again after a switch
        t.call_themed(self._show_schedule_info)  # its last-run line holds the warning colour
        t.call(self._show_local_time)
        self._catch_up_task = f"dream-catch-up-{id(self)}"
        self._catch_up_timer = QTimer(self)
        self._catch_up_timer.setSingleShot(True)
        self._catch_up_timer.setInterval(150)  # typing a time: ask once it rests
        self._catch_up_timer.timeout.connect(self._check_catch_up)

    def build_foot(self) -> None:
        """Make the foot: the catch-up notice, "Saved: …", Cancel and Save, shown only while
        the form differs from what is stored or was just saved (memlook52). Made with the
        form unless ``foot_later``; then by its panel before the form is placed (issue 30)."""
        if self.foot_built:
            return
        lay = self.layout()
        assert isinstance(lay, QVBoxLayout)
        t = self.texts
        # the foot, only while the form differs from what is stored (memlook52): a schedule whose
        # missed slot would run at once says so before Save (issue 30), then Cancel and Save
        self.catch_up_label = QLabel()
        self.catch_up_label.setObjectName("dreamCatchUpNotice")
        self.catch_up_label.setWordWrap(True)
        set_tone(self.catch_up_label, Tone.WARNING)
        self.catch_up_label.hide()
        #: "Saved: Daily at 03:30 UTC · keep 14 cards" at the foot, where Save was pressed, for
        #: :data:`SAVED_MS` or until the next edit (walk52b #3: it showed under Dream now).
        self.saved_label = QLabel()
        self.saved_label.setObjectName("dreamScheduleSaved")
        self.saved_label.setWordWrap(True)
        set_tone(self.saved_label, Tone.SUCCESS)
        self.saved_label.hide()
        self.cancel_button = QPushButton()
        self.cancel_button.setObjectName("cancelDreamSchedule")
        t.bind(self.cancel_button.setText, lambda: translate("MemoryPage", "Cancel"))
        t.bind(self.cancel_button.setToolTip, lambda: translate(
            "MemoryPage", "Put the schedule and Keep dream cards back as they are stored"))
        self.cancel_button.setAutoDefault(False)
        self.cancel_button.clicked.connect(self.cancel_changes)
        self.save_button = QPushButton()
        self.save_button.setObjectName("saveDreamSchedule")
        t.bind(self.save_button.setText, lambda: translate("MemoryPage", "Save"))
        t.bind(self.save_button.setToolTip, self._save_tip)
        self.save_button.setAutoDefault(False)
        self.save_button.setProperty("primary", True)  # the foot's action
        self.save_button.clicked.connect(self.save_schedule)
        self._foot_line = divider()
        lay.addWidget(self._foot_line)
        self.foot = QWidget()
        self.foot.setObjectName("dreamScheduleFoot")
        fl = QHBoxLayout(self.foot)
        fl.setContentsMargins(Space.XL, Space.MD, Space.XL, Space.MD)
        fl.setSpacing(Space.SM)
        fl.addWidget(self.catch_up_label, 1)
        fl.addWidget(self.saved_label, 1)
        fl.addStretch(0)
        fl.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignBottom)
        fl.addWidget(self.save_button, 0, Qt.AlignmentFlag.AlignBottom)
        lay.addWidget(self.foot)
        self.foot_built = True
        self.sync()

    # --- the form ---------------------------------------------------------------------------
    def show_settings(self, view: DreamSettingsView, paused: bool) -> None:
        """Show the stored settings (the fields only when the user changed none)."""
        for w in self._unread:  # the first read: the fields hold the stored values now
            w.show()
        self._unread = ()
        dirty = self.form_changed()
        self.view = view
        self.paused = paused
        if not dirty:
            self._fill_form(view)
        self._show_schedule_info()
        self.sync()

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

    def frequency(self) -> DreamFrequency:
        """The frequency chosen in the form (DRM-2): the chosen segment's item data."""
        chosen = self.frequency_combo.currentData()
        assert isinstance(chosen, DreamFrequency)
        return chosen

    def form_values(self) -> tuple[DreamFrequency, str, int, int]:
        """``(frequency, time text, weekday 0–6, keep)`` as typed in the form."""
        return (self.frequency(), self.time_edit.text().strip(),
                int(self.weekday_combo.currentData()), self.keep_spin.value())

    def form_changed(self) -> bool:
        """True when the form differs from the stored settings (unsaved changes)."""
        if self.view is None:
            return False
        s = self.view.schedule
        return self.form_values() != (s.frequency, s.time_utc, s.weekday, self.view.keep)

    def _on_form_changed(self, *_args: object) -> None:
        self._saved_timer.stop()
        self.saved_label.hide()  # the next edit: "Saved" no longer says what the form shows
        self.sync()
        self._show_schedule_info()

    def typed_schedule(self) -> Schedule | None:
        """The schedule as typed, None while it is not valid (e.g. a half-typed time)."""
        frequency, time_text, weekday, _keep = self.form_values()
        try:
            return Schedule(frequency, time_text, weekday)
        except ValueError:
            return None

    def _show_local_time(self) -> None:
        schedule = self.typed_schedule()
        slot = next_slot(schedule, self.clock()) if schedule is not None else None
        if slot is None or schedule is None:
            self.local_label.hide()
            return
        zone, place = self.local_zone
        if place == "UTC":  # the user's clock is UTC: nothing to add
            self.local_label.hide()
            return
        mine, both = local_time(schedule, slot.fire_at, zone, place)
        self.local_label.setText(f"({mine})")
        self.local_label.setToolTip(fill(translate("MemoryPage", "%1, on the next firing day (%2)"), both,
                                         format_day(slot.fire_at.date())))
        self.local_label.show()

    def sync(self) -> None:
        """Fit the fields to the frequency and the page's write queue."""
        self._show_local_time()
        self._catch_up_timer.start()
        weekly = self.frequency() is DreamFrequency.WEEKLY
        self.weekday_label.setVisible(weekly)
        self.weekday_combo.setVisible(weekly)
        on = self.frequency() is not DreamFrequency.OFF
        self.time_edit.setEnabled(on)
        if not self.foot_built:  # a form made ahead: nothing typed yet, its foot made before it shows
            return
        changed = self.form_changed()
        # a time that is not HH:MM is said under the row and not saved (walk56 #4): Save says why
        self.save_button.setEnabled(changed and not self._host.ops.busy and not self.time_refused())
        self.texts.bind(self.save_button.setToolTip, self._save_tip)
        self.cancel_button.setEnabled(changed and not self._host.ops.busy)
        saved = not changed and self._saved_timer.isActive()  # the foot says a save went through
        self.saved_label.setVisible(saved)
        self.cancel_button.setVisible(changed)
        self.save_button.setVisible(changed)
        # the foot only while there is something to save (memlook52), or just saved
        self._foot_line.setVisible(changed or saved)
        self.foot.setVisible(changed or saved)

    def cancel_changes(self) -> None:
        """Cancel: the form shows the stored schedule and Keep N again (nothing is written)."""
        if self.view is not None:
            self._fill_form(self.view)
        if self.foot_built:
            self.catch_up_label.hide()
        self.sync()
        self._show_schedule_info()

    def time_refused(self) -> bool:
        """True while the typed time is not ``HH:MM`` 00:00–23:59 (DRM-2): the row's line
        says how to type it and Save is off (walk56 #4: it was refused far below)."""
        return self.typed_schedule() is None

    def _save_tip(self) -> str:
        if self.time_refused():
            return translate("MemoryPage", TIME_FORMAT_HINT)
        return translate("MemoryPage", "Store the schedule and Keep dream cards (Ctrl+S in this form); extra cards "
                                       "are merged in the same write")

    def save_schedule(self) -> bool:
        """Save: store the schedule, then Keep N with its fold (DRM-2, DRM-7). A time that
        is not ``HH:MM`` is refused here, said under the row (Enter and Ctrl+S too), and
        nothing is stored. False when nothing was started (busy, unchanged or refused)."""
        if not self.form_changed() or self.time_refused():
            return False
        frequency, time_text, weekday, keep = self.form_values()
        if self.view is not None and keep < self.view.keep:  # a lower Keep N may fold: preview it first
            def checked(preview: object) -> None:
                assert isinstance(preview, ChangePreview)
                if preview.folds:
                    QTimer.singleShot(0, lambda: self._confirm_fold(preview, (frequency, time_text, weekday, keep)))
                else:
                    QTimer.singleShot(0, lambda: self._write_schedule(frequency, time_text, weekday, keep, None))

            return self._host.ops.start("Save dream schedule", lambda: self._host.svc.previews.keep(
                self._host.assistant_id, keep), checked)
        return self._write_schedule(frequency, time_text, weekday, keep, None)

    def _confirm_fold(self, preview: ChangePreview, values: tuple[DreamFrequency, str, int, int]) -> None:
        frequency, time_text, weekday, keep = values
        save = translate("MemoryPage", "Save")
        if change_preview.ask(self, lambda: translate("MemoryPage", "Keep fewer dream cards"),
                              lambda: translate("MemoryPage", "Keeping %n dream card(s) folds older ones into a range "
                                                              "card (by joining their text; the next dream may "
                                                              "re-summarize it):", None, keep),
                              [PreviewOption("fold", save, lambda: keep_lines(preview), preview.changes,
                                             (translate("MemoryPage", "Added"),
                                              translate("MemoryPage", "Folded into the range card"),
                                              translate("MemoryPage", "Range card rewritten")),
                                             cards=True, folds=True)],  # walk56 #5: as the page says cards
                              lambda: translate("MemoryPage", "Save")) is None:
            return
        self._write_schedule(frequency, time_text, weekday, keep, preview.version)

    def _check_catch_up(self) -> None:
        """Ask the service (worker thread) whether saving the typed schedule would dream at
        once; the answer shows in ``catch_up_label`` before Save (issue 30)."""
        if not self.foot_built:  # asked again when the foot is made
            return
        s = self.view.schedule if self.view is not None else None
        typed = self.typed_schedule()
        if typed is None or not typed.enabled or (s is not None and typed == s):
            if not self.catch_up_label.isHidden():
                self.catch_up_label.hide()
                self._show_schedule_info()
            return
        self._host.runner.run(self._catch_up_task, self._catch_up(typed), context="Dream schedule", quiet=True)

    async def _catch_up(self, typed: Schedule) -> None:
        got = await self._host.runner.run_in_thread(
            lambda: self._host.svc.dreams.catch_up_on_save(self._host.assistant_id, typed.frequency,
                                                           typed.time_utc, typed.weekday))
        if self.typed_schedule() != typed:
            return  # the form changed meanwhile: its own check answers
        assert got is None or isinstance(got, CatchUp)
        if got is not None:
            self.catch_up_label.setText(self.catch_up_text(got.slot, got.will))
            # a dream at once is the thing to notice; a run that adds nothing is a plain fact
            set_tone(self.catch_up_label, Tone.WARNING if got.will is CatchUpWill.DREAMS else Tone.MUTED)
        self.catch_up_label.setVisible(got is not None)
        self._show_schedule_info()  # the row's line leaves what Save does to the notice

    def catch_up_text(self, slot: Slot, will: CatchUpWill = CatchUpWill.DREAMS) -> str:
        """What a save that would run at once says first, in one sentence
        (:func:`~.schedule_words.catch_up_words`, the user's time now; walk56 #9): it starts
        a dream over the day the missed run reads, or why it starts none."""
        zone, place = self.local_zone
        return catch_up_words(slot, will, self.clock(), zone, place)

    def _write_schedule(self, frequency: DreamFrequency, time_text: str, weekday: int, keep: int, version: str | None) -> bool:
        def write() -> DreamSettingsView:
            self._host.svc.dreams.set_schedule(self._host.assistant_id, frequency, time_text, weekday)
            return self._host.svc.dreams.set_keep(self._host.assistant_id, keep, version=version)

        def done(result: object) -> None:
            assert isinstance(result, DreamSettingsView)
            self.view = result
            self._fill_form(result)
            self._show_schedule_info()
            self.build_foot()  # made already when the form was shown
            schedule, keep = result.schedule, str(result.keep)
            slot = next_slot(schedule, self.clock())
            zone, place = self.local_zone
            self.texts.bind(self.saved_label.setText, lambda: fill(
                translate("MemoryPage", "Saved: %1 · keep %2 cards"),
                describe_schedule(schedule, slot.fire_at if slot is not None else None, zone, place), keep))
            self._saved_timer.start()
            self.sync()
            self._host.schedule_reload()

        return self._host.ops.start("Save dream schedule", write, done, on_fail=lambda: self.time_edit.setFocus())

    def _clear_saved(self) -> None:
        """:data:`SAVED_MS` after a save: the foot's "Saved" line goes (and the foot with it)."""
        self._saved_timer.stop()
        self.sync()

    def _show_schedule_info(self) -> None:
        v = self.view
        if v is None:
            self.next_label.setText("")
            self.last_run_label.hide()
            return
        s = v.schedule
        typed = self.typed_schedule()
        zone, place = self.local_zone
        now = self.clock()
        set_tone(self.next_label, Tone.WARNING if typed is None else Tone.MUTED)
        if typed is None:  # not "The schedule is off" while Daily is chosen (walk56 #4)
            text = translate("MemoryPage", TIME_FORMAT_HINT)
        elif not self.memory_enabled:
            text = translate("MemoryPage", "Memory is off for this assistant, so no dream runs for it.")
        elif typed is not None and typed != s:  # the stored state would contradict the form
            # the foot's notice, when shown, says what Save will do (walk56 #9: not twice)
            text = (translate("MemoryPage", "Not saved yet.") if self.catch_up_said() else
                    translate("MemoryPage", "Not saved yet: press Save below to use this schedule."))
        elif not s.enabled:
            text = translate("MemoryPage", "The schedule is off: no dream runs by itself. Dream now still works.")
        elif v.next_at is not None:
            text = fill(translate("MemoryPage", "%1. Next dream: %2."), plan_words(s, v.next_at, zone, place),
                        when_words(v.next_at, now, zone, place))
        else:
            text = describe_schedule(s)
        if s.enabled and self.paused:
            text += translate("MemoryPage", " Dreams are paused (tray menu → Pause dreams).")
        self.next_label.setText(text)
        run = v.last_run
        # the latest run is the stored schedule's: not said under a schedule typed over it
        # (walk56 #9: "Last scheduled run: … the day already had a card" stacked on the notice)
        if not s.enabled or (typed is not None and typed != s):
            self.last_run_label.hide()
            return
        self.last_run_label.show_run(run, now, zone, place)
        self.last_run_label.show()


    def catch_up_said(self) -> bool:
        """True while the foot says what Save will do about a missed run (issue 30)."""
        return self.foot_built and not self.catch_up_label.isHidden()

    def detach(self) -> None:
        """Stop asking about catch-ups (the panel closes for good)."""
        self._catch_up_timer.stop()
        self._host.runner.cancel(self._catch_up_task)

    def set_memory_enabled(self, on: bool) -> None:
        """Mirror the assistant's memory switch (MEM-1: memory off → no dream runs): the
        next-dream line says so."""
        self.memory_enabled = on
        self._show_schedule_info()
