"""The token popover's rows: every figure it lists, and rows that add up to Total Used
(TOK-1, TOK-3, issue 24).

:func:`meter_rows` turns one :class:`~chathub_desktop.services.views.EstimateView` — the
figure of the plan Send posts — into the rows a reader can add up:

- one row per part of the request (TOK-1: instructions, tools, memory, the summary
  wrapper, chat messages, draft, images, knowledge; pinned messages when there are
  any), each *without* its per-message framing;
- one ``Per-message overhead`` row: the framing allowance of every message and tool schema
  (REF-26, 3 tokens each);
- when Total Used is not the local count, one signed row that says why: the provider's
  reported count used as the anchor ("the provider reported 37 for the last request; +26
  counted after it", TOK-3, TOK-4) or the learned correction (REF-27).

The rows always sum to ``EstimateView.total`` exactly. Plain data: no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from chathub_desktop.core.budget import MOST_PERCENT
from chathub_desktop.core.context_receipt import TOOLS_WITHHELD_REASON
from chathub_desktop.core.request_assembly import FRAMING_TOKENS_PER_MESSAGE
from chathub_desktop.core.request_assembly import RequestPart as P
from chathub_desktop.core.token_estimate import EstimateMode
from chathub_desktop.services.views import EstimateView

#: The parts TOK-1 names, in display order; each is listed even at 0.
TOK1_PARTS = (P.INSTRUCTIONS, P.TOOLS, P.MEMORY, P.SUMMARY, P.HISTORY, P.DRAFT, P.IMAGES, P.KNOWLEDGE)
#: Parts listed only when the request carries them, and where they go in the order.
OPTIONAL_PARTS: dict[str, str] = {P.PINNED: P.SUMMARY}

_LABELS: dict[str, str] = {
    P.INSTRUCTIONS: "Instructions",
    P.TOOLS: "Tools",
    P.MEMORY: "Memory",
    P.SUMMARY: "Topic summary",
    P.PINNED: "Pinned messages",
    P.HISTORY: "Chat messages",
    P.DRAFT: "Draft",
    P.IMAGES: "Images",
    P.KNOWLEDGE: "Knowledge",
}
FRAMING_KEY = "framing"
ADJUSTMENT_KEY = "adjustment"


class MeterRowKind(Enum):
    """What a row is: a part of the request, the framing allowance, or the difference
    between the local count and Total Used."""

    PART = "part"
    FRAMING = "framing"
    ADJUSTMENT = "adjustment"


@dataclass(frozen=True)
class MeterRow:
    """One row of the popover: ``key`` (a part name, :data:`FRAMING_KEY` or
    :data:`ADJUSTMENT_KEY`), its ``label``, ``tokens`` (signed for the adjustment) and a
    ``note`` that explains the figure (``""`` when the label says it all)."""

    key: str
    label: str
    tokens: int
    kind: MeterRowKind
    note: str = ""


def part_label(name: str) -> str:
    """Human label of a part name (unknown names: capitalized, underscores as spaces)."""
    return _LABELS.get(name, name.replace("_", " ").capitalize())


def part_order(parts: dict[str, int]) -> list[str]:
    """Part names in display order: the TOK-1 parts (always), the optional ones present
    after their anchor part, then any other part the plan holds."""
    order: list[str] = []
    for name in TOK1_PARTS:
        order.append(name)
        order.extend(k for k, after in OPTIONAL_PARTS.items() if after == name and parts.get(k))
    order.extend(k for k in parts if k not in order and k not in OPTIONAL_PARTS and parts[k])
    return order


def signed(tokens: int) -> str:
    """``+1,234`` / ``−1,234`` (a real minus sign) / ``0``."""
    if tokens > 0:
        return f"+{tokens:,}"
    if tokens < 0:
        return f"−{-tokens:,}"
    return "0"


def factor_text(factor: float) -> str:
    """A correction factor to three decimals without trailing zeros: ``1.025``, ``0.9``."""
    return f"{factor:.3f}".rstrip("0").rstrip(".")


#: The adjustment row when the provider's own count of the last request is used (walk37
#: #11: plain words, not "Provider's count instead of ours").
PROVIDER_COUNT_LABEL = "Corrected to the provider's own count"


def _adjustment(e: EstimateView) -> MeterRow | None:
    diff = e.total - e.local_total
    if diff == 0:
        return None
    a = e.anchor
    correction = (f" (local counts × {factor_text(e.correction)}, the learned correction)"
                  if e.correction != 1.0 else "")
    if a.used and a.reported_input is not None:
        slid = f"; {signed(-a.slid_out)} of it has left the window since" if a.slid_out else ""
        note = (f"The provider reported {a.reported_input:,} for the last request{slid}; "
                f"{signed(a.counted_after)} counted after it{correction}.")
        if a.mode == EstimateMode.FALLBACK:
            note += (" This run did not send that request, so the larger of that and the local "
                     "count is used.")
        return MeterRow(ADJUSTMENT_KEY, PROVIDER_COUNT_LABEL, diff,
                        MeterRowKind.ADJUSTMENT, note)
    if e.correction != 1.0:
        samples = f" over {e.correction_samples:,} replies" if e.correction_samples else ""
        return MeterRow(ADJUSTMENT_KEY, f"Learned correction × {factor_text(e.correction)}", diff,
                        MeterRowKind.ADJUSTMENT,
                        f"This model's provider has counted {e.correction:.1%} of our local "
                        f"count{samples}; local counts are scaled by it.")
    return MeterRow(ADJUSTMENT_KEY, "Difference from the local count", diff, MeterRowKind.ADJUSTMENT)


def _part_note(part: str, e: EstimateView) -> str:
    """The note of part row ``part``: why Tools is 0 when the server takes none (F3)."""
    return f"None offered — {TOOLS_WITHHELD_REASON}." if part == P.TOOLS and e.tools_withheld else ""


#: Most server names the tools line names before "and N more".
_NAMED_SERVERS = 3


def tools_line(e: EstimateView) -> str:
    """The popover's always-visible line when tools are held back from the next request
    (walk37 #2), or ``""``: the model's template takes none (F3), or configured servers
    are off for this assistant (a server that fails to start has the window's error bar)."""
    if e.tools_withheld:
        return f"Tools: none offered — {TOOLS_WITHHELD_REASON}."
    if not e.tools_off:
        return ""
    names = ", ".join(e.tools_off[:_NAMED_SERVERS])
    if len(e.tools_off) > _NAMED_SERVERS:
        names += f" and {len(e.tools_off) - _NAMED_SERVERS} more"
    verb = "is" if len(e.tools_off) == 1 else "are"
    return f"Tools: {names} {verb} off for this assistant, so not offered (Settings → Tools)."


def meter_rows(e: EstimateView) -> tuple[MeterRow, ...]:
    """The popover's rows for ``e``; ``sum(r.tokens for r in rows) == e.total`` always.

    Part rows are the plan's part counts minus the framing inside them (``e.framing``);
    the framing row is their sum, so together they are ``e.local_total``; the adjustment
    row (present only when the total is not the local count) is ``e.total −
    e.local_total``. Tokens."""
    framing = {k: v for k, v in e.framing.items() if k in e.parts}
    rows = [MeterRow(k, part_label(k), e.parts.get(k, 0) - framing.get(k, 0), MeterRowKind.PART,
                     _part_note(k, e)) for k in part_order(e.parts)]
    messages = sum(framing.values()) // FRAMING_TOKENS_PER_MESSAGE
    rows.append(MeterRow(FRAMING_KEY, "Per-message overhead", sum(framing.values()), MeterRowKind.FRAMING,
                         f"A small allowance per message and tool schema ({messages:,} × 3)."
                         if messages else ""))
    adjustment = _adjustment(e)
    if adjustment is not None:
        rows.append(adjustment)
    return tuple(rows)


def budget_share(e: EstimateView) -> float:
    """The share of the input budget the next request fills: ``total / input_budget``
    (above 1.0 over the budget; 0.0 without a budget). TOK-1; the badge's ring (issue 29)."""
    return e.total / e.input_budget if e.input_budget > 0 else 0.0


def budget_percent(e: EstimateView) -> str:
    """:func:`budget_share` in whole percent, e.g. ``64%``; ``<1%`` for a request that
    rounds to 0 but is not empty; ``>999%`` above :data:`MOST_PERCENT`; ``""`` without a budget. The badge's text and the
    popover's budget line."""
    if e.input_budget <= 0:
        return ""
    share = budget_share(e)
    if share * 100 >= MOST_PERCENT + 0.5:
        return f">{MOST_PERCENT}%"
    return "<1%" if 0 < share < 0.005 else f"{share:.0%}"


def budget_line(e: EstimateView) -> str:
    """``Input budget 30,000 = context window 32,000 − 2,000 kept for the reply · 64% used``."""
    reserve = e.context_window - e.input_budget
    kept = f" − {reserve:,} kept for the reply" if reserve > 0 else ""
    pct = f" · {budget_percent(e)} used" if e.input_budget else ""
    return f"Input budget {e.input_budget:,} = context window {e.context_window:,}{kept}{pct}"
