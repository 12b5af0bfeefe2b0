"""A code block's Copy link copies exactly that block (issue 16) and says "Copied" (walk36 #3)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QToolTip

from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants

REPLY = "Two ways:\n\n```python\nprint('first')\n```\n\nor\n\n```bash\necho second\n```\n"


def _find_link(view, index, href: str) -> QPoint | None:  # type: ignore[no-untyped-def]
    rect = view.delegate.bubble_rect(index)
    for y in range(rect.top(), rect.bottom(), 4):
        for x in range(rect.right(), rect.left(), -6):  # the links sit at the right edge
            if view.delegate.anchor_at(index, QPoint(x, y)) == href:
                return QPoint(x, y)
    return None


def _link_point(view, index, href: str, qtbot) -> QPoint:  # type: ignore[no-untyped-def]
    """Where ``href`` is painted in the row, once its rendering (made on the render
    worker: a reply with a code fence, issue 32) is laid out and the view has placed
    the row at its new height (QListView re-lays out rows on a queued call after the
    delegate reports a new height; until then a click finds no row under the link)."""

    def ready() -> bool:
        point = _find_link(view, index, href) if view.delegate.settled else None
        return point is not None and view.indexAt(point) == index

    qtbot.waitUntil(ready, timeout=10000)
    point = _find_link(view, index, href)
    assert point is not None
    return point


def test_copy_link_copies_that_code_block(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    fake_vendor.script(Reply(text_chunks=[REPLY]))
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    window.show()
    qtbot.waitExposed(window)
    window.sending.send_message("How do I print?")
    model = window.message_model
    qtbot.waitUntil(lambda: model.rowCount() == 2 and model.message_at(1).status == "complete", timeout=15000)
    view = window.message_view
    index = model.index(1)
    QGuiApplication.clipboard().setText("")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_link_point(view, index, "chathub-copy:1", qtbot))
    assert QGuiApplication.clipboard().text() == "echo second\n"
    assert window.status_line.currentMessage() == "Code block copied"
    assert QToolTip.isVisible() and QToolTip.text() == "Copied"  # at the pointer too (walk36 #3)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_link_point(view, index, "chathub-copy:0", qtbot))
    assert QGuiApplication.clipboard().text() == "print('first')\n"
