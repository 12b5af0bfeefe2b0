"""Screenshots of style52 (issue 28/29; a script, not a test): check boxes, radio buttons,
the Memory page's switch, segments, checkable list items and menu entries, unchecked,
checked, partly checked, disabled and with the keyboard's focus, in the light and the
dark theme; each shot is run through the design audit (contrast, clipping).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.style52_screenshot [OUT_DIR]
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.gui.shot_harness import audited, run


def _gallery() -> tuple[Any, Any]:
    """The widget showing every indicator state, and the check box that takes the focus."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import (
        QCheckBox,
        QGridLayout,
        QListWidget,
        QListWidgetItem,
        QRadioButton,
        QWidget,
    )

    from chathub_desktop.gui.design.segmented import SegmentedControl

    w = QWidget()
    w.setAutoFillBackground(True)
    grid = QGridLayout(w)
    boxes = [QCheckBox(t) for t in ("Unchecked", "Checked", "Partly checked", "Disabled", "Disabled, checked",
                                    "Keyboard focus")]
    boxes[1].setChecked(True)
    boxes[2].setTristate(True)
    boxes[2].setCheckState(Qt.CheckState.PartiallyChecked)
    boxes[3].setEnabled(False)
    boxes[4].setChecked(True)
    boxes[4].setEnabled(False)
    for i, b in enumerate(boxes):
        grid.addWidget(b, i, 0)
    radios = [QRadioButton(t) for t in ("Unchosen", "Chosen", "Disabled", "Disabled, chosen")]
    for r in radios:
        r.setAutoExclusive(False)
    radios[1].setChecked(True)
    radios[3].setChecked(True)
    for r in radios[2:]:
        r.setEnabled(False)
    for i, r in enumerate(radios):
        grid.addWidget(r, i, 1)
    switch = QCheckBox()
    switch.setObjectName("memorySwitch")
    switch.setChecked(True)
    grid.addWidget(switch, 4, 1)
    seg = SegmentedControl()
    for t in ("Day", "Week", "Month"):
        seg.addItem(t)
    seg.setCurrentIndex(1)
    grid.addWidget(seg, 6, 0, 1, 2)
    items = QListWidget()
    for t, state in (("Web search", Qt.CheckState.Checked), ("Files", Qt.CheckState.Unchecked),
                     ("Shell", Qt.CheckState.PartiallyChecked)):
        it = QListWidgetItem(t, items)
        it.setFlags(it.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        it.setCheckState(state)
    items.setCurrentRow(0)
    items.setMaximumHeight(90)
    grid.addWidget(items, 7, 0, 1, 2)
    w.resize(420, 360)
    return w, boxes[5]


def main(out: Path) -> int:
    """Grab the gallery and a menu with checkable entries in each theme; 1 when an audit failed."""
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QActionGroup
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QMenu

    from chathub_desktop.gui.design.theme import apply_theme

    app = QApplication.instance() or QApplication([])
    failed = 0
    for theme in ("light", "dark"):
        apply_theme(app, theme, hint=False)
        w, focus = _gallery()
        w.show()
        QTest.qWaitForWindowExposed(w)
        w.activateWindow()
        QTest.keyClick(w, Qt.Key.Key_Tab)  # a focus change by the keyboard
        focus.setFocus(Qt.FocusReason.TabFocusReason)
        QTest.qWait(100)
        w.grab().save(str(out / f"indicators-{theme}.png"))
        failed += not audited(w, f"indicators-{theme}", theme)
        menu = QMenu()
        menu.addAction("Show archived").setCheckable(True)
        done = menu.addAction("Show pinned first")
        done.setCheckable(True)
        done.setChecked(True)
        menu.addSeparator()
        group = QActionGroup(menu)
        for i, t in enumerate(("Light", "Dark", "System")):
            a = menu.addAction(t)
            a.setCheckable(True)
            a.setChecked(i == (theme == "dark"))
            group.addAction(a)
        menu.popup(QPoint(40, 40))
        QTest.qWait(100)
        menu.grab().save(str(out / f"menu-{theme}.png"))
        menu.close()
        w.close()
    return 1 if failed else 0


if __name__ == "__main__":
    run(main)
