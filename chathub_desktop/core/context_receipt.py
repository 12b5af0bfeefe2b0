"""The context receipt of a reply: what its request carried, as ids and counts (issue 19).

Built from the two plans a send already has — the window plan
(``core.request_plan.RequestWindowPlan``: cursor, summary, dropped rows) and the
assembled request (``core.request_assembly.RequestPlan``: the posted messages and
their per-part token counts) — so a receipt can never describe a request other than
the one that was posted. It holds no copies of text: memory entries by number and
origin, the summary's cursor and size, the history window's counts and id range, the
tool names, tokens per part.

Shape (JSON-ready, version :data:`RECEIPT_VERSION`)::

    {"v": 1, "private": bool,
     "parts": {"instructions": 12, "memory": 80, "history": 300, ...},  # tokens
     "local_tokens": 392,                                                # sum of parts
     "memory": {"fixed": [1, 2], "dream": [3], "untrusted": [4], "truncated": false},
     "summary": {"tokens": 40, "cursor": 17, "model": "m", "stale": false, "recap": false},
     "history": {"included": 6, "first_id": 18, "last_id": 23,
                 "dropped_by_limit": 2, "dropped_by_cursor": 9, "capped": 0},
     "tools": ["addMemory", ...],
     "tools_withheld": false,              # the server's chat template takes no tools (F3)
     "sampling": {"temperature": 0.7},     # the sampling settings sent (issue 28); {} = none
     "pinned": [4, 9],                     # pinned rows the summary covers, sent verbatim
     "recalled": [{"topic_id": 7, "title": "Trip"}]}  # topics the turn's recall results named (issue 26)
                                   # (an untitled one adds "untitled": true, one titled
                                   # "New topic" by hand "untitled": false, issue 27)

Pure: no I/O, no clock.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict

from chathub_desktop.core.memory_injection import (
    DYNAMIC_OPEN,
    FIXED_OPEN,
    TRUNCATION_NOTICE,
    UNTRUSTED_OPEN,
)
from chathub_desktop.core.recall_tools import consulted_topics
from chathub_desktop.core.request_assembly import RequestPlan
from chathub_desktop.core.request_plan import RequestWindowPlan
from chathub_desktop.core.sampling import UNSET, Sampling, sampling_line
from chathub_desktop.core.topic_titles import DEFAULT_TITLE

#: Version of the stored receipt shape.
RECEIPT_VERSION = 1

#: The label of the receipt line naming the recalled topics (issue 26).
RECALLED_KEY = "Recalled topics"
#: Recalled topics the line names; the rest are counted (the JSON keeps every one).
RECALLED_NAMED = 10

#: Why a request offered no tools when its server takes none (walkthrough F3): the
#: receipt's and the token popover's one line.
TOOLS_WITHHELD_REASON = "this server's chat template doesn't accept tools"
TOOLS_WITHHELD_NOTE = f"none — {TOOLS_WITHHELD_REASON}"

#: Memory origins in display order: the user's fixed memory, dream cards, and entries
#: saved after external tool output (MEM-7).
ORIGINS = ("fixed", "dream", "untrusted")

_SECTIONS = ((FIXED_OPEN, "fixed"), (DYNAMIC_OPEN, "dream"), (UNTRUSTED_OPEN, "untrusted"))
_ENTRY_RE = re.compile(r"#([0-9]{1,9})(?: \[[^\]\r\n]*\])?:")


def memory_entries(block: str) -> dict[str, object]:
    """The entry numbers a memory block carries, per origin (``fixed`` / ``dream`` /
    ``untrusted``, lists of ints in block order), and ``truncated`` (the REF-6 notice
    ended the block). Reads the block as ``core.memory_injection`` lays it out; an
    empty block gives empty lists."""
    found: dict[str, list[int]] = {o: [] for o in ORIGINS}
    section: str | None = None
    for line in block.splitlines():
        opened = next((name for tag, name in _SECTIONS if line == tag), None)
        if opened is not None:
            section = opened
        elif line.startswith("</"):
            section = None
        elif section is not None and (m := _ENTRY_RE.match(line)):
            found[section].append(int(m.group(1)))
    return {**found, "truncated": TRUNCATION_NOTICE in block}


def build_receipt(window: RequestWindowPlan, sent: RequestPlan, *, private: bool = False,
                  sampling: Sampling = UNSET, tools_withheld: bool = False) -> dict[str, object]:
    """The receipt of the request ``sent`` that ``window`` planned with the ``sampling``
    settings its body carried (see the module docstring for the shape; tokens are the
    model's local count). ``tools_withheld``: no tool was offered because the server's
    chat template takes none (F3)."""
    parts = {p.name: p.tokens for p in sent.parts}
    inp = window.assembly
    included = sent.included_ids
    return {
        "v": RECEIPT_VERSION,
        "private": private,
        "parts": parts,
        "local_tokens": sent.total_tokens,
        "memory": memory_entries(inp.memory_block),
        "summary": {
            "tokens": parts.get("summary", 0),
            "cursor": window.cursor_message_id,
            "model": window.summary_model,
            "stale": window.stale_cursor,
            "recap": bool(inp.summary_turns),
        },
        "history": {
            "included": len(included),
            "first_id": included[0] if included else None,
            "last_id": included[-1] if included else None,
            "dropped_by_limit": len(sent.dropped_ids),
            "dropped_by_cursor": len(window.covered_ids),
            "capped": len(window.capped_ids),
        },
        "tools": [t.name for t in inp.tools],
        "tools_withheld": tools_withheld,
        "pinned": list(sent.pinned_ids),
        "recalled": consulted_topics(sent.messages),
        "sampling": {k: v for k, v in asdict(sampling).items() if v is not None},
    }


def receipt_lines(receipt: Mapping[str, object], input_tokens: int | None = None,
                  cached_tokens: int | None = None) -> list[str]:
    """The receipt as short lines for people (the ⓘ dialog, ``topic show --receipts``):
    parts with tokens, memory numbers per origin, summary, history window, and the
    local estimate next to the provider's reported input and cache hit (tokens)."""
    lines: list[str] = []
    parts = receipt.get("parts")
    parts = parts if isinstance(parts, Mapping) else {}
    local = receipt.get("local_tokens")
    reported = f"{input_tokens:,}" if isinstance(input_tokens, int) else "not reported"
    cache = ""
    if isinstance(cached_tokens, int) and isinstance(input_tokens, int) and input_tokens > 0:
        cache = f", cache hit {cached_tokens:,} ({cached_tokens / input_tokens:.0%})"
    local_text = f"{local:,}" if isinstance(local, int) else "?"
    lines.append(f"Input tokens: local estimate {local_text} · provider reported {reported}{cache}")
    lines.append("Parts: " + (", ".join(f"{k} {v:,}" for k, v in parts.items() if isinstance(v, int) and v)
                              or "none"))
    if receipt.get("private"):
        lines.append("Memory: none — this topic is private")
    else:
        mem = receipt.get("memory")
        mem = mem if isinstance(mem, Mapping) else {}
        shown = [f"{o} {', '.join(f'#{n}' for n in nums)}" for o in ORIGINS
                 if isinstance(nums := mem.get(o), list) and nums]
        text = "; ".join(shown) if shown else "none"
        lines.append(f"Memory: {text}" + (" (truncated)" if mem.get("truncated") else ""))
    summ = receipt.get("summary")
    summ = summ if isinstance(summ, Mapping) else {}
    if summ.get("cursor") is not None:
        how = "recap turns" if summ.get("recap") else "summary block"
        lines.append(f"Summary: {how}, {summ.get('tokens', 0):,} tokens, covers up to message "
                     f"{summ.get('cursor')}" + (f" (by {summ['model']})" if summ.get("model") else ""))
    else:
        lines.append("Summary: none" + (" (its cursor was gone; rebuilt next time)" if summ.get("stale") else ""))
    hist = receipt.get("history")
    hist = hist if isinstance(hist, Mapping) else {}
    span = (f" (messages {hist.get('first_id')}…{hist.get('last_id')})"
            if hist.get("first_id") is not None else "")
    lines.append(f"History: {hist.get('included', 0)} sent{span}; "
                 f"{hist.get('dropped_by_limit', 0)} left out by the history limit; "
                 f"{hist.get('dropped_by_cursor', 0)} replaced by the summary"
                 + (f", {hist['capped']} left out by the tail cap" if hist.get("capped") else ""))
    pinned = receipt.get("pinned")
    if isinstance(pinned, list) and pinned:
        lines.append(f"Pinned: {len(pinned)} kept verbatim (messages {', '.join(str(p) for p in pinned)}), "
                     f"{parts.get('pinned', 0):,} tokens")
    recalled = recalled_topics(receipt)
    if recalled:
        named = ", ".join(f"{title or 'untitled'} (topic {tid})" for tid, title in recalled[:RECALLED_NAMED])
        more = len(recalled) - RECALLED_NAMED
        lines.append(f"{RECALLED_KEY}: {named}" + (f" and {more} more (Copy as JSON lists them)" if more > 0 else ""))
    continued = receipt.get("continued")
    if isinstance(continued, int) and not isinstance(continued, bool) and continued > 0:  # walk53b #4
        lines.append(f"Continued: the reply so far was sent back with an instruction to go on (continuation "
                     f"{continued})")
    tools = receipt.get("tools")
    named = ", ".join(str(t) for t in tools) if isinstance(tools, list) and tools else "none"
    lines.append("Tools: " + (TOOLS_WITHHELD_NOTE if receipt.get("tools_withheld") is True else named))
    lines.append(sampling_line(receipt_sampling(receipt)))
    return lines


def recalled_topics(receipt: Mapping[str, object]) -> list[tuple[int, str]]:
    """``(topic id, title)`` of each topic the reply's recall tools consulted (issue 26),
    in the order they were first named; entries of the wrong shape are skipped."""
    raw = receipt.get("recalled")
    found: list[tuple[int, str]] = []
    for item in raw if isinstance(raw, list) else ():
        if isinstance(item, Mapping) and isinstance(tid := item.get("topic_id"), int) and not isinstance(tid, bool):
            title = item.get("title")
            found.append((tid, title if isinstance(title, str) else ""))
    return found


def mark_untitled(receipt: Mapping[str, object], untitled: set[int]) -> None:
    """Mark each recalled topic whose id is in ``untitled`` (nobody has titled it) with
    ``"untitled": true``, in place, so the window says its title in the interface
    language rather than the stored English (issue 27). A topic someone titled
    "New topic" themselves gets ``"untitled": false``: only an unmarked "New topic" is
    read by the rule of receipts stored before the mark (:func:`untitled_recalled`)."""
    raw = receipt.get("recalled")
    for item in raw if isinstance(raw, list) else ():
        if isinstance(item, dict) and item.get("topic_id") in untitled:
            item["untitled"] = True
        elif isinstance(item, dict) and item.get("title") == DEFAULT_TITLE:
            item["untitled"] = False


def untitled_recalled(receipt: Mapping[str, object]) -> set[int]:
    """The ids of the recalled topics nobody had titled when the reply was sent: those
    :func:`mark_untitled` marked, and in a receipt stored before that mark existed
    (session stop 42; no ``"untitled"`` key) those titled exactly :data:`DEFAULT_TITLE`
    — then the title every new topic had, by the rule migration 0028 applied to the
    topics themselves (issue 27, lang47)."""
    raw = receipt.get("recalled")
    return {item["topic_id"] for item in raw if isinstance(item, Mapping) and isinstance(item.get("topic_id"), int)
            and (item.get("untitled") is True or ("untitled" not in item and item.get("title") == DEFAULT_TITLE))
            } if isinstance(raw, list) else set()


def receipt_sampling(receipt: Mapping[str, object]) -> Sampling:
    """The sampling settings a stored receipt says were sent (issue 28); values of the
    wrong type (a hand-edited or older receipt) read as unset."""
    raw = receipt.get("sampling")
    raw = raw if isinstance(raw, Mapping) else {}

    def num(key: str) -> float | None:
        v = raw.get(key)
        return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None

    effort = raw.get("reasoning_effort")
    budget = raw.get("thinking_budget")
    return Sampling(num("temperature"), num("top_p"), effort if isinstance(effort, str) else None,
                    budget if isinstance(budget, int) and not isinstance(budget, bool) else None)
