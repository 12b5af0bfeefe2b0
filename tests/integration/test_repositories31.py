"""Issue 31: services get assistants, topics and providers from the storage
repositories as plain frozen records, never ORM rows: a record cannot write the store
behind the service's back, and it still reads after its session closed.

On SQLite and PostgreSQL (the repositories' queries run on both)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.topics.topic_model import topic_resolution
from chathub_desktop.services.topics.topic_service import TopicService


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def svc(request: pytest.FixtureRequest) -> Iterator[Services]:
    url = (request.getfixturevalue("migrated_sqlite")("store.sqlite3") if request.param == "sqlite"
           else str(request.getfixturevalue("migrated_postgres_url")))
    services = open_services(url)
    yield services
    services.close()


def test_lookups_hand_out_frozen_records_that_outlive_their_session(svc: Services) -> None:
    """``row()`` and the model resolution return records: changing one is refused (only
    the services write), and it reads after its transaction ended."""
    svc.providers.add("F", "openai", "http://127.0.0.1:9/v1", api_key="sk-x")
    svc.assistants.create("A", provider="F", model="gpt-4o-mini")
    tid = svc.topics.create("A", "Plans").id
    svc.topics.set_pinned(tid, True)
    with svc.db.read() as s:
        a = AssistantService.row(s, "A")
        t = TopicService.row(s, tid)
        _t, _a, resolved = topic_resolution(s, svc.catalog, tid)
    assert (a.name, a.provider_name, a.model) == ("A", "F", "gpt-4o-mini")
    assert (t.title, t.assistant_id, t.pinned, t.kind) == ("Plans", a.id, True, "regular")
    assert resolved.provider is not None and (resolved.provider.name, resolved.model) == ("F", "gpt-4o-mini")
    for record, field in ((a, "memory_enabled"), (t, "title"), (resolved.provider, "base_url")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(record, field, "changed")


def test_writes_through_the_repositories_show_in_the_next_read(svc: Services) -> None:
    """Assistant settings, a topic's flags and its own model go through the repositories'
    writes; the unknown setting is still refused by name (APP-9)."""
    svc.providers.add("F", "openai", "http://127.0.0.1:9/v1", api_key="sk-x")
    svc.assistants.create("A")
    tid = svc.topics.create("A").id
    view = svc.assistants.update("A", provider="F", history_limit=7, name="B")
    assert (view.name, view.provider_name, view.history_limit) == ("B", "F", 7)
    with pytest.raises(Exception, match="unknown assistant setting 'colour'"):
        svc.assistants.update("B", colour="red")
    svc.topics.rename(tid, "  Trip\nplans ")
    svc.topics.set_archived(tid, True)
    svc.topic_models.set(tid, "gpt-4o", "F")
    with svc.db.read() as s:
        t = TopicService.row(s, tid)
        assert AssistantService.row(s, "B").history_limit == 7
    assert (t.title, t.title_generated, t.archived, t.model) == ("Trip plans", True, True, "gpt-4o")
    svc.assistants.delete("B")
    assert svc.topics.list(archived=True) == []


def test_messages_leave_the_store_as_frozen_records(svc: Services) -> None:
    """Issue 31: every message lookup a service makes (a page, the last reply, one row,
    an append, an export's copy) returns a ``MessageRecord`` with every column, not an
    ORM row; edit and pin still write through the repository and show in the next read."""
    from chathub_desktop.storage.message_records import MessageRecord
    from chathub_desktop.storage.topic_copies import detached_copy
    from chathub_desktop.storage.topic_repository import MESSAGE_FIELDS
    from chathub_desktop.storage.topic_rows import last_message, message_page, message_row

    svc.assistants.create("A")
    tid = svc.topics.create("A", "Plans").id
    asked = svc.topics.append_message(tid, Role.USER, "Where should we walk?").id
    svc.topics.append_message(tid, Role.ASSISTANT, "Along the river.")
    with svc.db.read() as s:
        page, last, one = message_page(s, tid, 0, None), last_message(s, tid), message_row(s, asked)
        copy = detached_copy(s, tid)
    assert copy is not None and copy[0].title == "Plans"
    records = [*page, last, one, *copy[1]]
    assert all(type(r) is MessageRecord for r in records)
    assert {f.name for f in dataclasses.fields(MessageRecord)} == MESSAGE_FIELDS
    assert [m.content for m in page] == ["Where should we walk?", "Along the river."]
    with pytest.raises(dataclasses.FrozenInstanceError):
        page[0].content = "changed"  # type: ignore[misc]
    edited = svc.messages.edit_message(asked, "Where should we walk today?")
    pinned = svc.topics.set_message_pinned(asked, True)
    assert edited.content == "Where should we walk today?" and pinned.pinned
    again = svc.topics.message(asked)
    assert (again.content, again.pinned) == ("Where should we walk today?", True)
