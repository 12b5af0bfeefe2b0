"""TOK-2: the draft is recounted after a ~300 ms typing pause, not per keystroke.

``qtbot.keyClicks`` without a delay types faster than any timer fires, so these tests
type, then watch the clock: nothing may settle before about 300 ms have passed since the
last keystroke, and exactly one recount follows a burst of typing."""

from __future__ import annotations

import time

from chathub_desktop.gui.composer import Composer


def _composer(qtbot):  # type: ignore[no-untyped-def]
    composer = Composer()
    qtbot.addWidget(composer)
    settled: list[tuple[float, str]] = []
    composer.draft_settled.connect(lambda text: settled.append((time.monotonic(), text)))
    return composer, settled


def test_no_recount_before_300_ms_and_one_after(qtbot) -> None:  # type: ignore[no-untyped-def]
    composer, settled = _composer(qtbot)
    qtbot.keyClicks(composer.draft, "hello")
    typed = time.monotonic()
    qtbot.wait(100)
    assert settled == []  # 100 ms after the last key: still waiting
    qtbot.waitUntil(lambda: bool(settled), timeout=3000)
    assert settled[0][0] - typed >= 0.28  # a timer never fires early; ~300 ms (TOK-2)
    assert [text for _, text in settled] == ["hello"]


def test_each_keystroke_restarts_the_pause(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Keys 100 ms apart (less than the pause) give one recount, of the whole draft,
    about 300 ms after the last key."""
    composer, settled = _composer(qtbot)
    typed = 0.0
    for key in "abcd":
        qtbot.keyClicks(composer.draft, key)
        typed = time.monotonic()
        qtbot.wait(100)  # events run meanwhile: a shorter pause would fire here
    assert settled == []  # 400 ms of typing, never a 300 ms pause
    qtbot.waitUntil(lambda: bool(settled), timeout=3000)
    qtbot.wait(400)
    assert [text for _, text in settled] == ["abcd"]
    assert settled[0][0] - typed >= 0.28
