"""Per-assistant sampling settings and the one rule that refuses a bad combination
(issue 28; APP-9, CMP-8). Pure: no I/O.

Every field is ``None`` = unset = nothing is sent (the request body is byte-identical
to one without sampling settings). What each wire format carries
(:class:`~chathub_desktop.core.provider_kinds.WireProtocol`):

- ``temperature`` (0–2) and ``top_p`` (0–1): all three formats, as ``temperature`` /
  ``top_p``.
- ``reasoning_effort`` (:data:`EFFORTS`): OpenAI Chat Completions ``reasoning_effort``,
  Responses ``reasoning: {"effort": …}``; Anthropic has no effort field (not sent).
- ``thinking_budget`` (tokens, ≥ :data:`MIN_THINKING_BUDGET`): Anthropic Messages
  ``thinking: {"type": "enabled", "budget_tokens": N}``; the OpenAI formats have no
  budget field (not sent).

The rule (:func:`sampling_problem`), from the vendors' documented constraints, holds
whatever the provider (a topic may send to another provider's model, issue 14, so a
stored set must be sendable in every format):

- a reasoning effort → temperature and top-p unset (OpenAI reasoning models reject
  them);
- a thinking budget → temperature and top-p unset (Anthropic thinking requires the
  default temperature), max tokens on, and the budget below max tokens.

The chat summarizer (compaction, dream) never reads these: it keeps its own sampling
(REF-21).
"""

from __future__ import annotations

from dataclasses import dataclass

from chathub_desktop.core.provider_kinds import WireProtocol

#: Reasoning effort values the OpenAI formats accept.
EFFORTS: tuple[str, ...] = ("minimal", "low", "medium", "high")
#: Anthropic's smallest thinking budget, tokens.
MIN_THINKING_BUDGET = 1024
#: Ranges accepted for temperature and top-p.
TEMPERATURE_MAX = 2.0
TOP_P_MAX = 1.0


@dataclass(frozen=True, slots=True)
class Sampling:
    """One assistant's sampling settings; ``None`` = unset (not sent)."""

    temperature: float | None = None
    top_p: float | None = None
    reasoning_effort: str | None = None
    thinking_budget: int | None = None

    def sent(self, protocol: WireProtocol | None) -> Sampling:
        """The settings ``protocol`` carries (the others become ``None``)."""
        anthropic = protocol is WireProtocol.ANTHROPIC_MESSAGES
        return Sampling(self.temperature, self.top_p,
                        None if anthropic else self.reasoning_effort,
                        self.thinking_budget if anthropic else None)


#: Nothing set: the provider's defaults apply.
UNSET = Sampling()


def value_problem(s: Sampling) -> str | None:
    """One line saying why a single value is out of range, or ``None``."""
    if s.temperature is not None and not 0.0 <= s.temperature <= TEMPERATURE_MAX:  # NaN fails too
        return f"temperature must be between 0 and {TEMPERATURE_MAX:g} (got {s.temperature})"
    if s.top_p is not None and not 0.0 <= s.top_p <= TOP_P_MAX:
        return f"top-p must be between 0 and {TOP_P_MAX:g} (got {s.top_p})"
    if s.reasoning_effort is not None and s.reasoning_effort not in EFFORTS:
        return f"reasoning effort must be one of {', '.join(EFFORTS)} (got {s.reasoning_effort!r})"
    if s.thinking_budget is not None and s.thinking_budget < MIN_THINKING_BUDGET:
        return f"thinking budget must be at least {MIN_THINKING_BUDGET:,} tokens (got {s.thinking_budget:,})"
    return None


def sampling_problem(s: Sampling, max_tokens: int | None) -> str | None:
    """One line saying why ``s`` cannot be sent with the completion cap ``max_tokens``
    (tokens; ``None`` = the switch is off), or ``None`` when it can. See the module
    docstring for the rule."""
    if (problem := value_problem(s)) is not None:
        return problem
    sent = s
    sampler = sent.temperature is not None or sent.top_p is not None
    if sent.reasoning_effort is not None and sampler:
        return "with a reasoning effort, leave temperature and top-p unset (reasoning models reject them)"
    if sent.thinking_budget is not None:
        if sampler:
            return "with a thinking budget, leave temperature and top-p unset (Anthropic thinking requires it)"
        if max_tokens is None:
            return "a thinking budget needs max tokens on (the budget must be below it)"
        if sent.thinking_budget >= max_tokens:
            return (f"the thinking budget ({sent.thinking_budget:,}) must be below max tokens "
                    f"({max_tokens:,})")
    return None


def sampling_line(s: Sampling) -> str:
    """The receipt line: ``Sampling: temperature 0.7, top-p 0.9`` or ``Sampling: provider
    defaults`` when nothing was sent."""
    parts = []
    if s.temperature is not None:
        parts.append(f"temperature {s.temperature:g}")
    if s.top_p is not None:
        parts.append(f"top-p {s.top_p:g}")
    if s.reasoning_effort is not None:
        parts.append(f"reasoning effort {s.reasoning_effort}")
    if s.thinking_budget is not None:
        parts.append(f"thinking budget {s.thinking_budget:,} tokens")
    return "Sampling: " + (", ".join(parts) if parts else "provider defaults")
