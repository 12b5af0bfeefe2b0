"""A provider's transport failure said plainly (walk53 #2, issue 29): a server that is
down, or one that drops the connection mid-reply, is named with its address and what to
do ("Retry, or check Settings → Providers"), the text so far is kept, and the raw text
the connection reported stays under Details…, all through the real local HTTP stand-in."""

from __future__ import annotations

import socket

import pytest
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


def _anchor_over(m, words: str) -> str:  # type: ignore[no-untyped-def]
    """The link target under ``words`` in message ``m``'s row as rendered ("" when they
    are plain text)."""
    from PySide6.QtGui import QPalette, QTextDocument

    from chathub_desktop.gui.chat.message_delegate import _colors
    from chathub_desktop.gui.chat.message_documents import render_html

    doc = QTextDocument()
    doc.setHtml("".join(render_html(m, False, _colors(QPalette())[0])))
    found = doc.find(words)
    assert not found.isNull(), words
    return str(found.charFormat().anchorHref())


def test_the_error_line_s_settings_providers_opens_that_provider(window, services, qtbot):  # type: ignore[no-untyped-def]
    """walk53b #6: "Settings → Providers" in a reply's error line was plain text; only
    Details… was a link. It is a link now, and it opens Settings at Providers with the
    provider that failed chosen (not the first in the list)."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection
    from chathub_desktop.gui.shell.nav_rail import PageId

    services.providers.add("Cloud", "openai_compatible", "http://127.0.0.1:9/v1", api_key="sk-test")  # listed first
    port = _free_port()
    pid, aid = add_fake_provider(services, f"http://127.0.0.1:{port}/v1", name="llama.cpp")
    reload_assistants(window, qtbot, aid)
    m = _send(window, qtbot, "Are you there?")
    href = _anchor_over(m, "Settings → Providers")
    assert href and _anchor_over(m, "Details…") == DETAILS_HREF
    assert window.message_view.follow_link(window.message_model.index(1), href)
    assert window.page_host.current_page_id() is PageId.SETTINGS
    page = window.dialogs["settings"]
    assert page.current_section() is SettingsSection.PROVIDERS
    qtbot.waitUntil(lambda: page.providers_page.current_id() == pid, timeout=5000)


@pytest.mark.parametrize(("lang", "place"), [("zh_CN", "设置 → 服务商"), ("ja", "設定 → プロバイダー")])
def test_the_providers_link_is_made_in_chinese_and_japanese(qapp, lang: str, place: str) -> None:  # type: ignore[no-untyped-def]
    """walk53b #6 in the reader's language: the translated error line's own words for
    Settings → Providers are the link, at the provider it names."""
    from datetime import UTC, datetime

    from chathub_desktop.core.messages import MessageStatus, Role
    from chathub_desktop.gui.chat.link_policy import providers_named
    from chathub_desktop.providers.base import ErrorKind, ProviderError, TransportFault
    from chathub_desktop.providers.fault_words import fault_reason
    from chathub_desktop.services.views import MessageView
    from tests.gui.test_i18n_service_texts import _language

    exc = ProviderError(ErrorKind.NETWORK, "could not connect", fault=TransportFault.UNREACHABLE,
                        address="127.0.0.1:8080")
    m = MessageView(id=1, topic_id=1, seq=2, role=Role.ASSISTANT, content="", content_type="text",
                    status=MessageStatus.ERROR, created_at=datetime.now(UTC), error="could not connect",
                    error_why=fault_reason(exc, "llama.cpp", kept_text=False))
    with _language(lang):
        href = _anchor_over(m, place)
    assert providers_named(href) == "llama.cpp"
