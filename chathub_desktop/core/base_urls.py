"""Provider base URLs: credentials never belong in them, and none is ever shown with one
(APP-2, issue 12 "Keys in URLs"); which of them point at a local/self-hosted server
(:func:`is_self_hosted`, issue 24).

Pure string rules (``urllib.parse`` only). A key typed into the URL instead of the key
field — ``http://user:sk-…@host/v1`` or ``…/v1?api_key=sk-…`` — would be stored in the
database and printed by ``provider list``; :func:`credentials_in_url` names what is
wrong so the service can refuse it, and :func:`redact_url` is how any stored URL (also
one saved before that rule) is displayed.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import parse_qsl, urlsplit, urlunsplit

from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

#: Query parameter names that carry a secret (compared case-insensitively, ``-`` = ``_``).
SECRET_QUERY_KEYS = frozenset(
    {"api_key", "apikey", "key", "token", "access_token", "auth", "secret", "password",
     "x_api_key", "api_token", "auth_token"}
)
REDACTED = "[redacted]"


def _is_secret_param(name: str) -> bool:
    return name.strip().lower().replace("-", "_") in SECRET_QUERY_KEYS


def credentials_in_url(url: str) -> str | None:
    """Why ``url`` carries credentials, or ``None`` when it does not (the English of
    :func:`credentials_reason`)."""
    why = credentials_reason(url)
    return why.english() if why is not None else None


def credentials_reason(url: str) -> Reason | None:
    """Why ``url`` carries credentials, typed (issue 27), or ``None`` when it does not.

    A user name or password before the host (``user:pass@``), or a query parameter named
    like a key (:data:`SECRET_QUERY_KEYS`: ``api_key``, ``key``, ``token``, …), counts.
    Never raises: a URL that does not parse is left to the URL validator.
    """
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if "@" in parts.netloc:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "it contains a user name or password before the host"))
    for name, _value in parse_qsl(parts.query, keep_blank_values=True):
        if _is_secret_param(name):
            return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "its query has a %1 parameter"), (repr(name),))
    return None


def redact_url(url: str) -> str:
    """``url`` with any ``user:pass@`` part and the values of key-like query parameters
    replaced by ``[redacted]``; a URL without them is returned unchanged. For display
    only (CLI, window, error messages). Never raises."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url if "@" not in url else REDACTED
    netloc = parts.netloc
    if "@" in netloc:
        netloc = f"{REDACTED}@{netloc.rsplit('@', 1)[1]}"
    query = parts.query
    if query:
        pieces = []
        for piece in query.split("&"):
            name, sep, _value = piece.partition("=")
            pieces.append(f"{name}={REDACTED}" if sep and _is_secret_param(name) else piece)
        query = "&".join(pieces)
    if netloc == parts.netloc and query == parts.query:
        return url
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def url_host(url: str) -> str:
    """The host of ``url`` (``api.openai.com``, ``127.0.0.1``) for messages; the redacted
    URL itself when it has none or does not parse."""
    try:
        host = urlsplit(url).hostname
    except ValueError:
        host = None
    return host or redact_url(url)


#: Default ports of the local servers people run: Ollama 11434, LM Studio 1234,
#: llama.cpp's server 8080, vLLM 8000 (hosted vendors answer on 443).
LOCAL_SERVER_PORTS = frozenset({11434, 1234, 8080, 8000})
#: Name suffixes that only resolve inside a home or office network.
_LAN_SUFFIXES = (".local", ".lan", ".internal", ".home.arpa", ".localdomain")
#: Carrier-grade NAT space: tailnets (Tailscale) put their machines there.
_CGNAT = ipaddress.ip_network("100.64.0.0/10")


def is_self_hosted(kind: ProviderKind, base_url: str) -> bool:
    """True for an OpenAI-compatible provider that is a local/self-hosted server (Ollama,
    LM Studio, llama.cpp, vLLM): its host is ``localhost``, a loopback, private,
    link-local or tailnet (100.64.0.0/10) address, a single-label or ``.local``-style
    LAN name, or its port is one of :data:`LOCAL_SERVER_PORTS`. Every other kind (OpenAI,
    Responses, Anthropic, Anthropic-compatible) and a public OpenAI-compatible vendor
    (OpenRouter, DeepSeek, …) is hosted. Only such a server can read fewer tokens than
    it was sent (REF-27): a hosted vendor's input report is what it billed. Never raises."""
    if kind is not ProviderKind.OPENAI_COMPATIBLE:
        return False
    try:
        parts = urlsplit(base_url.strip())
        host = (parts.hostname or "").rstrip(".").lower()
        port = parts.port
    except ValueError:
        return False
    if not host:
        return False
    if port in LOCAL_SERVER_PORTS:
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host == "localhost" or "." not in host or host.endswith(_LAN_SUFFIXES)
    return ip.is_loopback or ip.is_private or ip.is_link_local or (ip.version == 4 and ip in _CGNAT)
