"""One StrEnum per vocabulary in core/ (issue 31), with the values the store and the
debug logs already hold, so no migration is needed."""

from __future__ import annotations

from chathub_desktop.core import compaction as cc
from chathub_desktop.core.dream_schedule import DreamPhase, DreamStatus, RunState, is_due
from chathub_desktop.services import events


def test_compaction_vocabularies_keep_their_stored_words() -> None:
    """CMP-6 statuses and CMP-17 triggers as the debug log records them."""
    assert [t.value for t in cc.CompactionTrigger] == [
        "manual", "token_threshold", "message_count", "overflow", "threshold"]
    assert [s.value for s in cc.CompactionStatus] == [
        "compacted", "nothing_eligible", "failed", "unreachable", "cancelled"]
    assert cc.TRIGGERS == frozenset(cc.CompactionTrigger)
    assert events.CompactionProgress(1, cc.TRIGGER_MANUAL, cc.CompactionPhase.STARTED).trigger == "manual"
    assert DreamPhase.FINISHED.value == "finished"


def test_dream_statuses_keep_their_stored_words() -> None:
    """DRM-6: ``dream_run.status`` values are unchanged; a stored text still compares equal."""
    assert [s.value for s in DreamStatus] == [
        "running", "appended", "nothing", "duplicate", "exists", "regenerated", "failed", "proposed"]
    from datetime import UTC, datetime, timedelta

    from chathub_desktop.core.dream_schedule import Schedule, latest_slot

    now = datetime(2026, 12, 2, 12, tzinfo=UTC)
    slot = latest_slot(Schedule("daily", "03:00", 0), now)
    failed = RunState("failed", 1, now - timedelta(hours=2), now - timedelta(minutes=1))  # as read from the store
    assert is_due(slot, failed, now)


def test_dream_frequencies_keep_their_stored_words() -> None:
    """DRM-2: ``assistant.dream_frequency`` holds ``off``/``daily``/``weekly``; a stored
    text becomes the enum in a Schedule, and any other word is refused in one line."""
    import pytest

    from chathub_desktop.core.dream_schedule import FREQUENCIES, DreamFrequency, Schedule

    assert [f.value for f in DreamFrequency] == ["off", "daily", "weekly"]
    assert FREQUENCIES == ("off", "daily", "weekly")
    weekly = Schedule("weekly", "02:00", 0)
    assert weekly.frequency is DreamFrequency.WEEKLY
    assert weekly.describe() == "Weekly on Sunday at 02:00 UTC"
    assert not Schedule().enabled
    with pytest.raises(ValueError, match=r"^dream frequency must be one of off, daily, weekly, not 'hourly'$"):
        Schedule("hourly")


def test_topic_kind_keeps_its_stored_word() -> None:
    """CMP-16: only ``regular`` topic chats are compacted; ``topic.kind`` stores that word."""
    from chathub_desktop.core.messages import TopicKind

    assert TopicKind.REGULAR == "regular"
