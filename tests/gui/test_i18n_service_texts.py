"""What the services say that a user still read in English (issue 27, lang42): a provider's
failure in its bubble, Import chats' refusals, skip notes and how-to tooltip, the provider
URL, MCP and topic-title checks, the anchor's reason in the popover, and values shown
inside translated frames (receipt part names, probe kinds, the pasted size, the change
preview's radio labels and summary lines).

Each is said through the marker pseudo-locale (⟦…⟧ around every translated template) or
in Chinese, with the vendor's own words, hosts, names and figures kept as data; English
reads exactly as the CLI prints it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.token_estimate import AnchorReason
from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.shell.i18n import translations_dir
from chathub_desktop.gui.shell.service_reasons import said, said_error
from chathub_desktop.providers.errors import error_from_exception, error_from_response
from chathub_desktop.services.errors import ServiceError
from tests.gui.test_i18n import _Pseudo

URL = "https://api.example.com/v1/chat/completions"


class _Installed:
    """A translator installed for a ``with`` block (the pseudo-locale or a shipped one)."""

    def __init__(self, translator: QTranslator) -> None:
        self.translator = translator

    def __enter__(self) -> QTranslator:
        QApplication.instance().installTranslator(self.translator)  # type: ignore[union-attr]
        return self.translator

    def __exit__(self, *_exc: object) -> None:
        QApplication.instance().removeTranslator(self.translator)  # type: ignore[union-attr]


def _language(name: str) -> _Installed:
    t = QTranslator()
    assert t.load(f"chathub_{name}", translations_dir())
    return _Installed(t)


def test_provider_failures_keep_their_english_and_are_said_in_chinese(qapp: Any) -> None:
    """The frame is the app's ("HTTP %1 from %2", "could not connect to %1 (%2)", the
    retry wait); the status, host, URL and the library's or vendor's words stay data."""
    page = error_from_response(502, "<html><head><title>Bad gateway</title></head></html>", url=URL)
    refused = error_from_exception(httpx.ConnectError("[Errno 111] Connection refused"), url=URL)
    slow = error_from_exception(httpx.ReadTimeout("read timed out"), url=URL)
    limited = error_from_response(429, '{"error": {"message": "Rate limit reached for gpt-4o"}}', url=URL,
                                  headers={"retry-after": "30"})
    assert page.message == "HTTP 502 Bad Gateway from api.example.com (an HTML error page)"
    assert refused.message == f"could not connect to {URL} ([Errno 111] Connection refused)"
    assert slow.message == "timed out waiting for data from api.example.com (read timed out)"
    assert limited.message == "Rate limit reached for gpt-4o — the server asks to retry in 30 s"
    failures = (page, refused, slow, limited)
    assert all(f.why is not None for f in failures)
    with _Installed(_Pseudo()):
        assert said(page.why) == "⟦HTTP %1 from %2⟧⟦ (an HTML error page)⟧".replace(  # type: ignore[arg-type]
            "%1", "502 Bad Gateway").replace("%2", "api.example.com")
        assert said(limited.why).startswith("Rate limit reached for gpt-4o⟦ — the server asks")  # type: ignore[arg-type]
    with _language("zh_CN"):
        assert said(page.why) == "api.example.com 返回了 HTTP 502 Bad Gateway（一个 HTML 错误页面）"  # type: ignore[arg-type]
        assert said(refused.why) == f"无法连接到 {URL}（[Errno 111] Connection refused）"  # type: ignore[arg-type]
        assert said(slow.why) == "等待来自 api.example.com 的数据时超时（read timed out）"  # type: ignore[arg-type]
        assert said(limited.why) == "Rate limit reached for gpt-4o——服务器要求在 30 秒 后重试"  # type: ignore[arg-type]


def test_a_failed_reply_is_said_in_its_bubble_in_the_new_language(window: Any, services: Any, fake_vendor: Any,
                                                                 qtbot: Any) -> None:
    """The stored row keeps the English (what ``topic show`` prints) and the typed reason;
    the drawn bubble says it in Chinese after a switch, and in English again after."""
    from chathub_desktop.gui.chat.message_delegate import _colors
    from tests.fakes.vendor_server import Reply, html_error_page
    from tests.gui.helpers import add_fake_provider, reload_assistants

    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    fake_vendor.script(Reply(error_status=502, error_body=html_error_page("502 Bad Gateway"),
                             error_content_type="text/html"))
    window.composer.set_text("Hello?")
    window.composer.send_button.click()
    model, view = window.message_model, window.message_view
    qtbot.waitUntil(lambda: model.rowCount() == 2 and model.message_at(1).status == "error", timeout=15000)
    english = "HTTP 502 Bad Gateway from 127.0.0.1 (an HTML error page)"
    assert model.message_at(1).error == english and model.message_at(1).error_why is not None
    delegate = view.delegate

    def text() -> str:
        colors, dark = _colors(view.palette())
        return str(delegate.docs.document(model.message_at(1), dark, colors, delegate._width()).toPlainText())

    qtbot.waitUntil(lambda: delegate.settled and english in text(), timeout=10000)
    try:
        window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
        qtbot.waitUntil(lambda: delegate.settled and "127.0.0.1 返回了 HTTP 502 Bad Gateway（一个 HTML 错误页面）"
                        in text(), timeout=10000)
    finally:
        window.view.language.apply(UiLanguage.ENGLISH)
        qtbot.waitUntil(lambda: delegate.settled and english in text(), timeout=10000)
        window.view.language.apply(UiLanguage.SYSTEM)


def test_import_refusals_skip_notes_and_how_to_are_marked(services: Any, qtbot: Any, qloop: Any,
                                                        tmp_path: Path) -> None:
    """Import chats: a refused file's reason is said (and re-said while the dialog is
    open), a skipped conversation's "conversation N" and each app's how-to tooltip too;
    the file's name and the parser's own words stay data."""
    from chathub_desktop.gui.dialogs.import_dialog import ImportDialog, result_text
    from chathub_desktop.gui.shell.nav_rail import AssistantItem
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.transfer.chat_import import BrokenConversation, ImportResult

    aid = services.assistants.create("Helper").id
    notes = tmp_path / "notes.txt"
    notes.write_text("hello there\n", encoding="utf-8")
    dialog = ImportDialog(services, TaskRunner(None), [AssistantItem(aid, "Helper")], aid)
    qtbot.addWidget(dialog)
    dialog.path_edit.setText(str(notes))
    dialog.start()
    english = ("notes.txt is not JSON (it starts with “hello there”); expected a chat export (a conversations.json, "
               "an export .json or the export .zip)")
    qtbot.waitUntil(lambda: dialog.status_label.text() == english, timeout=10000)
    result = ImportResult(1, 0, 4, broken=(BrokenConversation(2, None, "has no mapping"),))
    assert result_text(result).endswith("; 1 skipped: conversation 2 has no mapping")
    with _Installed(_Pseudo()):
        qtbot.waitUntil(lambda: dialog.status_label.text().startswith("⟦notes.txt ⟦is not JSON"), timeout=3000)
        assert "⟦a chat export⟧" in dialog.status_label.text()
        tips = dialog.path_edit.toolTip().splitlines()
        assert len(tips) == 4 and all(t.startswith("⟦") and ": ⟦" in t for t in tips), tips
        assert "⟦conversation 2⟧ has no mapping" in result_text(result)
    qtbot.waitUntil(lambda: dialog.status_label.text() == english, timeout=3000)


def test_provider_url_mcp_and_topic_title_checks_are_said_in_chinese(services: Any, qapp: Any) -> None:
    """Issue 27: the services' InvalidInput / NotFound that reach the window carry a typed
    reason; the URL, the server's name and the parser's words stay as given."""
    from chathub_desktop.services.providers.provider_service import validate_base_url

    a = services.assistants.create("Helper")
    topic = services.topics.create(a.id, "Trip").id
    failures: list[BaseException] = []
    services.providers.add("Local", "openai", "http://127.0.0.1:9/v1", api_key="k")
    for call in (lambda: validate_base_url("ftp://files.example.com"), lambda: services.topics.rename(topic, "  "),
                 lambda: services.mcp.remove("ghost"), lambda: services.models.set("m", 0),
                 lambda: services.providers.add("Local", "openai", "http://127.0.0.1:9/v1")):
        with pytest.raises(ServiceError) as caught:  # InvalidInput or NotFound
            call()
        failures.append(caught.value)
    assert [str(f) for f in failures] == ["base URL must start with http:// or https:// (got 'ftp://files.example.com')",
                                          "topic title must not be empty", "no MCP server named 'ghost'",
                                          "context window must be between 1 and 100,000,000 tokens",
                                          "a provider named 'Local' already exists"]
    with _language("zh_CN"):
        assert [said_error(f) for f in failures] == [
            "基础 URL 必须以 http:// 或 https:// 开头（收到 'ftp://files.example.com'）", "话题标题不能为空",
            "没有名为 'ghost' 的 MCP 服务器", "上下文窗口必须在 1 到 100,000,000 个令牌之间", "名为 'Local' 的提供商已存在"]


def test_a_memory_import_preview_is_said_in_chinese(services: Any, qapp: Any, tmp_path: Path) -> None:
    """The Merge / Replace preview's summary lines (the file's kind, the counts before →
    after, the provenance) are said in the interface language; English is the CLI's."""
    from chathub_desktop.gui.memory.change_preview import said_lines

    services.assistants.create("Source")
    notes = tmp_path / "notes.md"
    notes.write_text("# My notes\n- likes tea\n- cycles\n", encoding="utf-8")
    preview = services.memory_files.preview_import("Source", notes)
    assert said_lines(preview)() == preview.lines()
    assert preview.lines()[:2] == ["notes.md: a plain Markdown/text document (becomes fixed memory)",
                                   "fixed memory: 0 entries → 2 entries and 1 line of notes (replaced; Memory → "
                                   "History can revert it)"]
    with _language("zh_CN"):
        assert said_lines(preview)()[:2] == ["notes.md：普通的 Markdown/文本文档（成为固定记忆）",
                                             "固定记忆：0 条 → 2 条 以及 1 行注释（已替换；可在 记忆 → 历史 中撤销）"]


def test_every_anchor_reason_is_said_in_the_popover(qapp: Any) -> None:
    """``meter_words`` says the anchor's reason by its :class:`AnchorReason`, every one of
    them (the judge's reasons, not only the three ``select_anchor`` gives)."""
    from chathub_desktop.gui.context.meter_words import details_line, mode_line
    from chathub_desktop.services.views import AnchorView, EstimateView

    def line(reason: AnchorReason) -> str:
        view = EstimateView(topic_id=1, parts={}, total=10, context_window=1000, input_budget=900, included=1,
                            dropped=0, encoding="o200k_base", local_total=10, correction=1.0,
                            anchor=AnchorView(mode="recounted", reason=reason), framing={})
        return details_line(view)  # walk53 #7: why, under Details

    plain = EstimateView(topic_id=1, parts={}, total=10, context_window=1000, input_budget=900, included=1,
                         dropped=0, encoding="o200k_base", anchor=AnchorView(mode="recounted",
                                                                             reason=AnchorReason.MODEL_CHANGED))
    assert mode_line(plain) == "Estimated on this computer until the model reports its own count."
    assert line(AnchorReason.MODEL_CHANGED) == ("Counted on this computer: the model changed since that reply. "
                                                "Tokens are counted with the o200k_base encoding.")
    with _Installed(_Pseudo()):
        for reason in AnchorReason:
            if reason is not AnchorReason.NONE:
                assert f"⟦{reason.value}⟧" in line(reason), reason
    with _language("ja"):
        assert "その返信の後でモデルが変わりました" in line(AnchorReason.MODEL_CHANGED)


def test_values_inside_frames_are_said(qtbot: Any) -> None:
    """Receipt part and origin names, probe kinds, the pasted size in the locale's
    format, and the change preview's radio labels while it is open."""
    from chathub_desktop.core.memory_diff import EntryChanges
    from chathub_desktop.core.summary_probes import Probe, ProbeAnswer, ProbeCategory, ProbeReport
    from chathub_desktop.gui.chat.pasted_chips import said_size
    from chathub_desktop.gui.context.receipt_values import said_values
    from chathub_desktop.gui.memory.change_preview import (
        ChangePreviewDialog,
        PreviewOption,
        said_lines,
    )
    from chathub_desktop.services.memory.memory_preview import ChangePreview

    receipt = {"local_tokens": 1_320, "parts": {"instructions": 400, "memory": 120, "history": 800},
               "memory": {"fixed": [1, 2], "dream": [7]}}
    lost = ProbeAnswer(Probe(ProbeCategory.FILES, "Which file?", "src/app.py"), "src/app.py", "no idea")
    report = ProbeReport((lost,), "p/m", "2026-12-03T10:00:00Z", 2)
    translate = QCoreApplication.translate
    options = [PreviewOption(k, lambda k=k: translate("MemoryPage", k), ["x"], EntryChanges(added=["a"]))
               for k in ("Merge: add the file's fixed entries to the current ones",
                         "Replace: the file's memory instead of the current one")]
    dialog = ChangePreviewDialog(None, "t", "h", options, "Import")
    qtbot.addWidget(dialog)
    assert [b.text() for b in dialog.radios.buttons()] == [o.key for o in options]
    assert said_values(receipt)["Parts"] == "instructions 400, memory 120, history 800"
    old = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.German, QLocale.Country.Germany))
    try:
        assert said_size(2 * 1024 * 1024 + 5_000) == "2,0 MB" and said_size(900) == "900 B"
    finally:
        QLocale.setDefault(old)
    preview = ChangePreview(1, "Helper", "fixed", "Clear fixed memory", 2, 0,
                            EntryChanges(removed=["Likes tables", "Lives in Kyoto"]), "v1")
    assert said_lines(preview)() == preview.lines() == ["fixed memory: 2 entries → 0 entries",
                                                        "entries: 0 added, 2 removed, 0 edited"]
    with _language("zh_CN"):
        assert said_lines(preview)() == ["固定记忆：2 条 → 0 条", "条目：新增 0，删除 2，修改 0"]
        assert said_values(receipt)["Parts"] == "指令 400, 记忆 120, 历史 800"
        assert said_values(receipt)["Memory"] == "固定 #1, #2; 梦境卡片 #7"
        assert "文件 'src/app.py'" in said(report.verdict_reason())
        qtbot.waitUntil(lambda: dialog.radios.buttons()[0].text() != options[0].key, timeout=3000)
        assert dialog.radios.buttons()[1].text() == translate("MemoryPage", options[1].key) != options[1].key
    qtbot.waitUntil(lambda: dialog.radios.buttons()[0].text() == options[0].key, timeout=3000)


def test_what_a_dream_card_repeats_is_said_in_chinese(qapp: Any) -> None:
    """walk55 #2: the entry a refused dream card repeats (DRM-14) is data, not English
    "fixed memory #1" inside a Chinese frame; the CLI's English stays as it was."""
    from datetime import date

    from chathub_desktop.core.memory_documents import DYNAMIC, FIXED
    from chathub_desktop.core.memory_repeats import Repeat
    from chathub_desktop.services.dream.dream_reasons import DreamReason, day_reason

    fixed = day_reason(DreamReason.REPEATED, date(2026, 12, 1), Repeat(FIXED, 1, "Likes tea").place_reason())
    card = day_reason(DreamReason.REPEATED, date(2026, 12, 1), Repeat(DYNAMIC, 3, "Wants tables").place_reason())
    assert (fixed.english(), card.english()) == ("the card for 2026-12-01 repeated fixed memory #1",
                                                 "the card for 2026-12-01 repeated card #3")
    with _language("zh_CN"):
        assert said(fixed).endswith("的卡片与 固定记忆 #1 重复") and said(card).endswith("的卡片与 梦境卡片 #3 重复")
