"""New topic, type, Send: the request goes out whatever the timing (issue 28, the wizard's
Send race: 1 run in 4 on a loaded 2-core machine, the message typed after Finish and New
topic never reached the provider).

A topic listing (the wizard's Finish re-reads the assistants and lists the chosen one's
topics; another process's write re-lists them) whose store read began before New topic's
write and ended after its row was shown listed the topics without the new one: the
window closed it, put "Hello there" away as its draft and left an empty composer whose
Send did nothing. Here the listing's read is held until the user has typed, which forces
that order every time. And a Send that sends nothing says why (APP-1)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt

from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.helpers import add_fake_provider, new_topic, reload_assistants


class HeldReads:
    """A store call (``services.topics.list``: every topic listing of the window reads
    through it; ``create``: New topic's write) whose answer is held on its worker from
    :meth:`arm` until :meth:`release`: the first call after arming waits."""

    def __init__(self, original: Callable[..., Any]) -> None:
        self._original = original
        self._armed = False
        self.entered = threading.Event()
        self._go = threading.Event()

    def arm(self) -> None:
        """Hold the next listing read."""
        self._armed, self._go = True, threading.Event()
        self.entered.clear()

    def release(self) -> None:
        """Let the held read finish."""
        self._go.set()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """The call, made at once; when armed, its answer is held until :meth:`release`
        (a read that began before a later write and ends after it; a write whose answer
        comes after a later read)."""
        rows = self._original(*args, **kwargs)
        if self._armed:
            self._armed = False
            self.entered.set()
            self._go.wait(timeout=60)
        return rows


def _chat_body(fake_vendor: FakeVendor, text: str) -> dict[str, Any] | None:
    return next((r.body for r in fake_vendor.requests if r.body and r.body.get("messages")
                 and r.body["messages"][-1].get("content") == text), None)


def _typed_during_a_held_listing(window: Any, services: Services, qtbot: Any, monkeypatch: Any,
                                 listing: Callable[[], object], done: Callable[[], bool]) -> int:
    """Start ``listing`` with its store read held, press New topic and type "Hello there",
    then let the read end and wait for ``done``; returns the new topic's id."""
    held = HeldReads(services.topics.list)
    monkeypatch.setattr(services.topics, "list", held)
    held.arm()
    listing()
    qtbot.waitUntil(held.entered.is_set, timeout=10000)  # read before New topic's write
    made = new_topic(window, qtbot)
    window.composer.set_text("Hello there")
    held.release()
    qtbot.waitUntil(done, timeout=10000)
    return made


def _sends_hello(window: Any, fake_vendor: FakeVendor, qtbot: Any, made: int) -> None:
    assert window.current_topic_id == made  # the topic the user made stays open
    assert window.composer.text() == "Hello there"  # with what they typed
    assert window.topic_model.row_of(made) is not None
    fake_vendor.script(Reply(text_chunks=["Hi."]), Reply(text_chunks=["Greeting"]))
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: _chat_body(fake_vendor, "Hello there") is not None, timeout=10000)


def test_a_listing_read_before_new_topic_keeps_the_new_topic_and_its_message(  # type: ignore[no-untyped-def]
        window, services: Services, fake_vendor: FakeVendor, qtbot, monkeypatch) -> None:
    """The wizard's Finish lists the chosen assistant's topics (``reload_assistants``, as
    ``_after_setup``'s ``load_assistants``) while the user presses New topic and types."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    made = _typed_during_a_held_listing(window, services, qtbot, monkeypatch,
                                        lambda: window.reload_assistants(aid),
                                        lambda: not window.runner.is_running("assistants"))
    _sends_hello(window, fake_vendor, qtbot, made)


def test_another_processs_listing_read_before_new_topic_keeps_it_too(  # type: ignore[no-untyped-def]
        window, services: Services, fake_vendor: FakeVendor, qtbot, monkeypatch) -> None:
    """The live refresh's listing (another process made or deleted a topic, issue 13)."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.topics.create(aid)
    reload_assistants(window, qtbot, aid)
    made = _typed_during_a_held_listing(window, services, qtbot, monkeypatch, window.live.refresh_topics,
                                        lambda: not window.runner.is_running("live-topics"))
    _sends_hello(window, fake_vendor, qtbot, made)


def test_a_listing_read_after_new_topics_write_keeps_what_was_typed_meanwhile(  # type: ignore[no-untyped-def]
        window, services: Services, fake_vendor: FakeVendor, qtbot, monkeypatch) -> None:
    """The other order: New topic's write is in, its answer not yet back, when a listing
    (read after the write) shows and opens the new topic; what the user typed since the
    click stays in the box, the topic is listed once, and Send sends it (walk45 #2)."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    held = HeldReads(services.topics.create)
    monkeypatch.setattr(services.topics, "create", held)
    held.arm()
    window.new_topic()
    qtbot.waitUntil(held.entered.is_set, timeout=10000)  # stored; the window not told yet
    window.composer.set_text("Hello there")
    with qtbot.waitSignal(window.topics_listed, timeout=10000):
        window.list_topics()
    with qtbot.waitSignal(window.topic_created, timeout=10000) as made:
        held.release()
    assert window.topic_model.rowCount() == 1
    _sends_hello(window, fake_vendor, qtbot, int(made.args[0]))


def test_a_send_that_sends_nothing_says_why(window, services: Services, fake_vendor: FakeVendor,  # type: ignore[no-untyped-def]
                                            qtbot) -> None:
    """Never a silent Send: Enter with no assistant, Send on an empty draft, Enter while a
    reply is being written each put the reason in the status line."""
    status = window.status_line

    def said() -> str:  # the whole line (its tooltip when cut to the room)
        return str(status.toolTip() or status.currentMessage())

    window.composer.draft.setFocus()
    qtbot.keyClick(window.composer.draft, Qt.Key.Key_Return)
    assert said() == "Create an assistant first (Assistant → New…)"
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    new_topic(window, qtbot)
    window.composer.send_button.click()
    assert said() == "Nothing to send: type a message first"
    fake_vendor.script(Reply(text_chunks=["Hi."], hang=True), Reply(text_chunks=["Greeting"]))
    window.composer.set_text("Hello there")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.composer.stop_button.isVisible(), timeout=10000)
    window.composer.set_text("And more")
    qtbot.keyClick(window.composer.draft, Qt.Key.Key_Return)
    assert said() == "A reply is still being written in this topic: wait for it or press Stop (Esc)"
    window.composer.stop_button.click()
    qtbot.waitUntil(lambda: window.composer.send_button.isVisible(), timeout=10000)
