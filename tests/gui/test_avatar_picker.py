"""The assistant editor's avatar picker (walk45 #9): the chosen emoji at the grid's size
in its field, the grid marking the current one in the selection tint, cells on which
the dark emoji (🎵, ⚖️) read in the dark theme, and the model hint on one or two lines."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.design.contrast import relative_luminance
from chathub_desktop.gui.design.theme import ViewPrefs
from chathub_desktop.gui.design.tokens import DARK, TypeScale
from tests.gui.helpers import add_fake_provider, loaded, reload_assistants


@pytest.fixture
def restore_look(qapp: Any) -> Iterator[None]:
    yield
    ViewPrefs(qapp, None).apply()  # the platform's theme again for the other tests


def _ink(image: QImage, area: QRect, tile: str) -> float:
    """WCAG luminance of a glyph's ink: the darker quarter of the pixels in ``area`` that
    differ from ``tile`` (not its anti-aliased edge nor its highlights)."""
    lums = [relative_luminance((c.red(), c.green(), c.blue()))
            for x in range(area.left(), area.right() + 1) for y in range(area.top(), area.bottom() + 1)
            if (c := image.pixelColor(x, y)).name() != tile]
    assert lums, "no glyph drawn"
    return statistics.quantiles(lums, n=4)[0]


def _ratio(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def test_the_grid_marks_the_chosen_face_on_cells_the_dark_emoji_read_on(window: Any, services: Any, fake_vendor: Any,
                                                                        qtbot: Any, restore_look: None) -> None:
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.assistants.update(aid, avatar="🎵")
    reload_assistants(window, qtbot, aid)
    window.view.theme_actions["dark"].trigger()
    dlg = loaded(window.pages.open_edit_assistant(), qtbot)
    assert dlg is not None
    combo = dlg.ui.avatarCombo
    assert combo.currentText() == "🎵"
    field, name = combo.lineEdit().font().pointSizeF(), dlg.ui.nameEdit.font().pointSizeF()
    assert field >= name * TypeScale.HEADING.value - 0.1  # the grid's size, not the body's
    combo.showPopup()
    view = combo.view()
    qtbot.waitUntil(view.isVisible, timeout=3000)
    current = view.currentIndex()
    assert current.data() == "🎵" and view.selectionModel().isSelected(current)  # marked
    image = view.viewport().grab().toImage()
    scale = image.devicePixelRatio()
    for face in ("🎵", "⚖️"):
        rect = view.visualRect(combo.model().index(combo.findText(face), 0))
        inner = rect.adjusted(6, 6, -6, -6)  # inside the cell's margin and ring
        area = QRect(int(inner.left() * scale), int(inner.top() * scale),
                     int(inner.width() * scale), int(inner.height() * scale))
        tile = DARK.emoji_tile_selected if face == "🎵" else DARK.emoji_tile
        assert image.pixelColor(area.topLeft()).name() == tile
        ink = _ink(image, area, tile)
        ratio, on_white = _ratio(ink, relative_luminance(tile)), _ratio(ink, 1.0)
        if face == "🎵":  # the chosen one, on the selection tint
            assert ratio >= 3.0, f"{face} at {ratio:.2f}:1 on its cell"  # an icon's 3:1 (2.5:1 on the old dark cell)
        else:  # as it reads on the light theme's white grid (⚖️ is a mid-grey picture: 2.8:1 there)
            assert ratio >= 0.85 * on_white, f"{face} at {ratio:.2f}:1 on its cell, {on_white:.2f}:1 on white"
    combo.hidePopup()
    combo.setCurrentText("Zz")  # typed letters: no cell is theirs
    combo.showPopup()
    qtbot.waitUntil(view.isVisible, timeout=3000)
    assert not view.selectionModel().hasSelection()
    combo.hidePopup()
    hint = dlg.model_choices.hint
    qtbot.waitUntil(lambda: hint.text() != "", timeout=5000)
    dlg.ui.tabs.setCurrentWidget(dlg.ui.modelTab)  # issue 29: the model's group
    QApplication.processEvents()
    lines = hint.height() / hint.fontMetrics().lineSpacing()
    assert lines < 2.5, f"the model hint takes {lines:.1f} lines"  # it wrapped to 3 in half the width
    dlg.reject()
