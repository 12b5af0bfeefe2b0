"""View menu (issue 16): light / dark / system themes kept across starts, text size,
and a sidebar that folds away on a narrow window."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.design.theme import ViewPrefs


@pytest.fixture
def restore_look(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    font = QApplication.font()
    yield
    ViewPrefs(qapp, None).apply()  # the platform's theme again for the other tests
    QApplication.setFont(font)


def _base_lightness() -> int:
    return QApplication.palette().color(QPalette.ColorRole.Base).lightness()


def _shut(w, qloop, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Close ``w`` as the app does: its tasks (the first-run check) end before it goes."""
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()


def test_dark_and_light_themes_apply_and_are_kept(qloop, services, qtbot, tmp_path, restore_look):  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.main_window import MainWindow

    ini = tmp_path / "window.ini"
    w = MainWindow(services, settings_file=ini)
    qtbot.addWidget(w)
    w.view.theme_actions["dark"].trigger()
    assert _base_lightness() < 60
    text = QApplication.palette().color(QPalette.ColorRole.Text).lightness()
    assert text > 200  # light text on the dark base
    from chathub_desktop.gui.message_delegate import _colors

    # bubbles and code blocks pick their dark colours once the palette reached the view
    qtbot.waitUntil(lambda: _colors(w.message_view.palette())[1], timeout=2000)
    _shut(w, qloop, qtbot)
    again = MainWindow(services, settings_file=ini)  # the next start keeps the choice
    qtbot.addWidget(again)
    assert again.view.prefs.theme == "dark" and again.view.theme_actions["dark"].isChecked()
    assert _base_lightness() < 60
    again.view.theme_actions["light"].trigger()
    assert _base_lightness() > 200
    _shut(again, qloop, qtbot)


def test_text_size_steps_and_resets(window, qtbot, restore_look):  # type: ignore[no-untyped-def]
    start = QApplication.font().pointSize()
    window.view.larger_action.trigger()
    window.view.larger_action.trigger()
    assert QApplication.font().pointSize() == start + 2
    window.view.smaller_action.trigger()
    assert QApplication.font().pointSize() == start + 1
    window.view.default_size_action.trigger()
    assert QApplication.font().pointSize() == start


def test_sidebar_folds_on_a_narrow_window_and_returns(window, qtbot):  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.view_menu import NARROW_PX

    window.show()
    qtbot.waitExposed(window)
    window.resize(NARROW_PX + 300, 700)
    qtbot.waitUntil(lambda: window.sidebar.isVisible(), timeout=2000)
    window.resize(NARROW_PX - 200, 700)
    qtbot.waitUntil(lambda: not window.sidebar.isVisible(), timeout=2000)
    assert not window.view.sidebar_action.isChecked()
    window.view.sidebar_action.trigger()  # Ctrl+B brings it back on demand
    assert window.sidebar.isVisible()
    window.resize(NARROW_PX + 300, 700)
    qtbot.waitUntil(lambda: window.sidebar.isVisible(), timeout=2000)
    window.view.sidebar_action.trigger()  # hidden by hand while wide: stays hidden
    window.resize(NARROW_PX - 200, 700)
    window.resize(NARROW_PX + 300, 700)
    qtbot.wait(50)
    assert not window.sidebar.isVisible()
