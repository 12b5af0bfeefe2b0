"""Asking the user about a tool call, in the chat (issue 25, APP-11).

When the model calls a server tool set to Ask, the send loop awaits
:meth:`ToolApprovals.decide`; the bar above the composer shows the open topic's
waiting call — the tool, its server and its arguments — with **Allow once**,
**Always** and **Deny**. A call in a background topic waits in that topic's queue and
blocks nothing else; it shows when its topic is opened. Stop cancels the waiting
send, and its call leaves the queue.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.shell.i18n import fill

if TYPE_CHECKING:  # the window imports this before its first paint; asyncio and the MCP
    import asyncio  # configuration (hashlib, the JSON bounds) load after it (issue 29)

    from chathub_desktop.core.mcp_config import ApprovalDecision, ApprovalRequest

__all__ = ["MAX_SHOWN_ARGUMENT_CHARS", "ToolApprovalBar", "ToolApprovals", "shown_arguments"]

MAX_SHOWN_ARGUMENT_CHARS = 600
"""Most characters of the arguments the bar shows (the tooltip holds them all)."""


def shown_arguments(arguments: str) -> str:
    """The call's arguments for the bar: pretty JSON (or the raw text) cut at
    :data:`MAX_SHOWN_ARGUMENT_CHARS` with an ellipsis."""
    try:
        text = json.dumps(json.loads(arguments), ensure_ascii=False, indent=1)
    except ValueError:
        text = arguments
    return text if len(text) <= MAX_SHOWN_ARGUMENT_CHARS else text[:MAX_SHOWN_ARGUMENT_CHARS] + "…"


class ToolApprovalBar(QFrame):
    """The question and its three buttons (hidden while nothing waits)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("toolApproval")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(Space.LG, Space.SM, Space.SM, Space.SM)
        layout.setSpacing(Space.XS)
        self.label = QLabel()
        self.label.setObjectName("toolApprovalText")
        self.label.setWordWrap(True)
        layout.addWidget(self.label)
        self.arguments = QLabel()
        self.arguments.setObjectName("toolApprovalArguments")
        self.arguments.setWordWrap(True)
        self.arguments.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        layout.addWidget(self.arguments)
        row = QHBoxLayout()
        row.addStretch(1)
        self.allow_button = QPushButton()
        self.always_button = QPushButton()
        self.deny_button = QPushButton()
        for b in (self.allow_button, self.always_button, self.deny_button):
            row.addWidget(b)
        layout.addLayout(row)
        self._shown: tuple[ApprovalRequest, str] | None = None  # the request and assistant shown
        self.retranslate()
        self.hide()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """Re-set the texts when the interface language changes (issue 27)."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        """Set the buttons' and the question's texts in the interface language."""
        translate = QCoreApplication.translate
        self.allow_button.setText(translate("ToolApproval", "Allow &once"))
        self.allow_button.setToolTip(translate("ToolApproval", "Run this call; ask again next time"))
        self.always_button.setText(translate("ToolApproval", "&Always"))
        self.always_button.setToolTip(translate("ToolApproval", "Run this call and every later call of this tool "
                                                                "for this assistant"))
        self.deny_button.setText(translate("ToolApproval", "&Deny"))
        self.deny_button.setToolTip(translate("ToolApproval", "Do not run it; the model is told you refused"))
        if self._shown is not None:
            self._set_question(*self._shown)

    def show_request(self, request: ApprovalRequest, assistant_name: str) -> None:
        """Show ``request``'s question."""
        self._shown = (request, assistant_name)
        self._set_question(request, assistant_name)
        self.arguments.setText(shown_arguments(request.arguments))
        self.arguments.setToolTip(request.arguments[:20000])
        self.show()

    def _set_question(self, request: ApprovalRequest, assistant_name: str) -> None:
        template = QCoreApplication.translate("ToolApproval", "%1 wants to use <b>%2</b> from the <b>%3</b> server "
                                                              "with:")
        self.label.setText(fill(template, html.escape(assistant_name), html.escape(request.tool),
                                html.escape(request.server)))


@dataclass
class _Waiting:
    request: ApprovalRequest
    answer: asyncio.Future[ApprovalDecision]


class ToolApprovals:
    """The window's :class:`~chathub_desktop.services.tools.mcp_tools.ToolApprover`: one queue
    of waiting calls per topic, the open topic's first shown in ``bar``.

    ``current_topic()`` names the open topic; ``assistant_name(id)`` the assistant
    shown in the question."""

    def __init__(self, bar: ToolApprovalBar, current_topic: Callable[[], int | None],
                 assistant_name: Callable[[int], str]) -> None:
        self.bar = bar
        self._current_topic = current_topic
        self._assistant_name = assistant_name
        self._waiting: dict[int, list[_Waiting]] = {}
        # built in attach(), after the first paint
        from chathub_desktop.core.mcp_config import ApprovalDecision

        bar.allow_button.clicked.connect(lambda: self.answer(ApprovalDecision.ALLOW_ONCE))
        bar.always_button.clicked.connect(lambda: self.answer(ApprovalDecision.ALWAYS))
        bar.deny_button.clicked.connect(lambda: self.answer(ApprovalDecision.DENY))

    async def decide(self, request: ApprovalRequest) -> ApprovalDecision:
        """Queue ``request`` in its topic and wait for the user's answer (cancelled by
        Stop: the call leaves the queue)."""
        import asyncio

        waiting = _Waiting(request, asyncio.get_running_loop().create_future())
        self._waiting.setdefault(request.topic_id, []).append(waiting)
        self.sync()
        try:
            return await waiting.answer
        finally:
            queue = self._waiting.get(request.topic_id, [])
            if waiting in queue:
                queue.remove(waiting)
            if not queue:
                self._waiting.pop(request.topic_id, None)
            self.sync()

    def pending(self, topic_id: int) -> list[ApprovalRequest]:
        """The calls waiting in ``topic_id``, oldest first."""
        return [w.request for w in self._waiting.get(topic_id, [])]

    def answer(self, decision: ApprovalDecision) -> None:
        """Answer the open topic's first waiting call."""
        topic = self._current_topic()
        queue = self._waiting.get(topic, []) if topic is not None else []
        if queue and not queue[0].answer.done():
            queue[0].answer.set_result(decision)

    def sync(self) -> None:
        """Show the open topic's first waiting call, or hide the bar (call on topic switch)."""
        topic = self._current_topic()
        queue = self._waiting.get(topic, []) if topic is not None else []
        if queue:
            first = queue[0].request
            self.bar.show_request(first, self._assistant_name(first.assistant_id))
        else:
            self.bar.hide()
