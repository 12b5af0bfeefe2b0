"""An unused New topic a window left when its process died goes at the next start
(session 51: an empty "New topic" survived a restart after the app died with SIGABRT), by
the rule a clean Quit applies (issue 27, ``TopicOpener.discard_at_quit``): made by a
window's New topic, untitled, no message, no draft — and only once that process is gone.

Real processes on one SQLite store: each makes its topic as the window's New topic does
(``TopicService.create(by_window=True)``, stamped with its process identity), then dies by
``os.abort()`` or SIGKILL, or stays alive; the restart is ``open_store`` in this process.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from chathub_desktop.services.container import Services, open_store

ROOT = Path(__file__).resolve().parents[2]
#: A window's New topic, then (``abort``) SIGABRT, or waiting for a kill / for stdin to close.
CHILD = """
import os, sys
from chathub_desktop.services.container import open_store
store = open_store(sys.argv[1])
aid = store.assistants.list()[0].id
made = [store.topics.create(aid, by_window=True).id for _ in range(int(sys.argv[3]))]
if sys.argv[2] == "drafted":
    store.topics.save_drafts([(made[-1], "half a question", ())])
print(" ".join(map(str, made)), flush=True)
if sys.argv[2] == "abort":
    os.abort()
sys.stdin.read()
store.db.dispose()
"""


@pytest.fixture
def children() -> Iterator[list[subprocess.Popen[str]]]:
    """Child processes, each killed and reaped at the end whatever happened."""
    started: list[subprocess.Popen[str]] = []
    yield started
    for p in started:
        if p.poll() is None:
            p.kill()
        p.wait(timeout=60)
        for stream in (p.stdin, p.stdout):
            if stream is not None:
                stream.close()


def _no_core_dump() -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _window(children: list[subprocess.Popen[str]], url: str, how: str, topics: int = 1) -> list[int]:
    """Start a child that makes ``topics`` new topics as a window does; their ids once made."""
    home = Path(url.removeprefix("sqlite:///")).parent
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CHATHUB_DATA_DIR": str(home)}
    p = subprocess.Popen([sys.executable, "-c", CHILD, url, how, str(topics)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, env=env, cwd=home, preexec_fn=_no_core_dump)
    children.append(p)
    assert p.stdout is not None
    line = p.stdout.readline()
    assert line.strip(), f"the child made no topic (exit {p.wait(timeout=60)})"
    return [int(x) for x in line.split()]


def _ids(services: Services, aid: int) -> set[int]:
    return {t.id for t in services.topics.list(aid)}


def test_a_new_topic_left_by_a_killed_window_goes_at_the_next_start_and_no_other_does(
        services: Services, children: list[subprocess.Popen[str]]) -> None:
    url = services.database_url
    aid = services.assistants.create("Helper").id
    (aborted,) = _window(children, url, "abort")
    assert children[0].wait(timeout=60) == -signal.SIGABRT
    assert _ids(services, aid) == {aborted}  # left behind: nobody started since
    killed, drafted = _window(children, url, "drafted", topics=2)  # its start discarded ``aborted``
    children[1].send_signal(signal.SIGKILL)
    assert children[1].wait(timeout=60) == -signal.SIGKILL
    assert _ids(services, aid) == {killed, drafted}  # (SQLite may give ``aborted``'s id again)
    by_cli = services.topics.create(aid).id  # the CLI's topic: no window made it
    used = services.topics.create(aid, by_window=True).id  # this process: alive

    _restart(url)
    assert killed not in _ids(services, aid)
    assert {drafted, by_cli, used} <= _ids(services, aid)
    assert [d[1] for d in services.topics.drafts(aid)] == ["half a question"]

    (live,) = _window(children, url, "wait")  # another window, still running
    assert _restart(url) == []
    assert live in _ids(services, aid)
    assert children[2].stdin is not None
    children[2].stdin.close()  # that window quits
    assert children[2].wait(timeout=60) == 0


def _restart(url: str) -> list[int]:
    """Open the store as a start does; what else its sweep would discard now (none)."""
    store = open_store(url)
    try:
        return store.topics.discard_left_new_topics()
    finally:
        store.db.dispose()
