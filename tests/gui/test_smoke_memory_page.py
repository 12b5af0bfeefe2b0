"""``gui --smoke`` audits the Memory page too (issue 30 "the page passes the same audit
as the window … with the page open"; audit53 #6: the tour showed Settings and Search
only). On a store with no assistant the smoke makes its own, with fixed entries and a
dream card, so the page shows cards; it deletes it after. On a store with assistants
it writes nothing and opens the Memory page of the one in view."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.design.audit import audit_window
from chathub_desktop.gui.design.theme import apply_theme
from tests.gui.helpers import reload_assistants


def _run(qtbot, qloop, coro):  # type: ignore[no-untyped-def]
    task = qloop.create_task(coro)
    qtbot.waitUntil(task.done, timeout=10000)
    return task.result()


def test_the_tour_ends_on_the_memory_page_of_the_smokes_own_assistant(  # type: ignore[no-untyped-def]
        window, services, qtbot, qloop) -> None:
    from chathub_desktop.app_bootstrap import SMOKE_ENTRIES, _shown, page_tour, smoke_assistant
    from chathub_desktop.gui.memory.fixed_page import MemoryPage

    aid = _run(qtbot, qloop, smoke_assistant(window, services))
    assert [a.name for a in services.assistants.list()] == ["Smoke check"] and window.current_assistant_id() == aid
    assert [e.text for e in services.memory.entries(aid)] == list(SMOKE_ENTRIES)
    assert len(services.dreams.cards(aid)) == 1
    page = page_tour(window)[-1]()
    assert isinstance(page, MemoryPage)
    _run(qtbot, qloop, _shown(page))
    assert page.isVisible() and window.pages.memory_page() is page
    assert page.model.entry_count() == 3 and page.dream_panel.model.rowCount() == 1
    app = QApplication.instance()
    try:
        for theme in ("light", "dark"):
            apply_theme(app, theme)
            qtbot.wait(150)  # the repaint of every widget
            report = audit_window(window, theme)
            assert (report.contrast, report.clipped) == ([], []), theme
    finally:
        apply_theme(app, "light")
    window.back_action.trigger()


def test_on_a_store_with_assistants_the_smoke_writes_nothing(window, services, qtbot, qloop) -> None:  # type: ignore[no-untyped-def]
    from chathub_desktop.app_bootstrap import page_tour, smoke_assistant

    a = services.assistants.create("Helper")
    reload_assistants(window, qtbot, a.id)
    assert _run(qtbot, qloop, smoke_assistant(window, services)) is None
    assert [x.name for x in services.assistants.list()] == ["Helper"]
    assert services.memory.entries(a.id) == [] and services.dreams.cards(a.id) == []
    page = page_tour(window)[-1]()
    assert page is not None and page.assistant_id == a.id
    window.back_action.trigger()
