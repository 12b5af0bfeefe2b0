"""What the window says for a transport failure (walk53 #2, issue 29): a plain sentence
naming the provider, its address and what to do, chosen by the error's
:class:`~chathub_desktop.providers.base.TransportFault`.

Apart from :mod:`chathub_desktop.providers.errors` so the reply path names a fault
without loading httpx (issue 29: httpx loads with the first request, not with the
services; ``test_startup_order``).
"""

from __future__ import annotations

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.base import ProviderError, TransportFault

#: What the window says for a transport failure (walk53 #2, issue 29), by fault and by
#: whether the reply had text when it happened; %1 the provider's name, %2 its address.
_FAULT_WORDS: dict[tuple[TransportFault, bool], str] = {
    (TransportFault.UNREACHABLE, False): QT_TRANSLATE_NOOP(
        "ServiceReasons", "ChatHub can't reach %1 at %2 — is the server running? Retry, or check "
                          "Settings → Providers."),
    (TransportFault.UNREACHABLE, True): QT_TRANSLATE_NOOP(
        "ServiceReasons", "ChatHub can't reach %1 at %2 — is the server running? The text so far is kept. "
                          "Retry, or check Settings → Providers."),
    (TransportFault.DROPPED, False): QT_TRANSLATE_NOOP(
        "ServiceReasons", "The connection to %1 at %2 dropped before the reply began — the server may have "
                          "stopped. Retry, or check Settings → Providers."),
    (TransportFault.DROPPED, True): QT_TRANSLATE_NOOP(
        "ServiceReasons", "The connection to %1 at %2 dropped mid-reply; the text so far is kept. Retry, "
                          "or check Settings → Providers."),
}

#: The templates above, to tell a fault said plainly from other reasons (walk53c #1).
FAULT_TEMPLATES = frozenset(_FAULT_WORDS.values())


def fault_reason(exc: ProviderError, provider: str, *, kept_text: bool) -> Reason | None:
    """The plain sentence for ``exc`` when it is a transport failure (its
    :attr:`~ProviderError.fault`), naming ``provider`` (its configured name) and the
    address, and what to do; ``kept_text``: the reply had text when it failed. ``None``
    for any other error (its own message is plain already)."""
    if exc.fault is None:
        return None
    return Reason(_FAULT_WORDS[(exc.fault, kept_text)], (provider or exc.address, exc.address))
