"""Bad CLI values end in one line and a non-zero exit code, alike on SQLite and
PostgreSQL (issue 12 "CLI values"): ids beyond what an engine holds, a URL that does not
parse, a keyring backend that cannot load, over-long names, Ctrl+C during a compaction."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from chathub_desktop.cli import INTERRUPTED, main
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import open_services
from chathub_desktop.services.errors import InvalidInput, NotFound
from chathub_desktop.services.input_rules import MAX_NAME_CHARS, MAX_RECORD_ID
from tests.fakes import cli_fork
from tests.fakes.vendor_server import FakeVendor, Reply

REPO = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def _last_line(err: str) -> str:
    lines = [line for line in err.strip().splitlines() if line.strip()]
    assert lines and "Traceback" not in err
    return lines[-1]


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest) -> str:
    if request.param == "sqlite":
        return request.getfixturevalue("migrated_sqlite")("cli.sqlite3")
    return str(request.getfixturevalue("migrated_postgres_url"))


@pytest.mark.parametrize("value", [str(2**63), str(2**31), str(MAX_RECORD_ID + 1), "0", "-5", "1e3", "ten"])
def test_out_of_range_ids_are_usage_errors_on_both_engines(
    capsys: pytest.CaptureFixture[str], store_url: str, value: str
) -> None:
    for argv in (["topic", "show", value], ["topic", "compact", value], ["chat", "send", "--topic", value, "hi"]):
        code, _, err = run(capsys, *argv, "--database-url", store_url)
        assert code == 2
        assert _last_line(err).endswith(f"not an id: {value!r} (a whole number from 1 to 2,147,483,647)")


def test_the_largest_id_is_simply_not_found_on_both_engines(
    capsys: pytest.CaptureFixture[str], store_url: str
) -> None:
    code, _, err = run(capsys, "topic", "show", str(MAX_RECORD_ID), "--database-url", store_url)
    assert (code, _last_line(err)) == (1, f"chathub-desktop: error: no topic {MAX_RECORD_ID}")
    svc = open_services(store_url)
    try:  # the services hold the same rule for the window and every other caller
        for bad in (2**63, 2**31, 0, -1):
            with pytest.raises(NotFound, match=f"no topic {bad}"):
                svc.topics.get(bad)
            with pytest.raises(NotFound):
                svc.topics.message(bad)
            with pytest.raises(NotFound):
                svc.assistants.get(bad)
    finally:
        svc.close()


def test_names_have_one_length_rule_on_both_engines(capsys: pytest.CaptureFixture[str], store_url: str) -> None:
    """120 characters are accepted and 121 refused on SQLite (which would store 500) as
    on PostgreSQL (whose column would raise); NUL is refused on both."""
    ok, too_long = "p" * MAX_NAME_CHARS, "q" * (MAX_NAME_CHARS + 1)
    assert run(capsys, "provider", "add", ok, "--kind", "openai_compatible", "--no-key",
               "--database-url", store_url)[0] == 0
    code, _, err = run(capsys, "provider", "add", too_long, "--kind", "openai_compatible", "--no-key",
                       "--database-url", store_url)
    assert (code, _last_line(err)) == (1, "chathub-desktop: error: provider name is 121 characters long; "
                                          "the limit is 120")
    code, _, err = run(capsys, "assistant", "create", "a" * 500, "--provider", ok, "--model", "m",
                       "--database-url", store_url)
    assert (code, _last_line(err)) == (1, "chathub-desktop: error: assistant name is 500 characters long; "
                                          "the limit is 120")
    svc = open_services(store_url)
    try:
        with pytest.raises(InvalidInput, match="NUL"):
            svc.assistants.create("bad\x00name", provider=ok, model="m")
        with pytest.raises(InvalidInput, match="not valid Unicode"):
            svc.providers.add("bad\ud800", "openai_compatible", api_key_env="K")
        names = [p.name for p in svc.providers.list()]
    finally:
        svc.close()
    assert names == [ok]


def test_unparseable_base_url_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "provider", "add", "X", "--kind", "openai_compatible", "--no-key",
                       "--base-url", "http://[::1")
    assert (code, _last_line(err)) == (1, "chathub-desktop: error: base URL is not a valid URL "
                                          "(Invalid IPv6 URL; got 'http://[::1')")


def _cli(args: list[str], env: dict[str, str], **kw: object) -> subprocess.Popen[str]:
    return cli_fork.Popen([sys.executable, "-m", "chathub_desktop", *args], cwd=REPO, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)  # type: ignore[call-overload]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "CHATHUB_DATABASE_URL"}
    env.update(PYTHONPATH=str(REPO), CHATHUB_DATA_DIR=str(tmp_path / "data"), **extra)
    return env


def test_a_keyring_backend_that_cannot_load_is_one_line(tmp_path: Path) -> None:
    """``PYTHON_KEYRING_BACKEND`` naming a missing module: adding a key explains it in
    one line (exit 1); commands that need no key still work."""
    env = _env(tmp_path, PYTHON_KEYRING_BACKEND="no_such_module.Keyring")
    add = _cli(["provider", "add", "P", "--kind", "openai"], env, stdin=subprocess.PIPE)
    _out, err = add.communicate("sk-typed\n", timeout=60)
    assert add.returncode == 1 and "Traceback" not in err
    assert err.strip() == ("chathub-desktop: error: PYTHON_KEYRING_BACKEND='no_such_module.Keyring' cannot be "
                           "loaded (ModuleNotFoundError: No module named 'no_such_module'); unset it or name an "
                           "installed backend, or read the key from an environment variable; pass --key-file (a "
                           "file only you can read), --api-key-env VAR (or --no-key for a local server)")
    listed = _cli(["provider", "list"], env)
    out, err = listed.communicate(timeout=60)
    assert listed.returncode == 0 and err == "" and out.startswith("no providers")


def test_ctrl_c_during_topic_compact_is_clean_and_writes_nothing(tmp_path: Path, fake_vendor: FakeVendor) -> None:
    """SIGINT while the summarizer streams: "Interrupted", exit code 130, no traceback,
    and the topic has no summary, cursor or half a debug entry (APP-7: a cancelled
    compaction stores nothing)."""
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    svc = open_services(url)
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
    fake_vendor.script(Reply(text_chunks=[f"w{i} " for i in range(400)], chunk_delay_s=0.05))
    proc = _cli(["topic", "compact", str(topic), "--database-url", url],
                _env(tmp_path, SUMM_KEY="sk-summ", COMPACT_CONTEXT_WINDOW_LOCAL="4000"))
    deadline = time.monotonic() + 60
    while not fake_vendor.requests and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert fake_vendor.requests, proc.communicate(timeout=5)
    time.sleep(0.3)  # the summary is streaming now
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == INTERRUPTED
    assert err.strip().splitlines()[-1] == "chathub-desktop: Interrupted" and "Traceback" not in err
    check = open_services(url)
    try:
        with check.db.read() as s:
            rows = s.execute(text("SELECT summary, cursor_message_id FROM topic_compaction")).all()
    finally:
        check.close()
    assert all(summary == "" and cursor is None for summary, cursor in rows)
