"""The window while it starts (issue 29, "Keyboard and screen reader" and start-up in
stages): every control on screen has its accessible name and tooltip from the first
paint, while it waits disabled, and nothing in the chat column moves when the rest of
the services attach."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QAbstractButton, QApplication, QToolButton

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.shell.main_window import MainWindow
from chathub_desktop.services.topics.first_page import FirstPage


def _unnamed(w: MainWindow) -> list[str]:
    """The visible buttons of ``w`` a screen reader or a hover could not name: no
    accessible name where no text says it, or no tooltip where only an icon does."""
    out = []
    for b in w.findChildren(QAbstractButton):
        if not b.isVisibleTo(w):
            continue
        icon_only = not b.text() or (isinstance(b, QToolButton) and b.toolButtonStyle().value == 0)
        if icon_only and not (b.accessibleName() and b.toolTip()):
            out.append(f"{b.objectName() or type(b).__name__} name={b.accessibleName()!r} tip={b.toolTip()!r}")
    return out


def _close(w: MainWindow, qloop: Any, qtbot: Any) -> None:
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()


def _places(w: MainWindow) -> tuple[int, int, int]:
    """(the composer's top in the window, its height, the newest row's bottom), px."""
    QApplication.processEvents()  # pending layout requests first
    last = w.message_view.visualRect(w.message_model.index(w.message_model.rowCount() - 1, 0))
    return w.composer.mapTo(w, w.composer.rect().topLeft()).y(), w.composer.height(), last.bottom()


def test_every_control_is_named_from_the_first_paint(qloop: Any, services: Any, qtbot: Any) -> None:
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Asyncio timeouts")
    for i in range(12):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
    w = MainWindow(None)  # as run_gui shows it, before any read
    qtbot.addWidget(w)
    w.resize(1280, 760)
    w.show()
    qtbot.waitExposed(w)
    assert _unnamed(w) == []
    composer = w.composer
    assert not composer.attach_button.isEnabled() and not composer.private_button.isEnabled()
    assert composer.attach_button.accessibleName() == "Attach files"
    assert "Ctrl+U" in composer.attach_button.toolTip()
    assert composer.private_button.accessibleName() == "Private topic"
    assert composer.private_button.toolTip().startswith("Private: no memory is sent")
    views = tuple(services.topics.messages(t.id))
    shown: list[bool] = []
    w.first_page_shown.connect(lambda: shown.append(True))
    w.show_first_page(FirstPage(a.id, t.id, 0, views, len(views)), services.store.bus)
    qtbot.waitUntil(lambda: bool(shown) and w.message_model.rowCount() == 12, timeout=10000)
    assert _unnamed(w) == []  # the first page's rows, the store not open yet
    before = _places(w)
    opened: list[bool] = []
    w.opening_shown.connect(lambda: opened.append(True))
    w.attach_store(services.store)
    qtbot.waitUntil(lambda: bool(opened), timeout=10000)
    assert _unnamed(w) == []
    w.attach(services)
    qtbot.waitUntil(lambda: w.model_picker.picker.isVisible(), timeout=10000)
    assert composer.attach_button.isEnabled() and composer.private_button.isEnabled()
    assert composer.attach_button.accessibleName() == "Attach files"
    assert composer.private_button.toolTip().startswith("Private topic: off")  # the topic's state, once known
    assert _places(w) == before  # the tool row kept its height: no row moved
    _close(w, qloop, qtbot)
