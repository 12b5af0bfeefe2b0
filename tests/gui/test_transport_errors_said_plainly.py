"""A provider's transport failure said plainly (walk53 #2, issue 29): a server that is
down, or one that drops the connection mid-reply, is named with its address and what to
do ("Retry, or check Settings → Providers"), the text so far is kept, and the raw text
the connection reported stays under Details…, all through the real local HTTP stand-in."""

from __future__ import annotations

import socket

from PySide6.QtWidgets import QMessageBox

from chathub_desktop.gui.chat.link_policy import DETAILS_HREF
from chathub_desktop.gui.shell.service_reasons import said
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants


def _send(window, qtbot, text: str):  # type: ignore[no-untyped-def]
    rows = window.message_model.rowCount()
    window.composer.set_text(text)
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.message_model.rowCount() == rows + 2
                    and window.message_model.message_at(rows + 1).status == "error", timeout=20000)
    return window.message_model.message_at(rows + 1)


def _free_port() -> int:
    with socket.socket() as s:  # bound then closed: nothing listens there
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_server_that_is_down_is_named_with_what_to_do(window, services, qtbot):  # type: ignore[no-untyped-def]
    port = _free_port()
    _pid, aid = add_fake_provider(services, f"http://127.0.0.1:{port}/v1", name="llama.cpp")
    reload_assistants(window, qtbot, aid)
    m = _send(window, qtbot, "Are you there?")
    assert m.error_why is not None
    assert said(m.error_why) == (f"ChatHub can't reach llama.cpp at 127.0.0.1:{port} — is the server running? "
                                 "Retry, or check Settings → Providers.")
    assert "could not connect" in (m.error or "")  # the raw text, for Details…
    window.message_view.follow_link(window.message_model.index(1), DETAILS_HREF)
    box = window.message_view.findChild(QMessageBox, "errorDetailsBox")
    qtbot.waitUntil(lambda: box is not None and box.isVisible())
    assert box.text() == said(m.error_why)
    assert box.detailedText() == m.error
    box.close()


def test_a_connection_dropped_mid_reply_keeps_the_text_and_says_so(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    fake_vendor.script(Reply(text_chunks=["Once upon ", "a time ", "there was"], cut_after=2))
    _pid, aid = add_fake_provider(services, fake_vendor.base_url, name="llama.cpp")
    reload_assistants(window, qtbot, aid)
    m = _send(window, qtbot, "Tell me a story")
    assert m.content == "Once upon a time "
    assert m.error_why is not None
    assert said(m.error_why) == (f"The connection to llama.cpp at 127.0.0.1:{fake_vendor.port} dropped mid-reply; "
                                 "the text so far is kept. Retry, or check Settings → Providers.")
    assert "stream ended early" in (m.error or "")
    # the row's error line offers Details…
    qtbot.waitUntil(lambda: "Details…" in window.message_view.delegate.docs.latest(m.id).toPlainText())
