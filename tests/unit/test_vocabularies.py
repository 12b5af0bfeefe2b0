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


def test_memory_documents_model_sources_and_change_kinds_keep_their_stored_words() -> None:
    """MEM-2 documents as ``memory_change.document`` stores them, issue 14's model
    sources, and issue 13's change-log kinds as the triggers write them."""
    from chathub_desktop.core.change_kinds import ChangeKind
    from chathub_desktop.core.memory_documents import DYNAMIC, FIXED, MemoryDocument
    from chathub_desktop.core.model_cards import ModelSource
    from chathub_desktop.storage import change_log

    assert [d.value for d in MemoryDocument] == ["fixed", "dynamic"]
    assert (FIXED, DYNAMIC) == ("fixed", "dynamic")
    assert [m.value for m in ModelSource] == ["override", "topic", "assistant"]
    assert {w.table: w.kind.value for w in change_log.WATCHED}["memory_pause"] == "fixed"
    assert change_log._values(change_log.WATCHED[0], "NEW", "i").startswith("'message', ")
    assert {w.kind for w in change_log.WATCHED} == set(ChangeKind)


def test_memory_authors_and_origins_keep_their_stored_words() -> None:
    """REF-7 provenance origins (one list for files and the service) and issue 18's
    change authors, as ``memory_provenance.origin`` / ``memory_change.author`` hold them."""
    from chathub_desktop.core import memory_export
    from chathub_desktop.core.memory_authors import AUTHORS, ORIGINS, ChangeAuthor, EntryOrigin

    assert ORIGINS == ("owner", "dream", "agent") == tuple(EntryOrigin)
    assert memory_export.ORIGINS is ORIGINS
    assert AUTHORS == ("owner", "model", "dream", "import", "revert", "system") == tuple(ChangeAuthor)


def test_card_kinds_are_read_off_the_tag_with_their_words() -> None:
    """REF-8: a card's tag makes it one ``day``, a ``range``, ``legacy`` or ``custom``;
    the kind compares equal to those words (the Memory page keys its chips on them)."""
    from chathub_desktop.core.dynamic_cards import Card, CardKind

    kinds = [Card(t, "x").kind for t in ("2026-12-01", "2026-11-01..2026-11-30", "legacy", "notes", "2024-02-30")]
    assert kinds == [CardKind.DAY, CardKind.RANGE, CardKind.LEGACY, CardKind.CUSTOM, CardKind.CUSTOM]
    assert kinds[:4] == ["day", "range", "legacy", "custom"]


def test_memory_import_modes_keep_their_words() -> None:
    """Issue 18: ``memory import --mode`` takes ``replace`` or ``merge``."""
    from chathub_desktop.core.memory_export import ImportMode
    from chathub_desktop.services.transfer.memory_transfer import MODES

    assert MODES == ("replace", "merge") == tuple(ImportMode)


def test_memory_hit_kinds_keep_the_words_search_json_prints() -> None:
    """Issue 31: Search → Memory hits are a fixed memory entry or a dream card, printed
    as ``"kind": "memory"`` / ``"dream"`` by ``search --json``."""
    import json

    from chathub_desktop.core.memory_search import MemoryHitKind
    from chathub_desktop.core.search_text import Snippet
    from chathub_desktop.services.search.search_service import MemoryHit

    assert [k.value for k in MemoryHitKind] == ["memory", "dream"]
    hit = MemoryHit(1, "Helper", MemoryHitKind.DREAM, 2, Snippet("x", ()))
    assert json.loads(json.dumps(hit.to_json()))["kind"] == "dream"


def test_a_stored_role_and_status_pick_the_rendering_and_the_tags() -> None:
    """Issue 31: the window compares a message's role and status with Role and
    MessageStatus (equal to the stored words): a tool row is plain text, a failed reply
    shows its error, a stopped reply is tagged "stopped" and offers Retry."""
    from datetime import UTC, datetime

    from chathub_desktop.core.messages import RETRYABLE_STATUSES as RETRYABLE
    from chathub_desktop.gui.chat.message_documents import RenderKind, kind_of
    from chathub_desktop.gui.chat.message_layout import STATUS_TAGS
    from chathub_desktop.services.views import MessageView

    def view(role: str, status: str) -> MessageView:
        return MessageView(id=1, topic_id=1, seq=1, role=role, content="x", content_type="text", status=status,
                           created_at=datetime(2026, 12, 3, tzinfo=UTC))

    assert [kind_of(view("tool", "complete")), kind_of(view("assistant", "error")),
            kind_of(view("assistant", "complete"))] == [RenderKind.TOOL, RenderKind.ERROR, RenderKind.MARKDOWN]
    assert STATUS_TAGS["cancelled"] == "stopped" and "cancelled" in RETRYABLE and "complete" not in RETRYABLE
