"""A draft that alone can never fit the model (walk37 #3): the badge's ring text is
capped (it read "17,589 %"), the popover and the composer say in one line why, and Send
explains instead of posting a doomed request (SPEC CMP-9: the latest user turn is kept
verbatim, so no compaction can make it fit).

``CHATHUB_SHOTS=/dir`` saves the composer and the popover for a look."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt

from tests.gui.helpers import add_fake_provider, new_topic, reload_assistants


def _open_topic(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    _pid, aid = add_fake_provider(services, fake_vendor.base_url, model="gpt-4o")
    reload_assistants(window, qtbot, aid)
    topic = new_topic(window, qtbot)
    qtbot.waitUntil(lambda: window.composer.badge.estimate is not None
                    and window.composer.badge.estimate.topic_id == topic, timeout=30000)
    return topic


def test_a_draft_longer_than_the_window_is_explained_not_sent(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    topic = _open_topic(window, services, fake_vendor, qtbot)
    services.models.set("gpt-4o", 2_000, max_output=500)  # window 2,000, input budget 1,500
    window.resize(1000, 700)
    window.composer.draft.setPlainText("word " * 30_000)  # ~30,000 tokens: 2,000 % of the budget
    badge = window.composer.badge
    qtbot.waitUntil(lambda: badge.figure() == ">999%", timeout=30000)
    line = window.composer.too_long
    assert line.isVisible()
    assert line.text().startswith("This message alone is longer than the model's context window (")
    assert line.text().endswith(" tokens > 2,000)")
    badge.open_popover()
    pop = badge.popover
    qtbot.waitUntil(pop.isVisible, timeout=3000)
    assert pop.warning_label.text() == "⚠ " + line.text() + "; shorten it or attach less."
    shots = os.environ.get("CHATHUB_SHOTS")
    if shots:
        window.grab().save(os.path.join(shots, "too-long-composer.png"))
        pop.grab().save(os.path.join(shots, "too-long-popover.png"))
    pop.hide()
    # walk42 #8: Send is disabled and says why, rather than doing nothing on a click
    send = window.composer.send_button
    assert not send.isEnabled() and send.toolTip() == line.text()
    posted = len(fake_vendor.requests)
    window.composer.draft.setFocus()
    qtbot.keyClick(window.composer.draft, Qt.Key.Key_Return)  # the send key refuses too
    qtbot.wait(50)  # a refused send changes nothing: give a wrong one a chance to start
    assert len(fake_vendor.requests) == posted and services.topics.messages(topic) == []
    assert window.composer.text().startswith("word word")  # the draft is kept
    window.composer.draft.setPlainText("a short question")
    qtbot.waitUntil(lambda: not line.isVisible() and badge.figure() != ">999%", timeout=30000)
    assert send.isEnabled() and send.toolTip().startswith("Send the message (")


def test_the_too_long_line_follows_a_language_switch(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """Issue 27: the composer's line is said in the interface language, and again at once
    after View → Language (not only at the next recount)."""
    from chathub_desktop.core.ui_language import UiLanguage

    _open_topic(window, services, fake_vendor, qtbot)
    services.models.set("gpt-4o", 2_000, max_output=500)
    window.composer.draft.setPlainText("word " * 30_000)
    line = window.composer.too_long
    qtbot.waitUntil(lambda: line.isVisible() and line.text().startswith("This message alone"), timeout=30000)
    try:
        window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
        qtbot.waitUntil(lambda: line.text().startswith("仅这条消息就超过了模型的上下文窗口（"), timeout=3000)
        assert line.text().endswith(" token > 2,000）") and line.isVisible()
    finally:
        window.view.language.apply(UiLanguage.ENGLISH)
        qtbot.waitUntil(lambda: line.text().startswith("This message alone"), timeout=3000)
        window.view.language.apply(UiLanguage.SYSTEM)
