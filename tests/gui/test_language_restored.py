"""Issue 30 (a flaky timeline test under ``-n 2``): a test that switches the interface
language and puts back only some of it must not leave the next test in the same process
writing dates in that language. tests/gui/conftest.py restores the language after every
test; the two tests below run in this order in one process."""

from __future__ import annotations

from datetime import date

import shiboken6
from PySide6.QtCore import QCoreApplication, QLocale, QObject

from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.i18n import LanguageSwitcher


def test_a_test_that_switches_to_chinese_and_puts_back_half(qapp) -> None:  # type: ignore[no-untyped-def]
    owner = QObject()
    LanguageSwitcher(owner, qapp, None).apply(UiLanguage.CHINESE_SIMPLIFIED)  # as the View menu does
    assert format_day(date(2026, 11, 22)) == "2026年11月22日"
    shiboken6.delete(owner)  # its translators leave the app
    QLocale.setDefault(QLocale("en"))  # the app's UI_LANGUAGE stays "zh_CN"


def test_the_next_test_writes_english_dates(qapp) -> None:  # type: ignore[no-untyped-def]
    assert format_day(date(2026, 11, 22)) == "22 Nov 2026"
    assert QCoreApplication.translate("MainWindow", "Send") == "Send"
