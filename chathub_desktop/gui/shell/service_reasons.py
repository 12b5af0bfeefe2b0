"""The services' fixed one-line reasons in the interface language (issue 27): the one
mapping at the GUI edge.

A :class:`~chathub_desktop.services.errors.ServiceError` says why in English (the CLI
prints it as it is). A reason that carries values is raised as a typed
:class:`~chathub_desktop.core.reasons.Reason` (template + values, marked where the
service declares it): :func:`said` puts it into the interface language, values and
nested reasons included, and :func:`said_error` says any service error that way; any
other text (a server's or a model's own words) is shown as the service wrote it. No
English text is matched here: a reason is translated only when it was raised typed.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.reasons import Day, Reason, ReasonError
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.services.errors import ServiceError

__all__ = ["SEPARATORS", "said", "said_error"]

#: The punctuation a template without words ("%1: %2", "%1, %2") puts between its values:
#: each is looked up on its own (Chinese and Japanese use the full-width "：", "，"/"、"),
#: so the values — often a vendor's or a file's own words — are never part of a lookup.
SEPARATORS = (
    QT_TRANSLATE_NOOP("ServiceReasons", ": "),  # between a place and what is wrong there
    QT_TRANSLATE_NOOP("ServiceReasons", ", "),  # between items of a list
    QT_TRANSLATE_NOOP("ServiceReasons", "; "),  # between two clauses
)
_PLACEHOLDER = re.compile(r"(%[1-9])")


def _joined(template: str) -> str:
    """A template without words with each run of punctuation between its placeholders
    translated (a run of spaces only, or "%1" alone, stays as written)."""
    return "".join(part if _PLACEHOLDER.fullmatch(part) or not part.strip()
                   else QCoreApplication.translate("ServiceReasons", part)
                   for part in _PLACEHOLDER.split(template))


def said(reason: Reason) -> str:
    """``reason`` in the interface language: its template translated in the
    ``ServiceReasons`` context and filled with its values (nested reasons said the same
    way; a :class:`Day` in the locale's long date, issue 30), then its notes in order. An untranslated template reads as the English; one
    without a letter ("%1: %2") has only its punctuation looked up (:data:`SEPARATORS`),
    never the values it puts in place."""
    values = [said(a) if isinstance(a, Reason) else format_day(a.value) if isinstance(a, Day) else a
              for a in reason.args]
    words = any(c.isalpha() for c in reason.template)
    text = fill(QCoreApplication.translate("ServiceReasons", reason.template) if words else _joined(reason.template),
                *values)
    return text + "".join(said(n) for n in reason.notes)


def said_error(exc: BaseException) -> str:
    """A failure's one line in the interface language: a service error's or a parser's
    typed reason (:func:`said`), else its text as the service (or a server) wrote it."""
    if isinstance(exc, ServiceError) and exc.why is not None:
        return said(exc.why)
    if isinstance(exc, ReasonError):  # a parser's refusal (an export, a JSON text, an MCP config)
        return said(exc.reason)
    return str(exc)
