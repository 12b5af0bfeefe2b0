"""The first minutes look current (issue 29, walk29 #13, #19–#22): shortcut letters
underlined only while Alt is held, the next step when no topic is open, an empty topic's
greeting with suggested prompts, the topic context menu in sections, About with links
and its details behind an expander."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QPushButton, QStyle


def test_shortcut_letters_are_underlined_only_while_alt_is_held(window, qtbot):  # type: ignore[no-untyped-def]
    """Walk29 #13: "&Add…" showed its underline everywhere, as a 2005 Qt dialog; now the
    style hides it until Alt goes down and hides it again when Alt goes up."""
    style = QApplication.style()
    button = QPushButton("&Add…")
    qtbot.addWidget(button)
    button.show()
    hint = QStyle.StyleHint.SH_UnderlineShortcut
    assert style.styleHint(hint, None, button) == 0
    QApplication.sendEvent(button, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Alt, Qt.KeyboardModifier.AltModifier))
    assert style.styleHint(hint, None, button) == 1
    QApplication.sendEvent(button, QKeyEvent(QEvent.Type.KeyRelease, Qt.Key.Key_Alt, Qt.KeyboardModifier.NoModifier))
    assert style.styleHint(hint, None, button) == 0
