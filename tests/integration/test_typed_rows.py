"""Issue 31: a message leaves the store with its role and status as the core enums
(``Role``, ``MessageStatus``), all the way to the views the window and the CLI read and
to search hits; the stored and printed words are unchanged (no migration)."""

from __future__ import annotations

import json

from chathub_desktop.core.messages import MessageStatus, Role


def test_messages_reach_the_views_as_role_and_status_enums_with_their_stored_words(services) -> None:  # type: ignore[no-untyped-def]
    services.assistants.create("A")
    topic = services.topics.create("A", "Typed").id
    services.topics.append_message(topic, Role.USER, "where is the lighthouse")
    services.topics.append_message(topic, Role.ASSISTANT, "half written", status=MessageStatus.INTERRUPTED)
    services.topics.append_message(topic, Role.TOOL, "{}", tool_name="readMemory", tool_call_id="c1")

    rows = services.topics.messages(topic)
    assert [(m.role, m.status) for m in rows] == [
        (Role.USER, MessageStatus.COMPLETE), (Role.ASSISTANT, MessageStatus.INTERRUPTED),
        (Role.TOOL, MessageStatus.COMPLETE)]
    assert all(type(m.role) is Role and type(m.status) is MessageStatus for m in rows)
    assert type(services.topics.message(rows[1].id).status) is MessageStatus
    # what `topic show --json` prints keeps the stored words
    printed = json.loads(json.dumps(rows[1].to_json()))
    assert (printed["role"], printed["status"]) == ("assistant", "interrupted")


def test_search_hits_carry_the_speakers_role(services) -> None:  # type: ignore[no-untyped-def]
    services.assistants.create("A")
    topic = services.topics.create("A", "Search").id
    services.topics.append_message(topic, Role.USER, "the lighthouse keeper")
    services.topics.append_message(topic, Role.ASSISTANT, "a lighthouse on the cape")
    while services.search.catch_up() > 0:
        pass
    hits = services.search.search("lighthouse").hits
    assert sorted(h.role for h in hits) == [Role.ASSISTANT, Role.USER]
    assert all(type(h.role) is Role for h in hits)
    assert {h.to_json()["role"] for h in hits} == {"user", "assistant"}
