"""Tooltips take the design tokens in both themes (issue 29, polish52): a light box glared
on the dark window; the tooltip is the tokens' ``tooltip`` surface with ``tooltip_text``
at 4.5:1 or more, ringed by ``tooltip_border``, as painted, and QToolTip's own palette
(the platform's until set) follows the theme too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QToolTip

from chathub_desktop.gui.design.contrast import TEXT_MIN, contrast_ratio
from chathub_desktop.gui.design.theme import apply_theme
from chathub_desktop.gui.design.tokens import colours_for


@pytest.fixture(params=["light", "dark"])
def theme(request, qapp) -> Iterator[str]:  # type: ignore[no-untyped-def]
    saved_palette, saved_sheet = QPalette(qapp.palette()), qapp.styleSheet()
    apply_theme(qapp, request.param, hint=False)
    yield request.param
    QToolTip.hideText()
    qapp.setStyleSheet(saved_sheet)
    qapp.setPalette(saved_palette)


def _tip_label() -> QLabel | None:
    for w in QApplication.topLevelWidgets():
        if w.objectName() == "qtooltip_label" and w.isVisible() and isinstance(w, QLabel):
            return w
    return None


def test_a_tooltip_is_painted_in_the_themes_tokens(qtbot, theme: str) -> None:  # type: ignore[no-untyped-def]
    c = colours_for(theme == "dark")
    assert contrast_ratio(c.tooltip_text, c.tooltip) >= TEXT_MIN
    assert QColor(c.tooltip).lightness() < 128  # dark in both themes: never a light box on the dark window
    pal = QToolTip.palette()
    assert pal.color(QPalette.ColorRole.ToolTipBase).name() == c.tooltip
    assert pal.color(QPalette.ColorRole.ToolTipText).name() == c.tooltip_text
    button = QPushButton("Send")
    qtbot.addWidget(button)
    button.show()
    QToolTip.showText(button.mapToGlobal(QPoint(0, button.height())), "Send the message (Enter)", button)
    qtbot.waitUntil(lambda: _tip_label() is not None)
    tip = _tip_label()
    assert tip is not None
    img = tip.grab().toImage()
    assert img.pixelColor(0, 0).name() == c.tooltip_border  # the ring
    assert img.pixelColor(2, img.height() // 2).name() == c.tooltip  # the surface inside it
    painted = {img.pixelColor(x, y).name() for x in range(img.width()) for y in range(img.height())}
    assert c.tooltip_text in painted  # the text's own colour, at the tokens' contrast
