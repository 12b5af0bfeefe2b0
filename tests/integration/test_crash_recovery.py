"""kill -9 at seeded random points (issue 10 "Nothing lost"): a real CLI process on an
SQLite store is SIGKILLed while it imports a ChatGPT export, imports a memory file,
dreams, or compacts a topic (the last two against the fake vendor streaming slowly).

After every kill: ``PRAGMA integrity_check`` is ok; nothing partial is visible (import:
every conversation present is whole; memory import: the old or the new memory, never a
mix; dream: the old document or the one with the whole new card; compaction: the old or
the new summary and cursor); and the same command, run again, completes cleanly with the
result a run without a kill has. ``CHATHUB_CRASH_KILLS`` sets the kills per operation
(default 2 in CI; the issue's full count is 50, by hand): half at random delays, half aimed inside the
operation's write (held open before its COMMIT by ``tests.integration.cli_child``), and
each operation fails unless at least half of its kills landed inside that write, counted
from the child's marks (issue 24). Each operation runs its kills in two lanes
(two store copies, two fake vendors) side by side, one per core.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core import memory_export as mx
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import open_services
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
from tests.fakes.chat_exports import generate_export
from tests.fakes.chatgpt_exports import generate_large_export
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.crash_harness import (
    CliStore,
    Lane,
    crash_kills,
    crash_loop,
    kill_points,
    kill_window,
    rows,
    timed_full_run,
)

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]  # bounded by CHATHUB_CRASH_KILLS
LANES = 2
ENTRIES = 3_000
#: The write each operation is tested inside (the crash harness aims half the kills there).
IMPORT_TABLES = ("message",)
MEMORY_TABLES = ("fixed_memory_document",)
DREAM_TABLES = ("dynamic_memory_document",)
COMPACTION_TABLES = ("topic_compaction",)
DAY = (datetime.now(UTC) - timedelta(days=1)).date()


@pytest.fixture
def lanes_dir(tmp_path: Path) -> Iterator[Callable[[Callable[[CliStore], None], bool, dict[str, str]], list[Lane]]]:
    """Builds the lanes: ``build(store)`` fills a template store once; each lane gets a
    copy (and its own fake vendor when ``vendors``)."""
    with ExitStack() as stack:
        def make(build: Callable[[CliStore], None], vendors: bool, env: dict[str, str]) -> list[Lane]:
            base = CliStore(tmp_path / "template", env)
            build(base)
            template = base.save("template")
            out = []
            for i in range(LANES):
                vendor = stack.enter_context(FakeVendor()) if vendors else None
                out.append(Lane(CliStore(tmp_path / f"lane{i}", env), template, vendor))
            return out

        yield make


# --- a ChatGPT import ---------------------------------------------------------------------------

def test_kill_9_during_a_chatgpt_import(lanes_dir, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    export = tmp_path / "conversations.json"
    stats = generate_large_export(export, 2_000_000, seed=7, text_scale=0.3)

    def build(store: CliStore) -> None:
        svc = open_services(store.url)
        svc.assistants.create("Importer")
        svc.close()

    lanes = lanes_dir(build, False, {})
    argv = ("import", "chatgpt", str(export), "--assistant", "Importer")
    full = timed_full_run(lanes, argv, tables=IMPORT_TABLES)
    reference = _imported(lanes[0].store)
    assert len(reference) == stats.conversations

    def observe(store: CliStore) -> str:
        now = _imported(store)
        for sid, msgs in now.items():
            assert msgs == reference[sid], f"conversation {sid} is partial: {len(msgs)} of {len(reference[sid])}"
        return "old" if not now else "new" if len(now) == len(reference) else "some whole conversations"

    delays = kill_points(101, crash_kills(), *kill_window(full.seconds))
    crash_loop("chatgpt import", lanes, argv, delays, observe, tables=IMPORT_TABLES, full=full, seed=101).check()


def _imported(store: CliStore, source: str = "chatgpt") -> dict[str, list[tuple[object, ...]]]:
    """Each imported conversation's messages (seq, role, content), by its source id."""
    out: dict[str, list[tuple[object, ...]]] = {str(sid): [] for (sid,) in rows(
        store, "SELECT source_id FROM topic WHERE source = ?", source)}
    for sid, seq, role, content in rows(
            store, "SELECT t.source_id, m.seq, m.role, m.content FROM topic t JOIN message m ON m.topic_id = t.id "
                   "WHERE t.source = ? ORDER BY t.source_id, m.seq", source):
        out[str(sid)].append((seq, role, content))
    return out


@pytest.mark.parametrize("kind", ["claude", "openwebui", "librechat"])
def test_kill_9_during_an_import_of_another_apps_export(lanes_dir, tmp_path: Path, kind: str) -> None:  # type: ignore[no-untyped-def]
    """Issue 15's importers write every good conversation in one transaction: after a
    kill the store holds none of the export or all of it, each conversation whole, and
    the rerun completes it (idempotent: the same topics and messages as one whole run)."""
    export = generate_export(kind, tmp_path / f"{kind}.json", 1.0, seed=11)

    def build(store: CliStore) -> None:
        svc = open_services(store.url)
        svc.assistants.create("Importer")
        svc.close()

    lanes = lanes_dir(build, False, {})
    argv = ("import", kind, str(export), "--assistant", "Importer")
    full = timed_full_run(lanes, argv, tables=IMPORT_TABLES)
    reference = _imported(lanes[0].store, kind)
    assert len(reference) > 10

    def observe(store: CliStore) -> str:
        now = _imported(store, kind)
        assert not now or now == reference, f"{len(now)} of {len(reference)} conversations are visible"
        return "new" if now else "old"

    delays = kill_points(303, max(2, crash_kills() // 4), *kill_window(full.seconds))
    crash_loop(f"{kind} import", lanes, argv, delays, observe, tables=IMPORT_TABLES, full=full, seed=303).check()


# --- a memory import ----------------------------------------------------------------------------

def _memory(store: CliStore) -> tuple[object, ...]:
    return (rows(store, "SELECT body FROM fixed_memory_document"),
            rows(store, "SELECT body, backup_body FROM dynamic_memory_document"),
            rows(store, "SELECT text_hash, origin, trusted FROM memory_provenance ORDER BY text_hash"))


def test_kill_9_during_a_memory_import(lanes_dir, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A memory file of 5,000 fixed entries (every third untrusted) and a dynamic card
    replaces an assistant's two entries and one card."""
    source_file = tmp_path / "memory.json"
    texts = [f"imported fact number {i} about tea" for i in range(1, ENTRIES + 1)]
    provenance = tuple(mx.Provenance(fm.text_hash(t), "agent" if i % 3 == 0 else "owner", i % 3 != 0, utcnow())
                       for i, t in enumerate(texts))
    doc = "".join(f"#{i}: {t}\n" for i, t in enumerate(texts, 1))
    card = dm.render_document(dm.append_day_card([], DAY, "Imported card: prefers tables"))
    source_file.write_text(mx.to_json(mx.MemoryFile(doc, card, provenance, "Source", utcnow())), encoding="utf-8")

    def build(store: CliStore) -> None:
        svc = open_services(store.url)
        aid = svc.assistants.create("Target").id
        svc.memory.save_raw("Target", "#1: Old fact one\n#2: Old fact two\n")
        with svc.db.write() as s:
            s.merge(DynamicMemoryDocument(assistant_id=aid, updated_at=utcnow(),
                                          body=dm.render_document(dm.append_day_card([], DAY, "Old card"))))
        svc.close()

    lanes = lanes_dir(build, False, {})
    lanes[0].reset()
    old = _memory(lanes[0].store)
    argv = ("memory", "import", "--assistant", "Target", str(source_file))
    full = timed_full_run(lanes, argv, tables=MEMORY_TABLES)
    new = _memory(lanes[0].store)
    assert new != old and len(new[2]) == ENTRIES

    def observe(store: CliStore) -> str:
        now = _memory(store)
        assert now in (old, new), "a mix of the old and the new memory is visible"
        return "old" if now == old else "new"

    delays = kill_points(202, crash_kills(), *kill_window(full.seconds))
    crash_loop("memory import", lanes, argv, delays, observe, tables=MEMORY_TABLES, full=full, seed=202).check()


# --- a dream ------------------------------------------------------------------------------------

CARD = "- Wants answers as tables\n- Asks for the code first"
FOLD = "Older days: prefers short answers; likes examples."


def _slow(text: str, fast: bool, wrap: Callable[[str], str] = lambda t: t) -> Reply:
    words = [w + " " for w in wrap(text).split(" ")]
    words[-1] = words[-1].rstrip(" ")
    return Reply(text_chunks=words, chunk_delay_s=0.0 if fast else 0.04)


def test_kill_9_during_a_dream(lanes_dir) -> None:  # type: ignore[no-untyped-def]
    """A dream over one day that appends a card and folds the oldest into a range card
    (two model calls): killed anywhere, the document is the old one or the new one."""
    def build(store: CliStore) -> None:
        svc = open_services(store.url)
        svc.providers.add("Summ", "openai", "http://127.0.0.1:9/v1", api_key_env="SUMM_KEY")
        svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
        aid = svc.assistants.create("Helper", provider="Summ", model="gpt-4o").id
        svc.dreams.set_keep("Helper", 2)
        cards = dm.append_day_card([], DAY - timedelta(days=3), "Prefers short answers")
        cards = dm.append_day_card(cards, DAY - timedelta(days=2), "Likes worked examples")
        with svc.db.write() as s:
            s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))
        topic = svc.topics.create("Helper").id
        noon = datetime.combine(DAY, datetime.min.time(), UTC) + timedelta(hours=12)
        svc.chat.append_row(topic, role=Role.USER, content="Show me the code first, then a table", created_at=noon)
        svc.close()

    lanes = lanes_dir(build, True, {"SUMM_KEY": "sk-summ"})

    def script(lane: Lane, fast: bool) -> None:
        assert lane.vendor is not None
        lane.vendor.clear_script()
        lane.vendor.script(_slow(CARD, fast), _slow(FOLD, fast))

    argv = ("dream", "run", "--assistant", "Helper", "--day", DAY.isoformat())
    lanes[0].reset()
    old = rows(lanes[0].store, "SELECT body FROM dynamic_memory_document")
    full = timed_full_run(lanes, argv, script, tables=DREAM_TABLES)
    new = rows(lanes[0].store, "SELECT body FROM dynamic_memory_document")
    new_cards = dm.parse_document(str(new[0][0]))
    assert [dm.visible_body(c) for c in new_cards][-1] == CARD and new_cards[0].kind == "range"

    def observe(store: CliStore) -> str:
        now = rows(store, "SELECT body FROM dynamic_memory_document")
        assert now in (old, new), "a half-written dream card is visible"
        return "old" if now == old else "new"

    delays = kill_points(303, crash_kills(), *kill_window(full.seconds))
    crash_loop("dream", lanes, argv, delays, observe, script, tables=DREAM_TABLES, full=full, seed=303).check()


# --- a topic compaction -------------------------------------------------------------------------

SUMMARY = "The user asked about tea, coffee and water; the assistant answered each briefly."


def test_kill_9_during_a_topic_compaction(lanes_dir) -> None:  # type: ignore[no-untyped-def]
    def build(store: CliStore) -> None:
        svc = open_services(store.url)
        svc.providers.add("Chat", "openai_compatible", "http://127.0.0.1:9/v1", api_key_env="SUMM_KEY")
        svc.providers.add("Summ", "openai", "http://127.0.0.1:9/v1", api_key_env="SUMM_KEY")
        svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
        svc.assistants.create("Helper", provider="Chat", model="local-llm", instructions="Be brief.")
        topic = svc.topics.create("Helper").id
        assert topic == 1
        for k in range(1, 7):
            svc.chat.append_row(topic, role=Role.USER, content=f"u{k} " + "tea coffee water " * 20)
            svc.chat.append_row(topic, role=Role.ASSISTANT, content=f"a{k} " + "brief answer " * 20)
        svc.chat.append_row(topic, role=Role.USER, content="latest question")
        svc.close()

    lanes = lanes_dir(build, True, {"SUMM_KEY": "sk-summ", "COMPACT_CONTEXT_WINDOW_LOCAL": "4000"})

    def script(lane: Lane, fast: bool) -> None:
        assert lane.vendor is not None
        lane.vendor.clear_script()
        lane.vendor.script(_slow(SUMMARY, fast, lambda t: f"<summary>{t}</summary>"))

    def compaction(store: CliStore) -> list[tuple[object, ...]]:
        return rows(store, "SELECT summary, cursor_message_id, model FROM topic_compaction WHERE topic_id = 1")

    argv = ("topic", "compact", "1")
    lanes[0].reset()
    old, messages = compaction(lanes[0].store), rows(lanes[0].store, "SELECT id, content FROM message ORDER BY id")
    full = timed_full_run(lanes, argv, script, tables=COMPACTION_TABLES)
    new = compaction(lanes[0].store)
    assert new and new[0][0] == SUMMARY and new != old

    def observe(store: CliStore) -> str:
        now = compaction(store)
        assert now in (old, new), f"a partial compaction is visible: {now}"
        assert rows(store, "SELECT id, content FROM message ORDER BY id") == messages  # CMP-2
        return "old" if now == old else "new"

    delays = kill_points(404, crash_kills(), *kill_window(full.seconds))
    crash_loop("topic compaction", lanes, argv, delays, observe, script, tables=COMPACTION_TABLES, full=full,
               seed=404).check()


def test_the_streaming_helper_kills_after_the_printed_characters(tmp_path: Path) -> None:
    """The helper the streaming `chat send` crash case builds on: it kills the process
    once it printed N characters of the reply and returns what the user saw."""
    with FakeVendor() as vendor:
        store = CliStore(tmp_path, {"CHAT_KEY": "sk-chat"})
        svc = open_services(store.url)
        svc.providers.add("Chat", "openai", vendor.base_url, api_key_env="CHAT_KEY")
        svc.assistants.create("Helper", provider="Chat", model="gpt-4o")
        topic = svc.topics.create("Helper").id
        svc.close()
        vendor.script(Reply(text_chunks=[f"word{i} " for i in range(200)], chunk_delay_s=0.01))
        printed, killed = store.kill_during_stream(40, "chat", "send", "--topic", str(topic), "hello")
        assert killed.killed and len(printed) >= 40 and printed.startswith("word0 word1")
        assert store.integrity() == "ok"
        user = rows(store, "SELECT role, content FROM message WHERE topic_id = ? ORDER BY seq", topic)
        assert user[0] == ("user", "hello")
