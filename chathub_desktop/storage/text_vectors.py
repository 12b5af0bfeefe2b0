"""SQL of the stored text vectors (issue 26): the embeddings of memory entries and dream
cards, kept by content hash so a start does not embed them again.

A row is ``(model, digest, dim, vector)``: ``digest`` (the key) is the 16-byte hash of the embedded text
(``services.search.semantic_recall``), ``vector`` ``dim`` little-endian float32 values. An edited
entry gets a new key; the old row stays until :func:`prune` drops the oldest rows past a
bound. Every function takes the caller's session.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlalchemy import bindparam, text
from sqlalchemy.orm import Session

__all__ = ["KEY_BYTES", "LOAD_CHUNK", "load", "prune", "save"]

#: Length of a key (a blake2b-128 digest of the text).
KEY_BYTES = 16
#: Keys per ``IN`` list of one read (SQLite allows 32,766 parameters; kept small).
LOAD_CHUNK = 500


def load(s: Session, model: str, dim: int, keys: Sequence[bytes],
         pause: Callable[[], object] | None = None) -> dict[bytes, bytes]:
    """The stored vectors of ``keys`` made by ``model`` with ``dim`` values, as
    ``{key: vector bytes}``; a key with no row (or a row of another dimension) is absent.
    ``pause``: called between reads of :data:`LOAD_CHUNK` keys (a background warm-up)."""
    found: dict[bytes, bytes] = {}
    query = text("SELECT digest, vector FROM text_vector WHERE model = :model AND dim = :dim AND digest IN :keys"
                 ).bindparams(bindparam("keys", expanding=True))
    for at in range(0, len(keys), LOAD_CHUNK):
        if pause is not None and at:
            pause()
        part = list(keys[at:at + LOAD_CHUNK])
        for row in s.execute(query, {"model": model, "dim": dim, "keys": part}):
            found[bytes(row.digest)] = bytes(row.vector)
    return found


def save(s: Session, model: str, dim: int, rows: Sequence[tuple[bytes, bytes]]) -> int:
    """Store ``rows`` (``(key, vector bytes)``) as ``model``'s vectors of ``dim`` values,
    replacing a row with the same key. Returns the number of rows written.

    Raises ``ValueError`` for a key that is not :data:`KEY_BYTES` long or a vector that is
    not ``dim`` float32 values (nothing is written)."""
    for key, vector in rows:
        if len(key) != KEY_BYTES or len(vector) != 4 * dim:
            raise ValueError(f"a text vector needs a {KEY_BYTES}-byte key and {dim} float32 values")
    if not rows:
        return 0
    s.execute(text("DELETE FROM text_vector WHERE model = :model AND digest IN :keys").bindparams(
        bindparam("keys", expanding=True)), {"model": model, "keys": [k for k, _v in rows]})
    s.execute(text("INSERT INTO text_vector (model, digest, dim, vector) VALUES (:model, :key, :dim, :vector)"),
              [{"model": model, "key": k, "dim": dim, "vector": v} for k, v in rows])
    return len(rows)


def prune(s: Session, model: str, keep: int) -> int:
    """Delete ``model``'s rows older than its newest ``keep`` (by insertion order);
    returns how many went."""
    newest_dropped = s.execute(text(
        "SELECT id FROM text_vector WHERE model = :model ORDER BY id DESC LIMIT 1 OFFSET :keep"),
        {"model": model, "keep": keep}).scalar_one_or_none()
    if newest_dropped is None:
        return 0
    result = s.execute(text("DELETE FROM text_vector WHERE model = :model AND id <= :id"),
                       {"model": model, "id": newest_dropped})
    return int(result.rowcount or 0)  # type: ignore[attr-defined]
