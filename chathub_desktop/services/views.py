"""Read-only views services hand to the GUI and the CLI (no ORM objects cross the layer).

Times are timezone-aware UTC; token counts are tokens.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.core.overflow import is_length_stop
from chathub_desktop.core.reasons import Reason
from chathub_desktop.core.token_estimate import INPUT_TRUNCATED, AnchorReason
from chathub_desktop.storage.listed_topic import ListedTopic


@dataclass(frozen=True)
class ProviderView:
    """A configured provider. ``key_source`` is ``keyring``, ``env:VAR`` or ``none``;
    ``base_url`` is for display: credentials in it are redacted (issue 12). ``enabled``
    off: its models are offered nowhere and sends that need it are refused (issue 29)."""

    id: int
    name: str
    kind: str
    base_url: str
    key_source: str
    enabled: bool = True

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        return asdict(self)


@dataclass(frozen=True)
class AssistantView:
    """An assistant and its chat settings (APP-9) and Chat Preference (CMP-1)."""

    id: int
    name: str
    provider_id: int | None
    provider_name: str | None
    model: str
    instructions: str
    input_template: str
    max_tokens: int | None
    max_tokens_enabled: bool
    memory_enabled: bool
    topic_snippets: bool
    history_limit_enabled: bool
    history_limit: int
    summarize_history: bool = False
    compact_preset: str = "balanced"
    auto_compact: bool = True
    #: Check each new summary with probe questions (issue 26).
    probe_summaries: bool = False
    high_watermark: float = 0.8
    #: Read-only: always ``max(0.1, high − 0.2)`` (REF-18).
    low_watermark: float = 0.6
    #: Sampling (issue 28, ``core.sampling``): ``None`` = unset, not sent.
    temperature: float | None = None
    top_p: float | None = None
    reasoning_effort: str | None = None
    thinking_budget: int | None = None
    #: The model may recall this assistant's other topics (issue 26, APP-12).
    recall_topics: bool = True
    #: Its avatar: an emoji or one or two letters (walk29 #23); None: its name's initial.
    avatar: str | None = None
    #: The language of its summaries and dream cards (issue 27): a ``core.card_language``
    #: value word (``en``, ``zh_CN``, ``ja``); None: the conversation's.
    card_language: str | None = None

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        return asdict(self)


#: A topic row for lists: the store's own listing record, also read before SQLAlchemy
#: loads (issue 29, ``storage.first_page``), so the fields are written once.
TopicView = ListedTopic


@dataclass(frozen=True)
class MessageView:
    """One message for display: content (characters), tool calls (list of
    ``{"id","name","arguments"}``), status, error, and the usage the provider reported."""

    id: int
    topic_id: int
    seq: int
    role: Role
    content: str
    content_type: str
    status: MessageStatus
    created_at: datetime
    tool_name: str | None = None
    tool_call_id: str | None = None
    tool_calls: tuple[dict[str, str], ...] = ()
    error: str | None = None
    error_kind: str | None = None
    model: str | None = None
    input_tokens: int | None = None
    output_tokens: int | None = None
    cached_tokens: int | None = None
    cache_write_tokens: int | None = None
    finish_reason: str | None = None
    #: The reply's context receipt (``core.context_receipt``, issue 19), ``None`` when
    #: none was recorded; left out of :meth:`to_json` unless asked for.
    receipt: dict[str, object] | None = None
    #: The user pinned it: kept verbatim through compaction (issue 19).
    pinned: bool = False
    #: Attachment metadata dicts (``core.attachments.Attachment.meta``: sha256, kind,
    #: name, mime, bytes, width/height px), no bytes (issue 14).
    attachments: tuple[dict[str, object], ...] = ()
    #: How long the MCP call whose result a tool row holds took (ms), else ``None`` (issue 25).
    tool_elapsed_ms: int | None = None
    #: ``error`` as a typed reason the window says in its language (issue 27), ``None``
    #: when the row has none (``error`` is then shown as stored); left out of :meth:`to_json`.
    error_why: Reason | None = None
    #: The whole text's length in characters when ``content`` holds only its start (a
    #: reply still streaming past what the window shows, stream50), else ``None``; left
    #: out of :meth:`to_json`.
    full_chars: int | None = None

    @property
    def elapsed_text(self) -> str:
        """How long the tool call took, for its row and ``topic show`` (issue 25):
        ``0.4 s`` under 10 s, ``12 s`` under a minute, ``2 min 5 s`` after; "" when unknown."""
        ms = self.tool_elapsed_ms
        if ms is None:
            return ""
        if ms < 9950:
            return f"{ms / 1000:.1f} s"
        secs = round(ms / 1000)
        return f"{secs} s" if secs < 60 else f"{secs // 60} min {secs % 60} s"

    @property
    def cut_off(self) -> bool:
        """True for a reply the provider stopped at its output token limit."""
        return self.role == Role.ASSISTANT and is_length_stop(self.finish_reason)

    @property
    def continuable(self) -> bool:
        """True for a finished reply without tool calls cut at its output limit: the
        newest one of its topic offers Continue (walk53b #4; ``ChatService.continue_reply``
        checks the same in its claim)."""
        return self.cut_off and self.status == MessageStatus.COMPLETE and not self.tool_calls

    @property
    def input_truncated(self) -> bool:
        """True for a complete reply whose server read only part of its request; ``error``
        then holds the warning line (REF-27)."""
        return self.role == Role.ASSISTANT and self.status == MessageStatus.COMPLETE and self.error_kind == INPUT_TRUNCATED

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict (ISO 8601 UTC time; ``cut_off`` included)."""
        d = asdict(self)
        d["created_at"] = self.created_at.isoformat()
        d["tool_calls"] = list(self.tool_calls)
        d["cut_off"] = self.cut_off
        del d["receipt"], d["error_why"], d["full_chars"]
        if self.attachments:
            d["attachments"] = [dict(a) for a in self.attachments]
        else:
            del d["attachments"]
        return d


@dataclass(frozen=True)
class HistoryWindowView:
    """The popover's history-window lines (TOK-1).

    ``included``: persisted topic rows the next request sends; ``dropped_by_limit`` /
    ``dropped_by_cursor``: sendable rows left out by the history limit / covered by the
    compaction summary; ``configured_limit``: the saved limit (``None`` = off);
    ``expanded_to``: the large-window effective limit when it exceeds the configured one;
    ``topic_messages`` / ``topic_tokens``: every stored row and the sum of their cached
    token counts; ``last_compaction``: one line about the latest compaction run (``None``:
    never compacted); ``warning``: older turns are dropped with no usable summary.
    """

    included: int = 0
    dropped_by_limit: int = 0
    dropped_by_cursor: int = 0
    configured_limit: int | None = None
    expanded_to: int | None = None
    topic_messages: int = 0
    topic_tokens: int = 0
    last_compaction: str | None = None
    warning: bool = False


@dataclass(frozen=True)
class AnchorView:
    """How the total was reached (TOK-3, TOK-4; ``core.token_estimate.EstimateMode``).

    ``mode``: ``counted`` / ``anchored`` / ``fallback`` / ``recounted``; ``used``: the
    provider report is part of the total; ``message_id`` / ``reported_input``: the anchor
    reply and its provider input tokens; ``tail_tokens``: locally counted tokens from
    that reply on (draft included, unscaled); ``reason``: why no trusted anchor is used.
    When ``used``: ``slid_out`` is the (corrected) tokens of sent rows that have left the
    front of the window since, and ``counted_after`` the (corrected) tokens counted after
    the report — the reply's own text, newer rows, the draft and any change in the fixed
    overhead — so ``reported_input − slid_out + counted_after`` is the total (issue 24).
    """

    mode: str = "counted"
    used: bool = False
    message_id: int | None = None
    reported_input: int | None = None
    tail_tokens: int = 0
    reason: AnchorReason = AnchorReason.NONE
    slid_out: int = 0
    counted_after: int = 0


@dataclass(frozen=True)
class CacheView:
    """The most recent reported cache (TOK-6): the status ``line`` shown, the ``help`` of
    its ``?``, the reply and ``model`` that reported it, and the raw counters (tokens)."""

    line: str = "No provider telemetry yet"
    help: str = ""
    message_id: int | None = None
    model: str | None = None
    input_tokens: int | None = None
    cached_tokens: int | None = None
    cache_write_tokens: int | None = None


@dataclass(frozen=True)
class TruncationView:
    """The newest reply whose server read only part of its request (it cut the prompt
    silently and answered, REF-27): the ``reported`` input in
    tokens, the ``warning`` line stored on it, and the chat ``model`` / ``provider``
    whose card can be set to ``reported`` tokens."""

    message_id: int
    reported: int
    warning: str
    model: str
    provider: str | None


@dataclass(frozen=True)
class EstimateView:
    """The token badge figure and its breakdown (TOK-1..TOK-6).

    ``parts``: part name → locally counted tokens (the assembler's parts);
    ``local_total``: their sum; ``total``: what the next request carries, tokens — the
    anchored / corrected figure the badge and auto-compact use; ``context_window`` and
    ``input_budget`` in tokens; ``high_watermark`` / ``low_watermark``: fractions of the
    input budget (REF-18); ``included``/``dropped``: history rows sent / left out;
    ``encoding``: tokenizer used; ``correction`` / ``correction_samples``: the learned
    factor applied to locally counted tokens (REF-27); ``history``, ``anchor``, ``cache``:
    see their views; ``has_summary``: the topic has a summary block in the request;
    ``window_known``: False when the model is in neither the catalog nor your model cards,
    so ``context_window`` is the provider kind's fallback (NUM-2); ``threshold_trigger`` /
    ``truncation``: the newest reply whose server silently read only part of its request
    (:class:`TruncationView`), else ``None``; ``threshold_trigger`` /
    ``threshold_estimate``: when the threshold policy is on, its trigger ``max(1, window −
    buffer)`` and its heuristic estimate of the next request (NUM-3, NUM-4), tokens;
    ``framing``: part name → the per-message framing tokens inside that part's count
    (REF-26), which the popover shows as a row of its own (issue 24).
    """

    topic_id: int | None
    parts: dict[str, int]
    total: int
    context_window: int
    input_budget: int
    included: int
    dropped: int
    encoding: str
    local_total: int = 0
    high_watermark: float = 0.8
    low_watermark: float = 0.6
    correction: float = 1.0
    correction_samples: int = 0
    history: HistoryWindowView = field(default_factory=HistoryWindowView)
    anchor: AnchorView = field(default_factory=AnchorView)
    cache: CacheView = field(default_factory=CacheView)
    has_summary: bool = False
    window_known: bool = True
    threshold_trigger: int | None = None
    threshold_estimate: int | None = None
    truncation: TruncationView | None = None
    framing: dict[str, int] = field(default_factory=dict)
    #: The chat model the figure is for and its provider's id (the card editor opens on
    #: them from the popover's fallback note, issue 28).
    model: str = ""
    provider_id: int | None = None
    #: The provider said the model's chat template takes no tools: none is offered (F3).
    tools_withheld: bool = False
    #: Configured MCP servers switched off for this assistant (walk37 #2).
    tools_off: tuple[str, ...] = ()
    #: Send compacts by tokens first (CMP-7, CMP-13): a regular topic whose assistant has
    #: token auto-compact on; False: Send goes as is, and only a refusal compacts (CMP-11).
    auto_compact: bool = True

    @property
    def ratio(self) -> float:
        """``total ÷ input_budget`` (0.0 without a budget)."""
        return self.total / self.input_budget if self.input_budget else 0.0

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict (nested views as dicts)."""
        return asdict(self)


@dataclass(frozen=True)
class SummaryView:
    """A topic's rolling summary for the read-only viewer (CMP-18) and the debug panel
    (CMP-17).

    - ``text``: the summary (characters), ``""`` when there is none.
    - ``model``: ``PROVIDER/MODEL`` that wrote it; ``cursor_message_id``: last message it
      covers; ``updated_at``: UTC time of the last change (``None`` without a summary).
    - ``debug_log``: the last 20 runs, oldest first, each ``{"at", "trigger", "result",
      "reason", "message", "high", "low", "input_budget", "before_tokens",
      "after_tokens", "compacted_through", "batches", "model"}`` (tokens, fractions).
    - ``archives``: ``{"at", "excerpt"}`` snapshots (REF-25), oldest first.
    - ``failure_count`` / ``cooldown_until``: the NUM-8 circuit breaker.
    """

    topic_id: int
    text: str
    model: str | None
    cursor_message_id: int | None
    updated_at: datetime | None
    debug_log: tuple[dict[str, object], ...] = ()
    archives: tuple[dict[str, str], ...] = ()
    failure_count: int = 0
    cooldown_until: datetime | None = None
    #: The user edited this summary (issue 19); later merges build on it.
    edited: bool = False

    @property
    def last_status(self) -> str | None:
        """Result of the newest run (``compacted``, ``failed``, ...), ``None`` before any."""
        return str(self.debug_log[-1].get("result")) if self.debug_log else None

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict (ISO 8601 UTC times)."""
        return {
            "topic_id": self.topic_id,
            "text": self.text,
            "model": self.model,
            "cursor_message_id": self.cursor_message_id,
            "updated_at": self.updated_at.isoformat() if self.updated_at else None,
            "debug_log": [dict(e) for e in self.debug_log],
            "archives": [dict(a) for a in self.archives],
            "failure_count": self.failure_count,
            "cooldown_until": self.cooldown_until.isoformat() if self.cooldown_until else None,
            "last_status": self.last_status,
            "edited": self.edited,
        }
