"""Settings → Models (issue 28; NUM-2, CMP-4): your model cards — provider, model,
context window, max output, tokenizer — and, below them, every model the enabled
providers offered at their last test with the window it gets and where that window comes
from (walk42 #6), with Add…, Edit card… and Delete. Add and Edit open
the :class:`~chathub_desktop.gui.settings.model_card_dialog.ModelCardDialog` once the providers
are read on a worker (issue 29); reads and writes run on a worker thread; ``changed`` fires after each stored change (the window recounts its
badge). Texts are in the ``ModelsPage`` translation context, re-said on a language
switch (issue 27). The table reads as the other Settings pages (walk53 #10: "a bare
spreadsheet"): its rows on a rounded card, the model id first, muted column
titles, roomy rows, and the actions as icon buttons like Settings → Providers'."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.dream_prompt import answer_cap, dream_budget
from chathub_desktop.core.model_cards import WindowSource
from chathub_desktop.core.model_windows import short_window
from chathub_desktop.gui.design import Space
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import IconSize
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.settings.model_card_dialog import ModelCardDialog
from chathub_desktop.gui.shell.empty_state import EmptyState
from chathub_desktop.gui.shell.error_presenter import ErrorPresenter, user_message
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_ops import ServiceOps
from chathub_desktop.gui.shell.task_runner import TaskRunner

if TYPE_CHECKING:
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.providers.model_card_service import ModelCardView
    from chathub_desktop.services.providers.provider_models import ServedModel
    from chathub_desktop.services.views import ProviderView

COLUMNS = (QT_TRANSLATE_NOOP("ModelsPage", "Provider"), QT_TRANSLATE_NOOP("ModelsPage", "Model"),
           QT_TRANSLATE_NOOP("ModelsPage", "Context window"), QT_TRANSLATE_NOOP("ModelsPage", "Source"),
           QT_TRANSLATE_NOOP("ModelsPage", "Max output"), QT_TRANSLATE_NOOP("ModelsPage", "Tokenizer"))
#: What each column means, in its header's tooltip (walk51: "none · dream card 1,600").
COLUMN_TIPS = ("", "",
               QT_TRANSLATE_NOOP("ModelsPage", "How much one request and its reply can hold, in tokens: the token "
                                               "badge, compaction and the history sent fit it. Hover a figure for the "
                                               "exact count."),
               QT_TRANSLATE_NOOP("ModelsPage", "Where the context window comes from: your model card, the provider, "
                                               "the bundled catalog, or a safe default."),
               QT_TRANSLATE_NOOP("ModelsPage", "The longest reply the model may write, in tokens."),
               QT_TRANSLATE_NOOP("ModelsPage", "How ChatHub counts this model's tokens."))
#: How the Source column says each :class:`WindowSource`, and what its tooltip adds.
SOURCE_TEXTS = {WindowSource.USER_CARD: QT_TRANSLATE_NOOP("ModelsPage", "from the card"),
                WindowSource.PROVIDER: QT_TRANSLATE_NOOP("ModelsPage", "from the provider"),
                WindowSource.CATALOG: QT_TRANSLATE_NOOP("ModelsPage", "from the catalog"),
                WindowSource.FALLBACK: QT_TRANSLATE_NOOP("ModelsPage", "default")}
#: The Source column's words on a narrow page (:data:`NARROW_PX`).
SOURCE_SHORT = {WindowSource.USER_CARD: QT_TRANSLATE_NOOP("ModelsPage", "card"),
                WindowSource.PROVIDER: QT_TRANSLATE_NOOP("ModelsPage", "provider"),
                WindowSource.CATALOG: QT_TRANSLATE_NOOP("ModelsPage", "catalog"),
                WindowSource.FALLBACK: QT_TRANSLATE_NOOP("ModelsPage", "default")}
SOURCE_TIPS = {WindowSource.USER_CARD: QT_TRANSLATE_NOOP("ModelsPage", "Your model card sets this window; Edit card… "
                                                                       "changes it."),
               WindowSource.PROVIDER: QT_TRANSLATE_NOOP("ModelsPage", "The provider reported this window when its "
                                                                      "connection was tested."),
               WindowSource.CATALOG: QT_TRANSLATE_NOOP("ModelsPage", "ChatHub's bundled model catalog gives this "
                                                                     "window."),
               WindowSource.FALLBACK: QT_TRANSLATE_NOOP("ModelsPage", "Nothing reports this model's window, so a safe "
                                                                      "default is assumed; Edit card… sets the real "
                                                                      "one.")}

translate = QCoreApplication.translate
#: The column that takes the width the others leave (the model id, elided in the middle).
MODEL_COLUMN = 1
#: Below this page width (px) the Source column says its short word ("provider" for "from
#: the provider"), so the model ids keep some room at 800×560 (walk51); the tooltip is whole.
NARROW_PX = 720


def header_label(text: str) -> str:
    """A column title of two or more words on two lines ("Context\nwindow"), so the
    figures under it set the column's width (issue 29)."""
    return text.replace(" ", "\n", 1)


def _no_max_output(window: int) -> QTableWidgetItem:
    """The Max output cell of a model no card gives one (walk50 #2: "—" hid the 512-token
    cap a dream card of a 2,048-token model gets; walk51: "none · dream card 1,600" said it
    in code words; walk51b #5: "not set (dream cards 1,600)" was still jargon and took the
    model id's room at 800 px): "not set", with the dream card's cap and what that means
    in its tooltip (the cap is ``core.dream_prompt.answer_cap``'s); Edit card… sets one."""
    cap, _source = answer_cap(dream_budget(window), None, user_card=False)
    item = QTableWidgetItem(translate("ModelsPage", "not set"))
    item.setToolTip(fill(translate("ModelsPage", "No card sets the longest reply, so the provider's own limit applies "
                                                 "to chat replies; a dream card asks for at most %1 tokens. Edit card… "
                                                 "sets one."), f"{cap:,}"))
    return item


def _source(source: WindowSource, narrow: bool) -> QTableWidgetItem:
    """The Source cell: where the window comes from, in words (a short one when
    ``narrow``), explained in its tooltip."""
    item = QTableWidgetItem(translate("ModelsPage", (SOURCE_SHORT if narrow else SOURCE_TEXTS)[source]))
    item.setToolTip(translate("ModelsPage", SOURCE_TIPS[source]))
    return item


def _cell(value: str | int | QTableWidgetItem) -> QTableWidgetItem:
    """A table cell: a token count as a chooser shows it ("128k"), exact in its tooltip;
    a text whole in its tooltip (the column may elide it); a ready item as it is."""
    if isinstance(value, QTableWidgetItem):
        return value
    if isinstance(value, int):
        item = QTableWidgetItem(short_window(value))
        item.setToolTip(f"{value:,}")
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return item
    item = QTableWidgetItem(value)
    item.setToolTip(value)
    return item


@dataclass(frozen=True)
class ModelRow:
    """One row of the table: a user ``card``, or a model a provider ``served`` without
    a card of its own (Edit card… then starts a card for it)."""

    card: ModelCardView | None = None
    served: ServedModel | None = None


def table_rows(cards: Sequence[ModelCardView], served: Sequence[ServedModel]) -> list[ModelRow]:
    """The cards first, then each served model no card of that provider (or of every
    provider) covers, in the order given."""
    covered = {(c.provider, c.model) for c in cards}
    rows = [ModelRow(card=c) for c in cards]
    rows += [ModelRow(served=m) for m in served
             if (m.provider, m.model) not in covered and (None, m.model) not in covered]
    return rows


class ModelsPage(QWidget):
    """The user's model cards and the providers' models as a table, editable through
    the card dialog."""

    changed = Signal()
    #: The card editor opened, with the :class:`ModelCardDialog`.
    editor_opened = Signal(object)

    def __init__(self, services: Services, runner: TaskRunner, presenter: ErrorPresenter,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("modelsPage")
        self._svc = services
        self._runner = runner
        self._presenter = presenter
        self.cards: list[ModelCardView] = []
        self.rows: list[ModelRow] = []
        self.dialog: ModelCardDialog | None = None
        self.narrow = False  # below NARROW_PX: the Source column's short words
        self.texts = t = Texts(self)
        layout = QVBoxLayout(self)
        intro = QLabel()
        t.bind(intro.setText, lambda: translate(
            "ModelsPage", "Each model's context window and longest reply. A model card you add wins over what the "
                          "provider reports and the bundled catalog; hover a column's title for what it means."))
        intro.setWordWrap(True)
        intro.setProperty("tone", "muted")
        layout.addWidget(intro)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("modelCards")
        t.bind(self.table.setAccessibleName, lambda: translate("ModelsPage", "Models"))
        t.bind(self.table.setAccessibleDescription, lambda: translate(
            "ModelsPage", "One row a model: its context window and longest reply; a double click or Edit card… "
                          "edits its card."))
        t.call(self._say_headers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        # fits 800×560 without a sideways scroll bar (issue 29): the model id takes what is
        # left and elides in the middle (whole in its tooltip), figures are short ("128k",
        # exact in the tooltip) and the headers wrap to two lines
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(MODEL_COLUMN, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setWordWrap(False)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setShowGrid(False)  # a list of models, not a spreadsheet
        self.table.doubleClicked.connect(lambda _i: self.edit())
        header.moveSection(MODEL_COLUMN, 0)  # the model first, as a list of models reads
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setHighlightSections(False)
        self.table.setFrameShape(QFrame.Shape.NoFrame)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 2 * Space.LG)
        self.table.setMouseTracking(True)  # rows tint on hover
        self.card = QFrame()  # the Settings pages' rounded card (setting_rows.SettingGroup's look)
        self.card.setObjectName("settingGroup")
        self._inside = inside = QVBoxLayout(self.card)
        inside.setContentsMargins(Space.SM, Space.SM, Space.SM, Space.SM)
        inside.addWidget(self.table)
        layout.addWidget(self.card, 1)  # as tall as its rows (_fit_card), the page's room below
        header.geometriesChanged.connect(self._fit_card)  # the titles wrapped or unwrapped
        self.empty = EmptyState(
            QT_TRANSLATE_NOOP("ModelsPage", "A model card tells ChatHub a model's context window, longest reply and "
                                            "tokenizer. Add one when a model is missing from the catalog or its "
                                            "provider reports the wrong window."),
            QT_TRANSLATE_NOOP("ModelsPage", "Add a model card…"), "modelsEmpty", glyph=Icon.MODELS,
            title=QT_TRANSLATE_NOOP("ModelsPage", "No model cards yet"),
            details=QT_TRANSLATE_NOOP("ModelsPage", "Without a card, ChatHub uses the bundled catalog, then the "
                                                    "window the provider reports, then a safe fallback. A card wins "
                                                    "over all of them, so the token badge, compaction and the "
                                                    "history sent all fit the model you really run — for example a "
                                                    "local model served with an 8k window."),
            context="ModelsPage")
        self.empty.button.clicked.connect(self.add)
        self.empty.hide()  # until a read finds no cards (walk29 #10)
        layout.addWidget(self.empty, 1)
        self.error_label = QLabel()
        self.error_label.setProperty("tone", "error")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        layout.addWidget(self.error_label)
        row = QHBoxLayout()
        self.add_button = QPushButton()
        t.bind(self.add_button.setText, lambda: translate("ModelsPage", "&Add…"))
        self.add_button.clicked.connect(self.add)
        self.edit_button = QPushButton()
        t.bind(self.edit_button.setText, lambda: translate("ModelsPage", "&Edit card…"))
        self.edit_button.clicked.connect(self.edit)
        self.delete_button = QPushButton()
        t.bind(self.delete_button.setText, lambda: translate("ModelsPage", "&Delete"))
        self.delete_button.clicked.connect(self.delete)
        for b, glyph in ((self.add_button, Icon.ADD), (self.edit_button, Icon.EDIT), (self.delete_button, Icon.DELETE)):
            b.setIcon(icon(glyph))
            b.setIconSize(QSize(IconSize.SM, IconSize.SM))
            row.addWidget(b)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(0)  # the room the card leaves when it holds all its rows
        self.ops = ServiceOps(runner, presenter, self._show_error, self._busy, "models-page")
        self.table.itemSelectionChanged.connect(self._sync)
        self.reload()

    def _say_headers(self) -> None:
        """The column titles (on two lines) and what each means in its tooltip."""
        for col, (title, tip) in enumerate(zip(COLUMNS, COLUMN_TIPS, strict=True)):
            item = QTableWidgetItem(header_label(translate("ModelsPage", title)))
            item.setToolTip(translate("ModelsPage", tip) if tip else "")
            self.table.setHorizontalHeaderItem(col, item)

    def _show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def _busy(self, busy: bool) -> None:
        self.add_button.setEnabled(not busy)
        self.empty.button.setEnabled(not busy)
        self._sync()

    def _sync(self) -> None:
        idle = not self.ops.busy
        self.edit_button.setEnabled(idle and self.current_row() is not None)
        self.delete_button.setEnabled(idle and self.current() is not None)

    def reload(self) -> None:
        """Re-read the cards on a worker thread, then fill the table (issue 29)."""
        self._runner.run(f"model-cards:{id(self)}", self._reload(), context="List model cards")

    async def _reload(self) -> None:
        try:
            cards, served = await self._runner.run_in_thread(self._read)
        except Exception as exc:
            message = user_message(exc)
            if message is None:
                raise  # a bug: the task runner hands it to the presenter
            self._show_error(fill(translate("ModelsPage", "List model cards: %1"), message))
            return
        self._show_error("")
        self.cards = list(cards)
        self.rows = table_rows(self.cards, served)
        self._fill_table()
        self._fit_card()
        empty = not self.rows  # the empty state stands in for the table and its buttons
        self.empty.setVisible(empty)
        for w in (self.card, self.add_button, self.edit_button, self.delete_button):
            w.setVisible(not empty)
        self._sync()

    def _read(self) -> tuple[list[ModelCardView], list[ServedModel]]:
        """Worker side of :meth:`reload`: the cards and the enabled providers' models."""
        return self._svc.models.list(), self._svc.provider_models.served()

    def _fill_table(self) -> None:
        self.table.setRowCount(len(self.rows))
        by_model = translate("ModelsPage", "auto")
        for r, row in enumerate(self.rows):
            if row.card is not None:
                c = row.card
                cells: tuple[str | int | QTableWidgetItem, ...] = (
                    c.provider or translate("ModelsPage", "Every provider"), c.model, c.context_window,
                    _source(WindowSource.USER_CARD, self.narrow), c.max_output or _no_max_output(c.context_window),
                    c.encoding or by_model)
            else:
                assert row.served is not None
                m = row.served
                cells = (m.provider, m.model, m.window, _source(m.source, self.narrow), m.max_output or _no_max_output(m.window),
                         by_model)
            for col, value in enumerate(cells):
                item = _cell(value)
                if col == len(cells) - 1 and value == by_model:
                    item.setToolTip(translate("ModelsPage", "No card names a tokenizer, so ChatHub picks one from the "
                                                            "model's name."))
                self.table.setItem(r, col, item)

    def _fit_card(self) -> None:
        """The card as tall as its rows and column titles (the titles as laid out once
        shown: they wrap); more rows than the page holds scroll inside it."""
        table = self.table
        header = table.horizontalHeader()
        titles = max(header.height(), header.sizeHint().height())
        room = self._inside.contentsMargins()
        self.card.setMaximumHeight(titles + table.verticalHeader().length() + 2 * table.frameWidth()
                                   + room.top() + room.bottom() + 2 * self.card.frameWidth())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        """Crossing :data:`NARROW_PX` says the Source column in its short or its full words;
        the card keeps its rows' height."""
        super().resizeEvent(event)
        self._fit_card()
        narrow = self.width() < NARROW_PX
        if narrow != self.narrow:
            self.narrow = narrow
            self._refill()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A language switch re-says the table's words ("Every provider", "auto")."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self._refill()

    def _refill(self) -> None:
        """Fill the table again, the selected row kept."""
        row = self.table.currentRow()
        self._fill_table()
        if row >= 0:
            self.table.selectRow(row)

    def current_row(self) -> ModelRow | None:
        """The selected row, if any."""
        row = self.table.currentRow()
        return self.rows[row] if 0 <= row < len(self.rows) and self.table.selectedItems() else None

    def current(self) -> ModelCardView | None:
        """The selected card, if any (None for a provider's model without a card)."""
        row = self.current_row()
        return row.card if row is not None else None

    def _open(self, card: ModelCardView | None, served: ServedModel | None = None) -> None:
        """Read the providers on a worker (Add/Edit disabled meanwhile), then open the
        editor on ``card`` (None: a new one, for ``served``'s model when given) as
        ``self.dialog`` (issue 29)."""
        self.ops.start(translate("ModelsPage", "Read the providers"), self._svc.providers.list,
                       on_ok=lambda providers: self._show_editor(card, providers, served))

    def _show_editor(self, card: ModelCardView | None, providers: Sequence[ProviderView],
                     served: ServedModel | None = None) -> None:
        provider = card.provider if card is not None else served.provider if served is not None else None
        model = card.model if card is not None else served.model if served is not None else ""
        pid = next((p.id for p in providers if provider is not None and p.name == provider), None)
        dialog = ModelCardDialog(self._svc.models, providers, self._runner, self._presenter,
                                 model=model, provider_id=pid, card=card, parent=self)
        dialog.saved.connect(self._saved)
        self.dialog = dialog
        dialog.open()
        self.editor_opened.emit(dialog)

    def add(self) -> None:
        """Open the editor for a new card (once the providers are read: ``editor_opened``)."""
        self._open(None)

    def edit(self) -> None:
        """Open the editor on the selected card, or a new card for the selected provider
        model (once the providers are read: ``editor_opened``)."""
        row = self.current_row()
        if row is not None:
            self._open(row.card, row.served)

    def delete(self) -> None:
        """Delete the selected card on a worker after the user confirms (the provider's
        reported window or the bundled catalog applies again)."""
        card = self.current()
        if card is None:
            return
        where = card.provider or translate("ModelsPage", "every provider")
        if not confirm.ask(self, translate("ModelsPage", "Delete model card"),
                           fill(translate("ModelsPage", "Delete your card of “%1” (%2)? Its %3-token window is then "
                                                        "taken from the provider or the bundled catalog again."),
                                card.model, where, f"{card.context_window:,}")):
            return
        models = self._svc.models
        self.ops.start(fill(translate("ModelsPage", "Delete the card of %1"), card.model),
                       lambda: models.delete(card.model, provider=card.provider), on_ok=lambda _r: self._saved(None))

    def _saved(self, _view: object) -> None:
        self.reload()
        self.changed.emit()
