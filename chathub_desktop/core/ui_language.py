"""The interface languages (issue 27): which ones ship, how a stored choice is read and
how "System" resolves against the desktop's locale. Pure data and parsing: no Qt.

The choice changes only what the user reads in the window. What the model sees (the
memory block, untrusted-section text, summary and dream prompts, tool descriptions) and
the CLI's output stay English whatever is chosen.
"""

from __future__ import annotations

from enum import Enum

from chathub_desktop.core.app_settings import ChoiceSetting

__all__ = ["LANGUAGE_SETTING", "UiLanguage", "parse_language", "resolve_language"]


class UiLanguage(Enum):
    """An interface language choice; the value is the stored word and, except for
    ``SYSTEM``, the Qt locale name of the shipped translation (``resources/i18n``)."""

    SYSTEM = "system"
    ENGLISH = "en"
    CHINESE_SIMPLIFIED = "zh_CN"
    JAPANESE = "ja"

    @property
    def native_name(self) -> str:
        """The language's name in itself, as the View → Language menu shows it (never
        translated: a user who cannot read the current language still finds theirs)."""
        return _NATIVE[self]


_NATIVE = {UiLanguage.ENGLISH: "English", UiLanguage.CHINESE_SIMPLIFIED: "简体中文",
           UiLanguage.JAPANESE: "日本語", UiLanguage.SYSTEM: "System"}


#: The window's interface-language preference, kept as a :class:`UiLanguage` value word.
LANGUAGE_SETTING = ChoiceSetting("view/language", UiLanguage.SYSTEM, "interface language", UiLanguage)


def parse_language(stored: object) -> UiLanguage:
    """The choice kept as ``stored`` (a :class:`UiLanguage` value word); anything else
    (absent, hand-edited, from a newer version) is ``SYSTEM``, so reading never fails."""
    return LANGUAGE_SETTING.stored(stored)


def resolve_language(choice: UiLanguage, ui_languages: list[str]) -> UiLanguage:
    """The shipped language to show for ``choice``. For ``SYSTEM``, the first of the
    desktop's preferred ``ui_languages`` (BCP 47 or POSIX names, e.g. ``zh-Hans-CN``,
    ``ja_JP``) that ships: any Chinese except Traditional-script ones maps to Simplified
    Chinese, any Japanese to Japanese; English when none ships."""
    if choice is not UiLanguage.SYSTEM:
        return choice
    for name in ui_languages:
        tag = name.replace("_", "-").lower()
        lang, _, rest = tag.partition("-")
        if lang == "en":
            return UiLanguage.ENGLISH
        if lang == "ja":
            return UiLanguage.JAPANESE
        if lang == "zh" and not any(part in ("hant", "tw", "hk", "mo") for part in rest.split("-")):
            return UiLanguage.CHINESE_SIMPLIFIED
    return UiLanguage.ENGLISH
