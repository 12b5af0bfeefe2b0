"""What a row of the store's change log says changed (issue 31: one vocabulary): the
``kind`` the database triggers write for each watched table and the store watcher reads
to tell its listeners (issue 13: live refresh when another window or the CLI wrote)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["ChangeKind", "ChangeOp"]


class ChangeKind(StrEnum):
    """A logged change's kind; the value is what ``store_change.kind`` holds."""

    MESSAGE = "message"
    TOPIC = "topic"
    COMPACTION = "compaction"
    FIXED = "fixed"  # fixed memory, its provenance and its pauses
    DYNAMIC = "dynamic"
    DREAM = "dream"  # dream runs and proposals
    BRANCH = "branch"  # reply versions (issue 14)
    ASSISTANT = "assistant"
    SETTING = "setting"  # providers, model cards, correction factors, app settings
    TOOLS = "tools"  # MCP servers, switches and approvals (issue 25)


class ChangeOp(StrEnum):
    """What happened to the logged row; the value is what ``store_change.op`` holds."""

    INSERT = "i"
    UPDATE = "u"
    DELETE = "d"
