"""The last English of issue 27 (lang45): an untitled topic reads "New topic" in the
interface language (the store keeps a typed flag, not the words: migration 0028) and a
rename titles it; a new topic the window made and left unused is deleted at quit too,
one with a draft stays; the topic import's, the model catalog's and the memory file's
remaining refusals are said in Chinese and Japanese while the CLI's English is unchanged;
English reads its plural forms ("7 entries") in a path without a window."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTranslator
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.shell.i18n import ENGLISH_BASE, install_english_base
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.services.errors import InvalidInput
from tests.gui.helpers import new_topic, reload_assistants
from tests.gui.test_i18n import _Pseudo, english  # noqa: F401  (the fixture)
from tests.gui.test_i18n_service_texts import _Installed, _language


def _row_title(w: Any, topic_id: int) -> str:
    row = w.topic_model.row_of(topic_id)
    return "" if row is None else str(w.topic_model.index(row).data(Qt.ItemDataRole.DisplayRole))


@pytest.mark.usefixtures("english")  # test_i18n's: English again afterwards
def test_an_untitled_topic_reads_new_topic_in_the_interface_language(window: Any, services: Any,
                                                                     qtbot: Any) -> None:
    w = window
    services.assistants.create("Helper")
    reload_assistants(w, qtbot)
    topic = new_topic(w, qtbot)
    assert _row_title(w, topic) == "New topic" and w.chat_header.title.text() == "New topic"
    w.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
    qtbot.waitUntil(lambda: _row_title(w, topic) == "新话题", timeout=3000)
    qtbot.waitUntil(lambda: w.chat_header.title.text() == "新话题", timeout=3000)
    w.view.language_actions[UiLanguage.JAPANESE].trigger()
    qtbot.waitUntil(lambda: _row_title(w, topic) == "新しいトピック", timeout=3000)
    stored = services.topics.get(topic)
    assert (stored.untitled, stored.title) == (True, "New topic")  # the flag, the CLI's English
    services.topics.rename(topic, "新しいトピック")  # typed by the user: a title, kept as written
    listed = w.list_topics(keep=topic)
    qtbot.waitUntil(listed.done, timeout=5000)
    row = w.topic_model.row_of(topic)
    assert row is not None and w.topic_model.topic_at(row).untitled is False
    w.view.language_actions[UiLanguage.ENGLISH].trigger()
    qtbot.waitUntil(lambda: w.composer.send_button.text() == "Send", timeout=3000)
    assert _row_title(w, topic) == "新しいトピック"


def test_a_new_topic_left_unused_is_deleted_at_quit_and_one_with_a_draft_stays(window: Any, services: Any,
                                                                               qtbot: Any) -> None:
    """title43's rule at quit: the quit deletes, on a store worker, the window's new
    topic nobody wrote in; one left with a draft, or pinned, stays; the CLI's never goes."""
    services.assistants.create("Helper")
    cli = services.topics.create("Helper").id  # made elsewhere: never dropped by the window
    reload_assistants(window, qtbot)
    drafted = new_topic(window, qtbot)
    window.composer.draft.setPlainText("half a question")
    pinned = new_topic(window, qtbot)  # leaving `drafted` keeps it (its draft)
    services.topics.set_pinned(pinned, True)
    unused = new_topic(window, qtbot)  # leaving `pinned` keeps it (pinned)
    qtbot.waitUntil(lambda: not window.runner.is_running(f"discard-topic:{pinned}"), timeout=10000)
    task = window.runner.run("quit-discard", window.opener.discard_at_quit(), context="Quit")
    qtbot.waitUntil(task.done, timeout=10000)
    assert task.result() == [unused]
    assert sorted(t.id for t in services.topics.list("Helper")) == sorted([cli, drafted, pinned])


def _import_refusal(services: Any, doc: object) -> InvalidInput:
    with pytest.raises(InvalidInput) as caught:
        services.topic_files.import_json(json.dumps(doc).encode(), "Helper")
    return caught.value


def test_the_topic_imports_refusals_are_said_in_chinese_and_japanese(services: Any, qapp: Any) -> None:
    services.assistants.create("Helper")
    no_format = _import_refusal(services, {"version": 1})
    wrong_version = _import_refusal(services, {"format": "chathub-topic", "version": 9})
    assert str(no_format) == 'not a ChatHub topic export: no "format": "chathub-topic"'  # the CLI's line
    assert str(wrong_version) == "not a ChatHub topic export: version 9 is not 1"
    with _Installed(_Pseudo()):
        assert said_error(wrong_version) == "⟦not a ChatHub topic export: ⟦version 9 is not 1⟧⟧"
    with _language("zh_CN"):
        assert said_error(no_format) == '不是 ChatHub 话题导出：缺少 "format": "chathub-topic"'
        assert said_error(wrong_version) == "不是 ChatHub 话题导出：版本 9 不是 1"
    with _language("ja"):
        assert said_error(wrong_version) == "ChatHub のトピックのエクスポートではありません：バージョン 9 は 1 ではありません"


def test_too_many_messages_is_said_in_chinese(services: Any, qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from chathub_desktop.services.transfer import topic_transfer

    services.assistants.create("Helper")
    monkeypatch.setattr(topic_transfer, "MAX_MESSAGES", 2)
    doc = {"format": "chathub-topic", "version": 1, "origin": "o",
           "topic": {"title": "T", "created_at": "2026-01-01T00:00:00+00:00", "updated_at": "2026-01-01T00:00:00+00:00"},
           "messages": [{}, {}, {}]}
    refused = _import_refusal(services, doc)
    assert str(refused) == "not a ChatHub topic export: 3 messages; at most 2"
    with _language("zh_CN"):
        assert said_error(refused) == "不是 ChatHub 话题导出：共 3 条消息；最多 2 条"


def test_the_model_catalogs_checks_and_the_memory_files_depth_are_said(services: Any, tmp_path: Path,
                                                                      qapp: Any) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"models": [{"id": "gpt-x", "context_window": -1}]}), encoding="utf-8")
    with pytest.raises(InvalidInput) as caught:
        services.models.import_catalog(path)
    said = ("cards.json: models[0] ('gpt-x'): 'context_window' must be a positive integer up to "
            "100,000,000, got -1")
    assert str(caught.value) == said
    with _language("zh_CN"):
        assert said_error(caught.value) == ("cards.json：models[0] ('gpt-x')：'context_window' 必须是不超过 "
                                            "100,000,000 的正整数，实际为 -1")
    services.assistants.create("Helper")
    deep = tmp_path / "memory.json"
    deep.write_text("[" * 100, encoding="utf-8")
    with pytest.raises(InvalidInput) as memory:
        services.memory_files.preview_import("Helper", deep)
    assert "nests JSON more than" in str(memory.value) and str(memory.value).startswith("cannot import memory.json: ")
    with _language("ja"):
        assert said_error(memory.value).startswith("memory.json をインポートできません：ファイルの JSON の入れ子が ")


def test_english_plurals_are_read_in_a_path_without_a_window(qapp: Any, _english_interface: QTranslator) -> None:
    """Issue 27: an offscreen script shows a page without the window's language switcher;
    the application's base English translator still says "7 entries", "1 entry"."""
    app = QApplication.instance()
    assert app is not None
    before = [_english_interface, *app.findChildren(QTranslator, ENGLISH_BASE)]  # as a script has none
    for t in before:
        app.removeTranslator(t)
    app.setProperty(ENGLISH_BASE, False)
    try:
        assert QCoreApplication.translate("MemoryPage", "%Ln entry(ies)", None, 7) == "7 entry(ies)"
        assert install_english_base(app)
        assert QCoreApplication.translate("MemoryPage", "%Ln entry(ies)", None, 7) == "7 entries"
        assert QCoreApplication.translate("MemoryPage", "%Ln entry(ies)", None, 1) == "1 entry"
        added = [t for t in app.findChildren(QTranslator, ENGLISH_BASE) if t not in before]
        assert len(added) == 1 and install_english_base(app)  # once: a second call installs nothing more
        assert [t for t in app.findChildren(QTranslator, ENGLISH_BASE) if t not in before] == added
        app.removeTranslator(added[0])
        added[0].deleteLater()
    finally:
        app.setProperty(ENGLISH_BASE, len(before) > 1)
        for t in before:
            app.installTranslator(t)


def test_a_failed_tasks_title_and_status_prefix_are_said(qapp: Any) -> None:
    """An error box's title and a quiet failure's status line name what the window was
    doing (the task's context) in the interface language; the reason follows it."""
    from chathub_desktop.gui.shell.error_presenter import ErrorPresenter

    lines: list[str] = []
    presenter = ErrorPresenter(None, lambda text, _ms: lines.append(text))
    refusal = InvalidInput("gone")
    with _language("zh_CN"):
        presenter.present(refusal, context="Import topic")
        presenter.present(refusal, context="Rename topic", quiet=True)
        [box] = presenter.open_boxes()
        assert box.windowTitle() == "导入话题"
        box.close()
    assert lines == ["重命名话题：gone"]
    presenter.present(refusal, context="Rename topic", quiet=True)
    assert lines[-1] == "Rename topic: gone"  # English as before


@pytest.mark.usefixtures("english")
def test_deleting_a_topic_asks_and_says_it_in_chinese(window: Any, services: Any, qtbot: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from chathub_desktop.gui.dialogs import confirm

    w = window
    services.assistants.create("Helper")
    reload_assistants(w, qtbot)
    topic = new_topic(w, qtbot)
    asked: list[tuple[str, str, str | None]] = []
    monkeypatch.setattr(confirm, "ask", lambda _p, title, text, action=None: asked.append((title, text, action)) or True)
    w.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
    qtbot.waitUntil(lambda: _row_title(w, topic) == "新话题", timeout=3000)
    assert w.deletes.delete()
    assert asked == [("删除话题", "删除“新话题”及其 0 条消息？10 秒内可以撤销。", None)]  # confirm says "删除"
    assert w.status_line.currentMessage().startswith("已删除“新话题”——10 秒内可撤销")
    assert w.deletes.undo() == topic
