"""Typed service reasons (issue 27, ``core.reasons``): a reason is a marked template and
its values; its English is what the CLI has always printed, and the window says the same
reason in the interface language, values and nested reasons included."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import date
from pathlib import Path

import pytest

from chathub_desktop.core import compaction_gain as cg
from chathub_desktop.core.dynamic_memory import FoldMethod
from chathub_desktop.core.reasons import Reason, fill
from chathub_desktop.core.sampling import SamplingReason
from chathub_desktop.core.secret_redaction import Redaction
from chathub_desktop.services.assistants.assistant_service import AssistantReason
from chathub_desktop.services.compaction.compaction_outcome import CompactionReason
from chathub_desktop.services.compaction.summarizer import FailureReason, SummarizerFailed
from chathub_desktop.services.dream.dream_reasons import (
    DreamReason,
    bounded_note,
    day_reason,
    fold_note,
    read_titles_note,
    redacted_note,
)
from chathub_desktop.services.errors import InvalidInput, StaleDocument

DAY = date(2026, 11, 30)
I18N = Path(__file__).resolve().parents[2] / "resources" / "i18n"


def test_a_reason_reads_as_the_english_line_the_cli_prints() -> None:
    """The outcome lines keep their words: a dream's added card with its notes."""
    added = Reason(DreamReason.ADDED, ("3", DAY.isoformat()), (
        fold_note(FoldMethod.MODEL), *bounded_note(2, 5, 1, 2048), *read_titles_note(["A", "B", "C", "D", "E", "F"], 5),
        *redacted_note(Redaction("x", ("openai-api-key", "password", "password")))))
    assert added.english() == (
        "added the card for 2026-11-30; older cards folded (model); 2 of 5 topics were left out and 1 shortened "
        "to fit the History Compress model's 2,048-token window; read “A”, “B”, “C”, “D”, “E” and 1 more; "
        "Redacted from the dream card: 1 openai-api-key, 2 password (likely secrets are never remembered).")
    assert day_reason(DreamReason.NO_TOPICS, DAY).english() == "no topic had messages on 2026-11-30"
    proposed = Reason(DreamReason.PROPOSED, (DAY.isoformat(), "7", Reason("", notes=(fold_note(FoldMethod.CONCATENATED, proposed=True),))))
    assert proposed.english() == ("proposed a card for 2026-11-30 (proposal #7; with a fold of older cards "
                                  "(concatenated)); accept or discard it")


def test_a_value_holding_a_placeholder_is_shown_as_it_is() -> None:
    """A value is never read as a template (a topic titled "%2" stays "%2")."""
    assert fill("the card for %1 repeated %2", "%2", "card #1") == "the card for %2 repeated card #1"
    assert Reason(DreamReason.READ, ("“%1”",)).english() == "; read “%1”"


def test_errors_raised_with_a_reason_keep_it_and_print_its_english() -> None:
    err = InvalidInput(Reason(DreamReason.MEMORY_OFF, ("Helper",)))
    assert str(err) == "memory is off for Helper; turn it on (Assistant → Memory) to dream" and err.why is not None
    assert InvalidInput("plain words").why is None and str(InvalidInput("plain words")) == "plain words"
    assert StaleDocument().why is not None
    failed = SummarizerFailed(Reason(FailureReason.TIMEOUT, ("120",)))
    assert str(failed) == "the History Compress model did not answer within 120 s"
    assert cg.too_short_message(1, 150, 500, 700) == cg.too_short_reason(1, 150, 500, 700).english()


def _translated(lang: str) -> dict[str, str]:
    root = ET.parse(I18N / f"chathub_{lang}.ts").getroot()
    return {m.findtext("source") or "": m.findtext("translation") or ""
            for ctx in root.iter("context") if ctx.findtext("name") == "ServiceReasons" for m in ctx.iter("message")}


@pytest.mark.parametrize("lang", ["zh_CN", "ja"])
def test_every_typed_reason_is_translated_with_its_placeholders(lang: str) -> None:
    """Issue 27: each template the services declare has a finished translation that
    keeps every ``%n`` (a lost one would drop a value from the window's line)."""
    shown = _translated(lang)
    templates = [*DreamReason, *CompactionReason, *FailureReason, *SamplingReason, *AssistantReason,
                 *(getattr(cg, n) for n in ("TOO_SHORT", "THESE_MESSAGES_TAKE", "THIS_MESSAGE_TAKES",
                                            "SUMMARY_WOULD_GROW", "SUMMARY_OF_THEM", "SUMMARY_OF_IT",
                                            "NO_SMALLER", "NO_SMALLER_ONE"))]
    for template in templates:
        assert shown.get(str(template)), template
        assert sorted(re.findall(r"%\d", shown[str(template)])) == sorted(re.findall(r"%\d", str(template))), template
