"""Warm per-topic history snapshots (issue 9: one topic load per send).

Reading a 20,000-message topic and building its history costs hundreds of
milliseconds; a send, the badge and compaction all need it. :class:`TopicHistoryCache`
keeps each topic's rows (with token counts of one encoding) and brings them up to date
cheaply: one aggregate query (:func:`storage.topic_repository.history_version`) tells
whether rows were only appended since; then only the new rows, the rows this process
changed (bus events) and the rows that were still streaming are read again. An edit or
a deletion anywhere — by this process or another — changes the version and the topic
is read whole again.

The rows kept hold their counts, not their texts (issue 29: a 20,000-message topic's texts
are 3.5 MB and more at rest): only tool results keep theirs, the one text a count may
need again (``storage.topic_repository.load_rows`` with ``texts`` False). A caller that
sends, summarizes or digests rows asks for the texts (:meth:`TopicHistoryCache.history`'s
``texts``), read again for it and not kept. A caller whose plan weighs characters (the
threshold policy, a history bound) asks for the rows' ``sizes``: each row read without
its text then carries the characters those rules count (kept with the rows).

Thread model: :meth:`history` runs on the store's worker threads; bus events arrive on
any thread. One lock guards the map; it is never held while reading the store.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from chathub_desktop.core.request_assembly import HistoryMessage
from chathub_desktop.services.events import (
    ChatEvent,
    EventBus,
    MessageAdded,
    ReplyFinished,
)
from chathub_desktop.storage.session import Session
from chathub_desktop.storage.topic_repository import (
    HistoryVersion,
    history_version,
    load_rows,
    with_texts,
)
from chathub_desktop.tokens.counter import TokenCounter


@dataclass
class _Entry:
    encoding: str
    version: HistoryVersion
    history: tuple[HistoryMessage, ...]
    #: Ids of the rows that were still streaming when read (read again next time).
    streaming: frozenset[int]
    #: The rows carry their texts' sizes (``load_rows``' ``sizes``).
    sized: bool
    dirty: set[int] = field(default_factory=set)


class TopicHistoryCache:
    """Per-topic history rows kept warm across sends, estimates and compactions.

    ``full_loads`` counts whole-topic reads (a test bounds it per send); ``max_topics``
    bounds memory (least recently used topics are dropped first).
    """

    def __init__(self, bus: EventBus | None = None, max_topics: int = 16) -> None:
        self._lock = threading.Lock()
        self._entries: dict[int, _Entry] = {}
        self._max = max_topics
        self.full_loads = 0
        if bus is not None:
            bus.subscribe(self._on_event)

    def _on_event(self, event: ChatEvent) -> None:
        if isinstance(event, (MessageAdded, ReplyFinished)):
            self.touch(event.topic_id, event.message_id)

    def touch(self, topic_id: int, message_id: int) -> None:
        """Row ``message_id`` of ``topic_id`` was written by this process: read it again."""
        with self._lock:
            entry = self._entries.get(topic_id)
            if entry is not None:
                entry.dirty.add(message_id)

    def forget(self, topic_id: int | None = None) -> None:
        """Drop one topic's rows (all topics when ``topic_id`` is None)."""
        with self._lock:
            if topic_id is None:
                self._entries.clear()
            else:
                self._entries.pop(topic_id, None)

    def history(self, s: Session, topic_id: int, counter: TokenCounter, *, texts: bool = True,
                sizes: bool = False) -> tuple[tuple[HistoryMessage, ...], list[dict[str, object]]]:
        """The topic's rows, oldest first, with token counts of ``counter``'s encoding, and
        the counts that were missing (to cache with ``store_counts``). ``texts`` False:
        the rows as kept, only tool results with their text (the badge's count, issue 29);
        ``sizes``: those rows carry their texts' sizes (``load_rows``)."""
        rows, stale = self._rows(s, topic_id, counter, sizes)
        return (with_texts(s, topic_id, rows) if texts else rows), stale

    def _rows(self, s: Session, topic_id: int, counter: TokenCounter, sizes: bool) -> tuple[
            tuple[HistoryMessage, ...], list[dict[str, object]]]:
        """The rows kept (texts dropped), brought up to date; with their sizes when
        ``sizes`` (rows kept without them are read again)."""
        version = history_version(s, topic_id)
        with self._lock:
            entry = self._entries.pop(topic_id, None)
            if entry is not None:
                self._entries[topic_id] = entry  # most recently used last
                dirty = set(entry.dirty)
        if (entry is not None and entry.encoding == counter.encoding_name and entry.version.edited == version.edited
                and (entry.sized or not sizes)):
            if dirty or entry.streaming or version != entry.version:
                refreshed = self._refresh(s, topic_id, counter, entry, dirty, version)
                if refreshed is not None:
                    return refreshed
            else:  # nothing changed since the last read
                return entry.history, []
        rows, stale = load_rows(s, topic_id, counter.count, counter.encoding_name, texts=False, sizes=sizes)
        with self._lock:
            self.full_loads += 1
        fresh = _Entry(counter.encoding_name, version, tuple(rows.history), rows.streaming, sizes)
        self._keep(topic_id, fresh, set())
        return fresh.history, stale

    def _refresh(self, s: Session, topic_id: int, counter: TokenCounter, entry: _Entry, dirty: set[int],
                 version: HistoryVersion) -> tuple[tuple[HistoryMessage, ...], list[dict[str, object]]] | None:
        """Bring ``entry`` up to date by reading only new, touched and streaming rows;
        ``None`` when rows were deleted meanwhile (the caller reads the topic whole)."""
        refresh = dirty | entry.streaming
        fresh, stale = load_rows(s, topic_id, counter.count, counter.encoding_name,
                                 ids=refresh, after_id=entry.version.max_id, texts=False, sizes=entry.sized)
        appended = tuple(h for h in fresh.history if h.id > entry.version.max_id)
        if len(entry.history) + len(appended) != version.count:
            return None
        by_id = {h.id: h for h in fresh.history if h.id <= entry.version.max_id}
        missing = refresh - set(by_id) - {h.id for h in appended}
        if missing and any(h.id in missing for h in entry.history):
            return None  # a touched or streaming row is gone
        # every row streaming before was read again: the ones still streaming are among these
        if by_id:
            history = tuple(by_id.get(h.id, h) for h in entry.history) + appended
        else:  # only appends: extend without walking the old rows
            history = entry.history + appended
        new = _Entry(counter.encoding_name, version, history, fresh.streaming, entry.sized)
        self._keep(topic_id, new, dirty)
        return new.history, stale

    def _keep(self, topic_id: int, entry: _Entry, consumed: set[int]) -> None:
        with self._lock:
            old = self._entries.pop(topic_id, None)
            if old is not None:
                entry.dirty |= old.dirty - consumed  # touched while this read ran
            self._entries[topic_id] = entry
            while len(self._entries) > self._max:
                self._entries.pop(next(iter(self._entries)))
