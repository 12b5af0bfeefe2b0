"""The app's style answers Qt's hints as its base style does, but for the shortcut
underline (walk29 #13: only while Alt is held); the answer ``QWidget.isActiveWindow``
asks of every widget outside the active window is read once from the base (issue 30,
mem51: 2,400 of the 3,900 hints one open of the Memory page asked)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QPushButton, QStyle, QStyleFactory, QWidget

from chathub_desktop.gui.design.indicators import BARE_INDICATOR, ThemedStyle
from chathub_desktop.gui.design.theme import ViewPrefs

HINTS = (QStyle.StyleHint.SH_Widget_ShareActivation, QStyle.StyleHint.SH_ToolButton_PopupDelay,
         QStyle.StyleHint.SH_Button_FocusPolicy, QStyle.StyleHint.SH_ItemView_ShowDecorationSelected,
         QStyle.StyleHint.SH_ScrollView_FrameOnlyAroundContents)


def test_every_hint_but_the_underline_is_the_base_styles(qapp, qtbot) -> None:  # type: ignore[no-untyped-def]
    themed, base = ThemedStyle("Fusion"), QStyleFactory.create("Fusion")
    assert base is not None
    button = QPushButton("&Add…")
    qtbot.addWidget(button)
    for hint in HINTS:
        assert themed.styleHint(hint, None, button) == base.styleHint(hint, None, button), hint
        assert themed.styleHint(hint) == base.styleHint(hint), hint
    assert base.styleHint(QStyle.StyleHint.SH_UnderlineShortcut, None, button) == 1
    assert themed.styleHint(QStyle.StyleHint.SH_UnderlineShortcut, None, button) == 0  # Alt is not held
    themed.alt_held = True
    assert themed.styleHint(QStyle.StyleHint.SH_UnderlineShortcut, None, button) == 1



@pytest.fixture
def restore_look(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    ViewPrefs(qapp, None).apply()  # the platform's theme again for the other tests


def _colours_in(w: QWidget) -> set[str]:
    """The colours painted in ``w``'s first 20 px columns (its indicator; the label starts after)."""
    image = w.grab().toImage()
    return {image.pixelColor(x, y).name() for x in range(min(20, image.width())) for y in range(image.height())}


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_each_indicator_state_shows_in_the_tokens_colours(qapp, qtbot, restore_look, theme) -> None:  # type: ignore[no-untyped-def]
    """Walkthrough F6 / style52: the stylesheet's indicator images (no Python per paint)
    show every state a user reads in the design tokens: the outline of an unchecked box,
    the fill and tick of a checked or partly checked one, the dot of a chosen radio
    button, the disabled colour, and the focus colour on the focused control; the sizes
    stay those of the base style (rows of check boxes keep their pitch; a setting row's
    switch ends at the row's end)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QCheckBox, QRadioButton, QVBoxLayout

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.design.tokens import colours_for

    apply_theme(qapp, theme, hint=False)
    c = colours_for(theme == "dark")
    w = QWidget()
    qtbot.addWidget(w)
    lay = QVBoxLayout(w)
    off, on, part, gone, radio, focused = (QCheckBox("Off"), QCheckBox("On"), QCheckBox("Part"), QCheckBox("Gone"),
                                           QRadioButton("Chosen"), QCheckBox("Focused"))
    on.setChecked(True)
    part.setTristate(True)
    part.setCheckState(Qt.CheckState.PartiallyChecked)
    gone.setChecked(True)
    gone.setEnabled(False)
    radio.setChecked(True)
    for b in (off, on, part, gone, radio, focused):
        lay.addWidget(b)
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    focused.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(focused.hasFocus)
    assert {c.indicator, c.surface} <= _colours_in(off)
    for checked in (on, part, radio):
        assert {c.indicator_on, c.indicator_mark} <= _colours_in(checked), checked.text()
    assert c.disabled in _colours_in(gone) and c.indicator_on not in _colours_in(gone)
    assert c.focus in _colours_in(focused) and c.indicator not in _colours_in(focused)
    assert off.sizeHint().height() == 19 and on.sizeHint().height() == 19  # Fusion's: 14 px indicator + 4 + 1
    bare = QCheckBox()  # a setting row's switch: its title is its label
    bare.setProperty(BARE_INDICATOR, True)
    assert bare.sizeHint().width() == 14  # Fusion's: the box ends where the row ends
