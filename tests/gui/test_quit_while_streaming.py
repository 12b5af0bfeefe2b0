"""Quitting the real app while a reply streams ends the process cleanly (issue 9, APP-8).

Each run is its own process (offscreen, ``PYTHONFAULTHANDLER=1``) started through
``tests/gui/quit_driver.py``, which builds the window with ``app_bootstrap.run_gui``,
sends a message and triggers Quit (Ctrl+Q's action) once the text of 60 to 150 pieces of a
streamed reply has arrived, at a different point of the stream each run.
``CHATHUB_QUIT_RUNS`` sets the number of runs (4 in CI, issue 28; 30 or more by hand); two run at a time.
(PySide6 6.12.0's reference slip, which ended 23 of 30 runs with ``Fatal Python error:
bool_dealloc``, is kept out by the pin in pyproject.toml and tests/gui/test_qt_binding.py.)
"""

from __future__ import annotations

import concurrent.futures
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, select

from chathub_desktop.services.container import open_services
from chathub_desktop.storage.models import Message
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.app_process import run_driver

RUNS = int(os.environ.get("CHATHUB_QUIT_RUNS", "4"))
PARALLEL = 2
#: The reply the vendor streams, a piece every 2 ms for over a second: a run quits
#: after 60 to 150 pieces, well before the end.
PIECES = [f"word{i} " for i in range(600)]
PIECE_DELAY_S = 0.002
FULL_TEXT = "".join(PIECES)
#: Signs of an unclean end in a run's stderr.
UNCLEAN = ("Fatal Python error", "Traceback", "Exception ignored", "was never awaited",
           "Task was destroyed", "QThread: Destroyed", "Segmentation fault")


@dataclass
class Run:
    """One process: its exit code, stderr, the reply text it had seen when it quit, and
    the reply row it left in its store (status, content)."""

    index: int
    returncode: int
    stderr: str
    seen_chars: int
    reply: tuple[str, str] | None


def _prepare(template: Path, vendor: FakeVendor) -> None:
    svc = open_services(f"sqlite:///{template}")
    try:
        svc.providers.add("Fake", "openai_compatible", vendor.base_url)
        svc.assistants.create("Helper", provider="Fake", model="fake-model")
    finally:
        svc.close()


def _run(index: int, template: Path, base: Path) -> Run:
    data_dir = base / f"run{index}"
    data_dir.mkdir()
    store = data_dir / "store.sqlite3"
    shutil.copy(template, store)
    url = f"sqlite:///{store}"
    pieces = 60 + (index * 13) % 91  # quit at different moments of the stream
    chars = len("".join(PIECES[:pieces]))  # counted in characters: the deltas arrive joined
    proc = run_driver("quit_driver", data_dir, url, str(chars), timeout=60)
    seen = re.search(r"QUIT_AT (\d+)", proc.stdout)
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            row = conn.execute(select(Message.status, Message.content).where(Message.role == "assistant")
                               .order_by(Message.seq.desc()).limit(1)).first()
    finally:
        engine.dispose()
    reply = None if row is None else (row.status, row.content)
    return Run(index, proc.returncode, proc.stderr, int(seen.group(1)) if seen else -1, reply)


def test_quit_while_a_reply_streams_exits_cleanly_and_keeps_the_reply(
    tmp_path: Path, fake_vendor: FakeVendor
) -> None:
    """APP-8: Quit mid-reply stores what arrived as ``interrupted``; the process exits
    with 0 and nothing unclean on stderr (no fatal error, traceback or leak report)."""
    fake_vendor.script(*[Reply(text_chunks=PIECES, chunk_delay_s=PIECE_DELAY_S) for _ in range(RUNS)])
    template = tmp_path / "template.sqlite3"
    _prepare(template, fake_vendor)
    with concurrent.futures.ThreadPoolExecutor(PARALLEL) as pool:
        runs = list(pool.map(lambda i: _run(i, template, tmp_path), range(RUNS)))
    problems = []
    for run in runs:
        unclean = [m for m in UNCLEAN if m in run.stderr]
        status, text = run.reply or ("(no reply row)", "")
        if (run.returncode != 0 or unclean or status != "interrupted" or not text
                or not FULL_TEXT.startswith(text) or len(text) < run.seen_chars or run.seen_chars <= 0):
            problems.append(f"run {run.index}: exit {run.returncode}, {unclean}, reply {status!r} "
                            f"with {len(text)} chars (had seen {run.seen_chars})\n{run.stderr[-1500:]}")
    assert not problems, f"{len(problems)} of {RUNS} runs did not quit cleanly:\n" + "\n".join(problems)
    assert len(fake_vendor.requests) == RUNS  # one send per run, nothing else went out
