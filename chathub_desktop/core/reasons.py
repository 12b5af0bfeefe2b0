"""Typed reasons (issue 27): what a service says happened, as a template and its values
rather than finished English, so the window can say it in the interface language while
the CLI prints the English. Pure: no Qt.

A :class:`Reason` is a ``template`` (an English text with ``%1``, ``%2`` … for its values,
marked with :func:`QT_TRANSLATE_NOOP` in the ``ServiceReasons`` context where it is
declared, so ``pyside6-lupdate`` finds it), its ``args`` (values shown as they are, or
nested reasons said the same way) and ``notes`` (reasons appended after it, each
starting with its own separator, e.g. ``"; read %1"``). :meth:`Reason.english` is the
one line the CLI and the logs print; ``gui.shell.service_reasons.said`` the window's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

__all__ = ["REASON_CONTEXT", "QT_TRANSLATE_NOOP", "Day", "Reason", "ReasonError", "fill", "reason_data",
           "reason_from_data"]

#: The translation context of every reason template.
REASON_CONTEXT = "ServiceReasons"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """Mark ``text`` for translation in ``context``; returns it unchanged (no Qt here)."""
    return text


def fill(template: str, *values: str) -> str:
    """``template`` with ``%1``, ``%2`` … replaced by ``values`` in one pass (a value
    holding ``%2`` stays as it is); a number with no value stays as written."""
    return re.sub(r"%([1-9])", lambda m: values[int(m.group(1)) - 1] if int(m.group(1)) <= len(values)
                  else m.group(0), template)


@dataclass(frozen=True)
class Day:
    """A calendar day among a reason's values (issue 30): the CLI prints it as ISO
    (``2026-12-01``), the window in the interface language's long date."""

    value: date

    def english(self) -> str:
        """The ISO date, ``YYYY-MM-DD``."""
        return self.value.isoformat()


@dataclass(frozen=True)
class Reason:
    """One typed reason: ``template`` (English, ``%n`` placeholders), ``args`` (strings
    shown as given, days (:class:`Day`) said in the reader's date format, or reasons
    said in the same language) and ``notes`` (reasons appended in order)."""

    template: str
    args: tuple[str | Day | Reason, ...] = ()
    notes: tuple[Reason, ...] = ()

    def english(self) -> str:
        """The reason as one English line (what the CLI prints)."""
        values = [a if isinstance(a, str) else a.english() for a in self.args]
        return fill(self.template, *values) + "".join(n.english() for n in self.notes)

    def with_notes(self, *notes: Reason) -> Reason:
        """This reason with ``notes`` appended after its own."""
        return Reason(self.template, self.args, self.notes + notes)


class ReasonError(ValueError):
    """A parser's refusal of outside data (an export, a JSON text, an MCP config) with
    its typed ``reason``: ``str(exc)`` is the English line (the CLI's), and the window
    says ``reason`` in its language (``gui.shell.service_reasons.said_error``)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.english())
        self.reason = reason


#: Bounds of a stored reason (:func:`reason_from_data`): nesting depth, values and notes
#: per reason, characters per template or value.
MAX_DEPTH = 4
MAX_PARTS = 8
MAX_CHARS = 4_000


def reason_data(reason: Reason) -> dict[str, object]:
    """``reason`` as JSON-ready data to store beside its English (issue 27):
    ``{"t": template, "a": [value, {"d": ISO day} or nested data …], "n": [note data …]}``
    (empty lists left out)."""
    data: dict[str, object] = {"t": reason.template}
    if reason.args:
        data["a"] = [a if isinstance(a, str) else {"d": a.english()} if isinstance(a, Day) else reason_data(a)
                     for a in reason.args]
    if reason.notes:
        data["n"] = [reason_data(n) for n in reason.notes]
    return data


def reason_from_data(data: object, depth: int = 0) -> Reason | None:
    """The reason :func:`reason_data` stored, or None when ``data`` is not one within the
    bounds (:data:`MAX_DEPTH` levels, :data:`MAX_PARTS` values and notes, :data:`MAX_CHARS`
    characters a text): the caller then shows the stored English. Never raises."""
    if depth > MAX_DEPTH or not isinstance(data, dict):
        return None
    template, args, notes = data.get("t"), data.get("a", []), data.get("n", [])
    if (not isinstance(template, str) or len(template) > MAX_CHARS or not isinstance(args, list)
            or not isinstance(notes, list) or len(args) > MAX_PARTS or len(notes) > MAX_PARTS):
        return None
    values: list[str | Day | Reason] = []
    for a in args:
        value = (a if isinstance(a, str) and len(a) <= MAX_CHARS else _day_from_data(a) if isinstance(a, dict)
                 and "d" in a else reason_from_data(a, depth + 1))
        if value is None:
            return None
        values.append(value)
    said_notes = [reason_from_data(n, depth + 1) for n in notes]
    if any(n is None for n in said_notes):
        return None
    return Reason(template, tuple(values), tuple(n for n in said_notes if n is not None))


#: Characters of a stored ISO day (``YYYY-MM-DD``).
DAY_CHARS = 10


def _day_from_data(data: dict[object, object]) -> Day | None:
    """The :class:`Day` of ``{"d": "YYYY-MM-DD"}`` (that key alone), else None."""
    value = data.get("d")
    if len(data) != 1 or not isinstance(value, str) or len(value) != DAY_CHARS:
        return None
    try:
        return Day(date.fromisoformat(value))
    except ValueError:
        return None
