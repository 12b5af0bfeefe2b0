"""A model per topic (issue 14), against the fake vendor over real HTTP, on SQLite; the
column, its change-log trigger and its export on PostgreSQL too (:data:`BOTH_ENGINES`;
the plan, badge and send only read the store, issue 28).

- A topic's own model beats the assistant's for the plan, the badge and the send: the
  posted body names it, the reply records it, and the badge counts exactly the posted
  messages with that model's encoding and card (context window, REF-30 budget).
- Clearing the choice returns to the assistant's model; a deleted provider falls back
  to it too; other topics of the assistant are untouched.
- Compaction's watermarks use the topic model's window: the same topic trips for an
  8k model and not for a 128k one (CMP-7).
- An anchor is not trusted across a model change (TOK-3, TOK-4, REF-28).
- The choice survives export/import, is shown and set by the CLI, and an update by
  another process is in the change log (live refresh).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from sqlalchemy import insert, text

from chathub_desktop.cli import main
from chathub_desktop.core.budget import input_budget
from chathub_desktop.core.messages import ChatMessage, Role, Usage
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.request_assembly import message_tokens
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.errors import InvalidInput, NotFound
from chathub_desktop.services.events import TopicChanged
from chathub_desktop.services.topics.topic_model import PROVIDER_GONE, ModelPick
from chathub_desktop.services.watch.store_watch import events_for
from chathub_desktop.storage import change_log
from chathub_desktop.storage.models import Message, Topic
from chathub_desktop.tokens.counter import TokenCounter
from tests.fakes.vendor_server import FakeVendor, Reply

#: The assistant's model: an 8k window, cl100k encoding (bundled catalog).
SMALL = "gpt-4"
#: The topic's model: a 128k window, o200k encoding.
LARGE = "gpt-4o"


#: Runs a test on SQLite and PostgreSQL (the ``svc`` fixture's engine; SQLite without it).
BOTH_ENGINES = pytest.mark.parametrize("svc", ["sqlite", "postgresql"], indirect=True)


@pytest.fixture
def svc(request: pytest.FixtureRequest) -> Iterator[Services]:
    """Services over a fresh store at the newest schema: SQLite, or the engine a
    :data:`BOTH_ENGINES` test names."""
    url = (request.getfixturevalue("migrated_sqlite")("store.sqlite3") if getattr(request, "param", "sqlite") == "sqlite"
           else str(request.getfixturevalue("migrated_postgres_url")))
    services = open_services(url)
    yield services
    services.close()


def _setup(svc: Services, vendor: FakeVendor) -> tuple[int, int]:
    """Provider F on the fake vendor, assistant A on the 8k model, two topics."""
    svc.providers.add("F", "openai", vendor.base_url, api_key="sk-x")
    svc.assistants.create("A", provider="F", model=SMALL, instructions="Be brief.")
    return svc.topics.create("A").id, svc.topics.create("A").id


def _card(svc: Services, model: str):  # type: ignore[no-untyped-def]
    return svc.catalog.card(model, ProviderKind.OPENAI)


def _posted_tokens(body: dict[str, object], model: str) -> int:
    """The posted messages counted by REF-26 with ``model``'s encoding."""
    count = TokenCounter.for_model(model).count
    msgs = body["messages"]
    assert isinstance(msgs, list)
    return sum(message_tokens(ChatMessage(Role(m["role"]), m["content"]), count) for m in msgs)


def test_topic_model_drives_plan_badge_and_send(svc: Services, fake_vendor: FakeVendor) -> None:
    topic, other = _setup(svc, fake_vendor)
    before = svc.estimates.estimate(topic)
    assert before.context_window == _card(svc, SMALL).context_window and before.encoding == "cl100k_base"

    view = svc.topic_models.set(topic, LARGE, "F")
    card = _card(svc, LARGE)
    assert view.own and view.model == LARGE and view.provider_name == "F"
    assert view.input_budget == input_budget(card.context_window, None, False, card.max_output)  # REF-30

    draft = "Which trains leave for Lyon after six? 東京から大阪までの新幹線は何時に出発しますか"
    est = svc.estimates.estimate(topic, draft)
    assert est.context_window == card.context_window and est.input_budget == view.input_budget
    assert est.encoding == "o200k_base" and est.window_known
    fake_vendor.script(Reply(text_chunks=["At 18:04."], usage=Usage(input_tokens=40, output_tokens=4)))
    out = asyncio.run(svc.chat.send(topic, draft))
    assert out.status == "complete"
    body = fake_vendor.last_request.body
    assert body is not None and body["model"] == LARGE
    # the badge counted exactly the posted messages, with the topic model's encoding
    assert est.local_total - est.parts.get("tools", 0) == _posted_tokens(body, LARGE)
    assert _posted_tokens(body, LARGE) != _posted_tokens(body, SMALL)  # the encoding matters here
    reply = svc.topics.messages(topic)[-1]
    assert reply.model == LARGE
    assert svc.topics.messages(topic)[-1].id == out.reply_message_id
    with svc.db.read() as s:
        stored = s.get(Message, out.reply_message_id)
        assert stored is not None and stored.provider_id == view.provider_id

    # the other topic of the assistant still uses the assistant's model
    fake_vendor.script(Reply(text_chunks=["ok"]))
    asyncio.run(svc.chat.send(other, "hi"))
    assert fake_vendor.last_request.body["model"] == SMALL  # type: ignore[index]
    assert svc.topic_models.show(other).own is False

    # clearing returns to the assistant's model at once
    cleared = svc.topic_models.clear(topic)
    assert not cleared.own and cleared.model == SMALL
    assert svc.estimates.estimate(topic).context_window == _card(svc, SMALL).context_window
    fake_vendor.script(Reply(text_chunks=["ok"]))
    asyncio.run(svc.chat.send(topic, "and now?"))
    assert fake_vendor.last_request.body["model"] == SMALL  # type: ignore[index]


def test_override_is_for_one_request_only(svc: Services, fake_vendor: FakeVendor) -> None:
    """The loader's and send's per-request override (a later "Regenerate with another
    model") changes that request, not the topic."""
    topic, _other = _setup(svc, fake_vendor)
    ctx = svc.loader.load(topic, override=ModelPick(None, LARGE))
    assert ctx.model == LARGE and ctx.context_window == _card(svc, LARGE).context_window
    fake_vendor.script(Reply(text_chunks=["ok"]))
    asyncio.run(svc.chat.send(topic, "hi", override=ModelPick(None, LARGE)))
    assert fake_vendor.last_request.body["model"] == LARGE  # type: ignore[index]
    assert svc.topics.messages(topic)[-1].model == LARGE
    assert svc.topic_models.show(topic).model == SMALL
    with pytest.raises(NotFound):
        svc.loader.load(topic, override=ModelPick(999, LARGE))


@BOTH_ENGINES
def test_deleted_provider_falls_back_to_the_assistant(svc: Services, fake_vendor: FakeVendor) -> None:
    topic, _other = _setup(svc, fake_vendor)
    svc.providers.add("G", "openai", fake_vendor.base_url, api_key="sk-g")
    svc.topic_models.set(topic, "gpt-4o-mini", "G")
    fake_vendor.script(Reply(text_chunks=["from G"]))
    asyncio.run(svc.chat.send(topic, "hi"))
    assert fake_vendor.last_request.body["model"] == "gpt-4o-mini"  # type: ignore[index]

    svc.providers.delete("G")
    view = svc.topic_models.show(topic)
    assert not view.own and view.model == SMALL and view.provider_name == "F"
    fake_vendor.script(Reply(text_chunks=["from F"]))
    out = asyncio.run(svc.chat.send(topic, "still there?"))
    assert out.status == "complete" and fake_vendor.last_request.body["model"] == SMALL  # type: ignore[index]
    # a provider added later (maybe with the same id) never inherits the old choice
    svc.providers.add("H", "openai", fake_vendor.base_url, api_key="sk-h")
    assert svc.topic_models.show(topic).model == SMALL


@BOTH_ENGINES
def test_a_dangling_provider_id_falls_back_with_a_note(svc: Services, fake_vendor: FakeVendor) -> None:
    """A topic pointing at a provider that no longer exists (another version deleted it)
    uses the assistant's model and says why."""
    topic, _other = _setup(svc, fake_vendor)
    with svc.db.write() as s:
        row = s.get(Topic, topic)
        assert row is not None
        row.model, row.model_provider_id = LARGE, 4242
    view = svc.topic_models.show(topic)
    assert not view.own and view.model == SMALL and view.note == PROVIDER_GONE
    assert svc.loader.load(topic).model == SMALL


def test_bad_choices_are_refused(svc: Services, fake_vendor: FakeVendor) -> None:
    topic, _other = _setup(svc, fake_vendor)
    for bad in ("", "   ", "x" * 201, "a\x00b"):
        with pytest.raises(InvalidInput):
            svc.topic_models.set(topic, bad)
    with pytest.raises(NotFound):
        svc.topic_models.set(topic, LARGE, "Nope")
    with pytest.raises(NotFound):
        svc.topic_models.set(987654, LARGE)
    assert svc.topic_models.show(topic).own is False


def _fill(svc: Services, topic: int, turns: int) -> None:
    now = datetime.now(UTC)
    words = " ".join(f"timetable{i} platform delay" for i in range(40))
    with svc.db.write() as s:
        s.execute(insert(Message), [
            {"topic_id": topic, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
             "content": f"turn {i}: {words}", "created_at": now, "status": "complete"}
            for i in range(turns * 2)
        ])


def test_compaction_uses_the_topic_models_window(svc: Services, fake_vendor: FakeVendor) -> None:
    """CMP-7: token auto-compact trips at high × the budget of the topic's model."""
    topic, _other = _setup(svc, fake_vendor)
    _fill(svc, topic, 30)
    svc.topic_models.set(topic, LARGE, "F")
    large = svc.estimates.estimate(topic)
    high_large = large.high_watermark * large.input_budget
    small_budget = input_budget(_card(svc, SMALL).context_window, None, False, _card(svc, SMALL).max_output)
    assert large.total < high_large and large.total > large.high_watermark * small_budget  # the case is sound
    assert asyncio.run(svc.compaction.after_reply(topic)) is None

    svc.topic_models.clear(topic)  # the assistant's 8k model
    small = svc.estimates.estimate(topic)
    assert small.input_budget == small_budget and small.total >= small.high_watermark * small.input_budget
    out = asyncio.run(svc.compaction.after_reply(topic))
    assert out is not None and out.trigger == "token_threshold" and out.input_budget == small_budget


def test_an_anchor_is_not_trusted_across_a_model_change(svc: Services, fake_vendor: FakeVendor) -> None:
    """TOK-3/REF-28: a report of this process's request anchors the badge; after the
    topic switches to another model (same encoding, same prefix) it is recounted; back
    on the reporting model it anchors again."""
    topic, _other = _setup(svc, fake_vendor)
    svc.topic_models.set(topic, LARGE, "F")
    fake_vendor.script(Reply(text_chunks=["ok"], usage=Usage(input_tokens=5000, output_tokens=1)))
    asyncio.run(svc.chat.send(topic, "hello"))
    anchored = svc.estimates.estimate(topic)
    assert anchored.anchor.mode == "anchored" and anchored.total > 5000

    svc.topic_models.set(topic, "gpt-4o-mini", "F")  # o200k too: only the model differs
    switched = svc.estimates.estimate(topic)
    assert switched.encoding == anchored.encoding
    assert switched.anchor.mode == "recounted" and "model changed" in switched.anchor.reason
    assert switched.total == switched.local_total < 5000

    svc.topic_models.set(topic, LARGE, "F")
    assert svc.estimates.estimate(topic).anchor.mode == "anchored"


@BOTH_ENGINES
def test_export_import_keeps_the_topic_model(svc: Services, fake_vendor: FakeVendor) -> None:
    topic, _other = _setup(svc, fake_vendor)
    svc.topic_models.set(topic, LARGE, "F")
    doc = svc.topic_files.export_json(topic)
    assert doc["topic"]["model"] == LARGE and doc["topic"]["model_provider"] == "F"
    svc.assistants.create("B", provider="F", model=SMALL)
    copy = svc.topic_files.import_json(json.dumps(doc).encode(), "B")
    view = svc.topic_models.show(copy.id)
    assert view.own and view.model == LARGE and view.provider_name == "F"
    again = svc.topic_files.export_json(copy.id)
    assert again["topic"] | {"id": 0} == doc["topic"] | {"id": 0}


@BOTH_ENGINES
def test_model_and_flag_updates_are_in_the_change_log(svc: Services, fake_vendor: FakeVendor) -> None:
    """Live refresh: another window hears a topic's model, pin, archive and privacy
    changes as ``TopicChanged`` of that topic."""
    topic, _other = _setup(svc, fake_vendor)
    writes = (lambda: svc.topic_models.set(topic, LARGE, "F"), lambda: svc.topic_models.clear(topic),
              lambda: svc.topics.set_pinned(topic, True), lambda: svc.topics.set_archived(topic, True),
              lambda: svc.topics.set_private(topic, True))
    for write in writes:
        with svc.db.engine.connect() as conn:
            seq = conn.execute(text(change_log.latest_seq_sql())).scalar() or 0
        write()
        with svc.db.engine.connect() as conn:
            rows = conn.execute(text(f"SELECT seq, kind, scope_id, row_id, op FROM {change_log.TABLE} "
                                     "WHERE seq > :s ORDER BY seq"), {"s": seq}).all()
        changes = [change_log.Change(*r) for r in rows]
        assert TopicChanged(topic) in events_for(changes), changes


def test_cli_sets_shows_and_clears(capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_KEY", "sk-cli")

    def run(*argv: str) -> tuple[int, str]:
        code = main(list(argv))
        out, _err = capsys.readouterr()
        return code, out

    assert run("provider", "add", "Fake", "--kind", "openai", "--base-url", fake_vendor.base_url,
               "--api-key-env", "FAKE_KEY")[0] == 0
    assert run("assistant", "create", "Helper", "--provider", "Fake", "--model", SMALL)[0] == 0
    code, out = run("topic", "create", "--assistant", "Helper", "--json")
    topic = str(json.loads(out)["id"])
    code, out = run("topic", "model", topic, LARGE, "--provider", "Fake", "--json")
    assert code == 0 and json.loads(out)["model"] == LARGE and json.loads(out)["own"] is True
    code, out = run("topic", "model", topic)
    assert code == 0 and LARGE in out and "128,000-token context window" in out
    code, out = run("topic", "show", topic, "--json")
    assert json.loads(out)["model"]["model"] == LARGE
    fake_vendor.script(Reply(text_chunks=["ok"]))
    assert run("chat", "send", "--topic", topic, "hi")[0] == 0
    assert fake_vendor.last_request.body["model"] == LARGE  # type: ignore[index]
    code, out = run("topic", "model", topic, "--clear")
    assert code == 0 and "(assistant default)" in out and SMALL in out
    code, out = run("topic", "model", topic, "--clear", "--provider", "Fake")
    assert code != 0


def test_update_triggers_name_only_the_columns_a_table_has() -> None:
    """Migration 0005 creates the topic triggers before 0011 adds ``model``: a trigger
    names only the listed columns that exist (PostgreSQL refuses unknown ones)."""
    old = change_log.trigger_statements("postgresql", ["topic"], {"topic": {"id", "title", "kind"}})
    update = next(sql for sql in old if sql.startswith("CREATE TRIGGER chg_topic_u"))
    assert "UPDATE OF title, kind ON topic" in update
    now = next(sql for sql in change_log.trigger_statements("sqlite", ["topic"])
               if sql.startswith("CREATE TRIGGER chg_topic_u"))
    assert all(c in now for c in ("model", "model_provider_id", "pinned", "archived", "private"))
