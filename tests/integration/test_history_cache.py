"""The warm topic history behind send, the badge and compaction (issues 9 and 29)."""

from __future__ import annotations

import pytest

from chathub_desktop.core import threshold_compaction as tc
from chathub_desktop.core.messages import ChatMessage, MessageStatus, Role
from chathub_desktop.core.request_plan import PendingTurn
from chathub_desktop.services.container import Services
from chathub_desktop.storage.topic_repository import update_reply
from chathub_desktop.tokens.counter import TokenCounter


def test_a_reply_streaming_when_read_is_read_again_once_another_process_finished_it(services: Services) -> None:
    """A row still streaming when the topic was read is read again at the next read, even
    when no event of this process says it changed (another process finished it): the
    badge and the next send count its final text (TOK-1), without reading the topic
    whole again."""
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Topic")
    services.topics.append_message(t.id, Role.USER, "hello")
    reply = services.topics.append_message(t.id, Role.ASSISTANT, "par", status=MessageStatus.STREAMING)
    cache = services.loader.history_cache
    assert cache is not None
    counter = TokenCounter.for_model("")
    with services.db.read() as s:
        first, _stale = cache.history(s, t.id, counter)
    assert [h.sendable for h in first] == [True, False]  # a reply still streaming is not sent
    with services.db.write() as s:  # as another process writes it: no event on this bus
        update_reply(s, reply.id, {"content": "partial, then final", "status": MessageStatus.COMPLETE.value})
    with services.db.read() as s:
        again, _stale = cache.history(s, t.id, counter)
    assert [h.message.content for h in again] == ["hello", "partial, then final"]
    assert [h.sendable for h in again] == [True, True]
    assert again[1].tokens == counter.count("assistant:\npartial, then final") + 3  # REF-26: 3 framing tokens
    assert cache.full_loads == 1
    with services.db.read() as s:  # nothing streams any more: the same rows kept, nothing read again
        kept = cache.history(s, t.id, counter, texts=False)[0]
        assert cache.history(s, t.id, counter, texts=False)[0] is kept
    assert cache.full_loads == 1


def test_the_badges_warm_rows_keep_counts_not_texts_and_count_what_is_sent(services: Services) -> None:
    """Issue 29 ("the badge reads the counts it needs, not the rows"): after the badge's
    count the warm rows hold no user or assistant text, only tool results keep theirs (a
    result whose call is not sent is counted again as a user turn, from its text); the
    figure is the count of the request a send assembles from the rows with their texts,
    and a send still posts every text."""
    from chathub_desktop.core.request_assembly import assemble_request
    from chathub_desktop.services.context import request_context

    a = services.assistants.create("Helper", instructions="Be brief.")
    t = services.topics.create(a.id, "Topic")
    services.topics.append_message(t.id, Role.USER, "what is the weather in Lisbon today?")
    services.topics.append_message(t.id, Role.ASSISTANT, "sunny and 24 degrees")
    services.topics.append_message(t.id, Role.TOOL, "browsing output with no call", tool_call_id="call-1",
                                   tool_name="browser")  # an imported result whose call is not stored
    services.topics.append_message(t.id, Role.USER, "and tomorrow?")
    est = services.estimates.estimate(t.id, "thanks")
    cache = services.loader.history_cache
    assert cache is not None
    kept = next(iter(cache._entries.values())).history
    assert [h.message.content for h in kept] == ["", "", "browsing output with no call", ""]
    ctx = request_context.load_context(services.db, services.catalog, t.id, services.memory, services.tools,
                                       history_cache=cache, pending_user=True)
    plan = assemble_request(ctx.with_draft("thanks"), ctx.counter.count)
    assert est.total == plan.total_tokens  # TOK-1: exactly the request's count
    assert est.parts == {p.name: p.tokens for p in plan.parts}
    assert [m.content for m in plan.messages[1:]] == [
        "what is the weather in Lisbon today?", "sunny and 24 degrees",
        "[Output of the browser tool]\nbrowsing output with no call", "and tomorrow?", "thanks"]
    assert next(iter(cache._entries.values())).history is kept  # the send's texts were not kept


def test_with_the_threshold_policy_and_a_bound_on_the_warm_rows_keep_sizes_not_texts(
        services: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: NUM-4/NUM-5 and NUM-11 count characters, yet with the threshold policy and
    a character bound on the badge's warm rows still hold no user or assistant text: each
    keeps the characters those rules count, and its plan (the NUM-4 size, the rows kept)
    is the plan of the rows with their texts that a send makes."""
    from chathub_desktop.services.context import request_context

    monkeypatch.setenv("PROMPT_MAX_HISTORY_CHARS", "30")
    services.settings.set("compact-enabled", "on")
    a = services.assistants.create("Helper", instructions="Be brief.")
    t = services.topics.create(a.id, "Topic")
    texts = ['say "hi"\n\tthen wait', "数据 🎉 naïve", 'a \\ b "c"', "and tomorrow?"]
    for i, text in enumerate(texts):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, text)
    est = services.estimates.estimate(t.id, "thanks")
    cache = services.loader.history_cache
    assert cache is not None
    kept = next(iter(cache._entries.values())).history
    assert [h.message.content for h in kept] == ["", "", "", ""]
    assert [h.text_chars for h in kept] == [len(x) for x in texts]
    ctx = request_context.load_context(services.db, services.catalog, t.id, services.memory, services.tools,
                                       history_cache=cache, pending_user=True)
    assert [h.message.content for h in ctx.history] == texts
    assert est.threshold_estimate is not None and ctx.threshold_estimate is not None
    assert est.threshold_estimate == ctx.threshold_estimate + tc.estimate_tokens([ChatMessage(Role.USER, "thanks")])
    sent = ctx.replanned(PendingTurn.of(ChatMessage(Role.USER, "thanks"))).plan.window
    assert sent.configured_limit == 3  # NUM-11: 30 characters keep "thanks" (6) and the newest two (13, 9)
    assert est.history.included == sent.kept
