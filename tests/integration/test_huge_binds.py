"""A SQLite connection that stored a huge value is closed when it goes back to the pool
(huge51, issue 29): SQLite kept the bound copy of a stored 16 MB reply for as long as
the connection lived. Ordinary writes keep their connection."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import event

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.services.chat.reply_store import store_checkpoint
from chathub_desktop.services.container import open_services
from chathub_desktop.storage.huge_binds import HUGE_BIND_CHARS


def test_the_connection_that_stored_a_huge_reply_is_closed_and_the_store_goes_on(
        migrated_sqlite: Callable[[str], str]) -> None:
    svc = open_services(migrated_sqlite("binds.sqlite3"))
    try:
        svc.assistants.create("A")
        topic = svc.topics.create("A").id
        reply = svc.topics.append_message(topic, Role.ASSISTANT, "", status=MessageStatus.STREAMING)
        closed: list[object] = []
        event.listen(svc.db.engine, "close", lambda dbapi, _record: closed.append(dbapi))
        store_checkpoint(svc.db, reply.id, "small text", [])
        assert closed == []  # an ordinary write keeps its connection
        huge = "x" * HUGE_BIND_CHARS
        store_checkpoint(svc.db, reply.id, huge, [])
        assert len(closed) == 1
        store_checkpoint(svc.db, reply.id, huge + " and more", [])  # a new connection writes on
        assert svc.topics.message(reply.id).content == huge + " and more"
    finally:
        svc.close()
