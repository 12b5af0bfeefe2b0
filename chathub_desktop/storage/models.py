"""SQLAlchemy 2 ORM models: the whole schema the SPEC names (APP-3).

Timestamps are timezone-aware UTC. Memory documents are stored as whole Markdown
documents (REF-1, REF-8) with provenance keyed by entry-text hash (REF-7), so a raw
save keeps free-form lines byte for byte and documents move to and from the web
product unchanged. Later issues extend these tables through Alembic revisions.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

from chathub_desktop.core.clock import utcnow as utcnow  # re-exported for the tests that seed rows
from chathub_desktop.core.dream_schedule import DreamFrequency, DreamStatus
from chathub_desktop.core.messages import MessageStatus, TopicKind


class UTCDateTime(TypeDecorator[datetime]):
    """A DateTime that always comes back timezone-aware UTC (SQLite drops tzinfo)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: object) -> datetime | None:
        """The value in UTC for the store; a naive datetime raises :class:`ValueError`."""
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime stored; use UTC-aware datetimes")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: object) -> datetime | None:
        """The stored value as an aware UTC datetime (SQLite returns it naive)."""
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    """Declarative base for every ChatHub table."""


class Provider(Base):
    """A configured LLM vendor endpoint. The API key is never stored here (APP-2):
    it lives in the OS keyring (``key_in_keyring``), in the data dir's key file only the
    user can read (``key_in_file``, issue 28) or in the env var ``api_key_env``."""

    __tablename__ = "provider"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), unique=True)
    kind: Mapped[str] = mapped_column(String(40))
    base_url: Mapped[str] = mapped_column(String(500))
    api_key_env: Mapped[str | None] = mapped_column(String(200))
    key_in_keyring: Mapped[bool] = mapped_column(Boolean, default=False)
    key_in_file: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: Off: its models leave every chooser and a send that needs it is refused (issue 29).
    enabled: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Assistant(Base):
    """An assistant: chat settings (APP-9), Chat Preference (CMP-1), memory switches
    (MEM-1, DRM-1/2/7)."""

    __tablename__ = "assistant"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), unique=True)
    provider_id: Mapped[int | None] = mapped_column(ForeignKey("provider.id", ondelete="SET NULL"))
    model: Mapped[str] = mapped_column(String(200), default="")
    instructions: Mapped[str] = mapped_column(Text, default="")
    input_template: Mapped[str] = mapped_column(Text, default="{{text}}")
    max_tokens: Mapped[int | None] = mapped_column(Integer)
    max_tokens_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    # Sampling (issue 28, core.sampling): NULL = unset, nothing sent
    temperature: Mapped[float | None] = mapped_column(Float)
    top_p: Mapped[float | None] = mapped_column(Float)
    reasoning_effort: Mapped[str | None] = mapped_column(String(10))
    thinking_budget: Mapped[int | None] = mapped_column(Integer)
    # Chat Preference (CMP-1)
    history_limit_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    history_limit: Mapped[int] = mapped_column(Integer, default=20)
    summarize_history: Mapped[bool] = mapped_column(Boolean, default=False)
    compact_preset: Mapped[str] = mapped_column(String(20), default="balanced")
    auto_compact: Mapped[bool] = mapped_column(Boolean, default=True)
    high_watermark: Mapped[float] = mapped_column(Float, default=0.8)
    #: Check a new summary with probe questions; one that loses a probe is not stored (issue 26).
    probe_summaries: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: An emoji or up to two letters shown as its avatar (walk29 #23); None: its initial.
    avatar: Mapped[str | None] = mapped_column(String(16), default=None)
    # Memory (MEM-1, MEM-6, DRM-1, DRM-2, DRM-7)
    memory_enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    memory_budget_tokens: Mapped[int] = mapped_column(Integer, default=6000)
    topic_snippets: Mapped[bool] = mapped_column(Boolean, default=False)
    dream_frequency: Mapped[str] = mapped_column(String(10), default=DreamFrequency.OFF.value)
    dream_time_utc: Mapped[str] = mapped_column(String(5), default="02:00")
    dream_weekday: Mapped[int] = mapped_column(Integer, default=0)
    keep_dream_cards: Mapped[int] = mapped_column(Integer, default=14)
    #: Dream review (issue 19): a dream's card lands as a proposal, applied when accepted.
    dream_review: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: Offer the recall tools (issue 26, APP-12); only with memory on (MEM-1).
    recall_topics: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    #: The language of its summaries and dream cards (issue 27, ``core.card_language``
    #: value word); NULL: the conversation's, the prompts as they always were.
    card_language: Mapped[str | None] = mapped_column(String(10), default=None)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    provider: Mapped[Provider | None] = relationship()


class Topic(Base):
    """One conversation of an assistant. ``source``/``source_id`` identify an imported
    conversation so a re-import does not duplicate it."""

    __tablename__ = "topic"
    __table_args__ = (
        UniqueConstraint("assistant_id", "source", "source_id", name="uq_topic_source"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    assistant_id: Mapped[int] = mapped_column(ForeignKey("assistant.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(String(500), default="New topic")
    title_generated: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Nobody has titled it yet (issue 27, 0028): the window says "New topic" in its
    #: language; :attr:`title` keeps the English one for the CLI and the model.
    untitled: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    kind: Mapped[str] = mapped_column(String(20), default=TopicKind.REGULAR.value)
    source: Mapped[str | None] = mapped_column(String(40))
    source_id: Mapped[str | None] = mapped_column(String(200))
    snippet: Mapped[str | None] = mapped_column(Text)
    #: Pinned topics are listed first; archived ones only with "Show archived" (issue 14).
    pinned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    archived: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: A private topic gets no memory block and no memory tools, and the dream never
    #: reads it (issue 19).
    private: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: The topic's own chat model (issue 14); NULL: the assistant's model.
    model: Mapped[str | None] = mapped_column(String(200))
    #: Provider of :attr:`model` (a ``provider.id``; NULL: the assistant's provider). No
    #: foreign key: a deleted provider makes the topic fall back to the assistant's model.
    model_provider_id: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
    #: The window process whose New topic made it (``services.chat.process_identity``,
    #: 0030); NULL: made elsewhere (the CLI, an import) or before 0030. Left untouched,
    #: such a topic goes when the user leaves it (walk42 #3), after a crash too.
    made_by: Mapped[str | None] = mapped_column(String(200))


class Message(Base):
    """A stored message. ``seq`` orders messages in a topic (dense, from 1).

    Usage columns hold what the provider reported (APP-1); ``token_count`` caches the
    local count under ``token_encoding`` so history is never re-tokenized (TOK-2).
    ``tool_calls`` is a JSON list of ``{"id","name","arguments"}``.
    """

    __tablename__ = "message"
    __table_args__ = (
        Index("ix_message_topic_seq", "topic_id", "seq", unique=True),
        Index("ix_message_topic_edited", "topic_id", "edited_at"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    topic_id: Mapped[int] = mapped_column(ForeignKey("topic.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(20))
    content: Mapped[str] = mapped_column(Text, default="")
    content_type: Mapped[str] = mapped_column(String(40), default="text")
    tool_calls: Mapped[list[dict[str, str]] | None] = mapped_column(JSON)
    tool_call_id: Mapped[str | None] = mapped_column(String(200))
    tool_name: Mapped[str | None] = mapped_column(String(200))
    status: Mapped[str] = mapped_column(String(20), default=MessageStatus.COMPLETE.value)
    error: Mapped[str | None] = mapped_column(Text)
    error_kind: Mapped[str | None] = mapped_column(String(40))
    #: A failed reply's typed reason (``core.reasons.reason_data``, issue 27): what the
    #: window says in its language; ``error`` is its English. ``None`` before 0027 and for
    #: a failure without one (``error`` is then shown as it is).
    error_reason: Mapped[dict[str, object] | None] = mapped_column(JSON)
    model: Mapped[str | None] = mapped_column(String(200))
    provider_id: Mapped[int | None] = mapped_column(ForeignKey("provider.id", ondelete="SET NULL"))
    finish_reason: Mapped[str | None] = mapped_column(String(40))
    input_tokens: Mapped[int | None] = mapped_column(Integer)
    output_tokens: Mapped[int | None] = mapped_column(Integer)
    cached_tokens: Mapped[int | None] = mapped_column(Integer)
    cache_write_tokens: Mapped[int | None] = mapped_column(Integer)
    reasoning_tokens: Mapped[int | None] = mapped_column(Integer)
    sent_by_process: Mapped[str | None] = mapped_column(String(64))
    #: How long the MCP call whose result this tool row holds took (ms; issue 25).
    tool_elapsed_ms: Mapped[int | None] = mapped_column(Integer)
    token_count: Mapped[int | None] = mapped_column(Integer)
    token_encoding: Mapped[str | None] = mapped_column(String(40))
    source_id: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    edited_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    #: The user pinned it: compaction keeps it verbatim in every request (issue 19).
    pinned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: The context receipt of an assistant reply: what its request carried, as ids and
    #: counts (``core.context_receipt``, issue 19); ``None`` for other rows.
    receipt: Mapped[dict[str, object] | None] = mapped_column(JSON)
    #: Image/file attachments of a user message (issue 14): a list of metadata dicts
    #: (``core.attachments.Attachment.meta``); the bytes are in ``attachment_blob``.
    attachments: Mapped[list[dict[str, object]] | None] = mapped_column(JSON)


class AttachmentBlob(Base):
    """The bytes of an attachment (issue 14), keyed by their SHA-256 (hex) so the same
    image is stored once; ``data`` is the encoded image or a file's UTF-8 text. Rows no
    message refers to are swept when a topic is deleted (``storage.attachment_blobs``)."""

    __tablename__ = "attachment_blob"
    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    mime: Mapped[str] = mapped_column(String(100))
    data: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class MessageVector(Base):
    """The embedding of one searchable message (issue 26, semantic recall): ``vector`` is
    ``dim`` little-endian float32 values, L2-normalized, made by embedding model ``model``
    (``services.search.embedder``); ``chars`` is the length of the text that was embedded. The
    row goes with its message (cascade); a missing row means "not embedded yet" and the
    keyword index answers alone."""

    __tablename__ = "message_vector"
    message_id: Mapped[int] = mapped_column(ForeignKey("message.id", ondelete="CASCADE"), primary_key=True)
    model: Mapped[str] = mapped_column(String(60))
    dim: Mapped[int] = mapped_column(Integer)
    chars: Mapped[int] = mapped_column(Integer)
    vector: Mapped[bytes] = mapped_column(LargeBinary)


class TextVector(Base):
    """The embedding of one memory entry or dream card text (issue 26): ``digest`` is
    the 16-byte hash of the text (``services.search.semantic_recall``), ``vector`` ``dim``
    little-endian float32 values made by ``model``. Rows outlive edits until
    ``storage.text_vectors.prune`` drops the oldest past its bound."""

    __tablename__ = "text_vector"
    __table_args__ = (UniqueConstraint("model", "digest", name="uq_text_vector_digest"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    model: Mapped[str] = mapped_column(String(60))
    digest: Mapped[bytes] = mapped_column(LargeBinary(16))
    dim: Mapped[int] = mapped_column(Integer)
    vector: Mapped[bytes] = mapped_column(LargeBinary)


class MessageBranch(Base):
    """A stashed tail of a topic (issue 14 "Regenerate and edit-and-resend"): the rows
    from ``fork_seq`` on of a branch that is not in view. ``message`` holds only the
    branch in view; switching swaps a tail in and out (:mod:`storage.message_branches`).

    ``rows`` is the zlib-compressed JSON list of the stashed message rows, every column
    of ``message`` with its original id and ``seq``; ``compaction`` the topic's compaction
    state stashed with the tail when its cursor lay inside it (``None`` otherwise);
    ``parent_id`` is set when this branch forks inside another stashed tail (it travels
    with that tail), ``None`` when it hangs off the branch in view. ``first_created_at``
    (UTC) is the first stashed row's creation time and orders the versions at one
    position; ``top_id`` is the highest stashed message id (new ids are allocated above
    every stashed one, so a message id names one message in every branch);
    ``attachment_refs`` the attachment hashes the stashed rows name."""

    __tablename__ = "message_branch"
    __table_args__ = (Index("ix_message_branch_topic", "topic_id", "fork_seq"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    topic_id: Mapped[int] = mapped_column(ForeignKey("topic.id", ondelete="CASCADE"))
    fork_seq: Mapped[int] = mapped_column(Integer)
    # deferred: a stash's children are re-parented to it in the same transaction, and a
    # store copy inserts rows in id order (a parent can have the higher id)
    parent_id: Mapped[int | None] = mapped_column(
        ForeignKey("message_branch.id", ondelete="CASCADE", deferrable=True, initially="DEFERRED"), index=True)
    rows: Mapped[bytes] = mapped_column(LargeBinary)
    compaction: Mapped[dict[str, object] | None] = mapped_column(JSON)
    top_id: Mapped[int] = mapped_column(Integer, default=0)
    #: The attachment hashes the stashed rows refer to, space-separated (``None``: none),
    #: so the blob sweep keeps what a stashed version still shows (issue 14).
    attachment_refs: Mapped[str | None] = mapped_column(Text)
    first_created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class MessageBranchText(Base):
    """The searchable text of one message of a stashed tail (issue 29/30: versions one
    ‹ › click away were invisible to search): ``message_branch.rows`` is compressed, so
    each user or assistant text row a stash holds is written here when the tail is
    stashed (its first ``search_schema.INDEXED_CHARS`` characters) and goes with its
    ``message_branch`` row (``ON DELETE CASCADE``: restored, or its topic deleted).
    ``message_id`` and ``seq`` are the stashed row's own; searched through the SQLite
    FTS5 table or PostgreSQL trigram index of :mod:`storage.branch_text`."""

    __tablename__ = "message_branch_text"
    id: Mapped[int] = mapped_column(primary_key=True)
    branch_id: Mapped[int] = mapped_column(ForeignKey("message_branch.id", ondelete="CASCADE"), index=True)
    topic_id: Mapped[int] = mapped_column(Integer)
    message_id: Mapped[int] = mapped_column(Integer, index=True)
    seq: Mapped[int] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(20))
    content_type: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    content: Mapped[str] = mapped_column(Text)


class TopicCompaction(Base):
    """Per-topic compaction state (CMP-2, CMP-17, CMP-20, NUM-8): the rolling summary,
    the cursor (last covered message id), the model that wrote it, the debug log
    (last 20 runs), archives, and the circuit breaker's failure count and cooldown."""

    __tablename__ = "topic_compaction"
    topic_id: Mapped[int] = mapped_column(ForeignKey("topic.id", ondelete="CASCADE"), primary_key=True)
    summary: Mapped[str] = mapped_column(Text, default="")
    cursor_message_id: Mapped[int | None] = mapped_column(Integer)
    model: Mapped[str | None] = mapped_column(String(200))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    debug_log: Mapped[list[dict[str, object]]] = mapped_column(JSON, default=list)
    archives: Mapped[list[dict[str, str]]] = mapped_column(JSON, default=list)
    failure_count: Mapped[int] = mapped_column(Integer, default=0)
    cooldown_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    unreachable_fingerprint: Mapped[str | None] = mapped_column(String(128))
    #: The user edited the summary (issue 19): the next merge keeps it as its base.
    summary_edited: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: The last probe check of a summary (issue 26): ``core.summary_probes.report_to_json``.
    probe_report: Mapped[dict[str, object] | None] = mapped_column(JSON)


class TopicDraft(Base):
    """A topic's unsent composer draft (walk45 #1, 0029): the box's ``text`` and the long
    ``pasted`` texts beside it, so it is there again after a restart. Gone with its topic;
    never sent, exported or watched by other processes. No row: no draft."""

    __tablename__ = "topic_draft"
    topic_id: Mapped[int] = mapped_column(ForeignKey("topic.id", ondelete="CASCADE"), primary_key=True)
    text: Mapped[str] = mapped_column(Text, default="")
    pasted: Mapped[list[str]] = mapped_column(JSON, default=list)


class FixedMemoryDocument(Base):
    """The assistant's fixed memory as one Markdown document (MEM-2, MEM-3, REF-1)."""

    __tablename__ = "fixed_memory_document"
    assistant_id: Mapped[int] = mapped_column(ForeignKey("assistant.id", ondelete="CASCADE"), primary_key=True)
    body: Mapped[str] = mapped_column(Text, default="")
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class MemoryProvenance(Base):
    """Origin of one memory entry text (MEM-7, REF-7): ``owner`` / ``dream`` / ``agent``,
    keyed by the sha256 of the trimmed entry text. ``trusted`` is False for agent writes
    made after external tool output."""

    __tablename__ = "memory_provenance"
    __table_args__ = (UniqueConstraint("assistant_id", "text_hash", name="uq_provenance_hash"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    assistant_id: Mapped[int] = mapped_column(ForeignKey("assistant.id", ondelete="CASCADE"), index=True)
    text_hash: Mapped[str] = mapped_column(String(64))
    origin: Mapped[str] = mapped_column(String(10))
    trusted: Mapped[bool] = mapped_column(Boolean, default=True)
    topic_id: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class DynamicMemoryDocument(Base):
    """Dynamic (dream) memory as one document of ``#N [TAG]:`` cards (REF-8), plus the
    one previous version kept for Restore (DRM-15)."""

    __tablename__ = "dynamic_memory_document"
    assistant_id: Mapped[int] = mapped_column(ForeignKey("assistant.id", ondelete="CASCADE"), primary_key=True)
    body: Mapped[str] = mapped_column(Text, default="")
    backup_body: Mapped[str | None] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class MemoryChange(Base):
    """One recorded change of a memory document (issue 18 "History"): which document
    (``fixed`` / ``dynamic``), when (``at``, UTC), who (``author``: ``owner`` / ``model`` /
    ``dream`` / ``import`` / ``revert``; ``author_detail``: the topic id, history day, file
    name or reverted change id), a one-line ``action``, and the document after the change
    (``after``, zlib-compressed UTF-8). ``before`` is stored only when it differs from
    the ``after`` of the previous change of the same document (NULL: that one), so a
    chain of changes holds one full copy each. ``*_version`` are the document version
    tokens (:func:`~chathub_desktop.core.document_version.document_version`). Written by
    :mod:`chathub_desktop.storage.memory_history` in the transaction of the change."""

    __tablename__ = "memory_change"
    __table_args__ = (Index("ix_memory_change_assistant", "assistant_id", "id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    assistant_id: Mapped[int] = mapped_column(ForeignKey("assistant.id", ondelete="CASCADE"))
    document: Mapped[str] = mapped_column(String(10))
    at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    author: Mapped[str] = mapped_column(String(10))
    author_detail: Mapped[str | None] = mapped_column(String(300))
    action: Mapped[str] = mapped_column(String(300), default="")
    before: Mapped[bytes | None] = mapped_column(LargeBinary)
    after: Mapped[bytes] = mapped_column(LargeBinary)
    before_version: Mapped[str] = mapped_column(String(16))
    after_version: Mapped[str] = mapped_column(String(16))
    before_chars: Mapped[int] = mapped_column(Integer, default=0)
    after_chars: Mapped[int] = mapped_column(Integer, default=0)


class MemoryPause(Base):
    """A paused memory item (issue 18 "Pause an entry"): kept and searchable by the user,
    not injected and not offered to the model's tools. ``document`` is ``fixed`` (key: the
    REF-7 hash of the entry text) or ``dynamic`` (key: the hash of the card's visible text)."""

    __tablename__ = "memory_pause"
    __table_args__ = (UniqueConstraint("assistant_id", "document", "text_hash", name="uq_memory_pause"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    assistant_id: Mapped[int] = mapped_column(ForeignKey("assistant.id", ondelete="CASCADE"), index=True)
    document: Mapped[str] = mapped_column(String(10))
    text_hash: Mapped[str] = mapped_column(String(64))
    paused_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class DreamRun(Base):
    """One dream attempt (DRM-3..6, REF-17). Scheduled runs are unique per
    (assistant, period stamp), which is how two processes never run the same day."""

    __tablename__ = "dream_run"
    __table_args__ = (
        UniqueConstraint("assistant_id", "period_stamp", "scheduled", name="uq_dream_period"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    assistant_id: Mapped[int] = mapped_column(ForeignKey("assistant.id", ondelete="CASCADE"), index=True)
    history_day: Mapped[date] = mapped_column(Date)
    period_stamp: Mapped[str] = mapped_column(String(12))
    scheduled: Mapped[bool] = mapped_column(Boolean, default=True)
    status: Mapped[str] = mapped_column(String(20), default=DreamStatus.RUNNING.value)
    attempts: Mapped[int] = mapped_column(Integer, default=1)
    error: Mapped[str | None] = mapped_column(Text)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    next_retry_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    #: The running attempt's last "still alive" time (issue 10); stale → taken over.
    heartbeat_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    #: When the attempt this one took over stopped without finishing (its last heartbeat).
    prior_stopped_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class DreamProposal(Base):
    """A dream's new card (and the fold it needs) waiting for the user's review (issue
    19): applied to the dynamic memory when accepted, dropped when discarded.
    ``fold_key`` names the cards the fold merged, so an accept after the cards changed
    folds by concatenation instead of with a stale re-summary."""

    __tablename__ = "dream_proposal"
    __table_args__ = (UniqueConstraint("assistant_id", "history_day", name="uq_dream_proposal_day"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    assistant_id: Mapped[int] = mapped_column(ForeignKey("assistant.id", ondelete="CASCADE"), index=True)
    history_day: Mapped[date] = mapped_column(Date)
    body: Mapped[str] = mapped_column(Text)
    fold_body: Mapped[str | None] = mapped_column(Text)
    fold_how: Mapped[str | None] = mapped_column(String(20))
    fold_key: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class ModelCard(Base):
    """A user-defined model card that overrides the bundled catalog (NUM-2, CMP-4)."""

    __tablename__ = "model_card"
    __table_args__ = (UniqueConstraint("provider_id", "model", name="uq_model_card"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    provider_id: Mapped[int | None] = mapped_column(ForeignKey("provider.id", ondelete="CASCADE"))
    model: Mapped[str] = mapped_column(String(200))
    context_window: Mapped[int] = mapped_column(Integer)
    max_output: Mapped[int | None] = mapped_column(Integer)
    reasoning: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The tokenizer counting this model (a bundled encoding name; NULL: by model id; issue 28).
    encoding: Mapped[str | None] = mapped_column(String(40))


class McpServer(Base):
    """An MCP server the user added (issue 25, APP-11): ``transport`` ``stdio`` (``command``,
    ``args``, ``env``, ``cwd``) or ``http`` (``url``, ``headers``); see
    ``core.mcp_config.McpServerConfig``. ``tools`` caches the server's last tool list
    (``[{"name","description","input_schema"}]``), refreshed on every connect, so the
    badge counts the schemas a send will post without starting the server; ``server_info``
    is its last ``{"name","version"}``. ``signed_in``: the user signed in to it with OAuth
    (its tokens are in the keyring or the key file, never here); only then does a
    connection read the secret store."""

    __tablename__ = "mcp_server"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    transport: Mapped[str] = mapped_column(String(10))
    command: Mapped[str] = mapped_column(Text, default="")
    args: Mapped[list[str]] = mapped_column(JSON, default=list)
    env: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    cwd: Mapped[str | None] = mapped_column(Text)
    url: Mapped[str] = mapped_column(Text, default="")
    headers: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    tools: Mapped[list[dict[str, object]] | None] = mapped_column(JSON)
    server_info: Mapped[dict[str, str] | None] = mapped_column(JSON)
    signed_in: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class AssistantMcpServer(Base):
    """An MCP server switched on for an assistant (issue 25): its tools join the
    assistant's requests unless their :class:`AssistantMcpTool` approval is ``never``."""

    __tablename__ = "assistant_mcp_server"
    assistant_id: Mapped[int] = mapped_column(ForeignKey("assistant.id", ondelete="CASCADE"), primary_key=True)
    server_id: Mapped[int] = mapped_column(ForeignKey("mcp_server.id", ondelete="CASCADE"), primary_key=True)


class AssistantMcpTool(Base):
    """The approval of one server tool for one assistant (``core.mcp_config.ToolApproval``:
    ``ask``, ``always``, ``never``); no row means ``ask``."""

    __tablename__ = "assistant_mcp_tool"
    assistant_id: Mapped[int] = mapped_column(ForeignKey("assistant.id", ondelete="CASCADE"), primary_key=True)
    server_id: Mapped[int] = mapped_column(ForeignKey("mcp_server.id", ondelete="CASCADE"), primary_key=True)
    tool: Mapped[str] = mapped_column(String(200), primary_key=True)
    approval: Mapped[str] = mapped_column(String(10))


class CorrectionFactor(Base):
    """Learned ratio reported ÷ local tokens per (provider, model) (TOK-3, REF-27)."""

    __tablename__ = "correction_factor"
    __table_args__ = (UniqueConstraint("provider_id", "model", name="uq_correction"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    provider_id: Mapped[int | None] = mapped_column(ForeignKey("provider.id", ondelete="CASCADE"))
    model: Mapped[str] = mapped_column(String(200))
    ratio: Mapped[float] = mapped_column(Float, default=1.0)
    samples: Mapped[int] = mapped_column(Integer, default=0)


class AppSetting(Base):
    """Key/value application settings (System Agent models, UI state), JSON values."""

    __tablename__ = "app_setting"
    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    value: Mapped[object] = mapped_column(JSON)


class StoreChange(Base):
    """One row of the change log other processes watch (issue 13); written only by the
    triggers of migration 0005 (:mod:`chathub_desktop.storage.change_log`)."""

    __tablename__ = "store_change"
    seq: Mapped[int] = mapped_column(BigInteger().with_variant(Integer(), "sqlite"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))
    scope_id: Mapped[int] = mapped_column(Integer)
    row_id: Mapped[int | None] = mapped_column(Integer)
    op: Mapped[str] = mapped_column(String(1))
