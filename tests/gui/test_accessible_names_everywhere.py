"""Every control a user reaches with Tab has an accessible name (issue 29, "Keyboard and
screen reader"), on every page of the window: the chats page with a topic open and with
none, the Memory page (issue 30), each Settings section (Tools among them), Search, and
the assistant editor. The name is the one a screen reader gets
(``QAccessibleInterface.text(Name)``: the widget's own, its text or its buddy label's).
On the chats page each also has a description: what it does, said after its name."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QWidget

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.shell.nav_rail import PageId
from tests.gui.helpers import reload_assistants, wait_shown


def _unnamed(root: QWidget, text: QAccessible.Text = QAccessible.Text.Name) -> list[str]:
    """The visible, enabled controls under ``root`` that Tab reaches and a screen reader
    could not name (or, with ``text`` Description, not describe)."""
    out = []
    for w in root.findChildren(QWidget):
        if not (w.isVisible() and w.isEnabled() and w.focusPolicy() & Qt.FocusPolicy.TabFocus):
            continue
        if w.focusProxy() is not None:
            continue  # Tab lands on the proxy, which is checked itself
        iface = QAccessible.queryAccessibleInterface(w)
        name = iface.text(text) if iface is not None else ""
        if not name.strip():
            out.append(f"{type(w).__name__} {w.objectName() or '(no object name)'} in "
                       f"{type(w.parentWidget()).__name__}")
    return sorted(set(out))


def test_every_tab_stop_on_every_page_has_a_name(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    from chathub_desktop.app_bootstrap import page_tour

    a = services.assistants.create("Helper")
    services.memory.add(a.id, "Prefers metric units")
    t = services.topics.create(a.id, "Asyncio timeouts")
    for i in range(4):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
    reload_assistants(window, qtbot, a.id)
    window.select_topic(t.id)
    wait_shown(window, qtbot, t.id)
    found = {"chats": _unnamed(window), "chats, descriptions": _unnamed(window, QAccessible.Text.Description)}
    page = window.pages.open_memory()
    qtbot.waitUntil(lambda: page.loads >= 1 and page.dream_panel.loads >= 1, timeout=10000)
    found["memory"] = _unnamed(window)
    for i, show in enumerate(page_tour(window)):
        show()
        QApplication.processEvents()
        found[f"{window.page_host.current_page_id()} #{i}"] = _unnamed(window)
    window.page_host.show_page(PageId.CHATS)
    empty = services.assistants.create("Fresh")
    reload_assistants(window, qtbot, empty.id)
    qtbot.waitUntil(lambda: window.sidebar.empty_state is not None and window.sidebar.empty_state.isVisible(),
                    timeout=10000)
    found["no topics"] = _unnamed(window)
    found["no topics, descriptions"] = _unnamed(window, QAccessible.Text.Description)
    editor = window.pages.open_edit_assistant()
    assert editor is not None
    qtbot.waitExposed(editor)
    qtbot.waitUntil(editor.is_loaded, timeout=10000)
    found["assistant editor"] = _unnamed(editor)
    editor.reject()
    assert {k: v for k, v in found.items() if v} == {}
