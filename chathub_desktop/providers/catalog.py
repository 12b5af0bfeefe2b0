"""The model catalog: bundled ``resources/model_catalog.json``, importable and reloadable (NUM-2).

Thin I/O shell around :mod:`chathub_desktop.core.model_cards` (parsing, lookup and the
fallback windows live there): this module reads files and ``os.environ``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

from chathub_desktop import paths
from chathub_desktop.core.model_cards import (
    CatalogEntry,
    CatalogError,
    ModelCardIndex,
    ModelCardInfo,
    merge_entries,
    parse_catalog,
)
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.reasons import Reason

CATALOG_FILE_NAME = "model_catalog.json"

__all__ = ["CATALOG_FILE_NAME", "CatalogEntry", "CatalogError", "ModelCardInfo", "ModelCatalog"]


class ModelCatalog:
    """Known models with their context window, max output and thinking flags (NUM-2, REF-21).

    Build with :meth:`load` (a file) or :meth:`from_json_text`; look models up with
    :meth:`card`. Immutable: :meth:`merged` returns a new catalog.
    """

    def __init__(self, entries: tuple[CatalogEntry, ...], *, source: Path | None = None) -> None:
        self._index = ModelCardIndex(entries)
        self.source = source

    @classmethod
    def default_path(cls) -> Path:
        """``paths.resources_dir() / "model_catalog.json"``."""
        return paths.resources_dir() / CATALOG_FILE_NAME

    @classmethod
    def load(cls, path: Path | str | None = None) -> ModelCatalog:
        """Read a catalog file (UTF-8 JSON; default :meth:`default_path`).

        Raises :class:`CatalogError` for malformed content (naming the bad entry) and
        ``OSError`` when the file cannot be read.
        """
        file = Path(path) if path is not None else cls.default_path()
        text = file.read_text(encoding="utf-8")
        try:
            entries = parse_catalog(text)
        except CatalogError as exc:
            raise CatalogError(Reason("%1: %2", (str(file), exc.reason)) if exc.reason else f"{file}: {exc}") from None
        return cls(entries, source=file)

    @classmethod
    def from_json_text(cls, text: str) -> ModelCatalog:
        """Parse catalog JSON text. Raises :class:`CatalogError` naming the bad entry."""
        return cls(parse_catalog(text))

    @property
    def entries(self) -> tuple[CatalogEntry, ...]:
        """All entries, in file order."""
        return self._index.entries

    def merged(self, overrides: ModelCatalog) -> ModelCatalog:
        """A catalog where ``overrides``' entries replace or extend this one's (import)."""
        return ModelCatalog(merge_entries(self.entries, overrides.entries), source=self.source)

    def to_json_text(self) -> str:
        """The catalog as JSON text (for export; round-trips through :meth:`from_json_text`)."""
        payload = {"version": 1, "models": [e.to_json() for e in self.entries]}
        return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"

    def card(
        self,
        model: str,
        kind: ProviderKind,
        base_url: str | None = None,
        *,
        env: Mapping[str, str] | None = None,
    ) -> ModelCardInfo:
        """The card for ``model`` on a provider of ``kind``.

        Lookup: exact id, id without vendor prefix (``openai/gpt-4o``), longest known
        prefix (``gpt-4o-2024-08-06`` → ``gpt-4o``). Unknown models get ``known=False``,
        ``max_output=None``, ``reasoning=False`` and the NUM-2 fallback window from
        ``COMPACT_CONTEXT_WINDOW_*`` in ``env`` (default ``os.environ``); for
        OpenAI-compatible providers ``base_url`` picks LOCAL / ZAI / INCEPTION /
        OPENROUTER.
        """
        return self._index.card(model, kind, base_url, os.environ if env is None else env)
