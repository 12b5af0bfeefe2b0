"""An assistant's language for its summaries and dream cards (issue 27). Pure data and
parsing: no Qt, no store.

Unset (``None``, the default) an assistant's History Compress requests read byte for
byte as before: the prompts ask for the conversation's own language, or for the
``card-language`` setting's when Settings → System Agent names one. Set, the one rule
of each summary and dream prompt that asks for a language names this one instead.
"""

from __future__ import annotations

from enum import Enum

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError

__all__ = ["CARD_LANGUAGE_WORDS", "CardLanguage", "CardLanguageRefused", "card_language_name", "parse_card_language"]


class CardLanguage(Enum):
    """A language an assistant may ask its cards in; the value is the stored word
    (``assistant.card_language``, a Qt locale name like the interface's)."""

    ENGLISH = "en"
    CHINESE_SIMPLIFIED = "zh_CN"
    JAPANESE = "ja"

    @property
    def prompt_name(self) -> str:
        """The language as the prompt's rule names it ("- Write in Japanese.")."""
        return _PROMPT[self]

    @property
    def native_name(self) -> str:
        """The language's name in itself, as the assistant dialog offers it."""
        return _NATIVE[self]


_PROMPT = {CardLanguage.ENGLISH: "English", CardLanguage.CHINESE_SIMPLIFIED: "Simplified Chinese",
           CardLanguage.JAPANESE: "Japanese"}
_NATIVE = {CardLanguage.ENGLISH: "English", CardLanguage.CHINESE_SIMPLIFIED: "简体中文",
           CardLanguage.JAPANESE: "日本語"}
#: Words that leave the choice unset (the conversation's language).
SAME_WORDS = ("same", "conversation", "unset", "none", "default", "")
#: Every word :func:`parse_card_language` takes, for a refusal and ``--help``.
CARD_LANGUAGE_WORDS = ("same", *(c.value for c in CardLanguage))
#: Longest text looked at; anything longer is refused unread.
MAX_WORD_CHARS = 40


#: A card language none of the accepted words names (issue 27: typed; ``%1`` the words).
_ONE_OF = QT_TRANSLATE_NOOP("ServiceReasons", "card language must be one of %1")


class CardLanguageRefused(ReasonError):
    """A typed card language that is none of :data:`CARD_LANGUAGE_WORDS` (one line)."""


def parse_card_language(typed: object) -> CardLanguage | None:
    """The choice ``typed`` names: a stored word (``en``, ``zh_CN``, ``ja``), an English
    or native name (``Japanese``, ``日本語``), or a :data:`SAME_WORDS` word / ``None`` for
    unset. Case and surrounding spaces are ignored. Raises :class:`CardLanguageRefused`
    (one line, the accepted words) for anything else, including text over
    :data:`MAX_WORD_CHARS` characters or not a string."""
    if typed is None:
        return None
    if not isinstance(typed, str) or len(typed) > MAX_WORD_CHARS:
        raise CardLanguageRefused(Reason(_ONE_OF, (", ".join(CARD_LANGUAGE_WORDS),)))
    word = " ".join(typed.split()).casefold()
    if word in SAME_WORDS:
        return None
    for choice in CardLanguage:
        if word in (choice.value.casefold(), choice.prompt_name.casefold(), choice.native_name.casefold()):
            return choice
    if word in ("chinese", "zh", "zh-cn", "zh-hans", "中文"):
        return CardLanguage.CHINESE_SIMPLIFIED
    raise CardLanguageRefused(Reason(_ONE_OF, (", ".join(CARD_LANGUAGE_WORDS),)).with_notes(
        Reason(QT_TRANSLATE_NOOP("ServiceReasons", " (got %1)"), (repr(typed.strip()[:MAX_WORD_CHARS]),))))


def card_language_name(stored: str | None, fallback: str | None) -> str | None:
    """The language name the prompts get for an assistant whose column holds ``stored``
    (a :class:`CardLanguage` value word or ``None``): its prompt name when set, else
    ``fallback`` (the ``card-language`` setting; ``None``: the material's language, the
    prompts unchanged). A stored word this version does not know counts as unset."""
    try:
        choice = CardLanguage(stored) if stored is not None else None
    except ValueError:
        choice = None
    return fallback if choice is None else choice.prompt_name
