"""The badge's rows read a counted row without its text (count52, issue 29): a topic
with a stored 16 MB reply held all of it in Python each time the badge read the topic
again, although its count was cached (REF-26). Counts and what is sent stay the same."""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator

import pytest

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.storage.topic_repository import load_rows, store_counts
from chathub_desktop.tokens.counter import TokenCounter
from tests.integration.store_migrations import store_url_fixture

store_url = store_url_fixture("badge_rows.sqlite3")
COUNTER = TokenCounter.for_model("gpt-4o")


@pytest.fixture
def svc(store_url: str) -> Iterator[Services]:
    s = open_services(store_url)
    yield s
    s.close()


def test_a_counted_row_is_read_without_its_text_with_the_same_counts(svc: Services) -> None:
    svc.assistants.create("Helper")
    tid = svc.topics.create("Helper", "Long").id
    text = "é" + "word " * 600_000  # 3,000,001 characters, not ASCII
    svc.topics.append_message(tid, Role.USER, "write a lot")
    svc.topics.append_message(tid, Role.ASSISTANT, text)
    svc.topics.append_message(tid, Role.ASSISTANT, "", status=MessageStatus.CANCELLED)  # empty: never sent
    svc.topics.append_message(tid, Role.TOOL, "result", tool_call_id="c1", tool_name="t")
    with svc.db.read() as s:
        first, stale = load_rows(s, tid, COUNTER.count, COUNTER.encoding_name, texts=False)
    assert len(stale) == 4  # counted from the stored texts
    with svc.db.write() as s:
        store_counts(s, stale)

    counted: list[str] = []

    def count(t: str) -> int:
        counted.append(t)
        return COUNTER.count(t)

    with svc.db.read() as s:
        tracemalloc.start()
        try:
            again, stale = load_rows(s, tid, count, COUNTER.encoding_name, texts=False)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert stale == [] and counted == []
    assert [(h.id, h.tokens, h.sendable, h.message.content) for h in again.history] == \
        [(h.id, h.tokens, h.sendable, h.message.content) for h in first.history]
    assert [h.sendable for h in again.history] == [True, True, False, True]
    assert again.history[3].message.content == "result"  # a tool result keeps its text
    assert peak < len(text)  # the 3,000,001 characters were not read into Python
