"""Where a transport fault sends the user (walk53b #6, memerr54): the words of the plain
sentences of :mod:`chathub_desktop.providers.fault_words` that name Settings → Providers,
and which provider such a sentence names — for the chat's error line and the Memory
page's dream failure bar, which both link those words to the provider that failed.

Apart from the window (no Qt) so the GUI reads the fault templates without importing
``providers`` (the import contract) or httpx (``test_startup_order``)."""

from __future__ import annotations

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.fault_words import FAULT_TEMPLATES

__all__ = ["PROVIDERS_PLACE", "fault_provider"]

#: The place a fault's sentence sends the user to, as the sentences say it (translated in
#: the window's "MessageList" context, where the chat's error line first linked it).
PROVIDERS_PLACE = QT_TRANSLATE_NOOP("MessageList", "Settings → Providers")


def fault_provider(why: Reason | None) -> str | None:
    """The provider name a transport fault's plain sentence in ``why`` names (its first
    value; a nested reason is searched too, e.g. a dream's reason wrapping the History
    Compress call's), or None when ``why`` holds no such sentence. The name may be an
    address when the provider had none (``fault_reason``)."""
    if why is None:
        return None
    if why.template in FAULT_TEMPLATES:
        first = why.args[0] if why.args else ""
        return first if isinstance(first, str) else ""
    return next((name for a in why.args if isinstance(a, Reason) and (name := fault_provider(a)) is not None), None)
