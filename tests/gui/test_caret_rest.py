"""The caret stops blinking after a while without input and blinks again on the next key,
click or focus change (issue 29: quiet at rest; GTK's ``cursor-blink-timeout``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget

from chathub_desktop.gui.shell.caret_rest import CaretRest

#: A fast blink for the test (ms a period; Qt's default is 1000) and a rest of two
#: periods: the caret blinks (every half period) before it rests.
FLASH_MS = 200
REST_MS = 2 * FLASH_MS


class _Blinks(QObject):
    """Counts the timer events of each box's text control (its caret's blink)."""

    def __init__(self, boxes: dict[str, QWidget]) -> None:
        super().__init__()
        self.boxes = boxes
        self.counts: Counter[str] = Counter()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Timer:
            for name, box in self.boxes.items():
                if obj.parent() is box and obj.metaObject().className().endswith("Control"):
                    self.counts[name] += 1
        return False


@pytest.fixture
def boxes(qtbot) -> Iterator[tuple[QWidget, QPlainTextEdit, QLineEdit, _Blinks]]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    w = QWidget()
    qtbot.addWidget(w)
    draft, line = QPlainTextEdit(), QLineEdit()
    lay = QVBoxLayout(w)
    lay.addWidget(draft)
    lay.addWidget(line)
    w.show()
    w.activateWindow()
    qtbot.waitExposed(w)
    blinks = _Blinks({"draft": draft, "line": line})
    app.installEventFilter(blinks)
    hints = app.styleHints()
    platform_flash_ms = hints.cursorFlashTime()
    hints.setCursorFlashTime(FLASH_MS)
    try:
        yield w, draft, line, blinks
    finally:
        hints.setCursorFlashTime(platform_flash_ms)
        app.removeEventFilter(blinks)


def _nothing_blinks_for_three_periods(qtbot, blinks: _Blinks) -> None:
    """Wait for a marker timer three blink periods away and check no blink came before it
    (timers fire in order of their due time, however loaded the machine)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    blinks.counts.clear()
    fired: list[bool] = []
    QTimer.singleShot(3 * max(1, app.styleHints().cursorFlashTime()), lambda: fired.append(True))
    qtbot.waitUntil(lambda: bool(fired), timeout=10_000)
    assert sum(blinks.counts.values()) == 0


def test_the_caret_stops_blinking_at_rest_and_blinks_on_the_next_key_click_or_focus(qtbot, boxes) -> None:
    w, draft, line, blinks = boxes
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    draft.setFocus()
    qtbot.waitUntil(draft.hasFocus)
    qtbot.waitUntil(lambda: blinks.counts["draft"] > 0)  # Qt blinks a focused box
    rest = CaretRest(app, timeout_ms=REST_MS)
    try:
        qtbot.waitUntil(lambda: rest.resting)
        _nothing_blinks_for_three_periods(qtbot, blinks)

        qtbot.keyClick(draft, Qt.Key.Key_A)  # a key: it blinks again, then rests again
        assert draft.toPlainText() == "a"
        blinks.counts.clear()
        qtbot.waitUntil(lambda: blinks.counts["draft"] > 0)
        qtbot.waitUntil(lambda: rest.resting)
        _nothing_blinks_for_three_periods(qtbot, blinks)

        qtbot.mouseClick(draft.viewport(), Qt.MouseButton.LeftButton)  # a click in the box
        qtbot.waitUntil(lambda: blinks.counts["draft"] > 0)
        qtbot.waitUntil(lambda: rest.resting)

        line.setFocus()  # the keyboard moves: the new box blinks, then rests
        qtbot.waitUntil(line.hasFocus)
        blinks.counts.clear()
        qtbot.waitUntil(lambda: blinks.counts["line"] > 0)
        qtbot.waitUntil(lambda: rest.resting)
        _nothing_blinks_for_three_periods(qtbot, blinks)
    finally:
        rest.close()
    assert app.styleHints().cursorFlashTime() == FLASH_MS  # the platform's blink is given back
    blinks.counts.clear()
    qtbot.waitUntil(lambda: blinks.counts["line"] > 0)



def test_the_composers_draft_rests_and_typing_or_an_input_method_wakes_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The window's draft (it has the keyboard at start): its caret rests, and a key or
    an input method's commit (CJK typing) makes it blink again."""
    from PySide6.QtGui import QInputMethodEvent

    from chathub_desktop.gui.chat.composer import Composer

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    c = Composer()
    qtbot.addWidget(c)
    c.show()
    c.activateWindow()
    qtbot.waitExposed(c)
    c.draft.setFocus()
    qtbot.waitUntil(c.draft.hasFocus)
    blinks = _Blinks({"draft": c.draft})
    app.installEventFilter(blinks)
    hints = app.styleHints()
    platform_flash_ms = hints.cursorFlashTime()
    hints.setCursorFlashTime(FLASH_MS)
    rest = CaretRest(app, timeout_ms=REST_MS)
    try:
        qtbot.waitUntil(lambda: rest.resting)
        _nothing_blinks_for_three_periods(qtbot, blinks)
        qtbot.keyClicks(c.draft, "hi")
        assert c.text() == "hi"
        qtbot.waitUntil(lambda: blinks.counts["draft"] > 0)
        qtbot.waitUntil(lambda: rest.resting)
        _nothing_blinks_for_three_periods(qtbot, blinks)
        commit = QInputMethodEvent()
        commit.setCommitString("你好")
        QApplication.sendEvent(c.draft, commit)
        assert c.text() == "hi你好"
        qtbot.waitUntil(lambda: blinks.counts["draft"] > 0)
    finally:
        rest.close()
        hints.setCursorFlashTime(platform_flash_ms)
        app.removeEventFilter(blinks)
