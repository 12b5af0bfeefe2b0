"""Characters that take no room of their own, bounded for display (issue 32).

Combining marks and format characters (bidi controls, zero-width spaces and joiners,
BOMs) are laid out by Qt about 5 times slower per character than letters, and a
screenful of them holds every one: 100,000 bidi controls took 15 ms to paint, each
time; 150 accents stacked on one letter draw a column over the lines around it. Every
place that shows outside text (message view, search results, receipt, popover) leaves
out the same ones by one rule, :func:`thin_invisible`: those past the bounds, and a
bidi control not closed on its own line (walk49; issue 28 made it the one rule of the
labels too, which had wrapped such text in an isolate instead). Copying keeps them (the
stored text is never changed). Pure Python: what is left out is returned as a count,
and the window says it in the interface language
(:mod:`chathub_desktop.gui.shell.invisible_note`).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Sequence

#: Longest run of characters that take no room of their own (combining marks, format
#: characters) shown after one character; Unicode's Stream-Safe Text Format (UAX #15)
#: allows 30 in a row, real text uses a few.
MAX_MARK_RUN = 8
#: Most format characters (bidi controls, zero-width spaces and joiners, BOMs) shown in
#: one text; real text uses a few per line.
MAX_FORMAT_CHARS = 1000
_INVISIBLE = frozenset(("Mn", "Me", "Cf"))


def _thinned(text: str) -> tuple[str, list[int]]:
    """``text`` as display shows it and the offsets in ``text`` of what it leaves out
    (ascending), by the one rule of every place that shows outside text (issues 32 and
    28): the characters past the bounds (:func:`_past_bounds`), then of the rest every
    bidi control not closed on its own line (:func:`_unclosed_bidi`). ``text`` itself
    and no offset for ordinary text. About 0.3 µs a character."""
    if text.isascii():
        return text, []
    gone = _past_bounds(text)
    kept = _without(text, gone) if gone else text
    unclosed = _unclosed_bidi(kept)  # of what is shown: a few controls at most
    if not unclosed:
        return kept, gone
    at, moved = 0, []  # each offset in the shown text back to its offset in ``text``
    for u in unclosed:
        while at < len(gone) and gone[at] <= u + at:
            at += 1
        moved.append(u + at)
    return _without(kept, unclosed), sorted(gone + moved)


def _past_bounds(text: str) -> list[int]:
    """Offsets (ascending) of the characters past the display bounds (issue 32): of a
    run of combining marks and format characters, those past the first
    :data:`MAX_MARK_RUN`; of format characters in all (a zero-width joiner right after
    a visible character, as in an emoji sequence, does not count), those past the
    first :data:`MAX_FORMAT_CHARS`."""
    category = unicodedata.category
    gone: list[int] = []
    run = formats = 0
    for i, c in enumerate(text):
        kind = category(c) if c >= "\u0300" else "L"  # below: only the soft hyphen, shown
        if kind in _INVISIBLE:
            # a joiner right after a visible character is part of it (an emoji sequence)
            formats += kind == "Cf" and not (run == 0 and c == "\u200d")
            run += 1
            if run > MAX_MARK_RUN or (kind == "Cf" and formats > MAX_FORMAT_CHARS):
                gone.append(i)
        else:
            run = 0
    return gone


def _without(text: str, gone: Sequence[int]) -> str:
    """``text`` without the characters at the ascending offsets ``gone``."""
    pieces, at = [], 0
    for i in gone:
        pieces.append(text[at:i])
        at = i + 1
    pieces.append(text[at:])
    return "".join(pieces)


def thin_invisible(text: str) -> tuple[str, int]:
    """``text`` for display by the one rule (:func:`_thinned`): ``(shown text,
    characters left out)``; ``text`` itself when none is."""
    shown, gone = _thinned(text)
    return shown, len(gone)


def thin_spans(text: str, spans: Sequence[tuple[int, int]]) -> tuple[str, tuple[tuple[int, int], ...], int]:
    """:func:`thin_invisible` of ``text`` with ``spans`` (``(start, end)`` offsets into
    ``text``, e.g. matched words) moved to the same characters of the shown text:
    ``(shown text, spans, characters left out)``."""
    shown, gone = _thinned(text)
    if not gone:
        return text, tuple(spans), 0
    moved = tuple((s - bisect_left(gone, s), e - bisect_left(gone, e)) for s, e in spans)
    return shown, moved, len(gone)


#: Every explicit bidi control: the embeddings and overrides (LRE, RLE, PDF, LRO, RLO)
#: and the isolates (LRI, RLI, FSI, PDI).
_BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")
_PDF, _PDI = "\u202c", "\u2069"
#: A bidi control or a line end (a paragraph of the rendered message may run over
#: several lines: single newlines are line breaks there).
_BIDI_OR_LINE_END = re.compile("[\u202a-\u202e\u2066-\u2069\n\r\x85\u2028\u2029]")


def _unclosed_bidi(text: str) -> list[int]:
    """Offsets (ascending) in ``text`` of the bidi controls not closed on their own
    line (walk49: a reply's lone U+202E RIGHT-TO-LEFT OVERRIDE reversed the rest of the
    message; in a label, the note after it). An embedding or override is kept when a PDF closes it on the same line, an
    isolate when a PDI does (the PDI also ends what opened inside it, UAX #9 BD9); a
    closer with nothing to close goes too. Right-to-left letters need no control and
    are untouched. Only controls and line ends are visited."""
    if not _BIDI_CONTROLS.search(text):
        return []
    gone: list[int] = []
    open_: list[tuple[int, bool]] = []  # (offset, is an isolate) of what is open on this line
    for m in _BIDI_OR_LINE_END.finditer(text):
        i, c = m.start(), m.group()
        if c == _PDF:
            if open_ and not open_[-1][1]:
                open_.pop()
            else:
                gone.append(i)
        elif c == _PDI:
            if any(iso for _, iso in open_):
                while not open_.pop()[1]:
                    pass
            else:
                gone.append(i)
        elif _BIDI_CONTROLS.match(c):
            open_.append((i, c >= "\u2066"))
        else:  # a line end: what is still open there was never closed
            gone += (at for at, _ in open_)
            open_.clear()
    gone += (at for at, _ in open_)
    gone.sort()
    return gone
