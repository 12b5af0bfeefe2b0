"""Walk39: an automatic compaction's status line says what happened in plain words, not
the trigger's internal name ("Overflow rescue: compacted")."""

from __future__ import annotations

import pytest

from chathub_desktop.core.compaction import CompactionStatus, CompactionTrigger
from chathub_desktop.gui.context.compaction_controller import AUTO_STARTED, auto_outcome_text

AUTOMATIC = [CompactionTrigger.TOKEN, CompactionTrigger.MESSAGE_COUNT, CompactionTrigger.OVERFLOW,
             CompactionTrigger.THRESHOLD]
ENGINEERS = ("overflow rescue", "auto-compact", "threshold compaction", "history limit compaction", ": compacted",
             "watermark")


def test_an_overflow_rescue_says_what_it_did() -> None:
    assert auto_outcome_text(CompactionTrigger.OVERFLOW, CompactionStatus.COMPACTED) == (
        "The request was too long for the model, so older messages were summarized")


@pytest.mark.parametrize("trigger", AUTOMATIC)
@pytest.mark.parametrize("status", [*CompactionStatus, None])
def test_no_automatic_compaction_line_uses_engineers_words(trigger: CompactionTrigger,
                                                           status: CompactionStatus | None) -> None:
    for line in (auto_outcome_text(trigger, status), AUTO_STARTED[trigger]):
        assert line and not any(word in line.lower() for word in ENGINEERS), line
