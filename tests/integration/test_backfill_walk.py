"""The recall backfill's keyset walk (issue 26): each page reads on from the last one
(ids below the cursor, user messages first, each kind newest first) instead of
rescanning every message per batch, which made the store's part of a 200,000-message
backfill quadratic (5,791 s). Real store (SQLite and PostgreSQL), a stand-in embedder.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import event, insert, select

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.search.semantic_recall import BackfillProgress, SemanticRecall
from chathub_desktop.storage import message_vectors as mv
from chathub_desktop.storage.models import Message
from tests.fakes.hash_embedder import HashEmbedder

DIM = 8


@pytest.fixture(params=["sqlite", "postgresql"])
def svc(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Services]:
    url = (f"sqlite:///{tmp_path / 'w.sqlite3'}" if request.param == "sqlite"
           else request.getfixturevalue("postgres_url"))
    services = open_services(url)
    yield services
    services.close()


def _seed(svc: Services, n: int, topics: int = 3) -> list[tuple[int, str]]:
    """``n`` messages round-robin over ``topics`` topics, roles alternating per topic
    (every fifth is "Ok.": too short to embed); returns ``(id, role)`` of the others."""
    aid = svc.assistants.create("Walker").id
    ids = [svc.topics.create(aid, "t").id for _ in range(topics)]
    with svc.db.write() as s:
        s.execute(insert(Message), [
            {"topic_id": ids[i % topics], "seq": i // topics + 1,
             "role": "user" if (i // topics) % 2 == 0 else "assistant",
             "content": "Ok." if i % 5 == 4 else f"Message {i} about the garden shed roof."}
            for i in range(n)])
    with svc.db.read() as s:
        rows = s.execute(select(Message.id, Message.role, Message.content).order_by(Message.id)).all()
    return [(int(r.id), str(r.role)) for r in rows if len(r.content) >= mv.MIN_CHARS]


def test_a_walk_hands_out_each_missing_message_once_users_first_newest_first(svc: Services) -> None:
    """Nothing is stored between pages, yet no page repeats one: the cursor, not the
    missing vectors, moves the walk on (the old full rescan returned the same page
    forever). The user's messages come first, each kind newest first; the walk ends
    with no cursor."""
    rows = _seed(svc, 40)
    want = ([i for i, role in reversed(rows) if role == "user"]
            + [i for i, role in reversed(rows) if role != "user"])
    got: list[int] = []
    cursor: mv.BackfillCursor | None = mv.WALK_START
    pages = 0
    with svc.db.read() as s:
        while cursor is not None:
            page, cursor = mv.unembedded(s, HashEmbedder.name, 5, cursor)
            got += [mid for mid, _content in page]
            pages += 1
            assert pages <= len(want)  # it ends
    assert got == want
    assert len(want) == 32  # 40 messages, 8 too short


def test_the_backfill_finds_a_message_added_during_its_walk_and_resumes_after_a_cancel(svc: Services) -> None:
    """A message written after the walk passed its place is still embedded (a finished
    walk looks once more from the newest); a cancelled run resumes with the rest."""
    _seed(svc, 30)
    db = svc.db
    recall = SemanticRecall(db, HashEmbedder())
    cancel = threading.Event()
    first = recall.backfill(cancel, lambda _p: cancel.set(), batch=4)
    assert first == BackfillProgress(4, 24, cancelled=True)
    assert recall.backfill_batch(4) == 4
    with db.write() as s:
        topic = s.execute(select(Message.topic_id).limit(1)).scalar_one()
        s.add(Message(topic_id=topic, seq=99, role=Role.USER, content="A new question about the roof felt."))
    done = recall.backfill(threading.Event(), batch=4)
    assert done == BackfillProgress(25, 25) and recall.progress() == BackfillProgress(25, 25)
    assert recall.backfill_batch(4) == 0


def _vm_steps(svc: Services, n: int) -> int:
    """SQLite virtual-machine steps (in thousands) of a whole backfill of ``n`` seeded
    messages: a count of the rows the reads visit, not a time."""
    _seed(svc, n)
    db = svc.db
    steps = [0]

    def count() -> int:
        steps[0] += 1
        return 0

    def attach(conn, _cursor, _statement, _params, _context, _many) -> None:  # type: ignore[no-untyped-def]
        conn.connection.driver_connection.set_progress_handler(count, 1000)

    event.listen(db.engine, "before_cursor_execute", attach)
    try:
        SemanticRecall(db, HashEmbedder()).backfill(threading.Event(), batch=16)
    finally:
        event.remove(db.engine, "before_cursor_execute", attach)
    return steps[0]


def test_the_store_part_of_a_backfill_grows_linearly(tmp_path: Path) -> None:
    """Four times the messages cost about four times the store work (the old rescan per
    batch: sixteen times)."""
    small, large = (open_services(f"sqlite:///{tmp_path / name}") for name in ("s.sqlite3", "l.sqlite3"))
    try:
        ratio = _vm_steps(large, 1600) / max(1, _vm_steps(small, 400))
    finally:
        small.close()
        large.close()
    assert ratio < 8, f"store work grew {ratio:.1f}x for 4x the messages"
