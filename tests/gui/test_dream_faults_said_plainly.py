"""The dream side's transport failures said as plainly as chat's (walk53c #1, issue 29):
a History Compress server that is down is named with its address and what to do, the
raw text the connection reported stays under Details…; and a reply's Details… link is
said in Chinese and Japanese (walk53c, shot 48b). Through the real local HTTP stand-in:
a port where nothing listens. The bar's "Settings → Providers" is a link to the provider
that failed, as in chat (memerr54)."""

from __future__ import annotations

import socket
from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt

from chathub_desktop.gui.shell.error_bar import LINK_HREF
from tests.fakes.assistant_age import existing_since
from tests.gui.test_dream_panel import active_yesterday, idle, open_page  # noqa: F401 (a fixture)


def _free_port() -> int:
    with socket.socket() as s:  # bound then closed: nothing listens there
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_dream_whose_server_is_down_says_so_and_keeps_the_raw_text(open_page, services, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    port = _free_port()
    services.providers.add("llama.cpp", "openai_compatible", f"http://127.0.0.1:{port}/v1", api_key="sk-x")
    services.settings.set("history-compress-model", "llama.cpp/smol")
    aid = services.assistants.create("Helper", provider="llama.cpp", model="smol").id
    existing_since(services, aid)
    day = active_yesterday(services, aid)
    panel = open_page(aid).dream_panel
    panel.runs.dream_now()
    qtbot.waitUntil(lambda: panel.failure_bar.isVisible(), timeout=20000)
    idle(qtbot, panel)
    plain = (f"ChatHub can't reach llama.cpp at 127.0.0.1:{port} — is the server running? "
             "Retry, or check Settings → Providers.")
    line = panel.failure_bar.summary
    assert line == f"Dream now over {day.day} {day:%b %Y} failed: {plain}"
    assert "could not connect" not in line
    # memerr54: its "Settings → Providers" is a link, as in chat, to the provider that failed
    label = panel.failure_bar.label
    assert label.textFormat() == Qt.TextFormat.RichText
    assert f'<a href="{LINK_HREF}">Settings → Providers</a>' in label.text()
    with qtbot.waitSignal(panel.events.providers_requested, timeout=5000) as opened:
        label.linkActivated.emit(LINK_HREF)
    assert opened.args == ["llama.cpp"]
    details = panel.failure_bar.open_details()
    text = details.text.toPlainText()
    assert f"Reason: {plain}\nthe History Compress model failed: could not connect to http://127.0.0.1:{port}" in text
    details.close()


@pytest.mark.parametrize(("lang", "word"), [("zh_CN", "详情…"), ("ja", "詳細…")])
def test_a_reply_s_details_link_is_said_in_chinese_and_japanese(qapp, lang: str, word: str) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QPalette, QTextDocument

    from chathub_desktop.core.messages import MessageStatus, Role
    from chathub_desktop.gui.chat.link_policy import DETAILS_HREF
    from chathub_desktop.gui.chat.message_delegate import _colors
    from chathub_desktop.gui.chat.message_documents import render_html
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
        doc = QTextDocument()
        doc.setHtml("".join(render_html(m, False, _colors(QPalette())[0])))
    found = doc.find(word)
    assert not found.isNull() and found.charFormat().anchorHref() == DETAILS_HREF
    assert "Details" not in doc.toPlainText()


def test_a_failure_without_a_transport_fault_links_nothing(qtbot) -> None:  # type: ignore[no-untyped-def]
    """memerr54: only a fault that names a provider links its words; any other failure's
    line stays plain text, whatever characters it holds."""
    from chathub_desktop.gui.shell.error_bar import ErrorBar

    bar = ErrorBar()
    qtbot.addWidget(bar)
    bar.show_error("Dream now failed: the model answered <b>Settings → Providers</b>", "details")
    assert bar.label.textFormat() == Qt.TextFormat.PlainText
    assert bar.label.text() == "Dream now failed: the model answered <b>Settings → Providers</b>"
    followed: list[bool] = []
    bar.dismiss()
    bar.show_error("ChatHub can't reach a & b — check Settings → Providers.", "d",
                   link=("Settings → Providers", lambda: followed.append(True)))
    assert bar.label.text() == (f'ChatHub can\'t reach a &amp; b — check <a href="{LINK_HREF}">Settings → '
                                'Providers</a>.')
    bar.label.linkActivated.emit(LINK_HREF)
    assert followed == [True]


def test_the_window_opens_providers_at_the_provider_a_fault_names(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """memerr54: a failure bar's "Settings → Providers" (the window's ``providers_requested``,
    which the chat's error line uses too) opens Settings at Providers with that provider
    chosen."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    services.providers.add("OpenAI", "openai_compatible", "http://127.0.0.1:9/v1", api_key="sk-x")
    wanted = services.providers.add("llama.cpp", "openai_compatible", "http://127.0.0.1:8/v1", api_key="sk-x").id
    window.events.providers_requested.emit("llama.cpp")
    page = window.pages.open_settings()
    assert page.current_section() == SettingsSection.PROVIDERS
    qtbot.waitUntil(lambda: page.providers_page.current_id() == wanted, timeout=10000)


def test_compact_now_whose_server_is_down_keeps_the_way_to_providers(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]  # noqa: E501
    """memerr54 (walk53c #1): Compact now with its History Compress server down says the
    chat's sentence, and the status bar keeps a short line with "Settings → Providers",
    which opens Settings at that provider — until the next run."""
    from chathub_desktop.core.messages import Role
    from chathub_desktop.gui.settings.settings_page import SettingsSection
    from tests.gui.helpers import add_fake_provider, reload_assistants, wait_shown

    port = _free_port()
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    wanted = services.providers.add("llama.cpp", "openai_compatible", f"http://127.0.0.1:{port}/v1",
                                    api_key="sk-x").id
    services.settings.set("history-compress-model", "llama.cpp/smol")
    topic = services.topics.create(aid, "Long chat").id
    for k in range(3):
        services.chat.append_row(topic, role=Role.USER, content=f"question {k} " + "lorem " * 200)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"answer {k} " + "ipsum " * 200)
    services.chat.append_row(topic, role=Role.USER, content="and one more")
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    c = window.compaction
    c.compact_topic()
    qtbot.waitUntil(lambda: c.providers_button.isVisible(), timeout=20000)
    assert c.outcome(topic) == (f"Compaction failed: ChatHub can't reach llama.cpp at 127.0.0.1:{port} — is the "
                                "server running? Retry, or check Settings → Providers.")
    assert c.label.text() == "Compaction failed: can't reach llama.cpp" and c.label.toolTip() == c.outcome(topic)
    assert c.providers_button.text() == "Settings → Providers"
    assert not c.bar.isVisible() and not c.stop_button.isVisible() and not c.choose_button.isVisible()
    assert "Compaction failed" not in window.status_line.currentMessage()  # said once, in the box (bits54)
    from tests.gui.shot_harness import shots_in_both_themes

    shots_in_both_themes(window, "compact-down")
    c.providers_button.click()
    page = window.pages.open_settings()
    assert page.current_section() == SettingsSection.PROVIDERS
    qtbot.waitUntil(lambda: page.providers_page.current_id() == wanted, timeout=10000)


def test_an_automatic_compaction_whose_server_is_down_says_so_once_in_the_box(window, services, qtbot):  # type: ignore[no-untyped-def]  # noqa: E501
    """bits54: an automatic run's failure to reach its server is the box with "Settings →
    Providers" (as Compact now's is), not an 8-s toast; another failure stays a toast."""
    from chathub_desktop.core.compaction_kinds import (
        CompactionPhase,
        CompactionStatus,
        CompactionTrigger,
    )
    from chathub_desktop.core.reasons import Reason
    from chathub_desktop.providers.fault_words import FAULT_TEMPLATES
    from chathub_desktop.services.events import CompactionProgress
    from tests.gui.helpers import reload_assistants, wait_shown

    aid = services.assistants.create("Helper").id
    topic = services.topics.create(aid, "Long chat").id
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    c = window.compaction
    template = next(t for t in FAULT_TEMPLATES if "is the server running? Retry" in t)
    down = Reason("threshold compaction failed: %1", (Reason(template, ("Local", "127.0.0.1:9")),))
    trigger = CompactionTrigger.THRESHOLD
    c.on_progress(CompactionProgress(topic, trigger, CompactionPhase.STARTED))
    c.on_progress(CompactionProgress(topic, trigger, CompactionPhase.FINISHED, status=CompactionStatus.FAILED,
                                     why=down))
    assert c.providers_button.isVisible() and c.label.text() == "Compaction failed: can't reach Local"
    assert c.label.toolTip() == ("Compaction failed: ChatHub can't reach Local at 127.0.0.1:9 — is the server "
                                 "running? Retry, or check Settings → Providers.")
    assert window.status_line.currentMessage() == ""
    from tests.gui.shot_harness import shots_in_both_themes

    shots_in_both_themes(window, "auto-compact-down")
    c.on_progress(CompactionProgress(topic, trigger, CompactionPhase.STARTED))
    c.on_progress(CompactionProgress(topic, trigger, CompactionPhase.FINISHED, status=CompactionStatus.FAILED,
                                     why=Reason("the model returned an empty summary")))
    assert not c.box.isVisible()
    assert window.status_line.currentMessage() == "Summarizing older messages failed"
