"""How many lines a memory card's text takes (issue 30; split from ``card_delegate``): a
row's height must cost next to nothing for 10,000 cards, so a paragraph's lines come from
its character counts and the font's mean widths, and only a paragraph near a wrap is laid
out as paint lays it out (:func:`layout_lines`)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QTextLayout, QTextOption

__all__ = ["ESTIMATE_SLACK", "MEASURE_CHARS", "LineMeasure", "layout_lines"]

MEASURE_CHARS = 2000  # only this head of a huge entry is laid out
ESTIMATE_SLACK = 1.12  # a line estimated from mean widths loses part of a word at each wrap
_SAMPLE = "the quick brown fox jumps over the lazy dog; 0123456789, prefers metric units."
_UPPER_SAMPLE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # capitals are ~1.3× the rest (56: ALL CAPS lost a line)
_WIDE_SAMPLE = "東京日本語한국어カタカナ"
_UPPER_RE = re.compile("[A-Z]")
#: Characters drawn about twice as wide as Latin ones (CJK, kana, Hangul, full-width forms).
_WIDE_RE = re.compile("[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60]")


class LineMeasure:
    """Line counts of texts in the font ``font()`` gives (the list's font, read when the
    widths are first needed; :meth:`clear` after it changes)."""

    def __init__(self, font: Callable[[], QFont]) -> None:
        self._font = font
        self._widths: tuple[float, float, float, int] | None = None
        self._counts: dict[tuple[str, int, int], int] = {}  # (text, width, cap) → lines

    def clear(self) -> None:
        """Forget the font's widths and the counts (the font or the texts changed)."""
        self._widths = None
        self._counts.clear()

    def widths(self) -> tuple[float, float, float, int]:
        """``(px per narrow character, px per wide character, px per capital letter, line
        spacing)`` of the font, measured once per font."""
        if self._widths is None:
            fm = QFontMetrics(self._font())
            self._widths = (fm.horizontalAdvance(_SAMPLE) / len(_SAMPLE),
                            fm.horizontalAdvance(_WIDE_SAMPLE) / len(_WIDE_SAMPLE),
                            fm.horizontalAdvance(_UPPER_SAMPLE) / len(_UPPER_SAMPLE), fm.lineSpacing())
        return self._widths

    def _px(self, part: str) -> float:
        """Px ``part`` (one paragraph) takes on one line, from its characters' classes
        (wide, capital, other) and the font's mean width of each."""
        narrow, wide, upper, _spacing = self.widths()
        n_wide = len(_WIDE_RE.findall(part))
        n_upper = len(_UPPER_RE.findall(part))
        return (len(part) - n_wide - n_upper) * narrow + n_upper * upper + n_wide * wide

    def estimate(self, text: str, width: int, cap: int) -> int:
        """How many lines ``text`` takes at ``width`` px, from character counts and mean
        widths only (no layout), erring long; at most ``cap``."""
        room = max(10, width)
        lines = 0
        for part in text[:MEASURE_CHARS].split("\n"):
            lines += max(1, math.ceil(self._px(part) * ESTIMATE_SLACK / room))
            if lines >= cap:
                return cap
        return max(1, lines)

    def measure(self, text: str, width: int, cap: int) -> int:
        """How many lines ``text`` takes at ``width`` px (at most ``cap``): a paragraph
        whose estimate is sure (the same line count with :data:`ESTIMATE_SLACK` more or
        less room) as :meth:`estimate` says; one within the slack of a wrap either way
        laid out as paint lays it out (memfix52: a long one-line dream card got an empty
        second line; 56: so did lower-case text, and ALL CAPS lost one). Most paragraphs
        are sure, so 10,000 cards stay cheap."""
        room = max(10, width)
        lines = 0
        for part in text[:MEASURE_CHARS].split("\n"):
            px = self._px(part)
            need = max(1, math.ceil(px * ESTIMATE_SLACK / room))
            if need > max(1, math.ceil(px / (room * ESTIMATE_SLACK))) and lines + 1 < cap:
                need = len(layout_lines(part, self._font(), room, cap - lines))
            lines += need
            if lines >= cap:
                return cap
        return max(1, lines)

    def count(self, text: str, width: int, cap: int) -> int:
        """:meth:`measure`, cached per ``(text, width, cap)`` (what sizeHint and paint ask)."""
        key = (text, width, cap)
        lines = self._counts.get(key)
        if lines is None:
            if len(self._counts) > 20_000:
                self._counts.clear()
            lines = self._counts[key] = self.measure(text, width, cap)
        return lines


def layout_lines(text: str, font: QFont, width: int, max_lines: int) -> list[str]:
    """``text`` wrapped to ``width`` px in ``font`` (U+2028 breaks a line): at most
    ``max_lines`` lines, the last one elided with ``…`` when the text is longer — the last
    shown line ends where its own line ends, with ``…`` after it. Only the first
    :data:`MEASURE_CHARS` characters are laid out."""
    head = text[:MEASURE_CHARS]
    cut = len(text) > MEASURE_CHARS
    layout = QTextLayout(head, font)
    opt = QTextOption()
    opt.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(opt)
    spans: list[tuple[int, int]] = []
    layout.beginLayout()
    while len(spans) <= max_lines:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(max(10, width))
        spans.append((line.textStart(), line.textLength()))
    layout.endLayout()
    u16 = head.encode("utf-16-le")  # Qt positions count UTF-16 code units

    def seg(start: int, end: int | None = None) -> str:
        return u16[2 * start: None if end is None else 2 * end].decode("utf-16-le", "replace")

    if len(spans) <= max_lines and not cut:
        return [seg(s, s + n).rstrip() for s, n in spans] or [""]
    shown = spans[:max_lines]
    out = [seg(s, s + n).rstrip() for s, n in shown[:-1]]
    last_start = shown[-1][0] if shown else 0
    # the last line is its own line only, never the lines after it run into one (walk52 #6:
    # a heading, bullets and code joined on one line cut with "…")
    rest = seg(last_start).partition("\u2028")[0]
    last = QFontMetrics(font).elidedText(rest, Qt.TextElideMode.ElideRight, max(10, width))
    if last == rest:  # fits: the text goes on after it
        last = QFontMetrics(font).elidedText(rest.rstrip() + " …", Qt.TextElideMode.ElideRight, max(10, width))
    out.append(last)
    return out
