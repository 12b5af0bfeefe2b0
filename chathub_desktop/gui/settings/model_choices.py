"""The one place that builds model lists for a model field (issues 14 and 28).

:func:`fill_model_combo` puts the provider's own models (the list its last Test
connection fetched) first under a "Served by <provider>" heading, each with the context
window the provider reported for it where it reported one (:class:`ChooserRowDelegate`
paints it at the row's end), then the bundled catalog's models that provider can serve
under their own heading, and last a line saying any other id can be typed (the field
stays editable: free text last). Headings are rows no one can choose (walkthrough F7).
:class:`ProviderModelList` keeps a model combo filled for the provider chosen in a
provider combo, reading on a worker thread, and offers a refresh button that asks the
provider again (Settings → System Agent uses it). :class:`ModelChoices` is the assistant
dialog's field with its context-window hint (the hint waits :data:`HINT_DELAY_MS` after
the last key); with no model card the hint links to the model card editor (walk50 #5). The topic's picker and Regenerate with read the same lists through
``TopicModelService.choices``.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Coroutine, Sequence
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import (
    QCoreApplication,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette, QStandardItemModel
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
)

from chathub_desktop.core.model_cards import WindowSource
from chathub_desktop.core.model_windows import short_window
from chathub_desktop.gui.design import Space, Tone, set_tone
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.palette import tokens_of
from chathub_desktop.gui.shell.help_button import FieldNote
from chathub_desktop.gui.shell.i18n import Texts, fill

if TYPE_CHECKING:
    from chathub_desktop.gui.settings.assistant_dialog import AssistantDialog
    from chathub_desktop.gui.settings.model_card_dialog import CardEditor
    from chathub_desktop.services.providers.provider_models import ProviderModels

HINT_DELAY_MS = 250
#: Item role holding the window (tokens) the provider reported for a model.
WINDOW_ROLE = Qt.ItemDataRole.UserRole + 7
#: Item role that marks a heading row (True): painted as a heading, never chosen.
HEADING_ROLE = Qt.ItemDataRole.UserRole + 8
#: The catalog's heading, and the last line (free text) of an editable chooser.
CATALOG_HEADING = "Bundled catalog"
FREE_TEXT_HEADING = "Another model: type its id in the field"


def served_heading(provider: str) -> str:
    """The heading over a provider's own models: ``Served by llama.cpp``."""
    return f"Served by {provider}" if provider else "Served by this provider"


def model_rows(combo: QComboBox) -> list[str]:
    """The model ids ``combo`` offers, in order, without its headings."""
    return [combo.itemText(i) for i in range(combo.count()) if not combo.itemData(i, HEADING_ROLE)]


def select_first_model(combo: QComboBox) -> None:
    """Make the first model row (not a heading) current; nothing when there is none."""
    first = next((i for i in range(combo.count()) if not combo.itemData(i, HEADING_ROLE)), None)
    if first is not None:
        combo.setCurrentIndex(first)


def _add_heading(combo: QComboBox, text: str) -> None:
    """A row ``text`` that cannot be chosen (no flags), marked with :data:`HEADING_ROLE`."""
    combo.addItem(text)
    row = combo.count() - 1
    combo.setItemData(row, True, HEADING_ROLE)
    model = combo.model()
    if isinstance(model, QStandardItemModel) and (item := model.item(row)) is not None:
        item.setFlags(Qt.ItemFlag.NoItemFlags)


class ChooserRowDelegate(QStyledItemDelegate):
    """Paints a row of a chooser's list (the model choosers) as an item view
    does — a selected row's icon in the highlighted-text colour — with the design
    system's padding and, when the provider reported one, the model's window (``8k``, ``128k``) right-aligned in
    muted text; the id is elided before it, never overlapped."""

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802 - Qt override
        """The usual size with :data:`Space.XS` above and below."""
        size = super().sizeHint(option, index)
        return QSize(size.width() + 2 * Space.MD, size.height() + 2 * Space.XS)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        """The row's background, its id inset by :data:`Space.MD`, then the window of
        :data:`WINDOW_ROLE` when it has one; a :data:`HEADING_ROLE` row is bold muted
        text on no background."""
        if index.data(HEADING_ROLE):
            painter.save()
            font = QFont(option.font)
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(tokens_of(option.palette).text_muted)
            box = option.rect.adjusted(Space.SM, 0, -Space.MD, 0)
            text = QFontMetrics(font).elidedText(str(index.data()), Qt.TextElideMode.ElideRight, box.width())
            painter.drawText(box, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
            painter.restore()
            return
        tokens = index.data(WINDOW_ROLE)
        label = short_window(tokens) if isinstance(tokens, int) else ""
        width = option.fontMetrics.horizontalAdvance(label) + Space.LG if label else Space.MD
        style = option.widget.style() if option.widget is not None else None
        if style is not None:  # the selection/hover background under the whole row
            style.drawPrimitive(QStyle.PrimitiveElement.PE_PanelItemViewItem, option, painter, option.widget)
        rest = QStyleOptionViewItem(option)
        rest.rect = option.rect.adjusted(Space.MD - Space.XS, 0, -width, 0)
        super().paint(painter, rest, index)
        if not label:
            return
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        painter.save()
        painter.setPen(option.palette.color(QPalette.ColorRole.HighlightedText) if selected
                       else tokens_of(option.palette).text_muted)
        box = QRect(option.rect.right() - width, option.rect.top(), width - Space.MD, option.rect.height())
        painter.drawText(box, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, label)
        painter.restore()


def fill_model_combo(combo: QComboBox, own: Sequence[str], catalog: Sequence[str],
                     windows: Sequence[tuple[str, int]] = (), *, provider: str = "") -> None:
    """Offer ``own`` (the models of ``provider``, a name) under :func:`served_heading`,
    then ``catalog`` under :data:`CATALOG_HEADING`, then (editable ``combo``)
    :data:`FREE_TEXT_HEADING`, keeping the text shown (an id typed or stored stays).
    ``windows``: ``(id, tokens)`` the provider reported; those rows show it
    (:class:`ChooserRowDelegate`) and say it in their tooltip. Typing completes model
    ids only, never a heading."""
    text = combo.currentText()
    combo.blockSignals(True)
    combo.clear()
    if not isinstance(combo.itemDelegate(), ChooserRowDelegate):
        combo.setItemDelegate(ChooserRowDelegate(combo))
    reported = dict(windows)
    if own:
        _add_heading(combo, served_heading(provider))
    for model in own:
        combo.addItem(model)
        if model in reported:
            row = combo.count() - 1
            combo.setItemData(row, reported[model], WINDOW_ROLE)
            combo.setItemData(row, fill(QCoreApplication.translate(
                "ModelChoices", "%1-token context window (reported by the provider)"), QLocale().toString(reported[model])),
                              Qt.ItemDataRole.ToolTipRole)
    if catalog:
        _add_heading(combo, CATALOG_HEADING)
        for model in catalog:
            combo.addItem(model)
            combo.setItemData(combo.count() - 1, "From the bundled catalog: the provider may not serve it",
                              Qt.ItemDataRole.ToolTipRole)
    if combo.isEditable():
        _add_heading(combo, FREE_TEXT_HEADING)
        completer = QCompleter([*own, *catalog], combo)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setCompletionMode(QCompleter.CompletionMode.InlineCompletion)
        combo.setCompleter(completer)
    combo.setCurrentText(text)
    if combo.itemData(combo.currentIndex(), HEADING_ROLE) and not combo.isEditable():
        select_first_model(combo)
    combo.blockSignals(False)


class ProviderModelList(QObject):
    """Keeps ``model_combo`` filled with the models of the provider chosen in
    ``provider_combo`` (its item data: a provider name, or None for the catalog alone);
    lists are read on a worker thread. :attr:`refresh_button` asks the provider for its
    models again (Test connection, remembered for every chooser). ``follow`` False: the
    owner calls :meth:`reload` itself (it also changes the provider with signals blocked)."""

    def __init__(self, provider_combo: QComboBox, model_combo: QComboBox, models: ProviderModels,
                 parent: QObject | None = None, *, follow: bool = True) -> None:
        super().__init__(parent)
        self._providers = provider_combo
        self._combo = model_combo
        self._models = models
        self._tasks: set[asyncio.Task[None]] = set()
        tasks = self._tasks  # a read still on its worker when the page goes ends there, not on a deleted combo
        provider_combo.destroyed.connect(lambda *_a: [t.cancel() for t in list(tasks)])
        self.own: tuple[str, ...] = ()
        self.windows: dict[str, int] = {}
        self.refresh_button = QToolButton()
        self.refresh_button.setIcon(icon(Icon.REGENERATE))  # ask again
        self.refresh_button.setObjectName(f"{model_combo.objectName()}Refresh")
        self.texts = Texts(self.refresh_button)  # issue 27: re-said on a language switch
        self.texts.bind(self.refresh_button.setAccessibleName, lambda: QCoreApplication.translate(
            "ModelChoices", "Refresh the provider's models"))
        self.texts.bind(self.refresh_button.setToolTip, lambda: QCoreApplication.translate(
            "ModelChoices", "Ask the provider for the models it serves now"))
        self.refresh_button.clicked.connect(lambda: self._spawn(self._refresh()))
        if follow:
            provider_combo.currentIndexChanged.connect(lambda _i: self.reload())
        self.reload()

    def reload(self) -> None:
        """Read the chosen provider's list again (on a worker) and fill the combo."""
        self._spawn(self._fill())

    def _spawn(self, coro: Coroutine[object, object, None]) -> None:
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:  # no event loop (a page built outside the app): the list stays as built
            coro.close()
            return
        task = loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def cancel(self) -> None:
        """Stop pending reads (the page closed)."""
        for t in list(self._tasks):
            t.cancel()

    def pending(self) -> bool:
        """True while a read or refresh runs (tests wait on it)."""
        return any(not t.done() for t in self._tasks)

    async def _fill(self) -> None:
        name = self._providers.currentData()
        listing = await asyncio.to_thread(self._models.listing, str(name) if name else None)
        if not (shiboken6.isValid(self._combo) and shiboken6.isValid(self._providers)):
            return  # the page closed meanwhile
        if name != self._providers.currentData():
            return  # another provider was chosen meanwhile
        fill_model_combo(self._combo, listing.own, listing.catalog, listing.windows,
                         provider=self._providers.currentText())
        self.own, self.windows = listing.own, dict(listing.windows)

    async def _refresh(self) -> None:
        name = self._providers.currentData()
        if not name:
            return
        self.refresh_button.setEnabled(False)
        try:
            result = await self._models.test(str(name))
            self.texts.bind(self.refresh_button.setToolTip, lambda: QCoreApplication.translate(
                "ModelChoices", "Ask the provider for the models it serves now") + ("" if result.ok else fill(
                    QCoreApplication.translate("ModelChoices", " (last try: %1)"), result.message)))
        finally:
            self.refresh_button.setEnabled(True)
        await self._fill()


class ModelChoices(QObject):
    """Fills ``dialog``'s model combo per provider and shows the window hint; ``cards``
    (when given) opens the model card editor from the hint's link."""

    def __init__(self, dialog: AssistantDialog, models: ProviderModels, cards: CardEditor | None = None) -> None:
        super().__init__(dialog)
        self._dialog = dialog
        self._models = models
        self._cards = cards
        self._fallback = 0  # the fallback window the hint named (tokens), offered to the editor
        self._tasks: set[asyncio.Task[None]] = set()
        ui = dialog.ui
        # the whole field column, as tall as its lines there (walk45 #9: a word-wrapped
        # label's narrow hint took 3 lines in half the width)
        self.hint = FieldNote()
        self.hint.setObjectName("modelWindowHint")
        self.hint.setWordWrap(True)
        set_tone(self.hint, Tone.MUTED)
        self.hint.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                          | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.hint.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # until it has a link (_hint)
        self.hint.linkActivated.connect(lambda _href: self.edit_card())
        ui.modelColumn.addWidget(self.hint)  # under the model's combo, in its row
        self.refresh_button = QToolButton()  # issue 28: ask the provider again
        self.refresh_button.setIcon(icon(Icon.REGENERATE))  # ask again
        self.refresh_button.setObjectName("modelComboRefresh")
        self.texts = Texts(self.refresh_button)  # issue 27: re-said on a language switch
        self.texts.bind(self.refresh_button.setAccessibleName, lambda: QCoreApplication.translate(
            "ModelChoices", "Refresh the provider's models"))
        self.texts.bind(self.refresh_button.setToolTip, lambda: QCoreApplication.translate(
            "ModelChoices", "Ask the provider for the models it serves now"))
        self.refresh_button.clicked.connect(lambda: self._spawn(self._refresh()))
        ui.modelRow.insertWidget(ui.modelRow.indexOf(ui.modelCombo) + 1, self.refresh_button)
        self.own: tuple[str, ...] = ()
        self.windows: dict[str, int] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(HINT_DELAY_MS)
        self._timer.timeout.connect(lambda: self._spawn(self._hint()))
        ui.providerCombo.currentIndexChanged.connect(lambda _i: self._spawn(self._fill()))
        ui.modelCombo.currentTextChanged.connect(lambda _t: self._timer.start())
        dialog.finished.connect(lambda _c: self.cancel())
        self._spawn(self._fill())

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_event_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def cancel(self) -> None:
        """Stop pending reads (the dialog closed)."""
        self._timer.stop()
        for t in list(self._tasks):
            t.cancel()

    def pending(self) -> bool:
        """True while a read is running (tests wait on it)."""
        return any(not t.done() for t in self._tasks) or self._timer.isActive()

    async def _fill(self) -> None:
        pid = self._dialog.ui.providerCombo.currentData()
        listing = await asyncio.to_thread(self._models.listing, pid)
        fill_model_combo(self._dialog.ui.modelCombo, listing.own, listing.catalog, listing.windows,
                         provider=self._dialog.ui.providerCombo.currentText())
        self.own, self.windows = listing.own, dict(listing.windows)
        await self._hint()

    async def _refresh(self) -> None:
        pid = self._dialog.ui.providerCombo.currentData()
        if pid is None:
            return
        self.refresh_button.setEnabled(False)
        try:
            result = await self._models.test(int(pid))
            self.texts.bind(self.refresh_button.setToolTip, lambda: QCoreApplication.translate(
                "ModelChoices", "Ask the provider for the models it serves now") + ("" if result.ok else fill(
                    QCoreApplication.translate("ModelChoices", " (last try: %1)"), result.message)))
        finally:
            self.refresh_button.setEnabled(True)
        await self._fill()

    async def _hint(self) -> None:
        model = self._dialog.ui.modelCombo.currentText().strip()
        if not model:
            self.hint.setText("")
            self.hint.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no Tab stop with nothing to say (issue 29)
            return
        pid = self._dialog.ui.providerCombo.currentData()
        card = await asyncio.to_thread(self._models.card, pid, model)
        if model != self._dialog.ui.modelCombo.currentText().strip():
            return  # typed on meanwhile
        self._dialog.suggest_max_output(card.context_window if card.known else None, card.max_output)
        translate = QCoreApplication.translate
        source = (translate("ModelChoices", "offered by this provider") if model in self.own
                  else translate("ModelChoices", "not in this provider's list"))
        size = QLocale().toString(card.context_window)
        if card.window_source is WindowSource.PROVIDER:
            hint = translate("ModelChoices", "%1-token context window (reported by the provider) · %2")
        elif card.known:
            hint = translate("ModelChoices", "%1-token context window · %2")
        else:
            hint = translate("ModelChoices", "No model card: its %1-token window is the provider's fallback · %2")
        text = html.escape(fill(hint, size, source))
        self._fallback = 0 if card.known else card.context_window
        if self._fallback and self._cards is not None:
            link = html.escape(translate("ModelChoices", "Add its model card…"))
            text += f' · <a href="#card">{link}</a>'
        self.hint.setTextFormat(Qt.TextFormat.RichText)
        self.hint.setText(text)
        # a Tab stop only while it has a link to follow (issue 29)
        self.hint.setFocusPolicy(Qt.FocusPolicy.StrongFocus if self._fallback and self._cards is not None
                                 else Qt.FocusPolicy.NoFocus)

    def edit_card(self) -> None:
        """Open the model card editor on the chosen model and provider, starting from the
        fallback window the hint named; after a save the hint is read again (walk50 #5)."""
        model = self._dialog.ui.modelCombo.currentText().strip()
        if self._cards is None or not model:
            return
        pid = self._dialog.ui.providerCombo.currentData()
        self._cards.open(model, None if pid is None else int(pid), self._fallback or 8192, self._dialog,
                         lambda: self._spawn(self._hint()))
