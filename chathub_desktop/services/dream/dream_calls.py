"""The History Compress calls of a memory dream, bounded by that model's own window
(DRM-3, DRM-9, DRM-14, REF-12, REF-17).

- :func:`new_card_body` asks for one day's card: the prompt holds fixed memory and the
  kept cards as "already known" and the day's topics newest first, all within the
  prompt budget of :func:`~chathub_desktop.core.dream_prompt.dream_budget` for the
  model card's window (the same window compaction uses); its max output fits beside the
  prompt in 90% of that window (issue 28: +2,048 for an unlisted model no longer asks a
  2k-window model for more than its window); a max output set in the user's model card
  is the answer's cap (:func:`~chathub_desktop.core.dream_prompt.answer_cap`), and an
  answer cut before one line says which limit stopped it (walk50 #2). The answer is cleaned
  (:func:`~chathub_desktop.core.dream_prompt.clean_answer`); one the provider cut at its
  token limit keeps its complete lines
  (:func:`~chathub_desktop.core.dream_prompt.read_cut_dream_answer`). An answer that is
  the prompt echoed back (its rules, its headings; walk40: SmolLM2 after ↻) is refused
  (:func:`~chathub_desktop.core.prompt_echo.echoes_prompt`), and so is one that is the
  model chatting with its reader instead of describing the person
  (:func:`~chathub_desktop.core.card_chat.chats`, walk45 #6). Transcript lines copied
  back ("User: ok") are dropped, and a card that still mostly repeats itself is flagged
  ``degenerate`` (``core.card_repeats``, walk50 #2): the preview warns, a headless run
  does not append it.
- :func:`fold_body` re-summarizes folded cards into one range card (at most one
  "shorter" rewrite), or falls back to concatenation — also, without a call, when the
  folded text does not fit the model's prompt budget.

Tokens are counted with the encoding of the History Compress model
(:class:`~chathub_desktop.tokens.counter.TokenCounter`), on a worker thread.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from chathub_desktop.core import dream_prompt as dp
from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.card_chat import chats
from chathub_desktop.core.card_repeats import degenerate, repeated_lines, without_transcript_lines
from chathub_desktop.core.compaction import SUMMARIZER_SAFE_SHARE, completion_budget
from chathub_desktop.core.messages import ChatMessage
from chathub_desktop.core.model_cards import WindowSource
from chathub_desktop.core.prompt_echo import echoes_prompt
from chathub_desktop.core.reasons import Reason
from chathub_desktop.services.compaction.summarizer import Summarizer, SummarizerFailed
from chathub_desktop.services.dream.dream_reasons import DreamReason, bounded_note, cut_reason
from chathub_desktop.storage.memory_change_queries import current_body
from chathub_desktop.storage.memory_history import FIXED
from chathub_desktop.storage.session import Session
from chathub_desktop.tokens.counter import TokenCounter

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class CardAnswer:
    """The model's card ``body`` (None: ``NO_CHANGES`` or nothing usable), the
    ``prompt`` it answered (what was left out), the ``budget`` used and whether the
    answer was ``cut`` at the token limit."""

    body: str | None
    prompt: dp.DreamPrompt
    budget: dp.DreamBudget
    #: The provider stopped the answer at its token limit: ``body`` is its complete lines.
    cut: bool = False
    #: ``body`` mostly repeats itself (``core.card_repeats.degenerate``, walk50 #2).
    degenerate: bool = False

    def read_note(self) -> tuple[Reason, ...]:
        """Nothing, or how the material was bounded, e.g. ``"; 18 of 30 topics were left
        out and 12 shortened to fit the History Compress model's 2,048-token window"``
        (a note of the run's outcome, issue 27)."""
        p = self.prompt
        cut = (Reason(DreamReason.COMPLETE_LINES_KEPT),) if self.cut else ()
        return bounded_note(p.topics_left_out, p.topics_total, p.topics_shortened, self.budget.window) + cut


def fixed_entries(s: Session, assistant_id: int) -> list[fm.Entry]:
    """The assistant's fixed-memory entries (REF-1), for the dream's "already known"."""
    body = current_body(s, assistant_id, FIXED)
    return fm.entries(body) if body else []


def _card_blocks(cards: Sequence[dm.Card]) -> list[str]:
    return [f"#{i} [{c.display_tag}]:\n{dm.visible_body(c)}" for i, c in enumerate(cards, 1)]


def _counter(summarizer: Summarizer) -> TokenCounter:
    return TokenCounter.for_model(summarizer.target.model)


def _tokens(counter: TokenCounter, messages: Sequence[ChatMessage]) -> int:
    return sum(counter.count(m.content) + dp.MESSAGE_OVERHEAD_TOKENS for m in messages)


async def new_card_body(summarizer: Summarizer, name: str, day: date, materials: Sequence[dp.TopicMaterial],
                        cards: Sequence[dm.Card], fixed: Sequence[fm.Entry]) -> CardAnswer:
    """Ask for the card of history day ``day`` (DRM-3). The prompt fits the model's
    prompt budget; the completion asks for the budget's answer tokens (+2,048 for a
    reasoning-capable or unlisted model, REF-21), at most what is left of 90% of the
    window beside the prompt. An answer cut at the token limit keeps its complete lines
    (``cut``, issue 28). Raises :class:`SummarizerFailed` (nothing sent) when not one
    topic fits that budget, and for an empty answer, one cut before its first complete
    line, one that echoes the prompt (issue 28), one that is chat (walk45 #6), or any
    failure of the call."""
    budget = dp.dream_budget(summarizer.target.window)
    counter = await asyncio.to_thread(_counter, summarizer)
    prompt = await asyncio.to_thread(
        dp.dream_request, name, day, materials, _card_blocks(cards), [f"#{e.number}: {e.text}" for e in fixed],
        prompt_tokens=budget.prompt_tokens, count=counter.count, language=summarizer.target.language)
    if materials and not prompt.topics_shown:
        raise SummarizerFailed(Reason(DreamReason.WINDOW_TOO_SMALL, (f"{budget.window:,}",)))
    target = summarizer.target
    room = int(SUMMARIZER_SAFE_SHARE * budget.window) - await asyncio.to_thread(_tokens, counter, prompt.messages)
    cap, source = dp.answer_cap(budget, target.card.max_output, target.card.window_source is WindowSource.USER_CARD)
    cap = completion_budget(cap, target.extra_budget and source is not dp.CapSource.CARD)
    max_tokens = min(cap, room)
    done = await summarizer.complete(prompt.messages, max(1, max_tokens), exact=True)
    if not done.text.strip():
        raise SummarizerFailed(Reason(DreamReason.EMPTY_ANSWER))
    body = dp.read_cut_dream_answer(done.text) if done.truncated else dp.read_dream_answer(done.text)
    if done.truncated and body is None:
        raise SummarizerFailed(cut_reason(cap, source, room, budget.window))
    if body is not None:  # walk50 #2: "User: ok" lines copied from the day's transcript
        body = without_transcript_lines(body)
        if not body:
            raise SummarizerFailed(Reason(DreamReason.ECHOED_PROMPT))
    system = prompt.messages[0].content
    known = [dm.visible_body(c) for c in cards] + [e.text for e in fixed]
    if body is not None and echoes_prompt(body, system, [m.content for m in prompt.messages], known):
        log.info("dream card of %s refused: it echoes the prompt (%d characters)", target.label, len(body))
        raise SummarizerFailed(Reason(DreamReason.ECHOED_PROMPT))
    if body is not None and (repeats := repeated_lines(body)) is not None:  # walk42 #2: ten near-identical lines
        log.info("dream card of %s refused: %d of its %d lines nearly repeat another", target.label, *repeats)
        raise SummarizerFailed(Reason(DreamReason.REPEATS_ITSELF, (str(repeats[0]), str(repeats[1]))))
    if body is not None and chats(body):  # walk45 #6: "I have nothing to edit… Please go ahead and share…"
        log.info("dream card of %s refused: it is the model chatting, not a card (%d characters)",
                 target.label, len(body))
        raise SummarizerFailed(Reason(DreamReason.CHATTED))
    if done.truncated:
        assert body is not None
        log.info("dream card of %s cut at its token limit: kept %d of %d characters (its complete lines)",
                 target.label, len(body), len(done.text))
    looping = body is not None and degenerate(body)
    if looping:
        log.info("dream card of %s mostly repeats itself (%d characters)", target.label, len(body or ""))
    return CardAnswer(body, prompt, budget, cut=done.truncated, degenerate=looping)


async def fold_body(summarizer: Summarizer, plan: dm.FoldPlan) -> tuple[str, dm.FoldMethod]:
    """The range card body and how it was made: ``model`` (a re-summary in an opaque
    envelope) or ``concatenated`` (DRM-9, REF-12). A request over the model's prompt
    budget is not sent: it falls back to concatenation."""
    limit = dm.SUMMARY_BODY_MAX  # a re-summary this long fits its envelope uncut
    budget = dp.dream_budget(summarizer.target.window)
    start, end = plan.span
    material = plan.material()
    counter = await asyncio.to_thread(_counter, summarizer)
    body: str | None = None
    try:
        request = dp.fold_request(material, start, end, limit, summarizer.target.language)
        if await asyncio.to_thread(_tokens, counter, request) > budget.prompt_tokens:
            raise SummarizerFailed("the folded cards do not fit the History Compress model's window")
        done = await summarizer.complete(request, budget.fold_answer_tokens)
        body = None if done.truncated else dp.read_fold_answer(done.text, limit)
        if body is None:  # one "rewrite shorter" request (REF-12)
            request = dp.shorter_request(material, done.text, start, end, limit, summarizer.target.language)
            if await asyncio.to_thread(_tokens, counter, request) > budget.prompt_tokens:
                raise SummarizerFailed("the rewrite request does not fit the History Compress model's window")
            done = await summarizer.complete(request, budget.fold_answer_tokens)
            body = None if done.truncated else dp.read_fold_answer(done.text, limit)
    except SummarizerFailed as exc:
        log.info("dream fold fell back to concatenation: %s", exc)
        body = None
    if body is None:
        return dm.concat_fold_body(plan), dm.FoldMethod.CONCATENATED
    return dm.opaque_body(body), dm.FoldMethod.MODEL
