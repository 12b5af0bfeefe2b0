"""The one request plan: which history a topic's next request carries, and how (issue 9).

:func:`plan_request` is the only place that chooses the history window — the cursor
(CMP-2, REF-19), the summary block or the threshold policy's recap turns (CMP-20,
NUM-7), NUM-5's fit, NUM-11's bound, the history limit anchored on the latest user
turn with its 20-message tail cap (CMP-10) and the large-window expansion (CMP-14,
REF-24), and the pinned messages the summary covers, sent verbatim (issue 19). Send
posts what ``core.request_assembly.assemble_request`` builds from
``plan.assembly``; the token badge shows that assembly's part counts; compaction plans
against the same plan. Nothing else recomputes a window, a cursor start or a
watermark.

``pending_user`` says whether the next request ends with a user turn that is not stored
yet: the badge's draft (True), or the user message a send has just stored (False). The
history limit is anchored on that turn either way, so the badge and the send that
follows it choose the same window.

Pure: the token counter comes in as a function; no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from chathub_desktop.core import threshold_compaction as tc
from chathub_desktop.core.compaction import (
    LARGE_WINDOW_BUDGET,
    HistoryIndex,
    HistoryWindow,
    archive_lines,
    history_window,
    summary_block,
)
from chathub_desktop.core.memory_tools import MEMORY_TOOL_NAMES
from chathub_desktop.core.messages import ChatMessage, Role, ToolSpec
from chathub_desktop.core.recall_tools import RECALL_TOOL_NAMES
from chathub_desktop.core.request_assembly import (
    FRAMING_TOKENS_PER_MESSAGE,
    AssemblyInput,
    CountFn,
    HistoryMessage,
    template_overhead,
    tools_tokens,
)


@dataclass(frozen=True, slots=True)
class PlanInputs:
    """What the store says shapes a topic's next request (a snapshot, no I/O objects).

    - ``history``: every row of the topic, oldest first, with cached token counts of the
      model's encoding (covered rows included).
    - ``instructions`` / ``input_template`` / ``model``: the assistant's settings (APP-9).
    - ``history_limit``: the configured limit (sendable messages; ``None`` = off).
    - ``history_bounds``: NUM-11's ``(max messages, max characters)`` from the
      environment (``None`` = unbounded).
    - ``input_budget`` / ``context_window``: tokens (CMP-8, REF-30).
    - ``regular``: only regular topics use a summary (CMP-16) and get the memory tools (MEM-4).
    - ``summary`` / ``summary_model`` / ``cursor_message_id``: the stored rolling summary.
    - ``archives_enabled`` / ``archives``: CMP-20 archive excerpts.
    - ``threshold``: the threshold policy's settings (NUM-1…NUM-8).
    - ``memory_block`` / ``tools``: the injected memory text and the tools offered.
    - ``private``: a private topic (issue 19): its request carries no memory block and
      none of the memory tools, whatever ``memory_block`` / ``tools`` hold.
    """

    history: tuple[HistoryMessage, ...]
    instructions: str = ""
    input_template: str = "{{text}}"
    model: str = ""
    history_limit: int | None = None
    history_bounds: tuple[int | None, int | None] = (None, None)
    input_budget: int = 1
    context_window: int = 1
    regular: bool = True
    summary: str = ""
    summary_model: str | None = None
    cursor_message_id: int | None = None
    archives_enabled: bool = False
    archives: tuple[Mapping[str, object], ...] = ()
    threshold: tc.ThresholdConfig = field(default_factory=tc.ThresholdConfig)
    memory_block: str = ""
    tools: tuple[ToolSpec, ...] = ()
    private: bool = False


def without_memory(inputs: PlanInputs) -> PlanInputs:
    """``inputs`` as the topic may send them: a private topic (issue 19) has no memory
    block and no memory tools; a group/member topic (not ``regular``) keeps the memory
    block but has no memory tools (MEM-4, seed 000 "Scope"). The recall tools (issue 26)
    go with the memory tools. Other tools stay; a regular topic is unchanged."""
    if inputs.regular and not inputs.private:
        return inputs
    tools = tuple(t for t in inputs.tools if t.name not in MEMORY_TOOL_NAMES | RECALL_TOOL_NAMES)
    return replace(inputs, memory_block="" if inputs.private else inputs.memory_block, tools=tools)


@dataclass(frozen=True, slots=True)
class PendingTurn:
    """The user turn not stored yet that a ``pending_user`` plan ends with (the badge's
    draft), as the rules that weigh characters count it (issue 29): its NUM-4 characters
    and image parts as a message (``threshold_compaction.message_chars`` /
    ``image_parts``) and its text's length (NUM-11). A send stores the turn first and
    counts the row; the badge plans with its draft here, so both choose one window."""

    chars: int
    images: int = 0
    text_chars: int = 0

    @classmethod
    def of(cls, message: ChatMessage) -> PendingTurn:
        """The sizes of ``message`` (the draft as the user message it will be)."""
        return cls(tc.message_chars(message), tc.image_parts(message), len(message.content))


#: A draft not typed yet: an empty user message.
EMPTY_TURN = PendingTurn.of(ChatMessage(Role.USER, ""))


@dataclass(frozen=True, slots=True)
class RequestWindowPlan:
    """The chosen window and the assembly input of a topic's next request.

    - ``assembly``: what ``assemble_request`` gets (add the draft with
      :meth:`with_draft`); ``assembly.history`` holds the rows after the cursor, tail
      cap applied, and ``assembly.history_limit`` the kept count.
    - ``window`` / ``index``: positions into ``inputs.history`` and their prefix sums.
    - ``summary`` / ``summary_model`` / ``cursor_message_id``: the summary in force
      (empty / ``None`` when its cursor no longer exists: ``stale_cursor``, REF-19).
    - ``covered_ids``: sendable rows the summary covers ("dropped by cursor").
    - ``capped_ids``: rows of the latest turn's tail left out by the tail cap (CMP-10).
    - ``fixed_tokens``: the fixed overhead the expansion weighed (CMP-14), tokens.
    - ``threshold_estimate``: NUM-4's heuristic size of the request with the whole
      history after the cursor, tokens (``None`` when that policy is off).
    - ``pending``: the pending user turn's sizes the window was chosen with
      (:class:`PendingTurn`; ``None`` when ``pending_user`` is False).
    """

    assembly: AssemblyInput
    window: HistoryWindow
    index: HistoryIndex
    summary: str
    summary_model: str | None
    cursor_message_id: int | None
    stale_cursor: bool
    covered_ids: tuple[int, ...]
    capped_ids: tuple[int, ...]
    fixed_tokens: int
    pending_user: bool
    threshold_estimate: int | None
    pending: PendingTurn | None = None

    def with_draft(self, draft: str | None) -> AssemblyInput:
        """The assembly input plus ``draft`` as the new user message."""
        return replace(self.assembly, draft=draft)


def threshold_prefix(instructions: str, memory_block: str, turns: Sequence[ChatMessage],
                     pinned: Sequence[HistoryMessage] = ()) -> list[ChatMessage]:
    """What the threshold policy always sends before the history: the system message
    (instructions and memory), the recap turns (NUM-7) and the pinned messages the
    summary covers (issue 19)."""
    system = "\n\n".join(p for p in (instructions.strip(), memory_block) if p)
    return [*([ChatMessage(Role.SYSTEM, system)] if system else []), *turns, *(h.message for h in pinned)]


def pinned_rows(history: Sequence[HistoryMessage], start: int) -> tuple[HistoryMessage, ...]:
    """The rows before position ``start`` (covered by the summary) the user pinned and
    that can be sent alone: user and assistant text without tool calls (issue 19)."""
    return tuple(h for h in history[:start] if h.pinned and h.sendable and not h.message.tool_calls
                 and h.message.role in (Role.USER, Role.ASSISTANT))


def row_chars(row: HistoryMessage) -> int:
    """NUM-4 characters of ``row`` as sent: its message with its stored text, whether or
    not the row carries that text (issue 29)."""
    return row.chars if row.chars is not None else tc.message_chars(row.message)


def _text_chars(row: HistoryMessage) -> int:
    """NUM-11 characters of ``row``'s stored text."""
    return row.text_chars if row.text_chars is not None else len(row.message.content)


def _prefix_size(inputs: PlanInputs, turns: Sequence[ChatMessage],
                 pinned: Sequence[HistoryMessage]) -> tuple[int, int]:
    """``(characters, image parts)`` of :func:`threshold_prefix` (NUM-4), the pinned rows
    counted by :func:`row_chars`."""
    prefix = threshold_prefix(inputs.instructions, inputs.memory_block, turns)
    return (sum(tc.message_chars(m) for m in prefix) + sum(row_chars(h) for h in pinned),
            sum(tc.image_parts(m) for m in prefix) + sum(tc.image_parts(h.message) for h in pinned))


def _fit_limit(inputs: PlanInputs, rows: Sequence[HistoryMessage], prefix: tuple[int, int],
               pending: PendingTurn | None, limit: int | None) -> int | None:
    """The history limit that makes the request fit ``max(1, window − buffer)`` by the
    NUM-4 estimate (NUM-5), ``prefix`` the :func:`_prefix_size`, ``pending`` the user
    turn that ends it when not stored yet; ``limit`` unchanged when it already fits or
    when even the latest turn does not (the send is then refused before any request)."""
    sent = [h for h in rows if h.sendable]
    roles, chars, images = [h.message.role for h in sent], [row_chars(h) for h in sent], [
        tc.image_parts(h.message) for h in sent]
    if pending is not None:  # counted as the row a send stores
        roles.append(Role.USER)
        chars.append(pending.chars)
        images.append(pending.images)
    budget = tc.threshold(inputs.context_window, inputs.threshold.buffer_tokens)
    try:
        start = tc.fit_start(prefix, roles, chars, images, inputs.tools, budget)
    except tc.RequestTooLarge:
        return limit
    if start == 0:
        return limit
    kept = len(roles) - start
    return kept if limit is None else min(limit, kept)


def plan_request(inputs: PlanInputs, count: CountFn, *, pending_user: bool,
                 pending: PendingTurn = EMPTY_TURN) -> RequestWindowPlan:
    """Choose the next request's history window and build its assembly input.

    ``count(text) -> tokens`` is the model's tokenizer (used for the fixed overhead of the
    large-window expansion and the template overhead only; history rows carry cached
    counts). See the module docstring for ``pending_user``; ``pending``: that turn's
    sizes, which NUM-11's character bound and NUM-5's fit weigh (issue 29). A private
    topic is planned without memory, a group topic without the memory tools
    (:func:`without_memory`), so the badge, compaction and the posted body all leave
    them out.
    """
    turn = pending if pending_user else None
    inputs = without_memory(inputs)
    history = inputs.history
    index = HistoryIndex(history)
    summary, cursor, model = inputs.summary, inputs.cursor_message_id, inputs.summary_model
    stale = False
    start = 0
    if not inputs.regular:
        summary, cursor, model = "", None, None
    elif cursor is not None:
        pos = index.position(cursor)
        if pos is None:  # REF-19: the covered message is gone; rebuild from scratch
            stale, summary, cursor, model = True, "", None, None
        else:
            start = pos + 1
    lines = archive_lines(inputs.archives, summary) if (inputs.regular and inputs.archives_enabled
                                                       and not stale) else []
    block = summary_block(summary, lines) if inputs.regular else ""
    turns: tuple[ChatMessage, ...] = ()
    if inputs.threshold.enabled and block and summary.strip():  # NUM-7: system, recap, ack, recent
        turns, block = tuple(tc.active_history(summary.strip(), ())), ""
    pinned = pinned_rows(history, start) if inputs.regular else ()

    limit = inputs.history_limit
    max_messages, max_chars = inputs.history_bounds
    bound: int | None = None
    if max_messages is not None or max_chars is not None:
        lengths = [_text_chars(h) for h in history if h.sendable]
        if turn is not None:  # the newest message a send stores
            lengths.append(turn.text_chars)
        bound = tc.bounded_limit(lengths, max_messages, max_chars)
    if bound is not None:  # NUM-11: the environment bounds the history sent
        limit = bound if limit is None else min(limit, bound)
    threshold_estimate: int | None = None
    if inputs.threshold.enabled:  # NUM-5: older complete turns are left out until the request fits
        prefix = _prefix_size(inputs, turns, pinned)
        limit = _fit_limit(inputs, history[start:], prefix, turn, limit)
        rows = [h for h in history[start:] if h.sendable and h.message.role is not Role.SYSTEM]
        threshold_estimate = tc.estimate_from(prefix[0] + sum(row_chars(h) for h in rows),
                                              prefix[1] + sum(tc.image_parts(h.message) for h in rows), inputs.tools)

    fixed = 0
    if limit is not None and inputs.input_budget >= LARGE_WINDOW_BUDGET:
        instructions = inputs.instructions.strip()
        fixed = (
            (count(f"system:\n{instructions}") + FRAMING_TOKENS_PER_MESSAGE if instructions else 0)
            + (count(inputs.memory_block) if inputs.memory_block else 0)
            + (count(block) if block else 0)
            + (tools_tokens(inputs.tools, count) if inputs.tools else 0)
            + sum(h.tokens if h.tokens is not None else count(h.message.content) for h in pinned)
        )
    window = history_window(
        index, start, limit,
        budget=inputs.input_budget, fixed_tokens=fixed,
        user_overhead=template_overhead(inputs.input_template, count) if limit is not None else 0,
        pending_user=pending_user,
    )
    capped = set(window.capped)
    sent = (tuple(h for i, h in enumerate(history[start:], start) if i not in capped)
            if capped else history[start:])
    assembly = AssemblyInput(
        instructions=inputs.instructions,
        input_template=inputs.input_template,
        history=sent,
        history_limit=window.kept,
        memory_block=inputs.memory_block,
        summary_block=block,
        summary_turns=turns,
        tools=inputs.tools,
        model=inputs.model,
        pinned=pinned,
    )
    return RequestWindowPlan(
        assembly=assembly,
        window=window,
        index=index,
        summary=summary,
        summary_model=model,
        cursor_message_id=cursor,
        stale_cursor=stale,
        covered_ids=tuple(h.id for h in history[:start] if h.sendable),
        capped_ids=tuple(history[i].id for i in window.capped),
        fixed_tokens=fixed,
        pending_user=pending_user,
        threshold_estimate=threshold_estimate,
        pending=turn,
    )
