"""A topic's stored compaction state (CMP-2, CMP-15, CMP-17, CMP-20, NUM-8; issue 31):
the reads and the read-modify-writes of ``topic_compaction``, each inside the caller's
``Database.read()`` / ``Database.write()`` session, returning plain values.

The rules (archives, debug log, breaker) are ``core.compaction``'s; this module only
loads and stores their results.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.orm import Session

from chathub_desktop.core import compaction as cc
from chathub_desktop.storage.models import Assistant, Message, Topic, TopicCompaction

__all__ = [
    "CompactionState",
    "clear_if_covered",
    "commit_summary",
    "compaction_state",
    "probe_report",
    "record_run",
    "save_edited_summary",
    "store_probe_report",
]


@dataclass(frozen=True, slots=True)
class CompactionState:
    """One topic's stored compaction state: ``summary`` (``""``: none), the ``model``
    that wrote it, the ``cursor_message_id`` it covers up to, ``updated_at`` (UTC),
    ``debug_log`` and ``archives`` (oldest first), the NUM-8 breaker
    (``failure_count``, ``cooldown_until`` UTC), the CMP-7 remembered
    ``unreachable_fingerprint`` and whether the user ``edited`` the summary."""

    summary: str
    model: str | None
    cursor_message_id: int | None
    updated_at: datetime | None
    debug_log: tuple[dict[str, object], ...]
    archives: tuple[dict[str, str], ...]
    failure_count: int
    cooldown_until: datetime | None
    unreachable_fingerprint: str | None
    edited: bool


def _state(st: TopicCompaction) -> CompactionState:
    return CompactionState(
        summary=st.summary or "",
        model=st.model,
        cursor_message_id=st.cursor_message_id,
        updated_at=st.updated_at,
        debug_log=tuple(dict(e) for e in (st.debug_log or ())),
        archives=tuple(dict(a) for a in (st.archives or ())),
        failure_count=st.failure_count or 0,
        cooldown_until=st.cooldown_until,
        unreachable_fingerprint=st.unreachable_fingerprint,
        edited=bool(st.summary_edited),
    )


def _row(s: Session, topic_id: int) -> TopicCompaction:
    """The topic's state row, added empty when the topic was never compacted."""
    st = s.get(TopicCompaction, topic_id)
    if st is None:
        st = TopicCompaction(topic_id=topic_id, summary="", debug_log=[], archives=[], failure_count=0)
        s.add(st)
    return st


def compaction_state(s: Session, topic_id: int) -> CompactionState | None:
    """``topic_id``'s :class:`CompactionState`; None when it was never compacted."""
    st = s.get(TopicCompaction, topic_id)
    return None if st is None else _state(st)


def commit_summary(
    s: Session,
    topic_id: int,
    assistant_id: int,
    *,
    summary: str,
    cursor_id: int,
    model: str,
    now: datetime,
    expected: tuple[str, int | None] | None,
    success: bool,
) -> bool:
    """Store a run's result (write session): summary, cursor, model, updated time, one
    more archive, and the topic snippet when the assistant shows snippets; a
    ``success`` resets the NUM-8 breaker. ``expected``: the ``(summary, cursor)`` the
    run began from; when the stored pair differs nothing is written and False is
    returned. None: the run rebuilt a stale cursor from scratch (REF-19), so the old
    archives are dropped and any stored pair is replaced."""
    st = _row(s, topic_id)
    stored = (st.summary or "", st.cursor_message_id)
    if expected is not None and stored != expected:
        return False
    st.summary = summary
    st.cursor_message_id = cursor_id
    st.model = model
    st.updated_at = now
    st.archives = cc.add_archive([] if expected is None else (st.archives or []), summary,
                                 now.isoformat(timespec="seconds"))
    if success:
        st.failure_count = 0
        st.cooldown_until = None
    st.unreachable_fingerprint = None
    topic = s.get(Topic, topic_id)
    assistant = s.get(Assistant, assistant_id)
    if topic is not None and assistant is not None and assistant.topic_snippets:
        topic.snippet = cc.archive_excerpt(summary)
    return True


def record_run(
    s: Session,
    topic_id: int,
    entry: dict[str, object],
    *,
    now: datetime,
    failed: bool,
    max_failures: int,
    fingerprint: str | None,
) -> None:
    """Append a run's debug-log ``entry`` (CMP-17); a ``failed`` run counts toward the
    NUM-8 breaker (cooldown after ``max_failures``); a ``fingerprint`` is remembered as
    the unchanged chat whose low watermark was out of reach (CMP-7). Write session."""
    st = _row(s, topic_id)
    st.debug_log = cc.append_debug(st.debug_log or [], entry)
    if failed:
        count, until = cc.after_failure(st.failure_count or 0, now.timestamp(), max_failures)
        st.failure_count = count
        st.cooldown_until = datetime.fromtimestamp(until, UTC) if until is not None else None
    if fingerprint is not None:
        st.unreachable_fingerprint = fingerprint


def save_edited_summary(s: Session, topic_id: int, text: str, *, expected: str | None, now: datetime) -> bool:
    """The user's own summary ``text`` (issue 19), cursor kept, marked as edited when
    not empty. False (nothing written) when ``expected`` is given and the stored
    summary differs from it. Write session."""
    st = _row(s, topic_id)
    if expected is not None and (st.summary or "") != expected:
        return False
    st.summary = text
    st.summary_edited = bool(text)
    st.updated_at = now
    return True


def clear_if_covered(s: Session, topic_id: int, message_id: int, position_seq: int | None,
                     now: datetime) -> bool:
    """CMP-15, REF-25: when message ``message_id`` (``position_seq``: its ``seq`` when the
    row is already deleted) is at or before the cursor, clear the summary, cursor,
    model, archives, remembered fingerprint and the topic snippet. Returns whether
    anything was cleared. Write session."""
    st = s.get(TopicCompaction, topic_id)
    if st is None or st.cursor_message_id is None:
        return False
    cursor = s.get(Message, st.cursor_message_id)
    seq = position_seq
    if seq is None:
        row = s.get(Message, message_id)
        seq = row.seq if row is not None else None
    covered = message_id == st.cursor_message_id or (cursor is not None and seq is not None and seq <= cursor.seq)
    if not covered:
        return False
    st.summary = ""
    st.cursor_message_id = None
    st.model = None
    st.archives = []
    st.unreachable_fingerprint = None
    st.updated_at = now
    topic = s.get(Topic, topic_id)
    if topic is not None:
        topic.snippet = None
    return True


def probe_report(s: Session, topic_id: int) -> dict[str, object] | None:
    """The last stored probe check of ``topic_id``'s summary (issue 26), as stored JSON;
    None when there is none."""
    st = s.get(TopicCompaction, topic_id)
    return st.probe_report if st is not None else None


def store_probe_report(s: Session, topic_id: int, report: dict[str, object]) -> None:
    """Store ``report`` (``core.summary_probes.report_to_json``) as ``topic_id``'s last
    probe check. Write session."""
    _row(s, topic_id).probe_report = report
