"""Semantic recall (issue 26): message vectors filled in the background, and the
nearest messages to a query within a search scope.

- **Backfill.** :meth:`SemanticRecall.backfill` embeds the searchable messages that
  have no vector yet, newest first, :data:`BACKFILL_BATCH` at a time: a short read
  transaction takes the batch, the embedding runs outside any transaction (it is the
  slow part: ~40 ms a message), a short write transaction stores it. The batches walk
  the messages down by id with a keyset cursor (each read picks up after the last
  batch, so the store's part stays linear in the history). It reports
  :class:`BackfillProgress` after each batch and stops between batches when its
  ``cancel`` event is set; run again, it resumes where it stopped (the missing rows are
  the state; the cursor only saves re-reading them). A search never waits for it: messages without a vector are found by
  the keyword index alone.
- **Nearest.** :meth:`SemanticRecall.nearest` embeds the query and scans the scope's
  vectors in pages of :data:`SCAN_PAGE` (a brute-force cosine: ~1.5 KB a message, so
  100,000 messages are ~150 MB read in pages, never held at once), keeping the best
  ``pool`` at or above :data:`MIN_SIMILARITY`. They are ranked by cosine minus the
  message's *hubness*: its mean cosine to :data:`GENERIC_QUERIES`, questions about
  nothing in particular. A message that is itself a generic request ("Could you help
  me plan a trip?") sits near every question and would otherwise crowd out the one
  that answers it (the hubness correction of CSLS, Conneau et al. 2018). On
  ``benchmarks/bench_recall.py`` this lifted R@5 from 47 % to the figures its
  docstring gives.
- **Texts.** :meth:`SemanticRecall.nearest_texts` ranks a handful of texts held in
  hand (memory entries and dream cards: hundreds at most) the same way; their vectors
  are made on demand and kept by content hash, in memory (:data:`TEXT_CACHE`) and in the
  store (``storage.text_vectors``, at most :data:`STORED_TEXTS`), so an edited entry is
  embedded again and an unchanged one never twice, across starts too.

All calls block (store reads, the embedding engine): run them on a worker thread.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from chathub_desktop.services.search.embedder import Embedder
from chathub_desktop.storage import message_vectors as mv
from chathub_desktop.storage import text_vectors as tv
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.message_search import SearchScope

if TYPE_CHECKING:  # numpy (~0.1 s) loads on first use, not with the services
    import numpy as np

__all__ = [
    "BACKFILL_BATCH", "GENERIC_QUERIES", "MIN_SIMILARITY", "MIN_TEXT_SCORE", "SCAN_PAGE", "STORED_TEXTS", "TEXT_BATCH", "TEXT_CACHE", "BackfillProgress",
    "SemanticRecall",
]

log = logging.getLogger(__name__)

#: Messages embedded per batch (one read and one write transaction each; ~1–2 s).
BACKFILL_BATCH = 32
#: Vectors read per page while scanning for the nearest messages.
SCAN_PAGE = 4096
#: Cosine similarity below which a message is not offered as a match. e5 scores
#: unrelated text around 0.70–0.78 and paraphrases above 0.82 (benchmarks/bench_recall.py).
MIN_SIMILARITY = 0.78
#: Least score (cosine less hubness) a text needs in :meth:`SemanticRecall.nearest_texts`:
#: a memory entry is short, and short texts sit near any query (raw cosine 0.78–0.80
#: for "retry" or "python" against unrelated entries). Measured on 10 queries over 6
#: entries: paraphrases scored 0.033–0.127, unrelated entries at most 0.012.
MIN_TEXT_SCORE = 0.025
#: Most text vectors :meth:`SemanticRecall.nearest_texts` keeps (1.5 KB each), the
#: oldest dropped first.
TEXT_CACHE = 4096
#: Most text vectors kept in the store per model (1.5 KB each: ~30 MB), the oldest
#: dropped first; an entry edited since leaves its old vector behind until then.
STORED_TEXTS = 20_000
#: Texts embedded per engine call there (the engine is shared: the backfill and a
#: query wait at most one batch, ~1 s).
TEXT_BATCH = 16
#: Texts hashed between two calls of :meth:`SemanticRecall.embed_texts`' ``pause`` (~1 ms).
PAUSE_TEXTS = 250
#: Questions about nothing in particular: a message's mean similarity to them measures
#: how close it sits to every query (module doc). Not drawn from any benchmark.
GENERIC_QUERIES = (
    "What is it?", "How do I do this?", "Can you help me?", "What did I say about that?", "Where is it?",
    "When is it?", "Which one do I have?", "Who is it?", "Why is that?", "What should I do?", "Tell me more.",
    "What do I like?", "What is my plan?", "How much is it?", "What was the name?", "Is it good?",
)


@dataclass(frozen=True, slots=True)
class BackfillProgress:
    """Searchable messages with a vector (``done``) of all searchable ones (``total``);
    ``cancelled`` when the run stopped on its cancel event."""

    done: int
    total: int
    cancelled: bool = False

    @property
    def complete(self) -> bool:
        """Every searchable message has its vector."""
        return self.done >= self.total


class SemanticRecall:
    """Message vectors and nearest-message search over one store (module doc)."""

    def __init__(self, db: Database, embedder: Embedder) -> None:
        self._db = db
        self._embedder = embedder
        self._generic: np.ndarray | None = None
        self._texts: dict[bytes, np.ndarray] = {}
        self._texts_lock = threading.Lock()
        self._fill_lock = threading.Lock()
        self._walk: mv.BackfillCursor | None = None  # the backfill's keyset cursor; None: from the newest
        self._walk_lock = threading.Lock()

    def _generic_queries(self) -> np.ndarray:
        """The ``(16, dim)`` vectors of :data:`GENERIC_QUERIES`, embedded once."""
        import numpy as np

        if self._generic is None:
            self._generic = np.stack([self._embedder.query(g) for g in GENERIC_QUERIES])
        return self._generic

    def progress(self) -> BackfillProgress:
        """How far the vectors are (a store read)."""
        with self._db.read() as s:
            done, total = mv.progress(s, self._embedder.name)
        return BackfillProgress(done, total)

    def backfill_batch(self, batch: int = BACKFILL_BATCH) -> int:
        """Embed and store up to ``batch`` messages still missing a vector; returns how
        many were stored (0: nothing left). Successive calls walk the store down by id
        (``storage.message_vectors.unembedded``'s keyset cursor, kept here between calls,
        issue 26); a walk that ends starts once more from the newest, so messages added
        meanwhile are found, and 0 means that found none either. A batch whose embedding
        or write fails leaves the cursor where it was (the next call retries it)."""
        name = self._embedder.name
        with self._walk_lock:  # one batch at a time: two would embed the same page
            with self._db.read() as s:
                todo, after = mv.unembedded(s, name, batch, self._walk or mv.WALK_START)
                if not todo and self._walk is not None:  # the walk is over: once more from the newest
                    todo, after = mv.unembedded(s, name, batch, mv.WALK_START)
            if not todo:
                self._walk = None
                return 0
            vectors = self._embedder.passages([content for _id, content in todo])
            rows = [mv.EmbeddedText(mid, min(len(content), 1 << 30), vectors[i].astype("<f4").tobytes())
                    for i, (mid, content) in enumerate(todo)]
            with self._db.write() as s:
                mv.save(s, name, self._embedder.dim, rows)
            self._walk = after
            return len(rows)

    def backfill(self, cancel: threading.Event, on_progress: Callable[[BackfillProgress], None] | None = None,
                 *, batch: int = BACKFILL_BATCH) -> BackfillProgress:
        """Embed every searchable message missing a vector, ``batch`` at a time, until none
        is left or ``cancel`` is set (checked between batches). ``on_progress`` gets the
        figures after each batch (on this thread). Returns the last figures."""
        state = self.progress()
        while not cancel.is_set():
            stored = self.backfill_batch(batch)
            if stored == 0:
                break
            state = BackfillProgress(min(state.done + stored, state.total), state.total)
            if on_progress is not None:
                on_progress(state)
        if cancel.is_set():
            state = BackfillProgress(state.done, state.total, cancelled=True)
        log.info("semantic recall vectors: %d of %d messages%s", state.done, state.total,
                 " (cancelled)" if state.cancelled else "")
        return state

    def nearest(self, query: str, scope: SearchScope, pool: int) -> list[tuple[int, float]]:
        """The up to ``pool`` messages of ``scope`` nearest to ``query`` with a cosine of
        at least :data:`MIN_SIMILARITY`, as ``(message_id, score)`` best first, the score
        being the cosine less the message's hubness (module doc); ``[]`` when no message
        has a vector yet."""
        import numpy as np

        q = self._embedder.query(query)
        generic = self._generic_queries()
        best_ids = np.zeros(0, dtype=np.int64)
        best_scores = np.zeros(0, dtype=np.float32)
        after = 0
        while True:
            with self._db.read() as s:
                page = mv.scoped_vectors(s, self._embedder.name, scope, after, SCAN_PAGE)
            if not page:
                break
            after = page[-1][0]
            ids = np.fromiter((mid for mid, _v in page), dtype=np.int64, count=len(page))
            matrix = np.frombuffer(b"".join(v for _mid, v in page), dtype="<f4").reshape(len(page), -1)
            if matrix.shape[1] != q.shape[0]:
                continue  # vectors of another dimension: not comparable
            cosine = matrix @ q
            keep = cosine >= MIN_SIMILARITY
            scores = cosine - (matrix @ generic.T).mean(axis=1)
            best_ids = np.concatenate([best_ids, ids[keep]])
            best_scores = np.concatenate([best_scores, scores[keep]])
            if len(best_ids) > pool:
                top = np.argpartition(-best_scores, pool)[:pool]
                best_ids, best_scores = best_ids[top], best_scores[top]
            if len(page) < SCAN_PAGE:
                break
        order = np.argsort(-best_scores, kind="stable")
        return [(int(best_ids[i]), float(best_scores[i])) for i in order]

    def prepare(self) -> None:
        """Load the model and embed :data:`GENERIC_QUERIES` now (~1 s on a busy core),
        so the first query does not pay for them."""
        self._generic_queries()

    def embed_texts(self, texts: Sequence[str], cancel: threading.Event | None = None,
                    pause: Callable[[], object] | None = None) -> int:
        """Make and cache the vectors of ``texts`` not cached yet (those of
        ``storage.message_vectors.MIN_CHARS`` characters or more): first from the store
        (one read), the rest embedded :data:`TEXT_BATCH` at a time and stored after each
        batch, stopping between batches when ``cancel`` is set; returns how many were
        embedded (0 when the store held them all). One caller at a time fills (another
        waits, then finds them cached), so a warm-up and a query never embed the same
        text twice. ``pause``: called every :data:`PAUSE_TEXTS` texts hashed and between
        batches (a background warm-up lets the window's thread run, stall54b)."""
        import numpy as np

        with self._fill_lock:
            missing: dict[bytes, str] = {}
            for at in range(0, len(texts), PAUSE_TEXTS):
                if pause is not None and at:
                    pause()
                with self._texts_lock:
                    for t in texts[at:at + PAUSE_TEXTS]:
                        if len(t.strip()) >= mv.MIN_CHARS and (k := _key(t)) not in self._texts:
                            missing[k] = t
            if not missing:
                return 0
            name, dim = self._embedder.name, self._embedder.dim
            with self._db.read() as s:
                stored = tv.load(s, name, dim, list(missing), pause)
            with self._texts_lock:
                for k, v in stored.items():
                    self._texts[k] = np.frombuffer(v, dtype="<f4").astype(np.float32)
                self._trim()
            keys = [k for k in missing if k not in stored]
            for at in range(0, len(keys), TEXT_BATCH):
                if cancel is not None and cancel.is_set():
                    return at
                if pause is not None:
                    pause()
                part = keys[at:at + TEXT_BATCH]
                vectors = self._embedder.passages([missing[k] for k in part])
                with self._db.write() as s:
                    tv.save(s, name, dim, [(k, v.astype("<f4").tobytes()) for k, v in zip(part, vectors, strict=True)])
                    tv.prune(s, name, STORED_TEXTS)
                with self._texts_lock:
                    for k, v in zip(part, vectors, strict=True):
                        self._texts[k] = v
                    self._trim()
            return len(keys)

    def _trim(self) -> None:
        """Drop the oldest in-memory text vectors past :data:`TEXT_CACHE` (caller holds
        the texts lock)."""
        while len(self._texts) > TEXT_CACHE:
            del self._texts[next(iter(self._texts))]

    def nearest_texts(self, query: str, texts: Sequence[str], pool: int) -> list[tuple[int, float]]:
        """The up to ``pool`` of ``texts`` nearest to ``query``, as ``(index in texts,
        score)`` best first, scored like :meth:`nearest` (cosine of at least
        :data:`MIN_SIMILARITY`, less the text's hubness, at least
        :data:`MIN_TEXT_SCORE`); a text under ``storage.message_vectors.MIN_CHARS``
        characters is never offered. Vectors are made on demand
        (:meth:`embed_texts`) and cached by content hash (module doc)."""
        import numpy as np

        wanted = [i for i, t in enumerate(texts) if len(t.strip()) >= mv.MIN_CHARS]
        if not wanted or pool <= 0:
            return []
        self.embed_texts([texts[i] for i in wanted])
        keys = {i: _key(texts[i]) for i in wanted}
        with self._texts_lock:
            held = [i for i in wanted if keys[i] in self._texts]
            matrix = np.stack([self._texts[keys[i]] for i in held]) if held else np.zeros((0, self._embedder.dim))
        q = self._embedder.query(query)
        cosine = matrix @ q
        scores = cosine - (matrix @ self._generic_queries().T).mean(axis=1)
        ranked = sorted((j for j in range(len(held)) if cosine[j] >= MIN_SIMILARITY and scores[j] >= MIN_TEXT_SCORE),
                        key=lambda j: -scores[j])
        return [(held[j], float(scores[j])) for j in ranked[:pool]]


def _key(text: str) -> bytes:
    """The cache key of ``text``: a 128-bit hash of its content."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
