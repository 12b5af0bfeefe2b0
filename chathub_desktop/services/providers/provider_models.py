"""The provider's own models (issue 14): the model ids a provider's ``/models`` answered
last, kept in the store (``app_setting`` row ``provider-models:<id>``) so the assistant
dialog offers them first — also after a restart — and the bundled catalog second. The
windows the provider reported for them (:mod:`chathub_desktop.core.model_windows`) are
kept beside (row ``provider-windows:<id>``): the choosers show them, and they are the
window of a model without a user card (:func:`~chathub_desktop.services.providers.model_card_service.resolve_card`).
The same row lists the models whose server said its chat template takes no tools
(``no_tools``, llama.cpp ``/props``; walkthrough F3): their requests offer none
(:func:`takes_no_tools`).

:meth:`ProviderModels.test` runs Test connection
(:func:`~chathub_desktop.services.providers.connection_check.check_endpoint`) for a stored provider
or for a form's values not saved yet, and remembers the list when the provider is stored.
Store calls block: the GUI runs them through its worker threads.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from chathub_desktop.core.model_cards import ModelCardInfo, WindowSource
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.providers.catalog import ModelCatalog
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.providers.connection_check import (
    ConnectionCheck,
    check_connection,
    check_endpoint,
)
from chathub_desktop.services.providers.provider_service import ProviderService, validate_base_url
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.provider_lookup import provider_named, provider_row
from chathub_desktop.storage.provider_model_lists import (
    cached_models,
    reported_windows,
    store_lists,
    takes_no_tools,
)

#: The most model ids kept per provider.
MAX_MODELS = 5000
#: Seconds the check before a self-hosted server's first send may take.
PROBE_TIMEOUT_S = 5.0

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ModelListing:
    """What a model chooser offers for one provider: ``own`` (its last fetched list),
    ``catalog`` (the bundled ids it can serve) and ``windows``: ``(id, tokens)`` the
    provider reported for its own models (issue 28)."""

    own: tuple[str, ...]
    catalog: tuple[str, ...]
    windows: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class ServedModel:
    """One model an enabled provider offered at its last test, for Settings → Models
    (walk42 #6): ``provider`` name, ``model`` id, its ``window`` in tokens and where that
    window comes from (``source``: the user's card, the provider's report, the catalog or
    the NUM-2 fallback); ``max_output``: its card's completion cap in tokens, None when
    no card sets one (walk50 #2)."""

    provider: str
    model: str
    window: int
    source: WindowSource
    max_output: int | None = None


class ProviderModels:
    """Cached model lists per provider and Test connection (module docstring)."""

    def __init__(self, db: Database, providers: ProviderService, catalog: ModelCatalog) -> None:
        self._db = db
        self._providers = providers
        self._catalog = catalog
        self._probed: set[int] = set()  # providers :meth:`ensure_tested` looked at in this process

    def card(self, provider_id: int | None, model: str) -> ModelCardInfo:
        """The card ``model`` gets on provider ``provider_id`` (the user's card, else the
        catalog's, else the NUM-2 fallback window with ``known`` False)."""
        from chathub_desktop.services.providers.model_card_service import resolve_card

        with self._db.read() as s:
            provider = provider_row(s, provider_id) if provider_id is not None else None
            return resolve_card(s, self._catalog, provider, model)

    def default_max_output(self, provider: int | str | None, model: str) -> int | None:
        """The max output a new assistant on ``model`` of ``provider`` (id or name) starts
        with (``core.budget.default_max_output`` of its card: a quarter of a known window
        of at most 16,384 tokens; issue 28), or None. Blocking (a store read)."""
        from chathub_desktop.core.budget import default_max_output

        pid = provider if isinstance(provider, int) or provider is None else self._provider_id(provider)
        card = self.card(pid, model)
        return default_max_output(card.context_window if card.known else None, card.max_output)

    def _provider_id(self, name: str) -> int | None:
        with self._db.read() as s:
            row = provider_named(s, name)
            return row.id if row is not None else None

    def choices(self, provider_id: int | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Model ids for a model chooser: the provider's own (last fetched) first, then the
        bundled catalog's ids the provider did not list and could serve
        (:func:`~chathub_desktop.core.model_ids.catalog_fits`: none from the catalog under
        a local server, a vendor's own models under its API; issue 28)."""
        from chathub_desktop.core.model_ids import catalog_fits

        own = self.cached(provider_id) if provider_id is not None else ()
        seen = set(own)
        where: tuple[str, str] | None = None
        if provider_id is not None:
            with self._db.read() as s:
                row = provider_row(s, provider_id)
                where = (row.kind, row.base_url or "") if row is not None else None
        return own, tuple(e.id for e in self._catalog.entries
                          if e.id not in seen and (where is None or catalog_fits(e.id, *where)))

    def listing(self, provider: int | str | None) -> ModelListing:
        """The chooser's list for provider ``provider`` (an id, a name, or ``None`` for
        the catalog alone): :meth:`choices` and the windows it reported, in one call."""
        pid: int | None = None
        if isinstance(provider, int):
            pid = provider
        elif provider:
            pid = self._provider_id(provider)
        own, catalog = self.choices(pid)
        return ModelListing(own, catalog, tuple(sorted(self.windows(pid).items())))

    def served(self) -> list[ServedModel]:
        """Every model the enabled providers offered at their last test (the cached
        lists), each with the window it gets (:func:`resolve_card`), by provider then
        model id; empty when no provider has a list. Blocking (one store read)."""
        from chathub_desktop.services.providers.model_card_service import resolve_card

        providers = [p for p in self._providers.list() if p.enabled]
        out: list[ServedModel] = []
        with self._db.read() as s:
            for view in providers:
                row = provider_row(s, view.id)
                if row is None:
                    continue
                for model in cached_models(s, view.id):
                    card = resolve_card(s, self._catalog, row, model)
                    out.append(ServedModel(view.name, model, card.context_window, card.window_source, card.max_output))
        return out

    def cached(self, provider_id: int) -> tuple[str, ...]:
        """The ids provider ``provider_id`` offered at its last successful test (sorted;
        empty when never tested)."""
        with self._db.read() as s:
            return cached_models(s, provider_id)

    def windows(self, provider_id: int | None) -> dict[str, int]:
        """``{model id: tokens}``: the windows provider ``provider_id`` reported at its last
        successful test (empty when it reported none, or for ``None``)."""
        if provider_id is None:
            return {}
        with self._db.read() as s:
            return reported_windows(s, provider_id)

    def takes_no_tools(self, provider_id: int | None, model: str) -> bool:
        """True when provider ``provider_id`` said ``model`` takes no tools (module
        docstring); False for ``None`` or when it never said so."""
        if provider_id is None:
            return False
        with self._db.read() as s:
            return takes_no_tools(s, provider_id, model)

    def remember(self, provider_id: int, models: Sequence[str],
                 windows: Mapping[str, int] | None = None, no_tools: Sequence[str] = ()) -> None:
        """Keep ``models`` (at most :data:`MAX_MODELS`) as ``provider_id``'s list and
        ``windows`` (tokens per listed id; none: the provider reports none) and
        ``no_tools`` (listed ids whose server takes no tools) beside it, in one
        transaction; the old list, windows and no-tools list are replaced."""
        with self._db.write() as s:
            store_lists(s, provider_id, list(models)[:MAX_MODELS], windows or {}, no_tools)

    async def test(self, provider: int | str) -> ConnectionCheck:
        """Test connection of a stored provider (id or name); a list that came back is
        remembered, so every model chooser offers it (issue 28)."""
        import asyncio

        result = await check_connection(self._providers, provider)
        if result.ok:
            pid = provider if isinstance(provider, int) else (await asyncio.to_thread(self._providers.get, provider)).id
            await asyncio.to_thread(self.remember, pid, result.models, dict(result.windows), result.no_tools)
        return result

    async def ensure_tested(self, provider_id: int, timeout_s: float = PROBE_TIMEOUT_S) -> bool:
        """Before the first send to a self-hosted OpenAI-compatible server (llama.cpp,
        Ollama, …; ``is_self_hosted``) that was never tested, test it now, so its windows
        and whether its models take tools (walkthrough F3) are known without a Test
        connection. At most once per provider and process, within ``timeout_s`` seconds; a
        failure is no answer (the send goes on as before). True when it asked now.
        Async: the store reads and the check run off the caller's thread."""
        import asyncio

        from chathub_desktop.core.base_urls import is_self_hosted

        if provider_id in self._probed:
            return False
        self._probed.add(provider_id)
        view = await asyncio.to_thread(self._providers.get, provider_id)
        if not is_self_hosted(ProviderKind(view.kind), view.base_url):
            return False
        if await asyncio.to_thread(self.cached, provider_id):
            return False  # tested before: its answer is remembered
        try:
            async with asyncio.timeout(timeout_s):
                await self.test(provider_id)
        except TimeoutError:
            log.info("provider %s did not answer its first check within %g s", provider_id, timeout_s)
        return True

    async def test_values(self, name: str, kind: str, base_url: str, *, key: str | None = None,
                          key_env: str | None = None, stored_key_of: int | None = None) -> ConnectionCheck:
        """Test connection of a form's values: the key typed (``key``), read from the env
        var ``key_env``, or the stored key of provider ``stored_key_of``; none for a
        provider without a key. Never raises: a bad URL or a missing key is the answer."""
        import asyncio

        try:
            url = validate_base_url(base_url)
            if key is None and key_env:
                key = os.environ.get(key_env)
                if not key:
                    return ConnectionCheck(False, f"the environment variable {key_env} is not set")
            elif key is None and stored_key_of is not None:
                key = await asyncio.to_thread(self._providers.api_key, stored_key_of)
        except ServiceError as exc:
            return ConnectionCheck(False, str(exc), why=exc.why)
        return await check_endpoint(name.strip() or "the provider", kind, url, key)
