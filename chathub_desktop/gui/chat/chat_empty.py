"""What the chat column shows before there are messages (issue 29, walk29 #19 and #20).

Two states replace the message list while they apply:

- **No topic open** (the assistant has none yet, or the wizard was left part-way): the
  next step. An assistant without a provider or model says so, with "Add a provider"
  (Settings → Providers) and "Edit assistant"; a ready one points at the composer
  (walk53 #10: no third New topic button beside the sidebar's).
- **An open topic without messages**: a greeting — the assistant's avatar (its initial)
  and name, its model — and a few suggested prompts; clicking one puts its text in the
  composer, ready to finish and send.

:class:`ChatEmptyStates` owns a stack of the message view and :class:`EmptyChatPanel`
and switches between them from the message model's signals and :meth:`sync` (the window
calls it when it opens a topic or reads the assistant). It holds no window: it gets the
view, the model, the composer's ``fill`` and the actions it offers. Texts are in the
``ChatEmpty`` translation context and re-said on a language switch (issue 27).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.avatar import avatar_text, is_emoji, set_avatar_tone
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import IconSize, Space
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts
from chathub_desktop.gui.shell.i18n import fill as fill_in

if TYPE_CHECKING:
    from chathub_desktop.gui.chat.composer import Composer

__all__ = ["PROMPTS", "fill_composer", "send_block", "ChatEmptyStates", "EmptyActions", "EmptyChatPanel", "EmptyState", "Prompt", "ReadyAssistant"]


class EmptyState(enum.Enum):
    """What the chat column shows."""

    MESSAGES = "messages"  # the message list (also while a topic loads)
    NO_TOPIC = "no_topic"  # no topic open: the next step
    EMPTY_TOPIC = "empty_topic"  # an open topic without messages: the greeting


@dataclass(frozen=True)
class Prompt:
    """A suggested prompt: ``title`` on its button, ``text`` put in the composer (both
    sources of the ``ChatEmpty`` context, shown in the interface language)."""

    title: str
    text: str


#: The suggested prompts of an empty topic (walk29 #20), each a start the user finishes.
PROMPTS: tuple[Prompt, ...] = (
    Prompt(QT_TRANSLATE_NOOP("ChatEmpty", "Explain something simply"),
           QT_TRANSLATE_NOOP("ChatEmpty", "Explain in simple terms, with one example: ")),
    Prompt(QT_TRANSLATE_NOOP("ChatEmpty", "Draft a message"),
           QT_TRANSLATE_NOOP("ChatEmpty", "Help me write a short, friendly message to ")),
    Prompt(QT_TRANSLATE_NOOP("ChatEmpty", "Summarize a text"),
           QT_TRANSLATE_NOOP("ChatEmpty", "Summarize the key points of this text in five bullets:\n\n")),
    Prompt(QT_TRANSLATE_NOOP("ChatEmpty", "Brainstorm ideas"), QT_TRANSLATE_NOOP("ChatEmpty", "Give me ten ideas for ")),
)

translate = QCoreApplication.translate


@dataclass(frozen=True)
class ReadyAssistant:
    """The selected assistant as the empty states need it: ``name``, ``model`` ("" when
    none), ``has_provider`` and its ``id`` (its avatar's colour; None: the accent)."""

    name: str
    model: str
    has_provider: bool
    id: int | None = None
    #: Its chosen emoji or letters (walk29 #23); None: its initial.
    avatar: str | None = None

    @property
    def ready(self) -> bool:
        """Whether a message can go out without a topic's own model: a provider and a model."""
        return self.has_provider and bool(self.model)


@dataclass(frozen=True)
class EmptyActions:
    """The actions the next step offers: Settings → Providers, Assistant → Edit (New topic
    is the sidebar's one button, walk53 #10)."""

    providers: QAction
    edit_assistant: QAction


class MessageSource(Protocol):
    """What the states read from the message list: the topic it shows (None while one
    loads), its rows, and whether the view paints its own empty text (an open topic, no
    rows, no first message on its way)."""

    @property
    def topic_id(self) -> int | None: ...  # noqa: D102 - the Protocol's docstring says it

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = ...) -> int: ...  # noqa: N802, D102 - Qt's name


def no_topic_texts(assistant: ReadyAssistant | None) -> tuple[str, str]:
    """``(title, line)`` of the next step with no topic open (walk29 #19), in the
    interface language."""
    if assistant is None:
        return translate("ChatEmpty", "No assistant"), translate("ChatEmpty", "Create an assistant to start chatting.")
    if not assistant.has_provider:
        return (fill_in(translate("ChatEmpty", "Connect %1 to a model"), assistant.name),
                translate("ChatEmpty", "Add a provider with your API key or a local server, then choose it for this "
                                       "assistant."))
    if not assistant.model:
        return (fill_in(translate("ChatEmpty", "Choose a model for %1"), assistant.name),
                translate("ChatEmpty", "Edit the assistant and pick one of its provider's models."))
    return (fill_in(translate("ChatEmpty", "Chat with %1"), assistant.name),
            fill_in(translate("ChatEmpty", "Type a message below to start a topic: %1 answers."), assistant.model))


#: Why Send is off while no topic is open and the assistant cannot answer (walk29 #19).
NOT_READY_TIP = QT_TRANSLATE_NOOP("Composer", "Add a provider and choose a model for this assistant first "
                                              "(Assistant → Edit…)")
#: Why Send is off without an assistant.
NO_ASSISTANT_TIP = QT_TRANSLATE_NOOP("Composer", "Create an assistant first (Assistant → New…)")


def _prompt_text(prompt: Prompt) -> str:
    """What ``prompt`` puts in the composer, in the interface language, trimmed."""
    return translate("ChatEmpty", prompt.text).strip()


def _prompt_tip(prompt: Prompt) -> str:
    """A prompt tile's tooltip in the interface language."""
    return fill_in(translate("ChatEmpty", "Put “%1” in the message box"), _prompt_text(prompt))


def send_block(assistant: ReadyAssistant | None, topic_open: bool) -> str | None:
    """Why Send is off (its tooltip), or None when it is on: no assistant; or no topic
    open and an assistant without a provider or model (walk29 #19). With a topic open it
    stays on: the topic may have a model of its own, and a refusal says why."""
    if assistant is None:
        return NO_ASSISTANT_TIP
    if not topic_open and not assistant.ready:
        return NOT_READY_TIP
    return None


def fill_composer(composer: Composer, text: str) -> None:
    """Put a suggested prompt's ``text`` in ``composer``, the cursor at its end, focused."""
    composer.set_text(text)
    composer.draft.setFocus()


class EmptyChatPanel(QFrame):
    """The panel of both states: an avatar, a title, a line, then buttons (the next step)
    or prompt tiles (the greeting). ``fill(text)`` is called with a chosen prompt's text
    (in the interface language)."""

    def __init__(self, actions: EmptyActions, fill: Callable[[str], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatEmpty")
        self._actions = actions
        self._fill = fill
        self.texts = t = Texts(self)
        self._shown: Callable[[], None] | None = None  # the state shown, said again on a language switch
        lay = QVBoxLayout(self)
        lay.setContentsMargins(Space.XXL, Space.XXL, Space.XXL, Space.XXL)
        lay.setSpacing(Space.LG)
        lay.addStretch(1)
        self.avatar = QLabel()
        self.avatar.setObjectName("greetingAvatar")
        self.avatar.setFixedSize(IconSize.GREETING, IconSize.GREETING)
        self.avatar.setAlignment(Qt.AlignmentFlag.AlignCenter)
        t.bind(self.avatar.setAccessibleName, lambda: translate("ChatEmpty", "Assistant"))
        lay.addWidget(self.avatar, 0, Qt.AlignmentFlag.AlignHCenter)
        self.title = QLabel()
        self.title.setObjectName("greetingTitle")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.line = QLabel()
        self.line.setObjectName("greetingLine")
        self.line.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.line.setWordWrap(True)
        set_tone(self.line, Tone.MUTED)
        lay.addWidget(self.line)
        # the next step: buttons that trigger the window's actions
        self.steps = QWidget()
        steps = QHBoxLayout(self.steps)
        steps.setContentsMargins(0, Space.SM, 0, 0)
        steps.addStretch(1)
        self.provider_button = self._step_button(QT_TRANSLATE_NOOP("ChatEmpty", "Add a provider"), Icon.PROVIDERS,
                                                 actions.providers)
        self.edit_button = self._step_button(QT_TRANSLATE_NOOP("ChatEmpty", "Edit assistant"), Icon.EDIT_ASSISTANT,
                                             actions.edit_assistant)
        for b in (self.provider_button, self.edit_button):
            steps.addWidget(b)
        steps.addStretch(1)
        lay.addWidget(self.steps)
        # the greeting: prompt tiles, two to a row
        self.prompts = QWidget()
        self.prompts.setObjectName("promptGrid")
        grid = QGridLayout(self.prompts)
        grid.setContentsMargins(0, Space.SM, 0, 0)
        grid.setSpacing(Space.MD)
        self.prompt_buttons: list[QPushButton] = []
        for n, prompt in enumerate(PROMPTS):
            b = QPushButton()
            t.bind(b.setText, partial(translate, "ChatEmpty", prompt.title))
            b.setObjectName("promptTile")
            t.bind(b.setToolTip, partial(_prompt_tip, prompt))
            t.bind(b.setAccessibleDescription, partial(_prompt_text, prompt))
            b.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            b.clicked.connect(lambda _c=False, text=prompt.text: self._fill(translate("ChatEmpty", text)))
            grid.addWidget(b, n // 2, n % 2)
            self.prompt_buttons.append(b)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.prompts, 4)
        row.addStretch(1)
        lay.addLayout(row)
        lay.addStretch(2)

    def _step_button(self, text: str, glyph: Icon, action: QAction) -> QPushButton:
        b = QPushButton(icon(glyph), "")
        self.texts.bind(b.setText, lambda: translate("ChatEmpty", text))
        b.setIconSize(QSize(IconSize.SM, IconSize.SM))
        self.texts.bind(b.setToolTip, action.toolTip)  # the window re-says its actions first
        b.clicked.connect(action.trigger)
        return b

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A language switch says the shown state again."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and self._shown is not None:
            self._shown()

    def show_next_step(self, assistant: ReadyAssistant | None) -> None:
        """The no-topic state for ``assistant`` (None: none selected)."""
        self._shown = lambda: self.show_next_step(assistant)
        title, line = no_topic_texts(assistant)
        self._show_avatar(assistant)
        self.title.setText(title)
        self.line.setText(line)
        self.prompts.hide()
        self.steps.show()
        ready = assistant is not None and assistant.ready
        self.provider_button.setVisible(assistant is not None and not assistant.has_provider)
        self.edit_button.setVisible(assistant is not None and not ready)
        self.provider_button.setDefault(assistant is not None and not assistant.has_provider)

    def show_greeting(self, assistant: ReadyAssistant | None) -> None:
        """The empty-topic state: the assistant's greeting and the prompts."""
        self._shown = lambda: self.show_greeting(assistant)
        name = assistant.name if assistant is not None else translate("ChatEmpty", "your assistant")
        self._show_avatar(assistant)
        self.title.setText(fill_in(translate("ChatEmpty", "Hi, I'm %1. How can I help?"), name))
        self.line.setText(fill_in(translate("ChatEmpty", "%1 answers here."), assistant.model)
                          if assistant is not None and assistant.model
                          else translate("ChatEmpty", "Pick a prompt or type below."))
        self.steps.hide()
        self.prompts.show()

    def _show_avatar(self, assistant: ReadyAssistant | None) -> None:
        glyph = avatar_text(assistant.name, assistant.avatar) if assistant is not None else "?"
        self.avatar.setText(glyph)
        set_avatar_tone(self.avatar, assistant.id if assistant is not None else None, is_emoji(glyph))


class ChatEmptyStates:
    """The stack of ``view`` (the message list) and the empty panel; see the module
    docstring. ``model``: the list's model; ``shows_empty``: whether the view would paint
    its empty text; ``current_topic``/``assistant``: the window's open topic and selected
    assistant."""

    def __init__(self, view: QWidget, model: MessageSource, shows_empty: Callable[[], bool],
                 current_topic: Callable[[], int | None], assistant: Callable[[], ReadyAssistant | None],
                 actions: EmptyActions, fill: Callable[[str], None]) -> None:
        self._view = view
        self._model = model
        self._shows_empty = shows_empty
        self._current_topic = current_topic
        self._assistant = assistant
        self.stack = QStackedWidget()
        self.stack.setObjectName("chatStack")
        self.panel = EmptyChatPanel(actions, fill)
        self.stack.addWidget(view)
        self.stack.addWidget(self.panel)
        self.state = EmptyState.MESSAGES

    def watch(self, *signals: object) -> None:
        """Re-decide on each of ``signals`` (the model's resets, inserts and removals)."""
        for signal in signals:
            signal.connect(lambda *_a: self.sync())  # type: ignore[attr-defined]

    def decide(self) -> EmptyState:
        """The state for what is open now."""
        topic = self._current_topic()
        if topic is None:
            return EmptyState.NO_TOPIC
        if self._model.topic_id == topic and self._shows_empty():
            return EmptyState.EMPTY_TOPIC
        return EmptyState.MESSAGES

    def sync(self) -> EmptyState:
        """Show the state :meth:`decide` gives; returns it."""
        self.state = self.decide()
        if self.state is EmptyState.MESSAGES:
            self.stack.setCurrentWidget(self._view)
            return self.state
        if self.state is EmptyState.NO_TOPIC:
            self.panel.show_next_step(self._assistant())
        else:
            self.panel.show_greeting(self._assistant())
        self.stack.setCurrentWidget(self.panel)
        return self.state
