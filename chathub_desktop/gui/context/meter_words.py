"""The token popover's and the composer's words in the interface language (issue 27).

The figures come from one :class:`~chathub_desktop.services.views.EstimateView` (the plan
Send posts) and its rows from
:func:`~chathub_desktop.services.context.meter_rows.meter_rows`; the services say them in
English for the CLI. This module says the same figures at the GUI edge with
``QCoreApplication.translate`` (context ``UsagePopover``): the rows' labels and notes by
row key, the budget, mode, policy, tick, history and tools lines, the over-budget line
and the "message alone is too long" line. A reason that comes from a server or a
provider (the anchor's reason, the cache report, a truncation warning) is shown as it
came. No store access: called on the GUI thread when the popover or the badge is filled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale

from chathub_desktop.core.request_assembly import RequestPart
from chathub_desktop.core.token_estimate import AnchorReason, EstimateMode
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill

if TYPE_CHECKING:
    from chathub_desktop.services.context.meter_rows import MeterRow
    from chathub_desktop.services.views import CacheView, EstimateView

__all__ = ["GROUP_TITLES", "anchor_detail", "budget_line", "cache_help", "cache_text", "details_line", "group_title",
           "history_html", "history_lines", "mode_line", "policy_line", "row_label", "row_note", "tick_text",
           "tools_line", "too_long_line"]

translate = QCoreApplication.translate

#: The request parts' labels by ``RequestPart`` and the framing row's ``FRAMING_KEY`` (the
#: services' ``part_label`` says them in English).
PART_LABELS: dict[str, str] = {
    RequestPart.INSTRUCTIONS: QT_TRANSLATE_NOOP("UsagePopover", "Instructions"),
    RequestPart.TOOLS: QT_TRANSLATE_NOOP("UsagePopover", "Tools"),
    RequestPart.MEMORY: QT_TRANSLATE_NOOP("UsagePopover", "Memory"),
    RequestPart.SUMMARY: QT_TRANSLATE_NOOP("UsagePopover", "Topic summary"),
    RequestPart.PINNED: QT_TRANSLATE_NOOP("UsagePopover", "Pinned messages"),
    RequestPart.HISTORY: QT_TRANSLATE_NOOP("UsagePopover", "Chat messages"),
    RequestPart.DRAFT: QT_TRANSLATE_NOOP("UsagePopover", "Draft"),
    RequestPart.IMAGES: QT_TRANSLATE_NOOP("UsagePopover", "Images"),
    RequestPart.KNOWLEDGE: QT_TRANSLATE_NOOP("UsagePopover", "Knowledge"),
    "framing": QT_TRANSLATE_NOOP("UsagePopover", "Per-message overhead"),
}
#: The popover's group titles by group key (walk36 #13).
GROUP_TITLES = {
    "instructions": QT_TRANSLATE_NOOP("UsagePopover", "Instructions & framing"),
    "memory": QT_TRANSLATE_NOOP("UsagePopover", "Memory"),
    "conversation": QT_TRANSLATE_NOOP("UsagePopover", "Conversation"),
    "tools": QT_TRANSLATE_NOOP("UsagePopover", "Tools"),
}
#: Why the local count stands, by :class:`AnchorReason` (``token_estimate``'s English is
#: what the CLI prints; issue 27).
ANCHOR_REASONS = {
    AnchorReason.NO_REPORT: QT_TRANSLATE_NOOP("UsagePopover", "no reply in the window reports input tokens yet"),
    AnchorReason.NO_REPORT_SINCE_COMPACTION:
        QT_TRANSLATE_NOOP("UsagePopover", "no reply since the last compaction reports input tokens yet"),
    AnchorReason.PREDATES_COMPACTION:
        QT_TRANSLATE_NOOP("UsagePopover", "the last reported reply predates the last compaction"),
    AnchorReason.MODEL_CHANGED: QT_TRANSLATE_NOOP("UsagePopover", "the model changed since that reply"),
    AnchorReason.OTHER_PROCESS: QT_TRANSLATE_NOOP(
        "UsagePopover", "that reply came from another ChatHub process (an earlier run, the command line or "
                        "another window)"),
    AnchorReason.BEFORE_THIS_RUN:
        QT_TRANSLATE_NOOP("UsagePopover", "that reply was sent before this run of ChatHub started"),
    AnchorReason.TEMPLATE_CHANGED: QT_TRANSLATE_NOOP("UsagePopover", "the input template changed since that request"),
    AnchorReason.LIMIT_RAISED: QT_TRANSLATE_NOOP("UsagePopover", "the history limit was raised or turned off"),
    AnchorReason.WINDOW_EXPANDED: QT_TRANSLATE_NOOP("UsagePopover", "the large-context window expanded"),
    AnchorReason.COMPACTED: QT_TRANSLATE_NOOP("UsagePopover", "the topic was compacted since that request"),
    AnchorReason.ROWS_CHANGED: QT_TRANSLATE_NOOP("UsagePopover", "earlier messages changed since that request"),
}
#: Why no tool is offered when the server's chat template takes none (F3).
TOOLS_WITHHELD = QT_TRANSLATE_NOOP("UsagePopover", "this server's chat template doesn't accept tools")


def _n(value: int) -> str:
    """``value`` with the locale's digit grouping."""
    return QLocale().toString(value)


def _pct(share: float) -> str:
    """``share`` as a whole percent in the locale (``80%``)."""
    return fill(translate("UsagePopover", "%1%"), _n(round(share * 100)))


def _signed(tokens: int) -> str:
    """``+1,234`` / ``−1,234`` / ``0`` with the locale's grouping."""
    return f"+{_n(tokens)}" if tokens > 0 else f"−{_n(-tokens)}" if tokens < 0 else "0"


def group_title(key: str) -> str:
    """The title of group ``key`` in the interface language."""
    return translate("UsagePopover", GROUP_TITLES[key]) if key in GROUP_TITLES else key


def row_label(row: MeterRow, e: EstimateView) -> str:
    """Row ``row``'s label in the interface language (an unknown part: the services' own)."""
    if row.key == "adjustment":
        if e.anchor.used and e.anchor.reported_input is not None:
            return translate("UsagePopover", "Corrected to the provider's own count")
        if e.correction != 1.0:
            return fill(translate("UsagePopover", "Learned correction × %1"), _factor(e.correction))
        return translate("UsagePopover", "Difference from the local count")
    return translate("UsagePopover", PART_LABELS[row.key]) if row.key in PART_LABELS else row.label


def _factor(factor: float) -> str:
    return f"{factor:.3f}".rstrip("0").rstrip(".")


def row_note(row: MeterRow, e: EstimateView) -> str:
    """Row ``row``'s note in the interface language (``""`` when it has none)."""
    if not row.note:
        return ""
    if row.key == RequestPart.TOOLS:
        return fill(translate("UsagePopover", "None offered — %1."), translate("UsagePopover", TOOLS_WITHHELD))
    if row.key == "framing":
        messages = sum(v for k, v in e.framing.items() if k in e.parts) // 3
        return fill(translate("UsagePopover", "A small allowance per message and tool schema (%1 × 3)."), _n(messages))
    if row.key != "adjustment":
        return row.note
    a = e.anchor
    correction = fill(translate("UsagePopover", " (local counts × %1, the learned correction)"), _factor(e.correction)) \
        if e.correction != 1.0 else ""
    if a.used and a.reported_input is not None:
        slid = fill(translate("UsagePopover", "; %1 of it has left the window since"), _signed(-a.slid_out)) if a.slid_out else ""
        note = fill(translate("UsagePopover", "The provider reported %1 for the last request%2; %3 counted after it%4."),
                    _n(a.reported_input), slid, _signed(a.counted_after), correction)
        if a.mode == EstimateMode.FALLBACK:
            note += translate("UsagePopover", " This run did not send that request, so the larger of that and the local "
                                   "count is used.")
        return note
    replies = e.correction_samples
    samples = translate("UsagePopover", " over %Ln replies", None, replies) if replies else ""
    return fill(translate("UsagePopover", "This model's provider has counted %1 of our local count%2; local counts are "
                               "scaled by it."), QLocale().toString(e.correction * 100, "f", 1) + "%", samples)


def tick_text(e: EstimateView) -> str:
    """What the bar's tick marks: the high watermark, or the threshold policy's trigger
    when that policy is on (NUM-3)."""
    if e.threshold_trigger is not None:
        return fill(translate("UsagePopover", "threshold compaction at %1 estimated tokens"), _n(e.threshold_trigger))
    return fill(translate("UsagePopover", "compacts when the conversation reaches %1 of the input budget"),
                _pct(e.high_watermark))


def mode_line(e: EstimateView) -> str:
    """What Total Used is, for a reader who is not an engineer (walk53 #7): the model's
    own count or an estimate made here, without figures (the rows carry them; TOK-3,
    TOK-4). Why the local count stands is :func:`details_line`'s."""
    a = e.anchor
    if a.used and a.mode == EstimateMode.FALLBACK:
        return translate("UsagePopover", "Based on the model's own count of an earlier request plus what came after "
                                         "it, which is more than this computer counts.")
    if a.used:
        return translate("UsagePopover", "Based on the model's own count of the last request; the rows below are "
                                         "counted on this computer.")
    return translate("UsagePopover", "Estimated on this computer until the model reports its own count.")


def anchor_detail(e: EstimateView) -> str:
    """Why the estimate is this computer's count and not the provider's (TOK-3, TOK-4;
    the anchor's reason in the interface language), or ``""`` when the provider's count
    is used."""
    a = e.anchor
    if a.used:
        return ""
    reason = translate("UsagePopover", ANCHOR_REASONS[a.reason]) if a.reason else ""
    text = fill(translate("UsagePopover", "Counted on this computer: %1"), reason) if reason \
        else translate("UsagePopover", "Counted on this computer")
    if a.mode == EstimateMode.FALLBACK:
        text += translate("UsagePopover", "; its report plus what came after it is smaller")  # walk40 #9: no (…) (…)
    return text + translate("UsagePopover", ".")


def policy_line(e: EstimateView) -> str:
    """The compaction policy in force; notes a fallback window."""
    if e.threshold_trigger is not None:  # NUM-3: the threshold policy replaces the watermarks
        policy = fill(translate("UsagePopover", "Threshold compaction above %1 estimated tokens (now about %2)"),
                      _n(e.threshold_trigger), _n(e.threshold_estimate or 0))
    else:
        policy = fill(translate("UsagePopover", "Compacts when the conversation reaches %1 of the input budget, "
                                                "summarizing it down to %2"), _pct(e.high_watermark),
                      _pct(e.low_watermark))
    guess = "" if e.window_known else translate(
        "UsagePopover", ". The context window is a fallback: this model is in neither the catalog nor your model cards")
    return policy + guess + translate("UsagePopover", ".")


def details_line(e: EstimateView) -> str:
    """The details a reader opens on purpose: why the count is this computer's
    (:func:`anchor_detail`, walk53 #7), the tokenizer the local count uses and,
    when tools are withheld, where that came from (walk40: the ``/props`` detail moved here)."""
    text = fill(translate("UsagePopover", "Tokens are counted with the %1 encoding."), e.encoding)
    why = anchor_detail(e)
    if why:
        text = why + " " + text
    if e.tools_withheld:
        text += " " + translate("UsagePopover", "The server's /props answer (llama.cpp) says its chat template takes "
                                                "no tools, so none are offered.")
    return text


def cache_text(c: CacheView) -> str:
    """The cache block's line (TOK-6, REF-31) said from the reported counters in the
    interface language (``core.token_estimate.cache_line`` is the CLI's English): the
    hit rate, its state and cached / input tokens; with no cache report it says so."""
    from chathub_desktop.core.token_estimate import hit_rate_text, reported_input

    if c.cached_tokens is None and c.cache_write_tokens is None:
        return translate("UsagePopover", "No provider telemetry yet: no reply has reported cache use")
    cached = c.cached_tokens or 0
    if cached <= 0 and (c.cache_write_tokens or 0) > 0:
        return translate("UsagePopover", "0% hit / no hit yet")
    if not c.input_tokens or c.input_tokens <= 0:
        return fill(translate("UsagePopover", "%1 cached · input not reported"), _n(cached))
    total = reported_input(c.input_tokens, cached)
    rate = hit_rate_text(cached, total)
    if cached > 0:
        return fill(translate("UsagePopover", "%1% hit · working · %2 / %3"), rate, _n(cached), _n(total))
    return fill(translate("UsagePopover", "%1% hit · no hit · %2 / %3"), rate, _n(cached), _n(total))


def cache_help(c: CacheView) -> str:
    """The tooltip of the cache block's ``?`` in the interface language: what the rate
    is, and which model (data) reported it in which message."""
    base = translate("UsagePopover", "Prompt-cache rate the provider reported for the latest reply that carried cache "
                                     "counters: cached input ÷ all reported input. It is not the next-request estimate "
                                     "above, and Compact does not reset it.")
    if c.cached_tokens is None and c.cache_write_tokens is None:
        return base + translate("UsagePopover", " No reply in this topic has reported cache counters yet.")
    model = c.model or translate("UsagePopover", "an unknown model")
    return base + fill(translate("UsagePopover", " Reported by %1 (message #%2)."), model, str(c.message_id))


def history_lines(e: EstimateView) -> list[str]:
    """The history-window lines of the popover (plain text)."""
    h = e.history
    limit = translate("UsagePopover", "off") if h.configured_limit is None else _n(h.configured_limit)
    if h.expanded_to is not None:
        limit += fill(translate("UsagePopover", " (expanded to %1)"), _n(h.expanded_to))
    dropped = []
    if h.dropped_by_cursor:
        dropped.append(fill(translate("UsagePopover", "%1 covered by the summary"), _n(h.dropped_by_cursor)))
    if h.dropped_by_limit:
        dropped.append(fill(translate("UsagePopover", "%1 beyond the history limit"), _n(h.dropped_by_limit)))
    included = fill(translate("UsagePopover", "%1 of %2 topic messages included"), _n(h.included), _n(h.topic_messages))
    if dropped:
        included += fill(translate("UsagePopover", "; dropped: %1"), translate("UsagePopover", ", ").join(dropped))
    return [
        included,
        fill(translate("UsagePopover", "History limit: %1"), limit),
        fill(translate("UsagePopover", "Whole topic: about %1 tokens"), _n(h.topic_tokens)),
        fill(translate("UsagePopover", "Last compaction: %1"), h.last_compaction or translate("UsagePopover", "never")),
    ]


def history_html(e: EstimateView) -> str:
    """Rich text of the history-window section (its warning is a label of its own)."""
    import html

    body = "<br>".join(html.escape(line) for line in history_lines(e))
    title = html.escape(translate("UsagePopover", "History window"))
    return f"<b>{title}</b><br>{body}"


def budget_line(e: EstimateView) -> str:
    """How full the input budget is, then what the budget is (CMP-8), in words a user
    reads (walk53 #7: it was a formula): ``64% of the input budget used. The model reads
    at most 32,000 tokens (its context window); 2,000 are kept for its reply, so 30,000
    are left for the conversation.``"""
    from chathub_desktop.services.context.meter_rows import budget_percent

    used = fill(translate("UsagePopover", "%1 of the input budget used."), budget_percent(e)) + " " \
        if e.input_budget else ""
    reserve = e.context_window - e.input_budget
    if reserve > 0:
        room = fill(translate("UsagePopover", "The model reads at most %1 tokens (its context window); %2 are kept for "
                                              "its reply, so %3 are left for the conversation."),
                    _n(e.context_window), _n(reserve), _n(e.input_budget))
    else:
        room = fill(translate("UsagePopover", "The model reads at most %1 tokens (its context window), all of them "
                                              "left for the conversation."), _n(e.context_window))
    return used + room


def too_long_line(tokens: int, context_window: int, budget: int) -> str | None:
    """The one line saying a message can never be sent to this model (as
    :func:`~chathub_desktop.core.budget.message_too_long`), in the interface language."""
    if budget <= 0 or tokens <= budget:
        return None
    if tokens > context_window > 0:
        return fill(translate("UsagePopover", "This message alone is longer than the model's context window (%1 tokens > %2)"),
                    _n(tokens), _n(context_window))
    return fill(translate("UsagePopover", "This message alone is longer than the model's input budget (%1 tokens > %2, the "
                               "context window less the reply reserve)"), _n(tokens), _n(budget))


def draft_too_long(e: EstimateView) -> str | None:
    """:func:`too_long_line` for the estimate's draft part (the composer's line)."""
    return too_long_line(e.parts.get("draft", 0), e.context_window, e.input_budget)


def over_budget_words(e: EstimateView) -> str | None:
    """What a badge over its input budget means and what Send will do, in words (walk51b
    #7, walk53 #3: a red "739%" said nothing) — the composer's line under the draft, the
    badge's tooltip and the popover's warning alike (one source). The size comes from
    the plan Send posts (``e.total`` of ``e.input_budget``); what Send does follows the
    policy in force: token auto-compact on: it summarizes older messages first (CMP-13,
    CMP-7); off: it goes as is and only a refusal compacts, once (CMP-11); the threshold
    policy: summarizes, then leaves out what still does not fit (NUM-3, NUM-5). A draft
    too long alone is :func:`draft_too_long`'s line. ``None`` when Total Used fits."""
    if not e.input_budget or e.total <= e.input_budget:
        return None
    alone = draft_too_long(e)
    if alone is not None:
        return alone + translate("UsagePopover", "; shorten it or attach less.")
    times = e.total / e.input_budget
    if times >= 2:
        size = fill(translate("UsagePopover", "About %1 times too long for this model (%2 of %3 input tokens)."),
                    _n(round(times)), _n(e.total), _n(e.input_budget))
    else:
        size = fill(translate("UsagePopover", "%1 tokens too long for this model (%2 of %3 input tokens)."),
                    _n(e.total - e.input_budget), _n(e.total), _n(e.input_budget))
    if e.threshold_trigger is not None:
        then = translate("UsagePopover", "Send will summarize older messages and leave out the oldest that still "
                                         "don't fit.")
    elif e.auto_compact:
        then = translate("UsagePopover", "Send will summarize older messages first.")
    else:
        then = translate("UsagePopover", "Compaction is off: Send tries it as is, and if the model refuses, "
                                         "summarizes older messages once and resends.")
    return size + " " + then


def tools_line(e: EstimateView) -> str:
    """The always-visible line when tools are held back from the next request, or ``""``."""
    if e.tools_withheld:
        return fill(translate("UsagePopover", "Tools: none offered — %1."), translate("UsagePopover", TOOLS_WITHHELD))
    if not e.tools_off:
        return ""
    names = translate("UsagePopover", ", ").join(e.tools_off[:3])
    more = len(e.tools_off) - 3
    if more > 0:
        names += translate("UsagePopover", " and %n more", None, more)
    if len(e.tools_off) == 1:
        return fill(translate("UsagePopover", "Tools: %1 is off for this assistant, so not offered (Settings → Tools)."), names)
    return fill(translate("UsagePopover", "Tools: %1 are off for this assistant, so not offered (Settings → Tools)."), names)
