"""What the fixed-memory page and the dream panel share (MEM-2, DRM-8): the card list
set-up, the inline error label, section titles, and :class:`CardListOwner` — the Qt
overrides both need (a font change re-lays out the cards; a change that arrived while
hidden is re-read when shown)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QAbstractListModel, QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QFrame, QLabel, QListView, QWidget

from chathub_desktop.gui.design import Tone, TypeScale, set_tone
from chathub_desktop.gui.memory.card_delegate import MemoryCardDelegate


def role_data(item: object | None, role: int, getters: Mapping[int, Callable[[Any], object]]) -> object:
    """A list model's ``data``: ``getters[role](item)``, None for no item or an unknown role."""
    get = getters.get(int(role))
    return None if item is None or get is None else get(item)


def save_shortcut(widget: QWidget, text: str, slot: Callable[[], object]) -> QAction:
    """Ctrl+S (the platform's Save keys) on ``widget`` and its children runs ``slot``."""
    action = QAction(text, widget)
    action.setShortcut(QKeySequence(QKeySequence.StandardKey.Save))
    action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    action.triggered.connect(lambda _checked=False: slot())
    widget.addAction(action)
    return action


def section_title(text: str) -> QLabel:
    """A bold, slightly larger section title (``sectionTitle``)."""
    label = QLabel(text)
    label.setObjectName("sectionTitle")
    f = label.font()
    f.setBold(True)
    f.setPointSizeF(f.pointSizeF() * TypeScale.TITLE.value)
    label.setFont(f)
    return label


def error_label(name: str) -> QLabel:
    """A hidden, selectable, wrapped inline error label named ``name``."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    set_tone(label, Tone.ERROR)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.hide()
    return label


def card_list(name: str, accessible: str, model: QAbstractListModel, owner: QObject,
              delegate_type: type[MemoryCardDelegate] = MemoryCardDelegate) -> tuple[QListView, MemoryCardDelegate]:
    """A card list over ``model`` painted by a new ``delegate_type``: per-pixel scrolling,
    no horizontal bar, single selection, frameless; ``owner`` filters its events (font
    changes, :class:`CardListOwner`) and a model reset drops the delegate's layout cache.
    Returns ``(view, delegate)``."""
    view = QListView()
    view.setObjectName(name)
    view.setAccessibleName(accessible)
    view.setModel(model)
    delegate = delegate_type(view)
    view.setItemDelegate(delegate)
    view.setUniformItemSizes(False)
    view.setResizeMode(QListView.ResizeMode.Adjust)
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    view.verticalScrollBar().setSingleStep(20)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setMouseTracking(True)
    view.setFrameShape(QFrame.Shape.NoFrame)
    view.viewport().setAutoFillBackground(False)
    view.installEventFilter(owner)
    model.modelReset.connect(delegate.clear_cache)
    return view, delegate


class CardListOwner:
    """Mixed into a widget (before its Qt class) that owns a card list ``list`` painted
    by ``delegate`` and re-reads with ``schedule_reload``; ``_stale`` marks a change
    that arrived while it was hidden."""

    list: QListView
    delegate: MemoryCardDelegate
    _stale: bool
    schedule_reload: Callable[[], None]

    def reload_when_shown(self) -> None:
        """Re-read soon when visible, else when shown again."""
        if isinstance(self, QWidget) and self.isVisible():
            self.schedule_reload()
        else:
            self._stale = True

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        """Qt: a font change of the list re-lays out the cards."""
        if obj is self.list and event.type() == QEvent.Type.FontChange:
            self.delegate.clear_cache()
        return super().eventFilter(obj, event)  # type: ignore[misc]

    def showEvent(self, event: QShowEvent) -> None:
        """Qt: re-read when a change arrived while hidden."""
        super().showEvent(event)  # type: ignore[misc]
        if self._stale:
            self._stale = False
            self.schedule_reload()
