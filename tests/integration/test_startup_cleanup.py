"""A start-up that fails after the store opened closes the store's connections (issue 12:
every client closed on every path). A CLI command refused at start-up must not leave a
connection behind in a process that goes on (the in-process CLI fuzz, a test run)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from chathub_desktop.core.reasons import Reason
from chathub_desktop.services import container
from chathub_desktop.services.topics.topic_service import TopicService
from chathub_desktop.storage.database import STORE_BUSY_WAITED, Database, StoreBusy, open_database


def test_a_start_up_the_store_refuses_closes_its_connections(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[Database] = []

    def recording_open(url: str) -> Database:
        opened.append(open_database(url))
        return opened[-1]

    def busy(_self: Any) -> None:
        raise StoreBusy(Reason(STORE_BUSY_WAITED, ("120",)))

    monkeypatch.setattr(container, "open_database", recording_open)
    monkeypatch.setattr(TopicService, "mark_stale_streams_interrupted", busy)
    with pytest.raises(StoreBusy):
        container.open_services(f"sqlite:///{tmp_path / 'store.sqlite3'}")
    (db,) = opened
    assert db.engine.pool.checkedin() == 0 and db.engine.pool.checkedout() == 0
