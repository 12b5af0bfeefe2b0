"""The last dialogs that showed English follow a language switch while they are open
(issue 27: "every open window … and dialog re-translated without a restart").

- Topic summary (its Summary, Summary history, Quality check and How it was made tabs, the Edit buttons), About,
  Import chats and the pasted-text viewer, built in English: under a pseudo-locale
  installed while they are open every text they show comes back marked (⟦…⟧), and
  English returns when it is removed.
- What they say with values (an import's result, the summary's meta line, the pasted
  text's title) is said in Chinese and Japanese with its figures and plural forms.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QApplication, QLabel

from chathub_desktop.core.pasted_text import PREVIEW_CHARS
from chathub_desktop.gui.chat.pasted_chips import PastedChip, PastedView
from chathub_desktop.gui.context.summary_dialog import SummaryDialog
from chathub_desktop.gui.dialogs.import_dialog import ImportDialog, progress_text, result_text
from chathub_desktop.gui.shell.help_menu import AboutDialog
from chathub_desktop.gui.shell.i18n import translations_dir
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.transfer.chat_import import ImportProgress, ImportResult
from tests.gui.helpers import loaded
from tests.gui.test_i18n import _Pseudo
from tests.gui.test_i18n_memory import QT_OWN
from tests.gui.test_i18n_pages import shown_texts, unmarked


def _language(name: str) -> QTranslator:
    t = QTranslator()
    assert t.load(f"chathub_{name}", translations_dir())
    return t


def _tabs(dialog: SummaryDialog) -> dict[str, str]:
    return {f"tab {i}": dialog.tabs.tabText(i) for i in range(dialog.tabs.count())}


def test_the_summary_about_import_and_pasted_dialogs_are_re_said_while_open(services: Any, qtbot: Any,
                                                                            qloop: Any) -> None:
    a = services.assistants.create("Helper")
    topic = services.topics.create(a.id, "Trip").id
    services.compaction.edit_summary(topic, "We plan the Kyoto trip.", expected="")
    runner = TaskRunner(None)
    summary = loaded(SummaryDialog(services, topic, title="Trip", runner=runner), qtbot)
    about, imports = AboutDialog(), ImportDialog(services, runner, [], None)
    long_paste = "x" * (PREVIEW_CHARS + 10)
    pasted, chip = PastedView(long_paste), PastedChip(long_paste)
    for dialog in (summary, about, imports, pasted, chip):
        qtbot.addWidget(dialog)
    assert summary.meta_label.text().startswith("Written by <b>an unknown model</b>, <b>edited by you</b>")
    assert pasted.windowTitle() == "Pasted text · 98 kB · 1 line" and imports.windowTitle() == "Import chat history"
    pseudo = _Pseudo()
    QApplication.instance().installTranslator(pseudo)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: summary.windowTitle() == "⟦Topic summary — Trip⟧", timeout=3000)
        texts = {f"summary {k}": v for k, v in (shown_texts(summary) | _tabs(summary)).items()
                 if "summaryMeta" not in k and not any(q in k for q in QT_OWN)}  # the meta line: below
        texts |= {f"about {k}": v for k, v in shown_texts(about).items()
                  if "pageTitle" not in k and "aboutVersion" not in k}  # the product's name; checked below
        texts |= {f"import {k}": v for k, v in shown_texts(imports).items() if "QLineEdit" not in k or "tip" not in k}
        texts["import format 0"] = imports.format_combo.itemText(0)
        texts |= {f"pasted {k}": v for k, v in shown_texts(pasted).items() if "QPlainTextEdit" not in k}
        texts |= {f"chip {k}": v for k, v in shown_texts(chip).items()}
        assert "⟦&Quality check⟧" in texts.values() and "⟦Check &summary…⟧" in texts.values()
        assert not unmarked(texts), unmarked(texts)
        meta = summary.meta_label.text()
        assert meta.startswith("⟦Written by <b>⟦an unknown model⟧</b>⟧⟦, <b>edited by you</b>") and "· ⟦updated " in meta
        assert about.version_label.text().startswith("⟦Version ")
    finally:
        QApplication.instance().removeTranslator(pseudo)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: summary.windowTitle() == "Topic summary — Trip", timeout=3000)
    assert summary.tabs.tabText(summary.probes_index) == "&Quality check" and about.windowTitle() == "About ChatHub Desktop"
    assert imports.format_combo.itemText(0) == "Detect from the file"


def test_an_import_result_and_the_pasted_text_are_said_in_chinese_and_japanese(qtbot: Any) -> None:
    """The figures and the plural forms stay; the words follow the language; English
    (no translator beyond the plural forms) reads as before."""
    result = ImportResult(3, 2, 6, topics_updated=1, characters_replaced=1)
    progress = ImportProgress(bytes_read=5 * 1024 * 1024, total_bytes=10 * 1024 * 1024, conversations_done=1)
    english = ("Imported 3 topics and 6 messages; 1 earlier import got its new messages (2 already imported, "
               "skipped); 1 character that no store keeps (NUL or a lone surrogate) replaced by \ufffd")
    assert result_text(result) == english
    assert progress_text(progress) == "5.0 of 10.0 MB read · 1 conversation"
    chip = PastedChip("a\nb\nc")
    qtbot.addWidget(chip)
    for name, said, line in (
        ("zh_CN", "已导入 3 个话题和 6 条消息；1 个先前导入的话题获得了新消息（2 个已导入，已跳过）；"
                  "1 个任何存储都无法保存的字符（NUL 或单独的代理项）已替换为 \ufffd", "粘贴的文本 · 5 B · 3 行"),
        ("ja", "3 件のトピック、6 件のメッセージをインポートしました"
               "。以前にインポートした 1 件に新しいメッセージを追加しました（2 件はインポート済みのためスキップ）"
               "。どのストアにも保存できない 1 文字（NUL または単独のサロゲート）を \ufffd に置き換えました",
         "貼り付けたテキスト · 5 B · 3 行")):
        translator = _language(name)
        QApplication.instance().installTranslator(translator)  # type: ignore[union-attr]
        try:
            assert result_text(result) == said
            qtbot.waitUntil(lambda line=line: chip.label.text() == line, timeout=3000)  # re-said on the switch
        finally:
            QApplication.instance().removeTranslator(translator)  # type: ignore[union-attr]
    assert result_text(result) == english
    qtbot.waitUntil(lambda: chip.label.text() == "Pasted text · 5 B · 3 lines", timeout=3000)


def test_the_change_preview_re_says_its_title_heading_and_action_while_open(qtbot: Any) -> None:
    """Issue 27: the caller passes makers (its translate call and values), not finished
    text, so Clear fixed memory's preview follows a switch while it is open."""
    from PySide6.QtCore import QCoreApplication

    from chathub_desktop.core.memory_diff import EntryChanges
    from chathub_desktop.gui.memory.change_preview import ChangePreviewDialog, PreviewOption
    from chathub_desktop.gui.shell.i18n import fill

    translate = QCoreApplication.translate
    dialog = ChangePreviewDialog(
        None, lambda: translate("MemoryPage", "Clear fixed memory"),
        lambda: fill(translate("MemoryPage", "Remove all of %1's fixed memory? Memory → History can revert it."),
                     "Helper"),
        [PreviewOption("clear", "Clear", ["2 entries"], EntryChanges(removed=["Likes tables", "Lives in Kyoto"]))],
        lambda: translate("MemoryPage", "Clear"))
    qtbot.addWidget(dialog)
    heading = dialog.findChild(QLabel, "previewHeading")
    assert dialog.windowTitle() == "Clear fixed memory" and dialog.action_button.text() == "Clear"
    chinese = _language("zh_CN")
    QApplication.instance().installTranslator(chinese)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: dialog.windowTitle() != "Clear fixed memory", timeout=3000)
        assert dialog.windowTitle() == translate("MemoryPage", "Clear fixed memory") != "Clear fixed memory"
        assert dialog.action_button.text() == translate("MemoryPage", "Clear") != "Clear"
        assert "Helper" in heading.text() and not heading.text().startswith("Remove all")
    finally:
        QApplication.instance().removeTranslator(chinese)  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: dialog.windowTitle() == "Clear fixed memory", timeout=3000)
    assert heading.text() == "Remove all of Helper's fixed memory? Memory → History can revert it."


RECEIPT: dict[str, object] = {
    "local_tokens": 12_345, "parts": {"system": 400, "memory": 120, "history": 11_000, "pinned": 800},
    "memory": {"fixed": [1, 2], "dream": [7], "truncated": True},
    "summary": {"cursor": 40, "tokens": 900, "model": "gpt-5-mini"},
    "history": {"included": 12, "first_id": 41, "last_id": 52, "dropped_by_limit": 3, "dropped_by_cursor": 40,
                "capped": 2},
    "pinned": [3, 9], "tools": ["search_topics"],
}


def test_the_receipt_values_are_said_in_chinese_and_read_as_the_cli_in_english(qapp: Any) -> None:
    """Issue 27: the ⓘ receipt's values ("local estimate … provider reported …") follow
    the interface language; in English they are exactly what ``topic show --receipts``
    prints (one source of the figures)."""
    from chathub_desktop.core.context_receipt import receipt_lines
    from chathub_desktop.gui.context.receipt_values import said_values

    english = dict(line.split(": ", 1) for line in receipt_lines(RECEIPT, 10_000, 5_000))
    said = said_values(RECEIPT, 10_000, 5_000)
    assert said == {k: english[k] for k in said} and len(said) == 8  # every line, Sampling too (lang43)
    assert said["Input tokens"] == "local estimate 12,345 · provider reported 10,000, cache hit 5,000 (50%)"
    chinese = _language("zh_CN")
    qapp.installTranslator(chinese)
    try:
        said = said_values(RECEIPT, 10_000, 5_000)
        assert said["Input tokens"] == "本地估计 12,345 · 提供商报告 10,000，缓存命中 5,000（50%）"
        assert said["History"] == "已发送 12 条（消息 41…52）；3 条因历史限制被省略；40 条由摘要代替，2 条因尾部上限被省略"
        assert said["Summary"] == "摘要块，900 个令牌，涵盖至消息 40（由 gpt-5-mini）"
    finally:
        qapp.removeTranslator(chinese)
