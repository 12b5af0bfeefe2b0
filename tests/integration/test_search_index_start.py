"""The SQLite search index holds the start of each message (huge51, issue 29; migration
0031): a reply cut at the 16 MB reply limit is indexed by its first ``INDEXED_CHARS``
characters, whether the indexer walks it or the trigger indexes it when it ends; a word
from its start is found through the index, one only in its far tail is not (the plain
scan still finds it). A store indexed whole before 0031 is indexed by the start after
the upgrade, and its index stays sound through deletions, down and up. The semantic
recall backfill reads such a reply's start too."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import numpy as np
import pytest
from sqlalchemy import text, update

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.core.search_text import SearchMode
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.search.semantic_recall import BackfillProgress, SemanticRecall
from chathub_desktop.storage import message_vectors as mv
from chathub_desktop.storage.database import open_database
from chathub_desktop.storage.message_vectors import READ_CHARS
from chathub_desktop.storage.models import Message
from chathub_desktop.storage.search_schema import INDEXED_CHARS, SQLITE_FTS_TABLE
from tests.fakes.hash_embedder import HashEmbedder
from tests.integration.store_migrations import migrate

MB = 1 << 20


def _cut_text() -> str:
    """16 MB as a reply cut at the default reply limit: a word at its start, filler, and a
    word only in its tail (past what the index holds)."""
    filler = "lorem ipsum dolor sit amet " * (16 * MB // 27)
    return "quetzalcoatl opens the reply. " + filler + " and axolotlfinale ends it."


def _sound(svc: Services) -> None:
    """FTS5's own check of its index structure (``integrity-check``): raises when broken."""
    with svc.db.write() as s:
        s.execute(text(f"INSERT INTO {SQLITE_FTS_TABLE}({SQLITE_FTS_TABLE}) VALUES ('integrity-check')"))


@pytest.fixture
def svc(migrated_sqlite: Callable[[str], str]) -> Iterator[Services]:
    s = open_services(migrated_sqlite("start.sqlite3"))
    yield s
    s.close()


def _topic(svc: Services) -> int:
    svc.assistants.create("Helper")
    return svc.topics.create("Helper", "Huge").id


def test_a_cut_reply_the_indexer_walks_is_found_by_its_start(svc: Services) -> None:
    tid = _topic(svc)
    reply = svc.topics.append_message(tid, Role.ASSISTANT, _cut_text(), status=MessageStatus.CUT)
    while svc.search.catch_up() > 0:
        pass
    found = svc.search.search("quetzalcoatl")
    assert found.mode == "fts" and [h.message_id for h in found.hits] == [reply.id]
    assert svc.search.search("axolotlfinale").hits == []  # past the indexed start
    assert [h.message_id for h in svc.search.search("axolotlfinale", mode=SearchMode.LIKE).hits] == [reply.id]
    _sound(svc)


def test_a_reply_cut_after_the_indexer_walked_past_it_is_indexed_by_its_start(svc: Services) -> None:
    """The reply's row exists (streaming) before the indexer passes it; the update that
    ends it ``cut`` indexes it through the trigger; a Retry empties it again, and a
    deletion leaves the index sound."""
    tid = _topic(svc)
    reply = svc.topics.append_message(tid, Role.ASSISTANT, "", status=MessageStatus.STREAMING)
    svc.search.catch_up()
    assert svc.search.index_lag() == 0
    with svc.db.write() as s:
        s.execute(update(Message).where(Message.id == reply.id).values(content=_cut_text(), status="cut"))
    assert [h.message_id for h in svc.search.search("quetzalcoatl").hits] == [reply.id]
    assert svc.search.search("axolotlfinale").hits == []
    with svc.db.write() as s:  # Retry: the reply streams again from empty
        s.execute(update(Message).where(Message.id == reply.id).values(content="", status="streaming"))
    assert svc.search.search("quetzalcoatl").hits == []
    _sound(svc)
    with svc.db.write() as s:
        s.execute(update(Message).where(Message.id == reply.id).values(content=_cut_text(), status="cut"))
    svc.messages.delete_message(reply.id)
    assert svc.search.search("quetzalcoatl").hits == []
    _sound(svc)


def _indexed_ids(url: str, word: str) -> list[int]:
    """The rows the FTS index offers for ``word`` (a store at any revision, plain SQL)."""
    db = open_database(url, migrate=False)
    try:
        with db.engine.connect() as conn:
            return [r[0] for r in conn.execute(
                text(f"SELECT rowid FROM {SQLITE_FTS_TABLE} WHERE content LIKE :w"), {"w": f"%{word}%"})]
    finally:
        db.dispose()


def test_a_store_indexed_whole_is_indexed_by_the_start_after_0031(tmp_path: Path) -> None:
    """A long message indexed whole at 0030 is indexed by its start after the upgrade;
    down to 0030 it is indexed whole again; back up, deleting it leaves the index sound."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    svc = open_services(url)
    tid = _topic(svc)
    svc.close()
    migrate(url, "0030", down=True)
    db = open_database(url, migrate=False)
    with db.engine.begin() as conn:  # what 0030's indexer stored: the whole text
        conn.execute(text("INSERT INTO message (topic_id, seq, role, content, content_type, status, created_at) "
                          "VALUES (:t, 1, 'user', :c, 'text', 'complete', '2026-01-01 00:00:00')"),
                     {"t": tid, "c": "lighthouse " + "x" * INDEXED_CHARS + " zeppelinword"})
        conn.execute(text(f"INSERT INTO {SQLITE_FTS_TABLE}(rowid, content) SELECT id, content FROM message"))
        conn.execute(text("UPDATE message_fts_state SET indexed_through = (SELECT max(id) FROM message)"))
    db.dispose()
    (mid,) = _indexed_ids(url, "zeppelinword")
    migrate(url, "head", down=False)
    assert _indexed_ids(url, "zeppelinword") == [] and _indexed_ids(url, "lighthouse") == [mid]
    migrate(url, "0030", down=True)
    assert _indexed_ids(url, "zeppelinword") == [mid]
    svc = open_services(url)  # up to the head again
    try:
        assert svc.search.index_lag() == 0
        assert [h.message_id for h in svc.search.search("lighthouse").hits] == [mid]
        assert svc.search.search("zeppelinword").hits == []
        _sound(svc)
        svc.messages.delete_message(mid)
        assert svc.search.search("lighthouse").hits == []
        _sound(svc)
    finally:
        svc.close()


@pytest.mark.parametrize("engine", ["sqlite", "postgresql"])
def test_the_recall_backfill_embeds_a_cut_reply_by_its_start(engine: str, request: pytest.FixtureRequest,
                                                            tmp_path: Path) -> None:
    """The semantic recall backfill reads the first ``READ_CHARS`` characters of a 16 MB
    cut reply (what the embedder keeps is its first 600), and the reply gets its vector."""
    url = (f"sqlite:///{tmp_path / 'r.sqlite3'}" if engine == "sqlite"
           else request.getfixturevalue("postgres_url"))
    svc = open_services(url)
    try:
        reply = svc.topics.append_message(_topic(svc), Role.ASSISTANT, _cut_text(), status=MessageStatus.CUT)
        given: list[str] = []

        class Recording(HashEmbedder):
            def passages(self, texts: Sequence[str]) -> np.ndarray:
                given.extend(texts)
                return super().passages(texts)

        recall = SemanticRecall(svc.db, Recording())
        assert recall.backfill(threading.Event()) == BackfillProgress(1, 1)
        assert given == [_cut_text()[:READ_CHARS]]
        with svc.db.read() as s:
            assert [h.id for h in mv.match_rows(s, [reply.id])] == [reply.id]
    finally:
        svc.close()
