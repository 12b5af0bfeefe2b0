"""A huge reply already in the store no longer poisons its topic (issue 32).

Stream limits stop new runaway replies; a row stored before them (the trial kept a
271 MB one, after which ``topic estimate``, ``chat send`` and ``topic compact`` each
passed 6 GB) must be counted and summarised in bounded memory: its token count past the
first million characters is estimated from its length, not tokenized.

Each of the three commands runs as its own ``chathub-desktop`` process on a topic
holding a 50 MB reply; each succeeds, the estimate counts the whole row, and each peak
RSS (the child's own ``VmHWM``, ``tests.integration.child_rss``) stays under 400 MB.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import open_services
from chathub_desktop.storage.topic_repository import append_message
from tests.fakes.vendor_server import FakeVendor
from tests.integration.child_rss import run_cli_child

PEAK_RSS_MB = 400
HUGE_WORDS = 10 * 2**20  # "word " × 10,485,760 = 50 MB

COMMANDS = ("topic estimate 1", "chat send --topic 1 hello", "topic compact 1")


@pytest.mark.slow
def test_a_50_mb_stored_reply_is_estimated_sent_past_and_compacted_in_bounded_memory(
    tmp_path: Path, fake_vendor: FakeVendor
) -> None:
    """``topic estimate``, ``chat send`` and ``topic compact``, each on the same untouched
    topic with a 50 MB reply: exit 0 each, the huge row counted (over ten million tokens
    in the whole-topic figure), peak RSS under 400 MB."""
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    svc = open_services(url)
    try:
        svc.providers.add("F", "openai_compatible", fake_vendor.base_url, api_key_env="FAKE_KEY")
        svc.assistants.create("A", provider="F", model="gpt-4o-mini")
        svc.settings.set("history-compress-model", "F/gpt-4o-mini")
        topic = svc.topics.create("A").id
        with svc.db.write() as s:
            for i in range(3):
                append_message(s, topic, role=Role.USER, content=f"question {i}")
                append_message(s, topic, role=Role.ASSISTANT, status="complete",
                               content="word " * HUGE_WORDS if i == 0 else f"answer {i}")
    finally:
        svc.close()
    template = tmp_path / "template.sqlite3"
    (tmp_path / "store.sqlite3").rename(template)
    peaks = {}
    for command in COMMANDS:  # each on the untouched store: no token count cached yet
        shutil.copyfile(template, tmp_path / "store.sqlite3")
        run = run_cli_child(tmp_path, [[*command.split(), "--database-url", url]],
                            {"FAKE_KEY": "sk-fake-key-1234", "CHATHUB_DATA_DIR": str(tmp_path / "data")})
        assert run.codes == [0], run.stderr
        printed, peaks[command] = run.stdout, run.peak_mb
        if command.startswith("topic estimate"):
            whole = re.search(r"whole topic ~([\d,]+) tokens", printed)
            assert whole is not None and int(whole.group(1).replace(",", "")) > 10_000_000, printed[:2000]
    print("peak RSS with a 50 MB stored reply:", ", ".join(f"{c}: {mb:.0f} MB" for c, mb in peaks.items()))
    assert max(peaks.values()) < PEAK_RSS_MB, peaks
