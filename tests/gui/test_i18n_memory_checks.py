"""The last English lang45 listed (issue 27, lang46): every memory-file check is a typed
reason, said in Chinese and Japanese inside the import's frame while the CLI keeps its
English; the catalog's "a number too large" is said too; an untitled topic reads "New
topic" in the interface language in the search results and a receipt's recalled topics
(keyed by the store's typed flag, never by its English title)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from chathub_desktop.core import memory_export as mx
from chathub_desktop.core.context_receipt import RECALLED_KEY, mark_untitled
from chathub_desktop.core.messages import Role
from chathub_desktop.gui.context.receipt_values import said_values
from chathub_desktop.gui.search.search_page import message_rows
from chathub_desktop.gui.shell.service_reasons import said, said_error
from chathub_desktop.services.errors import InvalidInput, NotFound
from chathub_desktop.storage.topic_rows import untitled_among
from tests.gui.test_i18n import _Pseudo
from tests.gui.test_i18n_service_texts import _Installed, _language

#: Memory files each check refuses: (file name or None, bytes).
REFUSED = {
    "a table by name": ("notes.csv", b"a,b\n1,2\n"),
    "a zip": ("memory.zip", b"PK\x03\x04rest"),
    "named .json": ("memory.json", b"hello"),
    "a table by shape": (None, b"a,b,c\n1,2,3\n4,5,6\n"),
    "a bad hash": (None, json.dumps({"format": mx.FORMAT, "version": mx.VERSION, "fixed": {"document": "x"},
                                     "provenance": [{"hash": "zz"}]}).encode()),
    "empty": (None, b"   "),
    "a JSON array": (None, b"[1, 2]"),
    "true": (None, b"true"),
    "cut JSON": (None, b'{"format": '),
    "a broken marker": (None, (mx._MD_MAGIC + "\nfoo\n<!-- chathub:fixed 3 -->\nab").encode()),
    "another version": (None, b"<!-- chathub-memory v9 -->\nx"),
    "not UTF-8": (None, b"caf\xe9 au lait"),
    "a newer version": (None, json.dumps({"format": mx.FORMAT, "version": 99}).encode()),
    "no zone": (None, json.dumps({"format": mx.FORMAT, "version": mx.VERSION, "fixed": {"document": "x"},
                                  "exported_at": "2024-01-01T00:00:00"}).encode()),
}


def _refusal(name: str | None, data: bytes) -> mx.MemoryFileError:
    with pytest.raises(mx.MemoryFileError) as caught:
        mx.read(data, name)
    return caught.value


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_every_memory_file_check_is_typed_and_said_whole(case: str, qapp: Any) -> None:
    """The pseudo-locale wraps the whole line (no English outside a translated template)
    and the CLI's English is the same text."""
    exc = _refusal(*REFUSED[case])
    assert exc.reason is not None, str(exc)
    assert exc.reason.english() == str(exc)
    with _Installed(_Pseudo()):
        line = said(exc.reason)
    assert line.startswith("⟦") and line.endswith("⟧"), line


def test_memory_file_refusals_are_said_in_chinese_and_japanese(services: Any, tmp_path: Path, qapp: Any) -> None:
    """Through the import (its frame, the file's name as data): a CSV table, a bad
    provenance hash (the key stays as written) and JSON cut short."""
    services.assistants.create("Helper")
    table = tmp_path / "notes.csv"
    table.write_bytes(b"a,b\n1,2\n")
    hashed = tmp_path / "memory.json"
    hashed.write_bytes(REFUSED["a bad hash"][1])
    cut = tmp_path / "cut.json"
    cut.write_bytes(b'{"format": ')
    caught = []
    for path in (table, hashed, cut):
        with pytest.raises(InvalidInput) as refused:
            services.memory_files.preview_import("Helper", path)
        caught.append(refused.value)
    assert [str(c) for c in caught] == [
        "cannot import notes.csv: a .csv file is a table, not a memory document (a memory file is a ChatHub JSON "
        "or Markdown export, or a Markdown/text document); nothing was changed",
        "cannot import memory.json: provenance[0].hash must be a 64-character sha256 hex string; nothing was changed",
        "cannot import cut.json: the file is not valid JSON: Expecting value at line 1, column 12; it looks cut "
        "short; nothing was changed"]
    with _language("zh_CN"):  # walk57 #9: a space between 导入 and the file's name, as the ja text has
        assert said_error(caught[0]) == ("无法导入 notes.csv：.csv 文件是表格，不是记忆文档（记忆文件是 ChatHub 的 JSON 或 "
                                         "Markdown 导出，或 Markdown/文本文档）；未做任何更改")
        assert said_error(caught[1]) == ("无法导入 memory.json：provenance[0].hash 必须是 64 个字符的 sha256 十六进制字符串；"
                                         "未做任何更改")
    with _language("ja"):
        assert said_error(caught[2]) == ("cut.json をインポートできません：ファイルは有効な JSON ではありません：1 行 12 列で "
                                         "Expecting value。途中で切れているようです。何も変更していません")


def test_a_catalogs_number_too_large_is_said(services: Any, tmp_path: Path, qapp: Any) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"models": [{"id": "gpt-x", "context_window": 10**40}]}), encoding="utf-8")
    with pytest.raises(InvalidInput) as caught:
        services.models.import_catalog(path)
    assert str(caught.value) == ("cards.json: models[0] ('gpt-x'): 'context_window' must be a positive integer up "
                                 "to 100,000,000, got a number too large")
    with _language("zh_CN"):
        assert said_error(caught.value) == ("cards.json：models[0] ('gpt-x')：'context_window' 必须是不超过 "
                                            "100,000,000 的正整数，实际为 一个过大的数字")


def test_an_untitled_topic_is_said_in_search_results(services: Any, qapp: Any) -> None:
    """The stored English title stays what the CLI and the JSON print; the window's row
    says the interface language's, and a topic titled "New topic" by its user keeps it."""
    aid = services.assistants.create("Helper").id
    untitled = services.topics.create(aid)
    named = services.topics.create(aid, "New topic")  # typed by the user: a title
    for t in (untitled, named):
        services.topics.append_message(t.id, Role.USER, "kyoto temples")
    res = services.search.search("kyoto", assistant_id=aid)
    by_topic = {h.topic_id: h for h in res.hits}
    assert (by_topic[untitled.id].topic_untitled, by_topic[named.id].topic_untitled) == (True, False)
    assert by_topic[untitled.id].to_json()["topic_title"] == "New topic"
    with _language("zh_CN"):
        headers = {row[0].topic_id: row[2] for row in message_rows(res) if hasattr(row[0], "hits")}
    assert headers[untitled.id].startswith("新话题, Helper")
    assert headers[named.id].startswith("New topic, Helper")


def test_a_receipts_untitled_recalled_topic_is_said(services: Any, qapp: Any) -> None:
    """The send marks a recalled topic nobody titled (``untitled_among`` read in the
    send's plan); the receipt's line and the CLI's differ only in that word."""
    aid = services.assistants.create("Helper").id
    untitled = services.topics.create(aid)
    named = services.topics.create(aid, "Trip")
    with services.db.read() as s:
        flagged = untitled_among(s, [untitled.id, named.id])
    assert flagged == {untitled.id}
    receipt: dict[str, object] = {"recalled": [{"topic_id": untitled.id, "title": "New topic"},
                                               {"topic_id": named.id, "title": "Trip"}]}
    mark_untitled(receipt, flagged)
    with _language("ja"):
        line = said_values(receipt)[RECALLED_KEY]
    assert line.startswith("新しいトピック") and "Trip" in line and "New topic" not in line


def test_a_memory_file_thats_a_folder_or_too_large_is_said(services: Any, tmp_path: Path, qapp: Any,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks before a file is read (issue 32) are typed too: the kind of file and
    the kind of import said, the file's name and the system's words as data."""
    services.assistants.create("Helper")
    folder = tmp_path / "notes"
    folder.mkdir()
    big = tmp_path / "big.md"
    big.write_text("- x\n" * 20, encoding="utf-8")
    monkeypatch.setattr(mx, "MAX_FILE_BYTES", 40)
    caught = []
    for path in (folder, big):
        with pytest.raises(InvalidInput) as refused:
            services.memory_files.preview_import("Helper", path)
        caught.append(refused.value)
    assert str(caught[0]) == "notes is a folder, not a regular file; nothing was read"
    assert str(caught[1]) == "big.md is larger than 0.0 MB; a memory file is at most 0.0 MB; nothing was read"
    with _language("zh_CN"):
        assert said_error(caught[0]) == "notes 是文件夹，不是普通文件；未读取任何内容"
        assert said_error(caught[1]) == "big.md 大于 0.0 MB；记忆文件最大为 0.0 MB；未读取任何内容"


def test_history_reverts_refusals_are_said(services: Any, qapp: Any) -> None:
    """History → Revert of a change already undone, and of one that is gone: typed, the
    document's name said too."""
    aid = services.assistants.create("Helper").id
    services.memory.add(aid, "Likes tea.")
    change = services.history.changes(aid)[0]
    services.history.revert(aid, change.id)
    with pytest.raises(InvalidInput) as again:
        services.history.revert(aid, change.id)
    assert str(again.value) == f"fixed memory is already as it was before change #{change.id}; nothing to revert"
    with pytest.raises(NotFound) as gone:
        services.history.revert(aid, 999_999)
    with _language("zh_CN"):
        assert said_error(again.value) == f"固定记忆已经是更改 #{change.id} 之前的样子；无需还原"
        assert said_error(gone.value) == "此助手没有记忆更改 #999999（它可能早于历史记录保留的范围）"


def test_search_rows_are_said_again_after_a_language_switch(window: Any, services: Any, qtbot: Any) -> None:
    """The untitled topic's header in the Search page follows View → Language at once
    (the switch re-runs the shown query; its rows are built again)."""
    from PySide6.QtCore import Qt

    from chathub_desktop.core.ui_language import UiLanguage
    from tests.gui.helpers import reload_assistants

    aid = services.assistants.create("Helper").id
    services.topics.append_message(services.topics.create(aid).id, Role.USER, "lighthouse keeper")
    reload_assistants(window, qtbot)
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: window.search.page is not None and window.search.page.isVisible())
    page = window.search.page
    qtbot.keyClicks(page.box, "lighthouse")
    qtbot.waitUntil(lambda: page.messages.count() == 2, timeout=5000)

    def header() -> str:
        return str(page.messages.item(0).data(Qt.ItemDataRole.AccessibleTextRole))

    assert header().startswith("New topic, Helper")
    try:
        window.view.language_actions[UiLanguage.JAPANESE].trigger()
        qtbot.waitUntil(lambda: header().startswith("新しいトピック, Helper"), timeout=5000)
    finally:
        window.view.language.apply(UiLanguage.ENGLISH)
        window.view.language.apply(UiLanguage.SYSTEM)


def test_a_gone_memory_entry_and_too_many_attachments_are_said(services: Any, qapp: Any) -> None:
    """An entry deleted meanwhile (the Memory page edits by number) and a message over
    the attachment count: typed, the CLI's English unchanged."""
    from chathub_desktop.core import attachments as att
    from chathub_desktop.services.errors import NotFound

    aid = services.assistants.create("Helper").id
    with pytest.raises(NotFound) as gone:
        services.memory.delete(aid, 7)
    assert str(gone.value) == "no memory entry #7"
    topic = services.topics.create(aid).id
    extra = att.MAX_ATTACHMENTS + 1
    with pytest.raises(InvalidInput) as many:
        services.attachments.check_budget(topic, (None,) * extra)  # refused on the count, before any is read
    assert str(many.value) == f"{extra} attachments; at most {att.MAX_ATTACHMENTS} per message"
    with _language("ja"):
        assert said_error(gone.value) == "メモリ項目 #7 はありません"
        assert said_error(many.value) == f"添付ファイルが {extra} 個あります。1 メッセージに最大 {att.MAX_ATTACHMENTS} 個です"
