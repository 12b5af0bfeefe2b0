"""The raw editor's preview lines up with the editor beside it (issue 30, walk55b #18):
the two frames start and end on one line, and the preview's first line starts at the
editor's text inset, in both themes (MEM-3)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QWidget

#: A pixel of text: this much darker or lighter than the pane's own background.
INK = 100


def _ink(widget: QWidget) -> tuple[int, int]:
    """The first text pixel's column and row inside ``widget`` (its frame left out)."""
    img = widget.grab().toImage()
    ground = img.pixelColor(widget.width() // 2, widget.height() - 8).lightness()
    hits = [(x, y) for y in range(3, 40) for x in range(3, widget.width() // 2)
            if abs(img.pixelColor(x, y).lightness() - ground) > INK]
    assert hits, widget.objectName()
    return min(x for x, _y in hits), min(y for _x, y in hits)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_preview_has_the_editors_frame_and_text_inset(page, services, assistant, qtbot, theme):  # type: ignore[no-untyped-def]
    """walk55b #18: "Saving gives …" above the preview alone put its frame 18 px below the
    editor's, and its text started 4 px in where the editor's starts 9 px in."""
    from chathub_desktop.gui.design.theme import ViewPrefs, apply_theme

    apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
    page.resize(800, 560)  # the window's smallest (the page's own size hint is narrower than any window)
    try:
        services.memory.add(assistant, "Writes Python")
        services.memory.add(assistant, "Lives in Lisbon")
        qtbot.waitUntil(lambda: page.model.total() == 2, timeout=5000)
        page.raw.open_raw()
        raw = page.raw
        qtbot.waitUntil(lambda: raw.is_open and raw.preview_model.rowCount() == 2, timeout=5000)
        raw.cancel_raw_button.setFocus()  # neither pane shows its focus ring
        qtbot.wait(50)
        edit, preview = raw.raw_edit, raw.preview
        assert raw.preview_label.text() == "Saving gives 2 entries and keeps 0 notes"
        top, bottom = edit.mapTo(raw, QPoint(0, 0)), edit.mapTo(raw, QPoint(0, edit.height()))
        assert (preview.mapTo(raw, QPoint(0, 0)).y(), preview.mapTo(raw, QPoint(0, preview.height())).y()) == (
            top.y(), bottom.y())
        assert preview.mapTo(raw, QPoint(0, 0)).x() > top.x() + edit.width()  # a gap between the frames
        (ex, ey), (px, py) = _ink(edit), _ink(preview)
        assert abs(ex - px) <= 1 and abs(ey - py) <= 1, ((ex, ey), (px, py))
        raw.cancel_raw()
        qtbot.waitUntil(lambda: not page.runner.pending() and not page.busy, timeout=5000)
    finally:
        ViewPrefs(QApplication.instance(), None).apply()  # the suite's look again
