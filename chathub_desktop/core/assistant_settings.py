"""The assistant settings the user may change by name (``assistant set NAME KEY VALUE``)
and their limits (APP-9, CMP-1, MEM-1, MEM-6, REF-18; sampling: issue 28). Pure data: the CLI lists the
keys without loading the store."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SettableField:
    """One settable key: the assistant attribute it sets, the value type, a help line."""

    attr: str
    kind: type
    help: str
    #: ``unset`` (see :data:`UNSET_WORDS`) stores ``None``: nothing is sent (issue 28).
    optional: bool = False


#: Values that clear an optional setting.
UNSET_WORDS = ("unset", "none", "default")


#: Largest completion cap accepted, tokens (no model offers more; keeps values storable).
MAX_TOKENS_LIMIT = 10_000_000

#: Largest history limit accepted, messages.
MAX_HISTORY_LIMIT = 1_000_000
#: Range of the high watermark the user may set (REF-18), share of the input budget.
HIGH_WATERMARK_MIN, HIGH_WATERMARK_MAX = 0.5, 0.99

#: Settings ``assistant set NAME KEY VALUE`` accepts (CLI names use dashes).
SETTABLE: dict[str, SettableField] = {
    "model": SettableField("model", str, "chat model id"),
    "instructions": SettableField("instructions", str, "system instructions"),
    "input-template": SettableField("input_template", str, "template applied to user messages; must contain {{text}}"),
    "max-tokens": SettableField("max_tokens", int, "completion cap in tokens (sent only when max-tokens-enabled)"),
    "max-tokens-enabled": SettableField("max_tokens_enabled", bool, "reserve and send max-tokens"),
    "memory-enabled": SettableField("memory_enabled", bool, "assistant memory master switch (MEM-1)"),
    "recall-topics": SettableField("recall_topics", bool,
                                   "let the model search and list this assistant's other topics (APP-12; needs memory on)"),
    "memory-budget-tokens": SettableField("memory_budget_tokens", int, "token budget of the injected memory block (MEM-6)"),
    "history-limit-enabled": SettableField("history_limit_enabled", bool, "limit history messages"),
    "history-limit": SettableField("history_limit", int, "how many history messages to send"),
    "summarize-history": SettableField("summarize_history", bool, "summarize turns the history limit drops (CMP-1)"),
    "compact-preset": SettableField("compact_preset", str, "Assist preset: minimal / balanced / rich (summary cap 400/600/800 tokens)"),
    "auto-compact": SettableField("auto_compact", bool, "token auto-compact at the high watermark (CMP-7)"),
    "probe-summaries": SettableField("probe_summaries", bool,
                                     "check each new summary with probe questions; keep the old one if it loses any (issue 26)"),
    "card-language": SettableField("card_language", str,
                                   "language of its summaries and dream cards: same (the conversation's), en, zh_CN "
                                   "or ja (issue 27)", optional=True),
    "high-watermark": SettableField("high_watermark", float, "auto-compact threshold, 0.5-0.99 of the input budget; low = high - 0.2"),
    # sampling (issue 28, core.sampling): `unset` sends nothing
    "temperature": SettableField("temperature", float, "0-2, or unset", optional=True),
    "top-p": SettableField("top_p", float, "0-1, or unset", optional=True),
    "reasoning-effort": SettableField("reasoning_effort", str,
                                      "minimal/low/medium/high (OpenAI formats), or unset", optional=True),
    "thinking-budget": SettableField("thinking_budget", int,
                                     "tokens >= 1024, below max-tokens (Anthropic), or unset", optional=True),
}



#: The key names, for ``--help``.
SETTABLE_KEYS: tuple[str, ...] = tuple(SETTABLE)
