"""Hybrid ranking for recall (issue 26): fuse the keyword index's order with the
embedding similarity order by reciprocal rank fusion (Cormack, Clarke and Büttcher,
SIGIR 2009: score = Σ 1 / (k + rank), k = 60). Pure.

Keyword ranking stays in the mix because the local embedding model ranks
cross-language queries poorly; fusion lets either list lift a message the other
missed, and a message both lists rank high comes first.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["RRF_K", "fuse"]

#: The constant of reciprocal rank fusion (the paper's value).
RRF_K = 60


def fuse(*rankings: Sequence[int], k: int = RRF_K) -> list[int]:
    """Ids of all ``rankings`` (each best first, ids unique within one) ordered by their
    fused score Σ 1/(k + rank), rank from 1; ties keep the order ids were first seen
    (earlier rankings first). ``k`` must be positive (ValueError)."""
    if k <= 0:
        raise ValueError("k must be positive")
    score: dict[int, float] = {}
    for ranking in rankings:
        for rank, item in enumerate(ranking, start=1):
            score[item] = score.get(item, 0.0) + 1.0 / (k + rank)
    first_seen = {item: i for i, item in enumerate(score)}
    return sorted(score, key=lambda item: (-score[item], first_seen[item]))
