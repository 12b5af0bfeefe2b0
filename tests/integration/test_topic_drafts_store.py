"""A topic's unsent draft in the store (walk45 #1, migration 0029, SQLite and PostgreSQL):
kept with its long pastes, emptied away, gone with its topic, never in the JSON export;
a topic holding one is not an unused topic; 0029 goes down and up."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import open_services
from chathub_desktop.services.topics import topic_service
from tests.integration.store_migrations import migrate, schema_names, store_url_fixture

store_url = store_url_fixture("drafts.sqlite3")


def test_drafts_are_kept_emptied_and_go_with_their_topic(store_url: str) -> None:
    svc = open_services(store_url)
    try:
        helper = svc.assistants.create("Helper").id
        other = svc.assistants.create("Other").id
        a, b = svc.topics.create(helper).id, svc.topics.create(helper).id
        elsewhere = svc.topics.create(other).id
        long_paste = "x" * 30_000
        assert svc.topics.save_drafts([(a, "half a question", (long_paste,)), (b, "nul\x00here", ()),
                                       (elsewhere, "not Helper's", ())]) == [a, b, elsewhere]
        assert svc.topics.drafts(helper) == [(a, "half a question", (long_paste,)), (b, "nul\ufffdhere", ())]
        assert "half a question" not in str(svc.topic_files.export_json(a))  # exports carry no draft
        assert svc.topics.discard_if_empty(a) is False  # a draft keeps an unused topic
        svc.topics.save_drafts([(b, "", ())])  # emptied: no row
        assert svc.topics.drafts(helper) == [(a, "half a question", (long_paste,))]
        svc.topics.delete(a)  # the draft goes with its topic
        assert svc.topics.drafts(helper) == []
        assert svc.topics.save_drafts([(a, "late write for a gone topic", ())]) == []
    finally:
        svc.close()
    migrate(store_url, "0028", down=True)
    assert "topic_draft" not in schema_names(store_url)
    migrate(store_url, "head", down=False)
    svc = open_services(store_url)
    try:
        assert svc.topics.drafts(other) == []  # the table is back, empty
        svc.topics.save_drafts([(elsewhere, "again", ())])
        assert svc.topics.drafts(other) == [(elsewhere, "again", ())]
    finally:
        svc.close()


def test_an_emptied_draft_is_dropped_with_the_unused_topic_in_one_transaction(
        migrated_sqlite: Callable[[str], str]) -> None:
    svc = open_services(migrated_sqlite("emptied.sqlite3"))
    try:
        helper = svc.assistants.create("Helper").id
        unused, used = svc.topics.create(helper).id, svc.topics.create(helper).id
        svc.topics.append_message(used, Role.USER, "hello")
        svc.topics.save_drafts([(unused, "gone soon", ()), (used, "second thought", ())])
        assert svc.topics.discard_if_empty(unused) is False
        assert svc.topics.discard_if_empty(unused, draft_emptied=True) is True  # the window emptied it
        assert svc.topics.discard_if_empty(used, draft_emptied=True) is False  # a message keeps it
        assert svc.topics.drafts(helper) == []  # its emptied draft is gone all the same
        assert [t.id for t in svc.topics.list(helper)] == [used]
    finally:
        svc.close()


def test_a_draft_over_the_bound_is_not_kept(migrated_sqlite: Callable[[str], str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(topic_service, "MAX_DRAFT_CHARS", 10)
    svc = open_services(migrated_sqlite("bound.sqlite3"))
    try:
        helper = svc.assistants.create("Helper").id
        t = svc.topics.create(helper).id
        assert svc.topics.save_drafts([(t, "short", ("paste",))]) == [t]  # 10 characters in all
        assert svc.topics.save_drafts([(t, "longer", ("paste",))]) == []  # 11: the stored one stays
        assert svc.topics.drafts(helper) == [(t, "short", ("paste",))]
    finally:
        svc.close()
