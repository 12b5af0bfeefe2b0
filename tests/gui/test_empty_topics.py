"""An unused new topic does not pile up (issue 28, walk42 #3): a topic the window
created and left without a message (by opening another or creating a new one) is
deleted, as ChatGPT and LobeHub do; one with a draft, or that the user renamed or
pinned, stays. Topics made elsewhere (the CLI, an import) are never dropped this way."""

from __future__ import annotations

from typing import Any

from chathub_desktop.services.container import Services
from tests.gui.helpers import new_topic, reload_assistants


def _ids(window: Any) -> list[int]:
    m = window.topic_model
    return sorted(m.topic_at(r).id for r in range(m.rowCount()))


def _stored(services: Services) -> list[int]:
    return sorted(t.id for t in services.topics.list("Helper"))


def test_a_new_topic_left_unused_is_removed_but_a_touched_one_stays(window: Any, services: Services,
                                                                     qtbot: Any) -> None:
    services.assistants.create("Helper")
    kept = services.topics.create("Helper").id  # made elsewhere (CLI): never dropped here
    reload_assistants(window, qtbot)
    first = new_topic(window, qtbot)
    second = new_topic(window, qtbot)  # leaving `first` unused drops it
    qtbot.waitUntil(lambda: _ids(window) == [kept, second], timeout=10000)
    assert _stored(services) == [kept, second] and first not in _stored(services)

    window.composer.draft.setPlainText("half a question")  # a draft keeps it
    third = new_topic(window, qtbot)
    services.topics.set_pinned(third, True)  # pinned keeps it
    fourth = new_topic(window, qtbot)
    services.topics.rename(fourth, "Trip notes")  # renamed keeps it
    window.opener.select(kept)
    qtbot.waitUntil(lambda: window.opener.topic_id == kept, timeout=10000)
    qtbot.waitUntil(lambda: not any(window.runner.is_running(f"discard-topic:{t}") for t in (second, third, fourth)),
                    timeout=10000)
    assert _stored(services) == [kept, second, third, fourth]
