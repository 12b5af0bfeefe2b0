"""Probe questions that check a summary against the turns it covers (issue 26, CMP-18).

Pure: derives fill-in-the-blank probes from the covered turns in Factory's compaction-probe
categories (files and paths named, decisions taken, open tasks, numbers), builds the two
prompts per probe (the turns, then only the summary), scores answers by containment and
(de)serializes the stored report with bounds. The service
(``services.compaction.summary_probes``) sends the prompts to the History Compress model.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from chathub_desktop.core.messages import ChatMessage, Role
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason

#: Probes asked per check by default, and the most a check asks.
DEFAULT_PROBES = 4
MAX_PROBES = 8
#: Output tokens per probe answer (one short line).
ANSWER_TOKENS = 48
#: Characters of one turn that are scanned for candidates, and of all turns.
TURN_SCAN_CHARS = 20_000
TOTAL_SCAN_CHARS = 200_000
#: Longest expected answer and stored answer, characters.
MAX_EXPECTED_CHARS = 160
MAX_ANSWER_CHARS = 400
#: Words of the sentence shown before the blank.
CONTEXT_WORDS = 8
#: The reply the prompt asks for when the text does not say.
UNKNOWN = "UNKNOWN"


class ProbeCategory(StrEnum):
    """Factory's compaction-probe categories."""

    FILES = "files"
    DECISIONS = "decisions"
    TASKS = "tasks"
    NUMBERS = "numbers"


#: The categories' names where the user reads them (the verdict, the Probes tab), marked
#: for the window's translation (issue 27); English: the category's own word.
CATEGORY_NAMES = {
    ProbeCategory.FILES: QT_TRANSLATE_NOOP("ServiceReasons", "files"),
    ProbeCategory.DECISIONS: QT_TRANSLATE_NOOP("ServiceReasons", "decisions"),
    ProbeCategory.TASKS: QT_TRANSLATE_NOOP("ServiceReasons", "tasks"),
    ProbeCategory.NUMBERS: QT_TRANSLATE_NOOP("ServiceReasons", "numbers"),
}

_NOUN = {
    ProbeCategory.FILES: "file or path",
    ProbeCategory.DECISIONS: "choice",
    ProbeCategory.TASKS: "open task",
    ProbeCategory.NUMBERS: "number",
}

_PATH = re.compile(
    r"(?<![\w/.-])(?:~?/)?(?:[\w.-]{1,60}/){1,12}[\w.-]{1,60}"
    r"|(?<![\w/.-])[\w-]{1,60}\.(?:py|js|ts|tsx|md|json|toml|ya?ml|txt|csv|sql|rs|go|c|h|cpp|java|html|css|sh|ini|cfg|lock|log)\b"
)
_NUMBER = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w,])|(?<![\w.,])\d+(?:\.\d+)?(?![\w,])")
_DECISION = re.compile(r"\b(?:decided|decide|agreed|chose|chosen|settled on|going with|go with|picked|switch(?:ed)? to)\b",
                       re.IGNORECASE)
_TASK = re.compile(r"\b(?:todo|to-do|need to|needs to|still have to|must|next step|remaining|pending|left to)\b",
                   re.IGNORECASE)
_WORD = re.compile(r"[^\W_][\w./-]*", re.UNICODE)
_SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?](?![\s]|$))+[.!?]?")
_STOP = frozenset(
    "the a an to of and or for with on in at by we i you it is are be was were will would should this that "
    "these those then than our your their use using also just some any all from into as so do does did not "
    "have has had can could may might let lets let's us them they he she his her its which what when".split()
)


@dataclass(frozen=True)
class Probe:
    """One probe: its ``category``, the ``question`` (a sentence with a blank) and the
    ``expected`` answer found in the covered turns (characters, ≤ MAX_EXPECTED_CHARS)."""

    category: ProbeCategory
    question: str
    expected: str


@dataclass(frozen=True)
class ProbeAnswer:
    """A probe and the model's two answers: ``with_turns`` (shown the covered turns) and
    ``with_summary`` (shown only the summary)."""

    probe: Probe
    with_turns: str
    with_summary: str

    @property
    def answerable(self) -> bool:
        """The model found the expected answer in the turns (else the probe says nothing
        about the summary)."""
        return contains(self.with_turns, self.probe.expected)

    @property
    def kept(self) -> bool:
        """The answer from the summary alone contains the expected answer."""
        return contains(self.with_summary, self.probe.expected)

    @property
    def lost(self) -> bool:
        """Answerable from the turns but not from the summary: the summary lost it."""
        return self.answerable and not self.kept


@dataclass(frozen=True)
class ProbeReport:
    """One probe check of a summary (issue 26): the answers, the model (``PROVIDER/MODEL``),
    when (ISO 8601 UTC), the requests sent, and whether the summary was ``rejected`` (a
    compaction kept the old state because of it); ``digest``: :func:`summary_digest` of the
    summary checked."""

    answers: tuple[ProbeAnswer, ...]
    model: str
    at: str
    requests: int
    rejected: bool = False
    digest: str = ""

    @property
    def lost(self) -> tuple[ProbeAnswer, ...]:
        """The probes the summary lost."""
        return tuple(a for a in self.answers if a.lost)

    @property
    def answerable(self) -> int:
        """How many probes the model answered from the turns."""
        return sum(a.answerable for a in self.answers)

    @property
    def passed(self) -> bool:
        """No answerable probe was lost."""
        return not self.lost

    def verdict(self) -> str:
        """One line for the viewer, the CLI and a refused compaction (English)."""
        return self.verdict_reason().english()

    def verdict_reason(self) -> Reason:
        """:meth:`verdict` as a typed reason the window says in its language (issue 27);
        the probes' kinds are said too (:data:`CATEGORY_NAMES`), their expected answers
        shown as they are."""
        if not self.answers:
            return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "No probe could be made from the covered turns (no paths, "
                                                              "decisions, tasks or numbers)."))
        if self.lost:
            items = [Reason("%1 %2", (Reason(CATEGORY_NAMES[a.probe.category]), repr(a.probe.expected)))
                     for a in self.lost]
            names = Reason("%1", (items[0],)).with_notes(*(Reason(", %1", (i,)) for i in items[1:]))
            return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "The summary lost %1 of %2 answerable probes: %3."),
                          (str(len(self.lost)), str(self.answerable), names))
        return Reason(QT_TRANSLATE_NOOP("ServiceReasons", "The summary kept all %1 answerable probes (of %2)."),
                      (str(self.answerable), str(len(self.answers))))


def summary_digest(summary: str) -> str:
    """A short fingerprint of a summary text (16 hex digits), to tell whether a stored
    report is about the summary now in force."""
    return hashlib.sha256(summary.strip().encode("utf-8", "surrogatepass")).hexdigest()[:16]


def normalize(text: str) -> str:
    """Case-folded, quotes and backticks dropped, thousands separators removed, spaces squeezed."""
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text.casefold())
    text = re.sub(r"[`'\"“”‘’*]", "", text)
    return " ".join(text.split())


def contains(answer: str, expected: str) -> bool:
    """Whether ``answer`` contains ``expected`` (normalized, not inside a longer word or number)."""
    want = normalize(expected)
    if not want:
        return False
    return re.search(rf"(?<![\w.]){re.escape(want)}(?![\w]|\.\d)", normalize(answer)) is not None


def _blank(sentence: str, start: int, category: ProbeCategory, expected: str) -> Probe | None:
    """The probe whose blank is ``sentence[start:]``'s candidate; None without context."""
    before = sentence[:start].split()[-CONTEXT_WORDS:]
    if not before:
        return None
    context = " ".join(before)
    if normalize(expected) in normalize(context):
        return None
    question = f'Which {_NOUN[category]} completes this line from the conversation: "{context} ___"?'
    return Probe(category, question, expected)


def _cue_word(sentence: str, cue_end: int) -> tuple[int, str] | None:
    """The first distinctive word after a cue (≥ 4 characters, not a stop word)."""
    for m in _WORD.finditer(sentence, cue_end):
        word = m.group().rstrip(".,;:")
        if len(word) >= 4 and word.casefold() not in _STOP:
            return m.start(), word
    return None


def _candidates(sentence: str) -> list[Probe]:
    found: list[Probe] = []
    for m in _PATH.finditer(sentence):
        value = m.group().rstrip(".")
        if "/" in value or "." in value:
            probe = _blank(sentence, m.start(), ProbeCategory.FILES, value)
            if probe is not None:
                found.append(probe)
    for cue, category in ((_DECISION, ProbeCategory.DECISIONS), (_TASK, ProbeCategory.TASKS)):
        for m in cue.finditer(sentence):
            hit = _cue_word(sentence, m.end())
            if hit is not None:
                probe = _blank(sentence, hit[0], category, hit[1])
                if probe is not None:
                    found.append(probe)
    for m in _NUMBER.finditer(sentence):
        digits = m.group().replace(",", "")
        if len(digits) >= 2 and not re.fullmatch(r"(19|20)\d\d", digits):  # a lone digit or a year says little
            probe = _blank(sentence, m.start(), ProbeCategory.NUMBERS, m.group())
            if probe is not None:
                found.append(probe)
    return [p for p in found if len(p.expected) <= MAX_EXPECTED_CHARS]


def derive_probes(turns: Sequence[str], limit: int = DEFAULT_PROBES) -> tuple[Probe, ...]:
    """Up to ``limit`` (1 … MAX_PROBES) probes from the covered turns' texts, taking the
    categories in turn (files, decisions, tasks, numbers) so each is asked when it can be;
    deterministic, each expected answer once. Scans at most TURN_SCAN_CHARS of a turn
    and TOTAL_SCAN_CHARS in all."""
    limit = max(1, min(int(limit), MAX_PROBES))
    by_category: dict[ProbeCategory, list[Probe]] = {c: [] for c in ProbeCategory}
    seen: set[str] = set()
    budget = TOTAL_SCAN_CHARS
    for turn in turns:
        if budget <= 0:
            break
        text = turn[:min(TURN_SCAN_CHARS, budget)]
        budget -= len(text)
        for m in _SENTENCE.finditer(text):
            for probe in _candidates(m.group()):
                key = normalize(probe.expected)
                if key not in seen:
                    seen.add(key)
                    by_category[probe.category].append(probe)
    chosen: list[Probe] = []
    while len(chosen) < limit and any(by_category.values()):
        for category in ProbeCategory:
            if by_category[category] and len(chosen) < limit:
                chosen.append(by_category[category].pop(0))
    return tuple(chosen)


_SYSTEM = ("You answer a question about a conversation using only the text given. Reply with the exact "
           f"word, value or path, on one line, nothing else. If the text does not say, reply {UNKNOWN}.")


def transcript(messages: Sequence[ChatMessage]) -> str:
    """The covered turns as ``role: text`` lines (tool rows named by their tool)."""
    lines = []
    for m in messages:
        who = m.tool_name or m.role.value
        if m.content.strip():
            lines.append(f"{who}: {m.content.strip()}")
    return "\n\n".join(lines)


def probe_prompt(source: str, text: str, question: str) -> tuple[ChatMessage, ...]:
    """The messages asking ``question`` about ``text`` (``source``: "conversation" or "summary")."""
    body = f"<{source}>\n{text}\n</{source}>\n\nQuestion: {question}"
    return ChatMessage(Role.SYSTEM, _SYSTEM), ChatMessage(Role.USER, body)


def clean_answer(text: str) -> str:
    """The first non-empty line of a reply, at most MAX_ANSWER_CHARS characters."""
    for line in text.splitlines():
        if line.strip():
            return line.strip()[:MAX_ANSWER_CHARS]
    return ""


def report_to_json(report: ProbeReport) -> dict[str, object]:
    """The report as stored with the topic's compaction state."""
    return {
        "model": report.model, "at": report.at, "requests": report.requests, "rejected": report.rejected,
        "digest": report.digest,
        "probes": [{"category": a.probe.category.value, "question": a.probe.question,
                    "expected": a.probe.expected, "with_turns": a.with_turns,
                    "with_summary": a.with_summary} for a in report.answers],
    }


def _text(raw: Mapping[str, object], key: str, cap: int) -> str:
    value = raw.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{key} is not text")
    return value[:cap]


def report_from_json(raw: object) -> ProbeReport | None:
    """A stored report, or None for anything malformed (never raises)."""
    try:
        if not isinstance(raw, Mapping):
            return None
        probes = raw.get("probes")
        if not isinstance(probes, list) or len(probes) > MAX_PROBES:
            return None
        answers = []
        for p in probes:
            if not isinstance(p, Mapping):
                return None
            probe = Probe(ProbeCategory(_text(p, "category", 20)), _text(p, "question", 600),
                          _text(p, "expected", MAX_EXPECTED_CHARS))
            answers.append(ProbeAnswer(probe, _text(p, "with_turns", MAX_ANSWER_CHARS),
                                       _text(p, "with_summary", MAX_ANSWER_CHARS)))
        requests = raw.get("requests")
        if not isinstance(requests, int) or isinstance(requests, bool) or not 0 <= requests <= 2 * MAX_PROBES:
            return None
        return ProbeReport(tuple(answers), _text(raw, "model", 300), _text(raw, "at", 40), requests,
                           raw.get("rejected") is True, _text(raw, "digest", 16) if "digest" in raw else "")
    except ValueError:
        return None
