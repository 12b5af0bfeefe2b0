"""Memory → History (issue 18) on a real Memory page: the changes newest first with who
and what, the line diff of the selected change, Revert with the moved-on question, and a
refresh when another writer changes memory (MemoryChanged). Each test saves an offscreen
screenshot under ``tmp_path`` (``CHATHUB_SCREENSHOT_DIR`` keeps them elsewhere)."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from chathub_desktop.core.memory_actions import ActionKind, ChangeAction, ChangeWho, WhoKind
from chathub_desktop.core.messages import ToolCall
from chathub_desktop.gui.design.tokens import ChipKind
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.memory.change_words import change_action
from chathub_desktop.services.container import Services
from chathub_desktop.storage.memory_change_queries import put_back
from chathub_desktop.storage.memory_history import DYNAMIC
from chathub_desktop.storage.models import utcnow
from tests.gui.helpers import shown_memory_page


def shot(widget, tmp_path: Path, name: str) -> Path:  # type: ignore[no-untyped-def]
    out = Path(os.environ.get("CHATHUB_SCREENSHOT_DIR", tmp_path)) / name
    assert widget.grab().save(str(out))
    return out


@pytest.fixture
def aid(services: Services) -> int:
    a = services.assistants.create("Helper").id
    services.memory.add("Helper", "prefers dark mode")
    services.memory.add("Helper", "lives in Berlin")
    topic = services.topics.create("Helper", title="Trip plans").id
    services.memory.execute_tool("Helper", topic, ToolCall("c", "update", json.dumps(
        {"number": 2, "match": "Berlin", "new_text": "lives in Hamburg"})))
    return a


def test_history_lists_changes_newest_first_with_the_diff_and_reverts(
        services: Services, aid: int, qtbot, qloop, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    with shown_memory_page(services, aid, qtbot) as page:
        dlg = page.open_history()
        qtbot.waitUntil(lambda: dlg.loads >= 1 and dlg.detail is not None, timeout=5000)
        rows = [dlg.list.item(i).text() for i in range(dlg.list.count())]
        assert len(rows) == 3
        assert "The model in topic “Trip plans” updated entry #2" in rows[0]
        assert rows[2].endswith("You added entry #1")
        text = dlg.diff.toPlainText()  # the entry changed, old → new (walk52 #7: not a unified diff)
        assert "Changed\n#2 lives in Berlin\n→ lives in Hamburg" in text and "@@" not in text
        shot(dlg, tmp_path, "memory_history.png")

        dlg.list.setCurrentRow(2)  # the first add: the document moved on twice since
        qtbot.waitUntil(lambda: dlg.detail is not None and dlg.detail.change.id == dlg.changes[2].id, timeout=5000)
        asked: list[str] = []
        # walk57 #1: undone on its own first, the restore the second choice, said by kind; picked here
        monkeypatch.setattr(confirm, "choose", lambda _p, _t, text, _actions: asked.append(text) or 1)
        with qtbot.waitSignal(dlg.reverted, timeout=5000):
            assert dlg.revert_selected()
        assert "the 2 changes made after it stay" in asked[0]
        assert asked[0].endswith("Or restore fixed memory to before this change: 2 entries added since will be "
                                 "removed."), asked[0]
        assert services.memory.document("Helper") == ""
        qtbot.waitUntil(lambda: dlg.list.count() == 4, timeout=5000)
        assert dlg.list.item(0).text() == "You reverted “You added entry #1”"
        qtbot.waitUntil(lambda: page.model.total() == 0, timeout=5000)  # the page followed
        shot(dlg, tmp_path, "memory_history_reverted.png")
        page.close()


def test_history_refreshes_when_another_writer_changes_memory(
        services: Services, aid: int, qtbot, qloop, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    with shown_memory_page(services, aid, qtbot) as page:
        dlg = page.open_history()
        qtbot.waitUntil(lambda: dlg.loads >= 1, timeout=5000)
        services.dreams.set_keep("Helper", 5)  # no cards: nothing changes, nothing recorded
        services.memory_files.import_text("Helper", "#1: from a file\n")
        qtbot.waitUntil(lambda: dlg.list.count() == 4, timeout=5000)
        assert dlg.list.item(0).text().startswith("Imported ")
        shot(dlg, tmp_path, "memory_history_import.png")


def test_pausing_an_entry_and_a_card_greys_them_with_a_chip_and_stops_sending_them(
        services: Services, aid: int, qtbot, qloop, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.storage import memory_history as mh
    from chathub_desktop.storage.models import DynamicMemoryDocument

    cards = dm.append_day_card([], date(2026, 11, 29), "Likes answers as tables")
    cards = dm.append_day_card(cards, date(2026, 11, 30), "Writes Python with pytest")
    with services.db.write() as s:
        mh.authored(s, mh.Author("dream", "2026-11-30", "seeded"))
        s.add(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), backup_body=""))
    with shown_memory_page(services, aid, qtbot) as page:
        panel = page.dream_panel
        qtbot.waitUntil(lambda: panel.loads >= 1 and page.model.total() == 2, timeout=5000)
        page.select_number(2)
        page.entry_actions.toggle_pause_current()
        qtbot.waitUntil(lambda: page.model.entry(1) is not None and page.model.entry(1).paused, timeout=5000)
        index = page.model.index(1)
        assert ("paused", ChipKind.PAUSED) in page.delegate.chips(index)
        assert page.model.entry(0).paused is False
        panel.select_number(1)
        panel.card_actions.toggle_pause()
        row = panel.model.row_of(1)  # newest first (walk56 #8): #1 is the last row
        qtbot.waitUntil(lambda: panel.model.card(row) is not None and panel.model.card(row).paused, timeout=5000)
        assert ("paused", ChipKind.PAUSED) in panel.delegate.chips(panel.model.index(row))
        block = services.memory.injection_block("Helper")
        assert "Hamburg" not in block and "tables" not in block and "dark mode" in block and "pytest" in block
        shot(page, tmp_path, "memory_paused.png")
        page.entry_actions.toggle_pause_current()  # Ctrl+P again resumes
        qtbot.waitUntil(lambda: not page.model.entry(1).paused, timeout=5000)
        qtbot.waitUntil(lambda: not page.runner.pending() and not panel.runner.pending(), timeout=5000)


HISTORY_LINES = {  # sentences a user reads, capitalised (walk53c #3: not a log's "you: edited entry #1")
    "en": ["dynamic  The dream for 1 Dec 2026 added the card", "dynamic  An unattributed write changed the memory",
           "fixed  Imported Claude: 3 entries added", "fixed  Imported Claude: 1 entry added",
           "fixed  You edited entry #1", "fixed  You reverted “The model in topic “Trip plans” updated entry #2”",
           "fixed  The model in topic “Trip plans” updated entry #2",
           "fixed  You added entry #2", "fixed  You added entry #1"],
    "zh_CN": ["动态  做梦（2026年12月1日）添加了卡片", "动态  来源不明的写入修改了记忆",
              "固定  已导入 Claude：添加了 3 条", "固定  已导入 Claude：添加了 1 条",
              "固定  你编辑了条目 #1", "固定  你还原了“话题“Trip plans”中的模型更新了条目 #2”",
              "固定  话题“Trip plans”中的模型更新了条目 #2", "固定  你添加了条目 #2", "固定  你添加了条目 #1"],
    "ja": ["動的  2026年12月1日のドリームがカードを追加", "動的  出所不明の書き込みがメモリを変更",
           "固定  Claude をインポート：3 件を追加", "固定  Claude をインポート：1 件を追加",
           "固定  あなたが項目 #1 を編集", "固定  あなたが「トピック「Trip plans」のモデルが項目 #2 を更新」を元に戻した",
           "固定  トピック「Trip plans」のモデルが項目 #2 を更新", "固定  あなたが項目 #2 を追加", "固定  あなたが項目 #1 を追加"],
}


FOLDED = {"en": "added the card; folded 2 older cards into a range", "zh_CN": "添加了卡片；将 2 张较早的卡片合并为范围卡片",
          "ja": "カードを追加し、古いカード 2 枚を範囲カードにまとめた"}
FOLDED_FOR = {"en": "added the card for 1 Dec 2026; folded 2 older cards into a range",
              "zh_CN": "添加了 2026年12月1日的卡片；将 2 张较早的卡片合并为范围卡片",
              "ja": "2026年12月1日のカードを追加し、古いカード 2 枚を範囲カードにまとめた"}
#: A History row's own date: the page's one date style in the interface language (issue 30,
#: walk52 #7: rows said "12/5/26" beside "1 May 2024"), then the UTC time.
ROW_DATE = {"en": r"\d{1,2} [A-Z][a-z]{2} \d{4},", "zh_CN": r"\d{4}年\d{1,2}月\d{1,2}日", "ja": r"\d{4}年\d{1,2}月\d{1,2}日"}


@pytest.mark.parametrize("lang", ["en", "zh_CN", "ja"])
def test_the_history_says_who_and_what_in_the_interface_language(
        services: Services, aid: int, qtbot, qloop, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Issue 27: every History line — who and what — in English, Chinese and Japanese; a
    pasted import's count with its plural form and its source named once (issue 30), the
    dream's day once. Issue 30: the rows' dates — each row's own and the dream's day — are
    the interface language's (View → Language, switched while History is open), not the
    locale the page started in."""
    import re

    import shiboken6
    from PySide6.QtCore import QCoreApplication, QLocale, QObject
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.memory.history_rows import WhenRole
    from chathub_desktop.gui.shell.i18n import LanguageSwitcher

    services.history.revert("Helper", 3)
    services.memory.edit("Helper", 1, "prefers light mode")
    services.memory.add_many("Helper", ["Ana is a nurse."], source="Claude")
    services.memory.add_many("Helper", ["Works nights.", "Likes tea", "Walks to work"], source="Claude")
    with services.db.write() as s:  # a write no service attributed, then the dream's card for a day
        put_back(s, aid, DYNAMIC, "## 2026-11-30\nLikes changelogs as tables\n", utcnow())
    with services.db.write() as s:
        services.dreams.commit_card_in(s, aid, date(2026, 12, 1), "Keeps answers under ten lines", 3, None, None)
    owner = QObject()  # the switcher's translators go with it
    app = QApplication.instance()
    assert app is not None
    try:
        with shown_memory_page(services, aid, qtbot) as page:
            dlg = page.open_history()
            qtbot.waitUntil(lambda: dlg.loads >= 1 and dlg.list.count() == 9, timeout=5000)
            LanguageSwitcher(owner, app, None).apply(UiLanguage(lang))  # as the View menu does
            said = [line.split("  ", 1)[1] for line in HISTORY_LINES[lang]]  # the memory is said under it
            qtbot.waitUntil(lambda: dlg.list.item(0).text() == said[0], timeout=5000)
            rows = [dlg.list.item(i).text() for i in range(dlg.list.count())]
            assert rows == said  # who and what; when and which memory on the row's second line (memcards53)
            whens = [dlg.list.item(i).data(WhenRole) for i in range(dlg.list.count())]
            assert all(re.fullmatch(rf"{ROW_DATE[lang]} \d\d:\d\d(:\d\d)? · \S.*", w) for w in whens), whens  # local (audit54); walk57 #4: seconds
            dynamic, fixed = (QCoreApplication.translate("MemoryPage", t) for t in ("Dynamic memory", "Fixed memory"))
            assert [w.rsplit(" · ", 1)[1] for w in whens] == [dynamic] * 2 + [fixed] * 7
        folded = ChangeAction(ActionKind.ADDED_CARD_FOLDED, ("2026-12-01", "2"))
        dream = replace(services.history.changes("Helper")[0], did=folded)
        assert change_action(dream) == FOLDED[lang]  # the day once, the count's plural form
        assert change_action(replace(dream, by=ChangeWho(WhoKind.DREAM))) == FOLDED_FOR[lang]
    finally:
        shiboken6.delete(owner)  # its translators leave the app now (~QTranslator removes itself)
        QLocale.setDefault(QLocale("en"))  # the GUI tests' dates (tests/gui/conftest.py)


@pytest.mark.timeout(60)  # before the fix the question's loop never let the test's own wait wake
def test_the_revert_question_leaves_other_work_running(services: Services, aid: int, qtbot, qloop) -> None:  # type: ignore[no-untyped-def]
    """walk56 #1: Revert asked its question (a modal dialog's own event loop) inside the
    task that read the preview, so a reply streaming meanwhile (here a ticking task) never
    woke again. The question comes after that task; the other work goes on through it and
    after it, and Revert still reverts."""
    import asyncio

    from PySide6.QtWidgets import QApplication, QMessageBox

    with shown_memory_page(services, aid, qtbot) as page:
        dlg = page.open_history()
        qtbot.waitUntil(lambda: dlg.loads >= 1 and dlg.detail is not None, timeout=5000)
        ticks: list[int] = []

        async def ticker() -> None:  # stands for a reply streaming in another topic
            while True:
                ticks.append(len(ticks))
                await asyncio.sleep(0.02)

        task = page.runner.run("walk56-ticker", ticker())
        qtbot.waitUntil(lambda: len(ticks) >= 3, timeout=3000)
        asked: list[int] = []

        def answer() -> None:  # the user reads the question, then picks Revert
            box = QApplication.activeModalWidget()
            if not isinstance(box, QMessageBox):
                QTimer.singleShot(50, answer)
                return
            asked.append(len(ticks))
            revert = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.DestructiveRole)
            QTimer.singleShot(300, revert.click)

        from PySide6.QtCore import QTimer

        QTimer.singleShot(50, answer)
        try:
            with qtbot.waitSignal(dlg.reverted, timeout=10_000):
                assert dlg.revert_selected()
            after = len(ticks)
            qtbot.waitUntil(lambda: len(ticks) >= after + 5, timeout=3000)  # still ticking after the question
        finally:
            task.cancel()
            qtbot.waitUntil(task.done, timeout=3000)
        assert asked
        # the newest change (the model's update to Hamburg) undone
        assert [e.text for e in services.memory.entries(aid)] == ["prefers dark mode", "lives in Berlin"]
