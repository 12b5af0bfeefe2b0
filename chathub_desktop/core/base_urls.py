"""Provider base URLs: credentials never belong in them, and none is ever shown with one
(APP-2, issue 12 "Keys in URLs").

Pure string rules (``urllib.parse`` only). A key typed into the URL instead of the key
field — ``http://user:sk-…@host/v1`` or ``…/v1?api_key=sk-…`` — would be stored in the
database and printed by ``provider list``; :func:`credentials_in_url` names what is
wrong so the service can refuse it, and :func:`redact_url` is how any stored URL (also
one saved before that rule) is displayed.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlsplit, urlunsplit

#: Query parameter names that carry a secret (compared case-insensitively, ``-`` = ``_``).
SECRET_QUERY_KEYS = frozenset(
    {"api_key", "apikey", "key", "token", "access_token", "auth", "secret", "password",
     "x_api_key", "api_token", "auth_token"}
)
REDACTED = "[redacted]"


def _is_secret_param(name: str) -> bool:
    return name.strip().lower().replace("-", "_") in SECRET_QUERY_KEYS


def credentials_in_url(url: str) -> str | None:
    """Why ``url`` carries credentials, or ``None`` when it does not.

    A user name or password before the host (``user:pass@``), or a query parameter named
    like a key (:data:`SECRET_QUERY_KEYS`: ``api_key``, ``key``, ``token``, …), counts.
    Never raises: a URL that does not parse is left to the URL validator.
    """
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if "@" in parts.netloc:
        return "it contains a user name or password before the host"
    for name, _value in parse_qsl(parts.query, keep_blank_values=True):
        if _is_secret_param(name):
            return f"its query has a {name!r} parameter"
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
