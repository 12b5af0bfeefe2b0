"""Topics you can organize, in the window (issue 14): pin, archive and Show archived,
rename, dates and Markdown-free titles in the list, Topic → Export and the JSON
re-import through File → Import."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.topics.topic_list_delegate import day_label
from chathub_desktop.services.container import Services
from tests.gui.helpers import reload_assistants


def _titles(window: Any) -> list[str]:
    m = window.topic_model
    return [m.data(m.index(r)) for r in range(m.rowCount())]


def _three(window: Any, services: Services, qtbot: Any) -> dict[str, int]:
    services.assistants.create("Helper")
    ids = {name: services.topics.create("Helper", name).id for name in ("## **Old** one", "Middle", "Newest")}
    services.topics.append_message(ids["Middle"], Role.USER, "hello")
    reload_assistants(window, qtbot)
    return ids


def test_titles_show_without_markdown_and_edit_as_stored(window: Any, services: Services,
                                                         qtbot: Any) -> None:
    ids = _three(window, services, qtbot)
    m = window.topic_model
    idx = m.index(m.row_of(ids["## **Old** one"]))
    assert m.data(idx) == "Old one"
    assert m.data(idx, Qt.ItemDataRole.EditRole) == "## **Old** one"


def test_pin_moves_a_topic_first_and_keeps_it_there(window: Any, services: Services, qtbot: Any) -> None:
    ids = _three(window, services, qtbot)
    window.select_topic(ids["## **Old** one"])
    window.topic_actions.pin_action.trigger()
    qtbot.waitUntil(lambda: _titles(window)[0] == "Old one", timeout=5000)
    assert window.topic_model.topic_at(0).pinned
    assert window.topic_actions.pin_action.text() == "Un&pin topic"
    services.topics.append_message(ids["Newest"], Role.USER, "new activity")  # moves up, but under the pin
    qtbot.waitUntil(lambda: _titles(window)[1] == "Newest", timeout=5000)
    assert _titles(window)[0] == "Old one"


def test_archive_hides_until_show_archived(window: Any, services: Services, qtbot: Any) -> None:
    ids = _three(window, services, qtbot)
    window.select_topic(ids["Middle"])
    window.topic_actions.archive_action.trigger()
    qtbot.waitUntil(lambda: "Middle" not in _titles(window), timeout=5000)
    assert window.current_topic_id != ids["Middle"]
    window.topic_actions.show_archived_action.trigger()
    qtbot.waitUntil(lambda: "Middle" in _titles(window))
    row = window.topic_model.row_of(ids["Middle"])
    assert window.topic_model.topic_at(row).archived


def test_rename_in_place_keeps_the_users_title(window: Any, services: Services, qtbot: Any) -> None:
    ids = _three(window, services, qtbot)
    m = window.topic_model
    assert m.setData(m.index(m.row_of(ids["Newest"])), "Renamed **topic**")
    qtbot.waitUntil(lambda: m.data(m.index(m.row_of(ids["Newest"]))) == "Renamed topic")
    assert services.topics.get(ids["Newest"]).title == "Renamed **topic**"
    assert m.data(m.index(m.row_of(ids["Newest"]))) == "Renamed topic"


def test_export_markdown_and_json_then_import_the_json(window: Any, services: Services, qtbot: Any,
                                                       tmp_path: Path) -> None:
    ids = _three(window, services, qtbot)
    md, js = tmp_path / "t.md", tmp_path / "t.json"
    window.topic_actions.export_to(ids["Middle"], "md", md)
    qtbot.waitUntil(md.exists, timeout=5000)
    assert md.read_text().startswith("# Middle") and "## You · " in md.read_text()
    window.topic_actions.export_to(ids["Middle"], "json", js)
    qtbot.waitUntil(lambda: js.exists() and js.stat().st_size > 0, timeout=5000)
    assert json.loads(js.read_text())["format"] == "chathub-topic"
    services.assistants.create("Other")
    reload_assistants(window, qtbot, services.assistants.get("Other").id)
    window.topic_actions.import_from(js)
    qtbot.waitUntil(lambda: _titles(window) == ["Middle"], timeout=5000)
    qtbot.waitUntil(lambda: window.current_topic_id == window.topic_model.topic_at(0).id, timeout=5000)
    assert [m.content for m in services.topics.messages(window.current_topic_id)] == ["hello"]


def test_day_labels() -> None:
    now = datetime(2026, 12, 3, 15, 0).astimezone()
    assert day_label(now - timedelta(hours=2), now) == f"{(now - timedelta(hours=2)):%H:%M}"
    assert day_label(now - timedelta(days=1), now) == "Yesterday"
    assert day_label(now - timedelta(days=3), now) == f"{(now - timedelta(days=3)):%A}"
    assert day_label(now - timedelta(days=20), now) == "13 Nov 2026"  # the one date style (issue 29)
    assert day_label(now - timedelta(days=400), now) == "29 Oct 2025"


def test_a_topic_archived_elsewhere_leaves_the_list(window: Any, services: Services, qtbot: Any) -> None:
    ids = _three(window, services, qtbot)
    services.topics.set_archived(ids["Newest"], True)  # through the service, not the window
    qtbot.waitUntil(lambda: "Newest" not in _titles(window), timeout=5000)


def test_the_context_menu_has_sections_an_export_submenu_and_nine_entries(window: Any, services: Services,
                                                                       qtbot: Any) -> None:
    """Walk29 #21: the right-click menu had 13 entries, mixed with and without icons, and
    two orphan "as Markdown…" / "as JSON…". Now a topic's menu has nine entries in four
    sections (icons on all or none in each), the formats under "Export"; the list's empty
    space offers New topic, New private topic and Show archived."""
    from PySide6.QtCore import QPoint

    ids = _three(window, services, qtbot)
    lst = window.topic_list
    row = window.topic_model.row_of(ids["Middle"])
    menu = window.topic_actions.show_context_menu(lst.visualRect(window.topic_model.index(row)).center())
    assert window.current_topic_id == ids["Middle"]  # the row right-clicked is the one acted on
    top = menu.actions()
    sections: list[list[Any]] = [[]]
    for a in top:
        if a.isSeparator():
            sections.append([])
        else:
            sections[-1].append(a)
    names = [[a.text().replace("&", "") for a in s] for s in sections]
    assert names == [["Rename topic", "Pin topic", "Archive topic"], ["Private topic"],
                     ["Compact now", "Compact with focus…", "View topic summary…"], ["Export", "Delete topic"]]
    assert sum(len(s) for s in sections) == 9
    for s in sections:
        assert len({a.icon().isNull() for a in s}) == 1, [a.text() for a in s]  # all or none
    export = next(a.menu() for a in top if a.menu() is not None)
    assert [a.text().replace("&", "") for a in export.actions()] == ["Markdown…", "JSON…"]
    assert export.actions()[0] is window.topic_actions.export_md_action
    menu.close()
    empty = window.topic_actions.show_context_menu(QPoint(5, lst.viewport().height() - 5))
    assert [a.text().replace("&", "") for a in empty.actions() if not a.isSeparator()] == [
        "New topic", "New private topic", "Show archived topics"]
    empty.close()
