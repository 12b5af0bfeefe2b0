"""Memory page → Import from another assistant… (issue 15; MEM-2, MEM-7, REF-16): a
pasted "what do you remember about me" answer becomes one checkable fact per entry,
duplicates of existing entries are marked and unticked, the ticked ones are added as
owner entries with their source noted."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from chathub_desktop.gui.memory.change_rows import FULL_TEXT
from tests.gui.helpers import reload_assistants
from tests.gui.test_i18n_service_texts import _language


def rows(dlg: Any) -> list[tuple[str, bool, bool]]:
    """Each fact's row as shown: (its text and note, unwrapped; ticked; can be ticked)."""
    return [(it.data(0, FULL_TEXT), it.checkState(0) == Qt.CheckState.Checked,
             bool(it.flags() & Qt.ItemFlag.ItemIsEnabled)) for it in dlg.fact_list.choice_items()]


def opened(window: Any, services: Any, qtbot: Any, entries: list[str], paused: tuple[int, ...] = ()) -> Any:
    """The paste dialog of a new assistant holding ``entries`` (those numbered in
    ``paused`` paused), its memory read."""
    a = services.assistants.create("Helper")
    for text in entries:
        services.memory.add(a.id, text)
    for number in paused:
        services.memory.set_paused(a.id, number, True)
    reload_assistants(window, qtbot, a.id)
    page = window.pages.open_memory()
    page.transfer.paste_action.trigger()
    dlg = page.transfer.paste_dialog
    qtbot.waitUntil(lambda: dlg._fixed is not None, timeout=5000)
    return dlg

PASTE = """Here's what I remember about you:

- You live in **Lisbon** and work as a data engineer.
- You are allergic to peanuts.
1. Your daughter is called Mia.

You are learning Japanese. 東京に行きたいです。
"""


def test_paste_preview_marks_duplicates_and_adds_owner_entries(window, services, qtbot):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Helper")
    services.memory.add(a.id, "You are allergic to peanuts.")
    services.memory.add(a.id, "You live in Lisbon and work as a data engineer")  # near duplicate
    reload_assistants(window, qtbot, a.id)
    page = window.pages.open_memory()
    page.transfer.paste_action.trigger()
    dlg = page.transfer.paste_dialog
    qtbot.waitUntil(lambda: dlg._fixed is not None, timeout=5000)
    dlg.source_combo.setCurrentText("ChatGPT")
    dlg.paste_edit.setPlainText(PASTE)
    qtbot.waitUntil(lambda: len(dlg.fact_list.choice_items()) == 5, timeout=5000)
    assert rows(dlg) == [
        ("You live in Lisbon and work as a data engineer.\n— nearly repeats fixed memory #2 "
         "“You live in Lisbon and work as a data engineer”", False, True),
        # the same text is never added twice: it cannot be ticked, as in a Merge
        ("You are allergic to peanuts.\n— already in memory as fixed memory #1 “You are allergic to peanuts.”",
         False, False),
        ("Your daughter is called Mia.", True, True),
        ("You are learning Japanese.", True, True),
        ("東京に行きたいです。", True, True),
    ]
    assert dlg.checked_texts() == ["Your daughter is called Mia.", "You are learning Japanese.", "東京に行きたいです。"]
    assert dlg.fact_list.topLevelItem(0).text(0) == "Pasted: ticked facts are added (3 of 5)"
    assert dlg.add_button.text() == "&Add 3 entries"
    dlg.fact_list.choice_items()[3].setCheckState(0, Qt.CheckState.Unchecked)
    assert dlg.fact_list.topLevelItem(0).text(0) == "Pasted: ticked facts are added (2 of 5)"  # live (walk55 #4)
    added = []
    dlg.added.connect(added.append)
    dlg.add_button.click()
    qtbot.waitUntil(lambda: added == [2], timeout=5000)
    views = services.memory.entry_views(a.id)
    assert [(v.number, v.text, v.origin) for v in views][2:] == [
        (3, "Your daughter is called Mia.", "owner"), (4, "東京に行きたいです。", "owner")]
    assert services.memory.entry_sources(a.id) == {3: "ChatGPT", 4: "ChatGPT"}


def test_paste_unticks_a_fact_in_another_voice_or_already_covered(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Issue 30's example: "You prefer metric units" pasted beside "Prefers metric units"
    nearly repeats it, "Lives in Lisbon." is covered by "Lives in Lisbon, Portugal": both
    come unticked naming the entry; "Likes coffee" beside "Likes tea" stays ticked."""
    dlg = opened(window, services, qtbot, ["Prefers metric units", "Lives in Lisbon, Portugal", "Likes tea"])
    dlg.paste_edit.setPlainText("- You prefer metric units\n- Lives in Lisbon.\n- Likes coffee\n")
    qtbot.waitUntil(lambda: len(dlg.fact_list.choice_items()) == 3, timeout=5000)
    assert rows(dlg) == [
        ("You prefer metric units\n— nearly repeats fixed memory #1 “Prefers metric units”", False, True),
        ("Lives in Lisbon.\n— already covered by fixed memory #2 “Lives in Lisbon, Portugal”", False, True),
        ("Likes coffee", True, True)]
    assert dlg.checked_texts() == ["Likes coffee"]
    assert dlg.fact_list.topLevelItem(0).text(0) == "Pasted: ticked facts are added (1 of 3)"


def test_walk55_a_fact_with_have_is_unticked_and_one_that_says_more_stays_ticked(
        window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """walk55 #1: "- You have a cat named Miso." beside "Has a cat named Miso" was ticked
    and added; "have" / "has" only link the words, as "is" / "are" do. "You play the viola
    on weekends." says more than "Plays the viola" and stays ticked."""
    dlg = opened(window, services, qtbot, ["Has a cat named Miso", "Plays the viola"])
    dlg.paste_edit.setPlainText("- You have a cat named Miso.\n- You play the viola on weekends.\n"
                                "- You're learning Japanese.\n")
    qtbot.waitUntil(lambda: len(dlg.fact_list.choice_items()) == 3, timeout=5000)
    assert rows(dlg) == [
        ("You have a cat named Miso.\n— nearly repeats fixed memory #1 “Has a cat named Miso”", False, True),
        ("You play the viola on weekends.", True, True),
        ("You're learning Japanese.", True, True)]


def test_walk55_the_paste_list_shows_facts_as_the_merge_list_does(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """walk55 #3: the paste list put the note on the fact's line, cut at the right with a
    horizontal scroll bar, and greyed near repeats as if disabled. Now each note wraps
    under its fact inside the list's width, with no horizontal scrolling; only an exact
    repeat is greyed (not tickable). #4: with nothing ticked Add is off and says why."""
    long = ("Prefers short answers with the code first and the explanation after it, with tables for "
            "comparisons and no emoji")
    dlg = opened(window, services, qtbot, [long, "Plays the viola"])
    dlg.resize(640, 520)
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.paste_edit.setPlainText("- You prefer short answers with the code first and the explanation after it, with "
                                "tables for comparisons and no emoji\n- Plays the viola\n")
    qtbot.waitUntil(lambda: len(dlg.fact_list.choice_items()) == 2, timeout=5000)
    tree = dlg.fact_list
    assert tree.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    near, exact = tree.choice_items()
    assert near.flags() & Qt.ItemFlag.ItemIsEnabled and not exact.flags() & Qt.ItemFlag.ItemIsEnabled
    shown = near.text(0).split("\n")
    assert len(shown) >= 3 and shown[0].startswith("You prefer short answers")  # wrapped, not one cut line
    widest = max(tree.fontMetrics().horizontalAdvance(line) for line in shown)
    assert widest <= tree.viewport().width()
    assert not dlg.add_button.isEnabled() and dlg.add_note.isVisible()
    assert dlg.add_note.text() == "Tick a fact to add it"
    near.setCheckState(0, Qt.CheckState.Checked)
    assert dlg.add_button.isEnabled() and not dlg.add_note.isVisible() and dlg.add_button.text() == "&Add 1 entry"
    dlg.reject()


def test_walk55_repeat_notes_are_said_in_chinese(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """walk55 #2: in 简体中文 the note read "— 与 fixed memory #1 “…” 几乎重复": what a fact
    repeats is data, said in the interface language; the entry's own words stay as written."""
    dlg = opened(window, services, qtbot, ["Prefers metric units", "Lives in Lisbon, Portugal", "Plays the viola"])
    dlg.paste_edit.setPlainText("- You prefer metric units\n- Lives in Lisbon.\n- Plays the viola\n")
    qtbot.waitUntil(lambda: len(dlg.fact_list.choice_items()) == 3, timeout=5000)
    with _language("zh_CN"):
        qtbot.waitUntil(lambda: "固定记忆" in rows(dlg)[0][0], timeout=3000)
        assert [r[0] for r in rows(dlg)] == [
            "You prefer metric units\n— 与固定记忆 #1“Prefers metric units”几乎重复",
            "Lives in Lisbon.\n— 已包含在固定记忆 #2“Lives in Lisbon, Portugal”中",
            "Plays the viola\n— 已在记忆中：固定记忆 #3“Plays the viola”"]
        assert dlg.fact_list.topLevelItem(0).text(0) == "粘贴的事实：勾选的会被添加（0 / 3）"
    qtbot.waitUntil(lambda: "fixed memory" in rows(dlg)[0][0], timeout=3000)


def test_claude_export_memory_fills_the_preview(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """A Claude export zip's memories.json (account and project memory) is offered as facts."""
    import json
    import zipfile

    path = tmp_path / "data-2025.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("conversations.json", "[]")
        zf.writestr("memories.json", json.dumps([{
            "conversations_memory": "**Work context**\n\n- Ana is a nurse.\n- Works nights.",
            "project_memories": {"p1": "Planning a trip to Kyoto."}, "account_uuid": "a"}]))
        zf.writestr("projects.json", json.dumps([{"uuid": "p1", "name": "Travel", "docs": []}]))
    a = services.assistants.create("Helper")
    reload_assistants(window, qtbot, a.id)
    page = window.pages.open_memory()
    page.transfer.paste_action.trigger()
    dlg = page.transfer.paste_dialog
    qtbot.waitUntil(lambda: dlg._fixed is not None, timeout=5000)
    dlg.load_claude_zip(path)
    qtbot.waitUntil(lambda: len(dlg.fact_list.choice_items()) == 3, timeout=5000)
    assert dlg.source_combo.currentText() == "Claude"
    assert dlg.checked_texts() == ["Ana is a nurse.", "Works nights.", "Planning a trip to Kyoto."]


def test_walk55b_a_fact_repeating_one_above_in_the_paste_comes_unticked_naming_it(
        window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """walk55b #1: "You play the viola." and "Plays the viola" pasted together were both
    ticked; the later one now comes unticked naming the fact above it (not a memory
    entry), as a file's Merge does. #3: a repeat of a paused entry says it is paused."""
    dlg = opened(window, services, qtbot, ["Likes tea", "Has a cat named Miso"], paused=(2,))
    dlg.paste_edit.setPlainText("You play the viola.\nPlays the viola\nYou drink oat milk.\nDrinks oat milk\n"
                                "- Lives in Lisbon, Portugal\n- Lives in Lisbon\n- Has a cat named Miso\n")
    qtbot.waitUntil(lambda: len(dlg.fact_list.choice_items()) == 7, timeout=5000)
    assert rows(dlg) == [
        ("You play the viola.", True, True),
        ("Plays the viola\n— nearly repeats “You play the viola.” above", False, True),
        ("You drink oat milk.", True, True),
        ("Drinks oat milk\n— nearly repeats “You drink oat milk.” above", False, True),
        ("Lives in Lisbon, Portugal", True, True),
        ("Lives in Lisbon\n— covered by “Lives in Lisbon, Portugal” above", False, True),
        ("Has a cat named Miso\n— already in memory as fixed memory #2 “Has a cat named Miso” (paused)", False, False)]
    assert dlg.checked_texts() == ["You play the viola.", "You drink oat milk.", "Lives in Lisbon, Portugal"]
    with _language("zh_CN"):
        qtbot.waitUntil(lambda: "上方" in rows(dlg)[1][0], timeout=3000)
        assert [r[0] for r in rows(dlg)][1::2][:2] == ["Plays the viola\n— 与上方的“You play the viola.”几乎重复",
                                                        "Drinks oat milk\n— 与上方的“You drink oat milk.”几乎重复"]
        assert rows(dlg)[6][0] == "Has a cat named Miso\n— 已在记忆中：固定记忆 #2“Has a cat named Miso”（已暂停）"
    qtbot.waitUntil(lambda: "above" in rows(dlg)[1][0], timeout=3000)
    dlg.reject()
