"""Files and logs (issue 12, CMP-17): the data dir is 0700, the database, its -wal/-shm,
exports and the log 0600 on POSIX; log records reach a rotating ``chathub.log`` in the
data dir, and stderr with ``--verbose`` or ``CHATHUB_COMPACTION_DEBUG=1`` — so the
``planner_settled`` events of a compaction can be read."""

from __future__ import annotations

import json
import logging
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from chathub_desktop import logging_setup
from chathub_desktop.cli import main
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import open_services
from tests.fakes import cli_fork
from tests.fakes.vendor_server import FakeVendor, Reply

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(autouse=True)
def fresh_logging() -> Iterator[None]:
    logging_setup.reset_logging()
    yield
    logging_setup.reset_logging()


def test_data_dir_database_wal_shm_and_exports_are_private(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = os.umask(0o022)  # the usual umask: without care files come out 0644
    try:
        data = tmp_path / "data"
        assert main(["provider", "add", "P", "--kind", "openai_compatible", "--no-key", "--data-dir", str(data)]) == 0
        assert main(["assistant", "create", "A", "--provider", "P", "--model", "m", "--data-dir", str(data)]) == 0
        assert main(["memory", "add", "--assistant", "A", "Likes tea", "--data-dir", str(data)]) == 0
        svc = open_services(data_dir=data)  # hold it open: -wal and -shm exist meanwhile
        try:
            svc.topics.create("A")
            db = data / "chathub.sqlite3"
            side = [db.with_name(db.name + s) for s in ("-wal", "-shm")]
            assert all(p.exists() for p in side)
            assert [mode(data), mode(db), *map(mode, side)] == [0o700, 0o600, 0o600, 0o600]
        finally:
            svc.close()
        export = tmp_path / "memory.md"
        assert main(["memory", "export", "--assistant", "A", "--output", str(export), "--data-dir", str(data)]) == 0
        assert mode(export) == 0o600 and "Likes tea" in export.read_text()
        assert mode(data / logging_setup.LOG_FILE_NAME) == 0o600
    finally:
        os.umask(old)
    capsys.readouterr()


@pytest.mark.expect_log(r"the data folder .* is readable or writable by others")
def test_an_older_store_file_is_tightened_and_its_folder_left_as_it_is(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 32: the database file is ours (0600); the folder is the user's choice."""
    data = tmp_path / "old"
    open_services(data_dir=data).close()
    db = data / "chathub.sqlite3"
    data.chmod(0o755)
    db.chmod(0o644)
    open_services(data_dir=data).close()
    assert (mode(data), mode(db)) == (0o755, 0o600)
    assert "is readable or writable by others (mode 0755); it is left as it is" in capsys.readouterr().err


@pytest.mark.expect_log(r"the data folder .* is readable or writable by others")
@pytest.mark.parametrize("shared", [0o1777, 0o2775])
def test_an_existing_data_dir_keeps_its_mode_and_is_named_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], shared: int) -> None:
    """Issue 32, from its smallest input: a read-only `provider list --data-dir` on a
    1777 or 2775 folder made it 0700. The folder keeps its mode (also through a symlink
    to it); a new folder inside is 0700; the note comes once per process."""
    data = tmp_path / "shared"
    data.mkdir()
    data.chmod(shared)
    link = tmp_path / "link"
    link.symlink_to(data)
    for folder in (data, link, data):
        assert main(["provider", "list", "--data-dir", str(folder)]) == 0
        assert stat.S_IMODE(os.stat(data).st_mode) == shared
    err = capsys.readouterr().err
    assert err.count(f"the data folder {data} is readable or writable by others (mode {shared:04o})") == 1
    assert err.count(f"the data folder {link} is readable or writable by others") == 1
    fresh = data / "new" / "inner"
    assert main(["provider", "list", "--data-dir", str(fresh)]) == 0
    assert (mode(data / "new") & 0o777, mode(fresh) & 0o777) == (0o700, 0o700)  # (a setgid parent passes on its bit)
    assert stat.S_IMODE(os.stat(data).st_mode) == shared
    assert "new/inner is readable" not in capsys.readouterr().err


def test_records_reach_the_rotating_log_file_and_stderr_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("CHATHUB_COMPACTION_DEBUG", raising=False)
    monkeypatch.delenv("CHATHUB_LOG_STDERR", raising=False)
    monkeypatch.setattr(logging_setup, "MAX_LOG_BYTES", 400)
    path = logging_setup.configure_logging(tmp_path)
    assert path == tmp_path / "chathub.log"
    dream_log = logging.getLogger("chathub_desktop.services.dream.dream_service")
    dream_log.info("dream appended for assistant 1 day 2026-01-05")
    assert capsys.readouterr().err == ""  # not asked for stderr
    assert "dream appended for assistant 1 day 2026-01-05" in path.read_text()
    for n in range(20):  # 20 × ~80 bytes over a 400-byte limit: rotates, keeps 3 old files
        dream_log.info("line %02d %s", n, "x" * 40)
    assert sorted(p.name for p in tmp_path.glob("chathub.log*")) == [
        "chathub.log", "chathub.log.1", "chathub.log.2", "chathub.log.3"]
    assert mode(path) == 0o600
    assert logging_setup.configure_logging(tmp_path, verbose=True) == path
    dream_log.info("now on stderr too")
    assert "chathub_desktop.services.dream.dream_service: now on stderr too" in capsys.readouterr().err


def test_compaction_debug_events_reach_stderr_and_the_log(tmp_path: Path, fake_vendor: FakeVendor) -> None:
    """``CHATHUB_COMPACTION_DEBUG=1 chathub-desktop topic compact 1``: the structured
    ``planner_settled`` event (CMP-17) is printed on stderr and kept in chathub.log."""
    data = tmp_path / "data"
    svc = open_services(data_dir=data)
    try:
        svc.providers.add("Chat", "openai_compatible", fake_vendor.base_url, api_key_env="SUMM_KEY")
        svc.providers.add("Summ", "openai", fake_vendor.base_url, api_key_env="SUMM_KEY")
        svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
        svc.assistants.create("Helper", provider="Chat", model="local-llm")
        topic = svc.topics.create("Helper").id
        for k in range(1, 7):
            svc.chat.append_row(topic, role=Role.USER, content=f"u{k} " + "tea coffee water " * 20)
            svc.chat.append_row(topic, role=Role.ASSISTANT, content=f"a{k} " + "brief answer " * 20)
        svc.chat.append_row(topic, role=Role.USER, content="latest question")
    finally:
        svc.close()
    fake_vendor.script(Reply(text_chunks=["<summary>The user asked about drinks.</summary>"]))
    env = {k: v for k, v in os.environ.items() if k != "CHATHUB_DATABASE_URL"}
    env.update(PYTHONPATH=str(REPO), CHATHUB_DATA_DIR=str(data), SUMM_KEY="sk-summ",
               COMPACT_CONTEXT_WINDOW_LOCAL="4000", CHATHUB_COMPACTION_DEBUG="1")
    done = cli_fork.run([sys.executable, "-m", "chathub_desktop", "topic", "compact", str(topic)],
                        cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    events = [json.loads(line.split(": ", 1)[1]) for line in done.stderr.splitlines() if "planner_settled" in line]
    assert [(e["event"], e["topic_id"], e["status"]) for e in events] == [("planner_settled", topic, "compacted")]
    assert '"event": "planner_settled"' in (data / "chathub.log").read_text()
