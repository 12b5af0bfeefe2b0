"""Where a transport fault sends the user (walk53b #6, memerr54): the words of the plain
sentences of :mod:`chathub_desktop.providers.fault_words` that name Settings → Providers,
and which provider such a sentence names — for the chat's error line and the Memory
page's dream failure bar, which both link those words to the provider that failed.

Apart from the window (no Qt) so the GUI reads the fault templates without importing
``providers`` (the import contract) or httpx (``test_startup_order``)."""

from __future__ import annotations

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.fault_words import FAULT_TEMPLATES

__all__ = ["PROVIDERS_PLACE", "fault_provider", "fault_sentence"]

#: The place a fault's sentence sends the user to, as the sentences say it (translated in
#: the window's "MessageList" context, where the chat's error line first linked it).
PROVIDERS_PLACE = QT_TRANSLATE_NOOP("MessageList", "Settings → Providers")


def fault_sentence(why: Reason | None) -> Reason | None:
    """The transport fault's plain sentence in ``why`` (itself, or a nested reason, e.g. a
    threshold compaction's reason wrapping the chat model's), or None when it holds none."""
    if why is None:
        return None
    if why.template in FAULT_TEMPLATES:
        return why
    return next((found for a in why.args if isinstance(a, Reason) and (found := fault_sentence(a)) is not None), None)


def fault_provider(why: Reason | None) -> str | None:
    """The provider name a transport fault's plain sentence in ``why`` names (its first
    value; a nested reason is searched too, e.g. a dream's reason wrapping the History
    Compress call's), or None when ``why`` holds no such sentence. The name may be an
    address when the provider had none (``fault_reason``)."""
    found = fault_sentence(why)
    if found is None:
        return None
    first = found.args[0] if found.args else ""
    return first if isinstance(first, str) else ""
