"""Settings → System Agent (CMP-3, CMP-20, APP-10, NUM-1): the History Compress model,
the language of summaries and dream cards, the topic naming model, archive excerpts of
earlier summaries and the threshold compaction policy.

A System Agent model is a ``PROVIDER/MODEL`` pair picked with
:class:`~chathub_desktop.gui.settings.model_picker.ModelPicker`; the page reads what it
shows on a worker (:mod:`chathub_desktop.gui.settings.agent_settings`), and Save checks
every field through the settings service before it stores any, showing a refusal
inline. The fields' ranges and the default model come from the settings' declarations
(:mod:`chathub_desktop.core.app_settings`).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.app_settings import (
    CARD_LANGUAGE,
    COMPACT_BUFFER_TOKENS,
    COMPACT_ENABLED,
    COMPACT_KEEP_RECENT,
    COMPACT_MAX_FAILURES,
    COMPACTION_ARCHIVES,
    HISTORY_COMPRESS_MODEL,
    TOPIC_NAMING_MODEL,
    Setting,
)
from chathub_desktop.gui.design import Space, Tone, set_tone
from chathub_desktop.gui.design.tokens import Width
from chathub_desktop.gui.settings.agent_settings import read_agent_settings, summarizer_line
from chathub_desktop.gui.settings.model_picker import ModelPicker
from chathub_desktop.gui.settings.setting_rows import Disclosure, SettingGroup, SettingRow, row_box
from chathub_desktop.gui.shell.help_button import FieldNote, field_note, note_text
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill, said
from chathub_desktop.gui.shell.range_hint import install_range_hints
from chathub_desktop.gui.shell.service_reasons import said as said_reason
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.services.errors import ServiceError

if TYPE_CHECKING:  # types only: keeps SQLAlchemy off the window's start-up path
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.container import Services

__all__ = ["DEFAULT_COMPRESS_MODEL", "SystemAgentPage"]

#: The History Compress model when none is set (a bare model runs on the first OpenAI provider).
DEFAULT_COMPRESS_MODEL = HISTORY_COMPRESS_MODEL.default

translate = QCoreApplication.translate

COMPRESS_HELP = QT_TRANSLATE_NOOP(
    "SystemAgentPage",
    "<p><b>History Compress</b> is the model that writes topic summaries (Compact now, token "
    "auto-compact, summarizing dropped history, overflow rescue) and folds memory dream cards. "
    "It is <b>a separate setting</b> from the chat model: it may be the chat model you talk to, but a "
    "small fast model is better (a busy chat model makes summaries fail). Default: <code>gpt-5-mini</code> "
    "on your first OpenAI provider.</p><p>Its context window comes from its model card (Settings → model cards, "
    "else the built-in catalog), so an 8k custom model is treated as 8k: batches stay under about "
    "half of that window. Pick a fast, capable model; thinking is switched off where the vendor "
    "allows it.</p>"
)
NAMING_HELP = QT_TRANSLATE_NOOP(
    "SystemAgentPage",
    "<p><b>Topic naming</b>: the model that writes a short title for a new topic from its first "
    "message, after its first reply. <b>The chat's own model</b> (the default) lets the topic's model "
    "write it, as ChatGPT and Claude do. The first words of the message stay the title when the model "
    "fails, and always with <code>chathub-desktop settings set topic-naming off</code>.</p>"
)
THRESHOLD_HELP = QT_TRANSLATE_NOOP(
    "SystemAgentPage",
    "<p><b>Threshold compaction</b> is a second, simpler policy (as in Numi Chat). When on, it "
    "replaces the watermark triggers of Chat Preference: before each send it estimates the request "
    "(about one token per three characters, 4,096 per image) and, when that is above the model's "
    "context window minus the <b>buffer</b>, asks the <i>chat model itself</i> to summarize the "
    "older complete turns. The request then carries the summary, a short acknowledgement and the "
    "most recent turns (at least <b>keep recent</b> messages, moved back to a user message so "
    "turns stay whole). After <b>max failures</b> failed summaries it pauses for five minutes. "
    "The COMPACT_ENABLED, COMPACT_BUFFER_TOKENS, COMPACT_KEEP_RECENT, COMPACT_MAX_FAILURES and "
    "DISABLE_AUTO_COMPACT environment variables override these fields. Messages are never deleted.</p>"
)

ARCHIVES_HELP = QT_TRANSLATE_NOOP(
    "SystemAgentPage",
    "<p>When on, short excerpts of earlier summary snapshots are kept and sent under the topic "
    "summary, so details a later merge dropped are not lost entirely. Identical snapshots are "
    "stored once; an excerpt whose time cannot be read is kept marked \u201cunknown time\u201d. "
    "They count towards the token estimate.</p>"
)


#: The languages offered for summaries and dream cards: (the name the model reads, the
#: ``SystemAgentPage`` source shown); ``None``: the material's own (issue 27).
CARD_LANGUAGES: tuple[tuple[str | None, str], ...] = (
    (None, QT_TRANSLATE_NOOP("SystemAgentPage", "The conversation's own")),
    ("English", QT_TRANSLATE_NOOP("SystemAgentPage", "English")),
    ("Simplified Chinese", QT_TRANSLATE_NOOP("SystemAgentPage", "Simplified Chinese")),
    ("Japanese", QT_TRANSLATE_NOOP("SystemAgentPage", "Japanese")))


#: The widest a System Agent model chooser grows (px): a model id, not the window's width.
PICKER_WIDTH = 620


class FittedScrollArea(QScrollArea):
    """A frameless scroll area that asks for its whole ``widget``'s height (a plain one
    caps its wish at 24 lines), so it scrolls only when the window is too short."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__()
        self._body = widget
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(widget)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """The widget's wished size plus the frame; once shown, its height at the width
        it has (its wrapped notes: walk51b #5 — the hint of a narrower guess put Save 24 px
        lower on the first showing than on the next)."""
        frame = 2 * self.frameWidth()
        hint = self._body.sizeHint()
        width = self.viewport().width()
        height = hint.height()
        if self.isVisible() and width > 0 and self._body.hasHeightForWidth():
            height = self._body.heightForWidth(width)
        return QSize(hint.width() + frame, height + frame)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """A new width wraps the notes anew: ask the page's layout for the height again."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()


class SystemAgentPage(QWidget):
    """Settings → System Agent: History Compress model, topic naming model, archives and
    the threshold compaction policy (NUM-1, NUM-3, NUM-6, NUM-8).

    Save writes each setting through ``services.settings`` on ``runner``'s worker thread
    (issue 29); the first :class:`ServiceError` is shown inline (the dialog stays open).
    ``saved`` fires after a successful save."""

    saved = Signal()

    def __init__(self, services: Services, runner: TaskRunner, model_ids: Sequence[str] = (),
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("systemAgentPage")
        self.svc = services
        self._runner = runner
        self.texts = t = Texts(self)
        self.setMaximumWidth(Width.SETTINGS)  # walk51: full-width rows, capped where they stay one glance
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        body = QWidget()
        self.form_area = FittedScrollArea(body)  # walk42 #7: the form scrolls, Save/Cancel stay in view
        t.bind(self.form_area.setAccessibleName, lambda: translate("SystemAgentPage", "System Agent settings"))
        outer.addWidget(self.form_area)
        layout = QVBoxLayout(body)
        layout.setSpacing(Space.XL)
        intro = QLabel()
        t.bind(intro.setText, lambda: translate("SystemAgentPage", "The models ChatHub uses for its own work, apart "
                                                                   "from the ones your assistants chat with."))
        intro.setWordWrap(True)
        set_tone(intro, Tone.MUTED)
        layout.addWidget(intro)
        # walk51: rows with the name and what it does at the left, the control at the right;
        # the History Compress model first, the compaction knobs behind "Advanced"
        summaries = SettingGroup(t, lambda: translate("SystemAgentPage", "Summaries"))
        layout.addWidget(summaries)
        self.compress_picker = ModelPicker(QT_TRANSLATE_NOOP("SystemAgentPage", "First OpenAI provider"), model_ids,
                                           name="compress")
        t.bind(self.compress_picker.setToolTip, lambda: translate(
            "SystemAgentPage", "The summarizer: a separate setting; it may be the chat model, but a small fast model is "
            "better. Its context window comes from its model card."))
        self.compress_picker.setMaximumWidth(PICKER_WIDTH)
        self.compress_default = QPushButton()
        t.bind(self.compress_default.setText, lambda: translate("SystemAgentPage", "Default"))
        self.compress_default.setObjectName("compressDefault")
        t.bind(self.compress_default.setToolTip, lambda: fill(translate(
            "SystemAgentPage", "Use %1 on the first OpenAI provider"), str(DEFAULT_COMPRESS_MODEL)))
        self.compress_default.clicked.connect(lambda: self.compress_picker.set_value(DEFAULT_COMPRESS_MODEL))
        self.compress_note = self._note(QT_TRANSLATE_NOOP("SystemAgentPage", "The History Compress model writes topic "
                                                          "summaries and folds dream cards. A separate setting: it may be "
                                                          "your chat model, but a small fast model is better."),
                                        COMPRESS_HELP, "compressNote")
        self.compress_info = FieldNote()  # wrapped: its height follows its width
        self.compress_info.setObjectName("compressInfo")
        self.compress_info.setWordWrap(True)
        set_tone(self.compress_info, Tone.MUTED)
        chooser = QWidget()
        cl = QVBoxLayout(chooser)
        cl.setContentsMargins(0, 0, 0, 0)
        cl.setSpacing(Space.XS)
        cl.addWidget(row_box(self.compress_picker, self.compress_default, stretch_first=True))
        cl.addWidget(self.compress_info)
        summaries.add(SettingRow(chooser, lambda: translate("SystemAgentPage", "History Compress &model"), t,
                                 note=self.compress_note, stacked=True, buddy=self.compress_picker.model_combo))
        self.language_combo = QComboBox()
        self.language_combo.setObjectName("cardLanguage")
        self.language_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.language_combo.setMinimumContentsLength(16)  # never wider than the page at 800 px
        for i, (name, shown) in enumerate(CARD_LANGUAGES):
            self.language_combo.addItem("", name)
            t.bind(functools.partial(self.language_combo.setItemText, i), said("SystemAgentPage", shown))
        t.bind(self.language_combo.setToolTip, lambda: translate(
            "SystemAgentPage", "The language the History Compress model writes summaries and dream cards in. The "
            "interface language never changes what a model reads; only this does."))
        summaries.add(SettingRow(self.language_combo, lambda: translate("SystemAgentPage", "&Language"), t,
                                 description=lambda: translate("SystemAgentPage", "The language summaries and "
                                                                                  "dream cards are written in.")))
        self.archives_check = QCheckBox()
        self.archives_check.setObjectName("archivesCheck")
        t.bind(self.archives_check.setToolTip, lambda: translate(
            "SystemAgentPage", "Send short excerpts of earlier topic summaries under the current one"))
        self.archives_note = self._note(QT_TRANSLATE_NOOP("SystemAgentPage", "Sends short excerpts of earlier "
                                                          "summaries with the current one, so details a later merge "
                                                          "dropped are not lost."), ARCHIVES_HELP, "archivesNote",
                                        more=False)
        summaries.add(SettingRow(self.archives_check, lambda: translate("SystemAgentPage", "&Keep archive excerpts"), t,
                                 note=self.archives_note))
        # Topic titles
        titles = SettingGroup(t, lambda: translate("SystemAgentPage", "Topic titles"))
        layout.addWidget(titles)
        self.naming_picker = ModelPicker(QT_TRANSLATE_NOOP("SystemAgentPage", "The chat's own model"), model_ids,
                                         allow_off=True, name="naming")
        self.naming_picker.setMaximumWidth(PICKER_WIDTH)
        for picker in (self.compress_picker, self.naming_picker):
            picker.attach_models(services.provider_models)  # issue 28: the provider's own models first
        self.naming_note = self._note(QT_TRANSLATE_NOOP("SystemAgentPage", "Writes a short title for each new topic "
                                                        "after its first reply; until then it shows the first words."),
                                      NAMING_HELP, "namingNote", more=False)
        titles.add(SettingRow(self.naming_picker, lambda: translate("SystemAgentPage", "Title m&odel"), t, note=self.naming_note,
                              stacked=True, buddy=self.naming_picker.provider_combo))
        # Threshold compaction (NUM-1, NUM-3, NUM-6, NUM-8): the switch in front, its knobs folded
        compaction = SettingGroup(t, lambda: translate("SystemAgentPage", "Compaction by the chat model"))
        layout.addWidget(compaction)
        self.threshold_check = QCheckBox()
        self.threshold_check.setObjectName("thresholdCheck")
        t.bind(self.threshold_check.setToolTip, lambda: translate(
            "SystemAgentPage", "Off by default. When on, the chat model summarizes older turns once a request passes "
                               "the context window minus the buffer"))
        self.threshold_note = self._note(QT_TRANSLATE_NOOP("SystemAgentPage", "When on, the chat model itself "
                                                           "summarizes older turns once a request nears its context "
                                                           "window, instead of the watermarks."), THRESHOLD_HELP,
                                         "thresholdNote", more=False)
        compaction.add(SettingRow(self.threshold_check, lambda: translate("SystemAgentPage", "Use &threshold compaction"), t,
                                  note=self.threshold_note))
        self.advanced = Disclosure(lambda: translate("SystemAgentPage", "Advanced: when and how much to compact"), t,
                                   name="systemAgentAdvanced")
        compaction.add(self.advanced)
        self.buffer_spin = QSpinBox()
        self.buffer_spin.setObjectName("bufferSpin")
        self.buffer_spin.setRange(COMPACT_BUFFER_TOKENS.low, COMPACT_BUFFER_TOKENS.high)
        self.buffer_spin.setSingleStep(1000)
        t.bind(self.buffer_spin.setSuffix, lambda: translate("SystemAgentPage", " tokens"))
        t.bind(self.buffer_spin.setToolTip, lambda: fill(translate(
            "SystemAgentPage", "Room kept below the context window for the reply and estimation error (default "
                               "%1). Smaller: compacts later; larger: earlier"), f"{COMPACT_BUFFER_TOKENS.default:,}"))
        self.advanced.add(SettingRow(self.buffer_spin, lambda: translate("SystemAgentPage", "&Buffer"), t, description=lambda: fill(
            translate("SystemAgentPage", "Compaction starts when a request comes within this many tokens of the "
                                         "context window, leaving room for the reply (default %1)."),
            f"{COMPACT_BUFFER_TOKENS.default:,}")))
        self.keep_spin = QSpinBox()
        self.keep_spin.setObjectName("keepRecentSpin")
        self.keep_spin.setRange(COMPACT_KEEP_RECENT.low, COMPACT_KEEP_RECENT.high)
        t.bind(self.keep_spin.setSuffix, lambda: translate("SystemAgentPage", " messages"))
        t.bind(self.keep_spin.setToolTip, lambda: fill(translate(
            "SystemAgentPage", "Recent messages kept word for word (default %1; whole turns, so maybe more)"),
            f"{COMPACT_KEEP_RECENT.default:,}"))
        self.advanced.add(SettingRow(self.keep_spin, lambda: translate("SystemAgentPage", "&Keep recent"), t, description=lambda: fill(
            translate("SystemAgentPage", "The newest messages are sent word for word; older ones are summarized "
                                         "(default %1)."), f"{COMPACT_KEEP_RECENT.default:,}")))
        self.failures_spin = QSpinBox()
        self.failures_spin.setObjectName("maxFailuresSpin")
        self.failures_spin.setRange(COMPACT_MAX_FAILURES.low, COMPACT_MAX_FAILURES.high)
        t.bind(self.failures_spin.setSuffix, lambda: translate("SystemAgentPage", " failures"))
        t.bind(self.failures_spin.setToolTip, lambda: fill(translate(
            "SystemAgentPage", "Failed summaries before a five-minute pause (default %1)"),
            f"{COMPACT_MAX_FAILURES.default:,}"))
        self.advanced.add(SettingRow(self.failures_spin, lambda: translate("SystemAgentPage", "Max &failures"), t,
                                     description=lambda: fill(translate(
                                         "SystemAgentPage", "After this many failed summaries in a row, compaction "
                                                            "pauses for five minutes (default %1)."),
                                         f"{COMPACT_MAX_FAILURES.default:,}")))
        for w in (self.buffer_spin, self.keep_spin, self.failures_spin):
            self.threshold_check.toggled.connect(w.setEnabled)
        self.error_label = QLabel()
        self.error_label.setObjectName("systemAgentError")
        set_tone(self.error_label, Tone.ERROR)
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        layout.addWidget(self.error_label)
        layout.addStretch(1)
        # walk39: Save and Cancel side by side where the platform puts them, right under
        # the form (it sat alone in the page's far corner)
        brow = QHBoxLayout()
        self.status_label = QLabel()
        self.status_label.setObjectName("systemAgentStatus")
        brow.addWidget(self.status_label, 1)
        self.buttons = QDialogButtonBox()
        self.buttons.setObjectName("systemAgentButtons")
        self.save_button = QPushButton()
        t.bind(self.save_button.setText, lambda: translate("SystemAgentPage", "&Save"))
        self.save_button.setObjectName("systemAgentSave")
        t.bind(self.save_button.setToolTip, lambda: translate("SystemAgentPage", "Store these System Agent settings"))
        self.save_button.clicked.connect(self.save)
        self.cancel_button = QPushButton()
        t.bind(self.cancel_button.setText, lambda: translate("SystemAgentPage", "Cancel"))
        self.cancel_button.setObjectName("systemAgentCancel")
        t.bind(self.cancel_button.setToolTip, lambda: translate("SystemAgentPage", "Forget the changes: show the "
                                                                                   "stored settings again"))
        self.cancel_button.clicked.connect(self.cancel)
        self.buttons.addButton(self.save_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(self.cancel_button, QDialogButtonBox.ButtonRole.RejectRole)
        brow.addWidget(self.buttons)
        brow.setContentsMargins(Space.MD, 0, Space.MD, Space.MD)
        outer.addLayout(brow)
        outer.addStretch(1)  # a tall window: the bar right under the form (walk39)
        self.range_hints = install_range_hints(self)
        self.reload()

    def _note(self, short: str, full: str, name: str, *, more: bool = True) -> QLabel:
        """A field note whose ``short`` and ``full`` (``SystemAgentPage`` sources) are said
        in the interface language, again after each switch."""
        label = field_note(short, full, name, more=more)
        self.texts.call(lambda: note_text(label, translate("SystemAgentPage", short),
                                          translate("SystemAgentPage", full), more=more))
        return label

    def _form_label(self, text: str, buddy: QWidget) -> QLabel:
        """A form row's label for ``buddy``: ``text`` (a ``SystemAgentPage`` source) translated."""
        label = QLabel()
        label.setBuddy(buddy)
        self.texts.bind(label.setText, lambda: translate("SystemAgentPage", text))
        return label

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A language switch says the summarizer line again (worked out on a worker)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and self.save_button.isEnabled() and not self.resolving():
            self._show_resolved()

    def reload_providers(self) -> None:
        """Re-read the configured providers on the runner's worker (after a change on the
        Providers page, issue 29), then offer them in both pickers."""
        self._runner.run(f"system-agent-providers:{id(self)}", self._reload_providers(), context="System Agent")

    async def _reload_providers(self) -> None:
        names = [p.name for p in await self._runner.run_in_thread(self.svc.providers.list) if p.enabled]
        self.compress_picker.set_providers(names)
        self.naming_picker.set_providers(names)
        self._show_resolved()

    def reload(self) -> None:
        """Re-read the providers and the stored settings on the runner's worker (issue 29:
        no store work on the GUI thread), then show them; Save stays off until they are
        shown, so it never stores the form's placeholders over the user's settings."""
        self.buttons.setEnabled(False)
        self.compress_info.setText(translate("SystemAgentPage", "Checking the History Compress model…"))
        self._runner.run(f"system-agent-load:{id(self)}", self._load(), context="System Agent")

    async def _load(self) -> None:
        stored = await self._runner.run_in_thread(read_agent_settings, self.svc)
        if not shiboken6.isValid(self.save_button):
            return  # the page closed meanwhile
        self.compress_picker.set_providers(stored.providers)
        self.naming_picker.set_providers(stored.providers)
        self.compress_picker.set_value(stored.compress or DEFAULT_COMPRESS_MODEL)
        self.naming_picker.set_value(stored.naming)
        self.archives_check.setChecked(stored.archives)
        self.threshold_check.setChecked(stored.threshold)
        self.buffer_spin.setValue(stored.buffer)
        self.keep_spin.setValue(stored.keep)
        self.failures_spin.setValue(stored.failures)
        if self.language_combo.findData(stored.language) < 0:  # a language set with the CLI
            self.language_combo.addItem(str(stored.language), stored.language)
        self.language_combo.setCurrentIndex(self.language_combo.findData(stored.language))
        for w in (self.buffer_spin, self.keep_spin, self.failures_spin):
            w.setEnabled(self.threshold_check.isChecked())
        self.compress_info.setText(stored.summarizer)
        self.buttons.setEnabled(True)

    def _show_resolved(self) -> None:
        """Say which summarizer is in use (:func:`summarizer_line`), worked out on the
        runner's worker thread (it reads the store); a newer request cancels an older one."""
        self.compress_info.setText(translate("SystemAgentPage", "Checking the History Compress model…"))

        async def resolve() -> None:
            self.compress_info.setText(await self._runner.run_in_thread(summarizer_line, self.svc))

        self._runner.run(f"system-agent-resolve:{id(self)}", resolve(), context="System Agent", quiet=True)

    def resolving(self) -> bool:
        """True while the stored settings are read or the summarizer line is being worked
        out (tests wait on it)."""
        return (self._runner.is_running(f"system-agent-load:{id(self)}")
                or self._runner.is_running(f"system-agent-resolve:{id(self)}"))

    def show_error(self, message: str) -> None:
        """Show ``message`` inline (red)."""
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))

    def cancel(self) -> None:
        """Cancel: forget the unsaved changes and show the stored settings again (read on
        the runner's worker)."""
        self.show_error("")
        self.status_label.clear()
        self.reload()

    def save(self) -> bool:
        """Check the settings, then store them on a worker thread (``saved`` fires once
        stored; a refused one is shown inline). False (error shown inline, nothing
        stored) when one is incomplete."""
        self.show_error("")
        self.status_label.clear()
        compress = self.compress_picker.value()
        naming = self.naming_picker.value()
        if compress is None or compress.endswith("/"):
            self.show_error(translate("SystemAgentPage", "History Compress: enter a model id (e.g. gpt-5-mini)."))
            return False
        if naming is not None and naming.endswith("/"):
            self.show_error(translate("SystemAgentPage", "Topic naming: enter a model id, or choose Off."))
            return False
        values: tuple[tuple[Setting[Any], str, object], ...] = (
            (HISTORY_COMPRESS_MODEL, translate("SystemAgentPage", "History Compress"), compress),
            (TOPIC_NAMING_MODEL, translate("SystemAgentPage", "Topic naming"), naming),
            (COMPACTION_ARCHIVES, translate("SystemAgentPage", "Archive excerpts"), self.archives_check.isChecked()),
            (COMPACT_ENABLED, translate("SystemAgentPage", "Threshold compaction"), self.threshold_check.isChecked()),
            (COMPACT_BUFFER_TOKENS, translate("SystemAgentPage", "Buffer"), self.buffer_spin.value()),
            (COMPACT_KEEP_RECENT, translate("SystemAgentPage", "Keep recent"), self.keep_spin.value()),
            (COMPACT_MAX_FAILURES, translate("SystemAgentPage", "Max failures"), self.failures_spin.value()),
            (CARD_LANGUAGE, translate("SystemAgentPage", "Language"), self.language_combo.currentData() or ""),
        )
        self.buttons.setEnabled(False)
        self._runner.run(f"system-agent-save:{id(self)}", self._store(values), context="System Agent")
        return True

    def _write(self, values: tuple[tuple[Setting[Any], str, object], ...]) -> tuple[str | None, str]:
        """Store ``values`` (setting, label, value) in order; ``(the first refusal as
        "label: reason" or None, the summarizer line)``. Every field is checked before any
        is stored; a History Compress model the user changed to one that could not run
        (no model, no provider serves it) is refused (walkthrough F7), while an unchanged
        one never blocks saving the other fields. Worker thread."""
        from chathub_desktop.services.compaction.summarizer import SummarizerUnavailable

        for setting, label, value in values:  # every field first: a refused one stores nothing
            try:
                self.svc.settings.check(setting, value)
            except ServiceError as exc:
                return fill(translate("SystemAgentPage", "%1: %2"), label, said_error(exc)), ""
        compress = next((v for setting, _l, v in values if setting is HISTORY_COMPRESS_MODEL), None)
        if compress != self.svc.settings.value(HISTORY_COMPRESS_MODEL):
            try:
                self.svc.check_summarizer(compress)
            except SummarizerUnavailable as exc:
                return fill(translate("SystemAgentPage", "History Compress: not usable, nothing was saved: %1. "
                                                         "Pick a provider and model."), said_reason(exc.what)), ""
        for setting, label, value in values:
            try:
                self.svc.settings.set(setting, value)
            except ServiceError as exc:
                return fill(translate("SystemAgentPage", "%1: %2"), label, said_error(exc)), ""
        return None, summarizer_line(self.svc)

    async def _store(self, values: tuple[tuple[Setting[Any], str, object], ...]) -> None:
        try:
            refused, resolved = await self._runner.run_in_thread(self._write, values)
        finally:
            self.buttons.setEnabled(True)
        if refused is not None:
            self.show_error(refused)
            return
        self.compress_info.setText(resolved)
        self.status_label.setText(translate("SystemAgentPage", "Saved."))
        self.saved.emit()
