"""A better topic title from a model (APP-10).

The first-words title is stored with the first message; after the first reply
:meth:`TopicNamer.name` asks the naming model (Settings → System Agent,
``topic-naming-model`` = ``provider/model``), or when none is set the topic's own chat
model, as ChatGPT and Claude do (walk29 #2), for a short title in the background and
stores it unless the user renamed the topic meanwhile. ``topic-naming`` = off names by
first words only. Any failure (no key, provider error, :data:`TITLE_TIMEOUT_S`) keeps the
first-words title and writes one INFO line to the log naming the model and why (walk42
#1: a small local model answers the message instead of naming it).

The request (``core.topic_titles.naming_messages``) shows the model example chats and
their titles before the real message, at temperature 0, so that a small local model
(SmolLM2-135M) names the chat instead of answering it (issue 28); a thinking model
thinks least and gets room for it (REF-21's rule). A private topic is never sent: it
keeps its first-words title (issues 19, 28).

:data:`CHAT_MODEL_ENV` = ``off`` keeps the chat model from naming (the tests' scripted
fake providers count their requests); a chosen naming model still names.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os

from chathub_desktop.core.app_settings import TOPIC_NAMING, TOPIC_NAMING_MODEL
from chathub_desktop.core.compaction import REASONING_EXTRA_TOKENS
from chathub_desktop.core.model_cards import least_reasoning
from chathub_desktop.core.model_ids import uses_max_completion_tokens
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.core.topic_titles import clean_model_title, naming_messages, title_from_text
from chathub_desktop.providers.base import ChatRequest, ProviderError, TextDelta
from chathub_desktop.providers.catalog import ModelCatalog
from chathub_desktop.services.assistants.settings_service import SettingsService
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.events import EventBus, TopicChanged
from chathub_desktop.services.providers.model_card_service import resolve_card
from chathub_desktop.services.providers.provider_service import ProviderService
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.provider_lookup import provider_named, provider_row
from chathub_desktop.storage.topic_titles import namable, retitle_unless_renamed

log = logging.getLogger(__name__)

#: Seconds a topic-naming model may take before the first-words fallback is used.
TITLE_TIMEOUT_S = 20.0
#: Characters of an answer past which it is no title and is read no further (stream50:
#: a runaway server streamed megabytes into the namer beside the reply).
TITLE_ANSWER_CHARS = 2000
#: ``CHATHUB_TOPIC_NAMING_CHAT_MODEL=off``: without a naming model, topics keep their
#: first-words title (module doc).
CHAT_MODEL_ENV = "CHATHUB_TOPIC_NAMING_CHAT_MODEL"
#: Output tokens of a title.
TITLE_MAX_TOKENS = 32


class TopicNamer:
    """Names a topic with the topic-naming model (:meth:`name`, awaited in a background
    task); ``catalog`` gives the model's card (whether it thinks, REF-21)."""

    def __init__(self, db: Database, bus: EventBus, providers: ProviderService, settings: SettingsService,
                 catalog: ModelCatalog) -> None:
        self._db = db
        self._bus = bus
        self._providers = providers
        self._settings = settings
        self._catalog = catalog

    def _naming_request(self, topic_id: int, text: str,
                        chat_model: tuple[int, str] | None) -> tuple[int, ChatRequest] | None:
        """``(provider id, request)`` that names ``topic_id``, whose chat starts with
        ``text``, on the topic-naming model, else on ``chat_model`` (the first reply's
        provider id and model); ``None``: naming is off, the naming model's provider is
        gone, or the topic is private or gone (it is not sent). Store reads: a worker."""
        if not self._settings.value(TOPIC_NAMING):
            return None
        naming = self._settings.value(TOPIC_NAMING_MODEL)
        with self._db.read() as s:
            if naming is None:
                if chat_model is None or os.environ.get(CHAT_MODEL_ENV, "").strip().lower() == "off":
                    return None
                provider, model = provider_row(s, chat_model[0]), chat_model[1]
            else:
                provider_name, model = naming.split("/", 1)
                provider = provider_named(s, provider_name)
                if provider is None:
                    log.info("topic naming skipped: the naming model's provider %r is gone", provider_name)
                    return None
            if provider is None:
                return None
            if not namable(s, topic_id):
                log.info("topic %s keeps its first-words title: it is private or gone", topic_id)
                return None
            card = resolve_card(s, self._catalog, provider, model)
            kind = ProviderKind(provider.kind)
            provider_id = provider.id
        # temperature 0: the likeliest title; OpenAI's reasoning models accept only their
        # default. A thinking model thinks least, and its thoughts count against its cap (REF-21).
        return provider_id, ChatRequest(
            model=model, messages=naming_messages(text),
            max_tokens=TITLE_MAX_TOKENS + (REASONING_EXTRA_TOKENS if card.reasoning else 0),
            temperature=None if uses_max_completion_tokens(model) else 0.0,
            extra=least_reasoning(card, kind))

    def _store_title(self, topic_id: int, title: str, fallback: str) -> bool:
        with self._db.write() as s:
            return retitle_unless_renamed(s, topic_id, title, fallback)

    async def name(self, topic_id: int, text: str, chat_model: tuple[int, str] | None = None) -> None:
        """Ask the topic-naming model (else ``chat_model``: the topic's provider id and
        model) for a title of the chat that starts with ``text``; keep the first-words
        title on any failure or if the user renamed the topic meanwhile (APP-10)."""
        fallback = title_from_text(text)
        naming = await self._db.run(self._naming_request, topic_id, text, chat_model)
        if naming is None:
            return
        provider_id, request = naming
        model = request.model
        try:
            client = await self._providers.aclient(provider_id)
        except InvalidInput as exc:
            _kept(topic_id, model, str(exc))
            return
        pieces: list[str] = []
        chars = 0
        try:
            async with asyncio.timeout(TITLE_TIMEOUT_S):
                async with contextlib.aclosing(client.stream(request)) as events:
                    async for ev in events:
                        if isinstance(ev, TextDelta):
                            pieces.append(ev.text)
                            chars += len(ev.text)
                            if chars > TITLE_ANSWER_CHARS:  # no title: stop reading (stream50)
                                break
        except ProviderError as exc:
            _kept(topic_id, model, f"the provider failed: {exc}")
            return
        except TimeoutError:
            _kept(topic_id, model, f"no answer within {TITLE_TIMEOUT_S:g} s")
            return
        finally:
            await client.aclose()
        answer = "".join(pieces)
        title = clean_model_title(answer, text)
        if not title:
            words = len(answer.split())
            _kept(topic_id, model, f"its answer ({words} words) was not a short title" if words
                  else "its answer was empty")
            return
        stored: bool = await self._db.run(self._store_title, topic_id, title, fallback)
        if stored:
            self._bus.publish(TopicChanged(topic_id))


def _kept(topic_id: int, model: str, why: str) -> None:
    """One log line: ``topic_id`` keeps its first-words title because ``model`` (the
    naming model) failed for the reason ``why`` (APP-10, walk42 #1)."""
    log.info("topic %s keeps its first-words title: the naming model %s gave none (%s)", topic_id, model, why)
