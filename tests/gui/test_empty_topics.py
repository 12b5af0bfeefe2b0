"""An unused new topic does not pile up (issue 28, walk42 #3): a topic the window
created and left without a message (by opening another or creating a new one) is
deleted, as ChatGPT and LobeHub do; one with a draft, or that the user renamed or
pinned, stays. Topics made elsewhere (the CLI, an import) are never dropped this way; a
new topic a killed window left behind goes when the next start's window leaves it."""

from __future__ import annotations

from typing import Any

from chathub_desktop.services.chat.process_identity import HOST
from chathub_desktop.services.container import Services
from chathub_desktop.storage.topic_rows import update_topic
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


def test_a_new_topic_a_killed_window_left_goes_when_left_at_the_next_start(window: Any, services: Services,
                                                                           qtbot: Any) -> None:
    """Walk42 #3 past a crash: the window that made the topic was killed before it could
    drop it, so the next start lists it; leaving it drops it, a CLI topic stays."""
    services.assistants.create("Helper")
    kept = services.topics.create("Helper").id
    left = services.topics.create("Helper", by_window=True).id
    with services.db.write() as s:  # made by a window process that no longer runs
        update_topic(s, left, {"made_by": f"{HOST}:{2**22 + 1}:0123456789ab"})
    reload_assistants(window, qtbot)
    window.opener.select(left)
    qtbot.waitUntil(lambda: window.opener.topic_id == left, timeout=10000)
    window.opener.select(kept)
    qtbot.waitUntil(lambda: _ids(window) == [kept], timeout=10000)
    assert _stored(services) == [kept]
