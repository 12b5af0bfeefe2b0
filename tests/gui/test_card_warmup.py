"""The Memory page's card painting is set up while the window is idle (issue 30, mem46):
the first open of Memory in a process paid PySide's enum types, the card fonts' first
text layouts and the card icons inside its first paint. The window pays them once its
first topic is shown and counted, one small step per turn of the event loop."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from chathub_desktop.gui.memory import card_warmup


@pytest.fixture
def cold_cards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A process whose card painting was never set up (before the window is made)."""
    monkeypatch.setattr(card_warmup, "_state", {"started": False, "done": False})
    yield


def test_the_window_sets_up_card_painting_once_idle_in_steps(cold_cards: None, window: Any, qtbot: Any,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the window has settled (no topic to show, the badge idle) the cards are
    measured and painted offscreen, each step in a turn of its own, then never again."""
    qtbot.waitUntil(card_warmup.warmed, timeout=10000)
    assert card_warmup._state["started"]
    steps = card_warmup._card_steps()
    assert len(steps) >= 5  # measure and paint per card (fixed, note, dream), then the views dropped
    ran: list[int] = []
    monkeypatch.setattr(card_warmup, "_card_steps", lambda: [lambda: ran.append(1)])
    card_warmup.warm_card_paint_later()
    card_warmup.warm_card_paint()
    qtbot.wait(20)
    assert ran == []  # once per process


def test_later_runs_one_step_per_turn(cold_cards: None, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """No step runs in the caller's turn, and each later step waits for the next turn."""
    from PySide6.QtWidgets import QApplication

    ran: list[int] = []
    monkeypatch.setattr(card_warmup, "_card_steps", lambda: [lambda n=n: ran.append(n) for n in range(3)])
    card_warmup.warm_card_paint_later()
    assert ran == [] and not card_warmup.warmed()
    QApplication.processEvents()  # one pass runs the timers due then: the first step
    assert ran[:1] == [0]
    qtbot.waitUntil(card_warmup.warmed, timeout=3000)
    assert ran == [0, 1, 2]


def test_steps_left_after_its_views_are_deleted_do_nothing(cold_cards: None, qtbot: Any) -> None:
    """A closing app (or a test's teardown) deletes every top-level widget, the warm-up's
    offscreen views too: the steps left then skip them instead of raising (the suite's
    "Internal C++ object (QListView) already deleted" flake)."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication, QListView

    steps = card_warmup._card_steps()
    for w in QApplication.topLevelWidgets():
        if isinstance(w, QListView) and not w.isVisible():
            w.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    for step in steps:
        step()  # raised RuntimeError before
