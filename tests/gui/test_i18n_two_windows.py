"""A language switch with two windows (session 51: in scripts that built a second window,
View → Language raised "Internal C++ object (QMenu) already deleted" in the View menu's
retranslation, called from the other window's ``changeEvent``).

A window's menus are top-level widgets of their own: a sweep of top-level widgets (the
app's exit in ``app_bootstrap``, the GUI tests' teardown) lists them in no order, so one
may go before its window. Each menu now re-says its own texts on the change it hears,
never through its window, so a window whose menus are gone is translated without
touching them."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QMenu

from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.services.container import Services
from tests.gui.helpers import settled


def test_a_switch_in_one_window_translates_the_other_whose_menus_went_first(
        window: Any, services: Services, qtbot: Any, qloop: Any) -> None:
    from chathub_desktop.gui.shell.main_window import MainWindow

    before = {id(w) for w in QApplication.topLevelWidgets()}
    second = MainWindow(services)
    second.show()
    qtbot.waitExposed(second)
    settled(second, qtbot)  # its assistants listed: a late listing filled the rail's menu deleted below (a load race)
    menus = [w for w in QApplication.topLevelWidgets() if id(w) not in before and isinstance(w, QMenu)
             and w.objectName() != "trayMenu"]  # the tray's, parentless, goes at its shutdown
    assert second.view.menu in menus and second.app_menu in menus and second.rail.menu in menus
    for m in menus:  # a sweep reached the second window's menus first
        m.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    try:
        window.view.language_actions[UiLanguage.JAPANESE].trigger()
        qtbot.waitUntil(lambda: second.new_topic_action.text() != "New &topic", timeout=5000)
        assert window.view.menu.title() == "表示" and window.app_menu.title() != "Menu"
        assert second.composer.send_button.text() == "送信"  # the rest of that window is translated
    finally:
        window.view.language.apply(UiLanguage.ENGLISH)
        done: list[bool] = []
        qloop.create_task(second.shutdown()).add_done_callback(lambda _t: done.append(True))
        qtbot.waitUntil(lambda: bool(done), timeout=5000)
        second.close()
        second.deleteLater()
    assert window.view.menu.title() == "&View"
