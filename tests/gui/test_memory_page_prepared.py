"""The Memory page is made ahead while the window is idle (issue 30: every turn of the
first open of Memory under a frame): once the window has settled, the page of the
assistant in view is built hidden, a step per turn, hosted in the page stack and
polished; it reads nothing until it is shown. The first open (the rail's Memory entry,
Ctrl+M) shows that page and reads then (MEM-2)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QListView, QPushButton, QTabWidget

from chathub_desktop.gui.memory import page_prepare
from chathub_desktop.gui.shell.nav_rail import PageId
from chathub_desktop.services.container import Services


@pytest.fixture
def assistant_first(services: Services, monkeypatch: pytest.MonkeyPatch) -> int:
    """An assistant with one fixed entry, there before the window is made (its settle
    prepares that assistant's page); no idle wait before the page is made."""
    monkeypatch.setattr(page_prepare, "PREPARE_AFTER_MS", 0)
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    services.memory.add(a.id, "Prefers metric units")
    return a.id


def test_the_first_open_of_memory_shows_the_page_made_ahead(services: Services, assistant_first: int,
                                                            window: Any, qtbot: Any) -> None:
    pages = window.pages
    qtbot.waitUntil(lambda: pages.prepared is not None, timeout=10000)
    page = pages.prepared
    assert page.assistant_id == assistant_first
    assert page.steps.done and page.dream_panel is not None  # built, every part
    assert window.page_host.page(PageId.MEMORY).widget() is page  # hosted in the stack, hidden
    assert not page.isVisible() and window.page_host.current_page_id() is PageId.CHATS
    assert page.loads == 0 and "memory" not in window.dialogs  # nothing read before it is shown
    opened = pages.open_memory()
    assert opened is page and window.dialogs["memory"] is page and page.isVisible()
    qtbot.waitUntil(lambda: page.loads >= 1 and page.dream_panel.loads >= 1, timeout=10000)
    assert page.model.entry(0).text == "Prefers metric units"  # type: ignore[union-attr]
    assert pages.prepared is None and pages.open_memory() is page  # taken: the same page again


def test_a_page_made_for_another_assistant_is_dropped_at_open(services: Services, assistant_first: int,
                                                              window: Any, qtbot: Any) -> None:
    pages = window.pages
    qtbot.waitUntil(lambda: pages.prepared is not None, timeout=10000)
    ahead = pages.prepared
    other = services.assistants.create("Other", model="gpt-4o-mini").id
    window.reload_assistants(other)
    qtbot.waitUntil(lambda: window.current_assistant_id() == other, timeout=5000)
    page = pages.open_memory()
    assert page is not ahead and page.assistant_id == other
    qtbot.waitUntil(lambda: page.loads >= 1, timeout=10000)


def test_the_page_is_made_ahead_again_after_an_assistant_switch(services: Services, assistant_first: int,
                                                                window: Any, qtbot: Any) -> None:
    """A switch to another assistant makes that assistant's page ahead once idle: its
    first open shows the page made ahead (issue 30); the first assistant's is discarded."""
    pages = window.pages
    qtbot.waitUntil(lambda: pages.prepared is not None, timeout=10000)
    first = pages.prepared
    other = services.assistants.create("Other", model="gpt-4o-mini").id
    services.memory.add(other, "Writes in British English")
    window.reload_assistants(other)
    qtbot.waitUntil(lambda: pages.prepared is not None and pages.prepared.assistant_id == other, timeout=10000)
    ahead = pages.prepared
    assert ahead is not first and window.page_host.page(PageId.MEMORY).widget() is ahead
    assert ahead.loads == 0  # nothing read before it is shown
    page = pages.open_memory()
    assert page is ahead and page.isVisible()
    qtbot.waitUntil(lambda: page.loads >= 1, timeout=10000)
    assert page.model.entry(0).text == "Writes in British English"  # type: ignore[union-attr]


def test_a_hidden_page_of_another_assistant_gives_way_to_one_made_ahead(services: Services, assistant_first: int,
                                                                        window: Any, qtbot: Any) -> None:
    """Memory opened for one assistant, the user goes back to the chats and switches: the
    other assistant's page is made ahead (the hidden one would be discarded at the open)."""
    pages = window.pages
    qtbot.waitUntil(lambda: pages.prepared is not None, timeout=10000)
    opened = pages.open_memory()
    qtbot.waitUntil(lambda: opened.loads >= 1, timeout=10000)
    window.page_host.show_page(PageId.CHATS)
    other = services.assistants.create("Other", model="gpt-4o-mini").id
    window.reload_assistants(other)
    qtbot.waitUntil(lambda: pages.prepared is not None and pages.prepared.assistant_id == other, timeout=10000)
    assert "memory" not in window.dialogs
    assert pages.open_memory() is not opened


def test_switching_assistants_on_the_memory_page_shows_the_new_assistants_memory(
        services: Services, assistant_first: int, window: Any, qtbot: Any) -> None:
    """Issue 30 ("Memory is a page of the main window … for the assistant in view"; walk57
    #3): picking another assistant while the Memory page is shown left the page on the old
    one, under the new one's avatar, and Add memory wrote into the old assistant."""
    pages = window.pages
    qtbot.waitUntil(lambda: pages.prepared is not None, timeout=10000)
    opened = pages.open_memory()
    qtbot.waitUntil(lambda: opened.loads >= 1, timeout=10000)
    other = services.assistants.create("Second", model="gpt-4o-mini").id
    services.memory.add(other, "Writes in British English")
    window.reload_assistants(other)
    qtbot.waitUntil(lambda: window.current_assistant_id() == other, timeout=5000)
    qtbot.waitUntil(lambda: pages.memory_page() is not None and pages.memory_page().assistant_id == other
                    and pages.memory_page().isVisible(), timeout=10000)
    page = pages.memory_page()
    assert window.page_host.current_page_id() is PageId.MEMORY
    qtbot.waitUntil(lambda: page.model.total() == 1, timeout=10000)
    assert page.model.entry(0).text == "Writes in British English"  # type: ignore[union-attr]


@pytest.fixture
def prep_by_hand(services: Services, monkeypatch: pytest.MonkeyPatch) -> int:
    """An assistant there before the window is made; the page made ahead waits (a step is
    run by the test, one per call)."""
    monkeypatch.setattr(page_prepare, "PREPARE_AFTER_MS", 10**7)
    monkeypatch.setattr(page_prepare, "turn_fresh", lambda: True)  # each step by hand as on a turn of its own
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    return a.id


def _step(prep: Any) -> None:
    """One step of the preparation, by hand (its timer stopped: no step runs on its own)."""
    prep._step()
    prep._timer.stop()


def test_each_part_of_the_page_made_ahead_is_a_step_of_its_own(services: Services, prep_by_hand: int,
                                                               window: Any, qtbot: Any) -> None:
    """The page made ahead is built a part per idle step (issue 30: each under a frame):
    the page down to fixed memory's title row, then its cards and the rest of its first part
    (stall54c: the two were one 8–9 ms step), its hosting, the dream panel's title row and cards, then Dream now's bar
    (stall54b: the whole panel was one 7–8 ms step), the Dreaming memory group made and then put
    in the page, the schedule form made and then put in its card, Tab set to follow the
    page's layout — none builds on its own between the steps."""
    qtbot.waitUntil(lambda: window.pages._prep is not None, timeout=10000)
    prep = window.pages._prep
    prep._imports.clear()
    kinds = []
    while prep.page is None:
        _step(prep)
        kinds.append(prep.step_name)
    page = prep.page  # made down to fixed memory's title row; the cards on the next step (stall54c)
    assert not page.built and page.findChild(QListView, "memoryList") is None
    while not prep._hosted:
        _step(prep)
        kinds.append(prep.step_name)
    assert kinds == ["frame", "make", "make lower", "host"]
    assert page.built and page.findChild(QListView, "memoryList") is page.list
    qtbot.wait(50)  # a few turns: the page's own steps do not run without the preparation
    assert page.parts.panel is None and not page.steps.done
    _step(prep)
    assert prep.step_name == "page step" and page.parts.panel is not None and page.parts.group is None
    panel = page.parts.panel  # its title row, cards and tabs; Dream now's bar on the next step (stall54b)
    assert panel.findChild(QTabWidget) is panel.tabs and panel.findChild(QPushButton, "dreamNowButton") is None
    _step(prep)
    assert panel.built and panel.findChild(QPushButton, "dreamNowButton") is panel.dream_now_button
    assert page.parts.group is None
    _step(prep)
    assert page.parts.group is not None and page.parts.group.isHidden()  # made, not in the page yet
    assert page._body_layout.indexOf(page.parts.group) == -1
    _step(prep)
    assert page.parts.fit is not None and page._body_layout.indexOf(page.parts.group) >= 0 and page.parts.panel._schedule is None
    _step(prep)  # the schedule form made, not in its card yet (stall53: the two were one 12–15 ms step)
    form = page.parts.panel._unplaced
    assert form is not None and form.isHidden() and page.parts.panel._schedule is None and not page.steps.done
    assert not form.foot_built and form.findChild(QPushButton, "saveDreamSchedule") is None  # its foot when placed
    _step(prep)
    assert page.parts.panel._schedule is form and form.isVisibleTo(page) and not page.steps.done
    assert form.findChild(QPushButton, "saveDreamSchedule") is form.save_button and form.foot.isHidden()
    _step(prep)  # Tab set to follow the page's layout, the form made last included (walk55b #6)
    assert prep.step_name == "page step" and page.steps.done
    chain, w = [], page.parts.group.fold_button
    while w.objectName() != "dreamCardList" and len(chain) < 500:  # the group's chain, top to bottom
        chain.append(w.objectName())
        w = w.nextInFocusChain()
    assert chain.index("dreamTime") < chain.index("keepDreamCards") < chain.index("dynamicMemoryHelp")
    later = []
    while not prep.done:
        _step(prep)
        later.append(prep.step_name)
        if prep.step_name == "lay out":  # the page laid out at the stack's size, nothing painted yet
            assert page.width() == window.page_host.width() and page.list.width() > 0
    # the layout at the shown size on a step of its own, then the paint a band a step (stall54c:
    # the layout and the first band were one 7.6–8.7 ms step)
    assert later[later.index("size") + 1] == "lay out" and later[later.index("lay out") + 1] == "paint"
    assert page.loads == 0 and window.pages.prepared is page


def test_typing_holds_the_next_step_back(services: Services, prep_by_hand: int, window: Any, qtbot: Any) -> None:
    """A key typed in the composer while the page is made ahead: the next step waits
    until the typing pauses (issue 30: typing is never held up by the idle build)."""
    from PySide6.QtCore import Qt

    qtbot.waitUntil(lambda: window.pages._prep is not None, timeout=10000)
    prep = window.pages._prep
    prep._imports.clear()
    _step(prep)
    assert prep.step_name == "frame"
    window.composer.setFocus()
    qtbot.keyClick(window.composer, Qt.Key.Key_A)
    prep._step()
    assert prep.step_name == "input" and prep.page is None  # nothing made: it waits
    qtbot.waitUntil(lambda: prep.page is not None, timeout=10000)  # made once the typing paused


def test_a_step_waits_for_a_turn_nothing_else_used(services: Services, prep_by_hand: int, window: Any, qtbot: Any,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30: a step of the page made ahead that finds its turn already used (a paint
    of the window, another timer's work) runs on the next turn instead: a 14 ms step after
    a 6 ms paint held the window 21 ms."""
    from chathub_desktop.gui.shell.turn_clock import FRESH_MS, turn_fresh, turn_spent_ms

    monkeypatch.setattr(page_prepare, "turn_fresh", turn_fresh)  # the real clock, not the fixture's
    qtbot.waitUntil(lambda: window.pages._prep is not None, timeout=10000)
    prep = window.pages._prep
    prep._imports.clear()
    prep._timer.stop()
    while turn_spent_ms() < 2 * FRESH_MS:  # this turn's CPU used, as by a paint before the step
        pass
    prep._step()
    assert prep.step_name == "busy turn" and prep._frame is None
    qtbot.waitUntil(lambda: prep._frame is not None, timeout=10000)  # on a later turn, by itself


def test_memory_opened_between_the_two_steps_of_the_making_shows_the_whole_page(
        services: Services, prep_by_hand: int, window: Any, qtbot: Any) -> None:
    """Memory opened (Ctrl+M) when the page made ahead is made down to fixed memory's title
    row only (stall54c): the open builds the rest, shows the cards and reads (MEM-2)."""
    services.memory.add(prep_by_hand, "Prefers metric units")
    qtbot.waitUntil(lambda: window.pages._prep is not None, timeout=10000)
    prep = window.pages._prep
    prep._imports.clear()
    while prep.page is None:
        _step(prep)
    made = prep.page
    assert not made.built
    page = window.pages.open_memory()
    assert page is made and page.built and page.isVisible()
    qtbot.waitUntil(lambda: page.loads >= 1 and page.model.entry_count() == 1, timeout=10000)
    assert page.model.entry(0).text == "Prefers metric units"  # type: ignore[union-attr]
    assert page.list.isVisibleTo(page)


def test_a_page_made_down_to_its_title_row_is_dropped_cleanly(services: Services, prep_by_hand: int,
                                                            window: Any, qtbot: Any) -> None:
    """The window closes (or the assistant changes) between the two steps of the making:
    the half-made page is discarded without a read and nothing of it stays in the stack."""
    qtbot.waitUntil(lambda: window.pages._prep is not None, timeout=10000)
    prep = window.pages._prep
    prep._imports.clear()
    while prep.page is None:
        _step(prep)
    made = prep.page
    gone: list[bool] = []
    made.destroyed.connect(lambda: gone.append(True))
    window.pages.drop_prepared()
    assert window.pages._prep is None and made.loads == 0
    qtbot.waitUntil(lambda: bool(gone), timeout=5000)
