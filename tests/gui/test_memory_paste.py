"""Memory page → Import from another assistant… (issue 15; MEM-2, MEM-7, REF-16): a
pasted "what do you remember about me" answer becomes one checkable fact per entry,
duplicates of existing entries are marked and unticked, the ticked ones are added as
owner entries with their source noted."""

from __future__ import annotations

from tests.gui.helpers import reload_assistants

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
    qtbot.waitUntil(lambda: dlg.fact_list.count() == 5, timeout=5000)
    labels = [dlg.fact_list.item(i).text() for i in range(dlg.fact_list.count())]
    assert labels == [
        "You live in Lisbon and work as a data engineer.   — nearly repeats fixed memory #2 "
        "“You live in Lisbon and work as a data engineer”",
        "You are allergic to peanuts.   — already in memory as fixed memory #1 “You are allergic to peanuts.”",
        "Your daughter is called Mia.",
        "You are learning Japanese.",
        "東京に行きたいです。",
    ]
    assert dlg.checked_texts() == ["Your daughter is called Mia.", "You are learning Japanese.", "東京に行きたいです。"]
    assert dlg.summary_label.text() == "5 facts, 2 already in memory (unticked)"
    assert dlg.add_button.text() == "&Add 3 entries"
    dlg.fact_list.item(3).setCheckState(dlg.fact_list.item(3).checkState().Unchecked)
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
    a = services.assistants.create("Helper")
    for text in ("Prefers metric units", "Lives in Lisbon, Portugal", "Likes tea"):
        services.memory.add(a.id, text)
    reload_assistants(window, qtbot, a.id)
    page = window.pages.open_memory()
    page.transfer.paste_action.trigger()
    dlg = page.transfer.paste_dialog
    qtbot.waitUntil(lambda: dlg._fixed is not None, timeout=5000)
    dlg.paste_edit.setPlainText("- You prefer metric units\n- Lives in Lisbon.\n- Likes coffee\n")
    qtbot.waitUntil(lambda: dlg.fact_list.count() == 3, timeout=5000)
    assert [dlg.fact_list.item(i).text() for i in range(3)] == [
        "You prefer metric units   — nearly repeats fixed memory #1 “Prefers metric units”",
        "Lives in Lisbon.   — already covered by fixed memory #2 “Lives in Lisbon, Portugal”",
        "Likes coffee"]
    assert dlg.checked_texts() == ["Likes coffee"]
    assert dlg.summary_label.text() == "3 facts, 2 already in memory (unticked)"


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
    qtbot.waitUntil(lambda: dlg.fact_list.count() == 3, timeout=5000)
    assert dlg.source_combo.currentText() == "Claude"
    assert dlg.checked_texts() == ["Ana is a nurse.", "Works nights.", "Planning a trip to Kyoto."]
