"""GUI events are typed (issue 29 "How it is built"): one Qt signal per event class,
carrying the frozen event; no sentinel ids; statuses are the services' enums."""

from __future__ import annotations

from typing import Any

from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.services.container import Services
from chathub_desktop.services.events import ReplyFinished, SettingsChanged, TopicChanged
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.helpers import add_fake_provider, reload_assistants


def test_an_assistant_settings_change_is_its_own_event_and_the_window_follows(
        window: Any, services: Services, qtbot: Any) -> None:
    aid = services.assistants.create("Helper", model="gpt-4o-mini").id
    reload_assistants(window, qtbot, aid)
    assert window.assistant_title.toolTip() == "Helper: gpt-4o-mini via no provider"
    settings: list[object] = []
    topics: list[object] = []
    window.events.settings_changed.connect(settings.append)
    window.events.topic_changed.connect(topics.append)
    services.assistants.update(aid, model="gpt-5-mini")
    qtbot.waitUntil(lambda: window.assistant_title.toolTip() == "Helper: gpt-5-mini via no provider")
    assert settings == [SettingsChanged()]
    assert topics == []  # no TopicChanged(0) stands for it any more


def test_a_finished_reply_carries_its_event_with_the_status_enum(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    topic = services.topics.create(aid, "Typed").id
    reload_assistants(window, qtbot, aid)
    assert window.current_topic_id == topic
    fake_vendor.script(Reply(text_chunks=["Hello ", "there."]))
    with qtbot.waitSignal(window.events.reply_finished, timeout=10000) as blocker:
        window.sending.send_message("Hi")
    event = blocker.args[0]
    assert isinstance(event, ReplyFinished) and event.topic_id == topic
    assert event.status is MessageStatus.COMPLETE and event.error is None
    qtbot.waitUntil(lambda: not services.chat.is_sending(topic))


def test_topic_changes_name_their_topic(window: Any, services: Services, qtbot: Any) -> None:
    aid = services.assistants.create("Helper").id
    topic = services.topics.create(aid, "Old").id
    reload_assistants(window, qtbot, aid)
    with qtbot.waitSignal(window.events.topic_changed) as blocker:
        services.topics.rename(topic, "New")
    assert blocker.args == [TopicChanged(topic)]
    qtbot.waitUntil(lambda: window.topic_model.topic_at(0).title == "New")
