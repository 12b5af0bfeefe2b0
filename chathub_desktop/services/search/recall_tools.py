"""The recall tools in the chat tool registry (issue 26, APP-12, MEM-4, MEM-7).

:class:`RecallToolProvider` offers ``core.recall_tools.RECALL_TOOLS`` for an assistant
whose memory is on (MEM-1) and whose ``recall_topics`` setting is on; the request plan
leaves them out of private and group/member topics (``core.request_plan.without_memory``)
and a call from such a topic is refused here too. ``searchTopics`` asks the message
search index (``services.search.search_service``: FTS5 on SQLite, ``pg_trgm`` on PostgreSQL)
for the assistant's other public topics and, when a :class:`SemanticRecall` is given,
fuses that order with the nearest messages by meaning (``core.rank_fusion``; messages
not embedded yet are found by keywords alone); ``recentTopics`` reads
``storage.recall_queries``. Results are bounded JSON texts that open with a notice that
they are data; the send loop stores them as tool rows, which count as external tool
output for MEM-7, so a memory write after them is stored untrusted.
"""

from __future__ import annotations

from chathub_desktop.core.messages import ToolCall, ToolSpec
from chathub_desktop.core.rank_fusion import fuse
from chathub_desktop.core.recall_tools import (
    RECALL_TOOLS,
    SEARCH_TOPICS,
    RecallArgumentError,
    TopicHit,
    error_result,
    parse_args,
    recent_result,
    search_result,
)
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.search.search_service import SearchScope, SearchService
from chathub_desktop.services.search.semantic_recall import SemanticRecall
from chathub_desktop.services.transfer.import_staging import STAGED_PREFIX
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.message_vectors import match_rows
from chathub_desktop.storage.recall_queries import recent_topics
from chathub_desktop.storage.topic_rows import recallable_from

__all__ = ["RecallToolProvider"]

#: Ranked message hits asked of the search per call, before grouping by topic.
SEARCH_POOL = 40


class RecallToolProvider:
    """A ``services.chat.tool_registry.ToolProvider`` for the two recall tools (module doc)."""

    def __init__(self, db: Database, search: SearchService, semantic: SemanticRecall | None = None) -> None:
        self._db = db
        self._search = search
        self._semantic = semantic

    def tool_specs(self, assistant_id: int) -> tuple[ToolSpec, ...]:
        """Both recall tools when the assistant's memory and its ``recall_topics`` are on,
        else ``()`` (MEM-1). Blocking store read."""
        with self._db.read() as s:
            a = AssistantService.row(s, assistant_id)
            return RECALL_TOOLS if a.memory_enabled and a.recall_topics else ()

    def execute(self, assistant_id: int, topic_id: int, call: ToolCall) -> str:
        """Run one recall call made in ``topic_id``; returns its JSON result (errors as
        ``{"error": ...}``, never raised). Blocking: store threads."""
        with self._db.read() as s:
            if not recallable_from(s, topic_id):
                return error_result("earlier topics cannot be recalled from this topic")
        try:
            args = parse_args(call.name, call.arguments)
        except RecallArgumentError as exc:
            return error_result(str(exc))
        if call.name == SEARCH_TOPICS:
            scope = SearchScope(assistant_id, exclude_topic=topic_id, skip_private=True)
            found = self._search.search(args.query, limit=SEARCH_POOL, scope=scope)
            hits = {h.message_id: TopicHit(h.topic_id, h.topic_title, h.message_id, h.role, h.created_at,
                                           h.snippet.text) for h in found.hits}
            order = list(hits)
            if self._semantic is not None:
                near = [mid for mid, _score in self._semantic.nearest(args.query, scope, SEARCH_POOL)]
                order = fuse(order, near)
                with self._db.read() as s:
                    for r in match_rows(s, [mid for mid in near if mid not in hits]):
                        hits[r.id] = TopicHit(r.topic_id, r.title, r.id, r.role, r.created_at, r.content)
            return search_result(args.query, [hits[mid] for mid in order if mid in hits], args.limit)
        with self._db.read() as s:
            topics = recent_topics(s, assistant_id, topic_id, args.limit, STAGED_PREFIX)
        return recent_result(topics, args.limit)
