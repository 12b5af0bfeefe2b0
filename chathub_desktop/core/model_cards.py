"""Model cards: parsing the catalog JSON, lookup and per-provider fallback windows (NUM-2, REF-21).

Pure: the catalog text, the environment mapping and the base URL come in as arguments.
:mod:`chathub_desktop.providers.catalog` reads the bundled file and ``os.environ``.

Catalog JSON shape::

    {"version": 1,
     "models": [{"id": "gpt-5", "context_window": 400000, "max_output": 128000,
                 "reasoning": true, "thinking_off": null, "min_effort": "minimal",
                 "aliases": ["..."]}, ...]}

``context_window`` / ``max_output`` are in tokens; ``thinking_off`` names how the vendor
lets thinking be switched off (:data:`THINKING_OFF_STYLES`) or is null; ``min_effort`` is
the lowest ``reasoning_effort`` the model accepts (GPT-5 family) or null.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from chathub_desktop.core.json_bounds import (
    PIECE_BYTES,
    JsonBoundsError,
    JsonLimits,
    check_json_text,
)
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.stored_text import describe_unstorable, first_unstorable

#: Ways to switch thinking off that REF-21 knows about.
THINKING_OFF_STYLES = frozenset({"anthropic", "deepseek", "zhipu", "moonshot"})
#: Characters that may follow a known id for a prefix match (``gpt-4o`` ← ``gpt-4o-2024-08-06``).
_PREFIX_BOUNDARIES = "-.:@_ "
_LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "0.0.0.0"})

#: NUM-2 fallback windows (tokens), keyed by the env-variable suffix.
FALLBACK_WINDOWS: Mapping[str, int] = {
    "ZAI": 128_000,
    "OPENROUTER": 128_000,
    "OPENAI": 128_000,
    "RESPONSES": 128_000,
    "ANTHROPIC": 1_000_000,
    "ANTHROPIC_COMPAT": 1_000_000,
    "INCEPTION": 32_000,
    "LOCAL": 32_000,
}
FALLBACK_ENV_PREFIX = "COMPACT_CONTEXT_WINDOW_"

#: Bounds of a catalog read from outside (issue 12): its size in characters, its JSON
#: nesting (a catalog needs 4 levels) and longest string, a model id or alias in
#: characters (the ``model_card.model`` column) and a token count.
MAX_CATALOG_CHARS = 4 * 1024 * 1024
CATALOG_JSON_LIMITS = JsonLimits(max_depth=16, max_string_bytes=PIECE_BYTES)
MAX_ID_CHARS = 200
MAX_TOKENS = 100_000_000


class CatalogError(ValueError):
    """The catalog JSON is malformed; the message names the bad entry and field.
    ``reason`` is the typed :class:`Reason` when the check was typed (the JSON bounds,
    issue 27: the window says it in its language), else ``None`` and the English only."""

    def __init__(self, message: str | Reason) -> None:
        self.reason = message if isinstance(message, Reason) else None
        super().__init__(message.english() if isinstance(message, Reason) else message)


class WindowSource(enum.Enum):
    """Where a card's context window comes from, first found wins (issue 28)."""

    USER_CARD = "user card"  # the user's model card
    PROVIDER = "provider"  # the window the provider reported for the model
    CATALOG = "catalog"  # the bundled catalog
    FALLBACK = "fallback"  # the NUM-2 per-provider fallback (``known`` False)


class ModelSource(enum.StrEnum):
    """Where the model of a request came from (issue 14): a per-request override (e.g.
    "Regenerate with another model"), the topic's own choice, or its assistant's model."""

    OVERRIDE = "override"
    TOPIC = "topic"
    ASSISTANT = "assistant"


@dataclass(frozen=True, slots=True)
class ModelCardInfo:
    """What we know about one model (NUM-2, REF-21).

    - ``model``: the id as the user configured it (not the catalog key).
    - ``context_window``: tokens; from the catalog, or the provider fallback when unknown.
    - ``max_output``: completion cap in tokens, ``None`` when not known.
    - ``reasoning``: the model thinks (REF-21 adds 2048 to summary budgets for these).
    - ``thinking_off``: ``"anthropic"``, ``"deepseek"``, ``"zhipu"``, ``"moonshot"`` or ``None``.
    - ``min_effort``: lowest ``reasoning_effort`` accepted (``"minimal"`` for GPT-5), or ``None``.
    - ``known``: False when the model is not in the catalog (fallback values).
    - ``encoding``: the tokenizer a user card names (``o200k_base`` / ``cl100k_base``),
      ``None``: chosen by model id (``tokens.encodings``; issue 28).
    - ``window_source``: where ``context_window`` comes from (:class:`WindowSource`).
    """

    model: str
    context_window: int
    max_output: int | None
    reasoning: bool
    thinking_off: str | None
    min_effort: str | None
    known: bool
    encoding: str | None = None
    window_source: WindowSource = WindowSource.CATALOG


def least_reasoning(card: ModelCardInfo, kind: ProviderKind) -> dict[str, object]:
    """Vendor fields (a request's ``extra``) that keep ``card``'s model from thinking
    more than it must (REF-21): thinking disabled for the card styles that can switch
    it off (:data:`THINKING_OFF_STYLES`), and its lowest ``reasoning_effort`` on the
    OpenAI formats (``reasoning: {"effort": …}`` on Responses). Empty for a model
    that does not think."""
    extra: dict[str, object] = {}
    if card.thinking_off in THINKING_OFF_STYLES:
        extra["thinking"] = {"type": "disabled"}
    if card.min_effort and kind not in (ProviderKind.ANTHROPIC, ProviderKind.ANTHROPIC_COMPATIBLE):
        if kind is ProviderKind.OPENAI_RESPONSES:
            extra["reasoning"] = {"effort": card.min_effort}
        else:
            extra["reasoning_effort"] = card.min_effort
    return extra


@dataclass(frozen=True, slots=True)
class CatalogEntry:
    """One parsed catalog entry (its lower-cased ``id`` and ``aliases`` are lookup keys)."""

    id: str
    context_window: int
    max_output: int | None
    reasoning: bool = False
    thinking_off: str | None = None
    min_effort: str | None = None
    aliases: tuple[str, ...] = ()

    def card_for(self, model: str) -> ModelCardInfo:
        """This entry as the card of ``model`` (``known=True``)."""
        return ModelCardInfo(
            model=model,
            context_window=self.context_window,
            max_output=self.max_output,
            reasoning=self.reasoning,
            thinking_off=self.thinking_off,
            min_effort=self.min_effort,
            known=True,
        )

    def to_json(self) -> dict[str, object]:
        """The entry in catalog-JSON form (for export)."""
        out: dict[str, object] = {
            "id": self.id,
            "context_window": self.context_window,
            "max_output": self.max_output,
            "reasoning": self.reasoning,
            "thinking_off": self.thinking_off,
            "min_effort": self.min_effort,
        }
        if self.aliases:
            out["aliases"] = list(self.aliases)
        return out


def _positive_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_TOKENS


#: The catalog checks' English (issue 27: typed, so the window says them in its language).
_ID_LONG = QT_TRANSLATE_NOOP("ServiceReasons", "%1: %2 has %3 characters; the limit is %4")
_UNSTORABLE = QT_TRANSLATE_NOOP("ServiceReasons", "%1: %2 holds %3, which cannot be stored")
_NOT_OBJECT = QT_TRANSLATE_NOOP("ServiceReasons", "%1: expected an object, got %2")
_NO_ID = QT_TRANSLATE_NOOP("ServiceReasons", "%1: 'id' must be a non-empty string")
_WINDOW = QT_TRANSLATE_NOOP("ServiceReasons", "%1: 'context_window' must be a positive integer up to %2, got %3")
_MAX_OUTPUT = QT_TRANSLATE_NOOP("ServiceReasons", "%1: 'max_output' must be a positive integer up to %2 or null, got %3")
_REASONING = QT_TRANSLATE_NOOP("ServiceReasons", "%1: 'reasoning' must be true or false, got %2")
_THINKING_OFF = QT_TRANSLATE_NOOP("ServiceReasons", "%1: 'thinking_off' must be one of %2 or null, got %3")
_MIN_EFFORT = QT_TRANSLATE_NOOP("ServiceReasons", "%1: 'min_effort' must be a string or null, got %2")
_ALIASES = QT_TRANSLATE_NOOP("ServiceReasons", "%1: 'aliases' must be a list of strings")
_TOO_LONG = QT_TRANSLATE_NOOP("ServiceReasons", "model catalog has %1 characters; a catalog is at most %2")
_NOT_JSON = QT_TRANSLATE_NOOP("ServiceReasons", "model catalog is not valid JSON: %1 at line %2 column %3")
_BIG_NUMBER = QT_TRANSLATE_NOOP("ServiceReasons", "model catalog holds a number too large to read")
_MODELS_LIST = QT_TRANSLATE_NOOP("ServiceReasons", "model catalog: 'models' must be a list of entries")
_SHAPE = QT_TRANSLATE_NOOP("ServiceReasons", "model catalog: expected an object with a 'models' list")
_TAKEN = QT_TRANSLATE_NOOP("ServiceReasons", "%1: id or alias %2 is already used by models[%3]")
#: A refused value too large to echo (a value inside the checks above).
_BIG_VALUE = QT_TRANSLATE_NOOP("ServiceReasons", "a number too large")


def _shown(value: object) -> str | Reason:
    """``repr(value)`` cut to 40 characters (a huge number or string stays one short line);
    a number past 10**30 is the typed words "a number too large" (said in the window's
    language)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return Reason(_BIG_VALUE)
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _check_name(value: str, where: str, field: str) -> None:
    if len(value.strip()) > MAX_ID_CHARS:
        raise CatalogError(Reason(_ID_LONG, (where, field, f"{len(value.strip()):,}", str(MAX_ID_CHARS))))
    bad = first_unstorable(value)
    if bad is not None:
        raise CatalogError(Reason(_UNSTORABLE, (where, field, describe_unstorable(value[bad]))))


def _parse_entry(index: int, raw: object) -> CatalogEntry:
    where = f"models[{index}]"
    if not isinstance(raw, Mapping):
        raise CatalogError(Reason(_NOT_OBJECT, (where, type(raw).__name__)))
    model_id = raw.get("id")
    if not isinstance(model_id, str) or not model_id.strip():
        raise CatalogError(Reason(_NO_ID, (where,)))
    _check_name(model_id, where, "'id'")
    where = f"{where} ({model_id!r})"
    window = raw.get("context_window")
    if not _positive_int(window):
        raise CatalogError(Reason(_WINDOW, (where, f"{MAX_TOKENS:,}", _shown(window))))
    max_output = raw.get("max_output")
    if max_output is not None and not _positive_int(max_output):
        raise CatalogError(Reason(_MAX_OUTPUT, (where, f"{MAX_TOKENS:,}", _shown(max_output))))
    reasoning = raw.get("reasoning", False)
    if not isinstance(reasoning, bool):
        raise CatalogError(Reason(_REASONING, (where, _shown(reasoning))))
    thinking_off = raw.get("thinking_off")
    if thinking_off is not None and (not isinstance(thinking_off, str) or thinking_off not in THINKING_OFF_STYLES):
        raise CatalogError(Reason(_THINKING_OFF, (where, str(sorted(THINKING_OFF_STYLES)), _shown(thinking_off))))
    min_effort = raw.get("min_effort")
    if min_effort is not None and (not isinstance(min_effort, str) or not min_effort):
        raise CatalogError(Reason(_MIN_EFFORT, (where, _shown(min_effort))))
    if min_effort is not None:
        _check_name(min_effort, where, "'min_effort'")
    aliases = raw.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a for a in aliases):
        raise CatalogError(Reason(_ALIASES, (where,)))
    for alias in aliases:
        _check_name(alias, where, "an alias")
    return CatalogEntry(
        id=model_id.strip(),
        context_window=int(window),  # type: ignore[arg-type]
        max_output=max_output,
        reasoning=reasoning,
        thinking_off=thinking_off,
        min_effort=min_effort,
        aliases=tuple(a.strip() for a in aliases),
    )


def parse_catalog(text: str) -> tuple[CatalogEntry, ...]:
    """Parse catalog JSON text (shape in the module docstring).

    Also accepts a bare list of entries. Raises :class:`CatalogError` naming the line
    and column of a JSON syntax error, or the index, id and field of a bad entry, or
    the id given twice; and, before parsing, for a text over :data:`MAX_CATALOG_CHARS`
    or JSON over :data:`CATALOG_JSON_LIMITS` (issue 12). Token counts are at most
    :data:`MAX_TOKENS`; ids and aliases at most :data:`MAX_ID_CHARS` characters without
    NUL or lone surrogates.
    """
    if len(text) > MAX_CATALOG_CHARS:
        raise CatalogError(Reason(_TOO_LONG, (f"{len(text):,}", f"{MAX_CATALOG_CHARS:,}")))
    try:
        check_json_text(text, CATALOG_JSON_LIMITS)
    except JsonBoundsError as exc:
        raise CatalogError(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "model catalog %1; a catalog needs 4 levels and short texts"), (exc.reason,))) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogError(Reason(_NOT_JSON, (exc.msg, str(exc.lineno), str(exc.colno)))) from None
    except ValueError:  # an integer of more than 4,300 digits
        raise CatalogError(Reason(_BIG_NUMBER)) from None
    if isinstance(data, Mapping):
        models = data.get("models")
        if not isinstance(models, list):
            raise CatalogError(Reason(_MODELS_LIST))
    elif isinstance(data, list):
        models = data
    else:
        raise CatalogError(Reason(_SHAPE))
    entries = tuple(_parse_entry(i, raw) for i, raw in enumerate(models))
    seen: dict[str, int] = {}
    for i, entry in enumerate(entries):
        for key in (entry.id, *entry.aliases):
            folded = key.casefold()
            if folded in seen and seen[folded] != i:
                raise CatalogError(Reason(_TAKEN, (f"models[{i}] ({entry.id!r})", repr(key), str(seen[folded]))))
            seen[folded] = i
    return entries


def merge_entries(
    base: Iterable[CatalogEntry], overrides: Iterable[CatalogEntry]
) -> tuple[CatalogEntry, ...]:
    """``base`` with every entry of ``overrides`` replacing the one of the same id
    (case-insensitive) or added at the end (NUM-2: an imported catalog beats the default)."""
    merged: dict[str, CatalogEntry] = {e.id.casefold(): e for e in base}
    for entry in overrides:
        merged[entry.id.casefold()] = entry
    return tuple(merged.values())


def _index(entries: Iterable[CatalogEntry]) -> dict[str, CatalogEntry]:
    index: dict[str, CatalogEntry] = {}
    for entry in entries:
        for key in (entry.id, *entry.aliases):
            index[key.casefold()] = entry
    return index


def find_entry(entries: Mapping[str, CatalogEntry], model: str) -> CatalogEntry | None:
    """Look ``model`` up in an index (lower-cased id/alias → entry).

    Order: exact id; id with vendor prefix stripped (``openai/gpt-4o`` → ``gpt-4o``);
    longest known id that is a prefix followed by ``-``, ``.``, ``:``, ``@``, ``_`` or
    a space (``gpt-4o-2024-08-06`` → ``gpt-4o``). Case-insensitive. ``None`` if none.
    """
    key = model.strip().casefold()
    if not key:
        return None
    if key in entries:
        return entries[key]
    bare = key.rsplit("/", 1)[-1]
    if bare in entries:
        return entries[bare]
    best: str | None = None
    for known in entries:
        if (
            len(bare) > len(known)
            and bare.startswith(known)
            and bare[len(known)] in _PREFIX_BOUNDARIES
        ):
            if best is None or len(known) > len(best):
                best = known
    return entries[best] if best is not None else None


def fallback_key(kind: ProviderKind, base_url: str | None = None) -> str:
    """The NUM-2 env-variable suffix for a provider: ``OPENAI``, ``RESPONSES``,
    ``ANTHROPIC``, ``ANTHROPIC_COMPAT``; for OpenAI-compatible by base-URL host:
    ``LOCAL`` (127.0.0.1, localhost, ::1, 0.0.0.0), ``ZAI`` (z.ai, bigmodel.cn),
    ``INCEPTION`` (inceptionlabs.ai), else ``OPENROUTER``."""
    if kind is ProviderKind.OPENAI:
        return "OPENAI"
    if kind is ProviderKind.OPENAI_RESPONSES:
        return "RESPONSES"
    if kind is ProviderKind.ANTHROPIC:
        return "ANTHROPIC"
    if kind is ProviderKind.ANTHROPIC_COMPATIBLE:
        return "ANTHROPIC_COMPAT"
    host = (urlsplit(base_url).hostname or "").casefold() if base_url else ""
    if host in _LOCAL_HOSTS:
        return "LOCAL"
    if host == "z.ai" or host.endswith((".z.ai", "bigmodel.cn")):
        return "ZAI"
    if host.endswith("inceptionlabs.ai"):
        return "INCEPTION"
    return "OPENROUTER"


def fallback_window(
    kind: ProviderKind, base_url: str | None = None, env: Mapping[str, str] | None = None
) -> int:
    """The NUM-2 fallback window (tokens) for an unknown model: env
    ``COMPACT_CONTEXT_WINDOW_<key>`` when it is a positive integer, else the default in
    :data:`FALLBACK_WINDOWS` (key from :func:`fallback_key`)."""
    key = fallback_key(kind, base_url)
    raw = (env or {}).get(FALLBACK_ENV_PREFIX + key, "").strip().replace("_", "")
    if raw.isdecimal() and int(raw) > 0:
        return int(raw)
    return FALLBACK_WINDOWS[key]


class ModelCardIndex:
    """Entries indexed for :meth:`card` lookups. Immutable once built."""

    def __init__(self, entries: Iterable[CatalogEntry]) -> None:
        self.entries: tuple[CatalogEntry, ...] = tuple(entries)
        self._index = _index(self.entries)

    def entry(self, model: str) -> CatalogEntry | None:
        """The catalog entry for ``model`` (see :func:`find_entry`), or ``None``."""
        return find_entry(self._index, model)

    def card(
        self,
        model: str,
        kind: ProviderKind,
        base_url: str | None = None,
        env: Mapping[str, str] | None = None,
    ) -> ModelCardInfo:
        """The card for ``model``: the catalog entry, else a ``known=False`` card with the
        NUM-2 fallback window, ``max_output=None`` and ``reasoning=False``."""
        entry = self.entry(model)
        if entry is not None:
            return entry.card_for(model)
        return ModelCardInfo(
            model=model,
            context_window=fallback_window(kind, base_url, env),
            max_output=None,
            reasoning=False,
            thinking_off=None,
            min_effort=None,
            known=False,
            window_source=WindowSource.FALLBACK,
        )
