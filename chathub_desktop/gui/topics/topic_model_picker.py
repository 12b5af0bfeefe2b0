"""The composer's model picker (issue 14 "A model per topic").

A compact button in the composer's row names the open topic's model (``gpt-4o ▾``;
"(assistant default)" when the topic has no own choice); its tooltip names the provider,
the context window (or that the window is the provider's fallback, for a model without a
card) and the input budget. Its menu offers "Use the assistant's model", then the
models of the provider the topic uses now (its own fetched list first under "Served by
<provider>", the bundled catalog second under its heading, "Another model…" for any id
typed last, as the assistant dialog does; walkthrough F7) and every other configured
provider's in a submenu of its own, laid out the same way (:func:`add_model_sections`,
which Regenerate with uses too). A search field at the top of the menu (walk29 #7) takes
the keyboard as the menu opens: typing filters the models of every provider into one
list (the other providers' models appear flat, named with their provider), and Enter
chooses the first match.

Choosing a model changes that topic only (``TopicModelService.set`` on a worker thread);
the service publishes ``TopicChanged``, so the badge re-estimates with the new model's
card at once, and another window hears it through the store's change log. The widget
holds no rules: what is shown is the service's :class:`TopicModelView`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, QTimer, Signal
from PySide6.QtGui import QAction, QActionGroup, QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QSizePolicy,
    QToolButton,
    QWidget,
    QWidgetAction,
)

from chathub_desktop.core.model_windows import short_window
from chathub_desktop.gui.chat.composer_fit import folded_minimum, squeezed_text, text_width
from chathub_desktop.gui.design import Space, Tone, set_tone
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.gui.shell.open_topic_host import OpenTopicHost

if TYPE_CHECKING:
    from chathub_desktop.gui.chat.chat_empty import ReadyAssistant
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.events import TopicChanged
    from chathub_desktop.services.topics.topic_model import (
        ModelGroup,
        TopicModelService,
        TopicModelView,
    )

#: Longest model name shown on the button, characters (the tooltip has all of it); while
#: the composer's row is narrow (folded), without "(assistant default)".
SHOWN_CHARS, FOLDED_CHARS = 28, 18
#: The last entry of each provider's models: any id, typed.
OTHER_MODEL_TEXT = QT_TRANSLATE_NOOP("TopicModelPicker", "Another model…")
#: The search field's placeholder (walk29 #7).
SEARCH_TEXT = QT_TRANSLATE_NOOP("TopicModelPicker", "Search models")
translate = QCoreApplication.translate
#: Object name of the flat entries that show another provider's matches while searching.
SEARCH_HIT = "modelSearchHit"


def add_heading(menu: QMenu, text: str) -> QWidgetAction:
    """A heading row in ``menu``: ``text`` in bold muted type, never an action (the
    stylesheet drops the text of ``QMenu.addSection``). Its label is named
    ``menuHeading``; :func:`heading_texts` lists them."""
    label = QLabel(text)
    label.setObjectName("menuHeading")
    label.setAccessibleName(text)
    label.setContentsMargins(Space.MD, Space.SM, Space.MD, Space.XS)
    font = QFont(label.font())
    font.setBold(True)
    label.setFont(font)
    set_tone(label, Tone.MUTED)
    action = QWidgetAction(menu)
    action.setDefaultWidget(label)
    menu.addAction(action)
    return action


def heading_texts(menu: QMenu) -> list[str]:
    """The texts of ``menu``'s :func:`add_heading` rows, in order."""
    return [w.text() for a in menu.actions() if isinstance(a, QWidgetAction)
            and isinstance(w := a.defaultWidget(), QLabel)]


def add_model_sections(menu: QMenu, group: ModelGroup, add: Callable[[QMenu, str, str, int | None], object],
                       other: Callable[[], object]) -> None:
    """Fill ``menu`` with ``group``'s models (walkthrough F7): a "Served by <provider>"
    section and its own models, a "Bundled catalog" section and the catalog's, then
    :data:`OTHER_MODEL_TEXT`. ``add(menu, model, where, window)`` adds one model's action
    (``where``: a few words on where it comes from; ``window``: tokens the provider
    reported, or None); ``other()`` runs when "Another model…" is chosen."""
    # here, not at import: model_choices builds Qt's namespace (~20 ms) and the picker
    # is constructed before the window's first paint
    from chathub_desktop.gui.settings.model_choices import CATALOG_HEADING, served_heading

    windows = dict(group.windows)
    if group.own:
        add_heading(menu, served_heading(group.provider_name))
        for model in group.own:
            add(menu, model, translate("TopicModelPicker", "offered by this provider"), windows.get(model))
    if group.catalog:
        add_heading(menu, CATALOG_HEADING)
        for model in group.catalog:
            add(menu, model, translate("TopicModelPicker", "from the bundled catalog: the provider may not serve it"),
                None)
    menu.addSeparator()
    another = menu.addAction(translate("TopicModelPicker", OTHER_MODEL_TEXT))
    another.setToolTip(fill(translate("TopicModelPicker", "Type any model id %1 serves"), group.provider_name))
    another.triggered.connect(lambda _c=False: other())


def ask_model_id(parent: QWidget, provider_name: str) -> str:
    """Ask for a model id on ``provider_name`` (free text); "" when cancelled or blank."""
    text, ok = QInputDialog.getText(parent, translate("TopicModelPicker", "Another model"),
                                    fill(translate("TopicModelPicker", "Model id on %1:"), provider_name))
    return text.strip() if ok else ""


def shortened(name: str, folded: bool = False) -> str:
    """``name`` cut to :data:`SHOWN_CHARS` (:data:`FOLDED_CHARS` when ``folded``) with "…"."""
    most = FOLDED_CHARS if folded else SHOWN_CHARS
    return name[: most - 1] + "…" if len(name) > most else name


def button_text(view: TopicModelView | None, folded: bool = False) -> str:
    """The button's text for ``view`` (``None``: no topic open); ``folded``: shorter, and
    no "(assistant default)" (the composer's row is narrow; the tooltip says it)."""
    if view is None:
        return translate("TopicModelPicker", "No topic")
    name = shortened(view.model or translate("TopicModelPicker", "no model"), folded)
    return f"{name} ▾" if view.own or folded else fill(translate("TopicModelPicker", "%1 (assistant default) ▾"),
                                                        name)


def tooltip_text(view: TopicModelView | None) -> str:
    """The button's tooltip: provider, context window (or its fallback), input budget."""
    if view is None:
        return translate("TopicModelPicker", "Open a topic to choose its model")
    window = fill(translate("TopicModelPicker", "%1-token context window"), f"{view.context_window:,}")
    if not view.window_known:
        window += translate("TopicModelPicker", " (no model card: the provider's fallback)")
    where = (translate("TopicModelPicker", "this topic's own model") if view.own
             else translate("TopicModelPicker", "the assistant's model (this topic has no own choice)"))
    lines = [fill(translate("TopicModelPicker", "%1 via %2 — %3"), view.model or translate("TopicModelPicker", "no model"),
                  view.provider_name or translate("TopicModelPicker", "no provider"), where),
             fill(translate("TopicModelPicker", "%1 · %2-token input budget"), window, f"{view.input_budget:,}"),
             translate("TopicModelPicker", "Click to choose another model for this topic only")]
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
        self.setAccessibleName(translate("TopicModelPicker", "Topic model"))
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.view: TopicModelView | None = None
        self.assistant: ReadyAssistant | None = None  # shown while no topic is open (walk50 #9)
        self.groups: tuple[ModelGroup, ...] = ()
        self.menu_ = QMenu(self)
        self.menu_.setToolTipsVisible(True)
        self.menu_.aboutToShow.connect(self._build)
        self.setMenu(self.menu_)
        self.search: QLineEdit | None = None  # the built menu's search field
        self._search_action: QAction | None = None
        self._folded = False  # the composer's row is narrow: the shorter text (set_folded)
        self._texts = ("", "")  # the button's text, unfolded and folded
        self._squeeze = 0  # px the folded text is cut shorter still (squeeze)
        self.show_view(None)

    def _say(self, full: str, folded: str) -> None:
        self._texts = (full, folded)
        self.setText(self._shown())

    def _shown(self) -> str:
        if not self._folded:
            return self._texts[0]
        folded = self._texts[1]
        return squeezed_text(self, folded, text_width(self, folded) - self._squeeze) if self._squeeze else folded

    def set_folded(self, folded: bool) -> None:
        """The shorter text (True) or the whole one (the composer's row fit, issue 29)."""
        if folded != self._folded:
            self._folded = folded
            self.setText(self._shown())

    def squeeze(self, px: int) -> None:
        """Cut the shorter text by ``px`` more (0: not): the composer's row is narrower
        than every fold (the topic list beside the chat at 800 px)."""
        if px != self._squeeze:
            self._squeeze = px
            self.setText(self._shown())

    def width_at(self, folded: bool) -> int:
        """Px wide with the shorter text or the whole one; changes nothing."""
        return self.sizeHint().width() - text_width(self, self.text()) + text_width(self, self._texts[folded])

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        """As wide as the shorter text cut to its first character: the composer's row may
        narrow until it folds and squeezes it."""
        hint, folded = folded_minimum(self, super().minimumSizeHint()), self._texts[1]
        cut = text_width(self, folded) - text_width(self, squeezed_text(self, folded, 0))
        return QSize(hint.width() - max(0, cut), hint.height())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A language switch says the button and its tooltip again (issue 27)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange:
            self.setAccessibleName(translate("TopicModelPicker", "Topic model"))
            if self.assistant is not None:
                self.show_assistant(self.assistant)
            else:
                self.show_view(self.view)

    def show_view(self, view: TopicModelView | None) -> None:
        """Show the open topic's model (``None``: no topic; the button is disabled)."""
        self.view, self.assistant = view, None
        self._say(button_text(view), button_text(view, folded=True))
        self.setToolTip(tooltip_text(view))
        self.setEnabled(view is not None)

    def show_assistant(self, assistant: ReadyAssistant | None) -> None:
        """No topic open: show the model the assistant answers the first message with (as
        the empty chat's text names it, walk50 #9), disabled until a topic is open;
        ``None`` or no model: "No topic"."""
        self.show_view(None)
        if assistant is None or not assistant.model:
            return
        self.assistant = assistant
        name = assistant.model
        self._say(shortened(name), shortened(name, folded=True))
        self.setToolTip(fill(translate("TopicModelPicker", "%1 (the assistant's model) answers a new topic; open a "
                                       "topic to choose another model for it"), name))
        self.setEnabled(False)

    def show_pending(self) -> None:
        """A topic is open but its model is not read yet: a neutral dash, disabled (never
        "No topic" while one is open, start47)."""
        self.view, self.assistant = None, None
        self._say("—", "—")
        self.setToolTip(translate("TopicModelPicker", "Reading this topic's model…"))
        self.setEnabled(False)

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
        self._add_search(menu)
        default = menu.addAction(fill(translate("TopicModelPicker", "Use the assistant's model (%1)"),
                                      view.assistant_model or translate("TopicModelPicker", "none set")))
        default.setObjectName("useAssistantModel")
        default.setCheckable(True)
        default.setChecked(not view.own)
        default.setActionGroup(group)
        default.triggered.connect(self.cleared)
        for g in self.groups:
            target = menu if g.current else menu.addMenu(g.provider_name)

            def add(m: QMenu, model: str, where: str, window: int | None, p: int = g.provider_id) -> None:
                self._add(m, group, p, model, where, window)

            def other(p: int = g.provider_id, name: str = g.provider_name) -> None:
                self._other(p, name)

            add_model_sections(target, g, add, other)
        for g in self.groups:  # while searching, the other providers' matches in one list
            if not g.current:
                for model in (*g.own, *g.catalog):
                    hit = self._add(menu, group, g.provider_id, model,
                                    fill(translate("TopicModelPicker", "on %1"), g.provider_name),
                                    dict(g.windows).get(model))
                    hit.setText(f"{hit.text()} — {g.provider_name}")
                    hit.setObjectName(SEARCH_HIT)
                    hit.setVisible(False)
        if not self.groups:
            add_heading(menu, translate("TopicModelPicker", "No providers yet — add one in Settings → Providers"))

    def _add_search(self, menu: QMenu) -> None:
        """The search field heading the menu; it has the keyboard once the menu shows."""
        edit = self.search = QLineEdit()
        edit.setObjectName("modelSearch")
        edit.setPlaceholderText(translate("TopicModelPicker", SEARCH_TEXT))
        edit.setAccessibleName(translate("TopicModelPicker", SEARCH_TEXT))
        edit.setClearButtonEnabled(True)
        edit.textChanged.connect(self.filter_models)
        edit.returnPressed.connect(self._choose_first)
        holder = QWidget()
        lay = QHBoxLayout(holder)
        lay.setContentsMargins(Space.SM, Space.XS, Space.SM, Space.XS)
        lay.addWidget(edit)
        action = self._search_action = QWidgetAction(menu)
        action.setDefaultWidget(holder)
        menu.addAction(action)
        QTimer.singleShot(0, edit.setFocus)

    def filter_models(self, query: str) -> list[QAction]:
        """Show only the models whose id (or provider) holds every word of ``query``
        (case-insensitive), the other providers' flat; an empty query shows the menu as
        built. Returns the matching actions, in menu order."""
        words = query.lower().split()
        hits: list[QAction] = []
        for a in self.menu_.actions():
            if a is self._search_action:
                continue
            if not words:
                a.setVisible(a.objectName() != SEARCH_HIT)
            elif a.isCheckable() and a.objectName() != "useAssistantModel":  # a model
                text = a.text().lower()
                match = all(w in text for w in words)
                a.setVisible(match)
                if match:
                    hits.append(a)
            else:  # headings, separators, submenus, "Use the assistant's model", "Another model…"
                a.setVisible(False)
            if isinstance(a, QWidgetAction) and (heading := a.defaultWidget()) is not None:
                heading.setVisible(a.isVisible())  # a shown menu keeps a hidden action's widget painted
        self.menu_.adjustSize()
        return hits

    def _choose_first(self) -> None:
        """Enter in the search field: the first match, as if clicked."""
        hits = self.filter_models(self.search.text() if self.search is not None else "")
        if hits:
            self.menu_.hide()
            hits[0].trigger()

    def _other(self, provider_id: int, provider_name: str) -> None:
        """"Another model…": a typed id on ``provider_id`` for this topic."""
        model = ask_model_id(self.window(), provider_name)
        if model:
            self.chosen.emit(provider_id, model)

    def _add(self, menu: QMenu, group: QActionGroup, provider_id: int, model: str, where: str,
             window: int | None = None) -> QAction:
        view = self.view
        action = menu.addAction(menu_text(model, window))
        action.setCheckable(True)
        action.setActionGroup(group)
        action.setToolTip(fill(translate("TopicModelPicker", "Use %1 for this topic only (%2; a %3-token window, "
                                                             "reported by the provider)"), model, where, f"{window:,}")
                          if window else fill(translate("TopicModelPicker", "Use %1 for this topic only (%2)"),
                                              model, where))
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
                    walk(sub, f"{prefix}{sub.title()}/")
                elif a.text() and not a.isSeparator() and a.objectName() != SEARCH_HIT:
                    out[f"{prefix}{a.text().split(chr(9), 1)[0]}"] = a

        walk(self.menu_, "")
        return out


class TopicModelHost(OpenTopicHost, Protocol):
    """What the topic model picker uses of the window (issue 29); the main window is one."""

    runner: TaskRunner


class TopicModelController(QObject):
    """Keeps a :class:`TopicModelPicker` (:attr:`picker`, which the window places in its
    composer) on ``host``'s open topic: reads and writes go through ``models`` on worker
    threads; ``events`` tell it when the topic or the providers changed. The window calls
    :meth:`sync` when another topic opens; with none open the picker shows the model of
    ``assistant()`` (the selected one as last read, walk50 #9)."""

    def __init__(self, host: TopicModelHost, models: TopicModelService, events: ChatEvents,
                 parent: QObject | None = None,
                 assistant: Callable[[], ReadyAssistant | None] = lambda: None) -> None:
        super().__init__(parent)
        self._w = host
        self._models = models
        self._assistant = assistant
        self.picker = TopicModelPicker()
        self.picker.chosen.connect(self._choose)
        self.picker.cleared.connect(self._clear)
        events.topic_changed.connect(self._on_topic_changed)
        events.settings_changed.connect(lambda _e: self.sync())  # providers or assistants changed
        self._noted: set[int] = set()
        self._cleared_here: set[int] = set()
        self.loads = 0
        self.sync()

    def _on_topic_changed(self, event: TopicChanged) -> None:
        if event.topic_id == self._w.current_topic_id:
            self.sync()

    def sync_later(self) -> None:
        """:meth:`sync` once the event loop turns (the selection changed: the topic opens then)."""
        QTimer.singleShot(0, self, self.sync)

    def sync(self) -> None:
        """Read the open topic's model and the menu's choices again."""
        topic_id = self._w.current_topic_id
        if topic_id is None:
            self.picker.show_assistant(self._assistant())
            return
        if self.picker.view is None or self.picker.view.topic_id != topic_id:
            self.picker.show_pending()
        self._w.runner.run("topic-model", self._load(topic_id), context="Topic model", quiet=True)

    async def _load(self, topic_id: int) -> None:
        svc = self._models
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
            self._w.show_status(fill(translate("TopicModelPicker", "This topic: %1"), view.note), 8000)
        elif gone:
            self._w.show_status(fill(translate("TopicModelPicker", "This topic's model choice was removed (its "
                                               "provider was deleted or another window changed it); it uses the "
                                               "assistant's model %1 again"), view.model), 8000)

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
        svc = self._models
        if model is None:
            view = await self._w.runner.run_in_thread(svc.clear, topic_id)
        else:
            view = await self._w.runner.run_in_thread(svc.set, topic_id, model, provider_id)
        if topic_id == self._w.current_topic_id:
            self.picker.show_view(view)
            self._w.show_status(fill(translate("TopicModelPicker", "This topic now uses %1") if view.own else
                                     translate("TopicModelPicker", "This topic now uses %1 (the assistant's model)"),
                                     view.model))

    def pending(self) -> bool:
        """True while a read or write of the picker runs (tests wait on it)."""
        runner = self._w.runner
        return runner.is_running("topic-model") or runner.is_running("topic-model-set")
