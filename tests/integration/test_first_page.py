"""The first page read without SQLAlchemy (issue 29: the last topic's rows within 0.5 s)
means what ``TopicService.messages`` means: the same assistant, topic and views."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.core.reasons import Reason, reason_data
from chathub_desktop.services.container import Store, open_store
from chathub_desktop.services.topics.first_page import first_page
from chathub_desktop.storage.first_page import STAGED_PREFIX, STORE_FILE, read_first_page
from chathub_desktop.storage.message_branches import stash_tail
from chathub_desktop.storage.topic_rows import update_topic

PICTURE = {"sha256": "a" * 64, "kind": "image", "name": "cat.png", "mime": "image/png", "bytes": 120,
           "width": 4, "height": 3}


@pytest.fixture
def store(tmp_path: Path, migrated_sqlite: Callable[[str], str]) -> Iterator[Store]:
    """A migrated store at the data dir's default file name."""
    opened = open_store(migrated_sqlite(STORE_FILE), tmp_path)
    yield opened
    opened.db.dispose()


def _fill(store: Store) -> int:
    """Two assistants; the first by name has an archived, a staged, a pinned and a newer
    topic; the pinned one holds every kind of row. Returns the pinned topic's id."""
    first = store.assistants.create("Alpha", avatar="🦊")
    other = store.assistants.create("Zeta")
    topics = store.topics
    pinned = topics.create(first.id, "pinned").id
    newer = topics.create(first.id, "newer").id
    archived = topics.create(first.id, "archived").id
    staged = topics.create(first.id, "staged").id
    topics.create(other.id, "other's")
    for tid in (newer, archived, staged):
        topics.append_message(tid, Role.USER, "not this one")
    topics.set_pinned(pinned, True)
    topics.set_archived(archived, True)
    with store.db.write() as s:
        update_topic(s, staged, {"source": f"{STAGED_PREFIX}run-1", "updated_at": utcnow() + timedelta(days=1)})
    topics.append_message(pinned, Role.USER, "look", attachments=[PICTURE])
    topics.append_message(pinned, Role.ASSISTANT, "", tool_calls=[{"id": "c1", "name": "f", "arguments": "{}"}],
                          model="m", input_tokens=10, output_tokens=2, receipt={"summary": 1, "ids": [1, 2]})
    topics.append_message(pinned, Role.TOOL, '{"ok": true}', tool_call_id="c1", tool_name="f", tool_elapsed_ms=420)
    topics.append_message(pinned, Role.ASSISTANT, "cut", status=MessageStatus.ERROR, error="boom", error_kind="http",
                          error_reason=reason_data(Reason("the %1 failed", ("call",))))
    topics.append_message(pinned, Role.ASSISTANT, "first version", status=MessageStatus.INTERRUPTED)
    with store.db.write() as s:  # the reply above becomes a stashed version; the one below is in view
        stash_tail(s, pinned, 5)
    topics.append_message(pinned, Role.ASSISTANT, "second version", finish_reason="stop")
    pin = topics.append_message(pinned, Role.USER, "keep me")
    topics.set_message_pinned(pin.id, True)
    for n in range(6):
        topics.append_message(pinned, Role.USER, f"line {n}")
    return pinned


def test_first_page_equals_the_services_page(store: Store, tmp_path: Path) -> None:
    """issue 29: the page read with sqlite3 alone is the first assistant's first listed
    topic (pinned first; never archived or staged) with the views TopicService gives,
    statuses, the version in view, tool rows, receipts and attachments markers included."""
    pinned = _fill(store)
    page = first_page(None, tmp_path, 8)
    assert page is not None
    alpha = store.assistants.get("Alpha")
    assert (page.assistant_id, page.assistant_name, page.assistant_avatar, page.topic_id) == (
        alpha.id, alpha.name, alpha.avatar, pinned)
    total = store.topics.message_count(pinned)
    assert (page.total, page.first_offset) == (total, total - 8)
    assert page.views == tuple(store.topics.messages(pinned, offset=total - 8, limit=8))
    whole = first_page(None, tmp_path, 100)
    assert whole is not None and whole.first_offset == 0
    assert whole.views == tuple(store.topics.messages(pinned))
    assert [v.content for v in whole.views if v.role is Role.ASSISTANT and v.content] == ["cut", "second version"]
    assert whole.views[0].attachments == (PICTURE,)
    assert whole.views[3].error_why is not None and whole.views[3].status is MessageStatus.ERROR
    # walk45 #4: the topic list's first rows come with the page, as the store lists them
    assert page.topics == tuple(store.topics.list(alpha.id))


def test_no_first_page_without_a_default_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 29: another store (a URL) waits for its own read; a missing or foreign file
    reads nothing and writes nothing."""
    assert first_page("postgresql+psycopg://u@h/db", tmp_path, 40) is None
    monkeypatch.setenv("CHATHUB_DATABASE_URL", "postgresql+psycopg://u@h/db")
    assert first_page(None, tmp_path, 40) is None
    assert read_first_page(tmp_path / STORE_FILE, 40) is None
    assert not (tmp_path / STORE_FILE).exists()
    (tmp_path / STORE_FILE).write_bytes(b"not a database")
    assert read_first_page(tmp_path / STORE_FILE, 40) is None


def test_an_empty_store_has_an_assistant_without_topics(store: Store, tmp_path: Path) -> None:
    """issue 29: no assistant, no page; an assistant with no topic, no rows."""
    assert first_page(None, tmp_path, 40) is None
    a = store.assistants.create("Only")
    page = first_page(None, tmp_path, 40)
    assert page is not None and (page.assistant_id, page.topic_id, page.views) == (a.id, None, ())


def test_the_first_page_imports_no_sqlalchemy() -> None:
    """issue 29: the read the rows wait for loads neither SQLAlchemy nor the ORM models."""
    code = ("import sys, chathub_desktop.services.topics.first_page; "
            "print(sorted(m for m in sys.modules if m.startswith('sqlalchemy') or m.endswith('.models')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
