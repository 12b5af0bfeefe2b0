"""What a recorded memory change did and who did it, typed (issue 27): the closed set of
history lines the services write, each kept as its English line in ``memory_change``
(the CLI prints it; no migration) and read back here so the Memory page can say it in
the interface language. ``{n}`` in a template is a number, ``{s}`` any text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import cache

from chathub_desktop.core.memory_documents import MemoryDocument

__all__ = ["PAUSES", "UNDOES", "ActionKind", "ChangeAction", "ChangeWho", "WhoKind", "pause_action"]

_SLOT = re.compile(r"\{[ns]\}")


def _english(template: str, args: tuple[str, ...]) -> str:
    """``template`` with its slots filled by ``args`` in order (as many as slots)."""
    filled = iter(args)
    return _SLOT.sub(lambda _m: next(filled), template)


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """A full-match pattern of ``template``: ``{n}`` digits, ``{s}`` any text."""
    parts = _SLOT.split(template)
    slots = _SLOT.findall(template)
    body = re.escape(parts[0]) + "".join(
        (r"(\d+)" if slot == "{n}" else "(.+)") + re.escape(part) for slot, part in zip(slots, parts[1:], strict=True))
    return re.compile(body, re.S)


class ActionKind(Enum):
    """The actions the services record (value: the stored English template). Read in
    this order: the first template that matches wins (a folded card before a plain one,
    an unnamed file before a named one)."""

    ADDED_ENTRY = "added entry #{n}"
    EDITED_ENTRY = "edited entry #{n}"
    UPDATED_ENTRY = "updated entry #{n}"
    DELETED_ENTRY = "deleted entry #{n}"
    # a pause leaves the document as it is (issue 18; walk55 #2: it left no trace)
    PAUSED_ENTRY = "paused entry #{n}"
    RESUMED_ENTRY = "resumed entry #{n}"
    SAVED_RAW = "saved the raw Markdown"
    CLEARED_FIXED = "cleared fixed memory"
    EDITED_CARD = "edited card #{n}"
    DELETED_CARD = "deleted card #{n}"
    PAUSED_CARD = "paused card #{n}"
    RESUMED_CARD = "resumed card #{n}"
    CLEARED_DYNAMIC = "cleared dynamic memory"
    RESTORED = "restored the previous version"
    SET_KEEP = "set Keep dream cards to {n}"
    # the user accepted a dream's proposal (issue 30; walk55 #3: it was credited to the dream)
    ACCEPTED_CARD_FOLDED = "accepted the dream's card for {s}; folded {n} older card(s) into a range"
    ACCEPTED_CARD = "accepted the dream's card for {s}"
    ADDED_CARD_FOLDED = "added the card for {s}; folded {n} older card(s) into a range"
    ADDED_CARD = "added the card for {s}"
    REGENERATED_CARD = "regenerated the card for {s}"
    IMPORTED_UNNAMED = "imported a memory file"
    # a file that brought new fixed entries says how many (memview54: "Imported import.md — 3 new entries")
    IMPORTED_ENTRIES = "imported {s} ({n} new fixed entry(ies))"
    IMPORTED = "imported {s}"
    REVERTED = "reverted change #{n} ({s})"
    # only that change undone on the memory as it is now, every later change kept (walk57 #1)
    UNDID = "undid change #{n} ({s})"
    UNATTRIBUTED = "unattributed write"


@dataclass(frozen=True)
class ChangeAction:
    """One recorded action: its ``kind`` and the texts of its slots (``args``: numbers
    as digits, days as ISO dates, file names; a revert's second is the reverted
    change's own stored action)."""

    kind: ActionKind
    args: tuple[str, ...] = ()

    def english(self) -> str:
        """The stored line, e.g. ``edited entry #3``."""
        return _english(self.kind.value, self.args)

    @staticmethod
    def read(action: str) -> ChangeAction | None:
        """The action :meth:`english` stored, or None for a line not of this set."""
        for kind in ActionKind:
            m = _pattern(kind.value).fullmatch(action)
            if m:
                return ChangeAction(kind, m.groups())
        return None


#: A revert's actions (author ``revert``): the document put back as it was before change
#: ``args[0]``, or only that change undone (walk57 #1); ``args[1]`` is its own action.
UNDOES: frozenset[ActionKind] = frozenset({ActionKind.REVERTED, ActionKind.UNDID})

#: The actions that pause or resume one item (issue 18, walk55 #2) → True when it paused.
PAUSES: dict[ActionKind, bool] = {ActionKind.PAUSED_ENTRY: True, ActionKind.RESUMED_ENTRY: False,
                                  ActionKind.PAUSED_CARD: True, ActionKind.RESUMED_CARD: False}


def pause_action(document: MemoryDocument, number: int, paused: bool) -> ChangeAction:
    """The action of pausing (``paused``) or resuming item ``number`` of ``document``:
    ``paused entry #3`` (fixed memory), ``resumed card #2`` (dynamic)."""
    if document == MemoryDocument.FIXED:
        kind = ActionKind.PAUSED_ENTRY if paused else ActionKind.RESUMED_ENTRY
    else:
        kind = ActionKind.PAUSED_CARD if paused else ActionKind.RESUMED_CARD
    return ChangeAction(kind, (str(number),))


class WhoKind(Enum):
    """Who made a change, as the history says it (value: the English template)."""

    YOU = "you"
    MODEL_IN_TOPIC = "the model in topic “{s}”"
    MODEL_IN_TOPIC_NUMBER = "the model in topic #{s}"
    MODEL = "the model"
    DREAM_FOR = "the dream for {s}"
    DREAM = "the dream"
    IMPORT_OF = "import of {s}"
    AN_IMPORT = "an import"
    REVERT_OF = "revert of change #{s}"
    UNATTRIBUTED = "an unattributed write"


@dataclass(frozen=True)
class ChangeWho:
    """The author of a change in words: ``kind`` and its slot's text (a topic's title or
    number, a day, a file or source name, a change number)."""

    kind: WhoKind
    args: tuple[str, ...] = ()

    def english(self) -> str:
        """The author as the CLI prints it, e.g. ``the model in topic “Trip”``."""
        return _english(self.kind.value, self.args)
