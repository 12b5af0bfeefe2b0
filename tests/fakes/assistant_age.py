"""Backdate an assistant's creation, for tests of a scheduled dream that is due now
(issue 30, walk50 #7): a slot that fired before its assistant existed is no catch-up
(DRM-6), so a test that creates the assistant and expects the slot of a moment ago to
run says the assistant was already there."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import Assistant


def existing_since(svc: Services, assistant: int | str, days: int = 3) -> None:
    """Make ``assistant`` (id or name) created ``days`` days ago (UTC)."""
    with svc.db.write() as s:
        row = s.get(Assistant, assistant) if isinstance(assistant, int) else \
            s.query(Assistant).filter_by(name=assistant).one()
        row.created_at = datetime.now(UTC) - timedelta(days=days)
