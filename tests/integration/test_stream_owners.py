"""A reply's claim is owned by (PID, start time and boot, nonce), not by a PID alone
(issue 32, APP-8): a reply killed mid-stream whose PID now belongs to another live
process no longer locks its topic, and a claim whose owner does not answer can be marked
interrupted by the user (``chat interrupt --topic N`` / the reply's menu)."""

from __future__ import annotations

import asyncio
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from chathub_desktop.cli import main
from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.services.chat.process_identity import (
    HOST,
    PROCESS_ID,
    parse_identity,
    process_birth,
    stream_is_orphaned,
)
from chathub_desktop.services.container import open_services
from chathub_desktop.services.errors import InvalidInput
from tests.fakes.vendor_server import FakeVendor, Reply

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="start times come from /proc (Linux)")


@pytest.fixture
def live_pid() -> Iterator[int]:
    """A live process that is not ChatHub (``sleep 60``), killed afterwards."""
    proc = subprocess.Popen(["sleep", "60"])
    try:
        yield proc.pid
    finally:
        proc.kill()
        proc.wait(timeout=10)


def _store(tmp_path: Path, vendor: FakeVendor, sent_by: str, created_at: datetime | None = None) -> tuple[str, int, int]:
    url = f"sqlite:///{tmp_path / 'store.sqlite3'}"
    svc = open_services(url)
    try:
        svc.providers.add("Fake", "openai", vendor.base_url, api_key="sk-test")
        svc.assistants.create("Helper", provider="Fake", model="gpt-4o")
        topic = svc.topics.create("Helper").id
        svc.chat.append_row(topic, role=Role.USER, content="hello")
        fields: dict[str, object] = {"created_at": created_at} if created_at is not None else {}
        reply = svc.chat.append_row(topic, role=Role.ASSISTANT, content="half a rep", status=MessageStatus.STREAMING,
                                 sent_by_process=sent_by, **fields)
    finally:
        svc.close()
    return url, topic, reply


def test_a_reused_pid_with_another_start_time_frees_the_topic(
        tmp_path: Path, fake_vendor: FakeVendor, live_pid: int) -> None:
    """The smallest input: the stored PID is held by a live ``sleep 60`` whose start time
    differs from the stored one → at the next start the reply is interrupted and the
    topic takes a new message (before: refused for good)."""
    birth = process_birth(live_pid)
    assert birth is not None
    ticks, boot = birth.split("@")
    stored = f"{HOST}:{live_pid}:0123456789ab:{int(ticks) + 12345}@{boot}"
    url, topic, reply = _store(tmp_path, fake_vendor, stored)
    svc = open_services(url)
    try:
        assert svc.topics.message(reply).status == "interrupted"
        assert svc.topics.message(reply).content == "half a rep"
        fake_vendor.script(Reply(text_chunks=["ok"]))
        assert asyncio.run(svc.chat.send(topic, "again")).status == "complete"
        svc.topics.delete(topic)
    finally:
        svc.close()


def test_an_old_style_identity_whose_pid_started_after_the_reply_frees_the_topic(
        tmp_path: Path, fake_vendor: FakeVendor, live_pid: int) -> None:
    """``HOST:PID:NONCE`` stored before this change: the live process with that PID
    started after the reply did, so it is not the sender."""
    stored = f"{HOST}:{live_pid}:0123456789ab"
    url, _topic, reply = _store(tmp_path, fake_vendor, stored, datetime.now(UTC) - timedelta(hours=1))
    svc = open_services(url)
    try:
        assert svc.topics.message(reply).status == "interrupted"
    finally:
        svc.close()


def test_the_live_owner_keeps_its_claim_until_the_user_marks_it_interrupted(
        tmp_path: Path, fake_vendor: FakeVendor, live_pid: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Same PID and start time: the owner may still be writing, so send, retry and delete
    are refused with the way out named; `chat interrupt --topic N` marks it interrupted,
    after which retry works."""
    birth = process_birth(live_pid)
    url, topic, reply = _store(tmp_path, fake_vendor, f"{HOST}:{live_pid}:0123456789ab:{birth}")
    svc = open_services(url)
    try:
        assert svc.topics.message(reply).status == "streaming"
        for refused in (lambda: asyncio.run(svc.chat.send(topic, "x")),
                        lambda: asyncio.run(svc.chat.retry(topic)),
                        lambda: svc.topics.delete(topic)):
            with pytest.raises(InvalidInput, match=f"still writing a reply.*`chat interrupt --topic {topic}`"):
                refused()
    finally:
        svc.close()
    assert main(["--database-url", url, "chat", "interrupt", "--topic", str(topic)]) == 0
    out = capsys.readouterr().out
    assert out.strip() == (f"marked 1 reply in topic {topic} as interrupted; what arrived is kept and "
                           "`chat retry` can ask again")
    assert main(["--database-url", url, "chat", "interrupt", "--topic", str(topic)]) == 1
    assert capsys.readouterr().err.strip().endswith(
        f"no reply in topic {topic} is being written by another window or command")
    svc = open_services(url)
    try:
        assert svc.topics.message(reply).status == "interrupted"
        fake_vendor.script(Reply(text_chunks=["fine"]))
        assert asyncio.run(svc.chat.retry(topic)).status == "complete"
        assert svc.topics.message(reply).content == "fine"
    finally:
        svc.close()


def test_identities_old_and_new_parse_and_this_process_owns_its_own() -> None:
    me = parse_identity(PROCESS_ID)
    assert me is not None and me.birth is not None and len(PROCESS_ID) <= 64
    old = parse_identity("host-a:4242:abcdef012345")
    assert old is not None and (old.host, old.pid, old.birth) == ("host-a", 4242, None)
    assert parse_identity("garbage") is None
    now = datetime.now(UTC)
    assert not stream_is_orphaned(PROCESS_ID, now, now)
    # this process's PID under another nonce: an earlier process that had the same PID
    assert stream_is_orphaned(f"{HOST}:{me.pid}:ffffffffffff:{me.birth}", now, now)
