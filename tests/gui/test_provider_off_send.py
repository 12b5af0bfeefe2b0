"""A send whose provider is turned off says why in the window (issue 29, walk37 #1), and
the draft it gives back takes the caret at its end (walk49 #1)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants


def test_a_send_to_a_turned_off_provider_says_why_and_keeps_the_draft(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    topic = services.topics.create(aid, "Hello").id
    window.open_topic(topic)
    services.providers.set_enabled(pid, False)
    window.composer.set_text("Are you there?")
    window.composer.send_button.click()

    presenter = window.presenter
    qtbot.waitUntil(lambda: any("turned off" in b.text() for b in presenter.open_boxes()), timeout=10000)
    for box in presenter.open_boxes():
        box.close()
    assert window.composer.text() == "Are you there?"  # nothing was stored: the draft stays
    assert services.topics.messages(topic) == []


def test_typing_after_a_given_back_draft_continues_it(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """walk49 #1: a draft given back (after a refused send, or restored) takes the caret at
    its end, so what the user types next follows it instead of going in front, glued."""
    pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    topic = services.topics.create(aid, "Hello").id
    window.open_topic(topic)
    services.providers.set_enabled(pid, False)
    composer = window.composer
    qtbot.keyClicks(composer.draft, "One sentence.")
    qtbot.keyClick(composer.draft, Qt.Key.Key_Return)  # refused: the draft comes back
    presenter = window.presenter
    qtbot.waitUntil(lambda: any("turned off" in b.text() for b in presenter.open_boxes()), timeout=10000)
    for box in presenter.open_boxes():
        box.close()
    assert composer.text() == "One sentence."
    services.providers.set_enabled(pid, True)
    composer.draft.setFocus()
    fake_vendor.script(Reply(text_chunks=["Noted."]))
    qtbot.keyClicks(composer.draft, " More")
    qtbot.keyClick(composer.draft, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: len(services.topics.messages(topic)) == 2
                    and services.topics.messages(topic)[1].status == "complete", timeout=30000)
    assert services.topics.messages(topic)[0].content == "One sentence. More"
    body = fake_vendor.last_request.body
    assert body is not None and body["messages"][-1]["content"] == "One sentence. More"  # type: ignore[index]
