"""The warm topic history behind send, the badge and compaction (issues 9 and 29)."""

from __future__ import annotations

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.services.container import Services
from chathub_desktop.storage.topic_repository import update_reply
from chathub_desktop.tokens.counter import TokenCounter


def test_a_reply_streaming_when_read_is_read_again_once_another_process_finished_it(services: Services) -> None:
    """A row still streaming when the topic was read is read again at the next read, even
    when no event of this process says it changed (another process finished it): the
    badge and the next send count its final text (TOK-1), without reading the topic
    whole again."""
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Topic")
    services.topics.append_message(t.id, Role.USER, "hello")
    reply = services.topics.append_message(t.id, Role.ASSISTANT, "par", status=MessageStatus.STREAMING)
    cache = services.loader.history_cache
    assert cache is not None
    counter = TokenCounter.for_model("")
    with services.db.read() as s:
        first, _stale = cache.history(s, t.id, counter)
    assert [h.sendable for h in first] == [True, False]  # a reply still streaming is not sent
    with services.db.write() as s:  # as another process writes it: no event on this bus
        update_reply(s, reply.id, {"content": "partial, then final", "status": MessageStatus.COMPLETE.value})
    with services.db.read() as s:
        again, _stale = cache.history(s, t.id, counter)
    assert [h.message.content for h in again] == ["hello", "partial, then final"]
    assert [h.sendable for h in again] == [True, True]
    assert again[1].tokens == counter.count("assistant:\npartial, then final") + 3  # REF-26: 3 framing tokens
    assert cache.full_loads == 1
    with services.db.read() as s:  # nothing streams any more: the same rows, nothing read
        assert cache.history(s, t.id, counter)[0] is again
