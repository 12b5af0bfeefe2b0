"""TOK-2: the draft is recounted after a ~300 ms typing pause, not per keystroke.

No wall-clock bound (house rule, issue 28: "≥ 0.28 s" failed at 0.278 s under load).
``qtbot.keyClicks`` sends key events without running the event loop, so no timer can fire
while it types: the tests check that typing emits nothing, that the pause is a 300 ms
single-shot timer that each keystroke starts again, and that one recount, of the whole
draft, follows once the loop runs."""

from __future__ import annotations

from PySide6.QtCore import QTimer

from chathub_desktop.gui.chat.composer import Composer


def _composer(qtbot):  # type: ignore[no-untyped-def]
    composer = Composer()
    qtbot.addWidget(composer)
    settled: list[str] = []
    composer.draft_settled.connect(settled.append)
    return composer, settled


def _pause(composer: Composer) -> QTimer:
    """The typing pause: the one single-shot timer of the composer running after a key."""
    running = [t for t in composer.findChildren(QTimer) if t.isActive() and t.isSingleShot()]
    assert len(running) == 1, running
    return running[0]


def test_no_recount_while_typing_and_one_after_a_300_ms_pause(qtbot) -> None:  # type: ignore[no-untyped-def]
    composer, settled = _composer(qtbot)
    qtbot.keyClicks(composer.draft, "hello")
    assert settled == []  # five keystrokes, no recount yet
    pause = _pause(composer)
    assert pause.interval() == 300  # ~300 ms (TOK-2)
    qtbot.waitUntil(lambda: bool(settled), timeout=3000)
    assert settled == ["hello"]
    assert not pause.isActive()  # nothing else pending: exactly one recount


def test_each_keystroke_restarts_the_pause(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A key typed during the pause starts it again; one recount, of the whole draft."""
    composer, settled = _composer(qtbot)
    qtbot.keyClicks(composer.draft, "ab")
    pause = _pause(composer)
    while pause.remainingTime() > pause.interval() - 50:
        pass  # let the clock move without running the loop: the timer cannot fire here
    left = pause.remainingTime()
    qtbot.keyClicks(composer.draft, "c")
    assert pause.remainingTime() > left  # the pause started again
    assert settled == []
    qtbot.waitUntil(lambda: bool(settled), timeout=3000)
    assert settled == ["abc"]
    assert not pause.isActive()
