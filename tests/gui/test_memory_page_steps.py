"""The Memory page opens within a frame (issue 30: every stall of the opening under 16 ms):
it builds what is seen first — the header and fixed memory — at once, the Dreaming memory
group on the turn after its first paint, and reads after that group's paint. The
Proposals tab's section and the raw editor are built (and read) on their first show."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QPushButton

from chathub_desktop.core.dream_schedule import DreamPhase
from chathub_desktop.gui.memory.dream_panel import DreamPanel
from chathub_desktop.gui.memory.fixed_page import MemoryPage
from chathub_desktop.gui.memory.proposals_section import ProposalsSection
from chathub_desktop.gui.memory.raw_editor import RawEditor
from chathub_desktop.services.events import DreamProgress


class _FirstPaint(QObject):
    """Notes, at the page's first paint, whether a dream panel and entries existed."""

    def __init__(self, page: MemoryPage) -> None:
        super().__init__()
        self.page = page
        self.seen: list[tuple[bool, int]] = []

    def eventFilter(self, _obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint and not self.seen:
            self.seen.append((self.page.findChild(DreamPanel) is not None, self.page.model.rowCount()))
        return False


def test_the_page_paints_fixed_memory_first_and_builds_the_rest_on_later_turns(qloop, services, qtbot,
                                                                             monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """MEM-2, DRM-8, issue 19: the first paint has fixed memory and no Dreaming memory
    group; the group comes next, and its Proposals tab's section only when the tab is
    shown — its badge counts the proposals all the same; Edit raw builds the raw editor."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    services.memory.add(a.id, "Prefers metric units")
    monkeypatch.setattr(services.dreams.review, "count", lambda _aid: 2)
    page = MemoryPage(services, a.id)
    first = _FirstPaint(page)
    page.installEventFilter(first)
    assert page.header.title.text() == "Memory" and page.list.model() is page.model
    assert page.findChild(DreamPanel) is None and page.findChild(RawEditor) is None
    page.show()
    qtbot.waitUntil(lambda: page.loads >= 1, timeout=10000)
    panel = page.findChild(DreamPanel)
    assert panel is not None
    qtbot.waitUntil(lambda: panel.loads >= 1, timeout=10000)
    assert first.seen == [(False, 0)]  # painted first: no dream panel, no entry read yet
    assert page.model.entry(0).text == "Prefers metric units"  # type: ignore[union-attr]
    assert not panel.proposals_built and page.findChild(ProposalsSection) is None  # a hidden tab: not built
    assert panel.tabs.tabText(1) == "&Proposals (2)"  # the badge comes with the panel's read
    assert panel.summary().endswith("2 proposals to review")
    panel.tabs.setCurrentIndex(1)
    section = page.findChild(ProposalsSection)
    assert section is not None and panel.proposals is section
    qtbot.waitUntil(lambda: section.loads >= 1, timeout=10000)
    assert page.findChild(RawEditor) is None
    page.raw_action.trigger()
    raw = page.findChild(RawEditor)
    assert raw is not None
    qtbot.waitUntil(lambda: page.stack.currentWidget() is raw and raw.is_open, timeout=10000)
    assert raw.raw_text() == "#1: Prefers metric units\n"
    _close(page, qtbot)


def test_a_caller_that_needs_the_dream_panel_early_gets_it_built(qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Asking for a later part before its turn builds it then (the window's Dream
    proposals… entry opens the page at its Proposals tab at once)."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    page = MemoryPage(services, a.id)
    assert page.findChild(DreamPanel) is None
    section = page.dream_panel.show_proposals()
    assert page.findChild(DreamPanel) is page.dream_panel and page.dream_panel.tabs.currentIndex() == 1
    page.show()
    qtbot.waitUntil(lambda: page.loads >= 1 and page.dream_panel.loads >= 1 and section.loads >= 1, timeout=10000)
    assert page.snippets_switch.isVisible()
    _close(page, qtbot)


def _close(page: MemoryPage, qtbot: Any) -> None:
    page.detach()
    qtbot.waitUntil(lambda: not page.runner.pending(), timeout=5000)
    page.close()
    page.deleteLater()


def test_nothing_is_said_about_the_settings_before_they_are_read(qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """MEM-1, DRM-2 (walk45 #3): until the page's first read an unticked switch, "Memory is
    off" and a schedule at Off were shown for a memory that is on with a daily dream; the
    switch and the schedule's fields hold their place unseen until the read fills them."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    services.dreams.set_schedule(a.id, "daily", "02:00")
    page = MemoryPage(services, a.id)
    assert not page.memory_switch.isVisibleTo(page) and not page.switch.warns()
    assert not page.switch_help.isVisibleTo(page)  # no lone ? where the switch will be
    page.show()
    qtbot.waitUntil(lambda: page.findChild(DreamPanel) is not None, timeout=10000)
    panel = page.findChild(DreamPanel)
    assert panel is not None
    form = panel.schedule
    if panel.loads == 0:
        assert not form.frequency_combo.isVisible() and not form.time_edit.isVisible()
        assert panel.empty_label.text() == "Loading…"  # not "No dream cards yet." before the read
    qtbot.waitUntil(lambda: page.loads >= 1 and panel.loads >= 1, timeout=10000)
    assert page.memory_switch.isVisible() and page.memory_switch.isChecked() and not page.switch.warns()
    assert form.frequency_combo.isVisible() and form.frequency_combo.currentData() == "daily"
    assert form.time_edit.text() == "02:00"
    _close(page, qtbot)


def test_a_page_closed_before_its_dream_cards_are_shown_leaves_no_read_behind(qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 30 (CI teardown error): the page's first read hands the dream cards to the
    panel after the next paint; a page closed for good in between starts no load, so
    none is applied to the panel once it is deleted ("Internal C++ object already
    deleted")."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    page = MemoryPage(services, a.id)
    panel = page.dream_panel
    page.loaded.connect(page.detach)  # closed on the turn its read is applied
    page.show()
    qtbot.waitUntil(lambda: page.loads >= 1, timeout=10000)
    qtbot.wait(400)  # past every paint and the hand-over's fallback
    assert panel.loads == 0 and not page.runner.pending()
    page.close()
    page.deleteLater()


def test_a_dream_running_before_the_panels_bar_is_made_shows_on_it(qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """APP-7 (stall54b): the dream panel is made in two steps; a scheduled run's progress
    that comes after its cards and before Dream now's bar makes the bar at once and shows
    the run there, with Stop."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    page = MemoryPage(services, a.id)
    panel = page.parts.make_panel()  # the page's first step only: the title row and the cards
    assert not panel.built and panel.findChild(QPushButton, "dreamNowButton") is None
    panel.events.dream_progress.emit(DreamProgress(a.id, "2026-01-01", DreamPhase.DREAMING))
    assert panel.built and panel.runs.running
    assert panel.progress_bar.isVisibleTo(panel) and panel.stop_button.isVisibleTo(panel)
    assert panel.stop_button.isEnabled()
    _close(page, qtbot)
