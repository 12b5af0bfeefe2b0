"""The interface speaks the user's language (issue 27): View → Language switches the open
window at once (rail, composer, menus, actions) and back, the choice is kept, plural
forms follow the language, and what the model reads stays byte-identical."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QLocale, QSettings, QTranslator
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.shell.error_bar import ErrorBar
from chathub_desktop.gui.shell.i18n import SETTINGS_KEY, LanguageSwitcher, fill
from chathub_desktop.gui.shell.nav_rail import RailEntry


@pytest.fixture
def english(window: Any) -> Iterator[Any]:
    """The window, put back to English afterwards whatever the test switched to."""
    try:
        yield window
    finally:
        window.view.language.apply(UiLanguage.ENGLISH)
        window.view.language.apply(UiLanguage.SYSTEM)


def _pick(window: Any, lang: UiLanguage, qtbot: Any, rail_name: str) -> None:
    window.view.language_actions[lang].trigger()
    qtbot.waitUntil(lambda: window.rail.buttons[RailEntry.CHATS].accessibleName() == rail_name, timeout=3000)


def test_chinese_retranslates_the_open_window_at_once_and_english_comes_back(english: Any, qtbot: Any) -> None:
    w = english
    assert [a.text() for a in w.view.language_actions.values()] == ["&System", "English", "简体中文", "日本語"]
    _pick(w, UiLanguage.CHINESE_SIMPLIFIED, qtbot, "对话")
    assert w.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].isChecked()
    assert [b.accessibleName() for b in w.rail.buttons.values()] == ["对话", "记忆", "搜索", "设置"]
    assert w.rail.buttons[RailEntry.SEARCH].toolTip() == "搜索：搜索所有话题中的消息（Ctrl+K）"
    assert w.rail.avatar.accessibleName() == "助手：还没有"
    assert w.composer.send_button.text() == "发送"
    assert w.composer.draft.placeholderText() == "输入消息 — Enter 发送，Shift+Enter 换行"
    assert [m.title() for m in (w.import_menu, w.topic_menu, w.assistant_menu, w.view.menu, w.settings_menu,
                                w.help_menu)] == ["导入", "话题", "助手", "视图", "设置", "帮助"]
    assert w.new_topic_action.text() == "新建话题" and w.quit_action.text() == "退出"
    assert w.new_topic_action.toolTip() == "与此助手开始一个新话题（Ctrl+N）"
    assert w.view.sidebar_action.text() == "显示侧边栏" and w.view.language_menu.title() == "语言"
    assert w.sidebar.topics_label.text() == "话题" and w.assistant_title.text() == "没有助手"
    assert w.compact_action.text() == "立即压缩"
    assert QLocale().name() == "zh_CN"
    _pick(w, UiLanguage.JAPANESE, qtbot, "チャット")
    assert w.composer.send_button.text() == "送信" and w.view.menu.title() == "表示"
    _pick(w, UiLanguage.ENGLISH, qtbot, "Chats")
    assert [b.accessibleName() for b in w.rail.buttons.values()] == ["Chats", "Memory", "Search", "Settings"]
    assert w.composer.send_button.text() == "Send" and w.topic_menu.title() == "&Topic"
    assert w.new_topic_action.text() == "New &topic" and w.view.language_menu.title() == "&Language"
    assert w.assistant_title.text() == "No assistant"


def test_a_window_before_its_store_opens_switches_too(qapp: QApplication, qtbot: Any) -> None:
    """The language is applied before the first paint, while the store still opens: the
    window's chrome is re-said without touching what attach() builds later."""
    from chathub_desktop.gui.shell.main_window import MainWindow

    w = MainWindow(None)
    qtbot.addWidget(w)
    w.show()
    try:
        _pick(w, UiLanguage.CHINESE_SIMPLIFIED, qtbot, "对话")
        # nothing is said about the assistants before they are read (walk45 #4: not "No assistant")
        assert w.assistant_title.text() == "" and w.opening.text() == '<div align="center">正在打开你的对话…</div>'
    finally:
        w.view.language.apply(UiLanguage.ENGLISH)
        qtbot.waitUntil(lambda: w.rail.buttons[RailEntry.CHATS].accessibleName() == "Chats", timeout=3000)
        w.view.language.apply(UiLanguage.SYSTEM)


def test_the_assistants_tooltip_follows_and_values_are_filled_once(english: Any, services: Any,
                                                                   qtbot: Any) -> None:
    from tests.gui.helpers import reload_assistants

    reload_assistants(english, qtbot, services.assistants.create("%2 Helper").id)
    _pick(english, UiLanguage.CHINESE_SIMPLIFIED, qtbot, "对话")
    qtbot.waitUntil(lambda: "，通过 " in english.assistant_title.toolTip(), timeout=3000)
    assert english.assistant_title.toolTip().startswith("%2 Helper：")  # a value's own %2 stays
    assert fill("%2 / %1 / %3", "a%2", "b") == "b / a%2 / %3"


def test_the_choice_is_kept_and_system_follows_the_desktop(qapp: QApplication, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "window.ini"), QSettings.Format.IniFormat)
    parent = LanguageSwitcher(qapp, qapp, None)  # an owner that goes at the test's end
    try:
        first = LanguageSwitcher(parent, qapp, settings)
        assert first.choice is UiLanguage.SYSTEM
        first.apply(UiLanguage.JAPANESE)
        assert settings.value(SETTINGS_KEY) == "ja" and first.shown is UiLanguage.JAPANESE
        again = LanguageSwitcher(parent, qapp, settings)
        assert again.choice is UiLanguage.JAPANESE  # remembered across starts
        settings.setValue(SETTINGS_KEY, "klingon")  # a hand-edited file: System, never a failure
        assert LanguageSwitcher(parent, qapp, settings).choice is UiLanguage.SYSTEM
        first.apply(UiLanguage.ENGLISH)
    finally:
        parent.deleteLater()
        QApplication.sendPostedEvents()
        QLocale.setDefault(QLocale.system())


def test_plural_forms_follow_the_language(english: Any, qtbot: Any) -> None:
    bar = ErrorBar()
    for n in range(3):
        bar.show_error(f"boom {n}", "")
    assert bar.label.text() == "boom 2 (2 earlier)"
    bar.dismiss()
    bar.show_error("a", "")
    bar.show_error("b", "")
    assert bar.label.text() == "b (1 earlier)"
    _pick(english, UiLanguage.CHINESE_SIMPLIFIED, qtbot, "对话")
    assert bar.label.text() == "b（之前还有 1 个）"  # re-said at once, Chinese has one form
    _pick(english, UiLanguage.ENGLISH, qtbot, "Chats")
    bar.deleteLater()


def test_topic_counts_take_plural_forms_and_dates_the_locale(english: Any, services: Any, qtbot: Any) -> None:
    from chathub_desktop.gui.topics.topic_list_delegate import day_label
    from chathub_desktop.services.views import TopicView

    one = TopicView(id=1, assistant_id=1, title="T", created_at=datetime(2026, 3, 4, 9, 5, tzinfo=UTC),
                    updated_at=datetime(2026, 3, 4, 9, 5, tzinfo=UTC), message_count=1)
    _pick(english, UiLanguage.ENGLISH, qtbot, "Chats")
    model = english.topic_model
    model.show(1, [one, TopicView(id=2, assistant_id=1, title="U", created_at=one.created_at,
                               updated_at=one.updated_at, message_count=1234)])

    def tip(row: int) -> str:
        return str(model.index(row).data(0x03))  # ToolTipRole

    assert "\n1 message · last active " in tip(0) and "\n1,234 messages · last active " in tip(1)
    now = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
    _pick(english, UiLanguage.JAPANESE, qtbot, "チャット")
    assert "\n1,234 件のメッセージ · 最終アクティブ " in tip(1)
    local = one.updated_at.astimezone()
    assert day_label(one.updated_at, now) == f"2026年{local.month}月{local.day}日"
    assert day_label(datetime(2026, 3, 19, 12, 0, tzinfo=UTC), now) == "昨日"
    _pick(english, UiLanguage.ENGLISH, qtbot, "Chats")
    assert day_label(one.updated_at, now) == f"{local.day} Mar 2026"


def test_what_the_model_reads_is_byte_identical_in_chinese(english: Any, qtbot: Any) -> None:
    from chathub_desktop.core import (
        compaction_prompt,
        dream_prompt,
        memory_injection,
        memory_tools,
        recall_tools,
    )
    from chathub_desktop.core.messages import ChatMessage, Role

    def model_texts() -> list[str]:
        block = memory_injection.build_memory_block("\n#1: Likes tea\n#2: From a web page\n", "Card #1",
                                                    untrusted_numbers=(2,))
        summary = compaction_prompt.summary_prompt("old", (ChatMessage(Role.USER, "hi"),), 400)
        dream = dream_prompt.dream_request("Helper", date(2026, 3, 4),
                                           (dream_prompt.TopicMaterial("T", excerpt="user: hi"),))
        tools = [repr(t) for t in (*memory_tools.MEMORY_TOOLS, *recall_tools.RECALL_TOOLS)]
        return [block, repr(summary), repr(dream), *tools]

    before = model_texts()
    _pick(english, UiLanguage.CHINESE_SIMPLIFIED, qtbot, "对话")
    assert model_texts() == before
    assert memory_injection.UNTRUSTED_OPEN in before[0]


class _Pseudo(QTranslator):
    """A pseudo-locale: every string that goes through translation comes back in ⟦…⟧."""

    def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
        return f"⟦{source}⟧"

    def isEmpty(self) -> bool:  # noqa: N802 - Qt override
        return False


def test_every_text_of_the_translated_chrome_is_marked_for_translation(english: Any, qtbot: Any) -> None:
    """Walks the rail, composer, header, error bar, token badge, tray and the menus this
    step translated under a pseudo-locale: a text shown without ⟦⟧ was never marked."""
    w = english
    pseudo = _Pseudo()
    QApplication.instance().installTranslator(pseudo)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: w.composer.send_button.text() == "⟦Send⟧", timeout=3000)
        texts: dict[str, str] = {}
        for entry, b in w.rail.buttons.items():
            texts[f"rail {entry.name}"] = b.accessibleName()
            texts[f"rail {entry.name} tip"] = b.toolTip()
        texts |= {"rail menu": w.rail.more.accessibleName(), "rail menu tip": w.rail.more.toolTip(),
                  "avatar": w.rail.avatar.accessibleName(), "rail nav": w.rail.accessibleName()}
        c = w.composer
        texts |= {"send": c.send_button.text(), "send tip": c.send_button.toolTip(), "stop": c.stop_button.text(),
                  "stop tip": c.stop_button.toolTip(), "draft": c.draft.placeholderText(),
                  "draft tip": c.draft.toolTip(), "draft name": c.draft.accessibleName()}
        texts |= {"header toggle": w.chat_header.toggle.accessibleName(), "topics": w.sidebar.topics_label.text(),
                  "error retry": w.error_bar.retry_button.text(), "error details": w.error_bar.details_button.text(),
                  "badge": w.composer.badge.accessibleName(), "badge tip": w.composer.badge.toolTip(),
                  "store wait": w.store_wait_label.text(), "assistant": w.assistant_title.text()}
        mine = (w.import_menu, w.assistant_menu, w.view.menu, w.view.theme_menu, w.settings_menu, w.help_menu)
        actions = [a for m in mine for a in m.actions()]
        actions += [w.new_topic_action, w.rename_topic_action, w.delete_topic_action, w.compact_action,
                    w.summary_action, w.stop_action, w.back_action, w.app_menu_action, *w.tray.menu.actions()]
        # owned by files other helpers edit now (topic_actions.py, gui/memory/): a later step
        later = {w.topic_actions.import_action} | {a for a in w.assistant_menu.actions() if "proposals" in a.text()}
        for a in actions:
            if a.isSeparator() or a.menu() is not None or a in w.view.language_actions.values() or a in later:
                continue
            texts[f"action {a.text()!r}"] = a.text()
            if a.toolTip() != a.text().replace("&", ""):
                texts[f"action {a.text()!r} tip"] = a.toolTip()
        texts |= {f"menu {m.title()}": m.title() for m in (*mine, w.topic_menu, w.view.language_menu)}
        unmarked = {k: v for k, v in texts.items() if "⟦" not in v}
        assert not unmarked, "\n".join(unmarked)
    finally:
        QApplication.instance().removeTranslator(pseudo)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: w.composer.send_button.text() == "Send", timeout=3000)


def test_tool_approval_rows_and_call_lines_follow_the_language(english: Any, qtbot: Any) -> None:
    """Issue 25 / 27: the approval bar, a server tool's row, the reply's call line and a
    tool server's failure line are in the chosen language; names and arguments stay."""
    from PySide6.QtGui import QPalette

    from chathub_desktop.core.mcp_config import ApprovalRequest
    from chathub_desktop.gui.chat.message_delegate import _colors
    from chathub_desktop.gui.chat.message_documents import render_html
    from chathub_desktop.gui.chat.message_texts import collapsed_label
    from chathub_desktop.gui.chat.tool_server_notice import server_down_line
    from chathub_desktop.services.events import ToolServerDown
    from chathub_desktop.services.views import MessageView

    w = english
    bar = w.tool_approval_bar
    bar.show_request(ApprovalRequest(1, 1, "time", "get_current_time", "{}"), "Helper")
    fields = {f: None for f in MessageView.__dataclass_fields__}
    row = MessageView(**{**fields, "id": 1, "topic_id": 1, "seq": 1, "role": "tool", "content": "{}",
                         "content_type": "text", "tool_name": "time__get_current_time"})
    reply = MessageView(**{**fields, "id": 2, "topic_id": 1, "seq": 2, "role": "assistant", "content": "",
                           "content_type": "text", "status": "complete",
                           "tool_calls": ({"id": "c1", "name": "time__get_current_time", "arguments": "{}"},)})
    _pick(w, UiLanguage.CHINESE_SIMPLIFIED, qtbot, "对话")
    qtbot.waitUntil(lambda: bar.allow_button.text() == "允许一次", timeout=3000)
    assert (bar.always_button.text(), bar.deny_button.text()) == ("始终允许", "拒绝")
    assert bar.label.text() == "Helper 想使用 <b>time</b> 服务器上的 <b>get_current_time</b>，参数为："
    assert collapsed_label(row, False).endswith("get_current_time（time 服务器） 的结果 — 点击展开")
    assert "调用 time 服务器上的 <b>get_current_time</b>({})" in "".join(render_html(reply, False,
                                                                                  _colors(QPalette())[0]))
    assert server_down_line(ToolServerDown(1, "time", "time: could not start")) == (
        "工具服务器“time”未能启动；回复将在没有它的工具的情况下继续：could not start")
    _pick(w, UiLanguage.JAPANESE, qtbot, "チャット")
    qtbot.waitUntil(lambda: bar.deny_button.text() == "拒否", timeout=3000)
    _pick(w, UiLanguage.ENGLISH, qtbot, "Chats")
    qtbot.waitUntil(lambda: bar.allow_button.text() == "Allow &once", timeout=3000)
    assert bar.label.text() == "Helper wants to use <b>get_current_time</b> from the <b>time</b> server with:"
    bar.hide()


def test_a_dialog_collected_with_its_texts_raises_nothing(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> None:
    """search53b (walk53b #3): a dialog and its texts in a reference cycle, dropped after
    Accept: the collector emptied the Texts before the dialog's C++ part was deleted, whose
    ChildRemoved events then reached the Texts' filter ("no attribute '_owner'")."""
    import gc
    import sys

    from PySide6.QtWidgets import QDialog, QLabel

    from chathub_desktop.gui.shell.i18n import Texts

    raised: list[BaseException | None] = []
    monkeypatch.setattr(sys, "excepthook", lambda _t, e, _tb: raised.append(e))
    monkeypatch.setattr(sys, "unraisablehook", lambda u: raised.append(u.exc_value))

    def accepted() -> None:
        dialog = QDialog()
        texts = Texts(dialog)
        texts.bind(QLabel(dialog).setText, lambda: "Import memory")
        texts.bind(dialog.setWindowTitle, lambda: "Preview")  # the dialog's own method: a cycle
        dialog.accept()

    for _ in range(3):
        accepted()
        gc.collect()
        qapp.processEvents()
    assert raised == []
