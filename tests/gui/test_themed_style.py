"""The app's style answers Qt's hints as its base style does, but for the shortcut
underline (walk29 #13: only while Alt is held); the answer ``QWidget.isActiveWindow``
asks of every widget outside the active window is read once from the base (issue 30,
mem51: 2,400 of the 3,900 hints one open of the Memory page asked)."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QStyle, QStyleFactory

from chathub_desktop.gui.design.indicators import ThemedStyle

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

