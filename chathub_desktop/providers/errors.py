"""Turning HTTP failures into classified :class:`ProviderError` values (APP-1, APP-2, REF-22).

Four entry points, one classification:

- :func:`error_from_response` — a non-2xx HTTP answer (status + body text; a body that
  is neither a vendor error nor an HTML page reads as one short line, issue 32);
- :func:`error_from_redirect` — a 3xx answer, naming where it points (issue 32);
- :func:`error_from_stream_payload` — an error that arrives *inside* an SSE stream
  (OpenAI ``{"error": {...}}`` chunk, Anthropic ``event: error``, Responses
  ``response.failed`` / ``error``), or a 200 JSON body that is really an error
  (MiniMax ``base_resp``);
- :func:`error_from_exception` — an ``httpx`` transport exception.

What the user reads names the fault in words (issue 12): an HTML error page (a proxy's
502) becomes its ``<title>`` or the status in words, never raw markup; a ``Retry-After``
wait is part of the message and of :attr:`ProviderError.retry_after_s`; transport
failures name the URL they were talking to (credentials redacted).

The app's own words around the vendor's are typed reasons (``core.reasons``, issue 27:
the window says them in its language; values such as the status, host and the vendor's
message stay as data). Every message and body is passed through :func:`redact` with the
client's API key, so a key echoed by a vendor ("Incorrect API key provided: sk-...") never
reaches the UI, the database or a log (APP-2).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from http import HTTPStatus
from urllib.parse import urlsplit

import httpx

from chathub_desktop.core.base_urls import redact_url, url_host
from chathub_desktop.core.overflow import BODY_SCAN_CHARS, is_context_overflow
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.base import ErrorKind, ProviderError, TransportFault

_REDACTED = "[redacted]"
# Bearer tokens and the common vendor key shapes, also when we do not know the key.
_KEY_PATTERNS = (
    re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._~+/=-]{8,}"),
    re.compile(r"\bsk-[A-Za-z0-9_-]{8,}"),
)
#: The most characters of a vendor's own error message shown (one line).
_MAX_MESSAGE_CHARS = 400
#: The most characters of a raw (not JSON, not HTML) error body shown as the message.
BODY_LINE_CHARS = 160
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069]+")
_TITLE = re.compile(r"<title[^>]*>(.*?)</title\s*>", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]+>")
_HTML_START = re.compile(r"^\s*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>]|<title[\s>])", re.I)
#: A ``Retry-After`` beyond this many seconds (a day) is not believed.
MAX_RETRY_AFTER_S = 86_400.0


def status_words(status: int, reason: str = "") -> str:
    """``"502 Bad Gateway"``: the status and its standard phrase (``reason`` when the
    status is not a standard one)."""
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = reason.strip()
    return f"{status} {phrase}".strip()


def html_page_title(body: str) -> str | None:
    """The text of an HTML page's ``<title>`` (entities decoded, whitespace collapsed, at
    most 200 characters), ``None`` when ``body`` does not start with markup or has no title."""
    match = _TITLE.search(body[:BODY_SCAN_CHARS]) if body.lstrip().startswith("<") else None
    if match is None:
        return None
    title = " ".join(html.unescape(_TAG.sub("", match.group(1))).split())
    return title[:200] or None


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header: delta-seconds (``"30"``) or an
    HTTP date (RFC 9110 §10.2.3). ``None`` when absent, unreadable, negative or more
    than :data:`MAX_RETRY_AFTER_S`; a date in the past gives ``0``."""
    if not value:
        return None
    value = value.strip()
    seconds: float
    if value.isdecimal():
        seconds = float(int(value[:12]))
    else:
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        seconds = max(0.0, (when - (now or datetime.now(UTC))).total_seconds())
    return seconds if seconds <= MAX_RETRY_AFTER_S else None


def wait_reason(seconds: float) -> Reason:
    """``"30 s"``, ``"2 min"``, ``"1 h 5 min"``: a wait for a message (rounded up to a
    second), typed (issue 27)."""
    total = max(0, int(-(-seconds // 1)))
    if total < 120:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 s"), (str(total),))
    minutes = -(-total // 60)
    if minutes < 60:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 min"), (str(minutes),))
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 h %2 min"), (str(minutes // 60), str(minutes % 60)))


def wait_words(seconds: float) -> str:
    """``"30 s"``, ``"2 min"``, ``"1 h 5 min"``: a wait for a message (rounded up to a second)."""
    return wait_reason(seconds).english()


def redact(text: str, secret: str | None = None) -> str:
    """Return ``text`` with ``secret`` (the API key) and anything shaped like a bearer
    token or an ``sk-...`` key replaced by ``[redacted]`` (APP-2)."""
    if not text:
        return text
    if secret and len(secret) >= 4:
        text = text.replace(secret, _REDACTED)
    for pattern in _KEY_PATTERNS:
        text = pattern.sub(lambda m: (m.group(1) if m.groups() else "") + _REDACTED, text)
    return text


def _as_text(value: object) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    return str(value)


def parse_error_fields(payload: object) -> tuple[str | None, str | None, object | None]:
    """Pull ``(message, type, code)`` out of a decoded vendor error payload.

    Understands OpenAI/Anthropic/llama.cpp ``{"error": {"message", "type", "code"}}``,
    Ollama ``{"error": "text"}``, MiniMax ``{"base_resp": {"status_code", "status_msg"}}``,
    Responses error objects ``{"code", "message"}``, FastAPI ``{"detail": ...}``, and a
    bare error object. Missing parts are ``None``. Never raises.
    """
    if not isinstance(payload, Mapping):
        return None, None, None
    message: str | None = None
    err_type: str | None = None
    code: object | None = None
    inner = payload.get("error")
    if isinstance(inner, Mapping):
        message = _as_text(inner.get("message"))
        err_type = _as_text(inner.get("type"))
        code = inner.get("code", inner.get("status_code"))
        if err_type is None and isinstance(code, str):
            err_type = code
    elif isinstance(inner, str):
        message = inner
    base_resp = payload.get("base_resp")
    if isinstance(base_resp, Mapping) and base_resp.get("status_code") not in (None, 0, "0"):
        message = message or _as_text(base_resp.get("status_msg"))
        code = base_resp.get("status_code") if code is None else code
    if message is None:
        message = _as_text(payload.get("message"))
    if message is None and isinstance(payload.get("detail"), str | list):
        detail = payload["detail"]
        message = detail if isinstance(detail, str) else json.dumps(detail)[:_MAX_MESSAGE_CHARS]
    if err_type is None:
        top_type = payload.get("type")
        if isinstance(top_type, str) and top_type not in ("error",):
            err_type = top_type
    if code is None:
        code = payload.get("code", payload.get("status_code"))
        if err_type is None and isinstance(code, str):
            err_type = code
    return message, err_type, code


def parse_error_body(body: str) -> tuple[str | None, str | None, object | None]:
    """:func:`parse_error_fields` over a raw body; ``(None, None, None)`` if not JSON."""
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError):
        return None, None, None
    return parse_error_fields(payload)


def _kind_for_status(status: int) -> ErrorKind:
    if status in (401, 403):
        return ErrorKind.AUTH
    if status == 429:
        return ErrorKind.RATE_LIMIT
    if status == 408:
        return ErrorKind.TIMEOUT
    if status >= 500:
        return ErrorKind.SERVER
    return ErrorKind.BAD_REQUEST


def _kind_for_type(err_type: str | None, code: object | None) -> ErrorKind | None:
    """Map vendor error type/code words (Anthropic ``overloaded_error``, Responses
    ``rate_limit_exceeded`` / ``server_error``, numeric codes) to a kind, or ``None``."""
    words = " ".join(str(v) for v in (err_type, code) if v is not None).casefold()
    if "rate_limit" in words or "rate limit" in words or "quota" in words:
        return ErrorKind.RATE_LIMIT
    if "auth" in words or "permission" in words or "invalid_api_key" in words:
        return ErrorKind.AUTH
    if "timeout" in words or "timed_out" in words:
        return ErrorKind.TIMEOUT
    if "overloaded" in words or "server_error" in words or "api_error" in words:
        return ErrorKind.SERVER
    if "invalid_request" in words or "invalid_prompt" in words or "not_found" in words:
        return ErrorKind.BAD_REQUEST
    if isinstance(code, int) and not isinstance(code, bool) and 400 <= code <= 599:
        return _kind_for_status(code)
    if isinstance(code, str) and code.isdecimal() and 400 <= int(code) <= 599:
        return _kind_for_status(int(code))
    return None


def body_line(text: str, limit: int = BODY_LINE_CHARS) -> str:
    """One short line of an unreadable body for a message (issue 32): its first non-blank
    line, control and bidi characters as spaces, at most ``limit`` characters with ``…``
    when cut (a runaway body of one repeated character reads as a short line)."""
    first = next((ln for ln in text[: limit * 8].splitlines() if ln.strip()), "")
    line = " ".join(_CONTROL.sub(" ", first).split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def error_from_redirect(status: int, location: str | None, *, reason: str = "",
                        secret: str | None = None) -> ProviderError:
    """A 3xx answer to a request (redirects are never followed: the key would go along).
    The message names where it points (``location``, credentials and keys redacted, cut to
    one short line), e.g. "the server redirected to https://api.example.com/v1/chat
    (HTTP 307 Temporary Redirect); put that address in the provider's base URL"."""
    words = status_words(status, reason)
    if not location or not location.strip():
        return ProviderError(ErrorKind.BAD_REQUEST, Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "the server answered with a redirect (HTTP %1) but named no address"), (words,)),
            status=status)
    shown = body_line(redact(redact_url(location.strip()), secret), 200)
    return ProviderError(ErrorKind.BAD_REQUEST, Reason(QT_TRANSLATE_NOOP(
        "ServiceReasons", "the server redirected to %1 (HTTP %2); put that address in the provider's base URL"),
        (shown, words)), status=status)


def _clip(text: str) -> str:
    """A message as one line of at most :data:`_MAX_MESSAGE_CHARS` characters."""
    text = " ".join(_CONTROL.sub(" ", text[: _MAX_MESSAGE_CHARS * 4]).split())
    return text if len(text) <= _MAX_MESSAGE_CHARS else text[: _MAX_MESSAGE_CHARS - 1] + "…"


def error_from_response(
    status: int,
    body: str,
    *,
    reason: str = "",
    secret: str | None = None,
    headers: Mapping[str, str] | None = None,
    url: str | None = None,
) -> ProviderError:
    """Classify a non-2xx HTTP answer.

    - ``status``: HTTP status code; ``body``: the response body text (any length);
      ``reason``: the reason phrase, used only when the body has no message;
      ``secret``: the API key to scrub from message and body; ``headers``: the
      response headers (``Retry-After`` is read); ``url``: the requested URL (its host
      is named for an HTML page or an empty body).

    401/403 → AUTH, 429 → RATE_LIMIT, 408 → TIMEOUT, 5xx → SERVER; any other status
    whose body/message carries an overflow signature (REF-22, via
    :func:`~chathub_desktop.core.overflow.is_context_overflow`; 400/413/422 in practice)
    → CONTEXT_OVERFLOW, else BAD_REQUEST. The message is the vendor's own
    (``error.message``, ``base_resp.status_msg``, ...); for an HTML page (a proxy's
    error page) the status in words and the page's title; else the body's start. A
    ``Retry-After`` (429, 503) adds "retry in N s" and sets ``retry_after_s`` (issue 12).
    """
    message, err_type, code = parse_error_body(body)
    kind = _kind_for_status(status)
    if kind not in (ErrorKind.AUTH, ErrorKind.RATE_LIMIT) and is_context_overflow(
        message, err_type, body, code
    ):
        kind = ErrorKind.CONTEXT_OVERFLOW
    words = status_words(status, reason)
    said: Reason
    if message:
        said = Reason("%1", (redact(_clip(message), secret),))  # the vendor's own words: data
    else:
        stripped = body.strip()
        title = html_page_title(stripped)
        is_html = "html" in (headers or {}).get("content-type", "").lower()
        said = _status_reason(words, url)
        if title is not None or is_html or _HTML_START.match(stripped[:2000]):
            page = title if title and title.casefold() not in words.casefold() else ""
            said = said.with_notes(Reason(QT_TRANSLATE_NOOP("ServiceReasons", " (an HTML error page: %1)"),
                                          (redact(page, secret),)) if page
                                   else Reason(QT_TRANSLATE_NOOP("ServiceReasons", " (an HTML error page)")))
        elif stripped:
            said = Reason("%1", (redact(body_line(stripped), secret),))
    retry_after = parse_retry_after((headers or {}).get("retry-after"))
    if retry_after is not None and status in (429, 503):
        said = Reason("%1", (said.english().rstrip("."),)) if said.template == "%1" else said
        said = said.with_notes(Reason(QT_TRANSLATE_NOOP("ServiceReasons", " — the server asks to retry in %1"),
                                      (wait_reason(retry_after),)))
    else:
        retry_after = None
    return ProviderError(
        kind,
        said,
        status=status,
        body=redact(body[:BODY_SCAN_CHARS], secret),
        retry_after_s=retry_after,
    )


def _status_reason(words: str, url: str | None) -> Reason:
    """"HTTP 502 Bad Gateway from host" (``words``: the status in words; the host of
    ``url`` when given), typed."""
    if url:
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "HTTP %1 from %2"), (words, url_host(url)))
    return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "HTTP %1"), (words,))


def error_from_stream_payload(
    payload: Mapping[str, object],
    *,
    raw: str = "",
    status: int | None = None,
    secret: str | None = None,
    default_kind: ErrorKind = ErrorKind.SERVER,
) -> ProviderError:
    """Classify an error that arrived inside a stream (or a 200 JSON error body).

    - ``payload``: the decoded event data, e.g. ``{"error": {...}}`` (OpenAI chunk,
      Anthropic ``event: error``), a Responses error object ``{"code", "message"}``, or
      ``{"base_resp": {...}}`` (MiniMax);
    - ``raw``: the raw data text (scanned for overflow phrases, stored as ``body``);
    - ``status``: the HTTP status of the surrounding response, if known.

    Overflow signature → CONTEXT_OVERFLOW; otherwise the vendor type/code decides
    (rate limit, auth, overloaded/server, timeout, invalid request, numeric HTTP-like
    codes); anything else → ``default_kind`` (SERVER: the server failed mid-reply).
    """
    message, err_type, code = parse_error_fields(payload)
    raw = raw or json.dumps(payload)
    if is_context_overflow(message, err_type, raw, code):
        kind = ErrorKind.CONTEXT_OVERFLOW
    else:
        kind = _kind_for_type(err_type, code) or default_kind
    vendor = message or err_type
    return ProviderError(
        kind,
        Reason("%1", (redact(_clip(vendor), secret),)) if vendor
        else Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the provider reported an error")),
        status=status,
        body=redact(raw[:BODY_SCAN_CHARS], secret),
    )


#: What a timed-out request was doing, by httpx's exception: the words with the URL (or,
#: ``by_host``, the host) when known, the words without, and ``by_host``.
_TIMED_OUT: dict[type[BaseException], tuple[str, str, bool]] = {
    httpx.ConnectTimeout: (QT_TRANSLATE_NOOP("ServiceReasons", "connecting to %1"),
                           QT_TRANSLATE_NOOP("ServiceReasons", "connecting"), False),
    httpx.ReadTimeout: (QT_TRANSLATE_NOOP("ServiceReasons", "waiting for data from %1"),
                        QT_TRANSLATE_NOOP("ServiceReasons", "waiting for data"), True),
    httpx.WriteTimeout: (QT_TRANSLATE_NOOP("ServiceReasons", "sending the request to %1"),
                         QT_TRANSLATE_NOOP("ServiceReasons", "sending the request"), False),
    httpx.PoolTimeout: (QT_TRANSLATE_NOOP("ServiceReasons", "waiting for a free connection"),
                        QT_TRANSLATE_NOOP("ServiceReasons", "waiting for a free connection"), False),
}
_TIMED_OUT_OTHER = (QT_TRANSLATE_NOOP("ServiceReasons", "talking to %1"),
                    QT_TRANSLATE_NOOP("ServiceReasons", "talking to the provider"), False)


def error_from_exception(
    exc: BaseException, *, secret: str | None = None, url: str | None = None
) -> ProviderError:
    """Classify a transport failure.

    ``httpx.TimeoutException`` (connect, read, write, pool) → TIMEOUT; other
    ``httpx.TransportError`` (connection refused, reset, peer closed mid-body) and any
    other ``httpx.HTTPError`` → NETWORK; an undecodable stream (``httpx.DecodingError``)
    → BAD_RESPONSE. The message names the failure and ``url`` (the endpoint, credentials
    redacted; issue 12), never a header or key.
    """
    detail = redact(str(exc) or type(exc).__name__, secret)
    shown = redact(redact_url(url), secret) if url else ""
    host = url_host(url) if url else ""
    if isinstance(exc, httpx.TimeoutException):
        with_where, without, by_host = _TIMED_OUT.get(type(exc), _TIMED_OUT_OTHER)
        what = _either(host if by_host else shown, with_where, without)
        return ProviderError(ErrorKind.TIMEOUT, Reason(QT_TRANSLATE_NOOP("ServiceReasons", "timed out %1 (%2)"),
                                                       (what, detail)))
    if isinstance(exc, httpx.DecodingError):
        return ProviderError(ErrorKind.BAD_RESPONSE, _either(
            host, QT_TRANSLATE_NOOP("ServiceReasons", "could not decode the response from %1 (%2)"),
            QT_TRANSLATE_NOOP("ServiceReasons", "could not decode the response (%1)"), detail))
    address = url_address(url) if url else ""
    if isinstance(exc, httpx.ConnectError):
        return ProviderError(ErrorKind.NETWORK, _either(
            shown, QT_TRANSLATE_NOOP("ServiceReasons", "could not connect to %1 (%2)"),
            QT_TRANSLATE_NOOP("ServiceReasons", "could not connect (%1)"), detail),
            fault=TransportFault.UNREACHABLE, address=address)
    if isinstance(exc, (httpx.RemoteProtocolError, httpx.ReadError)):
        return ProviderError(ErrorKind.NETWORK, _either(
            host, QT_TRANSLATE_NOOP("ServiceReasons", "stream ended early: connection from %1 lost (%2)"),
            QT_TRANSLATE_NOOP("ServiceReasons", "stream ended early: connection lost (%1)"), detail),
            fault=TransportFault.DROPPED, address=address)
    return ProviderError(ErrorKind.NETWORK, _either(
        shown, QT_TRANSLATE_NOOP("ServiceReasons", "network error talking to %1 (%2)"),
        QT_TRANSLATE_NOOP("ServiceReasons", "network error talking (%1)"), detail))


def _either(where: str, with_where: str, without: str, *values: str) -> Reason:
    """``with_where`` filled with ``where`` then ``values`` when ``where`` is known, else
    ``without`` filled with ``values``."""
    return Reason(with_where, (where, *values)) if where else Reason(without, values)


def stream_ended_early(text_chars: int, *, url: str | None = None) -> ProviderError:
    """The NETWORK error for a stream that closed before its end marker (APP-1), after
    ``text_chars`` characters of text; ``url`` the endpoint, whose host the message names."""
    return ProviderError(ErrorKind.NETWORK, _either(
        url_host(url) if url else "",
        QT_TRANSLATE_NOOP("ServiceReasons", "stream ended early: the connection was closed by %1 after %2 "
                                            "characters of text"),
        QT_TRANSLATE_NOOP("ServiceReasons", "stream ended early: the connection was closed after %1 characters "
                                            "of text"), str(text_chars)),
        fault=TransportFault.DROPPED, address=url_address(url) if url else "")


def url_address(url: str) -> str:
    """``host:port`` of ``url`` (the port only when the URL names one; no credentials),
    for a sentence a user checks their server against; the host alone when it has no port."""
    host = url_host(url)
    try:
        port = urlsplit(url).port
    except ValueError:
        port = None
    return f"{host}:{port}" if port else host
