"""The user's own model cards: context window and max output per model (NUM-2, CMP-4).

A card the user adds (for one provider, or for every provider) beats the bundled
catalog, so an 8k custom model is treated as 8k by the chat path, the badge and the
summarizer alike. :func:`resolve_card` is the one lookup all of them use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from chathub_desktop.core.model_cards import MAX_CATALOG_CHARS, ModelCardInfo, WindowSource
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.catalog import CatalogError, ModelCatalog
from chathub_desktop.services.errors import InvalidInput, NotFound, no_provider
from chathub_desktop.services.input_files import read_regular
from chathub_desktop.services.input_rules import check_model_id
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.model_card_rows import all_cards, card_row, put_card
from chathub_desktop.storage.provider_lookup import provider_named
from chathub_desktop.storage.provider_model_lists import reported_windows
from chathub_desktop.storage.session import Session
from chathub_desktop.tokens.encodings import EXPECTED_SHA256

#: Tokenizers a card may name (the bundled encodings).
ENCODINGS: tuple[str, ...] = tuple(EXPECTED_SHA256)
#: Largest context window accepted, tokens (keeps typos like 1e12 out).
MAX_CONTEXT_WINDOW = 100_000_000


class CardProvider(Protocol):
    """What :func:`resolve_card` reads of a provider (a ``storage.provider_lookup`` row)."""

    @property
    def id(self) -> int:
        """The provider's id."""

    @property
    def kind(self) -> str:
        """Its ``ProviderKind`` value."""

    @property
    def base_url(self) -> str | None:
        """Its base URL (None: the kind's default)."""


def resolve_card(s: Session, catalog: ModelCatalog, provider: CardProvider | None, model: str) -> ModelCardInfo:
    """The card of ``model`` on ``provider``. Its context window, first found wins:

    1. the user's card for that provider, then the user's card for every provider;
    2. the window the provider itself reported for ``model`` at its last Test
       connection / refresh (issue 28: OpenRouter's ``context_length``, a llama.cpp
       server's ``n_ctx``, …), with the catalog's other fields when it has the model;
    3. the bundled catalog's entry;
    4. the NUM-2 per-provider fallback window (``known`` False: the only unknown case).
    """
    kind = ProviderKind(provider.kind) if provider is not None else ProviderKind.OPENAI_COMPATIBLE
    card = catalog.card(model, kind, base_url=provider.base_url if provider is not None else None)
    reported = reported_windows(s, provider.id).get(model) if provider is not None else None
    if reported is not None:
        card = replace(card, context_window=reported, known=True, window_source=WindowSource.PROVIDER)
    custom = card_row(s, model, provider.id) if provider is not None else None
    if custom is None:
        custom = card_row(s, model, None)
    if custom is None:
        return card
    return replace(
        card,
        context_window=custom.context_window,
        max_output=custom.max_output,
        reasoning=custom.reasoning,
        known=True,
        encoding=custom.encoding,
        window_source=WindowSource.USER_CARD,
    )


@dataclass(frozen=True)
class ModelCardView:
    """A user card: ``provider`` name (``None`` = every provider), model id, context
    window and max output in tokens, whether the model reasons."""

    provider: str | None
    model: str
    context_window: int
    max_output: int | None
    reasoning: bool
    #: Tokenizer name, ``None``: chosen by model id (issue 28).
    encoding: str | None = None

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        return dict(self.__dict__)


class ModelCardService:
    """Add, list, delete and import the user's model cards. ``on_change()`` runs after
    each committed change (the container passes the estimate cache's invalidate, so the
    badge recounts with the new window)."""

    def __init__(self, db: Database, catalog: ModelCatalog, *, on_change: Callable[[], None] | None = None) -> None:
        self._db = db
        self._catalog = catalog
        self._on_change = on_change or (lambda: None)

    @staticmethod
    def _provider(s: Session, name: str | None) -> CardProvider | None:
        if name is None:
            return None
        row = provider_named(s, name)
        if row is None:
            raise NotFound(no_provider(name))
        return row

    def set(
        self,
        model: str,
        context_window: int,
        *,
        provider: str | None = None,
        max_output: int | None = None,
        reasoning: bool = False,
        encoding: str | None = None,
    ) -> ModelCardView:
        """Add or replace the card of ``model`` (for ``provider``, or every provider);
        ``encoding`` names its tokenizer (:data:`ENCODINGS`, ``None``: by model id).
        Raises :class:`InvalidInput` for an empty id, impossible sizes or an unknown
        tokenizer."""
        model = check_model_id(model)
        if not 1 <= context_window <= MAX_CONTEXT_WINDOW:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "context window must be between 1 and %1 tokens"), (f"{MAX_CONTEXT_WINDOW:,}",)))
        if max_output is not None and not 1 <= max_output <= context_window:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons",
                                                        "max output must be between 1 and the context window")))
        if encoding is not None and encoding not in ENCODINGS:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "tokenizer must be one of %1 (got %2)"),
                                      (", ".join(ENCODINGS), repr(encoding))))
        with self._db.write() as s:
            p = self._provider(s, provider)
            put_card(s, model, p.id if p is not None else None, context_window, max_output, reasoning, encoding)
        self._on_change()
        return ModelCardView(provider, model, context_window, max_output, reasoning, encoding)

    def list(self) -> list[ModelCardView]:
        """Every user card, by provider then model."""
        with self._db.read() as s:
            return [ModelCardView(name, c.model, c.context_window, c.max_output, c.reasoning, c.encoding)
                    for c, name in all_cards(s)]

    def delete(self, model: str, *, provider: str | None = None) -> None:
        """Remove a user card (the bundled catalog applies again). Raises :class:`NotFound`."""
        with self._db.write() as s:
            p = self._provider(s, provider)
            row = card_row(s, model, p.id if p is not None else None)
            if row is None:
                raise NotFound(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no model card for %1"), (repr(model),)))
            s.delete(row)
        self._on_change()

    def import_catalog(self, path: Path, *, provider: str | None = None) -> int:
        """Import a catalog JSON file (the bundled ``model_catalog.json`` format) as user
        cards, all in one transaction. Returns how many cards were written. Raises
        :class:`InvalidInput` naming the bad entry, or for a file that is not a regular
        file or too large (read no further; issue 32); nothing is written then."""
        name = Path(path).name
        # more bytes than any catalog's characters need are refused unread (issue 32)
        data = read_regular(path, MAX_CATALOG_CHARS * 4, what="model catalog")
        try:
            text = data.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as exc:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "%1: the file is not UTF-8 text (byte 0x%2 at offset %3); a model catalog is UTF-8 JSON"),
                (name, f"{data[exc.start]:02x}", str(exc.start)))) from None
        try:
            entries = ModelCatalog.from_json_text(text).entries
        except CatalogError as exc:
            raise InvalidInput(Reason("%1: %2", (name, exc.reason)) if exc.reason else f"{name}: {exc}") from None
        with self._db.write() as s:
            p = self._provider(s, provider)
            pid = p.id if p is not None else None
            for e in entries:
                put_card(s, e.id, pid, e.context_window, e.max_output, e.reasoning)
        self._on_change()
        return len(entries)
