"""An embedder whose vectors cost almost nothing: unit vectors seeded by each text's hash,
with the real model's shape. Tests and benchmarks use it to measure the store's part of a
recall backfill alone (issue 26)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

from chathub_desktop.services.search.embedder import DIM


class HashEmbedder:
    """Stands in for :class:`~chathub_desktop.services.search.embedder.E5Embedder`: the
    same ``dim`` (384), vectors that depend only on the text, no model loaded."""

    name = "hash-embedder"
    dim = DIM

    def passages(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors seeded by each text's hash, ``(n, 384)`` float32."""
        out = np.empty((len(texts), DIM), dtype=np.float32)
        for k, t in enumerate(texts):
            seed = int.from_bytes(hashlib.blake2b(t.encode(), digest_size=8).digest(), "little")
            v = np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
            out[k] = v / np.linalg.norm(v)
        return out

    def query(self, text: str) -> np.ndarray:
        """One such vector, ``(384,)``."""
        vector: np.ndarray = self.passages([text])[0]
        return vector
