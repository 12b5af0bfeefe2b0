"""Help → About, Open data folder, Keyboard shortcuts (issue 16)."""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence

from chathub_desktop import __version__
from chathub_desktop.services.assistants.app_info import redact_database_url


def test_about_shows_version_data_dir_database_and_keys(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    dlg = window.pages.open_about()
    qtbot.waitUntil(lambda: dlg.info is not None, timeout=5000)
    details = dict(dlg.details())
    assert details["Version"] == __version__
    assert details["Data folder"] == str(services.data_dir.resolve())
    assert details["Database"] == redact_database_url(services.database_url)
    assert "keyring" in details["API keys"] or "environment variables" in details["API keys"]
    assert dlg.version_label.text() == f"Version {__version__}"
    dlg.copy()
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.clipboard().text().startswith(f"Version: {__version__}\nData folder: ")
    dlg.close()


def test_database_url_is_shown_without_its_password() -> None:
    assert redact_database_url("postgresql+psycopg://chat:s3cret@db.example:5432/hub") == \
        "postgresql+psycopg://chat:***@db.example:5432/hub"
    assert "s3cret" not in redact_database_url("postgresql+psycopg://db/hub?user=a&password=s3cret")
    assert redact_database_url("sqlite:////home/u/.local/share/chathub-desktop/chathub.db") == \
        "sqlite:////home/u/.local/share/chathub-desktop/chathub.db"
    assert redact_database_url("not a url") == "<unreadable URL>"


def test_open_data_folder_asks_the_desktop_for_the_data_dir(window, services, monkeypatch):  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QDesktopServices

    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toLocalFile()) or True)
    window.data_folder_action.trigger()
    assert opened == [str(services.data_dir)]


def test_shortcuts_lists_every_shortcut_of_the_window(window, services, qtbot):  # type: ignore[no-untyped-def]
    dlg = window.pages.open_shortcuts()
    listed = {(what, keys) for _where, what, keys in dlg.rows}
    expected = set()
    for action in window.findChildren(QAction):
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
        if keys:
            expected.add(keys)
    assert {keys for _what, keys in listed} == expected
    places = {(where, what) for where, what, _keys in dlg.rows}
    assert {("Menu", "Quit"), ("Topic", "New topic"), ("Help", "Keyboard shortcuts"),
            ("Assistant", "Memory"), ("Topic", "New private topic"), ("Import", "Chat history export"),
            ("Window", "Open the menu")} <= places
    assert dlg.table.rowCount() == len(dlg.rows)
    dlg.close()


def test_no_two_window_actions_share_a_shortcut(window, services):  # type: ignore[no-untyped-def]
    """Qt runs neither action of an ambiguous shortcut ("Ambiguous shortcut overload"):
    every key sequence of the window's actions, menus included, belongs to one action."""
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMenu

    seen: dict[str, str] = {}
    actions = set(window.findChildren(QAction))
    for menu in window.findChildren(QMenu):
        actions.update(menu.actions())
    clashes = []
    for action in actions:
        for seq in action.shortcuts():
            key = seq.toString()
            if not key:
                continue
            if key in seen and seen[key] != action.text():
                clashes.append((key, seen[key], action.text()))
            seen.setdefault(key, action.text())
    assert clashes == []


def test_the_app_menu_replaces_the_menu_bar(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Issue 29 (walk2: "the classic menu bar"): no menu bar on Linux; the rail's ⋯ button
    (and F10) opens the app menu, which holds every former menu, About and Quit, each
    action with its shortcut."""
    import sys

    from PySide6.QtWidgets import QLabel, QMenuBar, QStatusBar

    if sys.platform != "darwin":
        assert window.menuWidget() is None and window.findChildren(QMenuBar) == []
    assert [b for b in window.findChildren(QStatusBar) if b is not window.status_line] == []
    line = window.status_line  # no status bar repeating the model: a line shown only with news
    assert line.isHidden() and not any(w.isVisibleTo(line) for w in line.findChildren(QLabel))
    window.show_status("Code block copied", 0)
    assert line.isVisible() and line.currentMessage() == "Code block copied"
    line.clearMessage()
    assert line.isHidden()
    more = window.rail.more
    assert more.menu() is window.app_menu and more.accessibleName() == "Menu" and "(F10)" in more.toolTip()
    titles = [a.text() for a in window.app_menu.actions() if not a.isSeparator()]
    assert titles == ["&Import", "&Topic", "&Assistant", "&View", "&Settings", "&Help",
                      "&About ChatHub Desktop", "&Quit"]
    assert window.quit_action.shortcut().toString() == "Ctrl+Q"
    assert window.app_menu_action.shortcut().toString() == "F10"


def test_a_pages_shortcuts_are_listed_once_under_the_page(window, services, qtbot):  # type: ignore[no-untyped-def]
    """walk55b #10: with the Memory page open, each of its shortcuts was listed twice —
    under "Window" (the page is hosted in it) and under "Memory — Helper". Once, under
    the page."""
    from tests.gui.helpers import reload_assistants

    a = services.assistants.create("Helper", model="gpt-4o-mini")
    reload_assistants(window, qtbot, a.id)
    window.memory_action.trigger()
    page = window.dialogs["memory"]
    qtbot.waitUntil(lambda: page.isVisible() and not window.runner.pending(), timeout=5000)
    dlg = window.pages.open_shortcuts()
    title = page.windowTitle()
    on_page = [(where, what) for where, what, _keys in dlg.rows if where == title]
    assert ("Add memory" in {what for _w, what in on_page}), dlg.rows
    names = [what for _where, what, _keys in dlg.rows]
    for _where, what in on_page:
        assert names.count(what) == 1, (what, [r for r in dlg.rows if r[1] == what])
    dlg.close()
