"""The composer's model picker (issue 14 "A model per topic").

A compact button in the composer's row names the open topic's model (``gpt-4o ▾``;
"(assistant default)" when the topic has no own choice); its tooltip names the provider,
the context window (or that the window is the provider's fallback, for a model without a
card) and the input budget. Its menu offers "Use the assistant's model", then the
models of the provider the topic uses now (its own fetched list first, the bundled
catalog second, as the assistant dialog does) and every other configured provider's in a
submenu of its own.

Choosing a model changes that topic only (``TopicModelService.set`` on a worker thread);
the service publishes ``TopicChanged``, so the badge re-estimates with the new model's
card at once, and another window hears it through the store's change log. The widget
holds no rules: what is shown is the service's :class:`TopicModelView`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QSizePolicy, QToolButton, QWidget

from chathub_desktop.core.model_windows import short_window

if TYPE_CHECKING:
    from chathub_desktop.gui.main_window import MainWindow
    from chathub_desktop.services.events import TopicChanged
    from chathub_desktop.services.topic_model import ModelGroup, TopicModelView

#: Longest model name shown on the button, characters (the tooltip has all of it).
SHOWN_CHARS = 28
#: The menu's title for the bundled catalog's models.
CATALOG_MENU = "Catalog models"


def button_text(view: TopicModelView | None) -> str:
    """The button's text for ``view`` (``None``: no topic open)."""
    if view is None:
        return "No topic"
    name = view.model or "no model"
    if len(name) > SHOWN_CHARS:
        name = name[: SHOWN_CHARS - 1] + "…"
    return f"{name} ▾" if view.own else f"{name} (assistant default) ▾"


def tooltip_text(view: TopicModelView | None) -> str:
    """The button's tooltip: provider, context window (or its fallback), input budget."""
    if view is None:
        return "Open a topic to choose its model"
    window = f"{view.context_window:,}-token context window"
    if not view.window_known:
        window += " (no model card: the provider's fallback)"
    where = ("this topic's own model" if view.own
             else "the assistant's model (this topic has no own choice)")
    lines = [f"{view.model or 'no model'} via {view.provider_name or 'no provider'} — {where}",
             f"{window} · {view.input_budget:,}-token input budget",
             "Click to choose another model for this topic only"]
    if view.note:
        lines.insert(1, view.note[:1].upper() + view.note[1:])
    return "\n".join(lines)


def menu_text(model: str, window: int | None) -> str:
    """A model's menu entry: its id, and the window the provider reported in the
    shortcut column (after a tab: Qt menus right-align it), e.g. ``"smollm2\t8k"``."""
    return f"{model}\t{short_window(window)}" if window else model


class TopicModelPicker(QToolButton):
    """The button and its menu. Emits ``chosen(provider_id, model)`` or ``cleared()``;
    :meth:`show_view` / :meth:`set_groups` fill it."""

    chosen = Signal(int, str)
    cleared = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("topicModelPicker")
        self.setAccessibleName("Topic model")
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.view: TopicModelView | None = None
        self.groups: tuple[ModelGroup, ...] = ()
        self.menu_ = QMenu(self)
        self.menu_.setToolTipsVisible(True)
        self.menu_.aboutToShow.connect(self._build)
        self.setMenu(self.menu_)
        self.show_view(None)

    def show_view(self, view: TopicModelView | None) -> None:
        """Show the open topic's model (``None``: no topic; the button is disabled)."""
        self.view = view
        self.setText(button_text(view))
        self.setToolTip(tooltip_text(view))
        self.setEnabled(view is not None)

    def set_groups(self, groups: tuple[ModelGroup, ...]) -> None:
        """The models the menu offers, per provider (the topic's provider first)."""
        self.groups = groups

    def _build(self) -> None:
        """Fill the menu from the last view and groups (no store access here)."""
        menu = self.menu_
        menu.clear()
        view = self.view
        if view is None:
            return
        group = QActionGroup(menu)
        default = menu.addAction(f"Use the assistant's model ({view.assistant_model or 'none set'})")
        default.setObjectName("useAssistantModel")
        default.setCheckable(True)
        default.setChecked(not view.own)
        default.setActionGroup(group)
        default.triggered.connect(self.cleared)
        for g in self.groups:
            if g.current:
                menu.addSection(g.provider_name)
                target = menu
            else:
                target = menu.addMenu(g.provider_name)
            windows = dict(g.windows)
            for model in g.own:
                self._add(target, group, g.provider_id, model, "offered by this provider", windows.get(model))
            if g.catalog:
                sub = target.addMenu(CATALOG_MENU) if g.own or g.current else target
                for model in g.catalog:
                    self._add(sub, group, g.provider_id, model, "from the bundled catalog")
        if not self.groups:
            menu.addSection("No providers yet — add one in Settings → Providers")

    def _add(self, menu: QMenu, group: QActionGroup, provider_id: int, model: str, where: str,
             window: int | None = None) -> QAction:
        view = self.view
        action = menu.addAction(menu_text(model, window))
        action.setCheckable(True)
        action.setActionGroup(group)
        action.setToolTip(f"Use {model} for this topic only ({where}"
                          + (f"; a {window:,}-token window, reported by the provider)" if window else ")"))
        action.setChecked(bool(view and view.own and view.model == model and view.provider_id == provider_id))
        action.triggered.connect(lambda _checked=False, p=provider_id, m=model: self.chosen.emit(p, m))
        return action

    def actions_by_text(self) -> dict[str, QAction]:
        """Every model action of the built menu by its text (``"Provider/model"`` for the
        models in submenus), for tests and accessibility checks."""
        out: dict[str, QAction] = {}

        def walk(menu: QMenu, prefix: str) -> None:
            for a in menu.actions():
                sub = a.menu()
                if isinstance(sub, QMenu):
                    title = sub.title()
                    walk(sub, prefix if title == CATALOG_MENU else f"{prefix}{title}/")
                elif a.text() and not a.isSeparator():
                    out[f"{prefix}{a.text().split(chr(9), 1)[0]}"] = a

        walk(self.menu_, "")
        return out


class TopicModelController(QObject):
    """Puts a :class:`TopicModelPicker` in ``window``'s composer and keeps it on the open
    topic: reads and writes go through ``window.svc.topic_models`` on worker threads."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._w = window
        self.picker = TopicModelPicker()
        window.composer.model_slot.addWidget(self.picker)
        self.picker.chosen.connect(self._choose)
        self.picker.cleared.connect(self._clear)
        window.topic_opened.connect(lambda _tid: self.sync())
        window.topic_list.selectionModel().currentChanged.connect(lambda *_a: QTimer.singleShot(0, self.sync))
        window.events.topic_changed.connect(self._on_topic_changed)
        window.events.settings_changed.connect(lambda _e: self.sync())  # providers or assistants changed
        self._noted: set[int] = set()
        self._cleared_here: set[int] = set()
        self.loads = 0
        self.sync()

    def _on_topic_changed(self, event: TopicChanged) -> None:
        if event.topic_id == self._w.current_topic_id:
            self.sync()

    def sync(self) -> None:
        """Read the open topic's model and the menu's choices again."""
        topic_id = self._w.current_topic_id
        if topic_id is None:
            self.picker.show_view(None)
            return
        self._w.runner.run("topic-model", self._load(topic_id), context="Topic model", quiet=True)

    async def _load(self, topic_id: int) -> None:
        svc = self._w.svc.topic_models
        view = await self._w.runner.run_in_thread(svc.show, topic_id)
        groups = await self._w.runner.run_in_thread(svc.choices, topic_id)
        if topic_id != self._w.current_topic_id:
            return  # another topic was opened meanwhile
        self._tell(view)
        self.picker.set_groups(groups)
        self.picker.show_view(view)
        self.loads += 1

    def _tell(self, view: TopicModelView) -> None:
        """Say once in the status bar when the topic's own choice is not used any more
        (its provider was deleted, or another window cleared it)."""
        before = self.picker.view
        gone = (before is not None and before.topic_id == view.topic_id and before.own and not view.own
                and view.topic_id not in self._cleared_here)
        self._cleared_here.discard(view.topic_id)
        if view.note and view.topic_id not in self._noted:
            self._noted.add(view.topic_id)
            self._w.show_status(f"This topic: {view.note}", 8000)
        elif gone:
            self._w.show_status(f"This topic's model choice was removed (its provider was deleted or another "
                                f"window changed it); it uses the assistant's model {view.model} again", 8000)

    def _choose(self, provider_id: int, model: str) -> None:
        topic_id = self._w.current_topic_id
        if topic_id is not None:
            self._w.runner.run("topic-model-set", self._write(topic_id, provider_id, model), context="Topic model")

    def _clear(self) -> None:
        topic_id = self._w.current_topic_id
        if topic_id is not None:
            self._cleared_here.add(topic_id)
            self._w.runner.run("topic-model-set", self._write(topic_id, None, None), context="Topic model")

    async def _write(self, topic_id: int, provider_id: int | None, model: str | None) -> None:
        svc = self._w.svc.topic_models
        if model is None:
            view = await self._w.runner.run_in_thread(svc.clear, topic_id)
        else:
            view = await self._w.runner.run_in_thread(svc.set, topic_id, model, provider_id)
        if topic_id == self._w.current_topic_id:
            self.picker.show_view(view)
            self._w.show_status(f"This topic now uses {view.model}" + ("" if view.own else " (the assistant's model)"))

    def pending(self) -> bool:
        """True while a read or write of the picker runs (tests wait on it)."""
        runner = self._w.runner
        return runner.is_running("topic-model") or runner.is_running("topic-model-set")
