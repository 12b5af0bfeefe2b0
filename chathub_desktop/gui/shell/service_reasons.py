"""The services' fixed one-line reasons in the interface language (issue 27): the one
mapping at the GUI edge.

A :class:`~chathub_desktop.services.errors.ServiceError` says why in English (the CLI
prints it as it is). The window shows it through :func:`said_reason`: a reason the
services always word the same way — a stale document, a busy store, an empty entry — is
translated in the ``ServiceReasons`` context; any other (it names a value, a file, a
server's words) is shown as the service wrote it. ``tests/unit/test_service_reasons.py``
keeps the marked texts equal to the services' own constants.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP

__all__ = ["REASONS", "said_reason"]

#: The reasons translated (each exactly as the services word it).
REASONS = frozenset({
    # services.errors.STALE_MESSAGE
    QT_TRANSLATE_NOOP("ServiceReasons", "the memory changed in another window or command since it was opened; "
                                        "nothing was saved"),
    # services.errors.STORE_BUSY_MESSAGE
    QT_TRANSLATE_NOOP("ServiceReasons", "the store is busy: another ChatHub process is writing; nothing was "
                                        "changed, try again when it is done"),
    QT_TRANSLATE_NOOP("ServiceReasons", "a memory entry must not be empty"),
    QT_TRANSLATE_NOOP("ServiceReasons", "a memory entry must not be empty; delete it instead"),
    QT_TRANSLATE_NOOP("ServiceReasons", "a card cannot be empty; delete it instead"),
    QT_TRANSLATE_NOOP("ServiceReasons", "there is no previous version of dynamic memory to restore"),
})


def said_reason(message: str) -> str:
    """``message`` (a service's one-line reason) in the interface language when it is one
    of :data:`REASONS`, else unchanged."""
    return QCoreApplication.translate("ServiceReasons", message) if message in REASONS else message
