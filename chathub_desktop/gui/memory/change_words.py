"""The Memory page's History lines in the interface language (issue 27): who made a
recorded change and what it did, from the typed values the history service reads back
(:mod:`chathub_desktop.core.memory_actions`, issue 30's ``EntriesAdded``). Days are
said in the page's one date style (walk52 #7); a line not of the set is shown as stored."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.memory_actions import UNDOES, ActionKind, ChangeAction, ChangeWho, WhoKind
from chathub_desktop.core.memory_documents import MemoryDocument
from chathub_desktop.gui.memory.source_words import added_from
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.services.memory.memory_history_service import ChangeView

translate = QCoreApplication.translate

#: Who made a change, as the History panel says it (``%1``: title, day, name or number).
WHO: dict[WhoKind, str] = {
    WhoKind.YOU: QT_TRANSLATE_NOOP("MemoryPage", "you"),
    WhoKind.MODEL_IN_TOPIC: QT_TRANSLATE_NOOP("MemoryPage", "the model in topic “%1”"),
    WhoKind.MODEL_IN_TOPIC_NUMBER: QT_TRANSLATE_NOOP("MemoryPage", "the model in topic #%1"),
    WhoKind.MODEL: QT_TRANSLATE_NOOP("MemoryPage", "the model"),
    WhoKind.DREAM_FOR: QT_TRANSLATE_NOOP("MemoryPage", "the dream for %1"),
    WhoKind.DREAM: QT_TRANSLATE_NOOP("MemoryPage", "the dream"),
    WhoKind.IMPORT_OF: QT_TRANSLATE_NOOP("MemoryPage", "import of %1"),
    WhoKind.AN_IMPORT: QT_TRANSLATE_NOOP("MemoryPage", "an import"),
    WhoKind.REVERT_OF: QT_TRANSLATE_NOOP("MemoryPage", "revert of change #%1"),
    WhoKind.UNATTRIBUTED: QT_TRANSLATE_NOOP("MemoryPage", "an unattributed write"),
}

#: What a change did (``%1``/``%2``: its slots in order; a folded card's count is said
#: with its plural form, see :func:`action_words`).
ACTIONS: dict[ActionKind, str] = {
    ActionKind.ADDED_ENTRY: QT_TRANSLATE_NOOP("MemoryPage", "added entry #%1"),
    ActionKind.EDITED_ENTRY: QT_TRANSLATE_NOOP("MemoryPage", "edited entry #%1"),
    ActionKind.UPDATED_ENTRY: QT_TRANSLATE_NOOP("MemoryPage", "updated entry #%1"),
    ActionKind.DELETED_ENTRY: QT_TRANSLATE_NOOP("MemoryPage", "deleted entry #%1"),
    ActionKind.PAUSED_ENTRY: QT_TRANSLATE_NOOP("MemoryPage", "paused entry #%1"),
    ActionKind.RESUMED_ENTRY: QT_TRANSLATE_NOOP("MemoryPage", "resumed entry #%1"),
    ActionKind.SAVED_RAW: QT_TRANSLATE_NOOP("MemoryPage", "saved the raw Markdown"),
    ActionKind.CLEARED_FIXED: QT_TRANSLATE_NOOP("MemoryPage", "cleared fixed memory"),
    ActionKind.EDITED_CARD: QT_TRANSLATE_NOOP("MemoryPage", "edited card #%1"),
    ActionKind.DELETED_CARD: QT_TRANSLATE_NOOP("MemoryPage", "deleted card #%1"),
    ActionKind.PAUSED_CARD: QT_TRANSLATE_NOOP("MemoryPage", "paused card #%1"),
    ActionKind.RESUMED_CARD: QT_TRANSLATE_NOOP("MemoryPage", "resumed card #%1"),
    ActionKind.CLEARED_DYNAMIC: QT_TRANSLATE_NOOP("MemoryPage", "cleared dynamic memory"),
    ActionKind.RESTORED: QT_TRANSLATE_NOOP("MemoryPage", "restored the previous version"),
    ActionKind.SET_KEEP: QT_TRANSLATE_NOOP("MemoryPage", "set Keep dream cards to %1"),
    ActionKind.ACCEPTED_CARD: QT_TRANSLATE_NOOP("MemoryPage", "accepted the dream's card for %1"),
    ActionKind.ADDED_CARD: QT_TRANSLATE_NOOP("MemoryPage", "added the card for %1"),
    ActionKind.REGENERATED_CARD: QT_TRANSLATE_NOOP("MemoryPage", "regenerated the card for %1"),
    ActionKind.IMPORTED_UNNAMED: QT_TRANSLATE_NOOP("MemoryPage", "imported a memory file"),
    ActionKind.IMPORTED: QT_TRANSLATE_NOOP("MemoryPage", "imported %1"),
    # said with its count's plural form (see :func:`action_words`)
    ActionKind.IMPORTED_ENTRIES: QT_TRANSLATE_NOOP("MemoryPage", "imported %1"),
    ActionKind.REVERTED: QT_TRANSLATE_NOOP("MemoryPage", "reverted change #%1 (%2)"),
    ActionKind.UNDID: QT_TRANSLATE_NOOP("MemoryPage", "undid change #%1 (%2)"),
    # stored "unattributed write"; its author already says so ("an unattributed write: …")
    ActionKind.UNATTRIBUTED: QT_TRANSLATE_NOOP("MemoryPage", "changed the memory"),
}

#: An action whose day or file its author already names ("the dream for 12/1/26: added
#: the card", "import of notes.md: imported the file").
_OWN: dict[ActionKind, str] = {
    ActionKind.ADDED_CARD: QT_TRANSLATE_NOOP("MemoryPage", "added the card"),
    ActionKind.REGENERATED_CARD: QT_TRANSLATE_NOOP("MemoryPage", "regenerated the card"),
    ActionKind.IMPORTED: QT_TRANSLATE_NOOP("MemoryPage", "imported the file"),
    ActionKind.IMPORTED_ENTRIES: QT_TRANSLATE_NOOP("MemoryPage", "imported the file"),
}

#: Kinds whose first slot is a day (ISO ``2026-01-02``), said in the page's one date style
#: (``2 Jan 2026``, walk52 #7).
_DAY_FIRST: frozenset[ActionKind | WhoKind] = frozenset(
    {ActionKind.ADDED_CARD, ActionKind.ADDED_CARD_FOLDED, ActionKind.ACCEPTED_CARD, ActionKind.ACCEPTED_CARD_FOLDED,
     ActionKind.REGENERATED_CARD, WhoKind.DREAM_FOR})


def _said_args(kind: ActionKind | WhoKind, args: tuple[str, ...]) -> list[str]:
    """``args`` with a day slot as :func:`format_day` says it (left as stored if not a day)."""
    said = list(args)
    if kind in _DAY_FIRST and said:
        try:
            said[0] = format_day(date.fromisoformat(said[0]))
        except ValueError:
            pass  # a stored day the store did not write: shown as it is
    return said


def who_words(who: ChangeWho) -> str:
    """Who made a change in the interface language: ``you``, ``从 Claude 导入``."""
    return fill(translate("MemoryPage", WHO[who.kind]), *_said_args(who.kind, who.args))


def action_words(action: ChangeAction) -> str:
    """What a change did in the interface language: ``edited entry #3``, ``编辑了条目 #3``;
    a revert says the reverted change's own action the same way."""
    args = _said_args(action.kind, action.args)
    if action.kind is ActionKind.ADDED_CARD_FOLDED:
        day, folded = args[0], int(args[1])
        return fill(translate("MemoryPage", "added the card for %1; folded %n older card(s) into a range", None,
                              folded), day)
    if action.kind is ActionKind.ACCEPTED_CARD_FOLDED:
        day, folded = args[0], int(args[1])
        return fill(translate("MemoryPage", "accepted the dream's card for %1, which folded %n older card(s) into a "
                                            "range", None, folded), day)
    if action.kind is ActionKind.IMPORTED_ENTRIES:
        new = int(args[1])
        return fill(translate("MemoryPage", "imported %1 (%n new entry(ies))", None, new), args[0])
    if action.kind in UNDOES:
        inner = ChangeAction.read(args[1])
        args[1] = args[1] if inner is None else action_words(inner)
    return fill(translate("MemoryPage", ACTIONS[action.kind]), *args)


def change_who(c: ChangeView) -> str:
    """Who made ``c``, in the interface language (issue 27)."""
    return who_words(c.by)


def change_action(c: ChangeView) -> str:
    """What ``c`` did in the interface language: a pasted import with its plural form,
    without naming the source again when the author already does ("import of Claude:
    added 1 entry", issue 30), nor a dream's day or an imported file's name; a line not
    of the set as the service stored it (a revert's row is :func:`change_line`'s own)."""
    if c.added is not None:
        count, source = c.added.count, c.added.source  # lupdate misses a call given an attribute
        if c.by == ChangeWho(WhoKind.IMPORT_OF, (source,)):
            return translate("MemoryPage", "added %n entry(ies)", None, count)
        return added_from(count, source)
    if c.did is None:
        return c.action
    named = c.by.kind in (WhoKind.DREAM_FOR, WhoKind.IMPORT_OF) and c.by.args[:1] == c.did.args[:1]
    if c.did.kind in _OWN and named:  # the author already names the day or file
        return translate("MemoryPage", _OWN[c.did.kind])
    if c.did.kind is ActionKind.ADDED_CARD_FOLDED and named:
        folded = int(c.did.args[1])
        return translate("MemoryPage", "added the card; folded %n older card(s) into a range", None, folded)
    return action_words(c.did)


def _sentence(words: str) -> str:
    return words[:1].upper() + words[1:]


def change_line(c: ChangeView, known: Mapping[int, ChangeView] | None = None) -> str:
    """``c`` as a sentence a user reads, capitalised (walk53c #3, not a log's ``who:
    what``): ``You edited entry #2``, ``你编辑了条目 #1``; an import says its file once
    (``Imported import.md``, ``Imported Claude: 3 entries added``) and, on fixed memory's
    row, the new entries it brought (``Imported import.md — 3 new entries``). A revert
    quotes the change it undid as that change's own row says it when ``known`` (the
    listed changes by id) holds it — ``You reverted “Imported import.md — 3 new
    entries”`` (audit54b #3) — else its action as a sentence."""
    if c.did is not None and c.did.kind in UNDOES and c.by.kind is WhoKind.REVERT_OF:
        return _undo_line(c.did, c.id, known)
    source = c.by.args[0] if c.by.kind is WhoKind.IMPORT_OF and c.by.args else None
    if source is not None and c.added is not None and c.added.source == source:
        count = c.added.count  # lupdate misses a call given an attribute
        return fill(translate("MemoryPage", "Imported %1: %n entry(ies) added", None, count), source)
    if source is not None and c.did is not None and c.did.kind in (ActionKind.IMPORTED, ActionKind.IMPORTED_ENTRIES) \
            and c.did.args[:1] == (source,):
        if c.did.kind is ActionKind.IMPORTED_ENTRIES and c.document == MemoryDocument.FIXED:
            new = int(c.did.args[1])  # the new entries are fixed memory's: its row says how many (memview54)
            return fill(translate("MemoryPage", "Imported %1 — %n new entry(ies)", None, new), source)
        return fill(translate("MemoryPage", "Imported %1"), source)
    if c.by.kind is WhoKind.AN_IMPORT and c.did is not None and c.did.kind is ActionKind.IMPORTED_UNNAMED:
        return _sentence(action_words(c.did))  # "Imported a memory file", not "An import imported a memory file"
    line = fill(translate("MemoryPage", "%1 %2", "a memory change as a sentence: who, then what it did"),
                change_who(c), change_action(c))
    return _sentence(line)


def _is_undo(c: ChangeView) -> bool:
    return c.did is not None and c.did.kind in UNDOES and c.by.kind is WhoKind.REVERT_OF


#: Reverts of reverts nested deeper than this are said as the deepest (a bound: each
#: names an older change, so the walk ends anyway).
_DEPTH = 64


def _undo_line(action: ChangeAction, row: int, known: Mapping[int, ChangeView] | None) -> str:
    """The row of a revert or undo (``action``, of change ``row``): the change it undid as
    that change's own row says it when ``known`` holds it, else its stored action as a
    sentence. A revert of a revert is not quoted in itself (walk57 #4: "You reverted “You
    reverted “You deleted entry #50””"): "You undid a revert of “You deleted entry
    #50”", and once more "You reverted “You deleted entry #50” again"."""
    depth, said = 0, ""
    for _ in range(_DEPTH):
        depth += 1
        target = int(action.args[0]) if action.args[0].isdigit() else None
        undone = (known or {}).get(target) if target is not None else None
        if undone is not None and undone.id < row:
            if _is_undo(undone) and undone.did is not None:
                action, row = undone.did, undone.id
                continue
            said = change_line(undone, known)
            break
        inner = ChangeAction.read(action.args[1])
        if inner is not None and inner.kind in UNDOES and target is not None:
            action, row = inner, target
            continue
        said = action.args[1] if inner is None else _sentence(action_words(inner))
        break
    if depth == 1 and action.kind is ActionKind.UNDID:
        return fill(translate("MemoryPage", "You undid “%1”", "a History row: a change undone on its own, later "
                                                              "changes kept; the change as its own row says it"), said)
    if depth == 1:
        return fill(translate("MemoryPage", "You reverted “%1”", "a History row: the undone change as its own row says it"),
                    said)
    if depth % 2 == 0:
        return fill(translate("MemoryPage", "You undid a revert of “%1”",
                              "a History row: a revert undone; the change that revert undid as its row says it"), said)
    return fill(translate("MemoryPage", "You reverted “%1” again",
                          "a History row: a revert made again after its undo; the change as its row says it"), said)
