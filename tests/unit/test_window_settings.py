"""The window's own preferences are declared once and read typed (issue 31): what the
window keeps in ``window.ini`` reads back as the same typed value, words written by
earlier versions read as before, and a hand-edited value reads as the default."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.chat.send_keys import SendKey
from chathub_desktop.gui.design.tokens import TextSize, Theme
from chathub_desktop.gui.shell import window_settings as ws


def _ini(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "window.ini"), QSettings.Format.IniFormat)


def test_what_the_window_keeps_reads_back_typed(tmp_path: Path) -> None:
    settings = _ini(tmp_path)
    for setting, value in ((ws.THEME, Theme.DARK), (ws.TEXT_SIZE, TextSize.LARGER), (ws.SEND_KEY, SendKey.CTRL_ENTER),
                           (ws.NOTIFICATIONS, False), (ws.LANGUAGE, UiLanguage.JAPANESE), (ws.SETUP_SHOWN, True)):
        ws.keep(settings, setting, value)
    settings.sync()
    again = _ini(tmp_path)
    assert [ws.kept(again, s) for s in ws.WINDOW_SETTINGS.values()] == [
        Theme.DARK, TextSize.LARGER, SendKey.CTRL_ENTER, False, UiLanguage.JAPANESE, True]


def test_earlier_words_read_as_before_and_a_hand_edit_reads_as_the_default(tmp_path: Path) -> None:
    (tmp_path / "window.ini").write_text(
        "[view]\ntheme=purple\ntext_size=smaller\nsend_key=ctrl_enter\nnotifications=false\nlanguage=klingon\n"
        "[setup]\nshown=true\n", encoding="utf-8")
    settings = _ini(tmp_path)
    assert ws.kept(settings, ws.THEME) is Theme.SYSTEM  # not a theme: the default
    assert ws.kept(settings, ws.TEXT_SIZE) is TextSize.SMALLER
    assert ws.kept(settings, ws.SEND_KEY) is SendKey.CTRL_ENTER
    assert ws.kept(settings, ws.NOTIFICATIONS) is False
    assert ws.kept(settings, ws.LANGUAGE) is UiLanguage.SYSTEM
    assert ws.kept(settings, ws.SETUP_SHOWN) is True
    assert [ws.kept(None, s) for s in ws.WINDOW_SETTINGS.values()] == [s.default for s in ws.WINDOW_SETTINGS.values()]
