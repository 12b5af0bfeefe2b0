"""A model per topic (issue 14): which provider and model a topic's requests use.

:func:`resolve_model` is the one answer to "which model does this topic's next request
go to": the request context loader (send, the token badge, compaction), the send's
claim of a reply and the stored reply's ``model``/``provider_id`` all take it from here,
so the badge, the input budget (REF-30), the watermarks and the posted body always use
the same model card.

The order: a per-request override (a later "Regenerate with another model" passes one),
else the topic's own choice (``topic.model`` on ``topic.model_provider_id``, NULL = the
assistant's provider), else the assistant's model. Deleting a provider clears the
choices on it (``ProviderService.delete``), so those topics use the assistant's model
again; a topic still pointing at a provider that is gone (deleted by another version)
falls back the same way and says so (:attr:`ResolvedModel.note`).

:class:`TopicModelService` sets, clears and shows a topic's choice and lists the models
the picker offers. Its calls block (store reads/writes): the GUI runs them on worker
threads.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from chathub_desktop.core.budget import input_budget
from chathub_desktop.core.model_cards import ModelCardInfo, ModelSource
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.providers.catalog import ModelCatalog
from chathub_desktop.services.errors import InvalidInput, NotFound, no_provider
from chathub_desktop.services.events import EventBus, TopicChanged
from chathub_desktop.services.input_rules import check_model_id, check_record_id, check_text
from chathub_desktop.services.providers.model_card_service import resolve_card
from chathub_desktop.services.providers.provider_models import ProviderModels
from chathub_desktop.storage.assistant_rows import AssistantRecord, assistant_record
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.provider_lookup import (
    ProviderRecord,
    all_providers,
    provider_record,
    provider_row,
)
from chathub_desktop.storage.session import Session
from chathub_desktop.storage.topic_rows import TopicRecord, update_topic

#: The note of a topic whose chosen provider no longer exists.
PROVIDER_GONE = ("the provider chosen for this topic no longer exists; "
                 "the assistant's model is used")


@dataclass(frozen=True)
class ModelPick:
    """A ``(provider id, model)`` for one request. ``provider_id`` ``None``: the
    assistant's provider. Passed as the per-request override of :func:`resolve_model` /
    ``ContextLoader.load`` (e.g. by a "Regenerate with another model")."""

    provider_id: int | None
    model: str


@dataclass(frozen=True)
class ResolvedModel:
    """What a topic's request uses: ``provider`` (``None`` when the assistant has none
    yet), ``model`` id (``""`` when none is set), its ``card`` (context window, max
    output in tokens), ``source`` (a :class:`~chathub_desktop.core.model_cards.ModelSource`) and ``note``: why the topic's own choice is not used
    (``""`` normally)."""

    provider: ProviderRecord | None
    model: str
    card: ModelCardInfo
    source: ModelSource
    note: str = ""

    @property
    def provider_id(self) -> int | None:
        """The provider's id, ``None`` when there is none."""
        return self.provider.id if self.provider is not None else None

    def sendable(self, assistant: AssistantRecord) -> int:
        """The provider id a request can go to; :class:`InvalidInput` naming what is
        missing (no provider, no model) otherwise."""
        if self.provider is None:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "assistant %1 has no provider; pick one in its settings"), (repr(assistant.name),)))
        if not self.model:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "assistant %1 has no chat model; set one in its settings"), (repr(assistant.name),)))
        if not self.provider.enabled:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "provider %1 is turned off; turn it on in Settings → Providers"),
                (repr(self.provider.name),)))
        return self.provider.id


def resolve_model(s: Session, catalog: ModelCatalog, topic: TopicRecord, assistant: AssistantRecord,
                  override: ModelPick | None = None) -> ResolvedModel:
    """The provider, model and card ``topic``'s next request uses (module docstring's
    order). Raises :class:`NotFound` for an ``override`` naming an unknown provider;
    a deleted provider of the topic's own choice is no error (fallback with a note)."""
    note = ""
    if override is not None:
        if override.provider_id is not None:
            check_record_id(override.provider_id, "provider")
        provider = _provider(s, override.provider_id, assistant)
        if provider is None and override.provider_id is not None:
            raise NotFound(no_provider(override.provider_id))
        return _resolved(s, catalog, provider, override.model, ModelSource.OVERRIDE)
    if topic.model:
        provider = _provider(s, topic.model_provider_id, assistant)
        if provider is not None or topic.model_provider_id is None:
            return _resolved(s, catalog, provider, topic.model, ModelSource.TOPIC)
        note = PROVIDER_GONE
    provider = _provider(s, None, assistant)
    return _resolved(s, catalog, provider, assistant.model or "", ModelSource.ASSISTANT, note)


def _provider(s: Session, provider_id: int | None, assistant: AssistantRecord) -> ProviderRecord | None:
    pid = provider_id if provider_id is not None else assistant.provider_id
    return provider_record(s, pid) if pid is not None else None


def _resolved(s: Session, catalog: ModelCatalog, provider: ProviderRecord | None, model: str, source: ModelSource,
              note: str = "") -> ResolvedModel:
    return ResolvedModel(provider, model, resolve_card(s, catalog, provider, model), source, note)


def topic_resolution(s: Session, catalog: ModelCatalog, topic_id: int,
                     override: ModelPick | None = None) -> tuple[TopicRecord, AssistantRecord, ResolvedModel]:
    """The stored topic, its assistant and :func:`resolve_model` of it. Raises
    ``NotFound`` for an unknown topic."""
    from chathub_desktop.services.topics.topic_service import TopicService

    topic = TopicService.row(s, topic_id)
    assistant = assistant_record(s, topic.assistant_id)
    assert assistant is not None
    return topic, assistant, resolve_model(s, catalog, topic, assistant, override)


@dataclass(frozen=True)
class TopicModelView:
    """A topic's model for the composer's picker and the CLI.

    ``model``/``provider_id``/``provider_name``: what its requests use now; ``own``: the
    topic's own choice is in force (False: the assistant's model, "(assistant default)");
    ``chosen_model``/``chosen_provider_id``: what the topic stores (``None``: nothing);
    ``context_window``/``max_output``/``input_budget``: tokens from the model's card and
    the assistant's max tokens (REF-30); ``window_known``: False when the window is the
    provider's fallback (no card); ``note``: why a stored choice is not used (``""``).
    """

    topic_id: int
    model: str
    provider_id: int | None
    provider_name: str | None
    own: bool
    chosen_model: str | None
    chosen_provider_id: int | None
    context_window: int
    max_output: int | None
    input_budget: int
    window_known: bool
    assistant_model: str
    note: str = ""

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        return asdict(self)


@dataclass(frozen=True)
class ModelGroup:
    """The picker's models of one provider: ``own`` (what its ``/models`` answered last)
    first, then the bundled ``catalog`` ids it did not list. ``current``: the provider
    the topic's requests use now; ``windows``: ``(id, tokens)`` the provider reported
    for its own models (issue 28)."""

    provider_id: int
    provider_name: str
    own: tuple[str, ...]
    catalog: tuple[str, ...]
    current: bool = False
    windows: tuple[tuple[str, int], ...] = ()


class TopicModelService:
    """Sets, clears and shows topics' models; lists the picker's choices (issue 14)."""

    def __init__(self, db: Database, bus: EventBus, catalog: ModelCatalog, provider_models: ProviderModels) -> None:
        self._db = db
        self._bus = bus
        self._catalog = catalog
        self._models = provider_models

    def show(self, topic_id: int) -> TopicModelView:
        """The topic's model as its requests use it. Raises ``NotFound``."""
        with self._db.read() as s:
            return self._view(s, topic_id)

    def _view(self, s: Session, topic_id: int) -> TopicModelView:
        topic, assistant, r = topic_resolution(s, self._catalog, topic_id)
        budget = input_budget(r.card.context_window, assistant.max_tokens, assistant.max_tokens_enabled,
                              r.card.max_output)
        return TopicModelView(
            topic_id=topic.id, model=r.model, provider_id=r.provider_id,
            provider_name=r.provider.name if r.provider is not None else None,
            own=r.source == ModelSource.TOPIC, chosen_model=topic.model, chosen_provider_id=topic.model_provider_id,
            context_window=r.card.context_window, max_output=r.card.max_output, input_budget=budget,
            window_known=r.card.known, assistant_model=assistant.model or "", note=r.note,
        )

    def set(self, topic_id: int, model: str, provider: int | str | None = None) -> TopicModelView:
        """Use ``model`` for ``topic_id``'s requests from now on (that topic only). The
        ``provider`` is an id or a name; ``None``: the assistant's provider, whichever it
        is when a request is made. One write transaction; publishes ``TopicChanged``.
        Raises :class:`InvalidInput` for an empty or over-long model id (at most
        :data:`~input_rules.MAX_MODEL_CHARS` characters) or an unknown provider, ``NotFound`` for an
        unknown topic."""
        name = check_model_id(" ".join(check_text(model, "the model id").split()))
        from chathub_desktop.services.topics.topic_service import TopicService

        with self._db.write() as s:
            pid = _provider_id(s, provider)
            update_topic(s, TopicService.row(s, topic_id).id, {"model": name, "model_provider_id": pid})
            view = self._view(s, topic_id)
        self._bus.publish(TopicChanged(topic_id))
        return view

    def clear(self, topic_id: int) -> TopicModelView:
        """Use the assistant's model for ``topic_id`` again ("Use the assistant's model").
        Publishes ``TopicChanged``; raises ``NotFound`` for an unknown topic."""
        from chathub_desktop.services.topics.topic_service import TopicService

        with self._db.write() as s:
            update_topic(s, TopicService.row(s, topic_id).id, {"model": None, "model_provider_id": None})
            view = self._view(s, topic_id)
        self._bus.publish(TopicChanged(topic_id))
        return view

    def choices(self, topic_id: int) -> tuple[ModelGroup, ...]:
        """Every turned-on provider's models for the picker (issue 29), the provider the
        topic uses now first, then by name; each with its own models first and the catalog
        second (``ProviderModels.choices``). Raises ``NotFound`` for an unknown topic."""
        with self._db.read() as s:
            _topic, _assistant, r = topic_resolution(s, self._catalog, topic_id)
            providers = [(p.id, p.name) for p in all_providers(s) if p.enabled]
        groups = []
        for pid, pname in providers:
            listing = self._models.listing(pid)
            groups.append(ModelGroup(pid, pname, listing.own, listing.catalog, current=pid == r.provider_id,
                                     windows=listing.windows))
        return tuple(sorted(groups, key=lambda g: not g.current))


def _provider_id(s: Session, provider: int | str | None) -> int | None:
    """The id of ``provider`` (an id or a name); ``None`` stays ``None``. Raises
    :class:`NotFound` for an unknown one."""
    if provider is None:
        return None
    if isinstance(provider, int) and not isinstance(provider, bool):
        row = provider_row(s, check_record_id(provider, "provider"))
    else:
        row = provider_row(s, str(provider))
        if row is None and str(provider).isdecimal():
            row = provider_row(s, check_record_id(int(str(provider)), "provider"))
    if row is None:
        raise NotFound(no_provider(provider))
    return row.id
