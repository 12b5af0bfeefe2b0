"""Dialogs follow a language switch while they are open (issue 27: "every open window …
and dialog re-translated without a restart"), and what the services report reaches the
window in its language (typed reasons).

- The assistant dialog (its Designer form, the texts set in code and the new "Language of
  summaries and dream cards" row), the paste-memory, error-details, receipt and keyboard
  shortcuts dialogs,
  built in English: under a pseudo-locale installed while they are open every text they
  show comes back marked (⟦…⟧), and English returns when it is removed.
- The assistant dialog stores the card language; Chinese re-says it at once.
- A dream's outcome line is said in Chinese, with its values, while the service's
  English (what the CLI prints) is unchanged.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from typing import Any

from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QApplication, QComboBox

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.context.receipt_dialog import ReceiptDialog
from chathub_desktop.gui.memory.memory_paste_dialog import PasteMemoryDialog
from chathub_desktop.gui.settings.assistant_dialog import AssistantDialog
from chathub_desktop.gui.shell.day_format import format_day
from chathub_desktop.gui.shell.error_bar import ErrorDetailsDialog
from chathub_desktop.gui.shell.help_menu import ShortcutsDialog
from chathub_desktop.gui.shell.i18n import translations_dir
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.views import MessageView
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import loaded, saved
from tests.gui.test_dream_panel import helper, idle, open_page, summ  # noqa: F401  (fixtures)
from tests.gui.test_i18n import _Pseudo
from tests.gui.test_i18n_memory import QT_OWN
from tests.gui.test_i18n_pages import shown_texts, unmarked

#: Combo items shown as they are: the preset and effort words are the stored values the
#: CLI takes, and the card languages are named in themselves (as View → Language does).
AS_IS_COMBOS = ("presetCombo", "effortCombo", "modelCombo")
NATIVE = ("English", "简体中文", "日本語")


def _combo_items(dialog: Any) -> dict[str, str]:
    found = {}
    for combo in dialog.findChildren(QComboBox):
        if combo.objectName() in AS_IS_COMBOS:
            continue
        found |= {f"{combo.objectName()} {i}": combo.itemText(i) for i in range(combo.count())
                  if combo.itemText(i) not in NATIVE and re.search(r"[A-Za-z]", combo.itemText(i))}
    return found


def _chinese() -> QTranslator:
    t = QTranslator()
    assert t.load("chathub_zh_CN", translations_dir())
    return t


def test_the_assistant_dialog_is_re_said_while_open(services: Any, qtbot: Any, qloop: Any) -> None:
    """Issue 27: every text of the open dialog — tabs, titles, descriptions and their tooltips, the combo's
    first item, the title with the assistant's name — follows the switch, and back."""
    a = services.assistants.create("Helper")
    services.assistants.update(a.id, card_language="ja")
    d = loaded(AssistantDialog(services.assistants, services.providers, TaskRunner(None), a.id), qtbot)
    qtbot.addWidget(d)
    combo = d.ui.cardLanguageCombo
    assert [combo.itemText(i) for i in range(combo.count())] == ["Same as the conversation", *NATIVE]
    assert combo.currentData() == "ja" and d.windowTitle() == "Edit assistant Helper"
    for i in range(d.ui.tabs.count()):  # each group's column is put in its tab when first shown
        d.ui.tabs.setCurrentIndex(i)
    pseudo = _Pseudo()
    QApplication.instance().installTranslator(pseudo)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: d.windowTitle() == "⟦Edit assistant Helper⟧", timeout=3000)
        texts = {k: v for k, v in (shown_texts(d) | _combo_items(d)).items()  # not the avatar's initial,
                 if v != "H" and not any(q in k for q in QT_OWN)}  # nor Qt's own tab arrows
        texts |= {f"tab {i}": d.ui.tabs.tabText(i) for i in range(d.ui.tabs.count())}
        assert texts["cardLanguageCombo 0"] == "⟦Same as the conversation⟧"
        assert "⟦Lan&guage of summaries and dream cards⟧" in texts.values()
        assert not unmarked(texts), unmarked(texts)
    finally:
        QApplication.instance().removeTranslator(pseudo)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: d.windowTitle() == "Edit assistant Helper", timeout=3000)
    assert d.ui.cardLanguageLabel.text() == "Lan&guage of summaries and dream cards"
    assert d.ui.lowWatermarkValue.text() == "0.60"


def test_the_card_language_is_saved_from_the_dialog_and_said_in_chinese(services: Any, qtbot: Any,
                                                                        qloop: Any) -> None:
    a = services.assistants.create("Helper", model="m1")
    d = loaded(AssistantDialog(services.assistants, services.providers, TaskRunner(None), a.id), qtbot)
    qtbot.addWidget(d)
    combo = d.ui.cardLanguageCombo
    assert combo.currentIndex() == 0  # unset: the conversation's language, as before
    chinese = _chinese()
    QApplication.instance().installTranslator(chinese)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: combo.itemText(0) == "与对话相同", timeout=3000)
        assert d.ui.cardLanguageLabel.text() == "摘要和梦境卡片的语言" and d.windowTitle() == "编辑助手 Helper"
        combo.setCurrentIndex(combo.findData("zh_CN"))
        saved(d, qtbot)
        assert d.ui.errorLabel.isHidden(), d.ui.errorLabel.text()
    finally:
        QApplication.instance().removeTranslator(chinese)  # type: ignore[union-attr]
    assert services.assistants.get(a.id).card_language == "zh_CN"


def test_the_paste_error_and_receipt_dialogs_are_re_said_while_open(services: Any, qtbot: Any,
                                                                    qloop: Any) -> None:
    a = services.assistants.create("Helper")
    paste = PasteMemoryDialog(services, TaskRunner(None), a.id)
    details = ErrorDetailsDialog("Something failed", "Traceback …")
    message = MessageView(id=7, topic_id=1, seq=2, role=Role.ASSISTANT, content="Hi", content_type="text",
                          status="complete", created_at=datetime.now(UTC), model="gpt-4o", input_tokens=120,
                          receipt={})
    receipt = ReceiptDialog(message, None, lambda _t: None)
    shortcuts = ShortcutsDialog([])
    for dialog in (paste, details, receipt, shortcuts):
        qtbot.addWidget(dialog)
    paste.paste_edit.setPlainText("- Likes tables\n- Lives in Kyoto")
    qtbot.waitUntil(lambda: len(paste.fact_list.choice_items()) == 2, timeout=5000)
    pseudo = _Pseudo()
    QApplication.instance().installTranslator(pseudo)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: receipt.windowTitle() == "⟦What this reply's request carried⟧", timeout=3000)
        texts = {f"paste {k}": v for k, v in shown_texts(paste).items()}  # (the facts' rows are not among them)
        combo = paste.source_combo  # the other sources are products' names
        texts["paste source other"] = combo.itemText(combo.count() - 1)
        texts |= {f"details {k}": v for k, v in shown_texts(details).items()
                  if v not in ("Something failed", "Traceback …")}
        texts |= {f"receipt {k}": v for k, v in shown_texts(receipt).items()  # the values' own words are left
                  if "QLabel#receipt" not in k or "#receiptIntro" in k}
        assert paste.windowTitle() == "⟦Import memory from another assistant⟧"
        assert details.windowTitle() == "⟦Error details⟧" and shortcuts.windowTitle() == "⟦Keyboard shortcuts⟧"
        texts |= {f"shortcuts {k}": v for k, v in shown_texts(shortcuts).items()}
        assert not unmarked(texts), unmarked(texts)
    finally:
        QApplication.instance().removeTranslator(pseudo)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: details.windowTitle() == "Error details", timeout=3000)
    assert paste.windowTitle() == "Import memory from another assistant"


def test_a_dream_outcome_is_said_in_chinese_with_its_values(open_page, services, helper, summ,  # noqa: F811
                                                            qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 27: "Dream now" over a day that shows nothing new: the status line says so in
    Chinese with the day and the topic it read; the outcome keeps its English for the CLI."""
    from chathub_desktop.gui.memory import change_preview

    monkeypatch.setattr(change_preview, "ask", lambda *_a: "add")
    day = datetime.now(UTC).date() - timedelta(days=1)
    topic = services.topics.create(helper, title="Trip").id
    services.chat.append_row(topic, role=Role.USER, content="Plan the Kyoto trip",
                          created_at=datetime.combine(day, dtime(9, 0, tzinfo=UTC)))
    panel = open_page(helper).dream_panel
    qtbot.waitUntil(lambda: panel.day_picker.count() == 1, timeout=5000)
    outcomes: list[Any] = []
    services.bus.subscribe(lambda e: outcomes.append(e) if getattr(e, "why", None) is not None else None)
    chinese = _chinese()
    QApplication.instance().installTranslator(chinese)  # type: ignore[union-attr]
    try:
        summ.script(Reply(text_chunks=["NO_CHANGES"]))
        assert panel.runs.dream_now() is not None
        qtbot.waitUntil(lambda: "没有显示出关于你工作方式的新内容" in panel.status_label.text(), timeout=15000)
        idle(qtbot, panel)
        # the day in the locale's long date (issue 30); the outcome's English keeps ISO (the CLI)
        assert panel.status_label.text() == f"{format_day(day)}没有显示出关于你工作方式的新内容；已读 “Trip”"
    finally:
        QApplication.instance().removeTranslator(chinese)  # type: ignore[union-attr]
    assert outcomes and outcomes[-1].message == f"{day.isoformat()} showed nothing new about how you work; read “Trip”"


def test_compaction_outcomes_and_refusals_are_said_in_chinese(qapp: Any) -> None:
    """Issue 27: a compaction's outcome line (frame, nested reasons, figures), a History
    Compress failure and an assistant setting refused by the service reach the window in
    Chinese; without the translation they read as the CLI's English."""
    from types import SimpleNamespace

    from chathub_desktop.core import compaction_gain as cg
    from chathub_desktop.core.compaction import CompactionStatus, CompactionTrigger
    from chathub_desktop.core.reasons import Reason
    from chathub_desktop.gui.context.compaction_controller import auto_outcome_text, outcome_text
    from chathub_desktop.gui.shell.error_presenter import user_message
    from chathub_desktop.services.assistants.assistant_service import AssistantReason
    from chathub_desktop.services.compaction.compaction_outcome import CompactionReason

    why = cg.too_short_reason(8, 310, 0, 623)
    short = SimpleNamespace(status="nothing_eligible", message=why.english(), why=why, before_tokens=9_312,
                            after_tokens=9_312)
    done_why = Reason(CompactionReason.COMPACTED, ("12", "3"))
    done = SimpleNamespace(status="compacted", message=done_why.english(), why=done_why, before_tokens=9_312,
                           after_tokens=4_100)
    refused = InvalidInput(Reason(AssistantReason.HISTORY_LIMIT, ("1,000,000", "-1")))
    assert outcome_text(short).startswith("Nothing to gain: these 8 messages take 310 tokens")
    chinese = _chinese()
    qapp.installTranslator(chinese)
    try:
        assert outcome_text(short) == ("没有收益：这 8 条消息占用下一次请求中的 310 个令牌，而它们的摘要约需 623 个令牌；"
                                       "未做任何总结")
        assert outcome_text(done) == "下一次请求现在占用 4,100 个令牌，而不是 9,312 个。已压缩 12 条消息，共 3 个批次。"
        assert user_message(refused) == "历史限制必须在 0 到 1,000,000 条消息之间（当前为 -1）"
        assert auto_outcome_text(CompactionTrigger.OVERFLOW, CompactionStatus.COMPACTED) == \
            "请求对模型来说太长，因此较早的消息已被总结"
    finally:
        qapp.removeTranslator(chinese)
    assert outcome_text(done) == ("The next request now takes 4,100 tokens instead of 9,312. Compacted 12 messages "
                                  "in 3 batches.")
    assert user_message(refused) == "history limit must be between 0 and 1,000,000 messages (got -1)"


def test_the_message_chrome_is_re_said_live(qtbot: Any) -> None:
    """Issue 27: the message action bar (tooltips, accessible names) and the reply notice
    (Stop, Retry, the stall line) follow a switch; the provider's host stays as it is."""
    from PySide6.QtWidgets import QWidget

    from chathub_desktop.gui.chat.message_action_bar import MessageActionBar
    from chathub_desktop.gui.chat.message_list_view import empty_text
    from chathub_desktop.gui.chat.reply_notice import ReplyNoticeBar, stall_text
    from chathub_desktop.gui.chat.send_keys import SendKey

    host = QWidget()
    qtbot.addWidget(host)
    bar, notice = MessageActionBar(host), ReplyNoticeBar(host)
    pseudo = _Pseudo()
    QApplication.instance().installTranslator(pseudo)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: notice.stop_button.text() == "⟦Stop⟧", timeout=3000)
        texts = {f"bar {k}": v for k, v in shown_texts(bar).items()}
        texts |= {f"notice {k}": v for k, v in shown_texts(notice).items()}
        assert texts and not unmarked(texts), unmarked(texts)
        assert stall_text("api.example.com", 60) == "⟦No data from api.example.com for 60 s — still waiting.⟧"
        assert empty_text(SendKey.CTRL_ENTER) == "⟦No messages yet.\nType below and press Ctrl+Enter to start.⟧"
    finally:
        QApplication.instance().removeTranslator(pseudo)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: notice.stop_button.text() == "Stop", timeout=3000)


def test_the_mcp_server_form_is_re_said_while_open(qtbot: Any) -> None:
    """Issue 27: Settings → Tools → Add server: title, row labels, placeholders, the
    transports, Use with and the buttons follow a switch (the assistants' names stay)."""
    from chathub_desktop.gui.settings.mcp_server_dialog import McpServerDialog

    async def never(_config: Any) -> Any:
        raise AssertionError("not started")

    form = McpServerDialog(TaskRunner(None), never, lambda *_a: None, assistants=[(1, "Helper"), (2, "Coder")])
    qtbot.addWidget(form)
    pseudo = _Pseudo()
    QApplication.instance().installTranslator(pseudo)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: form.windowTitle() == "⟦Add MCP server⟧", timeout=3000)
        texts = {k: v for k, v in (shown_texts(form) | _combo_items(form)).items()
                 if not re.search(r"#mcpUseWith item \d+$", k)}  # the assistants' names
        assert "⟦&Runs as⟧" in texts.values() and "⟦Program on this computer (stdio)⟧" in texts.values()
        assert not unmarked(texts), unmarked(texts)
    finally:
        QApplication.instance().removeTranslator(pseudo)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: form.windowTitle() == "Add MCP server", timeout=3000)
