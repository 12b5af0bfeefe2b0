"""Errors services raise for the user (CLI prints one line, GUI shows one dialog)."""

from __future__ import annotations

import sys
from typing import TypeVar

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError

_T = TypeVar("_T")


class ServiceError(Exception):
    """A user-facing failure: bad input, a missing record, an unusable setting.

    ``str(err)`` is a one-line message meant for the user; nothing was written. Raised
    with a typed :class:`~chathub_desktop.core.reasons.Reason` first, ``str(err)`` is its
    English and ``why`` keeps it for the window to say in the interface language
    (issue 27); otherwise ``why`` is None.
    """

    def __init__(self, *args: object) -> None:
        first = args[0] if args else None
        self.why: Reason | None = first if isinstance(first, Reason) else None
        if self.why is not None:
            args = (self.why.english(), *args[1:])
        super().__init__(*args)


class NotFound(ServiceError):
    """The named provider, assistant, topic or message does not exist."""


def found(value: _T | None, message: str | Reason) -> _T:
    """``value`` when a repository found it; raises :class:`NotFound` with ``message``
    (one line) when it is None."""
    if value is None:
        raise NotFound(message)
    return value


class InvalidInput(ServiceError):
    """A value the user gave cannot be accepted (bad URL, empty name, impossible setting)."""


class NameTaken(InvalidInput):
    """A name that must be unique is already used (walk29 #18: the setup turns it into a
    sentence with the fix). ``name``: the name as given."""

    def __init__(self, message: str | Reason, name: str) -> None:
        super().__init__(message)
        self.name = name


class SignInRequired(InvalidInput):
    """An HTTP MCP server asked for an OAuth sign-in (issue 25); the message says how."""


#: The one line of :class:`StaleDocument` (issue 10).
STALE_MESSAGE = QT_TRANSLATE_NOOP("ServiceReasons", "the memory changed in another window or command since it was "
                                                    "opened; nothing was saved")


#: :data:`STALE_MESSAGE` as a typed reason (issue 27).
STALE_REASON = Reason(STALE_MESSAGE)


class StaleDocument(ServiceError):
    """A save carried the version token of a document that is no longer the stored one:
    another window, command or the model changed it since the editor opened it. Nothing
    was written; the editor keeps its text and offers to reload (issue 10)."""

    def __init__(self, message: str | Reason = STALE_REASON) -> None:
        super().__init__(message)


#: What a user reads when the store stayed locked by another process (issue 10).
STORE_BUSY_MESSAGE = QT_TRANSLATE_NOOP("ServiceReasons", "the store is busy: another ChatHub process is writing; "
                                                         "nothing was changed, try again when it is done")
#: A memory entry or dream card refused for being empty, and a restore with nothing to
#: restore (typed reasons, issue 27).
EMPTY_ENTRY = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a memory entry must not be empty"))
EMPTY_EDIT = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a memory entry must not be empty; delete it instead"))
EMPTY_CARD = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a card cannot be empty; delete it instead"))
NOTHING_TO_RESTORE = Reason(QT_TRANSLATE_NOOP("ServiceReasons",
                                              "there is no previous version of dynamic memory to restore"))
#: :data:`STORE_BUSY_MESSAGE` as a typed reason (issue 27).
STORE_BUSY_REASON = Reason(STORE_BUSY_MESSAGE)
#: Records asked for by an id or name they no longer have, and the refusals several
#: services share (typed templates, issue 27, lang47: ``%1`` the id or the quoted name).
NO_MESSAGE = QT_TRANSLATE_NOOP("ServiceReasons", "no message %1")
NO_TOPIC = QT_TRANSLATE_NOOP("ServiceReasons", "no topic %1")
NO_PROVIDER = QT_TRANSLATE_NOOP("ServiceReasons", "no provider %1")
EMPTY_EDITED = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the edited message is empty"))
STILL_WRITING = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "a reply is still being written in this topic; "
                                                           "press Stop first"))


def refused(exc: BaseException) -> Reason | str:
    """What a lower layer's refusal says, to raise again as a service error: a parser's
    or checker's typed reason (:class:`~chathub_desktop.core.reasons.ReasonError`), else
    its text as it was written (issue 27)."""
    return exc.reason if isinstance(exc, ReasonError) else str(exc)


def no_message(message_id: int) -> Reason:
    """"no message 12": a message deleted meanwhile (or never there)."""
    return Reason(NO_MESSAGE, (str(message_id),))


def no_topic(topic: int | str) -> Reason:
    """"no topic 7": a topic deleted meanwhile (or never there)."""
    return Reason(NO_TOPIC, (str(topic),))


def no_provider(provider: int | str) -> Reason:
    """"no provider 'Local'" (a name quoted, an id as it is)."""
    return Reason(NO_PROVIDER, (repr(provider),))


def store_busy_message(exc: BaseException) -> str | None:
    """The one-line message for a store that another process kept locked — the store's
    ``StoreBusy`` or a driver's "database is locked" ``OperationalError`` — else None
    (the English of :func:`store_busy_reason`)."""
    why = store_busy_reason(exc)
    return why.english() if why is not None else None


def store_busy_reason(exc: BaseException) -> Reason | None:
    """The typed reason for a store that another process kept locked — the store's
    ``StoreBusy`` or a driver's "database is locked" ``OperationalError`` — else None.

    Looks at ``exc`` and the exceptions it was raised ``from``. Neither class is imported
    here: when its module was never loaded, ``exc`` cannot be one (start-up stays lean).
    """
    storage = sys.modules.get("chathub_desktop.storage.database")
    sa_exc = sys.modules.get("sqlalchemy.exc")
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        if storage is not None and isinstance(cur, storage.StoreBusy):
            return cur.why  # type: ignore[no-any-return]
        if sa_exc is not None and isinstance(cur, sa_exc.OperationalError):
            text = str(cur.orig if cur.orig is not None else cur).lower()
            if "database is locked" in text or "database is busy" in text:
                return STORE_BUSY_REASON
        if type(cur).__module__ == "sqlite3" and "database is locked" in str(cur).lower():
            return STORE_BUSY_REASON
        cur = cur.__cause__
    return None
