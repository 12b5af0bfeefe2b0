"""The strict-logging fixture (tests/logfail.py, issue 24) fails what it should and lets
through what a test says it expects: run on a scratch test file in a child pytest."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CASES = '''
import logging
import threading

import pytest

log = logging.getLogger("chathub_desktop.example")


def test_warns():
    log.warning("disk is nearly full")


def test_errors_on_a_thread():
    t = threading.Thread(target=lambda: log.error("worker broke"))
    t.start()
    t.join()


@pytest.mark.expect_log
def test_marked_any():
    log.error("expected failure path")


@pytest.mark.expect_log(r"^store busy")
def test_marked_matching():
    log.warning("store busy, retrying")


@pytest.mark.expect_log(r"^store busy")
def test_marked_other_message():
    log.warning("something else")


def test_caplog_at_the_level(caplog):
    with caplog.at_level(logging.WARNING, logger="chathub_desktop.example"):
        log.warning("asked for")


def test_info_is_fine():
    log.info("just saying")
'''


def test_unexpected_warnings_fail_and_expected_ones_pass(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text("from tests.logfail import fail_on_logging  # noqa: F401\n")
    (tmp_path / "test_cases.py").write_text(CASES)
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\nmarkers =\n    expect_log: expected log records\naddopts = --strict-markers\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", "-p", "no:xdist",
                          str(tmp_path)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    lines = out.stdout.splitlines()

    def outcome(name: str) -> str:
        hits = [line.split(" ")[0] for line in lines if line.endswith(f"::{name}") or f"::{name} " in line]
        return hits[-1] if hits else "missing"

    assert outcome("test_warns") == "ERROR", out.stdout
    assert "disk is nearly full" in out.stdout
    assert outcome("test_errors_on_a_thread") == "ERROR"
    assert outcome("test_marked_any") == "PASSED"
    assert outcome("test_marked_matching") == "PASSED"
    assert outcome("test_marked_other_message") == "ERROR"
    assert outcome("test_caplog_at_the_level") == "PASSED"
    assert outcome("test_info_is_fine") == "PASSED"
