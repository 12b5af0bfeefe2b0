"""Chat in the window against the fake vendor: streaming, usage, Stop, switching topics
while a reply streams (APP-8), provider errors."""

from __future__ import annotations

from types import SimpleNamespace

from PySide6.QtCore import Qt

from chathub_desktop.core.messages import Usage
from chathub_desktop.gui.chat.message_list_model import ContentRole, MessageRole
from chathub_desktop.gui.chat.message_texts import usage_text
from tests.fakes.vendor_server import Reply, openai_error
from tests.gui.helpers import add_fake_provider, new_topic, reload_assistants, wait_shown

#: What :func:`_last` gives before the first row is read (rows named by events are read
#: on a worker, issue 29).
_NO_ROW = SimpleNamespace(status=None, content="", role=None, id=None, error=None, finish_reason=None)


def _last(window):  # type: ignore[no-untyped-def]
    m = window.message_model
    return m.message_at(m.rowCount() - 1) or _NO_ROW


def _setup(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    return aid


def test_send_streams_reply_with_usage(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    chunks = ["Hello", " there", ", this", " is", " streamed", "."]
    fake_vendor.script(Reply(text_chunks=chunks, chunk_delay_s=0.08,
                             usage=Usage(input_tokens=1234, output_tokens=56, cached_tokens=1000)))
    _setup(window, services, fake_vendor, qtbot)
    window.composer.draft.setFocus()
    qtbot.keyClicks(window.composer.draft, "Hi fake")
    qtbot.keyClick(window.composer.draft, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    model = window.message_model
    qtbot.waitUntil(lambda: model.rowCount() == 2, timeout=3000)
    assert model.message_at(0).role == "user"
    assert model.message_at(0).content == "Hi fake"
    assert window.composer.text() == ""
    assert not window.composer.send_button.isEnabled()
    assert window.composer.stop_button.isEnabled()
    seen: list[str] = []

    def grew() -> bool:
        text = model.index(1).data(ContentRole)
        if text and (not seen or seen[-1] != text):
            seen.append(text)
        return len(seen) >= 3

    qtbot.waitUntil(grew, timeout=3000)
    qtbot.waitUntil(lambda: _last(window).status == "complete", timeout=5000)
    assert _last(window).content == "".join(chunks)
    assert all(b.startswith(a) for a, b in zip(seen, seen[1:], strict=False))
    assert usage_text(_last(window)) == "1,234 tokens in · 56 out · 1,000 cached"
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=2000)
    assert not window.composer.stop_button.isEnabled()
    # the topic got a title from the first message (APP-10)
    assert window.topic_model.topic_at(0).title != "New topic"


def test_stop_keeps_partial_text(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    fake_vendor.script(Reply(text_chunks=[f"w{i} " for i in range(40)], chunk_delay_s=0.1))
    _setup(window, services, fake_vendor, qtbot)
    window.composer.set_text("Write slowly")
    window.composer.send_button.click()
    model = window.message_model
    qtbot.waitUntil(lambda: model.rowCount() == 2 and len(model.message_at(1).content) >= 6, timeout=4000)
    qtbot.keyClick(window.composer.draft, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: _last(window).status == "cancelled", timeout=1500)
    partial = _last(window).content
    assert partial.startswith("w0 ")
    assert len(partial) < len("".join(f"w{i} " for i in range(40)))
    stored = services.topics.message(_last(window).id)
    assert stored.status == "cancelled" and stored.content == partial
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=2000)


def test_switching_topics_keeps_streaming(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    chunks = [f"part{i} " for i in range(12)]
    fake_vendor.script(Reply(text_chunks=chunks, chunk_delay_s=0.08))
    aid = _setup(window, services, fake_vendor, qtbot)
    other = services.topics.create(aid, "Other topic")
    reload_assistants(window, qtbot, aid)
    first = new_topic(window, qtbot)
    window.composer.set_text("Long answer please")
    window.composer.send_button.click()
    model = window.message_model
    qtbot.waitUntil(lambda: model.rowCount() == 2 and model.message_at(1).content.count("part") >= 2,
                    timeout=3000)
    window.select_topic(other.id)
    assert window.current_topic_id == other.id
    assert model.rowCount() == 0
    assert window.composer.send_button.isEnabled()  # the OTHER topic is not sending
    assert not window.composer.stop_button.isEnabled()
    qtbot.wait(250)
    window.select_topic(first)
    wait_shown(window, qtbot, first)
    assert model.rowCount() == 2
    # what streamed meanwhile is shown at once (overlay), then the rest arrives
    assert model.message_at(1).content.count("part") >= 3
    qtbot.waitUntil(lambda: _last(window).status == "complete", timeout=5000)
    assert _last(window).content == "".join(chunks)


def test_provider_error_shows_error_bubble(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    fake_vendor.script(Reply(error_status=401, error_body=openai_error("Incorrect API key provided: sk-te**", "invalid_request_error", "invalid_api_key")))
    _setup(window, services, fake_vendor, qtbot)
    window.composer.set_text("Hello?")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 2 and _last(window).status == "error",
                    timeout=4000)
    m = window.message_model.index(1).data(MessageRole)
    assert "Incorrect API key provided" in (m.error or "")
    assert "Incorrect API key provided" not in window.status_line.currentMessage()  # once (walk37 #10)


def test_send_without_provider_keeps_draft(window, services, qtbot):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Bare")
    services.topics.create(a.id, "Open")  # with no topic open, Send is off for it (walk29 #19)
    reload_assistants(window, qtbot, a.id)
    window.composer.set_text("nobody will answer")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.presenter.last_message is not None, timeout=3000)
    assert "has no provider" in window.presenter.last_message
    qtbot.waitUntil(lambda: window.composer.text() == "nobody will answer", timeout=2000)
    assert window.message_model.rowCount() == 0
    for box in window.presenter.open_boxes():
        box.close()


def test_each_topic_keeps_its_draft_and_active_topics_rise(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """A half-typed message stays with its topic; a topic with new activity moves to the
    top of the list and stays selected."""
    aid = _setup(window, services, fake_vendor, qtbot)
    older = services.topics.create(aid, "Older")
    newer = services.topics.create(aid, "Newer")
    reload_assistants(window, qtbot, aid)
    window.select_topic(older.id)
    window.composer.set_text("draft for older")
    window.select_topic(newer.id)
    assert window.composer.text() == ""
    window.composer.set_text("draft for newer")
    window.select_topic(older.id)
    assert window.composer.text() == "draft for older"
    assert window.topic_model.topic_at(0).id == newer.id
    listed_at = window.topic_model.topic_at(window.topic_model.row_of(older.id)).updated_at
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.topic_model.topic_at(0).id == older.id, timeout=3000)
    assert window.current_topic_id == older.id
    assert window.topic_model.topic_at(0).updated_at > listed_at  # its time in the list follows too
    qtbot.waitUntil(lambda: _last(window).status == "complete", timeout=5000)
    window.select_topic(newer.id)
    assert window.composer.text() == "draft for newer"


def test_a_reply_cut_at_max_tokens_says_so(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """The bubble's footer and usage line tell a cut-off reply from a finished one; no
    status pop-up repeats the footer (walk54 #2: it stayed English in 简体中文 for 15 s)."""
    from chathub_desktop.gui.chat.message_texts import cut_off_text, usage_text

    fake_vendor.script(Reply(text_chunks=["Half an an"], finish_reason="length"))
    _setup(window, services, fake_vendor, qtbot)
    window.composer.set_text("Tell me everything")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: (m := window.message_model.message_at(1)) is not None and m.cut_off, timeout=5000)
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=5000)  # the send's end was heard
    assert cut_off_text(window.message_model.message_at(1)).endswith("Stopped at the length limit")
    assert "max tokens" not in window.status_line.currentMessage()

    def said() -> str:  # the list follows: its row re-read from the store once the reply is stored
        m = window.message_model.message_at(1)
        return usage_text(m) if m is not None else ""

    qtbot.waitUntil(lambda: "cut off at max tokens" in said(), timeout=5000)


def test_an_open_topic_without_messages_says_how_to_start(window, services, qtbot):  # type: ignore[no-untyped-def]
    services.assistants.create("Empty")
    reload_assistants(window, qtbot)
    new_topic(window, qtbot)
    qtbot.waitUntil(lambda: window.message_model.topic_id is not None, timeout=3000)
    assert window.message_model.rowCount() == 0
    assert window.message_view.empty_text == "No messages yet.\nType below and press Enter to start."
    window.resize(900, 600)
    img = window.message_view.grab().toImage()
    bg = img.pixelColor(2, 2)
    mid = img.height() // 2
    inked = sum(img.pixelColor(x, y) != bg for x in range(img.width()) for y in range(mid - 20, mid + 20, 2))
    assert inked > 50  # the hint is painted in the middle of the empty view


def test_send_on_an_empty_topic_never_shows_the_empty_hint(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """Right after Send the empty-topic hint does not flash while the first message is
    on its way to the store (issue 16); a send that stores nothing shows it again."""
    fake_vendor.script(Reply(text_chunks=["Hi"], chunk_delay_s=0.05))
    _setup(window, services, fake_vendor, qtbot)
    new_topic(window, qtbot)
    qtbot.waitUntil(lambda: window.message_model.topic_id is not None, timeout=3000)
    assert window.message_view.shows_empty_text()
    flashed: list[bool] = []
    window.message_model.modelReset.connect(lambda: flashed.append(window.message_view.shows_empty_text()))
    window.message_model.rowsInserted.connect(lambda *_: flashed.append(window.message_view.shows_empty_text()))
    window.sending.send_message("Hello")
    assert not window.message_view.shows_empty_text()  # before the store has the message
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 2, timeout=3000)
    qtbot.waitUntil(lambda: _last(window).status == "complete", timeout=5000)
    assert not any(flashed)


def test_a_refused_connection_is_not_called_a_provider_error(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Nothing answered at all: the reply's bubble says why, not that the provider
    answered with an error (issue 16)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    _pid, aid = add_fake_provider(services, f"http://127.0.0.1:{port}/v1")
    reload_assistants(window, qtbot, aid)
    window.sending.send_message("Anyone there?")
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 2 and _last(window).status == "error",
                    timeout=5000)
    assert "provider answered" not in (_last(window).error or "")


def test_long_status_text_is_cut_to_the_status_line(window, services, qtbot):  # type: ignore[no-untyped-def]
    """A message past three lines (walk52 #3) is cut at the third with "…" beside
    Details…; the line keeps the whole message, also its tooltip."""
    window.resize(700, 500)
    qtbot.wait(20)
    text = "Memory dream: " + "; ".join(f"assistant {i} added a card for 2026-11-30" for i in range(12))
    window.show_status(text)
    line = window.status_line
    qtbot.waitUntil(line.isVisible)  # shown while it has something to say (issue 29)
    qtbot.waitUntil(line.details_button.isVisible)
    assert line.currentMessage() == text and line.toolTip() == text  # the whole line is one hover away
    shown = line.lines()
    assert len(shown) == 3 and shown[-1].endswith("…")
    assert all(line.fontMetrics().horizontalAdvance(s) < line.details_button.x() for s in shown)


def test_a_deleted_topic_can_be_undone_then_is_deleted_off_the_gui_thread(window, services, monkeypatch,
                                                                          qtbot):  # type: ignore[no-untyped-def]
    """House rule: Delete topic asks first (title and message count), the topic leaves the
    list at once and Undo brings it back whole; left alone, it is deleted from the store
    on a worker thread once the undo period is over."""
    import threading

    from chathub_desktop.gui.topics import topic_delete

    aid = services.assistants.create("Deleter").id
    keep = services.topics.create(aid, "Keep")
    gone = services.topics.create(aid, "Gone")
    reload_assistants(window, qtbot, aid)
    window.select_topic(gone.id)
    asked: list[str] = []
    monkeypatch.setattr("chathub_desktop.gui.dialogs.confirm.ask", lambda _w, _t, text: asked.append(text) and False)
    assert not window.delete_topic() and window.topic_model.row_of(gone.id) is not None
    assert "“Gone” and its 0 messages" in asked[0] and "undo" in asked[0]
    monkeypatch.setattr("chathub_desktop.gui.dialogs.confirm.ask", lambda *a, **k: True)
    assert window.delete_topic()
    assert window.topic_model.row_of(gone.id) is None and window.current_topic_id == keep.id
    assert window.deletes.undo_button.isVisible() and window.deletes.undo_action.isEnabled()
    with qtbot.waitSignal(window.topics_listed):
        window.topic_actions.reload(keep=keep.id)  # a re-read (live refresh, import) keeps it hidden
    assert window.topic_model.row_of(gone.id) is None
    with qtbot.waitSignal(window.topics_listed):
        window.deletes.undo_button.click()
    assert window.topic_model.row_of(gone.id) is not None and window.current_topic_id == gone.id
    assert not window.deletes.undo_button.isVisible()
    assert sorted(t.id for t in services.topics.list(aid)) == sorted([keep.id, gone.id])
    monkeypatch.setattr(topic_delete, "UNDO_MS", 50)
    threads: list[str] = []
    real = services.topics.delete
    monkeypatch.setattr(services.topics, "delete", lambda tid: (threads.append(threading.current_thread().name),
                                                                real(tid))[1])
    assert window.delete_topic()
    qtbot.waitUntil(lambda: [t.id for t in services.topics.list(aid)] == [keep.id], timeout=3000)
    assert threads and threads[0] != threading.main_thread().name
    assert not window.deletes.pending and window.topic_model.row_of(gone.id) is None


def test_a_passing_status_clears_after_its_time_and_when_another_page_opens(window, qtbot):  # type: ignore[no-untyped-def]
    """Walk29 #12: "Stopped — the text so far is kept" followed the user onto every
    Settings page. A passing message goes after its time, and at once when a page other
    than Chats is shown; coming back to Chats does not bring it back."""
    from chathub_desktop.gui.shell.nav_rail import PageId

    window.show_status("Code block copied", 50)
    qtbot.waitUntil(window.status_line.isVisible)
    qtbot.waitUntil(lambda: window.status_line.currentMessage() == "" and not window.status_line.isVisible(),
                    timeout=2000)
    window.show_status("Stopped — the text so far is kept", 60000)
    qtbot.waitUntil(window.status_line.isVisible)
    window.pages.open_settings()
    assert window.page_host.current_page_id() is PageId.SETTINGS
    assert window.status_line.currentMessage() == "" and not window.status_line.isVisible()
    window.back_action.trigger()
    assert window.page_host.current_page_id() is PageId.CHATS
    assert window.status_line.currentMessage() == ""
    window.show_status("That topic is not listed any more")  # said on Chats, kept there
    window.page_host.show_page(PageId.CHATS)
    assert window.status_line.currentMessage() == "That topic is not listed any more"
