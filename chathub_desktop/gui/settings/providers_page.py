"""Settings → Providers (APP-1, APP-2; walk29 #9): the configured providers as a list with
their icons beside a detail pane, as Cherry Studio lays them out. The pane shows the
chosen provider's name, kind, base URL, where its key lives and the models it served at
its last test, with Test connection, Edit… and Delete. With no provider the page shows
one line and "Add a provider…" instead of an empty list.

Every store read and write runs on the runner's worker threads (issue 29): the list, the
cached model list, Edit's read, Delete. Add and Edit open :class:`ProviderFormDialog`.
Texts are in the ``ProvidersPage`` translation context, re-said on a switch (issue 27).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.app_settings import (
    REPLY_LIMIT_ENV,
    REPLY_LIMIT_MB,
    REPLY_SETTING_LABEL,
    STREAM_SILENCE_SECONDS,
    WholeSetting,
)
from chathub_desktop.core.base_urls import is_self_hosted
from chathub_desktop.core.key_places import KeyPlace
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.provider_presets import PRESETS, PresetPlace, ProviderPreset
from chathub_desktop.gui.design import Tone, TypeScale, set_text_size, set_tone
from chathub_desktop.gui.design.icons import GlyphLabel, Icon, IconTint, icon
from chathub_desktop.gui.design.tokens import IconSize, Space, Width
from chathub_desktop.gui.design.vendor_marks import VendorMark, mark_of, name_mark, vendor_icon
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.settings.connection_test import explained
from chathub_desktop.gui.settings.provider_form import (
    ProviderFormDialog,
    key_source_text,
    kind_label,
)
from chathub_desktop.gui.settings.setting_rows import SettingGroup, SettingRow
from chathub_desktop.gui.shell.empty_state import EmptyState
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.views import ProviderView

if TYPE_CHECKING:  # types only: keeps SQLAlchemy off the window's start-up path
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.assistants.settings_service import SettingsService
    from chathub_desktop.services.providers.provider_models import ProviderModels
    from chathub_desktop.services.providers.provider_service import ProviderService

__all__ = ["MODELS_SHOWN", "ProviderIdRole", "ProvidersPage", "provider_mark", "provider_place"]

ProviderIdRole = Qt.ItemDataRole.UserRole + 1
#: Model ids named in the detail pane before "and N more".
MODELS_SHOWN = 6
#: The glyph of each place a provider's models run, for a provider that is no preset's.
PLACE_ICONS = {PresetPlace.CLOUD: Icon.CLOUD_SERVICE, PresetPlace.ROUTER: Icon.ROUTER_SERVICE,
               PresetPlace.LOCAL: Icon.LOCAL_SERVER, PresetPlace.CUSTOM: Icon.PROVIDERS}

translate = QCoreApplication.translate


def _capital(text: str) -> str:
    """``text`` with its first letter in capitals (a no-op for Chinese and Japanese)."""
    return text[:1].upper() + text[1:]


def _row_text(view: ProviderView) -> str:
    """A provider's row in the list: its name, "(off)" when turned off."""
    return view.name if view.enabled else fill(translate("ProvidersPage", "%1 (off)"), view.name)


def _row_tip(view: ProviderView) -> str:
    """A provider row's tooltip: name, kind, URL and where its key is."""
    return fill(translate("ProvidersPage", "%1\nKind: %2\nURL: %3\n%4"), view.name,
                kind_label(ProviderKind(view.kind)), view.base_url, _capital(key_source_text(view.key_source)))


def provider_preset(view: ProviderView) -> ProviderPreset | None:
    """The preset ``view`` was made from: the one with its base URL, else the one whose
    name it kept, of the same kind (walk40: a llama.cpp server the wizard found on another
    port lost its "L" mark); None for anything else."""
    url = view.base_url.rstrip("/")
    by_url = next((p for p in PRESETS if p.base_url and p.base_url.rstrip("/") == url), None)
    if by_url is not None:
        return by_url
    name = view.name.strip().casefold()
    return next((p for p in PRESETS if p.base_url and p.name.casefold() == name and p.kind == view.kind), None)


def provider_mark(view: ProviderView) -> VendorMark | None:
    """``view``'s letter mark: its vendor's for a preset's address (walk39), else one
    made from its name (walk42 #5); None for a name without a letter."""
    return mark_of(provider_preset(view)) or name_mark(view.name)


def provider_icon(view: ProviderView, side: int = IconSize.MD) -> QIcon:
    """``view``'s picture: its letter mark (:func:`provider_mark`), else the glyph of
    where its models run."""
    mark = provider_mark(view)
    if mark is not None:
        return vendor_icon(mark, side)
    return icon(PLACE_ICONS[provider_place(view)], IconTint.SOFT_SELECTION)


def provider_place(view: ProviderView) -> PresetPlace:
    """Where ``view``'s models run, for its icon: the place of the preset with its base
    URL, else a local server for a self-hosted address, else a vendor's cloud."""
    preset = provider_preset(view)
    if preset is not None:
        return preset.place
    return PresetPlace.LOCAL if is_self_hosted(ProviderKind(view.kind), view.base_url) else PresetPlace.CLOUD


def key_note(source: str, place: PresetPlace) -> str:
    """The detail pane's plain line on where ``source`` (a ``key_source``) keeps the key
    and how to change it, in the interface language (walk40: the pane said "No key" alone)."""
    if source == KeyPlace.KEYRING:
        return translate("ProvidersPage", "The key is kept in your system's keyring, not in ChatHub's files. Edit… "
                                          "replaces it.")
    if source == KeyPlace.FILE:
        return translate("ProvidersPage", "The key is kept in a file only your account can read. Edit… replaces it.")
    if source.startswith("env:"):
        return fill(translate("ProvidersPage", "The key is read from the environment variable %1 each time a request "
                                               "is sent."), source[4:])
    if place is PresetPlace.LOCAL:
        return translate("ProvidersPage", "A server on your own computer or network needs no key.")
    return translate("ProvidersPage", "No key is stored. If the provider asks for one, add it with Edit….")


def model_lines(models: tuple[str, ...], windows: dict[str, int]) -> str:
    """The models a provider served, one per line with the context window it reported
    (``smollm2-135m · 8,192-token window``), at most :data:`MODELS_SHOWN` then "and N
    more"; "" for none. The pane's only words on a listed model (walk42 #5)."""
    lines = []
    for m in models[:MODELS_SHOWN]:
        tokens = windows.get(m)
        lines.append("• " + (fill(translate("ProvidersPage", "%1 · %2-token window"), m, f"{tokens:,}")
                             if tokens else m))
    more = len(models) - MODELS_SHOWN
    if more > 0:
        lines.append(fill(translate("ProvidersPage", "and %1 more"), f"{more:,}"))
    return "\n".join(lines)


def models_text(models: tuple[str, ...]) -> str:
    """The detail pane's models line while no list is shown: what Test connection does,
    in the interface language; "" once ``models`` are listed (:func:`model_lines` says them)."""
    if models:
        return ""
    return translate("ProvidersPage", "Not listed yet. Test connection asks the provider for its models.")


class ProviderDetail(QFrame):
    """The detail pane of one provider, no wider than :attr:`Width.DETAIL` (walk42): its
    vendor's mark, name and kind over its on/off switch (issue 29); a Connection section
    (base URL, key place), a Models section, and the Test connection / Edit… / Delete
    buttons (the page connects them and the switch)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("providerDetail")
        self.setMaximumWidth(Width.DETAIL)
        self.texts = t = Texts(self)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(Space.XL, Space.LG, Space.XL, Space.LG)
        lay.setSpacing(Space.MD)
        head = QHBoxLayout()
        head.setSpacing(Space.LG)
        self.mark = GlyphLabel(Icon.PROVIDERS, IconSize.AVATAR)
        self.mark.setObjectName("providerMark")
        self.mark.setFixedSize(IconSize.AVATAR, IconSize.AVATAR)
        head.addWidget(self.mark, 0, Qt.AlignmentFlag.AlignTop)
        names = QVBoxLayout()
        names.setSpacing(0)
        self.title = QLabel()
        self.title.setObjectName("providerTitle")
        self.title.setWordWrap(True)
        set_text_size(self.title, TypeScale.TITLE)
        names.addWidget(self.title)
        self.kind = self._field("providerKind")
        set_tone(self.kind, Tone.MUTED)
        names.addWidget(self.kind)
        head.addLayout(names, 1)
        lay.addLayout(head)
        self.enabled_switch = QCheckBox()
        t.bind(self.enabled_switch.setText, lambda: translate("ProvidersPage", "&Use this provider"))
        self.enabled_switch.setObjectName("providerEnabled")
        t.bind(self.enabled_switch.setToolTip, lambda: translate(
            "ProvidersPage", "Off: its models leave every model list and a chat that needs it says so; its key and "
                             "settings are kept"))
        lay.addWidget(self.enabled_switch)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.url = self._field("providerUrl")
        self.key = self._field("providerKey")
        self.models = self._field("providerModels")
        for text, field in ((QT_TRANSLATE_NOOP("ProvidersPage", "Base URL"), self.url),
                            (QT_TRANSLATE_NOOP("ProvidersPage", "API key"), self.key)):
            label = QLabel()
            t.bind(label.setText, partial(translate, "ProvidersPage", text))
            set_tone(label, Tone.MUTED)
            form.addRow(label, field)
        lay.addWidget(self._section(lambda: translate("ProvidersPage", "Connection")))
        lay.addLayout(form)
        #: Where the key lives and how to change it, in plain words (walk40).
        self.key_note = self._field("providerKeyNote")
        set_tone(self.key_note, Tone.MUTED)
        set_text_size(self.key_note, TypeScale.CAPTION)
        lay.addWidget(self.key_note)
        lay.addWidget(self._section(lambda: translate("ProvidersPage", "Models")))
        lay.addWidget(self.models)
        #: Each model it served, with the window it reported (walk40: a half-empty pane).
        self.model_list = self._field("providerModelList")
        self.model_list.hide()
        lay.addWidget(self.model_list)
        row = QHBoxLayout()
        self.test_button = QPushButton()
        t.bind(self.test_button.setText, lambda: translate("ProvidersPage", "Test connection"))
        self.test_button.setObjectName("providerTestButton")
        t.bind(self.test_button.setToolTip, lambda: translate(
            "ProvidersPage", "Ask the provider for its model list with the stored settings"))
        self.edit_button = QPushButton(icon(Icon.EDIT), "")
        t.bind(self.edit_button.setText, lambda: translate("ProvidersPage", "Edit…"))
        self.edit_button.setObjectName("providerEditButton")
        t.bind(self.edit_button.setToolTip, lambda: translate("ProvidersPage", "Change the provider's URL or key "
                                                                               "source"))
        self.delete_button = QPushButton(icon(Icon.DELETE), "")
        t.bind(self.delete_button.setText, lambda: translate("ProvidersPage", "Delete"))
        self.delete_button.setObjectName("providerDeleteButton")
        t.bind(self.delete_button.setToolTip, lambda: translate("ProvidersPage", "Delete the provider and its "
                                                                                 "stored key"))
        for b in (self.test_button, self.edit_button, self.delete_button):
            row.addWidget(b)
        row.addStretch(1)
        lay.addLayout(row)
        self.result = QLabel()
        self.result.setObjectName("providerTestResult")
        self.result.setWordWrap(True)
        lay.addWidget(self.result)
        self._say_untested()

    def _section(self, make: Callable[[], str]) -> QLabel:
        """A section's title (the stylesheet's ``formSection``), said by ``make``."""
        label = QLabel()
        label.setObjectName("formSection")
        self.texts.bind(label.setText, make)
        return label

    @staticmethod
    def _field(name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return label

    def show_provider(self, view: ProviderView) -> None:
        """Fill the pane with ``view`` (the model line waits for :meth:`show_models`)."""
        kind = ProviderKind(view.kind)
        self.texts.bind(self.title.setText, lambda: view.name if view.enabled else fill(
            translate("ProvidersPage", "%1 (off)"), view.name))
        self.enabled_switch.blockSignals(True)
        self.enabled_switch.setChecked(view.enabled)
        self.enabled_switch.blockSignals(False)
        self.texts.bind(self.kind.setText, lambda: kind_label(kind).split(" (")[0].split("（")[0])
        self.mark.set_glyph(provider_icon(view, IconSize.AVATAR))
        self.url.setText(view.base_url)
        self.texts.bind(self.key.setText, lambda: _capital(key_source_text(view.key_source)))
        place = provider_place(view)
        self.texts.bind(self.key_note.setText, lambda: key_note(view.key_source, place))
        self.show_models_line(lambda: translate("ProvidersPage", "Reading…"))
        self.show_model_list((), {})
        self._say_untested()

    def _say_untested(self) -> None:
        """The result line before a test: what Test connection checks (walk40: not an empty pane)."""
        set_tone(self.result, Tone.MUTED)
        self.texts.bind(self.result.setText, lambda: translate(
            "ProvidersPage", "Not tested yet in this session. Test connection checks the address, the key and the "
                             "model list, and times the answer."))
        self.result.show()

    def show_model_list(self, models: tuple[str, ...], windows: dict[str, int]) -> None:
        """List ``models`` one per line with their reported ``windows`` (hidden for
        none); the models line then says nothing more (walk42 #5: listed twice)."""
        self.texts.bind(self.model_list.setText, lambda: model_lines(models, windows))
        self.model_list.setVisible(bool(models))
        self.models.setVisible(not models)

    def show_models_line(self, make: Callable[[], str]) -> None:
        """Say ``make()`` on the models line (re-said on a language switch)."""
        self.texts.bind(self.models.setText, make)

    def show_result(self, ok: bool, text: str) -> None:
        """Show a Test connection answer in one line (✓ or ✗ first)."""
        set_tone(self.result, Tone.SUCCESS if ok else Tone.ERROR)
        self.texts.bind(self.result.setText, lambda: ("✓ " if ok else "✗ ") + text)
        self.result.show()


class ProvidersPage(QWidget):
    """Settings → Providers (module docstring). ``changed`` after any change; ``runner``
    reads and stores on its worker threads; ``models`` (when given) serves the cached
    model lists and Test connection. With ``settings``, also the silence after which a
    reply says "no data from <host>" (``stream-silence-seconds``, issue 12), stored as
    soon as it is changed. ``loads`` counts finished list reads (tests wait on it)."""

    changed = Signal()
    #: The add or edit form opened, with the :class:`ProviderFormDialog`.
    form_opened = Signal(object)

    def __init__(self, providers: ProviderService, parent: QWidget | None = None, *,
                 runner: TaskRunner, settings: SettingsService | None = None,
                 models: ProviderModels | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("providersPage")
        self._providers = providers
        self._settings = settings
        self._runner = runner
        self._models = models  # Test connection and the cached model lists (issue 14)
        self.form: ProviderFormDialog | None = None
        self.views: dict[int, ProviderView] = {}
        self.loads = 0
        self.texts = t = Texts(self)
        layout = QVBoxLayout(self)
        intro = QLabel()
        t.bind(intro.setText, lambda: translate(
            "ProvidersPage", "Providers are the APIs your assistants chat through. API keys live in the OS keyring, "
                             "in a file only you can read, or in an environment variable; never in the database."))
        intro.setWordWrap(True)
        set_tone(intro, Tone.MUTED)
        layout.addWidget(intro)
        self.empty = EmptyState(QT_TRANSLATE_NOOP("ProvidersPage", "No providers yet. Add OpenAI, Anthropic, "
                                                                   "OpenRouter or a local server such as Ollama to "
                                                                   "start chatting."),
                                QT_TRANSLATE_NOOP("ProvidersPage", "Add a provider…"), "providersEmpty",
                                context="ProvidersPage")
        self.empty.button.clicked.connect(self.add_provider)
        self.empty.hide()
        layout.addWidget(self.empty)
        self.body = QWidget()
        body = QHBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        body.setSpacing(Space.LG)
        column = QVBoxLayout()
        self.list = QListWidget()
        self.list.setObjectName("providerList")
        t.bind(self.list.setAccessibleName, lambda: translate("ProvidersPage", "Providers"))
        self.list.setIconSize(QSize(IconSize.MD, IconSize.MD))
        self.list.setSpacing(1)
        self.list.setMinimumWidth(140)
        self.list.setMaximumWidth(220)
        self.list.itemDoubleClicked.connect(lambda _item: self.edit_selected())
        self.list.currentRowChanged.connect(self._show_current)
        column.addWidget(self.list, 1)  # as tall as its rows (_fit_list), the rest below
        self.add_button = QPushButton(icon(Icon.ADD), "")
        t.bind(self.add_button.setText, lambda: translate("ProvidersPage", "Add provider…"))
        self.add_button.setObjectName("providerAddButton")
        t.bind(self.add_button.setToolTip, lambda: translate(
            "ProvidersPage", "Add a provider (OpenAI, Anthropic, OpenRouter, a local server, …)"))
        self.add_button.clicked.connect(self.add_provider)
        self.add_button.setMaximumWidth(self.list.maximumWidth())  # the column stays the list's width
        column.addWidget(self.add_button)
        column.addStretch(0)
        body.addLayout(column)
        self.detail = ProviderDetail()
        self.detail.test_button.clicked.connect(self.test_selected)
        self.detail.test_button.setVisible(models is not None)
        self.detail.edit_button.clicked.connect(self.edit_selected)
        self.detail.delete_button.clicked.connect(self.delete_selected)
        self.detail.enabled_switch.toggled.connect(self.set_selected_enabled)
        body.addWidget(self.detail, 1, Qt.AlignmentFlag.AlignTop)  # as tall as what it says (walk39)
        body.addStretch(0)  # the room a capped pane leaves goes to the right, not between the parts
        layout.addWidget(self.body)  # as tall as its parts: the cards stack from the top (polish52)
        self.edit_button = self.detail.edit_button
        self.delete_button = self.detail.delete_button
        self.silence_spin: QSpinBox | None = None
        self.reply_limit_spin: QSpinBox | None = None
        if settings is not None:  # walk51: rows with what each does, as the other settings pages
            replies = SettingGroup(t, lambda: translate("ProvidersPage", "Replies"))
            replies.add(self._silence_row())
            replies.add(self._reply_limit_row())
            # no wider than the list and the provider's card above it: the right edges line up
            replies.setMaximumWidth(self.list.maximumWidth() + body.spacing() + Width.DETAIL)
            layout.addWidget(replies)
        self.error_label = QLabel()
        set_tone(self.error_label, Tone.ERROR)
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        layout.addWidget(self.error_label)
        # the room a tall window leaves goes below the last card (polish52: the Replies card
        # sat at the bottom, under a gap as tall as the window), as on the other pages
        layout.addStretch(1)
        self.reload()

    def _silence_row(self) -> SettingRow:
        """Tell me when a provider sends nothing for N s (``stream-silence-seconds``)."""
        self.silence_spin = QSpinBox()
        self.silence_spin.setObjectName("silenceSpin")
        self.silence_spin.setRange(STREAM_SILENCE_SECONDS.low, STREAM_SILENCE_SECONDS.high)
        self.texts.bind(self.silence_spin.setSuffix, lambda: translate("ProvidersPage", " s"))
        self.silence_spin.setEnabled(False)  # until its value is read on a worker (reload)
        self.texts.bind(self.silence_spin.setToolTip, lambda: translate(
            "ProvidersPage", "A reply then shows “No data from <host> for N s” with Stop and Retry; it keeps "
                             "waiting until you choose (or the 10-minute read timeout ends it). Default 60 s"))
        self.silence_spin.editingFinished.connect(self._store_silence)
        return SettingRow(self.silence_spin, lambda: translate("ProvidersPage", "Tell me when a provider sends "
                                                                                "nothing for"), self.texts,
                          description=lambda: translate("ProvidersPage", "The reply then offers Stop and Retry; it "
                                                                         "keeps waiting until you choose."))

    def _reply_limit_row(self) -> SettingRow:
        """Largest reply (``reply-limit-mb``, stream50): past it a reply stops and is kept
        cut at the limit; the error of such a reply names this row."""
        spin = self.reply_limit_spin = QSpinBox()
        spin.setObjectName("replyLimitSpin")
        spin.setRange(REPLY_LIMIT_MB.low, REPLY_LIMIT_MB.high)
        self.texts.bind(spin.setSuffix, lambda: translate("ProvidersPage", " MB"))
        spin.setEnabled(False)  # until its value is read on a worker (reload)
        self.texts.bind(spin.setToolTip, lambda: fill(translate(
            "ProvidersPage", "A reply longer than this stops and is kept cut at the limit, with a note. Default "
                             "%1 MB; the environment variable %2 wins when set"), str(REPLY_LIMIT_MB.default),
            REPLY_LIMIT_ENV))
        spin.editingFinished.connect(self._store_reply_limit)
        return SettingRow(spin, lambda: translate("ServiceReasons", REPLY_SETTING_LABEL), self.texts,
                          description=lambda: translate("ProvidersPage", "A longer reply stops there and is kept, "
                                                                         "cut, with a note."))

    def _store_reply_limit(self) -> None:
        assert self._settings is not None and self.reply_limit_spin is not None
        self._runner.run(f"reply-limit:{id(self)}", self._store_value(REPLY_LIMIT_MB, self.reply_limit_spin.value()),
                         context="Settings")

    async def _store_value(self, setting: WholeSetting, value: int) -> None:
        assert self._settings is not None
        try:
            await self._runner.run_in_thread(self._settings.set, setting, value)
        except ServiceError as exc:
            self._error(said_error(exc))

    def _store_silence(self) -> None:
        assert self._settings is not None and self.silence_spin is not None
        self._runner.run(f"silence:{id(self)}", self._store_value(STREAM_SILENCE_SECONDS, self.silence_spin.value()),
                         context="Settings")

    # --- the list ---------------------------------------------------------------------
    def reload(self, select: int | None = None, *, named: str = "") -> None:
        """Re-read the providers on a worker, then fill the list: provider ``select``
        chosen when given (a provider just saved, walk40 #7), else the one called
        ``named`` when listed (an error line's link, walk53b #6), else the chosen one
        while it exists, else the first."""
        self._runner.run(f"providers:{id(self)}", self._reload(select, named), context="List providers")

    def _read(self) -> tuple[list[ProviderView], tuple[int, int] | None]:
        """Worker side of :meth:`reload`: the providers, the silence and the reply limit
        settings (None without settings)."""
        limits = None if self._settings is None else (
            self._settings.value(STREAM_SILENCE_SECONDS), self._settings.value(REPLY_LIMIT_MB))
        return self._providers.list(), limits

    async def _reload(self, select: int | None = None, named: str = "") -> None:
        views, limits = await self._runner.run_in_thread(self._read)
        if select is None and named:
            select = next((v.id for v in views if v.name == named), None)
        if limits is not None:
            for spin, value in ((self.silence_spin, limits[0]), (self.reply_limit_spin, limits[1])):
                if spin is not None and not spin.hasFocus():
                    spin.setValue(value)
                    spin.setEnabled(True)
        keep = select if select is not None else self.current_id()
        self.views = {v.id: v for v in views}
        self.list.blockSignals(True)
        self.list.clear()
        for v in views:
            item = QListWidgetItem(provider_icon(v), "")
            self.texts.bind(item.setText, functools.partial(_row_text, v))
            item.setData(ProviderIdRole, v.id)
            self.texts.bind(item.setToolTip, functools.partial(_row_tip, v))
            self.list.addItem(item)
            if v.id == keep:
                self.list.setCurrentItem(item)
        if self.list.currentRow() < 0 and views:
            self.list.setCurrentRow(0)
        self.list.blockSignals(False)
        self._fit_list()
        empty = not views
        self.empty.setVisible(empty)
        self.body.setVisible(not empty)
        self._show_current()
        self.loads += 1

    def _fit_list(self) -> None:
        """Cap the list at the height its rows need (walk42 #5: a tall empty grey block);
        more rows than fit scroll."""
        n = self.list.count()
        rows = sum(self.list.sizeHintForRow(i) + 2 * self.list.spacing() for i in range(n))
        self.list.setMaximumHeight(max(rows, 0) + 2 * self.list.frameWidth())

    def current_id(self) -> int | None:
        """The chosen provider's id, if any."""
        item = self.list.currentItem()
        return int(item.data(ProviderIdRole)) if item is not None else None

    def _show_current(self, *_args: object) -> None:
        pid = self.current_id()
        view = self.views.get(pid) if pid is not None else None
        for b in (self.detail.test_button, self.edit_button, self.delete_button, self.detail.enabled_switch):
            b.setEnabled(view is not None)
        if view is None:
            return
        self.detail.show_provider(view)
        if self._models is not None:
            self._runner.run(f"provider-models:{id(self)}", self._show_models(view.id), context="Provider models",
                             quiet=True)
        else:
            self.detail.show_models_line(lambda: models_text(()))

    def _read_models(self, provider_id: int) -> tuple[tuple[str, ...], dict[str, int]]:
        """Worker side of :meth:`_show_models`: the cached ids and their reported windows."""
        assert self._models is not None
        return self._models.cached(provider_id), self._models.windows(provider_id)

    async def _show_models(self, provider_id: int) -> None:
        models, windows = await self._runner.run_in_thread(self._read_models, provider_id)
        if self.current_id() == provider_id:
            self.detail.show_models_line(lambda: models_text(models))
            self.detail.show_model_list(models, windows)

    # --- actions ----------------------------------------------------------------------
    def test_selected(self) -> None:
        """Test connection of the chosen provider with its stored settings on the loop
        (the button is disabled meanwhile); a list that comes back is remembered and
        shown."""
        pid = self.current_id()
        if pid is None or self._models is None:
            return
        self.detail.test_button.setEnabled(False)
        self.detail.texts.bind(self.detail.result.setText, lambda: translate("ProvidersPage", "Testing…"))
        set_tone(self.detail.result, Tone.MUTED)
        self.detail.result.show()
        self._runner.run(f"provider-test:{id(self)}", self._test(pid), context="Test connection")

    async def _test(self, provider_id: int) -> None:
        assert self._models is not None
        try:
            result = await self._models.test(provider_id)
        except ServiceError as exc:
            self.detail.show_result(False, said_error(exc))
            return
        finally:
            self.detail.test_button.setEnabled(self.current_id() is not None)
        if self.current_id() == provider_id:
            provider = await self._runner.run_in_thread(self._providers.get, provider_id) if result.ok else None
            keyed = provider is not None and provider.key_source != KeyPlace.NONE
            self.detail.show_result(result.ok, explained(result, keyed=keyed))
            if result.ok:
                self._runner.run(f"provider-models:{id(self)}", self._show_models(provider_id),
                                 context="Provider models", quiet=True)

    def _open_form(self, provider: ProviderView | None) -> ProviderFormDialog:
        self.form = ProviderFormDialog(self._providers, self._runner, provider, self, models=self._models)
        if self._models is not None:
            from chathub_desktop.gui.settings.connection_test import ConnectionTest

            self.form.connection_test = ConnectionTest(self.form, self._models)
        self.form.saved.connect(lambda v: self.reload(select=v.id if isinstance(v, ProviderView) else None))
        self.form.saved.connect(lambda _v: self.changed.emit())
        self.form.open()
        return self.form

    def add_provider(self) -> ProviderFormDialog:
        """Open the add form (non-blocking); returns it."""
        return self._open_form(None)

    def edit_selected(self) -> None:
        """Open the edit form for the chosen provider once it is read on a worker
        (issue 29; Edit is disabled meanwhile, ``form_opened`` fires with the form); a
        provider deleted meanwhile is said in one line."""
        pid = self.current_id()
        if pid is None:
            return
        self.edit_button.setEnabled(False)
        self._runner.run(f"provider-edit:{id(self)}", self._edit(pid), context="Edit provider")

    async def _edit(self, provider_id: int) -> None:
        try:
            view = await self._runner.run_in_thread(self._providers.get, provider_id)
        except ServiceError as exc:
            self._error(said_error(exc))
            return
        finally:
            self.edit_button.setEnabled(self.current_id() is not None)
        self.form_opened.emit(self._open_form(view))

    def delete_selected(self) -> None:
        """Delete the chosen provider after confirmation, on a worker (issue 29; Edit
        and Delete disabled meanwhile); ``changed`` once it is gone."""
        pid = self.current_id()
        if pid is None or pid not in self.views:
            return
        name = self.views[pid].name
        if not confirm.ask(self, translate("ProvidersPage", "Delete provider"),
                           fill(translate("ProvidersPage", "Delete provider “%1” and its stored API key? Assistants "
                                                           "using it keep their settings but cannot send until you "
                                                           "pick another."), name)):
            return
        self.edit_button.setEnabled(False)
        self.delete_button.setEnabled(False)
        self._runner.run(f"provider-delete:{id(self)}", self._delete(pid), context="Delete provider")

    async def _delete(self, provider_id: int) -> None:
        try:
            await self._runner.run_in_thread(self._providers.delete, provider_id)
        except ServiceError as exc:
            self._error(said_error(exc))
            self._show_current()
            return
        self.reload()
        self.changed.emit()

    def set_selected_enabled(self, on: bool) -> None:
        """The detail pane's switch: turn the chosen provider on or off on a worker
        (issue 29); ``changed`` once stored, so every model list follows."""
        pid = self.current_id()
        if pid is None:
            return
        self.detail.enabled_switch.setEnabled(False)
        self._runner.run(f"provider-enable:{id(self)}", self._set_enabled(pid, on), context="Turn provider on/off")

    async def _set_enabled(self, provider_id: int, on: bool) -> None:
        try:
            await self._runner.run_in_thread(self._providers.set_enabled, provider_id, on)
        except ServiceError as exc:
            self._error(said_error(exc))
        self.reload()
        self.changed.emit()

    def _error(self, message: str) -> None:
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))
