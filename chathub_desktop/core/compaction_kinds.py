"""How a compaction run is named in its progress events and outcome (CMP-6, CMP-17):
what started it, where it is and how it ended, and what a version switch did to the
summary. A module of its own so the window can word them before its first paint
without loading the planner (issue 29); :mod:`chathub_desktop.core.compaction`
re-exports them."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["CompactionPhase", "CompactionStatus", "CompactionTrigger", "SummaryOnSwitch"]


class CompactionTrigger(StrEnum):
    """What started a compaction run (CMP-6, CMP-17); stored in the debug log as is."""

    MANUAL = "manual"
    TOKEN = "token_threshold"
    MESSAGE_COUNT = "message_count"
    OVERFLOW = "overflow"
    #: The threshold policy's pre-send run (NUM-3).
    THRESHOLD = "threshold"


class CompactionStatus(StrEnum):
    """How a compaction run ended (CMP-6); ``CANCELLED`` only in progress events: the run
    was stopped before it reported an outcome. Stored in the debug log as ``result``."""

    COMPACTED = "compacted"
    NOTHING_ELIGIBLE = "nothing_eligible"
    FAILED = "failed"
    UNREACHABLE = "unreachable"
    CANCELLED = "cancelled"


class CompactionPhase(StrEnum):
    """Where a running compaction is (progress events, CMP-6)."""

    STARTED = "started"
    BATCH = "batch"
    FINISHED = "finished"

class SummaryOnSwitch(StrEnum):
    """What showing another version of a topic's branch did to its summary (issue 14,
    CMP-15): ``kept``; ``restored``, the one written for the incoming branch; or
    ``cleared``, since it covered rows that left view."""

    KEPT = "kept"
    RESTORED = "restored"
    CLEARED = "cleared"
