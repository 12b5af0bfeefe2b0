"""The services' fixed one-line reasons in the interface language (issue 27): the one
mapping at the GUI edge.

A :class:`~chathub_desktop.services.errors.ServiceError` says why in English (the CLI
prints it as it is). A reason that carries values is raised as a typed
:class:`~chathub_desktop.core.reasons.Reason` (template + values, marked where the
service declares it): :func:`said` puts it into the interface language, values and
nested reasons included, and :func:`said_error` says any service error that way. The
services' older fixed lines go through :func:`said_reason`: one of :data:`REASONS` is
translated in the ``ServiceReasons`` context; any other text (a server's or a model's own
words) is shown as the service wrote it. ``tests/unit/test_service_reasons.py`` keeps
the marked texts equal to the services' own constants.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.reasons import Reason
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.services.errors import ServiceError

__all__ = ["REASONS", "said", "said_error", "said_reason"]

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


def said(reason: Reason) -> str:
    """``reason`` in the interface language: its template translated in the
    ``ServiceReasons`` context and filled with its values (nested reasons said the same
    way), then its notes in order. An untranslated template reads as the English."""
    values = [said(a) if isinstance(a, Reason) else a for a in reason.args]
    text = fill(QCoreApplication.translate("ServiceReasons", reason.template), *values) if reason.template else ""
    return text + "".join(said(n) for n in reason.notes)


def said_error(exc: BaseException) -> str:
    """A failure's one line in the interface language: a service error's typed reason
    (:func:`said`), else its text through :func:`said_reason`."""
    if isinstance(exc, ServiceError) and exc.why is not None:
        return said(exc.why)
    return said_reason(str(exc))
