"""View menu (issue 16): light / dark / system themes kept across starts, text size,
and a sidebar that folds away on a narrow window."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.messages import Role
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
    from chathub_desktop.gui.shell.main_window import MainWindow

    ini = tmp_path / "window.ini"
    w = MainWindow(services, settings_file=ini)
    qtbot.addWidget(w)
    w.view.theme_actions["dark"].trigger()
    assert _base_lightness() < 60
    text = QApplication.palette().color(QPalette.ColorRole.Text).lightness()
    assert text > 200  # light text on the dark base
    from chathub_desktop.gui.chat.message_delegate import _colors

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


def test_text_size_scales_the_conversation_and_draft_live_and_is_kept(  # type: ignore[no-untyped-def]
        qloop, services, qtbot, tmp_path, restore_look):
    """walk29 #24: View → Text size → Larger / Smaller / Default (Ctrl+= / Ctrl+- / Ctrl+0)
    resizes the conversation and the composer at once (on top of the reading size, type53),
    the rest of the window keeps its size, and the choice is kept in window.ini beside the theme."""
    from chathub_desktop.gui.design.tokens import TextSize, TypeScale
    from chathub_desktop.gui.shell.main_window import MainWindow
    from tests.gui.helpers import reload_assistants, wait_shown

    services.assistants.create("Helper")
    topic = services.topics.create("Helper").id
    services.topics.append_message(topic, Role.USER, "A question long enough to wrap once the text is larger " * 3)
    ini = tmp_path / "window.ini"
    w = MainWindow(services, settings_file=ini)
    qtbot.addWidget(w)
    w.resize(900, 700)
    w.show()
    reload_assistants(w, qtbot)
    wait_shown(w, qtbot, topic)
    menu = [a.text() for a in w.view.text_size_menu.actions()]
    assert w.view.text_size_menu.title() == "Text si&ze" and menu == ["&Smaller", "&Default", "&Larger"]
    assert w.view.larger_action.shortcuts()[-1].toString() == "Ctrl+="
    assert w.view.default_size_action.shortcut().toString() == "Ctrl+0"
    app = QApplication.font().pointSizeF()
    base = app * TypeScale.READING.value
    index = w.message_model.index(0)
    qtbot.waitUntil(lambda: w.message_view.visualRect(index).height() > 0)
    row = w.message_view.visualRect(index).height()

    w.view.larger_action.trigger()
    assert w.message_view.font().pointSizeF() == pytest.approx(base * TextSize.LARGER.factor, abs=0.1)
    assert w.composer.draft.font().pointSizeF() == pytest.approx(base * TextSize.LARGER.factor, abs=0.1)
    assert w.topic_list.font().pointSizeF() == pytest.approx(app)  # the rest keeps its size
    qtbot.waitUntil(lambda: w.message_view.visualRect(index).height() > row)  # laid out again, live
    assert w.view.larger_action.isChecked()
    w.view.smaller_action.trigger()
    assert w.message_view.font().pointSizeF() == pytest.approx(base * TextSize.SMALLER.factor, abs=0.1)
    qtbot.waitUntil(lambda: w.message_view.visualRect(index).height() < row)
    w.view.larger_action.trigger()
    _shut(w, qloop, qtbot)

    again = MainWindow(services, settings_file=ini)  # the next start keeps the choice
    qtbot.addWidget(again)
    assert again.view.prefs.text_size is TextSize.LARGER and again.view.larger_action.isChecked()
    assert again.composer.draft.font().pointSizeF() == pytest.approx(base * TextSize.LARGER.factor, abs=0.1)
    again.view.default_size_action.trigger()
    assert again.composer.draft.font().pointSizeF() == pytest.approx(base, abs=0.1)
    _shut(again, qloop, qtbot)


def test_sidebar_folds_on_a_narrow_window_and_returns(window, qtbot):  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.shell.view_menu import NARROW_PX

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


def test_the_same_theme_again_leaves_the_widgets_alone_and_a_switch_restyles_them(  # type: ignore[no-untyped-def]
        qapp, qtbot, restore_look):
    """Each window applies the kept theme when it is built (issue 28): the sheet it
    already has is not set again, which repolished every widget of the app (~0.14 s a
    window); another theme still restyles every widget."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QLabel

    from chathub_desktop.gui.design.theme import apply_theme

    class Restyles(QObject):
        count = 0

        def eventFilter(self, _watched, event):  # type: ignore[no-untyped-def]  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.StyleChange:
                self.count += 1
            return False

    apply_theme(qapp, "dark")
    label = QLabel("Hello")
    qtbot.addWidget(label)
    label.show()
    restyles = Restyles()
    label.installEventFilter(restyles)
    apply_theme(qapp, "dark")
    assert restyles.count == 0
    apply_theme(qapp, "light")
    assert restyles.count > 0
