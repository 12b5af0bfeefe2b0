"""The receipt dialog's values in the interface language (issue 27).

``core.context_receipt.receipt_lines`` says a receipt in English (the CLI's
``topic show --receipts`` prints it); :func:`said_values` says the same figures for the
window: the input tokens (local estimate, provider reported, cache hit), the parts,
memory, summary, history, pinned, recalled topics, tools and sampling lines. The parts'
and memory origins' names are said too (:data:`NAMES`; English: the core's words); ids,
counts, titles, the tools' own names and the settings' values are shown as they are.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication, QLocale

from chathub_desktop.core.context_receipt import (
    ORIGINS,
    RECALLED_KEY,
    RECALLED_NAMED,
    recalled_topics,
    receipt_sampling,
    untitled_recalled,
)
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.gui.topics.topic_title import untitled_title

__all__ = ["said_values"]

translate = QCoreApplication.translate

#: The request parts' (``RequestPart``) and memory origins' (``ORIGINS``) names as the
#: receipt lists them, said in the interface language (issue 27).
NAMES = {
    "instructions": QT_TRANSLATE_NOOP("ReceiptDialog", "instructions"),
    "tools": QT_TRANSLATE_NOOP("ReceiptDialog", "tools"),
    "memory": QT_TRANSLATE_NOOP("ReceiptDialog", "memory"),
    "summary": QT_TRANSLATE_NOOP("ReceiptDialog", "summary"),
    "pinned": QT_TRANSLATE_NOOP("ReceiptDialog", "pinned"),
    "history": QT_TRANSLATE_NOOP("ReceiptDialog", "history"),
    "draft": QT_TRANSLATE_NOOP("ReceiptDialog", "draft"),
    "instruction": QT_TRANSLATE_NOOP("ReceiptDialog", "continue instruction"),
    "images": QT_TRANSLATE_NOOP("ReceiptDialog", "images"),
    "knowledge": QT_TRANSLATE_NOOP("ReceiptDialog", "knowledge"),
    "system": QT_TRANSLATE_NOOP("ReceiptDialog", "system"),
    "fixed": QT_TRANSLATE_NOOP("ReceiptDialog", "fixed"),
    "dream": QT_TRANSLATE_NOOP("ReceiptDialog", "dream"),
    "untrusted": QT_TRANSLATE_NOOP("ReceiptDialog", "untrusted"),
}


def _name(key: object) -> str:
    """A part's or origin's name in the interface language; an unknown one as stored."""
    return translate("ReceiptDialog", NAMES[key]) if isinstance(key, str) and key in NAMES else str(key)


def _n(value: object) -> str:
    """A count in the interface locale ("12,345"), "?" when it is not a number."""
    return QLocale().toString(value) if isinstance(value, int) else "?"


def _map(receipt: Mapping[str, object], key: str) -> Mapping[str, object]:
    value = receipt.get(key)
    return value if isinstance(value, Mapping) else {}


def said_values(receipt: Mapping[str, object], input_tokens: int | None = None,
                cached_tokens: int | None = None) -> dict[str, str]:
    """``{line key: value}`` for the lines of :func:`receipt_lines` this module says in
    the interface language; keys as the core names them ("Input tokens", "Parts"…)."""
    none = translate("ReceiptDialog", "none")
    out: dict[str, str] = {}
    reported = _n(input_tokens) if isinstance(input_tokens, int) else translate("ReceiptDialog", "not reported")
    tokens = fill(translate("ReceiptDialog", "local estimate %1 · provider reported %2"), _n(receipt.get("local_tokens")),
                  reported)
    if isinstance(cached_tokens, int) and isinstance(input_tokens, int) and input_tokens > 0:
        tokens += fill(translate("ReceiptDialog", ", cache hit %1 (%2%)"), _n(cached_tokens),
                       str(round(cached_tokens * 100 / input_tokens)))
    out["Input tokens"] = tokens
    parts = _map(receipt, "parts")
    out["Parts"] = ", ".join(f"{_name(k)} {_n(v)}" for k, v in parts.items() if isinstance(v, int) and v) or none
    if receipt.get("private"):
        out["Memory"] = translate("ReceiptDialog", "none — this topic is private")
    else:
        mem = _map(receipt, "memory")
        shown = [f"{_name(o)} {', '.join(f'#{n}' for n in nums)}" for o in ORIGINS
                 if isinstance(nums := mem.get(o), list) and nums]
        out["Memory"] = ("; ".join(shown) if shown else none) + (
            translate("ReceiptDialog", " (truncated)") if mem.get("truncated") else "")
    summ = _map(receipt, "summary")
    if summ.get("cursor") is not None:
        how = translate("ReceiptDialog", "recap turns") if summ.get("recap") else \
            translate("ReceiptDialog", "summary block")
        text = fill(translate("ReceiptDialog", "%1, %2 tokens, covers up to message %3"), how, _n(summ.get("tokens", 0)),
                    str(summ.get("cursor")))
        out["Summary"] = text + (fill(translate("ReceiptDialog", " (by %1)"), str(summ["model"]))
                                 if summ.get("model") else "")
    else:
        out["Summary"] = none + (translate("ReceiptDialog", " (its cursor was gone; rebuilt next time)")
                                 if summ.get("stale") else "")
    hist = _map(receipt, "history")
    span = fill(translate("ReceiptDialog", " (messages %1…%2)"), str(hist.get("first_id")), str(hist.get("last_id"))) \
        if hist.get("first_id") is not None else ""
    history = fill(translate("ReceiptDialog", "%1 sent%2; %3 left out by the history limit; %4 replaced by the "
                                              "summary"),
                   _n(hist.get("included", 0)), span, _n(hist.get("dropped_by_limit", 0)),
                   _n(hist.get("dropped_by_cursor", 0)))
    if hist.get("capped"):
        history += fill(translate("ReceiptDialog", ", %1 left out by the tail cap"), _n(hist["capped"]))
    out["History"] = history
    pinned = receipt.get("pinned")
    if isinstance(pinned, list) and pinned:
        out["Pinned"] = fill(translate("ReceiptDialog", "%1 kept verbatim (messages %2), %3 tokens"), _n(len(pinned)),
                             ", ".join(str(p) for p in pinned), _n(parts.get("pinned", 0)))
    recalled = recalled_topics(receipt)
    if recalled:
        untitled, unnamed = untitled_recalled(receipt), translate("ReceiptDialog", "untitled")
        out[RECALLED_KEY] = ", ".join(fill(translate("ReceiptDialog", "%1 (topic %2)"),
                                           untitled_title() if tid in untitled else title or unnamed, str(tid))
                                      for tid, title in recalled[:RECALLED_NAMED])
        if len(recalled) > RECALLED_NAMED:
            out[RECALLED_KEY] += fill(translate("ReceiptDialog", " and %1 more (Copy as JSON lists them)"),
                                      _n(len(recalled) - RECALLED_NAMED))
    continued = receipt.get("continued")
    if isinstance(continued, int) and not isinstance(continued, bool) and continued > 0:  # walk53b #4
        out["Continued"] = fill(translate("ReceiptDialog", "the reply so far was sent back with an instruction to "
                                                           "go on (continuation %1)"), _n(continued))
    tools = receipt.get("tools")
    if receipt.get("tools_withheld") is not True:
        out["Tools"] = ", ".join(str(t) for t in tools) if isinstance(tools, list) and tools else none
    else:  # core.context_receipt.TOOLS_WITHHELD_NOTE
        out["Tools"] = translate("ReceiptDialog", "none — this server's chat template doesn't accept tools")
    out["Sampling"] = _sampling(receipt)
    return out


def _sampling(receipt: Mapping[str, object]) -> str:
    """The sampling line's value: the settings sent (values as sent), or "provider defaults"."""
    s = receipt_sampling(receipt)
    parts = []
    if s.temperature is not None:
        parts.append(fill(translate("ReceiptDialog", "temperature %1"), f"{s.temperature:g}"))
    if s.top_p is not None:
        parts.append(fill(translate("ReceiptDialog", "top-p %1"), f"{s.top_p:g}"))
    if s.reasoning_effort is not None:
        parts.append(fill(translate("ReceiptDialog", "reasoning effort %1"), s.reasoning_effort))
    if s.thinking_budget is not None:
        parts.append(fill(translate("ReceiptDialog", "thinking budget %1 tokens"), _n(s.thinking_budget)))
    return ", ".join(parts) if parts else translate("ReceiptDialog", "provider defaults")
