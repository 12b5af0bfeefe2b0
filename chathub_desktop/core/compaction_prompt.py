"""The summarizer's prompt and the cleaning of its answer (REF-18, NUM-9, CMP-3).

Pure text functions. The prompt asks the History Compress model to merge newly
completed turns into the existing rolling summary. Batches are whole turns sent as
stored (REF-20 bounds their size; tool results are not cut, CMP-19). Hidden reasoning
is never part of the transcript and never survives :func:`clean_summary`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from chathub_desktop.core.messages import ChatMessage, Role

_SYSTEM = """You maintain the rolling summary of a long conversation between a user and an AI assistant.
You receive the current summary (possibly empty) and the next messages of the conversation, oldest first.
Return one updated summary that merges those messages into the current summary.

Rules:
- Write in the language the conversation is held in.
- Keep what stays useful later: facts about the user and the task, decisions made, constraints and preferences, names, identifiers, file paths, numbers, commands, work that is finished and work that is still open.
- When a newer message replaces an earlier fact or decision, keep only the newer one.
- Use only what the summary and the messages say; add nothing that is not there.
- Lines in square brackets that start with "Not summarized" are markers written by the application: keep them unchanged.
- Be concise: at most about {cap} tokens. Plain text or short bullet points.
- Answer with the summary only, inside <summary> and </summary>."""

_USER = """Current summary:
{summary}

Next messages:
{transcript}

Write the updated summary now."""


#: What an empty current summary is shown as in the prompt.
EMPTY_SUMMARY = "(empty)"
#: The lines a summary request frames the summary and the transcript with (issue 28: a
#: "summary" made of them is the prompt echoed back, not a summary).
FRAMING_LINES = (*(line for line in _USER.split("\n") if line and "{" not in line), EMPTY_SUMMARY,
                 "[user]", "[assistant]")


def transcript(messages: Sequence[ChatMessage]) -> str:
    """The messages as labelled plain text: ``[user]``, ``[assistant]``, tool calls with
    their JSON arguments and tool results in full (CMP-19); system rows are skipped."""
    lines: list[str] = []
    for m in messages:
        if m.role is Role.SYSTEM:
            continue
        if m.role is Role.TOOL:
            name = m.tool_name or "tool"
            lines.append(f"[tool result from {name}]\n{m.content}")
            continue
        label = "user" if m.role is Role.USER else "assistant"
        if m.content.strip():
            lines.append(f"[{label}]\n{m.content}")
        for call in m.tool_calls:
            lines.append(f"[{label} called tool {call.name}]\n{call.arguments}")
    return "\n\n".join(lines)


#: Added to the rules when the user edited the current summary (issue 19).
EDITED_RULE = ("- The user edited the current summary: keep everything it says, in its wording; add the new "
               "messages to it and change it only where a newer message replaces one of its facts.")
#: Added to the rules for Compact now with focus instructions (issue 19).
FOCUS_RULE = "- The user asks this summary to keep in particular: {focus}"
#: Focus instructions are cut to this many characters.
MAX_FOCUS_CHARS = 2000


#: The rule that sets the summary's language; :func:`in_language` swaps it for another.
LANGUAGE_RULE = "- Write in the language the conversation is held in."


def in_language(rules: str, rule: str, language: str | None) -> str:
    """``rules`` with its language ``rule`` line asking for ``language`` instead (issue
    27: the ``card-language`` setting); ``None`` leaves ``rules`` byte for byte."""
    return rules if language is None else rules.replace(rule, f"- Write in {language}.", 1)


def summary_prompt(existing_summary: str, messages: Sequence[ChatMessage], cap_tokens: int, *,
                   focus: str = "", edited: bool = False, language: str | None = None) -> tuple[ChatMessage, ...]:
    """The two messages (system rules, user payload) of one summarizer request (REF-18).
    ``focus``: the user's focus instructions for Compact now (at most
    :data:`MAX_FOCUS_CHARS` characters, one line); ``edited``: the current summary was
    edited by the user and is merged into, not rewritten (issue 19); ``language``: the
    language to write in (``None``: the conversation's, the rule as it always was)."""
    rules = in_language(_SYSTEM.format(cap=cap_tokens), LANGUAGE_RULE, language)
    extra = [EDITED_RULE] if edited else []
    focus = " ".join(focus.split())[:MAX_FOCUS_CHARS]
    if focus:
        extra.append(FOCUS_RULE.format(focus=focus))
    if extra:
        head, tail = rules.rsplit("\n- Answer with", 1)
        rules = "\n".join([head, *extra]) + "\n- Answer with" + tail
    return (
        ChatMessage(Role.SYSTEM, rules),
        ChatMessage(
            Role.USER,
            _USER.format(summary=existing_summary.strip() or EMPTY_SUMMARY, transcript=transcript(messages)),
        ),
    )


_THINK = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.DOTALL | re.IGNORECASE)
#: A reasoning block whose closing tag never came (the reply was cut inside it).
_OPEN_THINK = re.compile(r"<(?:think|thinking|reasoning)>.*", re.DOTALL | re.IGNORECASE)
_SUMMARY = re.compile(r"<summary>(.*?)(?:</summary>|$)", re.DOTALL | re.IGNORECASE)
#: The end of a sentence: ``.``, ``!`` or ``?`` (and closing quotes or brackets) before
#: whitespace or the end, or a CJK full stop, exclamation or question mark anywhere.
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*(?=\s|$)|[。！？]")


def clean_summary(reply_text: str) -> str:
    """The summary in a model's visible reply: inline ``<think>``-style blocks removed,
    an unclosed one with everything after it (hidden reasoning never enters a summary,
    CMP-3), the ``<summary>`` block's content when there is one (NUM-9), else the whole
    reply; stripped. ``""`` means "empty"."""
    text = _OPEN_THINK.sub("", _THINK.sub("", reply_text))
    match = _SUMMARY.search(text)
    if match is not None:
        text = match.group(1)
    return text.strip()


def complete_part(summary: str) -> str:
    """A cleaned summary the provider stopped at its completion cap, cut back to its last
    complete sentence or line (CMP-5: a summary cut by the cap is still a summary):
    ``"A. B is cu"`` → ``"A."``, ``"- a\n- b\n- c is cu"`` → ``"- a\n- b"``. ``""``
    when nothing in it is complete (the caller fails the run as an empty summary)."""
    end = max(summary.rfind("\n"), 0)
    for match in _SENTENCE_END.finditer(summary):
        end = max(end, match.end())
    return summary[:end].strip()


#: What a line's comparison key drops: two lines that differ only in bullets, case,
#: spaces or punctuation are the same line.
_LINE_KEY_RE = re.compile(r"[\W_]+", re.UNICODE)
_LIST_ITEM_RE = re.compile(r"[-*+•]\s|[0-9]+[.)]\s")


def _line_key(text: str) -> str:
    marker = _LIST_ITEM_RE.match(text.strip())
    return _LINE_KEY_RE.sub("", text.strip()[marker.end() if marker else 0:]).casefold()


def _sentences_once(line: str, seen: set[str]) -> str:
    """``line`` without the sentences (``_SENTENCE_END``) already in ``seen`` (keys as
    :func:`_line_key`), which it extends; the text after the last sentence end stays."""
    kept: list[str] = []
    begin = 0
    for match in _SENTENCE_END.finditer(line):
        sentence = line[begin:match.end()]
        begin = match.end()
        key = _line_key(sentence)
        if key and key in seen:
            continue
        seen.add(key)
        kept.append(sentence)
    kept.append(line[begin:])
    return "".join(kept).rstrip()


def without_repeats(text: str, *, sentences: bool = False) -> str:
    """``text`` with every line that repeats an earlier one (ignoring case, a list marker,
    spaces and punctuation) removed, lines of punctuation alone taken as blank, and runs
    of blank lines made one; with ``sentences``, also every sentence that repeats an
    earlier one within or across lines (a small model loops inside one paragraph too)."""
    seen: set[str] = set()
    said: set[str] = set()
    kept: list[str] = []
    for line in text.split("\n"):
        key = _line_key(line)
        if not key:
            if kept and kept[-1].strip():
                kept.append("")
            continue
        if key in seen:
            continue
        seen.add(key)
        line = _sentences_once(line, said) if sentences else line.rstrip()
        if _line_key(line):
            kept.append(line)
    return "\n".join(kept).strip()


def read_cut_summary(summary: str) -> str:
    """A cleaned summary the provider stopped at its completion cap (issue 28, walk40:
    SmolLM2's topic summary looped and ended mid-word): :func:`complete_part`, then every
    repeated line and repeated sentence dropped (:func:`without_repeats`). ``""`` when
    nothing in it is complete."""
    return without_repeats(complete_part(summary), sentences=True)


def without_framing(summary: str) -> str:
    """``summary`` without the lines that only repeat the request's framing
    (:data:`FRAMING_LINES`, ignoring case, a list marker, spaces and punctuation; issue
    28, walk40: SmolLM2 wrote "Current summary:", "(empty)" and "[user]" back into the
    stored summary); blank lines left in a run are made one. ``""`` when nothing else."""
    framing = {_line_key(line) for line in FRAMING_LINES}
    kept = [line for line in summary.split("\n") if _line_key(line) not in framing or not _line_key(line)]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip()
