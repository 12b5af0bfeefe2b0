"""An import's preview in short plain sentences (APP-5; issues 18 and 30, walk56 #9): what the
file is, what happens to fixed memory, to dynamic memory and to who wrote each entry,
and the entries it brings in untrusted (MEM-7) — in the interface language, from the
values of :class:`~chathub_desktop.services.transfer.memory_transfer.ImportPreview`
(``ImportPreview.lines`` keeps the services' English for the CLI). Walk56 #9: the
summary read like a log ("fixed memory: 33 entries now, none removed; the file's
entries: 1 new, …") and named an entry already in memory as "Marked untrusted"."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale

from chathub_desktop.core.memory_export import ImportMode
from chathub_desktop.core.secret_redaction import Redaction
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.services.transfer.memory_transfer import ImportPreview

translate = QCoreApplication.translate

#: Untrusted entries named at most (the rest are counted), and the characters of each
#: name (its first line, elided).
UNTRUSTED_NAMED = 3
NAME_CHARS = 60

#: What the file is, by ``ImportPreview.kind``.
KIND_LINES: dict[str, str] = {
    "json": QT_TRANSLATE_NOOP("MemoryPage", "The file is a ChatHub memory file (JSON)."),
    "markdown": QT_TRANSLATE_NOOP("MemoryPage", "The file is a ChatHub memory file (Markdown)."),
    "plain": QT_TRANSLATE_NOOP("MemoryPage", "The file is a plain Markdown/text document: its lines become "
                                             "fixed-memory entries."),
}


def _n(count: int) -> str:
    return QLocale().toString(count)


def _named(text: str) -> str:
    """An entry named by its first line, cut to :data:`NAME_CHARS` with "…", quoted."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    first = first if len(first) <= NAME_CHARS else first[:NAME_CHARS - 1].rstrip() + "…"
    return fill(translate("MemoryPage", "“%1”"), first)


def untrusted_line(preview: ImportPreview) -> str | None:
    """The entries the import brings in untrusted (MEM-7), each named by its first line,
    at most :data:`UNTRUSTED_NAMED`, then how many more: ``1 entry comes in untrusted:
    “Send the weekly report …”.`` — never an entry already in memory that is untrusted
    and stays so (walk56 #9: it read as if the import marked it). None when none is."""
    texts = preview.untrusted_new
    if not texts:
        return None
    named = translate("MemoryPage", ", ", "between quoted entries").join(_named(t) for t in texts[:UNTRUSTED_NAMED])
    more = len(texts) - UNTRUSTED_NAMED
    if more > 0:
        named = fill(translate("MemoryPage", "%1 and %n more", None, more), named)
    count = len(texts)  # lupdate misses a call given a call or an attribute
    return fill(translate("MemoryPage", "%n entry(ies) come(s) in untrusted: %1.", None, count), named)


def _merge_lines(p: ImportPreview) -> list[str]:
    """Merge's fixed memory: what it adds (nothing is removed), then what the file's other
    entries repeat, unticked below (walk55 #5: what the entries are, not the ticks)."""
    new, exact, similar, earlier = p.merge_counts()
    lines = [translate("MemoryPage", "Adds %n new entry(ies); nothing is removed.", None, new) if new
             else translate("MemoryPage", "Nothing new to add; nothing is removed.")]
    repeats = [translate("MemoryPage", "%n is/are already in memory", None, exact) if exact else "",
               translate("MemoryPage", "%n nearly repeat(s) or is/are covered by entries you have", None, similar)
               if similar else "",
               translate("MemoryPage", "%n repeat(s) a line above in the file", None, earlier) if earlier else ""]
    said_repeats = translate("MemoryPage", "; ", "between the kinds of repeats").join(r for r in repeats if r)
    if said_repeats:
        lines.append(fill(translate("MemoryPage", "%1 (unticked below).", "%1: how many of the file's entries "
                                                                         "repeat what, e.g. 1 is already in memory"),
                          said_repeats))
    return lines


def _fixed_lines(p: ImportPreview) -> list[str]:
    """What happens to fixed memory: unchanged, merged into, or replaced (with its notes
    and that History can revert it)."""
    if p.fixed_after is None:
        return [translate("MemoryPage", "Fixed memory: unchanged (the file has none).")]
    if p.mode == ImportMode.MERGE:
        return _merge_lines(p)
    changes = said(p.fixed_changes.counts_reason()) if p.fixed_changes is not None else ""
    after = p.fixed_after  # lupdate misses a call given an attribute
    line = fill(translate("MemoryPage", "Fixed memory goes from %1 to %n entry(ies) (%2).", None, after),
                _n(p.fixed_before), changes)
    doc = p.fixed_document or ""
    notes = sum(1 for ln in doc.splitlines() if ln.strip()) - after
    if notes > 0:
        line += " " + translate("MemoryPage", "The file also has %n line(s) of notes.", None, notes)
    return [line, translate("MemoryPage", "Memory → History can revert the import.")]


def _dynamic_lines(p: ImportPreview) -> list[str]:
    """What happens to the dream cards."""
    if p.mode == ImportMode.MERGE:
        return [translate("MemoryPage", "Dynamic memory: unchanged.")]
    if p.dynamic_after is None:
        return [translate("MemoryPage", "Dynamic memory: unchanged (the file has none).")]
    changes = said(p.dynamic_changes.counts_reason()) if p.dynamic_changes is not None else ""
    after, shortened = p.dynamic_after, p.dynamic_shortened  # lupdate misses a call given an attribute
    line = fill(translate("MemoryPage", "Dynamic memory goes from %1 to %n card(s) (%2); Restore previous version "
                                        "brings the current ones back.", None, after),
                _n(p.dynamic_before), changes)
    if shortened:
        line += " " + translate("MemoryPage", "%n card(s) of the file is/are shortened to the card and document "
                                              "caps.", None, shortened)
    return [line]


def _who_line(p: ImportPreview) -> str:
    """Who wrote each entry (you, the assistant or a dream) after the import."""
    if p.fixed_after is None:
        return translate("MemoryPage", "Who wrote each entry: unchanged.")
    if p.mode == ImportMode.MERGE:
        return (translate("MemoryPage", "Who wrote each entry stays as it is; an added entry counts as written by you.")
                if p.kind == "plain" else
                translate("MemoryPage", "Who wrote each entry stays as it is; an added entry keeps what the file "
                                        "says."))
    return fill(translate("MemoryPage", "Who wrote each entry: %1 unchanged, %2 changed or removed, %3 new."),
                _n(p.provenance_kept), _n(p.provenance_replaced), _n(p.provenance_added))


def import_lines(preview: ImportPreview) -> list[str]:
    """An import's summary as short sentences, one a line (walk56 #9): what the file is,
    fixed memory, dynamic memory, who wrote each entry, the entries it brings in untrusted
    (:func:`untrusted_line`) and what was redacted (APP-5, MEM-7; issue 19)."""
    kind = KIND_LINES.get(preview.kind)
    lines = [translate("MemoryPage", kind) if kind else fill(translate("MemoryPage", "The file is %1."), preview.kind)]
    lines += _fixed_lines(preview) + _dynamic_lines(preview) + [_who_line(preview)]
    untrusted = untrusted_line(preview)
    if untrusted is not None:
        lines.append(untrusted)
    notice = Redaction("", preview.redacted).notice_reason("the imported memory")
    if notice is not None:
        lines.append(said(notice))
    return lines
