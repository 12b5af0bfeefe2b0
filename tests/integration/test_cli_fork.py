"""The CLI fork server the process tests start their CLI children through (issue 28,
``tests/fakes/cli_fork.py``): a forked child behaves as a fresh ``python -m`` would for
everything those tests observe — its own pid, exit status, stdio, environment, working
directory, umask, signals — and whatever it cannot serve runs as a fresh interpreter."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from tests.fakes import cli_fork

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(os.environ.get(cli_fork.SWITCH_ENV) == "0",
                                reason="the CLI fork server is switched off (CHATHUB_TEST_FORK_CLI=0)")

_SHOW = """
import os, sys
print(os.getpid(), os.getcwd(), os.environ.get("WHO"), sys.argv[1:], "chathub_desktop.cli" in sys.modules)
print("to stderr", file=sys.stderr)
open("made", "w").close()
raise SystemExit(int(sys.argv[1]))
"""


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO), **extra}


def test_a_fork_has_its_own_pid_stdio_env_cwd_umask_and_exit_code(tmp_path: Path) -> None:
    old = os.umask(0o077)
    try:
        done = cli_fork.run([sys.executable, "-c", _SHOW, "3", "x y"], cwd=tmp_path, env=_env(WHO="me"),
                            capture_output=True, text=True, timeout=60)
    finally:
        os.umask(old)
    pid, cwd, who, args, preloaded = done.stdout.split(" ", 4)
    assert done.returncode == 3 and int(pid) != os.getpid()
    assert (cwd, who, args) == (str(tmp_path), "me", "['3',")
    assert preloaded.strip().endswith("True")  # served by the pre-imported server
    assert done.stderr == "to stderr\n"
    assert (tmp_path / "made").stat().st_mode & 0o777 == 0o600


def test_the_cli_runs_reads_stdin_and_fails_as_a_fresh_process_would(tmp_path: Path) -> None:
    env = _env(CHATHUB_DATA_DIR=str(tmp_path / "data"))
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    ok = cli_fork.run([sys.executable, "-m", "chathub_desktop", "topic", "list", "--json", "--database-url", url],
                      env=env, capture_output=True, text=True, timeout=60)
    assert (ok.returncode, ok.stdout.strip()) == (0, "[]"), ok.stderr
    usage = cli_fork.run([sys.executable, "-m", "chathub_desktop", "no-such-group"], env=env,
                         capture_output=True, text=True, timeout=60)
    assert usage.returncode == 2 and "invalid choice" in usage.stderr
    echo = cli_fork.run([sys.executable, "-c", "import sys; print(sys.stdin.read().upper())"], env=env,
                        input="typed\n", capture_output=True, text=True, timeout=60)
    assert echo.stdout == "TYPED\n\n"
    crash = cli_fork.run([sys.executable, "-c", "raise ValueError('boom')"], env=env, capture_output=True,
                         text=True, timeout=60)
    assert crash.returncode == 1 and crash.stderr.rstrip().endswith("ValueError: boom")


def test_a_fork_can_be_signalled_and_killed_and_streams_unbuffered() -> None:
    code = "import sys, time\nprint('up', flush=False)\ntime.sleep(60)"
    proc = cli_fork.Popen([sys.executable, "-c", code], env=_env(PYTHONUNBUFFERED="1"),
                          stdout=cli_fork.PIPE, stderr=cli_fork.PIPE)
    assert proc.stdout is not None
    assert proc.stdout.readline() == b"up\n"  # written through, as with PYTHONUNBUFFERED
    assert proc.poll() is None
    with pytest.raises(cli_fork.TimeoutExpired):
        proc.wait(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    interrupted = cli_fork.Popen([sys.executable, "-c", "import time\nprint('up', flush=True)\ntime.sleep(60)"],
                                 env=_env(), stdout=cli_fork.PIPE, stderr=cli_fork.PIPE, text=True)
    assert interrupted.stdout is not None and interrupted.stdout.readline() == "up\n"
    interrupted.send_signal(signal.SIGINT)
    _out, err = interrupted.communicate(timeout=30)
    assert interrupted.returncode == -signal.SIGINT and err.rstrip().endswith("KeyboardInterrupt")


def test_what_a_fork_cannot_serve_runs_as_a_fresh_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another start-up environment (here ``PYTHONHASHSEED``), or the switch off: a real
    ``python``, which has not imported the CLI; another program runs unchanged."""
    probe = "import sys; print('chathub_desktop.cli' in sys.modules)"
    done = cli_fork.run([sys.executable, "-c", probe], env=_env(PYTHONHASHSEED="7"), capture_output=True,
                        text=True, timeout=60)
    assert done.stdout == "False\n"
    monkeypatch.setenv(cli_fork.SWITCH_ENV, "0")
    done = cli_fork.run([sys.executable, "-c", probe], env=_env(), capture_output=True, text=True, timeout=60)
    assert done.stdout == "False\n"
    assert cli_fork.run(["sh", "-c", "exit 4"], timeout=60).returncode == 4


def test_a_fork_has_its_own_process_identity() -> None:
    """APP-8: a reply a killed CLI left streaming names that CLI's process, so the next
    start sees it dead and marks the reply interrupted; a fork must not carry the
    server's identity, which ``process_identity`` computed at import."""
    code = ("import os; from chathub_desktop.services.chat import chat_service, process_identity as p; "
            "print(os.getpid(), p.PROCESS_ID, chat_service.PROCESS_ID == p.PROCESS_ID)")
    seen = [cli_fork.run([sys.executable, "-c", code], env=_env(), capture_output=True, text=True,
                         timeout=60).stdout.split() for _ in range(2)]
    for pid, identity, same in seen:
        assert identity.split(":")[1] == pid and same == "True"
    assert seen[0][1] != seen[1][1]
