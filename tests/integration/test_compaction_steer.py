"""Compaction the user can steer (issue 19): Compact now with focus instructions, and a
summary the user edits — marked as edited, kept as the base the next compaction merges
into, never silently overwritten by a run that started before the edit.

Real SQLite, real HTTP to two fake vendors (the chat model and the History Compress model).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest

from chathub_desktop.core.compaction_prompt import EDITED_RULE
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput, StaleDocument
from tests.fakes.vendor_server import FakeVendor, Reply


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    with FakeVendor() as vendor:
        yield vendor


@pytest.fixture(autouse=True)
def small_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "4000")


#: Enough words that a summary can shrink the request (walk37 #12: shorter turns stop
#: before the summarizer with "nothing to gain").
FILLER = " lorem" * 200


def _topic(svc: Services, chat: FakeVendor, summ: FakeVendor, turns: int = 3) -> int:
    svc.providers.add("Chat", "openai_compatible", chat.base_url, api_key="sk-chat")
    svc.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
    svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
    svc.assistants.create("Helper", provider="Chat", model="local-llm")
    topic = svc.topics.create("Helper").id
    _turns(svc, topic, 1, turns)
    return topic


def _turns(svc: Services, topic: int, first: int, last: int) -> None:
    for k in range(first, last + 1):
        svc.chat.append_row(topic, role=Role.USER, content=f"u{k} question about schema table_{k}" + FILLER)
        svc.chat.append_row(topic, role=Role.ASSISTANT, content=f"a{k} answer with /srv/app/file_{k}.sql" + FILLER)
    svc.chat.append_row(topic, role=Role.USER, content="latest")


def _system(vendor: FakeVendor) -> str:
    body = vendor.requests[-1].body
    assert isinstance(body, dict)
    return str(body["messages"][0]["content"])  # type: ignore[index]


def _user(vendor: FakeVendor) -> str:
    body = vendor.requests[-1].body
    assert isinstance(body, dict)
    return str(body["messages"][1]["content"])  # type: ignore[index]


def test_compact_now_passes_the_focus_to_the_summarizer(services: Services, fake_vendor: FakeVendor,
                                                       summ: FakeVendor) -> None:
    topic = _topic(services, fake_vendor, summ)
    summ.script(Reply(text_chunks=["<summary>Schema tables 1-3; files /srv/app/file_1..3.sql.</summary>"]))
    assert services.compaction is not None
    out = asyncio.run(services.compaction.compact(topic, focus="keep the SQL schema\nand every file path"))
    assert out.status == "compacted"
    assert "- The user asks this summary to keep in particular: keep the SQL schema and every file path" \
        in _system(summ)
    assert EDITED_RULE not in _system(summ)
    summ.script(Reply(text_chunks=["<summary>more</summary>"]))
    _turns(services, topic, 4, 5)
    asyncio.run(services.compaction.compact(topic))
    assert "keep in particular" not in _system(summ)  # a focus is for that run only


def test_an_edited_summary_is_marked_and_merged_into_not_replaced(services: Services, fake_vendor: FakeVendor,
                                                                 summ: FakeVendor) -> None:
    topic = _topic(services, fake_vendor, summ)
    assert services.compaction is not None
    summ.script(Reply(text_chunks=["<summary>Model summary of turns 1-3.</summary>"]))
    first = asyncio.run(services.compaction.compact(topic))
    cursor = first.cursor_message_id
    view = services.compaction.edit_summary(topic, "My own summary: table_2 is the key table.",
                                            expected="Model summary of turns 1-3.")
    assert view.edited and view.text == "My own summary: table_2 is the key table."
    assert view.cursor_message_id == cursor  # the cursor is kept
    est = services.estimates.estimate(topic, "next")
    assert est.parts["summary"] > 0
    _turns(services, topic, 4, 5)
    summ.script(Reply(text_chunks=["<summary>My own summary: table_2 is the key table. Turns 4-5 added.</summary>"]))
    asyncio.run(services.compaction.compact(topic))
    assert "Current summary:\nMy own summary: table_2 is the key table." in _user(summ)  # the base of the merge
    assert EDITED_RULE in _system(summ)
    after = services.compaction.summary(topic)
    assert after.edited and after.text.endswith("Turns 4-5 added.")
    assert after.to_json()["edited"] is True


def test_an_edit_over_a_newer_summary_is_refused(services: Services, fake_vendor: FakeVendor,
                                                 summ: FakeVendor) -> None:
    topic = _topic(services, fake_vendor, summ)
    assert services.compaction is not None
    summ.script(Reply(text_chunks=["<summary>Newer summary.</summary>"]))
    asyncio.run(services.compaction.compact(topic))
    with pytest.raises(StaleDocument):
        services.compaction.edit_summary(topic, "mine", expected="")  # the editor showed no summary
    assert services.compaction.summary(topic).text == "Newer summary." and not services.compaction.summary(topic).edited


def test_a_run_that_began_before_the_edit_does_not_overwrite_it(services: Services, fake_vendor: FakeVendor,
                                                                summ: FakeVendor) -> None:
    topic = _topic(services, fake_vendor, summ)
    assert services.compaction is not None
    # the answer waits 2 s before its status line: the edit lands while it is pending (a
    # 2 s wait before each of its events made the test wait 10 s for nothing, issue 28)
    summ.script(Reply(text_chunks=["<summary>From the model</summary>"], delay_s=2.0))
    asked = len(summ.requests)

    async def scenario() -> str:
        assert services.compaction is not None
        run = asyncio.create_task(services.compaction.compact(topic))
        while len(summ.requests) == asked:  # the summarizer has the request (no wall-clock guess:
            await asyncio.sleep(0.01)       # a fixed 0.15 s was too short on a loaded CI machine)
        await services.db.run(services.compaction.edit_summary, topic, "The user's summary")
        out = await run
        return out.status

    assert asyncio.run(scenario()) == "failed"
    view = services.compaction.summary(topic)
    assert view.text == "The user's summary" and view.edited


def test_cli_focus_and_set_summary(services: Services, fake_vendor: FakeVendor, summ: FakeVendor,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    from chathub_desktop.cli import main

    topic = _topic(services, fake_vendor, summ)
    url = services.database_url
    summ.script(Reply(text_chunks=["<summary>s</summary>"]))
    assert main(["topic", "compact", str(topic), "--focus", "every file path", "--database-url", url]) == 0
    assert "keep in particular: every file path" in _system(summ)
    capsys.readouterr()
    assert main(["topic", "summary", str(topic), "--set", "Edited by hand", "--json", "--database-url", url]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["text"] == "Edited by hand" and shown["edited"] is True
    assert main(["topic", "summary", str(topic), "--database-url", url]) == 0
    assert "edited by you" in capsys.readouterr().out


def test_only_regular_topics_have_a_summary_to_edit(services: Services) -> None:
    services.assistants.create("Helper")
    topic = services.topics.create("Helper").id
    with services.db.write() as s:
        from chathub_desktop.storage.models import Topic

        row = s.get(Topic, topic)
        assert row is not None
        row.kind = "group"
    assert services.compaction is not None
    with pytest.raises(InvalidInput):
        services.compaction.edit_summary(topic, "x")
