"""The ``card-language`` setting reaches the History Compress model's requests (issue 27):
set, the summary request asks for that language; unset, it asks as it always did."""

from __future__ import annotations

from typing import Any

from chathub_desktop.core.compaction_prompt import LANGUAGE_RULE
from chathub_desktop.core.messages import ChatMessage, Role
from chathub_desktop.services.compaction.summarizer import Summarizer, resolve_summarizer


def _system_of_summary_request(services: Any) -> str:
    target = resolve_summarizer(services.db, services.settings, services.catalog)
    request = Summarizer(services.providers, target).summary_request("", (ChatMessage(Role.USER, "hello"),), 200)
    return str(request.messages[0].content)


def test_the_summary_request_asks_for_the_chosen_language_and_only_then(services: Any) -> None:
    """Issue 27: Settings → System Agent's language (``settings set card-language``)."""
    services.providers.add("OpenAI", "openai", None, api_key="sk-test")
    assert LANGUAGE_RULE in _system_of_summary_request(services)
    services.settings.set("card-language", "Japanese")
    rules = _system_of_summary_request(services)
    assert "- Write in Japanese." in rules and LANGUAGE_RULE not in rules
    services.settings.set("card-language", "")
    assert LANGUAGE_RULE in _system_of_summary_request(services)
