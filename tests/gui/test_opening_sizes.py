"""Windows open within their screen's free room (issue 29, "Fits a laptop"; walk53/a11y53:
the main window opened at 1280×800, taller than a 1366×768 laptop's room): the main
window, and a geometry saved on a larger screen is not restored onto a smaller one. The
test screen (offscreen) is 800×800, smaller than the 1280×800 the window asks for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QSplitter, QWidget

from chathub_desktop.gui.shell.screen_room import SCREEN_AIR, fits_room, room_for
from chathub_desktop.gui.shell.window_geometry import OPENING_SIZE, WindowGeometry


def test_a_size_is_bounded_by_the_free_room_less_the_air() -> None:
    laptop = QSize(1366, 768 - 40)  # less a 40 px task bar
    assert room_for(OPENING_SIZE, laptop) == QSize(1280, 728 - SCREEN_AIR)
    assert room_for(QSize(720, 640), QSize(1024, 576 - 40)) == QSize(720, 536 - SCREEN_AIR)
    assert room_for(QSize(600, 400), laptop) == QSize(600, 400)  # room enough: as asked
    free = QRect(0, 40, 1366, 728)
    assert fits_room(QRect(100, 100, 1000, 600), free)
    assert not fits_room(QRect(0, 0, 1280, 800), free)  # the old opening size
    assert not fits_room(QRect(400, 100, 1000, 600), free)  # off the right edge


def test_the_main_window_opens_within_its_screen(qtbot: Any) -> None:
    from chathub_desktop.gui.shell.main_window import MainWindow

    w = MainWindow(None)
    qtbot.addWidget(w)
    room = w.screen().availableGeometry().size()
    assert room.width() < OPENING_SIZE.width()  # the test screen is the small one (800×800)
    assert w.height() == room.height() - SCREEN_AIR, (w.size(), room)
    assert w.width() == max(room.width() - SCREEN_AIR, w.minimumWidth()) <= room.width()  # 800: the design's least


def test_a_saved_geometry_comes_back_only_when_it_fits(qtbot: Any, tmp_path: Path) -> None:
    remembered = WindowGeometry(tmp_path / "window.ini")

    def saved_then_restored(rect: QRect) -> QWidget:
        old, new = QWidget(), QWidget()
        for widget in (old, new):
            qtbot.addWidget(widget)
        old.setGeometry(rect)
        remembered.save(old, QSplitter(), None)
        remembered.restore(new, QSplitter())
        return new

    assert saved_then_restored(QRect(60, 50, 600, 400)).size() == QSize(600, 400)  # fits: as saved
    room = room_for(OPENING_SIZE, QGuiApplication.primaryScreen().availableGeometry().size())
    assert saved_then_restored(QRect(0, 0, 1800, 1100)).size() == room  # a big monitor's: fitted
