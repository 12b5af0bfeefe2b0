"""An icon on every menu action that has a conventional one (issue 29, "Design system":
icons from the bundled Lucide set, tinted per theme). Walked: the app menu and its
submenus (File → Import and its four formats, Topic with Export → Markdown / JSON, Show
archived topics, Compact with focus…, Assistant with Dream proposals…) and the topic
list's context menus, over a row and over empty space. Choices in an exclusive group
(Theme, Language, Send key, Text size → Default) are radio items: their mark is the
check, not an icon; a submenu's entries made on showing (Regenerate with → a model) are
model names."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QMenu

from chathub_desktop.core.export_formats import FORMATS
from tests.gui.helpers import reload_assistants, wait_shown


def _without_icon(menu: QMenu, path: str) -> list[str]:
    """The entries of ``menu`` and its submenus (paths "Menu > &Topic > …") that show no
    icon, radio choices left out."""
    out = []
    for action in menu.actions():
        if action.isSeparator():
            continue
        name = f"{path} > {action.text()}"
        group = action.actionGroup()
        if action.icon().isNull() and not (group is not None and group.isExclusive()):
            out.append(name)
        sub = action.menu()
        if isinstance(sub, QMenu):
            out += _without_icon(sub, name)
    return out


def test_every_menu_action_with_a_conventional_icon_has_it(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Trip")
    reload_assistants(window, qtbot, a.id)
    window.select_topic(t.id)
    wait_shown(window, qtbot, t.id)
    menus = {"Menu": window.app_menu,
             "list": window.topic_actions.context_menu_for(QModelIndex()),
             "row": window.topic_actions.context_menu_for(window.topic_model.index(0, 0))}
    assert [n for p, m in menus.items() for n in _without_icon(m, p)] == []
    # the entries the audit found bare (audit53 #10), by name: each is walked above
    walked = {x.text() for m in menus.values() for x in _all(m)}
    named = {"Dream &proposals", "Show archi&ved topics", "Compact with &focus…", "&Markdown…", "&JSON…",
             *(f"{f.label} export…" for f in FORMATS)}
    assert {n for n in named if not any(w.startswith(n) for w in walked)} == set()


def _all(menu: QMenu) -> list:  # type: ignore[type-arg]
    """Every action of ``menu`` and its submenus."""
    out = []
    for action in menu.actions():
        out.append(action)
        sub = action.menu()
        if isinstance(sub, QMenu):
            out += _all(sub)
    return out


def test_a_checked_entry_with_an_icon_shows_that_it_is_checked(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The style draws no check mark beside an icon: Show archived topics, checked, paints
    its icon on a tile (the stylesheet's ``QMenu::icon:checked``), so its row differs from
    the unchecked one."""
    from PySide6.QtCore import QPoint

    menu, action = window.topic_menu, window.topic_actions.show_archived_action
    rows = []
    for checked in (False, True):
        action.setChecked(checked)
        menu.popup(QPoint(0, 0))
        qtbot.waitExposed(menu)
        rect = menu.actionGeometry(action)
        rows.append(menu.grab(rect).toImage())
        menu.close()
    assert rows[0] != rows[1]
