"""A long paste held beside the draft instead of in it (walk37 #3; the Claude app and
Cherry Studio do the same).

Putting 2 MB into the draft box (``QPlainTextEdit``) laid it out on the GUI thread for
4.7 s. A paste longer than :data:`PASTE_CHIP_CHARS` characters therefore becomes a chip
("Pasted text · 2.0 MB · 51,234 lines") above the draft; the message is the draft's
text followed by each pasted text, unchanged, in the order pasted (a blank line between
non-empty parts), so the badge, the request plan and the stored message all read the
same text (one source for each figure). Pure: no Qt.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Characters above which a paste becomes a chip. 20,000 characters (~5,000 tokens,
#: ~400 lines of code) still lays out in the draft box in a few milliseconds, and is
#: more than anyone reads in an 8-line box; the Claude app turns pastes of a few
#: thousand characters into a chip, so this errs on the side of keeping text editable.
PASTE_CHIP_CHARS = 20_000
#: Characters the chip's viewer shows (the rest is sent, not drawn).
PREVIEW_CHARS = 100_000
#: What joins the draft and the pasted texts in the message.
SEPARATOR = "\n\n"


def is_long_paste(text: str) -> bool:
    """True when pasting ``text`` should make a chip rather than editor text."""
    return len(text) > PASTE_CHIP_CHARS


def line_count(text: str, encoded: bytes | None = None) -> int:
    """Lines as an editor shows them: 1 for ``"a"`` and for ``"a\\n"`` (a final newline
    ends the last line), 2 for ``"a\\nb"``. Counted on the UTF-8 bytes (``encoded``,
    when the caller has them): ``bytes.count`` is ~40× faster than ``str.count`` on 2 MB."""
    if not text:
        return 0
    data = text.encode("utf-8") if encoded is None else encoded
    return data.count(b"\n") + (0 if text.endswith("\n") else 1)


def size_text(size: int) -> str:
    """A byte count for the chip: ``2.0 MB``, ``48 KB``, ``900 B``."""
    if size >= 1024 * 1024:
        return f"{size / (1024 * 1024):.1f} MB"
    if size >= 1024:
        return f"{size / 1024:,.0f} KB"
    return f"{size} B"


def chip_label(text: str) -> str:
    """``Pasted text · 2.0 MB · 51,234 lines`` (UTF-8 bytes, :func:`line_count`)."""
    data = text.encode("utf-8")
    lines = line_count(text, data)
    return f"Pasted text · {size_text(len(data))} · {lines:,} line{'s' if lines != 1 else ''}"


def joined(draft: str, pasted: Sequence[str]) -> str:
    """The message: ``draft`` then each of ``pasted``, blank-line separated, empty parts
    left out (a paste into an empty draft is sent exactly as pasted)."""
    return SEPARATOR.join(p for p in (draft, *pasted) if p)
