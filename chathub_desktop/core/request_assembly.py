"""The one request assembler: what send posts and what the token badge counts (DESIGN.md).

:func:`assemble_request` turns the assistant's settings, the stored history and the
draft into a :class:`RequestPlan`: the exact message list the provider client will
serialize, plus a token count per part (TOK-1). Send serializes ``plan.messages``;
the badge shows ``plan.parts``; compaction planning reads ``plan.total_tokens``.

Counting rules (REF-26): a message counts ``count(role + ":\\n" + content)`` plus the
text of its tool-call id / name / arguments, plus :data:`FRAMING_TOKENS_PER_MESSAGE`
framing tokens. User messages are sent through the input template (APP-9); their
count adds the template's own tokens (the template minus ``{{text}}``), which is exact
up to one BPE merge at each seam — inside the per-row framing allowance. Images are
counted by :func:`image_allowance` from their pixel size for known OpenAI and Claude
models, else a fixed allowance (TOK-5, REF-29; ``core.image_tokens``).
Attachments (issue 14): a text file is inlined after the user's text as a ``<file>``
block — before the input template wraps it, so it is part of the text the template
gets — and counted as text (inside the row's cached count); an image attachment is
counted from its stored pixel size and posted as a data URL once its bytes are loaded
(:func:`render_attachments`).
Counts are tokens of the model's encoding; the counter is passed in, so this module
stays pure.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from chathub_desktop.core import attachments as att
from chathub_desktop.core import image_tokens as pricing
from chathub_desktop.core.messages import ChatMessage, Role, ToolSpec
from chathub_desktop.core.token_count import count_parts

#: ``count(text) -> tokens``; past ``core.token_count.EXACT_COUNT_CHARS`` characters it
#: follows that module's length rule (``tokens.counter.TokenCounter.count`` does).
CountFn = Callable[[str], int]

#: Per-row framing allowance in tokens (REF-26).
FRAMING_TOKENS_PER_MESSAGE = 3
#: Fixed allowance for an image or video whose size or model is unknown (REF-29), tokens.
IMAGE_ALLOWANCE_TOKENS = pricing.FIXED_MEDIA_TOKENS
#: Placeholder the input template replaces with the user's text (APP-9).
TEMPLATE_PLACEHOLDER = "{{text}}"
#: Content types that are stored and shown but never sent (hidden reasoning, CMP-3).
NEVER_SENT_CONTENT_TYPES = frozenset({"thoughts", "reasoning_recap"})


@dataclass(frozen=True, slots=True)
class HistoryMessage:
    """A stored message as the assembler sees it.

    ``tokens`` is the cached local count of the *untemplated* message (see
    :func:`message_tokens`), or ``None`` to have it counted now. ``sendable`` is
    False for rows that are shown but never sent (error bubbles, hidden reasoning).
    ``pinned``: the user pinned it; compaction keeps it verbatim (issue 19).
    ``chars`` / ``text_chars``: for a row read without its text (issue 29), the NUM-4
    characters of the message with that text (``threshold_compaction.message_chars``)
    and the text's length in characters (NUM-11); ``None``: count ``message`` itself.
    """

    id: int
    message: ChatMessage
    tokens: int | None = None
    sendable: bool = True
    pinned: bool = False
    chars: int | None = None
    text_chars: int | None = None


@dataclass(frozen=True, slots=True)
class AssemblyInput:
    """Everything that shapes the next request.

    - ``instructions``: the assistant's system instructions (characters).
    - ``input_template``: applied to every included user message; ``{{text}}`` is the
      user's text. Empty means "send the text as is".
    - ``history``: the topic's messages in order (oldest first).
    - ``draft``: the unsent user text, or ``None`` when assembling for a send whose
      user message is already the last history row.
    - ``history_limit``: keep at most this many history messages (``None`` = all);
      the cut never starts on a tool result whose call was dropped.
    - ``memory_block`` / ``summary_block``: text appended to the system message
      (MEM-8 order: memory, then the topic summary).
    - ``summary_turns``: the (user, assistant) pair that carries the summary instead
      when the threshold policy wrote it (NUM-7: system, summary, acknowledgement,
      recent turns); ``summary_block`` is then empty.
    - ``tools``: tool schemas offered with the request.
    - ``model``: the chat model id, for image token formulas (TOK-5); ``""`` = unknown
      (every image gets the fixed allowance).
    - ``pinned``: pinned rows the summary covers (issue 19), sent verbatim after the
      system message and summary turns, before the history; their tokens are the
      ``pinned`` part.
    """

    instructions: str = ""
    input_template: str = TEMPLATE_PLACEHOLDER
    history: Sequence[HistoryMessage] = ()
    draft: str | None = None
    draft_images: tuple[str, ...] = ()
    draft_attachments: tuple[att.Attachment, ...] = ()
    history_limit: int | None = None
    memory_block: str = ""
    summary_block: str = ""
    summary_turns: tuple[ChatMessage, ...] = ()
    tools: tuple[ToolSpec, ...] = field(default=())
    model: str = ""
    pinned: tuple[HistoryMessage, ...] = ()


class RequestPart(StrEnum):
    """A named part of the request (TOK-1; ``pinned`` from issue 19): the key of a
    :class:`PlanPart`, of the badge's parts and of the popover's rows."""

    INSTRUCTIONS = "instructions"
    TOOLS = "tools"
    MEMORY = "memory"
    SUMMARY = "summary"
    PINNED = "pinned"
    HISTORY = "history"
    DRAFT = "draft"
    IMAGES = "images"
    KNOWLEDGE = "knowledge"


@dataclass(frozen=True, slots=True)
class PlanPart:
    """One named part of the request (a :class:`RequestPart`) and its token count
    (TOK-1). ``framing``: how many
    of those tokens are the per-message framing allowance (REF-26: 3 per message or
    tool schema), so the popover can show framing as its own row (issue 24)."""

    name: str
    tokens: int
    framing: int = 0


@dataclass(frozen=True, slots=True)
class RequestPlan:
    """The assembled request.

    ``messages`` is exactly what the provider receives; ``parts`` their token counts
    by part name (``instructions``, ``tools``, ``memory``, ``summary``, ``pinned``,
    ``history``, ``draft``, ``images``); ``included_ids`` the history rows sent;
    ``dropped_ids`` the sendable rows left out by the history limit; ``pinned_ids``
    the pinned rows the summary covers, sent verbatim (issue 19).
    """

    messages: tuple[ChatMessage, ...]
    parts: tuple[PlanPart, ...]
    included_ids: tuple[int, ...]
    dropped_ids: tuple[int, ...]
    pinned_ids: tuple[int, ...] = ()

    @property
    def total_tokens(self) -> int:
        """Sum of every part, tokens."""
        return sum(p.tokens for p in self.parts)

    def part(self, name: str) -> int:
        """Tokens of the part called ``name`` (0 when absent)."""
        return sum(p.tokens for p in self.parts if p.name == name)


def apply_template(template: str, text: str) -> str:
    """Render a user message through the input template (APP-9).

    ``{{text}}`` is replaced by ``text`` (every occurrence); a template without the
    placeholder gets the text appended after a blank line; an empty template is the
    text itself.
    """
    if not template or template == TEMPLATE_PLACEHOLDER:
        return text
    if TEMPLATE_PLACEHOLDER in template:
        return template.replace(TEMPLATE_PLACEHOLDER, text)
    return f"{template}\n\n{text}"


def template_overhead(template: str, count: CountFn) -> int:
    """Tokens the template adds to one user message (0 for the plain ``{{text}}``)."""
    if not template or template == TEMPLATE_PLACEHOLDER:
        return 0
    if TEMPLATE_PLACEHOLDER in template:
        return count(template.replace(TEMPLATE_PLACEHOLDER, ""))
    return count(f"{template}\n\n")


def image_allowance(image_url: str, model: str = "") -> int:
    """Input tokens of one attached image for ``model`` (TOK-5, REF-29): measured from the
    pixel size of a data URL for known OpenAI / Claude models, else
    :data:`IMAGE_ALLOWANCE_TOKENS`. See :func:`core.image_tokens.image_tokens`."""
    return pricing.image_tokens(model, image_url)


def message_tokens(message: ChatMessage, count: CountFn) -> int:
    """Local token count of one message without template or images (REF-26).

    ``count(role + ":\\n" + content)`` + tokens of each tool call's id, name and raw
    JSON arguments + the tool-call id of a tool result + 3 framing tokens. Attached text
    files count as the content they are inlined into (issue 14), so their text must be
    loaded (``ValueError`` otherwise). The text is counted in parts
    (``core.token_count.count_parts``): a long message is not copied (issue 29).
    """
    content = att.inlined_parts(message.content, message.attachments) if message.attachments \
        else [message.content]
    # StrEnum: its value
    total = count_parts(count, [f"{message.role}:\n", *content]) + FRAMING_TOKENS_PER_MESSAGE
    if not message.tool_calls and not message.tool_call_id:
        return total
    for call in message.tool_calls:
        total += count(call.id) + count(call.name) + count(call.arguments)
    if message.tool_call_id:
        total += count(message.tool_call_id)
    return total


def window_start(history: Sequence[HistoryMessage], limit: int | None) -> int:
    """Index of the first sendable history row kept by a message-count ``limit``.

    The cut never begins on a tool result (its call would be missing). ``None`` or a
    limit at least as long as the history keeps everything.
    """
    sendable = [i for i, h in enumerate(history) if h.sendable]
    if limit is None or limit >= len(sendable):
        return sendable[0] if sendable else len(history)
    if limit <= 0:
        return len(history)
    start_pos = len(sendable) - limit
    while start_pos < len(sendable) and history[sendable[start_pos]].message.role is Role.TOOL:
        start_pos += 1
    return sendable[start_pos] if start_pos < len(sendable) else len(history)


def system_text(inp: AssemblyInput) -> str:
    """The system message: instructions, then memory, then the topic summary (MEM-8)."""
    return "\n\n".join(p for p in (inp.instructions.strip(), inp.memory_block, inp.summary_block) if p)


def assemble_request(inp: AssemblyInput, count: CountFn, *, use_cached: bool = True) -> RequestPlan:
    """Build the next request and its per-part token counts.

    Pure; ``count(text) -> tokens`` is the model's tokenizer. History rows with a
    cached ``tokens`` value are not re-tokenized (TOK-2) unless ``use_cached`` is False
    (a full recount, for checks and benchmarks).
    """
    messages: list[ChatMessage] = []
    parts: list[PlanPart] = []
    system = system_text(inp)
    if system:
        messages.append(ChatMessage(role=Role.SYSTEM, content=system))
        parts.append(
            PlanPart(
                RequestPart.INSTRUCTIONS,
                count(f"system:\n{inp.instructions.strip()}") + FRAMING_TOKENS_PER_MESSAGE,
                FRAMING_TOKENS_PER_MESSAGE,
            )
        )
        if inp.memory_block:
            parts.append(PlanPart(RequestPart.MEMORY, count(inp.memory_block)))
        if inp.summary_block:
            parts.append(PlanPart(RequestPart.SUMMARY, count(inp.summary_block)))
    if inp.summary_turns:
        messages.extend(inp.summary_turns)
        parts.append(PlanPart(RequestPart.SUMMARY, sum(message_tokens(m, count) for m in inp.summary_turns),
                              FRAMING_TOKENS_PER_MESSAGE * len(inp.summary_turns)))
    if inp.tools:
        parts.append(PlanPart(RequestPart.TOOLS, tools_tokens(inp.tools, count), FRAMING_TOKENS_PER_MESSAGE * len(inp.tools)))
    overhead = template_overhead(inp.input_template, count)
    pinned_images = 0
    if inp.pinned:  # issue 19: covered by the summary, kept verbatim
        pinned_tokens = 0
        for row in inp.pinned:
            msg = row.message
            tokens = row.tokens if use_cached and row.tokens is not None else message_tokens(msg, count)
            if msg.images or msg.attachments:
                pinned_images += message_image_tokens(msg, inp.model)
                msg = render_attachments(msg)
            if msg.role is Role.USER:
                msg = replace(msg, content=apply_template(inp.input_template, msg.content))
                tokens += overhead
            messages.append(msg)
            pinned_tokens += tokens
        parts.append(PlanPart(RequestPart.PINNED, pinned_tokens, FRAMING_TOKENS_PER_MESSAGE * len(inp.pinned)))

    start = window_start(inp.history, inp.history_limit)
    included: list[int] = []
    dropped = [h.id for h in inp.history[:start] if h.sendable]
    history_tokens = 0
    image_tokens = pinned_images
    open_calls: set[str] = set()  # tool-call ids of included assistant messages
    answered: set[str] = set()  # ... that already have their result in the request
    user, tool, template, model = Role.USER, Role.TOOL, inp.input_template, inp.model  # hot loop
    for row in inp.history[start:]:
        if not row.sendable:
            continue
        msg = row.message
        tokens = row.tokens if use_cached and row.tokens is not None else message_tokens(msg, count)
        role = msg.role
        if msg.tool_calls:
            open_calls.update(c.id for c in msg.tool_calls)
        elif role is tool and msg.tool_call_id in answered:
            prev = messages[-1]
            if prev.role is tool and prev.tool_call_id == msg.tool_call_id:
                # a second result of one call (an imported ChatGPT mclick): one result per call
                messages[-1] = replace(prev, content=f"{prev.content}\n\n{msg.content}")
                history_tokens += tokens  # its own count keeps its framing allowance
                included.append(row.id)
                continue
            msg = orphan_tool_result(msg)
            role, tokens = user, message_tokens(msg, count)
        elif role is tool and msg.tool_call_id not in open_calls:
            msg = orphan_tool_result(msg)  # e.g. imported browsing output with no call
            role, tokens = user, message_tokens(msg, count)
        elif role is tool and msg.tool_call_id is not None:
            answered.add(msg.tool_call_id)
        if msg.images or msg.attachments:  # files join the text the template wraps
            image_tokens += message_image_tokens(msg, model)
            msg = render_attachments(msg)
        if role is user:
            rendered = apply_template(template, msg.content)
            if rendered is not msg.content:  # the plain template sends the text as is
                msg = replace(msg, content=rendered)
            tokens += overhead
        history_tokens += tokens
        messages.append(msg)
        included.append(row.id)
    parts.append(PlanPart(RequestPart.HISTORY, history_tokens, FRAMING_TOKENS_PER_MESSAGE * len(included)))

    if inp.draft is not None:
        draft_msg = ChatMessage(
            role=Role.USER,
            content=inp.draft,
            images=inp.draft_images,
            attachments=inp.draft_attachments,
        )
        image_tokens += message_image_tokens(draft_msg, inp.model)
        draft_msg = render_attachments(draft_msg)
        messages.append(replace(draft_msg, content=apply_template(inp.input_template, draft_msg.content)))
        parts.append(PlanPart(RequestPart.DRAFT, draft_tokens(inp.draft, inp.input_template, count,
                                                    inp.draft_attachments), FRAMING_TOKENS_PER_MESSAGE))
    if image_tokens:
        parts.append(PlanPart(RequestPart.IMAGES, image_tokens))
    return RequestPlan(
        messages=tuple(messages),
        parts=tuple(parts),
        included_ids=tuple(included),
        dropped_ids=tuple(dropped),
        pinned_ids=tuple(h.id for h in inp.pinned),
    )


def orphan_tool_result(message: ChatMessage) -> ChatMessage:
    """A tool result whose call is not in the request, sent as a user message that says
    where the text came from: every wire format rejects a tool result without its call
    (imported ChatGPT browsing output often has none)."""
    name = message.tool_name or "tool"
    return ChatMessage(role=Role.USER, content=f"[Output of the {name} tool]\n{message.content}")


def draft_tokens(draft: str, input_template: str, count: CountFn,
                 attachments: tuple[att.Attachment, ...] = ()) -> int:
    """Tokens the draft adds as the next user message (same rule as a history row): its
    text plus the inlined text of attached files (loaded); images are counted apart."""
    return (
        message_tokens(ChatMessage(role=Role.USER, content=draft, attachments=attachments), count)
        + template_overhead(input_template, count)
    )


def message_image_tokens(message: ChatMessage, model: str) -> int:
    """Image tokens of one message for ``model``: its data-URL ``images`` measured from
    their headers, its image attachments from their stored size (TOK-5, REF-29)."""
    return (sum(image_allowance(u, model) for u in message.images)
            + sum(att.image_tokens(a, model) for a in message.attachments if a.kind == att.IMAGE))


def render_attachments(message: ChatMessage) -> ChatMessage:
    """The message as posted (issue 14): loaded file attachments inlined after its text
    (``core.attachments.inlined_content``), loaded images appended to ``images`` as data
    URLs; attachments whose bytes are not loaded stay in ``attachments`` (a plan made
    only for counting). A message without attachments is returned unchanged."""
    if not message.attachments:
        return message
    loaded = [a for a in message.attachments if a.loaded]
    return replace(
        message,
        content=att.inlined_content(message.content, loaded),
        images=message.images + tuple(att.data_url(a) for a in loaded if a.kind == att.IMAGE),
        attachments=tuple(a for a in message.attachments if not a.loaded),
    )


def tools_tokens(tools: Sequence[ToolSpec], count: CountFn) -> int:
    """Tokens of the tool schemas: name, description and the JSON parameters per tool."""
    return sum(
        count(t.name) + count(t.description) + count(json.dumps(t.parameters, sort_keys=True))
        + FRAMING_TOKENS_PER_MESSAGE
        for t in tools
    )
