"""An assistant's chosen avatar (walk29 #23): an emoji or one or two letters shown on
its colour in the rail, its menu and the greeting of an empty chat. Pure: no Qt."""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason, ReasonError

__all__ = ["AVATAR_CHOICES", "AVATAR_MAX_CHARS", "AVATAR_MAX_LETTERS", "DEFAULT_AVATAR", "AvatarRefused",
           "clean_avatar", "first_free_avatar"]

#: The most code points an avatar holds (a family or flag emoji is several); the
#: ``assistant.avatar`` column holds 16.
AVATAR_MAX_CHARS = 8
#: The most letters or digits an initials avatar holds.
AVATAR_MAX_LETTERS = 2
#: The avatars the assistant editor offers in its grid (issue 29: a face for each
#: assistant, as Cherry Studio and LobeHub pick an emoji); any emoji or one or two letters
#: can be typed instead.
AVATAR_CHOICES: tuple[str, ...] = (
    "🤖", "🙂", "🧠", "💡", "✨", "💻", "✍️", "📚",
    "🎨", "🔬", "🧪", "📈", "🌍", "🗺️", "🍳", "🎵",
    "🩺", "⚖️", "💼", "🧘", "🐱", "🦊", "🐙", "☕",
)
#: The first assistant's avatar (issue 29: a face, not a purple "A").
DEFAULT_AVATAR = AVATAR_CHOICES[0]
#: Emoji joiners and selectors a single emoji may carry between its symbols.
_JOINERS = {"\u200d", "\ufe0e", "\ufe0f", "\u20e3"}


class AvatarRefused(ReasonError):
    """A typed avatar that cannot be shown; ``str()`` is one line saying why, ``reason``
    the same typed (issue 27)."""


def clean_avatar(text: str | None) -> str | None:
    """``text`` as a stored avatar: surrounding space trimmed, letters upper-cased; None
    for blank (the name's initial is shown). Accepts up to :data:`AVATAR_MAX_LETTERS`
    letters or digits, or one emoji (symbols, joiners and skin-tone or flag parts, at most
    :data:`AVATAR_MAX_CHARS` code points). Raises :class:`AvatarRefused` otherwise."""
    if text is None or not text.strip():
        return None
    shown = text.strip()
    if len(shown) > AVATAR_MAX_CHARS:
        raise AvatarRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "an avatar is one emoji or up to %1 letters, "
                                                                       "not %2 characters"),
                                   (str(AVATAR_MAX_LETTERS), str(len(shown)))))
    if all(ch.isalnum() for ch in shown):
        if len(shown) > AVATAR_MAX_LETTERS:
            raise AvatarRefused(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "an avatar is one emoji or up to %1 letters"),
                                       (str(AVATAR_MAX_LETTERS),)))
        return shown.upper()
    for ch in shown:
        category = unicodedata.category(ch)
        if ch not in _JOINERS and category not in ("So", "Sk", "Mn", "Me") and not 0x1F1E6 <= ord(ch) <= 0x1F1FF:
            raise AvatarRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "an avatar is one emoji or up to 2 letters; "
                                                                           "spaces, punctuation and control characters "
                                                                           "cannot be shown")))
    symbols = sum(1 for ch in shown if unicodedata.category(ch) == "So" and not 0x1F3FB <= ord(ch) <= 0x1F3FF)
    joins = shown.count("\u200d")
    flags = sum(1 for ch in shown if 0x1F1E6 <= ord(ch) <= 0x1F1FF)
    if symbols - joins - flags // 2 > 1 or (symbols == 0 and flags != 2):
        raise AvatarRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "an avatar is one emoji, not several")))
    return shown


def first_free_avatar(taken: Iterable[str | None], offered: Sequence[str] = AVATAR_CHOICES) -> str | None:
    """The avatar a new assistant starts with (issue 29): the first of ``offered`` that no
    assistant in ``taken`` (their avatars) shows; when all are taken, the one taken least
    (the earliest of those); None when nothing is offered."""
    counts = Counter(a for a in taken if a)
    return min(offered, key=lambda a: counts[a], default=None)
