"""The wall clock the store and the services stamp rows with (issue 31: one source)."""

from __future__ import annotations

from datetime import UTC, datetime

__all__ = ["utcnow"]


def utcnow() -> datetime:
    """Current time, timezone-aware UTC."""
    return datetime.now(UTC)
