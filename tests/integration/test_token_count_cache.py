"""Token counts cached on message rows (REF-26): a row deleted between counting and
caching (another window or process, issue 29's live-refresh race) is skipped, not an
error that fails the estimate."""

from __future__ import annotations

from sqlalchemy import select

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import Message
from chathub_desktop.storage.topic_repository import store_counts


def test_counts_of_a_deleted_row_are_skipped_and_the_others_kept(services: Services) -> None:
    a = services.assistants.create("Counts")
    t = services.topics.create(a.id)
    kept = services.topics.append_message(t.id, Role.USER, "still here")
    gone = services.topics.append_message(t.id, Role.USER, "deleted meanwhile")
    with services.db.write() as w:
        w.delete(w.get(Message, gone.id))
    with services.db.write() as w:
        store_counts(w, [{"id": kept.id, "token_count": 3, "token_encoding": "o200k_base"},
                         {"id": gone.id, "token_count": 4, "token_encoding": "o200k_base"}])
    with services.db.read() as r:
        rows = r.execute(select(Message.id, Message.token_count, Message.token_encoding)
                         .where(Message.topic_id == t.id)).all()
    assert [tuple(x) for x in rows] == [(kept.id, 3, "o200k_base")]
