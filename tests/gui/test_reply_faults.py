"""Provider faults in the window (issue 12): a silent provider shows "No data from
<host> for N s" above the composer with Stop and Retry; a failed last reply has a Retry
pill under its bubble that asks for the reply again into the same row.

``CHATHUB_SHOTS=/dir`` saves offscreen PNGs of both states for a look."""

from __future__ import annotations

import os

from PySide6.QtCore import QPoint, Qt

from chathub_desktop.gui.chat.footer_pills import RETRY_LABEL
from tests.fakes.vendor_server import Reply, html_error_page
from tests.gui.helpers import add_fake_provider, placed, reload_assistants


def _last(window):  # type: ignore[no-untyped-def]
    m = window.message_model
    return m.message_at(m.rowCount() - 1)


def _shot(window, name: str) -> None:  # type: ignore[no-untyped-def]
    out = os.environ.get("CHATHUB_SHOTS")
    if out:
        window.grab().save(os.path.join(out, name))


def test_stalled_reply_shows_the_notice_and_retry_asks_again(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    services.settings.set("stream-silence-seconds", 1)
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    window.resize(1000, 700)
    fake_vendor.script(Reply(text_chunks=["Thinking about", " it"], hang=True, hang_after=2),
                       Reply(text_chunks=["A fresh", " answer."]))
    window.composer.set_text("Tell me something")
    window.composer.send_button.click()
    bar = window.reply_notice
    qtbot.waitUntil(bar.isVisible, timeout=15000)
    assert bar.label.text() == "No data from 127.0.0.1 for 1 s — still waiting."
    assert bar.stop_button.isVisible() and bar.retry_button.isVisible()
    assert _last(window).status == "streaming"  # the stream keeps waiting
    _shot(window, "reply-stalled.png")
    qtbot.mouseClick(bar.retry_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: _last(window).status == "complete", timeout=15000)
    assert _last(window).content == "A fresh answer."
    assert window.message_model.rowCount() == 2 and not bar.isVisible()
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=2000)


def test_stop_on_the_notice_keeps_the_text(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    services.settings.set("stream-silence-seconds", 1)
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    fake_vendor.script(Reply(text_chunks=["Half", " a reply"], hang=True, hang_after=2))
    window.composer.set_text("Go")
    window.composer.send_button.click()
    qtbot.waitUntil(window.reply_notice.isVisible, timeout=15000)
    qtbot.mouseClick(window.reply_notice.stop_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: _last(window).status == "cancelled", timeout=10000)
    assert _last(window).content == "Half a reply" and not window.reply_notice.isVisible()


def test_failed_reply_has_a_retry_pill(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    window.resize(1000, 700)
    fake_vendor.script(Reply(error_status=502, error_body=html_error_page("502 Bad Gateway"),
                             error_content_type="text/html"), Reply(text_chunks=["Back", " again."]))
    window.composer.set_text("Hello?")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 2 and _last(window).status == "error", timeout=15000)
    assert _last(window).error == "HTTP 502 Bad Gateway from 127.0.0.1 (an HTML error page)"
    view = window.message_view
    index = window.message_model.index(1)
    qtbot.waitUntil(lambda: not view.delegate.retry_rect(index).isEmpty(), timeout=2000)
    assert view.delegate.retry_rect(window.message_model.index(0)).isEmpty()  # the user's row has none
    bubble = view.delegate.bubble_rect(index)  # under the reply's start, not at the column's far edge (walk36)
    assert view.delegate.retry_rect(index).left() < bubble.left() + bubble.width() // 2
    _shot(window, "reply-error-retry.png")
    assert RETRY_LABEL == "↻ Retry"
    centre: QPoint = placed(view, index, lambda: view.delegate.retry_rect(index), qtbot)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)
    qtbot.waitUntil(lambda: _last(window).status == "complete", timeout=15000)
    assert _last(window).content == "Back again." and window.message_model.rowCount() == 2
    qtbot.waitUntil(lambda: view.delegate.retry_rect(window.message_model.index(1)).isEmpty(), timeout=2000)


def test_an_empty_answer_is_an_error_bubble_with_retry(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """Issue 32: a provider that answers with nothing gets the error bubble and its Retry
    pill, not a blank bubble stored as complete; Retry gets the reply into the same row."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    fake_vendor.script(Reply(text_chunks=[]), Reply(text_chunks=["Here", " now."]))
    window.composer.set_text("Hello?")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 2 and _last(window).status == "error", timeout=15000)
    assert _last(window).error == "the provider sent an empty reply"
    view = window.message_view
    index = window.message_model.index(1)
    qtbot.waitUntil(lambda: not view.delegate.retry_rect(index).isEmpty(), timeout=2000)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=placed(view, index, lambda: view.delegate.retry_rect(index), qtbot))
    qtbot.waitUntil(lambda: _last(window).status == "complete", timeout=15000)
    assert _last(window).content == "Here now." and window.message_model.rowCount() == 2


def test_the_silence_is_a_setting_on_the_providers_page(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Settings → Providers: "Tell me when a provider sends nothing for [60 s]"; a new
    value is stored at once (``stream-silence-seconds``)."""
    dialog = window.pages.open_settings()
    spin = dialog.providers_page.silence_spin
    assert spin is not None
    qtbot.waitUntil(spin.isEnabled, timeout=5000)  # read on a worker (issue 29)
    assert spin.value() == 60
    spin.setValue(15)
    spin.editingFinished.emit()
    qtbot.waitUntil(lambda: services.settings.get("stream-silence-seconds") == 15)  # stored on a worker (issue 29)
    if os.environ.get("CHATHUB_SHOTS"):
        dialog.grab().save(os.path.join(os.environ["CHATHUB_SHOTS"], "settings-silence.png"))


def test_a_stored_url_with_a_key_is_redacted_in_the_providers_list(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Keys in URLs (issue 12): a URL stored before the rule shows ``[redacted]`` in the
    list, its tooltip and the edit form — never the key."""
    from sqlalchemy import update

    from chathub_desktop.storage.models import Provider

    services.providers.add("Old", "openai_compatible", "http://127.0.0.1:9/v1", api_key_env="K")
    with services.db.write() as s:
        s.execute(update(Provider).values(base_url="http://127.0.0.1:9/v1?api_key=sk-secret-123456"))
    dialog = window.pages.open_settings()
    page = dialog.providers_page
    qtbot.waitUntil(lambda: page.list.count() == 1, timeout=5000)  # read on a worker
    item = page.list.item(0)
    shown = page.detail.url.text()  # walk29 #9: the URL is in the detail pane
    assert "api_key=[redacted]" in shown and "sk-secret" not in item.text() + item.toolTip() + shown
    with qtbot.waitSignal(page.form_opened, timeout=5000) as opened:  # read on a worker (issue 29)
        page.edit_selected()
        assert not page.edit_button.isEnabled()  # until the provider is read
    form = opened.args[0]
    assert form is page.form and form.ui.baseUrlEdit.text() == "http://127.0.0.1:9/v1?api_key=[redacted]"
    form.close()


def test_a_provider_refusal_is_shown_once_in_its_bubble(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """walk37 #10: a 400 content-policy refusal read both in the reply's bubble and in
    the status bar; it shows once, in the bubble with Retry (no error bar, no box)."""
    from tests.fakes.vendor_server import openai_error

    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    reason = "Your request was flagged by our content policy."
    fake_vendor.script(Reply(error_status=400, error_body=openai_error(reason, "invalid_request_error",
                                                                       "content_policy_violation")))
    window.composer.set_text("Hello?")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 2 and _last(window).status == "error", timeout=15000)
    assert _last(window).error == reason
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=5000)
    assert reason not in window.status_line.currentMessage()
    assert not window.error_bar.isVisible() and window.presenter.last_message is None
