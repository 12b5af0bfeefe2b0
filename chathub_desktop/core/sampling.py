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
from enum import StrEnum

from chathub_desktop.core.provider_kinds import WireProtocol
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

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


class SamplingReason(StrEnum):
    """Why a sampling set is refused, as typed reasons (issue 27, ``core.reasons``)."""

    TEMPERATURE = QT_TRANSLATE_NOOP("ServiceReasons", "temperature must be between 0 and %1 (got %2)")
    TOP_P = QT_TRANSLATE_NOOP("ServiceReasons", "top-p must be between 0 and %1 (got %2)")
    EFFORT = QT_TRANSLATE_NOOP("ServiceReasons", "reasoning effort must be one of %1 (got %2)")
    BUDGET_SMALL = QT_TRANSLATE_NOOP("ServiceReasons", "thinking budget must be at least %1 tokens (got %2)")
    EFFORT_WITH_SAMPLER = QT_TRANSLATE_NOOP("ServiceReasons", "with a reasoning effort, leave temperature and top-p "
                                                              "unset (reasoning models reject them)")
    BUDGET_WITH_SAMPLER = QT_TRANSLATE_NOOP("ServiceReasons", "with a thinking budget, leave temperature and top-p "
                                                              "unset (Anthropic thinking requires it)")
    BUDGET_NEEDS_CAP = QT_TRANSLATE_NOOP("ServiceReasons", "a thinking budget needs max tokens on (the budget must "
                                                           "be below it)")
    BUDGET_OVER_CAP = QT_TRANSLATE_NOOP("ServiceReasons", "the thinking budget (%1) must be below max tokens (%2)")


def value_reason(s: Sampling) -> Reason | None:
    """Why a single value is out of range, or ``None``."""
    if s.temperature is not None and not 0.0 <= s.temperature <= TEMPERATURE_MAX:  # NaN fails too
        return Reason(SamplingReason.TEMPERATURE, (f"{TEMPERATURE_MAX:g}", f"{s.temperature}"))
    if s.top_p is not None and not 0.0 <= s.top_p <= TOP_P_MAX:
        return Reason(SamplingReason.TOP_P, (f"{TOP_P_MAX:g}", f"{s.top_p}"))
    if s.reasoning_effort is not None and s.reasoning_effort not in EFFORTS:
        return Reason(SamplingReason.EFFORT, (", ".join(EFFORTS), repr(s.reasoning_effort)))
    if s.thinking_budget is not None and s.thinking_budget < MIN_THINKING_BUDGET:
        return Reason(SamplingReason.BUDGET_SMALL, (f"{MIN_THINKING_BUDGET:,}", f"{s.thinking_budget:,}"))
    return None


def value_problem(s: Sampling) -> str | None:
    """One line saying why a single value is out of range, or ``None``."""
    reason = value_reason(s)
    return None if reason is None else reason.english()


def sampling_reason(s: Sampling, max_tokens: int | None) -> Reason | None:
    """Why ``s`` cannot be sent with the completion cap ``max_tokens`` (tokens; ``None``
    = the switch is off), as a typed reason, or ``None`` when it can. See the module
    docstring for the rule."""
    if (problem := value_reason(s)) is not None:
        return problem
    sent = s
    sampler = sent.temperature is not None or sent.top_p is not None
    if sent.reasoning_effort is not None and sampler:
        return Reason(SamplingReason.EFFORT_WITH_SAMPLER)
    if sent.thinking_budget is not None:
        if sampler:
            return Reason(SamplingReason.BUDGET_WITH_SAMPLER)
        if max_tokens is None:
            return Reason(SamplingReason.BUDGET_NEEDS_CAP)
        if sent.thinking_budget >= max_tokens:
            return Reason(SamplingReason.BUDGET_OVER_CAP, (f"{sent.thinking_budget:,}", f"{max_tokens:,}"))
    return None


def sampling_problem(s: Sampling, max_tokens: int | None) -> str | None:
    """The English line of :func:`sampling_reason`, or ``None`` when ``s`` can be sent."""
    reason = sampling_reason(s, max_tokens)
    return None if reason is None else reason.english()


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
