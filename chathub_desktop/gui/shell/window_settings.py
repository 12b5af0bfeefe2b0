"""The window's own preferences, each declared once (issue 31): key, type, default and a
help line, read and kept in the window's ``QSettings`` (an INI file beside the store,
not the store's ``app_setting`` table) through the declarations' parsers
(:mod:`chathub_desktop.core.app_settings`), so no caller casts what ``QSettings`` hands
back. A value that no longer parses (hand-edited, from a newer version) reads as the
default.

Window geometry and the splitter state are Qt's own byte blobs and stay outside.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar

from chathub_desktop.core.app_settings import ChoiceSetting, FlagSetting, Setting
from chathub_desktop.core.ui_language import LANGUAGE_SETTING
from chathub_desktop.gui.chat.send_keys import SendKey
from chathub_desktop.gui.design.tokens import TextSize, Theme

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

__all__ = ["LANGUAGE", "NOTIFICATIONS", "SEND_KEY", "SETUP_SHOWN", "TEXT_SIZE", "THEME", "WINDOW_SETTINGS", "keep",
           "kept"]

T = TypeVar("T")

#: View → Theme (issue 16).
THEME = ChoiceSetting("view/theme", Theme.SYSTEM, "light, dark or the platform's scheme", Theme)
#: View → Text size of the conversation and the draft (walk29 #24).
TEXT_SIZE = ChoiceSetting("view/text_size", TextSize.DEFAULT, "text size of the conversation", TextSize)
#: Which key sends the draft (issue 29).
SEND_KEY = ChoiceSetting("view/send_key", SendKey.ENTER, "the key that sends the draft", SendKey)
#: Desktop notifications (on unless switched off).
NOTIFICATIONS = FlagSetting("view/notifications", True, "desktop notifications (on/off)")
#: The interface language (issue 27; declared in core beside :class:`UiLanguage`).
LANGUAGE = LANGUAGE_SETTING
#: The first-run setup was finished or closed once (walkthrough F5).
SETUP_SHOWN = FlagSetting("setup/shown", False, "the first-run setup was shown")

#: Every declared window preference by key.
WINDOW_SETTINGS: dict[str, Setting[Any]] = {s.key: s for s in (THEME, TEXT_SIZE, SEND_KEY, NOTIFICATIONS, LANGUAGE,
                                                                SETUP_SHOWN)}


def kept(settings: QSettings | None, setting: Setting[T]) -> T:
    """The typed value of ``setting`` in ``settings`` (its default when absent, no longer
    valid, or when ``settings`` is ``None``: nothing is kept, for tests and the inert window)."""
    return setting.default if settings is None else setting.stored(settings.value(setting.key))


def keep(settings: QSettings | None, setting: Setting[T], value: T) -> None:
    """Keep ``value`` (already of ``setting``'s type) in ``settings`` as a word: an enum's
    value, ``true``/``false`` for a flag; nothing when ``settings`` is ``None``."""
    if settings is None:
        return
    if isinstance(value, Enum):
        settings.setValue(setting.key, value.value)
    elif isinstance(value, bool):
        settings.setValue(setting.key, "true" if value else "false")
    else:
        settings.setValue(setting.key, value)
