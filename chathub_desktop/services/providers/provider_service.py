"""Providers: add, list, update, delete; where each key lives; a client per provider (APP-1, APP-2).

A base URL carrying credentials (``user:pass@`` or a key-like query parameter) is
refused, pointing to the key field; one stored before that rule keeps working but is
only ever shown redacted (issue 12 "Keys in URLs")."""

from __future__ import annotations

import functools
import re
from typing import Protocol
from urllib.parse import urlparse

from chathub_desktop.core.base_urls import credentials_reason, redact_url
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.base import ChatClient
from chathub_desktop.services.errors import InvalidInput, found, no_provider
from chathub_desktop.services.input_rules import MAX_ENV_NAME_CHARS, check_name, check_record_id
from chathub_desktop.services.views import ProviderView
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.errors import IntegrityError
from chathub_desktop.storage.provider_lookup import (
    add_provider,
    all_providers,
    clear_topic_models,
    delete_provider,
    name_taken,
    provider_row,
)
from chathub_desktop.storage.provider_model_lists import forget_lists
from chathub_desktop.storage.secrets import (
    FileSecretStore,
    KeyPlace,
    KeyringSecretStore,
    KeyringStatus,
    SecretUnavailable,
    key_from_env,
)
from chathub_desktop.storage.session import Session

_ENV_VAR = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def parse_kind(kind: str) -> ProviderKind:
    """``ProviderKind`` from its value (``openai``, ``openai_compatible``, ...; ``-`` accepted
    for ``_``). Raises :class:`InvalidInput` listing the valid kinds."""
    try:
        return ProviderKind(kind.strip().lower().replace("-", "_"))
    except ValueError:
        valid = ", ".join(k.value for k in ProviderKind)
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "unknown provider kind %1; choose one of: %2"),
                                  (repr(kind), valid))) from None


#: A provider name in use, and a key the key store refused (typed reasons, issue 27).
_NAME_TAKEN = QT_TRANSLATE_NOOP("ServiceReasons", "a provider named %1 already exists")
_KEY_NOT_STORED = QT_TRANSLATE_NOOP("ServiceReasons", "cannot store the API key: %1")

#: The longest base URL stored (characters; the column's size on every engine).
MAX_BASE_URL_CHARS = 500


def _check_env_name(name: str | None) -> None:
    """:class:`InvalidInput` for an API-key variable name that is not one, or longer than
    its column (:data:`~input_rules.MAX_ENV_NAME_CHARS`; issue 32: both engines alike)."""
    if not name:
        return
    if len(name) > MAX_ENV_NAME_CHARS:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "the API key variable name is longer than %1 characters"), (str(MAX_ENV_NAME_CHARS),)))
    if not _ENV_VAR.match(name):
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "not an environment variable name: %1"),
                                  (repr(name),)))


def validate_base_url(url: str) -> str:
    """Return ``url`` without a trailing slash; raises :class:`InvalidInput` (one line,
    the URL shown redacted) unless it is an absolute http(s) URL that parses (an unclosed
    ``[`` of an IPv6 host is refused), has a valid port, at most
    :data:`MAX_BASE_URL_CHARS` characters and no credentials (APP-2, issue 12)."""
    url = url.strip().rstrip("/")
    shown = redact_url(url)
    if len(shown) > 120:
        shown = shown[:117] + "…"
    if len(url) > MAX_BASE_URL_CHARS:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "base URL is %1 characters long; the limit is %2"),
                                  (f"{len(url):,}", str(MAX_BASE_URL_CHARS))))
    try:
        parsed = urlparse(url)
        host = parsed.hostname
    except ValueError as exc:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "base URL is not a valid URL (%1; got %2)"),
                                  (str(exc), repr(shown)))) from None
    if parsed.scheme not in ("http", "https") or not host:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "base URL must start with http:// or https:// "
                                                                      "(got %1)"), (repr(shown),)))
    if any(ch.isspace() for ch in url):
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "base URL must not contain spaces (got %1)"),
                                  (repr(shown),)))
    try:
        parsed.port  # noqa: B018 - raises for a port outside 0-65535
    except ValueError:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "base URL has an invalid port (got %1)"),
                                  (repr(shown),))) from None
    problem = credentials_reason(url)
    if problem is not None:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "the base URL must not carry a key or password (%1); put the key in the API key field "
                              "(or --api-key-env) and leave it out of the URL"), (problem,)))
    return url


class _ProviderFields(Protocol):
    """What this service reads and changes of a provider row (``storage.provider_lookup``)."""

    id: int
    name: str
    kind: str
    base_url: str
    api_key_env: str | None
    key_in_keyring: bool
    key_in_file: bool
    enabled: bool


def _row(s: Session, ref: int | str) -> _ProviderFields:
    """Provider ``ref`` (id or name) of session ``s``. Raises :class:`NotFound`."""
    return found(provider_row(s, check_record_id(ref, "provider") if isinstance(ref, int) else ref),
                 no_provider(ref))


class ProviderService:
    """CRUD for providers. Keys go to the OS keyring or stay in an env var; never the DB."""

    def __init__(self, db: Database, secrets: KeyringSecretStore, key_file: FileSecretStore | None = None) -> None:
        self._db = db
        self._secrets = secrets
        #: The data dir's key file only the user can read (issue 28); None: not offered.
        self.key_file = key_file

    def _store(self, place: KeyPlace) -> KeyringSecretStore | FileSecretStore:
        if place is KeyPlace.FILE:
            if self.key_file is None:
                raise SecretUnavailable(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no key file is configured here")))
            return self.key_file
        return self._secrets

    def keyring_status(self) -> KeyringStatus:
        """Whether keys can be stored in the OS keyring here (and why not)."""
        return self._secrets.status()

    @staticmethod
    def _view(p: _ProviderFields) -> ProviderView:
        source = (f"env:{p.api_key_env}" if p.api_key_env else KeyPlace.KEYRING.value if p.key_in_keyring
                  else KeyPlace.FILE.value if p.key_in_file else KeyPlace.NONE.value)
        return ProviderView(id=p.id, name=p.name, kind=p.kind, base_url=redact_url(p.base_url),
                            key_source=source, enabled=p.enabled)

    def add(
        self,
        name: str,
        kind: str,
        base_url: str | None = None,
        *,
        api_key: str | None = None,
        api_key_env: str | None = None,
        key_place: KeyPlace = KeyPlace.KEYRING,
    ) -> ProviderView:
        """Add a provider. ``api_key`` goes to the OS keyring, or with ``key_place`` FILE to
        the data dir's key file only the user can read (issue 28); ``api_key_env`` names
        the env var to read it from instead. Raises :class:`InvalidInput` (duplicate name,
        bad kind/URL, bad env var name, key store unavailable); nothing is stored on failure."""
        name = check_name(name, "provider name")
        pkind = parse_kind(kind)
        url = validate_base_url(pkind.default_base_url if base_url is None else base_url)
        if api_key and api_key_env:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons",
                                                        "give either an API key or an environment variable, not both")))
        _check_env_name(api_key_env)
        try:
            with self._db.write() as s:
                clash = name_taken(s, name)
                if clash is not None:
                    raise InvalidInput(Reason(_NAME_TAKEN, (repr(clash),)))
                row = add_provider(
                    s,
                    name=name,
                    kind=pkind.value,
                    base_url=url,
                    api_key_env=api_key_env or None,
                    key_in_keyring=bool(api_key) and key_place is KeyPlace.KEYRING,
                    key_in_file=bool(api_key) and key_place is KeyPlace.FILE,
                )
                if api_key:
                    self._store(key_place).set(name, api_key)
                return self._view(row)
        except IntegrityError:
            raise InvalidInput(Reason(_NAME_TAKEN, (repr(name),))) from None
        except SecretUnavailable as exc:
            raise InvalidInput(Reason(_KEY_NOT_STORED, (exc.said(),))) from None

    def list(self) -> list[ProviderView]:
        """All providers by name."""
        with self._db.read() as s:
            return [self._view(p) for p in all_providers(s)]

    def get(self, ref: int | str) -> ProviderView:
        """Provider by id or name. Raises :class:`NotFound`."""
        with self._db.read() as s:
            return self._view(_row(s, ref))

    def update(
        self,
        ref: int | str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        api_key_env: str | None = None,
        clear_key: bool = False,
        key_place: KeyPlace = KeyPlace.KEYRING,
    ) -> ProviderView:
        """Change a provider's URL or key source. ``base_url`` equal to the redacted URL the
        views show leaves the stored one unchanged; a new ``api_key`` goes to ``key_place``
        and a key stored in the other place is removed. Raises :class:`InvalidInput`/:class:`NotFound`."""
        _check_env_name(api_key_env)
        try:
            with self._db.write() as s:
                row = _row(s, ref)
                if base_url is not None and base_url.strip().rstrip("/") != redact_url(row.base_url):
                    row.base_url = validate_base_url(base_url)  # the redacted URL shown = unchanged
                if api_key_env is not None:
                    row.api_key_env = api_key_env or None
                if api_key:
                    self._store(key_place).set(row.name, api_key)
                    other = KeyPlace.FILE if key_place is KeyPlace.KEYRING else KeyPlace.KEYRING
                    if (row.key_in_file if other is KeyPlace.FILE else row.key_in_keyring):
                        self._store(other).delete(row.name)
                    row.key_in_keyring = key_place is KeyPlace.KEYRING
                    row.key_in_file = key_place is KeyPlace.FILE
                    row.api_key_env = None
                elif clear_key:
                    for place, held in ((KeyPlace.KEYRING, row.key_in_keyring), (KeyPlace.FILE, row.key_in_file)):
                        if held:
                            self._store(place).delete(row.name)
                    row.key_in_keyring = row.key_in_file = False
                return self._view(row)
        except SecretUnavailable as exc:
            raise InvalidInput(Reason(_KEY_NOT_STORED, (exc.said(),))) from None

    def set_enabled(self, ref: int | str, on: bool) -> ProviderView:
        """Turn provider ``ref`` (id or name) on or off (issue 29). Off, its models leave
        every chooser and a send that needs it is refused, saying so in one line; its key
        and model lists stay. Raises :class:`NotFound`."""
        with self._db.write() as s:
            row = _row(s, ref)
            row.enabled = on
            return self._view(row)

    def delete(self, ref: int | str) -> None:
        """Delete a provider and its keyring entry (assistants keep their settings). A
        topic whose own model was on it falls back to its assistant's model (issue 14):
        its choice is cleared in the same transaction, so a provider added later with the
        same id never inherits it."""
        with self._db.write() as s:
            row = _row(s, ref)
            name, in_keyring, in_file = row.name, row.key_in_keyring, row.key_in_file
            clear_topic_models(s, row.id)
            # its model list and reported windows go too (a later provider may get this id)
            forget_lists(s, row.id)
            delete_provider(s, row.id)
        for place, held in ((KeyPlace.KEYRING, in_keyring), (KeyPlace.FILE, in_file)):
            if held:
                try:
                    self._store(place).delete(name)
                except SecretUnavailable:
                    pass

    def api_key(self, ref: int | str) -> str | None:
        """The provider's key from its env var or the keyring; ``None`` when it has none.
        Raises :class:`InvalidInput` when the named env var is unset or the keyring fails."""
        with self._db.read() as s:
            row = _row(s, ref)
            env, in_keyring, in_file, name = row.api_key_env, row.key_in_keyring, row.key_in_file, row.name
        try:
            if env:
                return key_from_env(env)
            if in_keyring or in_file:
                place = KeyPlace.KEYRING if in_keyring else KeyPlace.FILE
                key = self._store(place).get(name)
                if key is None:
                    raise SecretUnavailable(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no key for provider %1 in the "
                                                                                       "keyring") if in_keyring
                                                     else QT_TRANSLATE_NOOP("ServiceReasons", "no key for provider %1 "
                                                                                              "in the key file"),
                                                     (repr(name),)))
                return key
        except SecretUnavailable as exc:
            raise InvalidInput(exc.said()) from None
        return None

    def client(self, ref: int | str, *, reply_mb: int | None = None) -> ChatClient:
        """A fresh streaming client for this provider (caller closes it with ``aclose``),
        on the stored URL as it is (views show it redacted). ``reply_mb``: the reply limit
        of the ``reply-limit-mb`` setting (MB; ``CHATHUB_LIMIT_REPLY_MB`` wins when set,
        stream50); ``None``: the variable's or the default."""
        from chathub_desktop.providers.factory import make_client  # httpx off the start-up path
        from chathub_desktop.providers.stream_limits import StreamLimits

        with self._db.read() as s:
            row = _row(s, ref)
            pid, kind, url = row.id, row.kind, row.base_url
        return make_client(ProviderKind(kind), url, self.api_key(pid), limits=StreamLimits.from_env(reply_mb=reply_mb))

    async def aclient(self, ref: int | str, *, reply_mb: int | None = None) -> ChatClient:
        """:meth:`client` built on the store's worker threads: the store read, the keyring
        lookup and the HTTP client's TLS setup (tens of milliseconds) never stall the loop.
        Raises :class:`InvalidInput` for a missing key, :class:`NotFound`."""
        return await self._db.run(functools.partial(self.client, ref, reply_mb=reply_mb))
