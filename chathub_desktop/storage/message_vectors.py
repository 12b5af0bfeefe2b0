"""SQL of semantic recall (issue 26): the ``message_vector`` rows beside the messages.

A searchable message (the rows Search finds: user and assistant text, complete, not a
staged import row; ``storage.message_search``) gets one vector per embedding model.
:func:`unembedded` pages the ones still missing, newest first, for the background
backfill (a keyset walk: :class:`BackfillCursor`); :func:`save` writes a batch; :func:`scoped_vectors` pages the vectors of the
topics a :class:`~chathub_desktop.storage.message_search.SearchScope` allows, in id
order, for the brute-force cosine scan; :func:`match_rows` reads the rows of the best
ids back for their snippets. Every function takes the caller's session.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import bindparam, text
from sqlalchemy.orm import Session

from chathub_desktop.core.messages import Role
from chathub_desktop.storage.message_search import (
    _COLUMNS,
    _JOINS,
    MatchRow,
    SearchScope,
    _filters,
    _matches,
)

__all__ = ["MIN_CHARS", "READ_CHARS", "WALK_START", "BackfillCursor", "EmbeddedText", "match_rows", "progress", "save",
           "scoped_vectors", "unembedded"]

#: Messages shorter than this many characters get no vector: "Noted." or "Thanks!" say
#: nothing to recall and sit near every query (e5 scores them ~0.8 against anything);
#: the keyword index still finds them.
MIN_CHARS = 10
#: Characters of a message :func:`unembedded` reads, from its start (huge51): the
#: embedder keeps its first 600 once whitespace runs are folded
#: (``services.search.embedder.MAX_CHARS``); eight times that leaves room for the runs,
#: and a 16 MB reply is no longer read whole into the backfill's batch.
READ_CHARS = 4800


@dataclass(frozen=True, slots=True)
class EmbeddedText:
    """One message's vector to store: its ``message_id``, the ``chars`` embedded and the
    float32 ``vector`` bytes (``dim`` values)."""

    message_id: int
    chars: int
    vector: bytes


@dataclass(frozen=True, slots=True)
class BackfillCursor:
    """Where a walk of :func:`unembedded` is: ``users`` while it walks the user's
    messages (then every other searchable one), ``below`` the last message id it handed
    out (the next page has smaller ids; None: from the newest)."""

    users: bool = True
    below: int | None = None


#: A walk that has not begun.
WALK_START = BackfillCursor()


def unembedded(s: Session, model: str, limit: int,
               cursor: BackfillCursor = WALK_START) -> tuple[list[tuple[int, str]], BackfillCursor | None]:
    """The next up to ``limit`` searchable messages of :data:`MIN_CHARS` or more
    characters with no vector of ``model`` after ``cursor``, as ``(message_id, content)``
    (the content's first :data:`READ_CHARS` characters),
    and the cursor after them (None: the walk is over). The user's messages come first
    (what people recall is mostly what they said; a long history's backfill takes hours),
    each kind newest first. A keyset page (issue 26): ids below the cursor, walked down the
    primary key, so a page reads only the rows since the last one, never the whole table
    again (that made a 200,000-message backfill quadratic)."""
    found: list[tuple[int, str]] = []
    while len(found) < limit:
        params: dict[str, object] = {"model": model, "limit": limit - len(found), "min_chars": MIN_CHARS,
                                     "first_role": Role.USER.value}
        where = _filters(params, SearchScope()) + " AND length(m.content) >= :min_chars"
        where += " AND m.role = :first_role" if cursor.users else " AND m.role != :first_role"
        if cursor.below is not None:
            where += " AND m.id < :below"
            params["below"] = cursor.below
        # the vector is looked up per row (a correlated subquery, never pulled up into a
        # join): both engines walk the primary key down and stop after ``limit`` rows
        sql = (f"SELECT m.id, substr(m.content, 1, {READ_CHARS}) AS content FROM message m "
               "JOIN topic t ON t.id = m.topic_id "
               "WHERE coalesce((SELECT v.model FROM message_vector v WHERE v.message_id = m.id), '') != :model"
               f"{where} ORDER BY m.id DESC LIMIT :limit")
        page = [(int(r.id), str(r.content)) for r in s.execute(text(sql), params)]
        found += page
        if len(page) == params["limit"]:
            return found, BackfillCursor(cursor.users, page[-1][0])
        if not cursor.users:
            return found, None
        cursor = BackfillCursor(users=False)  # the user's messages are done: the rest, newest first
    return found, cursor


def progress(s: Session, model: str) -> tuple[int, int]:
    """``(embedded, to embed)``: messages with a vector of ``model``, and all searchable
    messages of :data:`MIN_CHARS` or more characters."""
    params: dict[str, object] = {"model": model, "min_chars": MIN_CHARS}
    where = _filters(params, SearchScope()) + " AND length(m.content) >= :min_chars"
    total = s.execute(text(f"SELECT count(*) FROM message m JOIN topic t ON t.id = m.topic_id WHERE 1=1{where}"),
                      params).scalar_one()
    done = s.execute(text("SELECT count(*) FROM message_vector v JOIN message m ON m.id = v.message_id "
                          f"JOIN topic t ON t.id = m.topic_id WHERE v.model = :model{where}"), params).scalar_one()
    return int(done), int(total)


def save(s: Session, model: str, dim: int, rows: Sequence[EmbeddedText]) -> int:
    """Store ``rows`` as ``model``'s vectors (``dim`` values each), replacing an older
    vector of the same message; a message deleted meanwhile is skipped. Returns the
    number of rows written."""
    if not rows:
        return 0
    ids = [r.message_id for r in rows]
    s.execute(text("DELETE FROM message_vector WHERE message_id IN :ids").bindparams(
        bindparam("ids", expanding=True)), {"ids": ids})
    written = 0
    for r in rows:
        result = s.execute(text(
            "INSERT INTO message_vector (message_id, model, dim, chars, vector) "
            "SELECT id, :model, :dim, :chars, :vector FROM message WHERE id = :id"),
            {"id": r.message_id, "model": model, "dim": dim, "chars": r.chars, "vector": r.vector})
        written += result.rowcount or 0  # type: ignore[attr-defined]
    return written


def scoped_vectors(s: Session, model: str, scope: SearchScope, after_id: int, limit: int) -> list[tuple[int, bytes]]:
    """The next ``limit`` vectors of ``model`` in ``scope``'s topics with a message id
    above ``after_id``, in id order, as ``(message_id, vector bytes)``."""
    params: dict[str, object] = {"model": model, "after": after_id, "limit": limit}
    where = _filters(params, scope)
    sql = ("SELECT v.message_id, v.vector FROM message_vector v JOIN message m ON m.id = v.message_id "
           f"JOIN topic t ON t.id = m.topic_id WHERE v.model = :model AND v.message_id > :after{where} "
           "ORDER BY v.message_id LIMIT :limit")
    return [(int(r.message_id), bytes(r.vector)) for r in s.execute(text(sql), params)]


def match_rows(s: Session, ids: Sequence[int]) -> list[MatchRow]:
    """The rows of messages ``ids`` (with topic title and assistant), in ``ids`` order;
    an id no longer stored is left out."""
    if not ids:
        return []
    sql = f"{_COLUMNS}message m{_JOINS}WHERE m.id IN :ids"
    found = {row.id: row for row in _matches(list(s.execute(text(sql).bindparams(bindparam("ids", expanding=True)),
                                                            {"ids": list(ids)})))}
    return [found[i] for i in ids if i in found]

