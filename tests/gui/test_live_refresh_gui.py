"""The open window follows what other processes write (issue 13 "Live refresh"): a dream
card the CLI wrote shows on the open Memory page, and on a page that was closed and
reopened; a topic and a chat reply written by the CLI show in the topic list and the
message list, and the badge recounts; a refresh keeps Show archived (issue 28); the
watcher runs only while the window is visible.

The other process is the real CLI as a subprocess; its History Compress model and chat
vendor are a scripted fake vendor on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from datetime import time as dtime
from pathlib import Path

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.memory.dream_runs import yesterday_utc
from chathub_desktop.services.container import Services
from tests.fakes import cli_fork
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.helpers import reload_assistants

REPO = Path(__file__).resolve().parents[2]
#: The issue's bound (about a second; 2 s in its tests), milliseconds.
DEADLINE_MS = 2000


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's (and the chat's) own server."""
    with FakeVendor() as vendor:
        yield vendor


@pytest.fixture
def helper(services: Services, summ: FakeVendor) -> int:
    """Assistant "Helper" on ``summ`` (key in $SUMM_KEY, so the CLI process has it too)."""
    services.providers.add("Summ", "openai", summ.base_url, api_key_env="SUMM_KEY")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    return services.assistants.create("Helper", provider="Summ", model="gpt-4o").id


def cli(services: Services, *args: str) -> subprocess.Popen[str]:
    """Start the CLI as another process on the same store (not waited for: the GUI
    thread must keep running while it writes)."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "SUMM_KEY": "sk-summ"}
    return cli_fork.Popen([sys.executable, "-m", "chathub_desktop", *args,
                           "--database-url", services.database_url],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def finished(qtbot, proc: subprocess.Popen[str]) -> str:  # type: ignore[no-untyped-def]
    """Wait (keeping the GUI thread running) for ``proc``; returns its stdout."""
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=60_000)
    out, err = proc.communicate()
    assert proc.returncode == 0, err
    return out


def history_yesterday(services: Services, aid: int) -> str:
    """A user message at noon of yesterday (UTC); returns that day (YYYY-MM-DD)."""
    day = yesterday_utc()
    topic = services.topics.create(aid, title="Yesterday").id
    services.chat.append_row(topic, role=Role.USER, content="Please answer in bullet points, no prose",
                          created_at=datetime.combine(day, dtime(12, 0, tzinfo=UTC)))
    return day.isoformat()


def test_memory_page_shows_a_dream_card_the_cli_wrote(window, services: Services, helper: int,
                                                      summ: FakeVendor, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The issue's trial: `dream run --day …` from the CLI while the Memory page is open."""
    day = history_yesterday(services, helper)
    reload_assistants(window, qtbot, helper)
    page = window.pages.open_memory()
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.loads >= 1, timeout=5000)
    assert panel.model.rowCount() == 0
    summ.script(Reply(text_chunks=["Prefers bullet points over prose"]))
    finished(qtbot, cli(services, "dream", "run", "--assistant", "Helper", "--day", day))
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=DEADLINE_MS)
    assert "bullet points" in panel.model.cards()[0].text
    assert panel.cards_stack.currentWidget() is panel.list  # not "No dream cards yet"


def test_the_open_memory_page_shows_a_fixed_entry_the_cli_added(window, services: Services, helper: int,
                                                                qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 30 ("a CLI write shows on the open page"): `memory add` from the CLI while the
    page is open and shown adds the entry to its fixed list, the selection kept (MEM-2)."""
    services.memory.add(helper, "Prefers metric units")
    reload_assistants(window, qtbot, helper)
    page = window.pages.open_memory()
    qtbot.waitUntil(lambda: page.loads >= 1 and page.model.rowCount() == 1, timeout=5000)
    page.select_number(1)
    loads = page.loads
    finished(qtbot, cli(services, "memory", "add", "--assistant", "Helper", "Lives in Lisbon"))
    assert page.isVisible()  # never closed or reopened: the open page follows the store
    qtbot.waitUntil(lambda: [e.text for e in page.model.entries()] == ["Prefers metric units", "Lives in Lisbon"],
                    timeout=DEADLINE_MS)
    assert page.loads > loads
    assert page.current_entry() is not None and page.current_entry().number == 1


def test_a_reopened_memory_page_shows_what_was_written_while_closed(
        window, services: Services, helper: int, summ: FakeVendor, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Closed, then a card and a memory entry are written by the CLI, then reopened."""
    day = history_yesterday(services, helper)
    reload_assistants(window, qtbot, helper)
    page = window.pages.open_memory()
    qtbot.waitUntil(lambda: page.dream_panel.loads >= 1, timeout=5000)
    page.close()
    summ.script(Reply(text_chunks=["Likes tables for comparisons"]))
    finished(qtbot, cli(services, "dream", "run", "--assistant", "Helper", "--day", day))
    finished(qtbot, cli(services, "memory", "add", "--assistant", "Helper", "Lives in Lisbon"))
    again = window.pages.open_memory()
    assert again is page
    qtbot.waitUntil(lambda: page.dream_panel.model.rowCount() == 1, timeout=DEADLINE_MS)
    qtbot.waitUntil(lambda: [e.text for e in page.model.entries()] == ["Lives in Lisbon"], timeout=DEADLINE_MS)


def test_topics_and_replies_of_another_process_show(window, services: Services, helper: int,
                                                    summ: FakeVendor, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A topic created by the CLI joins the list; a reply sent from the CLI into the open
    topic appears in it with its text, and the badge recounts."""
    reload_assistants(window, qtbot, helper)
    out = finished(qtbot, cli(services, "topic", "create", "--assistant", "Helper", "--title", "From B",
                              "--json"))
    topic = int(json.loads(out)["id"])
    qtbot.waitUntil(lambda: window.topic_model.row_of(topic) is not None, timeout=DEADLINE_MS)
    window.select_topic(topic)
    qtbot.waitUntil(lambda: window.message_model.topic_id == topic, timeout=5000)
    shown = window.estimate.shown
    summ.script(Reply(text_chunks=["An answer written by process B"]))
    finished(qtbot, cli(services, "chat", "send", "--topic", str(topic), "hello from B"))

    def texts() -> list[str]:
        m = window.message_model
        return [m.message_at(i).content for i in range(m.rowCount())]  # type: ignore[union-attr]

    qtbot.waitUntil(lambda: texts() == ["hello from B", "An answer written by process B"], timeout=DEADLINE_MS)
    qtbot.waitUntil(lambda: window.estimate.shown > shown, timeout=DEADLINE_MS)
    assert window.composer.badge.estimate is not None and window.composer.badge.estimate.total > 0


def test_the_watcher_runs_only_while_the_window_is_visible(window, services: Services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Hidden (e.g. to the tray): no change checks; shown again: checks resume."""
    qtbot.waitUntil(lambda: services.watcher.running, timeout=2000)
    window.hide()
    assert not services.watcher.running
    window.show()
    qtbot.waitUntil(lambda: services.watcher.running, timeout=2000)


def test_assistants_and_topics_changed_elsewhere_keep_the_open_topic(
        window, services: Services, helper: int, qtbot) -> None:  # type: ignore[no-untyped-def]
    """An assistant created and a topic deleted by the CLI: the assistant list grows, the
    deleted topic leaves the list, and the open topic stays open and selected."""
    keep = services.topics.create(helper, title="Keep me").id
    gone = services.topics.create(helper, title="Delete me").id
    reload_assistants(window, qtbot, helper)
    window.select_topic(keep)
    qtbot.waitUntil(lambda: window.message_model.topic_id == keep, timeout=5000)
    finished(qtbot, cli(services, "assistant", "create", "Second", "--provider", "Summ", "--model", "gpt-4o"))
    qtbot.waitUntil(lambda: window.assistant_combo.count() == 2, timeout=DEADLINE_MS)
    assert window.current_assistant_id() == helper
    finished(qtbot, cli(services, "topic", "delete", str(gone)))
    qtbot.waitUntil(lambda: window.topic_model.row_of(gone) is None, timeout=DEADLINE_MS)
    assert window.current_topic_id == keep
    assert window.topic_list.currentIndex().row() == window.topic_model.row_of(keep)


def test_a_message_edited_and_deleted_in_another_window_follows(
        window, services: Services, helper: int, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A second window is another store connection (its own process in real use): its
    edit and its deletion show in the open topic."""
    from chathub_desktop.services.container import open_services

    topic = services.topics.create(helper, title="Shared").id
    first = services.chat.append_row(topic, role=Role.USER, content="original text")
    second = services.chat.append_row(topic, role=Role.ASSISTANT, content="to be deleted")
    reload_assistants(window, qtbot, helper)
    window.select_topic(topic)
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 2, timeout=5000)
    other = open_services(services.database_url)
    try:
        other.messages.edit_message(first, "edited in the other window")
        other.messages.delete_message(second)
    finally:
        other.close()
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 1, timeout=DEADLINE_MS)
    qtbot.waitUntil(lambda: window.message_model.message_at(0).content == "edited in the other window",
                    timeout=DEADLINE_MS)


def test_a_refresh_after_a_cli_write_keeps_show_archived(
        window, services: Services, helper: int, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 28: with Topic → Show archived on, a topic the CLI creates joins the list and
    the archived topics stay listed (the refresh read the list without the setting)."""
    archived = services.topics.create(helper, title="Old plans").id
    services.topics.set_archived(archived, True)
    services.topics.create(helper, title="Open one")
    reload_assistants(window, qtbot, helper)
    window.topic_actions.show_archived(True)
    qtbot.waitUntil(lambda: window.topic_model.row_of(archived) is not None, timeout=5000)
    out = finished(qtbot, cli(services, "topic", "create", "--assistant", "Helper", "--title", "From B",
                              "--json"))
    topic = int(json.loads(out)["id"])
    qtbot.waitUntil(lambda: window.topic_model.row_of(topic) is not None, timeout=DEADLINE_MS)
    row = window.topic_model.row_of(archived)
    assert row is not None
    assert window.topic_model.topic_at(row).archived
