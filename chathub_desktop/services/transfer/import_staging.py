"""Staged topics of a running chat import (issue 10, "Nothing lost").

A long import must not hold the store's write lock for its whole run, yet a broken file
must write nothing and nothing partial may ever be visible. So an import writes its
topics in short chunks, each its own write transaction (other writers wait at most one
chunk), as *staged* topics:

- a staged topic has ``Topic.source = "staged:<run id>"``; :func:`visible_topics` is the
  filter every topic listing uses (TopicService, the dream), so staged topics are never
  shown, dreamt over or counted;
- the run is registered in ``app_setting`` under ``import-staging:<run id>`` with the
  importing process's identity and the assistant, before its first staged row;
- one short final transaction publishes the run (the importer's own code), and drops
  the registration in it;
- a failure or a cancel deletes the staged rows chunk by chunk (:func:`discard_run`);
- at start-up, the staged rows of a run whose process is gone (killed, crashed) are
  deleted (:func:`discard_abandoned_imports`).

No Qt, no file parsing here (start-up calls :func:`discard_abandoned_imports`).
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from datetime import datetime

from chathub_desktop.core.clock import utcnow
from chathub_desktop.services.chat.process_identity import PROCESS_ID, stream_is_orphaned
from chathub_desktop.storage import import_staging_rows as rows
from chathub_desktop.storage.database import Database, StoreBusy
from chathub_desktop.storage.errors import OperationalError
from chathub_desktop.storage.import_staging_rows import (
    REGISTRY_PREFIX,
    STAGED_PREFIX,
    visible_topics,
)
from chathub_desktop.storage.session import Connection

__all__ = [
    "DISCARD_CHUNK_TOPICS", "REGISTRY_PREFIX", "STAGED_PREFIX", "StagingRun", "begin_run",
    "discard_abandoned_imports", "discard_run", "end_run", "visible_topics",
]

log = logging.getLogger(__name__)

#: Staged topics deleted per write transaction when a run is discarded.
DISCARD_CHUNK_TOPICS = 200


@dataclass(frozen=True)
class StagingRun:
    """One import run: ``run_id`` (12 hex digits) and the assistant it imports into."""

    run_id: str
    assistant_id: int

    @property
    def source(self) -> str:
        """``Topic.source`` of this run's staged topics."""
        return f"{STAGED_PREFIX}{self.run_id}"

    @property
    def key(self) -> str:
        """Its ``app_setting`` registration key."""
        return f"{REGISTRY_PREFIX}{self.run_id}"


def begin_run(db: Database, assistant_id: int) -> StagingRun:
    """Register a new run of this process (one short write) and return it."""
    run = StagingRun(uuid.uuid4().hex[:12], assistant_id)
    with db.write() as s:
        rows.register(s, run.key, {"process": PROCESS_ID, "assistant_id": assistant_id,
                                   "started_at": utcnow().isoformat()})
    return run


def end_run(conn: Connection, run: StagingRun) -> None:
    """Drop the registration, inside the transaction that publishes the run."""
    rows.drop_registration(conn, run.key)


def discard_run(db: Database, run: StagingRun) -> int:
    """Delete the run's staged topics and their messages, :data:`DISCARD_CHUNK_TOPICS`
    topics per write transaction, then its registration. Returns the topics deleted."""
    gone = 0
    while True:
        with db.write_connection() as conn:
            # a negative assistant id: an unreadable registration, found by source alone
            ids = rows.staged_topic_ids(conn, run.source, run.assistant_id if run.assistant_id >= 0 else None,
                                        DISCARD_CHUNK_TOPICS)
            if not ids:
                end_run(conn, run)
                return gone
            rows.delete_topics(conn, ids)
            gone += len(ids)


def discard_abandoned_imports(db: Database, now: datetime | None = None) -> int:
    """At start-up: delete the staged rows of every registered run whose process can no
    longer finish it (gone from this host, or started more than the foreign-process
    timeout ago on another). Returns the runs discarded; a read-only or busy store
    changes nothing (0)."""
    now = now or utcnow()
    try:
        with db.read() as s:
            registered = rows.registrations(s)
        runs = []
        for key, value in registered:
            info = value if isinstance(value, dict) else {}
            try:
                started = datetime.fromisoformat(str(info.get("started_at")))
                aid = int(info["assistant_id"])
            except (KeyError, TypeError, ValueError):
                started, aid = now, -1
            if stream_is_orphaned(info.get("process"), started, now):
                runs.append(StagingRun(key[len(REGISTRY_PREFIX):], aid))
        for run in runs:
            n = discard_run(db, run)
            log.info("discarded %d staged topics of an import that did not finish (%s)", n, run.run_id)
        return len(runs)
    except (OperationalError, StoreBusy) as exc:  # e.g. a read-only store: reading still works
        log.warning("could not discard an unfinished import: %s", str(exc).splitlines()[0])
        return 0
