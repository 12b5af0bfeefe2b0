"""The contrast and clipping audit of a shown window (issue 29), for ``gui --smoke`` and
the tests.

It grabs the window as the user sees it (stylesheet and palette resolved, rich-text
colours included) and, for every visible and enabled label, button, combo box and item
of a list, takes the colours actually painted in its rectangle: the background is the
most frequent colour, the text the colour farthest from it in contrast among the colours
painted on at least :data:`MIN_PIXELS` pixels. The pair must reach WCAG 2.1 4.5:1 (3:1
for large text and icon-only buttons). The indicator of a check box or radio button is
a non-text part that shows the control's state: its outline or fill must reach 3:1
against what it is painted on (WCAG 1.4.11; walkthrough F6: Fusion's dark outline was
1.1:1). A label showing a one-colour picture (a tinted icon: the wizard's step icons,
an empty state's glyph) is a non-text part too, held to 3:1 (walk37 #6: a glyph rendered
once stayed dark after a switch to the dark theme); photos, the app icon and an emoji
(an assistant's avatar: a picture in its own colours, issue 29) are not.
Disabled controls are exempt (WCAG 1.4.3). :func:`audit_windows` audits every
visible top-level window (the main window and each dialog or page open over it).

A text is *cut* when it needs more room than it has: a label or button whose size hint
is wider (or, wrapped, taller) than its contents, an item whose delegate asks for more
height than its row.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from PySide6.QtCore import QModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QStyleOptionViewItem,
    QWidget,
)

from chathub_desktop.gui.design.contrast import LARGE_TEXT_MIN, TEXT_MIN, contrast_ratio

__all__ = ["AUDIT_MARKER", "AuditReport", "Finding", "audit_window", "audit_windows"]

AUDIT_MARKER = "CHATHUB_AUDIT"
#: A colour must cover this many pixels to count as the text's (antialiasing noise is not).
MIN_PIXELS = 3
#: Items looked at per list at most (the visible ones, top first).
MAX_ITEMS = 60
#: Point size from which text counts as large (WCAG: 18 pt, or 14 pt bold).
LARGE_PT, LARGE_BOLD_PT = 18.0, 14.0
#: Pixels around an indicator that are looked at with it (what it is painted on).
INDICATOR_MARGIN = 2


@dataclass(frozen=True)
class Finding:
    """One failure: ``what`` names the widget (class, object name, text), ``detail`` says why."""

    what: str
    detail: str


@dataclass
class AuditReport:
    """What the audit of one theme found."""

    theme: str
    widgets: int = 0
    contrast: list[Finding] = field(default_factory=list)
    clipped: list[Finding] = field(default_factory=list)

    def line(self) -> str:
        """``CHATHUB_AUDIT theme=<t> widgets=<N> contrast_failures=<K> clipped=<C>``."""
        return (f"{AUDIT_MARKER} theme={self.theme} widgets={self.widgets} "
                f"contrast_failures={len(self.contrast)} clipped={len(self.clipped)}")

    def add(self, other: AuditReport) -> None:
        """Count ``other``'s widgets and findings in this report too."""
        self.widgets += other.widgets
        self.contrast += other.contrast
        self.clipped += other.clipped

    @property
    def ok(self) -> bool:
        """No failure of either kind."""
        return not self.contrast and not self.clipped


def _name(w: QWidget, text: str) -> str:
    label = text.replace("\n", " ")[:40]
    return f"{type(w).__name__}#{w.objectName() or '-'} {label!r}"


def painted_colours(image: QImage, rect: QRect) -> tuple[str, str, float] | None:
    """(text, background, ratio) painted inside ``rect`` of ``image`` (``#rrggbb``), or
    None when one colour fills it all."""
    rect = rect.intersected(image.rect())
    if rect.width() < 2 or rect.height() < 2:
        return None
    crop = image.copy(rect).convertToFormat(QImage.Format.Format_RGB32)
    # 0xffRRGGBB per pixel; RGB32 rows have no padding
    counts: Counter[int] = Counter(memoryview(crop.constBits()).cast("I"))
    (bg_value, _), *rest = counts.most_common()
    bg = f"#{bg_value & 0xFFFFFF:06x}"
    best: tuple[float, str] | None = None
    for value, n in rest:
        if n < MIN_PIXELS:
            continue
        fg = f"#{value & 0xFFFFFF:06x}"
        ratio = contrast_ratio(fg, bg)
        if best is None or ratio > best[0]:
            best = (ratio, fg)
    return None if best is None else (best[1], bg, best[0])


def _is_large(w: QWidget) -> bool:
    f = w.font()
    return f.pointSizeF() >= LARGE_PT or (f.bold() and f.pointSizeF() >= LARGE_BOLD_PT)


#: Parts of an emoji that are not symbols themselves: joiner, selectors, keycap mark.
_EMOJI_PARTS = frozenset("\u200d\ufe0e\ufe0f\u20e3")


def _pictograph(text: str) -> bool:
    """Whether ``text`` is an emoji (an assistant's avatar, issue 29): a picture in its own
    colours (a yellow face, a red robot), not text in one colour: like a photo, it is not
    held to a contrast ratio."""
    return bool(text) and all(unicodedata.category(ch) in ("So", "Sk", "Mn", "Me") or ch in _EMOJI_PARTS
                              or 0x1F1E6 <= ord(ch) <= 0x1F1FF for ch in text)


def _text_of(w: QWidget) -> str | None:
    """The text ``w`` shows, "" for an icon-only button, None when not audited."""
    if isinstance(w, QLabel):
        return w.text() if w.pixmap().isNull() else None
    if isinstance(w, QAbstractButton):
        return w.text() if (w.text() or not w.icon().isNull()) else None
    if isinstance(w, QComboBox):
        return w.currentText()
    return None


def is_glyph(w: QWidget) -> bool:
    """True when ``w`` is a label showing a one-colour picture (a tinted icon): every
    pixel it paints is one colour at varying opacity."""
    if not isinstance(w, QLabel) or w.pixmap().isNull():
        return False
    image = w.pixmap().toImage().convertToFormat(QImage.Format.Format_ARGB32)
    colours = {value & 0xFFFFFF for value in memoryview(image.constBits()).cast("I") if value >> 24 == 0xFF}
    return len(colours) == 1


def _cut(w: QWidget) -> str | None:
    if isinstance(w.parent(), QLineEdit):
        return None  # a line edit's own icon button (Clear): the line edit sizes it
    hint = w.sizeHint()
    room = w.contentsRect() if isinstance(w, QLabel) else w.rect()
    if isinstance(w, QLabel):
        if not w.text():
            return None
        if w.wordWrap():
            need = w.heightForWidth(w.width())
            return f"needs {need} px of height, has {w.height()}" if need > w.height() + 1 else None
        margin = w.width() - w.contentsRect().width()
        need = hint.width() - margin
    elif isinstance(w, QAbstractButton):
        need = hint.width()
    else:
        return None
    return f"needs {need} px, has {room.width()}" if need > room.width() + 1 else None


def _items(view: QAbstractItemView) -> list[tuple[QModelIndex, QRect]]:
    model = view.model()
    if model is None:
        return []
    area = view.viewport().visibleRegion().boundingRect()  # less what a scrolling ancestor hides
    found: list[tuple[QModelIndex, QRect]] = []
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        rect = view.visualRect(index)
        if rect.isValid() and rect.intersects(area):
            shown = rect.intersected(area)
            if shown.height() < min(rect.height(), 3 * view.fontMetrics().height()):
                continue  # a sliver at the edge: padding, a border, the tops of glyphs
            found.append((index, shown))
            if len(found) >= MAX_ITEMS:
                break
        elif found:
            break  # past the visible rows
    return found


def _indicator(w: QWidget) -> QRect | None:
    """The indicator's rectangle in ``w`` (a check box or radio button), else None."""
    if isinstance(w, QCheckBox):
        element = QStyle.SubElement.SE_CheckBoxIndicator
    elif isinstance(w, QRadioButton):
        element = QStyle.SubElement.SE_RadioButtonIndicator
    else:
        return None
    option = QStyleOptionButton()
    w.initStyleOption(option)
    m = INDICATOR_MARGIN
    return w.style().subElementRect(element, option, w).adjusted(-m, -m, m, m).intersected(w.rect())


def audit_windows(windows: Iterable[QWidget], theme: str) -> AuditReport:
    """Audit every shown window of ``windows`` (e.g. ``QApplication.topLevelWidgets()``)
    as painted now, into one report; hidden ones are skipped."""
    total = AuditReport(theme)
    for window in windows:
        if window.isVisible():
            total.add(audit_window(window, theme))
    return total


def _scrolled_out(w: QWidget, rect: QRect) -> bool:
    """Whether part of ``rect`` (in ``w``'s coordinates) lies outside the viewport of a
    scroll area ``w`` sits in: Qt calls such a widget visible while a grab shows only the
    tops of its glyphs, which would read as poor contrast."""
    p = w.parentWidget()
    while p is not None:
        area = p.parentWidget()
        if isinstance(area, QAbstractScrollArea) and p is area.viewport():
            if not p.rect().contains(QRect(w.mapTo(p, rect.topLeft()), rect.size())):
                return True
        p = area
    return False


def audit_window(window: QWidget, theme: str) -> AuditReport:
    """Audit the shown ``window`` as painted now (call after the theme's repaint)."""
    image = window.grab().toImage()
    scale = image.devicePixelRatio() or 1.0
    report = AuditReport(theme)

    def check(w: QWidget, what: str, rect: QRect, large: bool) -> None:
        if _scrolled_out(w, rect):  # the user scrolls to read it; the grab holds a part
            return
        report.widgets += 1
        at = w.mapTo(window, QPoint(0, 0))
        r = QRect(round((at.x() + rect.x()) * scale), round((at.y() + rect.y()) * scale),
                  round(rect.width() * scale), round(rect.height() * scale))
        painted = painted_colours(image, r)
        need = LARGE_TEXT_MIN if large else TEXT_MIN
        if painted is not None and painted[2] < need:
            fg, bg, ratio = painted
            report.contrast.append(Finding(what, f"{fg} on {bg} = {ratio:.2f}:1 < {need}:1"))

    for w in window.findChildren(QWidget):
        if not w.isVisible() or not w.isEnabled() or w.window() is not window:
            continue
        if isinstance(w, QAbstractItemView):
            delegate = w.itemDelegate()
            for index, rect in _items(w):
                shown = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
                what = f"{type(w).__name__}#{w.objectName() or '-'} item {shown[:40]!r}"
                option = QStyleOptionViewItem()
                option.initFrom(w)
                option.rect = w.visualRect(index)
                check(w.viewport(), what, rect, False)
                need = delegate.sizeHint(option, index).height()
                if need > option.rect.height() + 1:
                    report.clipped.append(Finding(what, f"needs {need} px of height, has {option.rect.height()}"))
            continue
        if is_glyph(w):
            check(w, f"{_name(w, '')} glyph", w.rect(), True)
            continue
        text = _text_of(w)
        if text is None or w.width() < 2 or w.height() < 2:
            continue
        icon_only = isinstance(w, QAbstractButton) and not text
        if not _pictograph(text):  # an emoji is a picture in its own colours, as a photo: not held
            check(w, _name(w, text), w.rect(), icon_only or _is_large(w))
        box = _indicator(w)
        if box is not None:
            check(w, f"{_name(w, text)} indicator", box, True)
        why = _cut(w)
        if why is not None:
            report.clipped.append(Finding(_name(w, text), why))
    return report
