"""The History Compress model: resolving it and asking it for a merged summary (CMP-3, CMP-5, REF-21).

:func:`resolve_summarizer` reads the ``history-compress-model`` setting
(``PROVIDER/MODEL``; a bare model such as the default ``gpt-5-mini`` runs on the first
configured provider of kind OpenAI) and its model card. :class:`Summarizer` sends one
batch through the provider's ordinary streaming client and returns the cleaned summary,
or raises :class:`SummarizerFailed` — once, never retried (CMP-5).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from chathub_desktop.core.app_settings import CARD_LANGUAGE, HISTORY_COMPRESS_MODEL
from chathub_desktop.core.card_language import card_language_name
from chathub_desktop.core.compaction import (
    SummarizerBudget,
    completion_budget,
    summarizer_budget,
    summarizer_window,
)
from chathub_desktop.core.compaction_prompt import (
    clean_summary,
    read_cut_summary,
    summary_prompt,
    without_framing,
)
from chathub_desktop.core.messages import ChatMessage
from chathub_desktop.core.model_cards import least_reasoning
from chathub_desktop.core.overflow import is_length_stop
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.request_assembly import message_tokens
from chathub_desktop.core.summarizer_problem import SummarizerProblem
from chathub_desktop.providers.base import (
    ChatClient,
    ChatRequest,
    ErrorKind,
    FinishEvent,
    ProviderError,
    ReasoningDelta,
    TextDelta,
    ToolCallEvent,
)
from chathub_desktop.providers.catalog import ModelCardInfo, ModelCatalog
from chathub_desktop.providers.fault_words import fault_reason
from chathub_desktop.services.assistants.settings_service import SettingsService
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.providers.model_card_service import resolve_card
from chathub_desktop.services.providers.provider_service import ProviderService
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.provider_lookup import first_provider_of_kind, provider_named
from chathub_desktop.tokens.counter import TokenCounter

log = logging.getLogger(__name__)

#: Environment variable with the per-call deadline in milliseconds (CMP-5).
TIMEOUT_ENV = "CONTEXT_COMPACTION_SUMMARIZER_TIMEOUT_MS"
DEFAULT_TIMEOUT_MS = 120_000


#: How to set the model, for the CLI and the logs (the settings page says it its own way).
HOW_TO_SET = Reason(QT_TRANSLATE_NOOP("ServiceReasons", "choose one in Settings → System Agent (headless: settings "
                                                        "set history-compress-model PROVIDER/MODEL)"))


class SummarizerUnavailable(InvalidInput):
    """No usable History Compress model is configured. ``str(err)`` is ``what`` followed
    by ``fix`` (default :data:`HOW_TO_SET`), typed as ``why`` (issue 27); ``what`` alone is
    what is wrong (for the settings page; ``reason`` its English), ``problem`` says which
    case it is (a :class:`SummarizerProblem`) and ``model`` is the configured model id
    ("" when none)."""

    def __init__(self, what: Reason, fix: Reason = HOW_TO_SET,
                 problem: SummarizerProblem = SummarizerProblem.NO_PROVIDER, model: str = "") -> None:
        super().__init__(Reason("%1: %2", (what, fix)))
        self.what = what
        self.reason = what.english()
        self.problem = problem
        self.model = model


class FailureReason(StrEnum):
    """Why one History Compress call failed, as typed reasons (issue 27, ``core.reasons``;
    ``%n``: the value, e.g. the provider's own words, shown as they are)."""

    UNUSABLE = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model cannot be used: %1")
    BATCH_TOO_LARGE = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model's context window (%1 tokens) "
                                                          "is too small for this batch: its prompt needs about %2 "
                                                          "tokens and the summary %3 more; choose a History "
                                                          "Compress model with a larger window")
    CUT_AT_LIMIT = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model stopped at its token limit before "
                                                       "completing one sentence of the summary")
    EMPTY = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model returned an empty summary")
    TIMEOUT = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model did not answer within %1 s")
    TOO_LONG = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model rejected the batch as too long for "
                                                   "its context window: %1")
    FAILED = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model failed: %1")
    REQUEST_FAILED = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model request failed: %1")
    TOOL_CALL = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model answered with a tool call instead "
                                                    "of text")
    REASONING_ONLY = QT_TRANSLATE_NOOP("ServiceReasons", "the History Compress model answered with reasoning only, "
                                                         "no text")


class SummarizerFailed(Exception):
    """One summarizer call failed (empty, reasoning-only, tool-call-only, cut at the
    token limit with nothing complete, over-context, timeout, provider error).
    ``str(err)`` is user-facing (English); given a typed :class:`Reason`, ``why``
    keeps it for the window to say in the interface language (issue 27), else None.
    A transport failure's ``why`` is the plain sentence of
    :func:`~chathub_desktop.providers.fault_words.fault_reason` and ``str(err)`` the raw
    ``raw`` text it stands for (walk53c #1: kept for Details)."""

    def __init__(self, message: str | Reason, raw: Reason | None = None) -> None:
        self.why = message if isinstance(message, Reason) else None
        # ``raw``: the provider's own words behind a plain ``message``, kept for Details (walk53c #1)
        shown = raw or message
        super().__init__(shown.english() if isinstance(shown, Reason) else shown)


def summarizer_timeout_s() -> float:
    """The per-call deadline in seconds: ``CONTEXT_COMPACTION_SUMMARIZER_TIMEOUT_MS`` / 1000
    (default 120 s; an unusable value falls back to the default) (CMP-5)."""
    raw = os.environ.get(TIMEOUT_ENV, "").strip()
    try:
        ms = float(raw) if raw else DEFAULT_TIMEOUT_MS
    except ValueError:
        ms = DEFAULT_TIMEOUT_MS
    return (ms if ms > 0 else DEFAULT_TIMEOUT_MS) / 1000.0


@dataclass(frozen=True)
class SummarizerTarget:
    """The resolved History Compress model.

    ``window`` is the summarizer's context window in tokens: a user model card for that
    provider and model, else the catalog card, else 128,000 (REF-20, CMP-4).
    """

    provider_id: int
    provider_name: str
    kind: ProviderKind
    model: str
    card: ModelCardInfo
    window: int
    #: The language summaries and dream cards are asked in (``card-language``; None: the material's).
    language: str | None = None

    @property
    def label(self) -> str:
        """``PROVIDER/MODEL`` as stored with the summary (CMP-18)."""
        return f"{self.provider_name}/{self.model}"

    @property
    def extra_budget(self) -> bool:
        """True for reasoning-capable or unlisted models (REF-21: +2048 completion tokens)."""
        return self.card.reasoning or not self.card.known

    def budget(self, cap: int) -> SummarizerBudget:
        """This model's batch, prompt and completion budgets for a summary cap of ``cap``
        tokens (CMP-4, REF-20, REF-21), with the exact size of the prompt's instructions."""
        counter = TokenCounter.for_model(self.model)
        overhead = sum(message_tokens(m, counter.count) for m in summary_prompt("", (), cap))
        return summarizer_budget(self.window, cap, self.extra_budget, overhead)


def parse_setting(text: str | None) -> tuple[str | None, str]:
    """``(provider_name or None, model)`` from a ``history-compress-model`` value."""
    text = (text or "").strip()
    if "/" in text:
        provider, model = text.split("/", 1)
        return provider.strip() or None, model.strip()
    return None, text


def resolve_summarizer(db: Database, settings: SettingsService, catalog: ModelCatalog) -> SummarizerTarget:
    """The configured History Compress model (CMP-3): :func:`resolve_summarizer_value`
    of the stored setting, asked to write in the ``card-language`` setting's language
    (issue 27). Raises :class:`SummarizerUnavailable` when no provider fits."""
    target = resolve_summarizer_value(db, catalog, settings.value(HISTORY_COMPRESS_MODEL))
    return replace(target, language=settings.value(CARD_LANGUAGE))


def for_assistant(target: SummarizerTarget, card_language: str | None) -> SummarizerTarget:
    """``target`` asked to write in an assistant's card language (issue 27:
    ``assistant.card_language``, a ``core.card_language`` value word): set, it wins over
    the ``card-language`` setting; ``None`` returns ``target`` itself, unchanged."""
    language = card_language_name(card_language, target.language)
    return target if language == target.language else replace(target, language=language)


def resolve_summarizer_value(db: Database, catalog: ModelCatalog, value: object) -> SummarizerTarget:
    """The History Compress model a setting ``value`` names (CMP-3), stored or not yet
    (Settings → System Agent checks one before it saves it, walkthrough F7).

    ``PROVIDER/MODEL`` names a provider; when the part before the first ``/`` is not a
    provider name the whole value is taken as the model id. A bare model runs on the
    first configured provider of kind ``openai``. Raises :class:`SummarizerUnavailable`
    when no model is given or no provider fits.
    """
    provider_name, model = parse_setting(value if isinstance(value, str) else None)
    with db.read() as s:
        provider = provider_named(s, provider_name) if provider_name is not None else None
        if provider_name is not None and provider is None:
            model = f"{provider_name}/{model}"
        if not model:
            raise SummarizerUnavailable(Reason(QT_TRANSLATE_NOOP(
                "ServiceReasons", "no History Compress model is chosen")), problem=SummarizerProblem.EMPTY)
        if provider is None:
            provider = first_provider_of_kind(s, ProviderKind.OPENAI)
        if provider is None:
            raise SummarizerUnavailable(
                Reason(QT_TRANSLATE_NOOP("ServiceReasons", "none of your providers serves the History Compress model "
                                                           "%1 (the model that writes summaries)"), (repr(model),)),
                Reason(QT_TRANSLATE_NOOP("ServiceReasons", "add an OpenAI provider, or %1"), (HOW_TO_SET,)),
                problem=SummarizerProblem.NO_PROVIDER, model=model)
        kind = ProviderKind(provider.kind)
        card = resolve_card(s, catalog, provider, model)
        return SummarizerTarget(
            provider_id=provider.id,
            provider_name=provider.name,
            kind=kind,
            model=model,
            card=card,
            window=summarizer_window(card.context_window if card.known else None, card.context_window),
        )


@dataclass(frozen=True)
class Completion:
    """One answer of the History Compress model: its ``text`` (reasoning dropped) and
    whether the provider stopped it at the token limit (``truncated``, REF-12)."""

    text: str
    truncated: bool


class Summarizer:
    """Runs summarizer calls for one resolved :class:`SummarizerTarget`.

    Used as ``async with Summarizer(...) as s:`` (a compaction run's batches, issue 28)
    it builds ONE provider client on the first call (the store read, the key lookup and
    the TCP/TLS connection) and reuses it for every later call; leaving the block closes
    it, on every path. Outside such a block each call builds and closes its own client.
    """

    def __init__(self, providers: ProviderService, target: SummarizerTarget) -> None:
        self._providers = providers
        self.target = target
        self._session = False
        self._client: ChatClient | None = None
        #: Summaries the provider cut at the token limit, kept as their complete part (issue 28).
        self.cut = 0

    async def __aenter__(self) -> Summarizer:
        """Reuse one provider client until the block ends."""
        self._session = True
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the reused provider client (if one was built); later calls build their own."""
        client, self._client, self._session = self._client, None, False
        if client is not None:
            await client.aclose()

    async def _acquire(self) -> ChatClient:
        """The client for one call: the session's (built once), else a new one."""
        if self._client is not None:
            return self._client
        try:
            client = await self._providers.aclient(self.target.provider_id)
        except InvalidInput as exc:
            raise SummarizerFailed(Reason(FailureReason.UNUSABLE, (str(exc),))) from None
        if self._session:
            self._client = client
        return client

    def request(self, messages: Sequence[ChatMessage], max_tokens: int, *, exact: bool = False) -> ChatRequest:
        """A request of ``messages`` to this model: no tools, ``max_tokens`` output
        tokens (+2048 for reasoning-capable or unlisted models unless ``exact``: the
        caller already budgeted them), thinking off or lowest effort as the card allows
        (REF-21)."""
        extra = least_reasoning(self.target.card, self.target.kind)
        completion = max_tokens if exact else completion_budget(max_tokens, self.target.extra_budget)
        return ChatRequest(model=self.target.model, messages=tuple(messages), max_tokens=completion, extra=extra)

    def summary_request(self, existing_summary: str, messages: Sequence[ChatMessage],
                        cap_tokens: int, *, focus: str = "", edited: bool = False) -> ChatRequest:
        """The request that merges ``messages`` into ``existing_summary``, sized for this
        model's window (CMP-4): the summary cap of :meth:`SummarizerTarget.budget`, and
        ``max_tokens`` = its completion budget within ``floor(0.9 × window) −`` the prompt's
        local count, so prompt + completion never exceed 90% of the window. Raises
        :class:`SummarizerFailed` when not even the summary cap fits beside the prompt."""
        budget = self.target.budget(cap_tokens)
        prompt = summary_prompt(existing_summary, messages, budget.cap, focus=focus, edited=edited,
                                language=self.target.language)
        counter = TokenCounter.for_model(self.target.model)
        prompt_tokens = sum(message_tokens(m, counter.count) for m in prompt)
        room = budget.usable - prompt_tokens
        if room < budget.cap:
            raise SummarizerFailed(Reason(FailureReason.BATCH_TOO_LARGE,
                                          (f"{budget.window:,}", f"{prompt_tokens:,}", f"{budget.cap:,}")))
        max_tokens = min(budget.completion, room)
        log.info("summarizer request to %s: %d prompt tokens (local count) + %d completion tokens, window %d",
                 self.target.label, prompt_tokens, max_tokens, budget.window)
        return self.request(prompt, max_tokens, exact=True)

    async def summarize(self, existing_summary: str, messages: Sequence[ChatMessage], cap_tokens: int, *,
                        focus: str = "", edited: bool = False) -> str:
        """Merge ``messages`` into ``existing_summary``; returns the new summary text.
        ``focus`` / ``edited``: the user's focus instructions and an edited summary
        (``core.compaction_prompt.summary_prompt``, issue 19).

        One call (:meth:`summary_request`) under the :func:`summarizer_timeout_s`
        deadline. The prompt's framing lines written back ("Current summary:", "[user]",
        "(empty)"; ``core.compaction_prompt.without_framing``) are dropped. A reply cut at the token limit (``length``/``max_tokens``) is still a
        summary: it is kept up to its last complete sentence or line, each line and
        sentence once (``core.compaction_prompt.read_cut_summary``; counted in :attr:`cut`). Raises :class:`SummarizerFailed` for a
        batch too large for the window, an empty, whitespace-only, reasoning-only or
        tool-call-only reply, a cut one with no complete sentence or line, an over-context
        rejection, a timeout or any provider failure (CMP-5). ``asyncio.CancelledError``
        passes through (Stop, CMP-13). Reasoning text is read and dropped (CMP-3).
        """
        request = self.summary_request(existing_summary, messages, cap_tokens, focus=focus, edited=edited)
        done = await self._send(request)
        summary = without_framing(clean_summary(done.text))  # walk40: SmolLM2 wrote "[user]", "(empty)" back
        if done.truncated and summary:
            kept = read_cut_summary(summary)
            if not kept:
                raise SummarizerFailed(Reason(FailureReason.CUT_AT_LIMIT))
            log.info("summary of %s cut at its token limit: kept %d of %d characters (its complete part, "
                     "each line and sentence once)", self.target.label, len(kept), len(summary))
            summary = kept
            self.cut += 1
        if not summary:
            raise SummarizerFailed(Reason(FailureReason.EMPTY))
        return summary

    async def complete(self, messages: Sequence[ChatMessage], max_tokens: int, *, exact: bool = False) -> Completion:
        """Send ``messages`` (see :meth:`request`, ``exact`` as there) and collect the answer.

        One call under the :func:`summarizer_timeout_s` deadline. Raises
        :class:`SummarizerFailed` for a reasoning-only or tool-call-only reply, an
        over-context rejection, a timeout or any provider failure; a reply cut at the
        token limit is returned with ``truncated`` set, an empty one with empty ``text``. ``asyncio.CancelledError``
        passes through (Stop).
        """
        return await self._send(self.request(messages, max_tokens, exact=exact))

    async def _send(self, request: ChatRequest) -> Completion:
        """Stream ``request`` and collect the answer (see :meth:`complete` for errors)."""
        client = await self._acquire()
        text: list[str] = []
        reasoning = 0
        calls = 0
        finish: str | None = None
        timeout = summarizer_timeout_s()
        try:
            async with asyncio.timeout(timeout):
                async with contextlib.aclosing(client.stream(request)) as events:
                    async for ev in events:
                        if isinstance(ev, TextDelta):
                            text.append(ev.text)
                        elif isinstance(ev, ReasoningDelta):
                            reasoning += len(ev.text)
                        elif isinstance(ev, ToolCallEvent):
                            calls += 1
                        elif isinstance(ev, FinishEvent):
                            finish = ev.finish_reason
        except TimeoutError:
            raise SummarizerFailed(Reason(FailureReason.TIMEOUT, (f"{timeout:g}",))) from None
        except ProviderError as exc:
            if exc.kind is ErrorKind.CONTEXT_OVERFLOW:
                raise SummarizerFailed(Reason(FailureReason.TOO_LONG, (str(exc),))) from None
            raw = Reason(FailureReason.FAILED, (str(exc),))
            raise SummarizerFailed(fault_reason(exc, self.target.provider_name, kept_text=False) or raw,
                                   raw) from None
        except (OSError, ValueError) as exc:
            log.warning("summarizer transport failure", exc_info=True)
            raise SummarizerFailed(Reason(FailureReason.REQUEST_FAILED, (str(exc),))) from None
        except Exception as exc:  # an httpx transport error the client did not classify
            if isinstance(exc, asyncio.CancelledError):  # pragma: no cover - BaseException
                raise
            log.warning("summarizer failure", exc_info=True)
            raise SummarizerFailed(Reason(FailureReason.REQUEST_FAILED, (str(exc),))) from None
        finally:
            if client is not self._client:  # a one-off call's own client
                await client.aclose()
        answer = "".join(text)
        if not answer.strip():
            if calls:
                raise SummarizerFailed(Reason(FailureReason.TOOL_CALL))
            if reasoning:
                raise SummarizerFailed(Reason(FailureReason.REASONING_ONLY))
        return Completion(answer, is_length_stop(finish))
