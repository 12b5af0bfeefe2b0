"""What the window was doing when a task failed (issue 27): the ``context`` names given
to ``TaskRunner.run`` become an error box's title, or the start of a status line before
the reason, so they are marked here and said in the interface language."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.reasons import Reason
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP
from chathub_desktop.gui.shell.service_reasons import said

__all__ = ["TASK_CONTEXTS", "said_context", "with_context"]

#: Every literal ``context=`` the window's tasks name (a few are page class names);
#: tests/unit/test_task_contexts_said.py walks the call sites.
TASK_CONTEXTS = (
    QT_TRANSLATE_NOOP("TaskContext", "About"), QT_TRANSLATE_NOOP("TaskContext", "Archive topic"),
    QT_TRANSLATE_NOOP("TaskContext", "Assistants"), QT_TRANSLATE_NOOP("TaskContext", "Attach"),
    QT_TRANSLATE_NOOP("TaskContext", "Cannot regenerate"), QT_TRANSLATE_NOOP("TaskContext", "Cannot resend"),
    QT_TRANSLATE_NOOP("TaskContext", "Cannot retry"), QT_TRANSLATE_NOOP("TaskContext", "Cannot send"),
    QT_TRANSLATE_NOOP("TaskContext", "Compact now"), QT_TRANSLATE_NOOP("TaskContext", "Delete message"),
    QT_TRANSLATE_NOOP("TaskContext", "Delete provider"), QT_TRANSLATE_NOOP("TaskContext", "Drafts"), QT_TRANSLATE_NOOP("TaskContext", "Delete topic"),
    QT_TRANSLATE_NOOP("TaskContext", "Dream proposals"), QT_TRANSLATE_NOOP("TaskContext", "Dream schedule"),
    QT_TRANSLATE_NOOP("TaskContext", "Dreaming memory"), QT_TRANSLATE_NOOP("TaskContext", "Edit message"),
    QT_TRANSLATE_NOOP("TaskContext", "Edit provider"), QT_TRANSLATE_NOOP("TaskContext", "Export topic summary"),
    QT_TRANSLATE_NOOP("TaskContext", "Export topic"), QT_TRANSLATE_NOOP("TaskContext", "Import memory"),
    QT_TRANSLATE_NOOP("TaskContext", "Import topic"), QT_TRANSLATE_NOOP("TaskContext", "Import"),
    QT_TRANSLATE_NOOP("TaskContext", "Inline image"), QT_TRANSLATE_NOOP("TaskContext", "Jump in topic"),
    QT_TRANSLATE_NOOP("TaskContext", "List MCP servers"), QT_TRANSLATE_NOOP("TaskContext", "List model cards"),
    QT_TRANSLATE_NOOP("TaskContext", "List providers"), QT_TRANSLATE_NOOP("TaskContext", "Load messages"),
    QT_TRANSLATE_NOOP("TaskContext", "Mark as interrupted"), QT_TRANSLATE_NOOP("TaskContext", "Memory dream"),
    QT_TRANSLATE_NOOP("TaskContext", "Memory history"), QT_TRANSLATE_NOOP("TaskContext", "Memory preview"),
    QT_TRANSLATE_NOOP("TaskContext", "Memory"), QT_TRANSLATE_NOOP("TaskContext", "Messages"),
    QT_TRANSLATE_NOOP("TaskContext", "Model card"), QT_TRANSLATE_NOOP("TaskContext", "ModelsPage"),
    QT_TRANSLATE_NOOP("TaskContext", "New topic"), QT_TRANSLATE_NOOP("TaskContext", "Notification"),
    QT_TRANSLATE_NOOP("TaskContext", "Open attachment"), QT_TRANSLATE_NOOP("TaskContext", "Open memory"),
    QT_TRANSLATE_NOOP("TaskContext", "Open search result"), QT_TRANSLATE_NOOP("TaskContext", "Open the assistant"),
    QT_TRANSLATE_NOOP("TaskContext", "Open topic"), QT_TRANSLATE_NOOP("TaskContext", "Pause dreams"),
    QT_TRANSLATE_NOOP("TaskContext", "Pin message"), QT_TRANSLATE_NOOP("TaskContext", "Pin topic"),
    QT_TRANSLATE_NOOP("TaskContext", "Private topic"), QT_TRANSLATE_NOOP("TaskContext", "Provider models"),
    QT_TRANSLATE_NOOP("TaskContext", "ProvidersPage"), QT_TRANSLATE_NOOP("TaskContext", "Read the assistant's tools"),
    QT_TRANSLATE_NOOP("TaskContext", "Recall vectors"), QT_TRANSLATE_NOOP("TaskContext", "Rename topic"),
    QT_TRANSLATE_NOOP("TaskContext", "Save provider"), QT_TRANSLATE_NOOP("TaskContext", "Save the assistant"),
    QT_TRANSLATE_NOOP("TaskContext", "Save topic summary"), QT_TRANSLATE_NOOP("TaskContext", "Search index"),
    QT_TRANSLATE_NOOP("TaskContext", "Search"), QT_TRANSLATE_NOOP("TaskContext", "SearchPage"),
    QT_TRANSLATE_NOOP("TaskContext", "Sending failed"),
    QT_TRANSLATE_NOOP("TaskContext", "Set the model card's window"), QT_TRANSLATE_NOOP("TaskContext", "Settings"),
    QT_TRANSLATE_NOOP("TaskContext", "Setup"), QT_TRANSLATE_NOOP("TaskContext", "Storage"),
    QT_TRANSLATE_NOOP("TaskContext", "Summary probes"), QT_TRANSLATE_NOOP("TaskContext", "Summary"),
    QT_TRANSLATE_NOOP("TaskContext", "Switch version"), QT_TRANSLATE_NOOP("TaskContext", "System Agent"),
    QT_TRANSLATE_NOOP("TaskContext", "Test connection"), QT_TRANSLATE_NOOP("TaskContext", "Thumbnail"),
    QT_TRANSLATE_NOOP("TaskContext", "Token estimate"), QT_TRANSLATE_NOOP("TaskContext", "Tokenizers"),
    QT_TRANSLATE_NOOP("TaskContext", "ToolsPage"), QT_TRANSLATE_NOOP("TaskContext", "Topic model"),
    QT_TRANSLATE_NOOP("TaskContext", "Topic summary"), QT_TRANSLATE_NOOP("TaskContext", "Topics"),
    QT_TRANSLATE_NOOP("TaskContext", "Turn provider on/off"), QT_TRANSLATE_NOOP("TaskContext", "Versions"),
    QT_TRANSLATE_NOOP("TaskContext", "Quit"), QT_TRANSLATE_NOOP("TaskContext", "Save dream schedule"),
    QT_TRANSLATE_NOOP("TaskContext", "Memory switch"), QT_TRANSLATE_NOOP("TaskContext", "Topic snippets"),
    QT_TRANSLATE_NOOP("TaskContext", "Cannot continue"),
)


def said_context(context: str) -> str:
    """``context`` in the interface language (unchanged when it is not one of
    :data:`TASK_CONTEXTS`, or empty)."""
    return QCoreApplication.translate("TaskContext", context) if context else context


def with_context(context: str, message: str) -> str:
    """``"<context>: <message>"`` in the interface language (full-width "：" in Chinese
    and Japanese), or ``message`` alone without a context."""
    return said(Reason("%1: %2", (said_context(context), message))) if context else message
