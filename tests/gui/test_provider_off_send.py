"""A send whose provider is turned off says why in the window (issue 29, walk37 #1)."""

from __future__ import annotations

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
