"""Search everything (issue 14): every topic's messages, and memory entries and dream
cards, from one query.

Messages: on SQLite the FTS5 trigram index of migration 0006 (``storage.search_schema``)
finds the messages holding the terms of three or more characters; terms of one or two
characters (short CJK words) are matched by ``LIKE`` on those — or, when the query has
no longer term, by a ``LIKE`` scan. The index is filled behind the writes by
:meth:`SearchService.catch_up`; messages it has not reached yet are scanned, so results
are always complete. On PostgreSQL every term is a condition the ``pg_trgm`` GIN index
serves (a case-insensitive regular expression of the literal term, or a plain ``LIKE``
for a term without case, such as CJK), asked in id windows from the newest message down
(``storage.message_search``: a short walk answers common terms, the index ANDed
with a window sized from it the rest); when the extension could not be created the same
query runs as a plain scan and :attr:`SearchResults.note` says so (logged once per process).
The versions not in view (a reply regenerated, a turn edited and resent) are searched
too when asked, through their own index (``storage.branch_text``, issue 29/30): their hits rank with
the others and carry :attr:`SearchHit.version`.

Ranking, the same on both engines: the newest :data:`RANKED_POOL` matches are scored
by ``core.search_text.rank_score`` (BM25's term-frequency and length parts) and the
best come back, ties newest first. FTS5's own ``bm25()`` is not used: it first counts
every match of every phrase in the whole index (~30 ms for a common word at 200,000
messages), while walking matches newest first stops after the pool (~1 ms). Streaming replies are not
found until they finish (they are indexed on completion). Hidden rows (reasoning) and
the staged rows of a running import are never found.

Calls run on the caller's thread: the window calls them on its worker threads.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from enum import Enum
from typing import TYPE_CHECKING

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.memory_search import MemoryHitKind
from chathub_desktop.core.messages import Role
from chathub_desktop.core.rank_fusion import fuse
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.search_text import (
    SearchMode,
    Snippet,
    holds_all,
    markdown_snippet,
    mostly_stop_words,
    query_terms,
    rank_score,
    reads_as_words,
    telling_terms,
    terms_held,
)
from chathub_desktop.services.collector_pause import collector_paused
from chathub_desktop.services.dream.dream_service import dynamic_entries
from chathub_desktop.storage import branch_text as bt
from chathub_desktop.storage import message_search as ms
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.message_search import SEARCHED_ROLES, SearchScope
from chathub_desktop.storage.message_vectors import match_rows
from chathub_desktop.storage.session import Session

if TYPE_CHECKING:  # the embedding engine and numpy load on first use
    from chathub_desktop.services.search.semantic_recall import SemanticRecall

__all__ = [
    "CATCH_UP_BATCH", "DEFAULT_LIMIT", "LAG_NOTE_ROWS", "MAX_LIMIT", "MEANING_CAP", "MEANING_WHEN_FEWER", "MIN_MEANING_SCORE", "NO_TRGM_NOTE",
    "RANKED_POOL", "SEARCHED_ROLES", "SOME_WORDS_TERMS", "VERSIONS_POOL",
    "HitMatch", "MemoryHit", "MessageLocation", "OtherVersion", "SearchFilters", "SearchHit", "SearchPeriod", "SearchResults", "SearchRole",
    "SearchScope", "SearchService",
]

log = logging.getLogger(__name__)

#: Results a search returns by default, and the most it ever returns.
DEFAULT_LIMIT = 50
MAX_LIMIT = 500
#: The newest this many matches are ranked (see the module docstring).
RANKED_POOL = 400
#: The newest this many matches on the versions not in view join the ranked pool (issue
#: 29/30): the whole pool doubled a common word's search (14 -> 58 ms at 50,000 messages
#: and 2,000 stashes, ``benchmarks/bench_search_versions.py``), while a version is one of
#: a few a user looks back at.
VERSIONS_POOL = 100
#: Messages :meth:`SearchService.catch_up` indexes per write transaction (~0.1–0.4 s).
CATCH_UP_BATCH = 1000
#: A search says the index is still being built when more messages than this wait.
LAG_NOTE_ROWS = 20_000
#: Least score (cosine less hubness, ``SemanticRecall.nearest``) of a message found only
#: by meaning (issue 29: "comprehension" showed 19 unrelated "similar" rows). Measured on
#: the walk51b tester's store (36 messages, 4 queries): the paraphrases scored 0.051-0.098,
#: the unrelated rows at most 0.031 ("comprehension" -> a fuel-consumption reply), but
#: 0.062 for the emoji query "日本語 مرحبا 😀" ("give me code in C#"), whose three word
#: hits keep them out (:data:`MEANING_WHEN_FEWER`).
MIN_MEANING_SCORE = 0.045
#: Most messages found only by meaning (issue 29: they pad a list, never lead it)...
MEANING_CAP = 5
#: ...offered only while fewer word hits than this were found.
MEANING_WHEN_FEWER = 3
#: Terms of a query :meth:`SearchService.search` looks up one by one for ``some_words``.
SOME_WORDS_TERMS = 8
#: What a PostgreSQL store without ``pg_trgm`` says once.
NO_TRGM_NOTE = ("the pg_trgm extension is not installed in this database, so search scans every "
                "message (slower); an administrator can run CREATE EXTENSION pg_trgm")


class SearchPeriod(Enum):
    """How far back the Search page looks (its date filter; the value is its label)."""

    ANY = "Any time"
    WEEK = "Past week"
    MONTH = "Past month"
    YEAR = "Past year"

    @property
    def days(self) -> int | None:
        """The period in days (None: no limit)."""
        return {SearchPeriod.WEEK: 7, SearchPeriod.MONTH: 30, SearchPeriod.YEAR: 365}.get(self)


class SearchRole(Enum):
    """Whose messages the Search page finds (its role filter; the value is its label)."""

    ANY = "Anyone"
    USER = "You"
    ASSISTANT = "Assistant"


@dataclass(frozen=True, slots=True)
class SearchFilters:
    """The Search page's filters: one assistant's topics (None: all), a
    :class:`SearchPeriod` and a :class:`SearchRole`."""

    assistant_id: int | None = None
    period: SearchPeriod = SearchPeriod.ANY
    role: SearchRole = SearchRole.ANY

    def scope(self, now: datetime) -> SearchScope:
        """The :class:`SearchScope` of these filters at ``now`` (aware)."""
        days = self.period.days
        role = {SearchRole.USER: Role.USER, SearchRole.ASSISTANT: Role.ASSISTANT}.get(self.role)
        return SearchScope(self.assistant_id, since=None if days is None else now - timedelta(days=days), role=role)


class HitMatch(Enum):
    """How a message hit matched (session 51: by-meaning hits looked like word matches):
    it holds the query's words (``WORDS``: every one, or with ``some_words`` at least
    one), or it is only near the query in meaning (``MEANING``, the Search page's
    recall; it holds none of them)."""

    WORDS = "words"
    MEANING = "meaning"


@dataclass(frozen=True, slots=True)
class OtherVersion:
    """A hit on a version not in view (issue 29/30): version ``index`` of ``total`` at
    its fork position (from 1, as the ‹ n / m › switcher counts), ``index`` 0 when it
    forks off another version not in view."""

    index: int
    total: int


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One matched message: where it is (assistant, topic, message id), its role and
    time (UTC), the snippet with the matches' character spans, and its ``rank``
    (``core.search_text.rank_score``: higher is better). ``topic_untitled``: nobody has
    titled the topic, so ``topic_title`` is the English "New topic" and the window says
    its own words (issue 27). ``match``: by the query's words or only by meaning.
    ``version``: set when the message is on a version not in view (issue 29/30)."""

    message_id: int
    topic_id: int
    topic_title: str
    assistant_id: int
    assistant_name: str
    role: Role
    created_at: datetime
    snippet: Snippet
    rank: float
    topic_untitled: bool = False
    match: HitMatch = HitMatch.WORDS
    version: OtherVersion | None = None

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict (ISO 8601 UTC time; ``spans`` as ``[start, end]`` pairs)."""
        return {
            "message_id": self.message_id, "topic_id": self.topic_id, "topic_title": self.topic_title,
            "assistant_id": self.assistant_id, "assistant": self.assistant_name, "role": self.role,
            "created_at": self.created_at.isoformat(), "snippet": self.snippet.text,
            "spans": [list(s) for s in self.snippet.spans], "rank": self.rank, "match": self.match.value,
            "version": None if self.version is None else {"index": self.version.index, "total": self.version.total},
        }


@dataclass(frozen=True, slots=True)
class MemoryHit:
    """One matched memory entry (``kind`` :attr:`MemoryHitKind.MEMORY`) or dream card (``DREAM``) of an
    assistant, by its number (1-based) in that document, with its snippet; ``match``: it
    holds every word of the query, or it is only near it in meaning (issue 29/30)."""

    assistant_id: int
    assistant_name: str
    kind: MemoryHitKind
    number: int
    snippet: Snippet
    match: HitMatch = HitMatch.WORDS

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        d = asdict(self)
        d["snippet"] = self.snippet.text
        d["spans"] = [list(s) for s in self.snippet.spans]
        d["match"] = self.match.value
        return d


@dataclass(frozen=True, slots=True)
class SearchResults:
    """Hits best first, the ``mode`` that answered (SQLite: ``fts`` — the index — or
    ``like``; PostgreSQL: ``trgm`` — the index — or ``scan``) and a one-line ``note``
    for the user, if any."""

    query: str
    hits: list[SearchHit] = field(default_factory=list)
    mode: str = "none"
    note: str | None = None

    def to_json(self) -> dict[str, object]:
        """JSON-ready dict."""
        return {"query": self.query, "mode": self.mode, "note": self.note,
                "hits": [h.to_json() for h in self.hits]}


def _clamp(limit: int) -> int:
    return max(1, min(int(limit), MAX_LIMIT))


class SearchService:
    """Searches messages (:meth:`search`) and memory (:meth:`search_memory`; by meaning
    too with ``semantic``, the local embedding model's recall)."""

    def __init__(self, db: Database, semantic: SemanticRecall | None = None) -> None:
        self._db = db
        self._semantic = semantic
        self._pg_index: bool | None = None

    def search(self, query: str, *, assistant_id: int | None = None, limit: int = DEFAULT_LIMIT,
               mode: SearchMode = SearchMode.INDEX, scope: SearchScope | None = None,
               by_meaning: bool = False, some_words: bool = False, other_versions: bool = False) -> SearchResults:
        """Messages holding every term of ``query`` (``core.search_text.query_terms``),
        best first, at most ``limit`` (1..:data:`MAX_LIMIT`); only ``assistant_id``'s
        topics when given, only the topics ``scope`` allows when given (it wins over
        ``assistant_id``). ``mode`` :attr:`SearchMode.LIKE` forces the plain scan on
        SQLite (the benchmark's baseline). A blank query finds nothing.

        ``some_words`` (the Search page, issue 29): after those, the messages holding
        some of the terms (each of the first :data:`SOME_WORDS_TERMS` looked up alone),
        most terms held first, then by score; they are word hits too.

        ``by_meaning`` (the Search page's Messages tab, issue 26; implies ``some_words``):
        after the word hits, at most :data:`MEANING_CAP` messages holding none of the
        terms but nearest in meaning (``SemanticRecall.nearest``, those with a vector,
        scoring at least :data:`MIN_MEANING_SCORE`), only while fewer than
        :data:`MEANING_WHEN_FEWER` word hits were found; they are :attr:`HitMatch.MEANING`.
        Never for a query made mostly of stop words (``core.search_text.mostly_stop_words``,
        search53b: "of using the" has no meaning to be near). Blocking: it embeds the
        query and scans the scope's vectors.

        ``other_versions`` (the Search page and the CLI, issue 29/30; not the recall
        tools, whose model sees the branch in view only): the messages of the versions
        not in view holding every term rank with the others, each with its
        :attr:`SearchHit.version`."""
        scope = scope or SearchScope(assistant_id)
        terms = query_terms(query)
        if not terms:
            return SearchResults(query)
        limit = _clamp(limit)
        rows, used, note = self._matches(terms, scope, max(limit, RANKED_POOL), mode)
        other: list[ms.MatchRow] = []
        if other_versions:
            with self._db.read() as s:
                other = bt.branch_matches(s, terms, scope, max(limit, VERSIONS_POOL))
        stashed = {r.id for r in other}
        rows += other
        average = sum(len(r.content) for r in rows) / len(rows) if rows else 1.0
        scored = sorted(((rank_score(r.content, terms, average), r) for r in rows),
                        key=lambda sr: (-sr[0], -sr[1].id))[:limit]
        every = {r.id for _score, r in scored}
        if (some_words or by_meaning) and len(terms) > 1 and len(scored) < limit:
            scored += self._some_words(terms, scope, {r.id for _score, r in scored}, limit - len(scored), mode)
        words = {r.id for _score, r in scored}
        if (by_meaning and self._semantic is not None and len(scored) < MEANING_WHEN_FEWER
                and not mostly_stop_words(query)):
            scored += self._nearest(query, scope, words, min(MEANING_CAP, limit - len(scored)))
        # bold: every term where all are held, the telling ones ("a" is in every line) where
        # some are, none where the message was found by meaning
        marked = {True: terms, False: telling_terms(terms) or terms}
        versions = self._versions([r.id for _score, r in scored if r.id in stashed])
        hits = [
            SearchHit(r.id, r.topic_id, r.title, r.assistant_id, r.name, r.role, r.created_at,
                      markdown_snippet(r.content, marked[r.id in every] if r.id in words else []), score,
                      r.untitled, HitMatch.WORDS if r.id in words else HitMatch.MEANING, versions.get(r.id))
            for score, r in scored
        ]
        return SearchResults(query, hits, used, note)

    def _versions(self, message_ids: list[int]) -> dict[int, OtherVersion]:
        """Which version each stashed message of ``message_ids`` is (one read)."""
        if not message_ids:
            return {}
        with self._db.read() as s:
            numbers = bt.version_numbers(s, message_ids)
        return {mid: OtherVersion(index, total) for mid, (index, total) in numbers.items()}

    def version_of(self, message_id: int) -> bt.VersionPlace | None:
        """Where stashed message ``message_id`` is (None: in view, or gone), for opening
        a hit on another version. Reads the store: call it off the event loop."""
        with self._db.read() as s:
            return bt.version_place(s, message_id)

    def _matches(self, terms: list[str], scope: SearchScope, pool: int,
                 mode: SearchMode) -> tuple[list[ms.MatchRow], str, str | None]:
        """The newest ``pool`` messages of ``scope`` holding every one of ``terms``, the
        mode that answered and the note for the user (see :meth:`search`)."""
        note = None
        with self._db.read() as s:
            if self._db.is_sqlite:
                rows, used, lag = ms.sqlite_matches(s, terms, scope, pool, force_like=mode is SearchMode.LIKE)
                if lag > LAG_NOTE_ROWS:
                    note = (f"the search index is still being built ({lag:,} messages to go): results are "
                            "complete but slower")
            else:
                indexed = self._has_trgm_index(s)
                rows = ms.postgres_matches(s, terms, scope, pool, indexed=indexed)
                used, note = ("trgm", None) if indexed else ("scan", NO_TRGM_NOTE)
        return rows, used, note

    def _some_words(self, terms: list[str], scope: SearchScope, found: set[int], limit: int,
                    mode: SearchMode) -> list[tuple[float, ms.MatchRow]]:
        """Up to ``limit`` messages of ``scope`` outside ``found`` holding at least half
        (at least one) of the telling ``terms`` (``core.search_text.telling_terms``: a
        Latin term as a whole word, "a" or "of" never), most held first, then by score,
        ties newest first."""
        told = telling_terms(terms)[:SOME_WORDS_TERMS]
        rows: dict[int, ms.MatchRow] = {}
        for term in told:
            for r in self._matches([term], scope, RANKED_POOL, mode)[0]:
                if r.id not in found:
                    rows.setdefault(r.id, r)
        held = {mid: terms_held(r.content, told) for mid, r in rows.items()}
        kept = [r for r in rows.values() if held[r.id] >= max(1, len(told) // 2)]
        average = sum(len(r.content) for r in kept) / len(kept) if kept else 1.0
        ranked = sorted(((rank_score(r.content, terms, average), r) for r in kept),
                        key=lambda sr: (-held[sr[1].id], -sr[0], -sr[1].id))
        return ranked[:limit]

    def _nearest(self, query: str, scope: SearchScope, words: set[int],
                 limit: int) -> list[tuple[float, ms.MatchRow]]:
        """Up to ``limit`` messages of ``scope`` outside ``words`` nearest to ``query``
        in meaning with a score of at least :data:`MIN_MEANING_SCORE`, best first, each
        with its score."""
        assert self._semantic is not None
        near = [(mid, score) for mid, score in self._semantic.nearest(query, scope, RANKED_POOL)
                if score >= MIN_MEANING_SCORE and mid not in words][:limit]
        with self._db.read() as s:
            rows = {r.id: r for r in match_rows(s, [mid for mid, _score in near])}
        return [(score, rows[mid]) for mid, score in near if mid in rows]

    def index_lag(self) -> int:
        """Messages the SQLite index has not reached yet (0 on PostgreSQL, whose trigram
        index PostgreSQL keeps itself)."""
        if not self._db.is_sqlite:
            return 0
        with self._db.read() as s:
            return ms.index_lag(s)

    def catch_up(self, batch: int = CATCH_UP_BATCH) -> int:
        """Index the next ``batch`` messages past the mark in one write transaction
        (streaming ones are left to the update trigger, which indexes them when they
        finish); returns how many messages are still unindexed. Blocking — the GUI runs
        it on the store's workers, one batch at a time, so the write lock is never held
        for long. A no-op (0) on PostgreSQL."""
        if not self._db.is_sqlite:
            return 0
        with self._db.write() as s:
            return ms.index_batch(s, batch)

    def _has_trgm_index(self, s: Session) -> bool:
        if self._pg_index is None:
            self._pg_index = ms.has_trgm_index(s)
            if not self._pg_index:
                log.warning("search: %s", NO_TRGM_NOTE)
        return self._pg_index

    @property
    def ranks_by_meaning(self) -> bool:
        """Whether :meth:`search_memory` can rank by meaning (the embedding model is there)."""
        return self._semantic is not None

    def warm_memory(self, cancel: threading.Event | None = None) -> int:
        """Embed every memory entry and dream card the meaning ranking has not seen
        (the window does this in the background at start, so the first Ctrl+K query
        does not wait: 300 entries take ~20 s on a busy core); stops between batches on
        ``cancel``. Returns how many were embedded (0 without the model). Blocking.

        It yields the interpreter lock every ~1 ms of its Python work (:func:`let_others_run`):
        run at start, it overlapped a Memory page opened then, whose first paint waited for
        the lock at each of its calls into Python (10,000 entries: ~135 ms of parse and
        hashing, stall54b)."""
        if self._semantic is None:
            return 0
        with self._db.read() as s:
            documents = ms.memory_documents(s, None)
        # the parses stay in fixed memory's cache: made with the collector paused and kept out
        # of its later walks (10,000 entries set off a full collection on the window's thread
        # while it was idle: 15-24 ms of its CPU, issue 30)
        with collector_paused(keep=True):
            texts = [text for *_where, text in _entries(documents, let_others_run)]
        if not texts:
            return 0  # the model is not even loaded
        made = self._semantic.embed_texts(texts, cancel, let_others_run)
        if not (cancel is not None and cancel.is_set()):
            self._semantic.prepare()
        return made

    def search_memory(self, query: str, *, assistant_id: int | None = None,
                      limit: int = DEFAULT_LIMIT, by_meaning: bool = False) -> list[MemoryHit]:
        """Fixed-memory entries and dream cards holding every term of ``query``
        (case-insensitive), assistant by assistant, memory before dream cards, in
        document order; at most ``limit``.

        ``by_meaning`` (the Search page's memory tab, issue 26; never the model's
        ``searchMemory``, whose exact matching SPEC REF-3 fixes): the entries holding
        every term ranked by reciprocal rank fusion with their order in meaning
        (``SemanticRecall.nearest_texts``, ``core.rank_fusion``); then, by the Messages
        tab's rule (issue 29/30: "日本語 مرحبا 😀" listed every entry unmarked), at most
        :data:`MEANING_CAP` entries holding none of them but scoring at least
        :data:`MIN_MEANING_SCORE`, only while fewer than :data:`MEANING_WHEN_FEWER`
        entries hold them, as :attr:`HitMatch.MEANING`. Embeds the entries not seen
        before: seconds for hundreds, once.

        Only a query that reads as words (``core.search_text.reads_as_words``) is looked
        up by meaning (search53, walk52b #2): on walk52b's memory, "range(1, 11)" and
        "x**2" put "Use metric units." at a score of 0.053 and 0.067, as high as the
        paraphrases a user would agree with ("kilometres" 0.058, "where does Ana live"
        0.066 for "Ana's timezone is Europe/Lisbon."), so no threshold parts them. A
        message can be code too, so the Messages tab keeps them ("range(1, 11)" found
        the intervals and list-comprehension replies). Nor, on both tabs, a query made
        mostly of stop words (search53b, walk53b #3: "of using the" listed "Use metric
        units." as similar)."""
        terms = query_terms(query)
        if not terms:
            return []
        limit = _clamp(limit)
        with self._db.read() as s:
            documents = ms.memory_documents(s, assistant_id)
        entries = _entries(documents)
        exact = [i for i, entry in enumerate(entries) if holds_all(entry[4], terms)]
        order, similar = exact, []
        if by_meaning and self._semantic is not None and reads_as_words(query) and not mostly_stop_words(query):
            scored = self._semantic.nearest_texts(query, [e[4] for e in entries], max(limit, RANKED_POOL))
            held = set(exact)
            order = [i for i in fuse(exact, [i for i, _score in scored]) if i in held]
            if len(exact) < MEANING_WHEN_FEWER:
                similar = [i for i, score in scored if i not in held and score >= MIN_MEANING_SCORE][:MEANING_CAP]
        order = order[:limit]
        words = set(order)
        hits = []
        for i in order + similar[:limit - len(order)]:
            aid, name, kind, number, text = entries[i]
            word = i in words  # bold the terms only where all are held
            hits.append(MemoryHit(aid, name, kind, number, markdown_snippet(text, terms if word else []),
                                  HitMatch.WORDS if word else HitMatch.MEANING))
        return hits

    def locate(self, message_id: int) -> MessageLocation:
        """Where ``message_id`` is (for opening a search result). Raises
        ``services.errors.NotFound`` when it is gone. Reads the store: call it off the
        event loop."""
        from chathub_desktop.services.errors import NotFound

        with self._db.read() as s:
            where = ms.message_position(s, message_id)
        if where is None:
            raise NotFound(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no message %1 (it was deleted)"),
                                  (str(message_id),)))
        topic_id, assistant_id, position = where
        return MessageLocation(message_id, topic_id, assistant_id, position)


def _entries(documents: list[tuple[int, str, str, str]], pause: Callable[[], object] | None = None,
             ) -> list[tuple[int, str, MemoryHitKind, int, str]]:
    """``(assistant id, name, kind, number, text)`` of every memory entry and dream card
    of ``documents`` (``storage.message_search.memory_documents``), memory first;
    ``pause`` is called between steps of a fixed memory's parse (``fm.entries``)."""
    return [(aid, name, kind, e.number, e.text) for aid, name, fixed, dream in documents
            for kind, found in ((MemoryHitKind.MEMORY, fm.entries(fixed, pause)),
                                (MemoryHitKind.DREAM, dynamic_entries(dream)))
            for e in found]


#: Seconds a background step sleeps to hand the interpreter lock over (:func:`let_others_run`).
YIELD_S = 0.001


def let_others_run() -> None:
    """Release the interpreter lock for a moment (:data:`YIELD_S`), so that the window's
    thread, waiting for it at a call into Python, runs now rather than after the switch
    interval (5 ms) of a worker's long Python loop (stall54b). Worker threads only."""
    time.sleep(YIELD_S)


@dataclass(frozen=True, slots=True)
class MessageLocation:
    """Where a message is: its topic, that topic's assistant, and its position
    (0-based, in ``seq`` order) among the topic's messages."""

    message_id: int
    topic_id: int
    assistant_id: int
    position: int
