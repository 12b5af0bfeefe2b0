"""Assistant → Memory: the master switch, the fixed-memory cards, the raw editor, the
untrusted badge, live refresh, help tooltips and a 10,000-entry memory
(MEM-1, MEM-2, MEM-3, MEM-7, APP-6)."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from chathub_desktop.core.messages import ToolCall
from chathub_desktop.gui.dialogs import confirm
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.card_editor import CardTextEdit
from chathub_desktop.gui.memory.card_lines import layout_lines
from chathub_desktop.gui.memory.fixed_page import MemoryPage
from chathub_desktop.services.container import open_services
from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export
from chathub_desktop.storage.models import FixedMemoryDocument, utcnow
from tests.fakes.chatgpt_exports import browser_conversation, write_export
from tests.gui.helpers import reload_assistants

RAW = (
    "# About me\n"
    "\n"
    "Free-form note  with  double spaces and a no-break\u00a0space.\n"
    "#3: lives in Berlin\n"
    "Item #7 is mentioned mid-text here\n"
    "#1: prefers dark mode\n"
    "\n"
    "## Travel\n"
    "\t- an indented note, trailing blanks   \n"
    "#7: travels by train\n"
    "last line without newline"
)


def texts(p: MemoryPage) -> list[tuple[int, str]]:
    return [(v.number, v.text) for v in p.model.entries()]


def focus_list(qtbot, p: MemoryPage) -> None:  # type: ignore[no-untyped-def]
    """Make the page the active window with the card list focused (shortcuts need it)."""
    p.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is p, timeout=3000)
    p.list.setFocus()
    qtbot.waitUntil(p.list.hasFocus, timeout=3000)


def wait_idle(qtbot, p: MemoryPage) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not p.busy and not p.runner.pending(), timeout=5000)


def wait_saved(qtbot, p: MemoryPage) -> None:  # type: ignore[no-untyped-def]
    """The raw editor's Save went through: back on the cards, nothing running (its write
    starts on the turn after its preview, so "idle" alone can come between them)."""
    qtbot.waitUntil(lambda: p.stack.currentIndex() == 0 and not p.busy and not p.runner.pending(), timeout=5000)


def wait_loaded(qtbot, p: MemoryPage, after: int) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: p.loads > after and not p.runner.pending(), timeout=5000)


def _warning_reads_in_both_themes(card: QWidget) -> None:
    """The switch card, its off line in the warning tone, passes the design audit in both
    themes (contrast >= 4.5:1, nothing clipped); saved with ``CHATHUB_SHOTS``."""
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.design.theme import apply_theme
    from tests.gui.shot_harness import shots_in_both_themes

    app = QApplication.instance()
    card.window().resize(1000, 700)  # the page at a laptop's width: the line on one row
    for theme in ("dark", "light"):
        apply_theme(app, theme, hint=False)  # type: ignore[arg-type]
        for _ in range(3):
            QApplication.processEvents()
        report = audit_window(card, theme)
        assert (report.contrast, report.clipped) == ([], []), theme
    shots_in_both_themes(card.window(), "memory-off")


def test_switch_turns_memory_off_and_on(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """MEM-1: the switch is the assistant's memory_enabled; off, the row's line is the
    warning of what off means, said once (bits54: an amber line under the card repeated it)."""
    line = page.switch.row.description
    assert page.memory_switch.isChecked()
    assert not page.switch.warns() and line.property("tone") == "muted"
    n = page.loads
    page.memory_switch.click()  # stored on a worker
    assert page.switch.warns() and line.property("tone") == "warning"
    assert line.text() == ("Nothing is sent with your chats, no dream runs and the model gets no memory tools. "
                           "Your entries stay here.")
    qtbot.waitUntil(lambda: not page.ops.busy, timeout=5000)
    assert services.assistants.get(assistant).memory_enabled is False
    wait_loaded(qtbot, page, n)  # the assistant update is published; the reload keeps it off
    assert not page.memory_switch.isChecked() and page.switch.warns()
    said = [w.text() for w in page.findChildren(QLabel) if w.isVisible() and "memory tools" in w.text()]
    assert said == [line.text()]  # no second line saying it
    _warning_reads_in_both_themes(page.switch.card)
    page.memory_switch.click()
    assert not page.switch.warns() and line.property("tone") == "muted"
    qtbot.waitUntil(lambda: not page.ops.busy, timeout=5000)
    assert services.assistants.get(assistant).memory_enabled is True
    # a change made elsewhere (the assistant dialog) shows up here
    n = page.loads
    services.assistants.update(assistant, memory_enabled=False)
    wait_loaded(qtbot, page, n)
    assert not page.memory_switch.isChecked() and page.switch.warns()


def test_add_edit_delete_renumber(page, services, assistant, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """MEM-2: Add memory (button and Ctrl+N), edit a card in place (Enter opens, Enter saves),
    delete with Del after confirmation: the rest renumber."""
    for text in ("first fact", "second fact"):
        n = page.loads
        ed = page.entry_actions.add_memory()
        qtbot.keyClicks(ed, text)
        qtbot.keyClick(ed, Qt.Key.Key_Return)
        wait_loaded(qtbot, page, n)
        qtbot.waitUntil(lambda ed=ed: ed.isVisible() and ed.toPlainText() == "", timeout=3000)  # for the next (walk56 #16)
    qtbot.keyClick(ed, Qt.Key.Key_Escape)  # Esc closes it
    assert not ed.isVisible()
    # Ctrl+N opens the same inline editor
    focus_list(qtbot, page)
    qtbot.keyClick(page.list, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    ed = page.entry_actions.add_editor
    qtbot.waitUntil(ed.isVisible)
    assert ed.toPlainText() == ""
    n = page.loads
    qtbot.keyClicks(ed, "third fact")
    qtbot.keyClick(ed, Qt.Key.Key_Return)
    wait_loaded(qtbot, page, n)
    assert texts(page) == [(1, "first fact"), (2, "second fact"), (3, "third fact")]
    assert page.current_entry() is not None and page.current_entry().number == 3
    assert [v.origin for v in services.memory.entry_views(assistant)] == ["owner"] * 3

    # edit #2 in place: Enter opens a line editor over the card, Enter saves
    page.select_number(2)
    focus_list(qtbot, page)
    qtbot.keyClick(page.list, Qt.Key.Key_Return)
    editor = page.list.findChild(CardTextEdit, "memoryCardEditor")
    assert editor is not None and editor.toPlainText() == "second fact"
    editor.setPlainText("second fact, corrected")
    n = page.loads
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    wait_loaded(qtbot, page, n)
    assert texts(page)[1] == (2, "second fact, corrected")
    assert services.memory.entries(assistant)[1].text == "second fact, corrected"

    # delete #1 with Del: asks first; No keeps it
    asked: list[str] = []
    monkeypatch.setattr(confirm, "ask", lambda _p, _t, text, *_a: asked.append(text) or False)
    page.select_number(1)
    focus_list(qtbot, page)
    qtbot.keyClick(page.list, Qt.Key.Key_Delete)
    assert asked and "#1" in asked[0]
    assert len(services.memory.entries(assistant)) == 3
    monkeypatch.setattr(confirm, "ask", lambda *_a: True)
    n = page.loads
    qtbot.keyClick(page.list, Qt.Key.Key_Delete)
    wait_loaded(qtbot, page, n)
    assert texts(page) == [(1, "second fact, corrected"), (2, "third fact")]
    assert page.current_entry() is not None and page.current_entry().text == "second fact, corrected"
    assert page.count_label.text() == "2 entries"
    # the Delete button does the same
    n = page.loads
    page.delete_button.click()
    wait_loaded(qtbot, page, n)
    assert texts(page) == [(1, "third fact")]


def test_edit_error_is_shown_inline(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """An empty edit is refused by the service: the message shows on the page, nothing changes."""
    services.memory.add(assistant, "keep me")
    qtbot.waitUntil(lambda: page.model.total() == 1, timeout=5000)
    page.select_number(1)
    page.entry_actions.edit_current()
    editor = page.list.findChild(CardTextEdit, "memoryCardEditor")
    editor.setPlainText("   ")
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # the delegate commits on a queued call
    qtbot.waitUntil(page.error_label.isVisible, timeout=3000)
    assert "must not be empty" in page.error_label.text()
    assert [e.text for e in services.memory.entries(assistant)] == ["keep me"]


def test_raw_edit_save_keeps_free_form_lines(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """MEM-3: Edit shows the whole document; Save renumbers in document order and keeps
    every free-form line byte for byte; Cancel discards; a second Save changes nothing."""
    page.raw_button.click()
    qtbot.waitUntil(lambda: page.raw.is_open, timeout=5000)  # read on a worker
    assert page.stack.currentIndex() == 1 and page.raw.raw_edit.toPlainText() == ""
    page.raw.raw_edit.setPlainText(RAW)
    n = page.loads
    page.raw.save_raw_button.click()
    wait_loaded(qtbot, page, n)
    expected = (RAW.replace("#3: lives", "#1: lives").replace("#1: prefers", "#2: prefers")
                .replace("#7: travels", "#3: travels"))
    assert services.memory.document(assistant) == expected  # byte for byte
    assert page.stack.currentIndex() == 0
    assert texts(page) == [(1, "lives in Berlin"), (2, "prefers dark mode"), (3, "travels by train")]
    # reopen: the editor holds the stored text; Save without a change is a no-op
    page.raw_button.click()
    qtbot.waitUntil(lambda: page.raw.is_open, timeout=5000)  # read on a worker
    assert page.raw.raw_text() == expected
    page.raw.save_raw_button.click()
    wait_saved(qtbot, page)
    assert page.stack.currentIndex() == 0
    assert services.memory.document(assistant) == expected
    # Cancel discards
    page.raw_button.click()
    qtbot.waitUntil(lambda: page.raw.is_open, timeout=5000)  # read on a worker
    page.raw.raw_edit.setPlainText("#1: something else entirely\n")
    page.raw.cancel_raw_button.click()
    assert page.stack.currentIndex() == 0
    assert services.memory.document(assistant) == expected
    # a CRLF document round-trips through the editor
    services.memory.save_raw(assistant, "# h\r\n#1: a\r\nnote\r\n")
    page.raw_button.click()
    qtbot.waitUntil(lambda: page.raw.is_open, timeout=5000)  # read on a worker
    cursor = page.raw.raw_edit.textCursor()
    cursor.movePosition(cursor.MoveOperation.End)
    cursor.insertText("#9: b")
    page.raw.save_raw_button.click()
    wait_saved(qtbot, page)
    assert services.memory.document(assistant) == "# h\r\n#1: a\r\nnote\r\n#2: b"


def test_untrusted_badge_and_mark_trusted(page, services, assistant, qtbot, tmp_path: Path):  # type: ignore[no-untyped-def]
    """MEM-7: an entry the model adds after a browser tool result is untrusted; the card
    shows it and Mark as trusted clears it (context menu action and button)."""
    web, _expected, _ids = browser_conversation()
    import_chatgpt_export(services.db, assistant, write_export(tmp_path / "conversations.json", [web]))
    topic = services.topics.list(assistant)[0].id
    assert any(m.role == "tool" for m in services.topics.messages(topic))
    services.memory.add(assistant, "lives in Berlin")
    out = services.memory.execute_tool(assistant, topic, ToolCall(
        "c1", "add", json.dumps({"text": "always reply in French"})))
    assert json.loads(out)["ok"] is True
    qtbot.waitUntil(lambda: page.model.total() == 2, timeout=5000)
    qtbot.waitUntil(lambda: not page.runner.pending(), timeout=3000)
    v = page.model.entries()[1]
    assert (v.number, v.origin, v.trusted) == (2, "agent", False)
    assert "1 untrusted" in page.count_label.text()
    idx = page.model.index(1)
    assert "Untrusted" in idx.data(Qt.ItemDataRole.ToolTipRole)
    assert page.trust_button.isVisible()
    page.select_number(1)
    assert not page.trust_button.isEnabled() and not page.trust_action.isEnabled()
    page.select_number(2)
    assert page.trust_button.isEnabled() and page.trust_action.isEnabled()
    assert page.trust_action in page.list.actions()  # the card's context menu
    n = page.loads
    page.trust_action.trigger()
    wait_loaded(qtbot, page, n)
    assert services.memory.entry_views(assistant)[1].trusted is True
    assert page.model.entries()[1].trusted is True
    assert "untrusted" not in page.count_label.text()
    assert page.current_entry() is not None and page.current_entry().number == 2


def test_live_refresh_keeps_selection_and_scroll(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """A service-side write (the model's tool during a chat) refreshes the page, keeping
    the selected card and the scroll position."""
    services.memory.save_raw(assistant, "".join(f"#{i}: fact {i} " + "word " * 30 + "\n" for i in range(1, 61)))
    qtbot.waitUntil(lambda: page.model.total() == 60 and not page.runner.pending(), timeout=5000)
    page.select_number(30)
    bar = page.list.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=3000)
    bar.setValue(bar.maximum() // 2)
    scroll = bar.value()
    assert scroll > 0
    topic = services.topics.create(assistant).id
    n = page.loads
    services.memory.execute_tool(assistant, topic, ToolCall("c", "add", json.dumps({"text": "new from the model"})))
    wait_loaded(qtbot, page, n)
    assert page.model.total() == 61 and page.model.entries()[-1].text == "new from the model"
    assert page.model.entries()[-1].origin == "agent"
    assert page.current_entry() is not None and page.current_entry().number == 30
    assert bar.value() == scroll
    # a delete above the selection: the same card stays selected under its new number
    n = page.loads
    services.memory.delete(assistant, 1)
    wait_loaded(qtbot, page, n)
    cur = page.current_entry()
    assert cur is not None and cur.number == 29 and cur.text.startswith("fact 30 ")


def test_help_tooltips(page):  # type: ignore[no-untyped-def]
    """APP-6: the switch and every section title carry their help as the tooltip of
    their ``?`` (walk40; the raw editor's as its one-line description)."""
    assert page.raw is not None  # built on first use (issue 30)
    helps = {b.objectName(): b for b in page.findChildren(QWidget) if b.objectName().endswith("Help")}
    assert {"memorySwitchHelp", "fixedMemoryHelp", "rawEditHelp"} <= set(helps)
    assert "no fixed or dynamic memory" in helps["memorySwitchHelp"].toolTip()
    assert "compaction" in helps["memorySwitchHelp"].toolTip().lower()
    fixed = helps["fixedMemoryHelp"].toolTip()
    assert "belongs to you" in fixed and "memory tool" in fixed and "never rewrite" in fixed
    assert page.memory_switch.toolTip() and page.fixed_title.toolTip()
    for b in (page.add_button, page.raw_button, page.search_button, page.history_button, page.more_button,
              page.trust_button, page.delete_button, page.raw.save_raw_button, page.raw.cancel_raw_button):
        assert b.toolTip(), b.objectName()


def test_export_and_copy(page, services, assistant, qtbot, tmp_path: Path):  # type: ignore[no-untyped-def]
    services.memory.save_raw(assistant, "# Me\n#1: a fact")
    out = tmp_path / "mem.md"
    dlg = page.transfer.open_export()
    assert dlg.isVisible()
    dlg.selectNameFilter("Fixed memory document only (*.md)")
    with qtbot.waitSignal(page.transfer.export_finished, timeout=5000) as done:  # written on a worker
        dlg.fileSelected.emit(str(out))
    dlg.reject()
    assert done.args == [True]
    assert out.read_text(encoding="utf-8") == "# Me\n#1: a fact\n"
    page.transfer.copy_action.trigger()
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text() == "# Me\n#1: a fact\n", timeout=5000)
    with qtbot.waitSignal(page.transfer.export_finished, timeout=5000) as done:
        assert page.transfer.export_to(tmp_path / "missing-dir" / "x.md")
    assert done.args == [False]
    assert "Export: could not write" in page.error_label.text() and "missing-dir" in page.error_label.text()


def test_export_and_import_memory_files(page, services, assistant, qtbot, tmp_path: Path,  # type: ignore[no-untyped-def]
                                        monkeypatch):
    """APP-5 from the Memory page: export as JSON, import into another assistant after a
    confirmation; a broken file shows why and changes nothing."""
    from chathub_desktop.gui.dialogs.file_dialogs import MEMORY_EXPORT_FILTERS

    services.memory.save_raw(assistant, "# Me\n#1: a fact\n#2: another")
    dlg = page.transfer.open_export()
    assert dlg.nameFilters() == list(MEMORY_EXPORT_FILTERS) and page.transfer.import_action.toolTip()
    dlg.reject()
    out = tmp_path / "mem.json"
    with qtbot.waitSignal(page.transfer.export_finished, timeout=5000):
        assert page.transfer.export_to(out, "json")
    assert json.loads(out.read_text(encoding="utf-8"))["fixed"]["document"] == services.memory.document(assistant)
    other = services.assistants.create("Other").id
    target = MemoryPage(services, other)
    qtbot.addWidget(target)
    target.show()
    qtbot.waitUntil(lambda: target.loads >= 1, timeout=5000)
    asked: list[str] = []
    monkeypatch.setattr(change_preview, "ask", lambda _p, _t, heading, _o, _a, *_k: asked.append(change_preview.said_text(heading)) or "replace")
    with qtbot.waitSignal(target.transfer.import_finished, timeout=10_000) as done:
        assert target.transfer.import_from(out)
    assert done.args == [True]
    assert asked and "into Other's memory" in asked[0]
    assert services.memory.document(other) == services.memory.document(assistant)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "chathub-memory", "version": 7}', encoding="utf-8")
    with qtbot.waitSignal(target.transfer.import_finished, timeout=10_000) as done:
        assert target.transfer.import_from(bad, confirmed=True)
    assert done.args == [False]
    assert "version 7 is not supported" in target.error_label.text()
    assert services.memory.document(other) == services.memory.document(assistant)
    target.detach()
    qtbot.waitUntil(lambda: not target.runner.pending(), timeout=3000)
    target.close()


def test_ten_thousand_entries_without_a_widget_per_entry(qloop, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """10,000 entries load in the background and are painted by the delegate: no widget
    per entry, rows reach the view in batches."""
    doc = "".join(f"#{i}: remembered fact {i} " + "detail " * (i % 20) + "\n" for i in range(1, 10_001))
    with services.db.write() as s:
        s.add(FixedMemoryDocument(assistant_id=assistant, body=doc, updated_at=utcnow()))
    p = MemoryPage(services, assistant)
    qtbot.addWidget(p)
    p.show()
    qtbot.waitUntil(lambda: p.loads >= 1, timeout=10_000)
    QApplication.processEvents()
    try:
        assert p.model.total() == 10_000
        assert p.model.rowCount() < 10_000  # the rest is fetched on scroll
        assert p.count_label.text() == "10,000 entries"
        assert len(p.findChildren(QWidget)) < 180  # the page's own widgets (walk2 added the dreaming scroll pane), none per entry
        bar = p.list.verticalScrollBar()
        for _ in range(5):
            bar.setValue(bar.maximum())
            QApplication.processEvents()
        assert p.model.rowCount() > 256
        p.select_number(9_999)
        assert p.current_entry() is not None and p.current_entry().number == 9_999
        assert len(p.findChildren(QWidget)) < 180
    finally:
        p.detach()
        qtbot.waitUntil(lambda: not p.runner.pending(), timeout=3000)
        p.close()


def test_long_entry_is_elided(qapp):  # type: ignore[no-untyped-def]
    """A huge entry is cut to a few lines with an ellipsis; short ones wrap whole."""
    font = qapp.font()
    lines = layout_lines("word " * 50_000, font, 400, 6)
    assert len(lines) == 6 and lines[-1].endswith("…")
    assert layout_lines("short 😀 text", font, 400, 6) == ["short 😀 text"]


def test_memory_action_in_main_window(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Assistant → Memory… (Ctrl+M) opens the page for the selected assistant."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    reload_assistants(window, qtbot, a.id)
    services.memory.add(a.id, "from the window")
    assert window.memory_action.shortcut().toString() == "Ctrl+M"
    window.memory_action.trigger()
    p = window.dialogs["memory"]
    assert isinstance(p, MemoryPage) and p.assistant_id == a.id
    qtbot.waitUntil(lambda: p.loads >= 1 and not window.runner.pending(), timeout=5000)
    assert texts(p) == [(1, "from the window")]
    assert p.windowTitle() == "Memory — Helper"
    window.memory_action.trigger()  # the same page is raised, not a second one
    assert window.dialogs["memory"] is p


def test_stale_number_never_hits_another_entry(page, services, assistant, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """The model renumbers memory before the page has refreshed: deleting the card the
    user sees removes THAT entry (found by its text), not whatever now has its number."""
    services.memory.save_raw(assistant, "#1: a\n#2: b\n#3: c\n")
    qtbot.waitUntil(lambda: page.model.total() == 3 and not page.runner.pending(), timeout=5000)
    page.detach()  # the page misses the next change
    services.memory.delete(assistant, 1)
    page.select_number(2)  # "b", now #1 in the store
    monkeypatch.setattr(confirm, "ask", lambda *_a: True)
    page.delete_button.click()
    wait_idle(qtbot, page)
    assert [e.text for e in services.memory.entries(assistant)] == ["c"]
    # an entry that is gone: nothing changes, the reason is shown inline
    page.select_number(1)  # "a", deleted meanwhile
    page.delete_button.click()
    wait_idle(qtbot, page)
    assert "changed in another window or command" in page.error_label.text()
    assert [e.text for e in services.memory.entries(assistant)] == ["c"]


def test_raw_view_warns_when_the_model_writes_meanwhile(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    services.memory.add(assistant, "a")
    qtbot.waitUntil(lambda: page.model.total() == 1 and not page.runner.pending(), timeout=5000)
    page.raw_button.click()
    qtbot.waitUntil(lambda: page.raw.is_open, timeout=5000)  # read on a worker
    topic = services.topics.create(assistant).id
    n = page.loads
    services.memory.execute_tool(assistant, topic, ToolCall("c", "add", json.dumps({"text": "b"})))
    wait_loaded(qtbot, page, n)
    assert page.stack.currentIndex() == 1 and page.raw.raw_notice.isVisible()
    assert page.raw.raw_edit.toPlainText() == "#1: a\n"  # the user's text is left alone
    page.raw.cancel_raw_button.click()
    qtbot.waitUntil(lambda: page.model.total() == 2, timeout=5000)


def test_a_stale_raw_editor_never_overwrites_a_newer_save(page, services, assistant, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """Issue 10: another process saves while the raw editor is open (no event reaches
    this window): Save is refused with the one-line reason, the user's text stays, the
    newer memory is kept; Reload shows it."""
    services.memory.add(assistant, "a")
    qtbot.waitUntil(lambda: page.model.total() == 1 and not page.runner.pending(), timeout=5000)
    page.raw_button.click()
    qtbot.waitUntil(lambda: page.raw.is_open, timeout=5000)  # read on a worker
    page.raw.raw_edit.setPlainText("#1: a\n#2: mine\n")
    other = open_services(services.database_url)  # another process: its events never reach this page
    other.memory.add(assistant, "theirs")
    other.close()
    page.raw.save_raw_button.click()
    # nothing written; no red refusal: the notice says so and Save turns off (walk57 #7)
    qtbot.waitUntil(lambda: page.raw.raw_notice.isVisible() and page.raw.raw_reload_button.isVisible(), timeout=5000)
    assert not page.raw.save_raw_button.isEnabled() and not page.error_label.isVisible()
    assert page.stack.currentIndex() == 1 and page.raw.raw_edit.toPlainText() == "#1: a\n#2: mine\n"
    assert [e.text for e in services.memory.entries(assistant)] == ["a", "theirs"]
    monkeypatch.setattr(confirm, "ask", lambda *_a: True)
    page.raw.raw_reload_button.click()
    qtbot.waitUntil(lambda: page.raw.raw_edit.toPlainText() == "#1: a\n#2: theirs\n", timeout=5000)
    assert not page.raw.raw_reload_button.isVisible()
    page.raw.raw_edit.setPlainText("#1: a\n#2: theirs\n#3: mine\n")
    page.raw.save_raw_button.click()
    wait_saved(qtbot, page)
    assert [e.text for e in services.memory.entries(assistant)] == ["a", "theirs", "mine"]


def test_a_stale_entry_edit_is_refused_and_reopened_with_the_text(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Issue 10: an entry edit over a document another process changed is refused; the
    list shows the newer memory and the editor opens again holding the user's text."""
    services.memory.save_raw(assistant, "#1: a\n#2: b\n")
    qtbot.waitUntil(lambda: page.model.total() == 2 and not page.runner.pending(), timeout=5000)
    other = open_services(services.database_url)
    other.memory.add(assistant, "c")  # unseen by the page
    other.close()
    n = page.loads
    assert page.model.setData(page.model.index(1), "b edited")
    qtbot.waitUntil(lambda: page.loads > n and not page.runner.pending(), timeout=5000)
    assert [e.text for e in services.memory.entries(assistant)] == ["a", "b", "c"]
    editor = page.list.findChild(CardTextEdit, "memoryCardEditor")
    assert editor is not None and editor.isVisible() and editor.toPlainText() == "b edited"
    # said in the editor (walk57 #2): #2 itself did not change, so Enter saves as meant
    assert editor.notice.isVisible()
    assert editor.notice.label.text() == ("Nothing was saved. The memory changed elsewhere, but not #2: Enter saves "
                                          "your text.")
    qtbot.keyClick(editor, Qt.Key.Key_Escape)  # Esc drops it: the newer memory stays
    qtbot.waitUntil(lambda: page.list.findChild(CardTextEdit, "memoryCardEditor") is None
                    or not page.list.findChild(CardTextEdit, "memoryCardEditor").isVisible(), timeout=5000)
    wait_idle(qtbot, page)
    assert [e.text for e in services.memory.entries(assistant)] == ["a", "b", "c"]


def test_dreaming_group_and_topic_snippets_switch_have_help(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Issue #3: each section title and the Topic snippets switch carry their help (APP-6);
    the switch is stored per assistant (DRM-1)."""
    helps = {b.objectName(): b.toolTip() for b in page.findChildren(QWidget)}
    assert "Topic snippets" in helps["topicSnippetsHelp"]
    assert "Dreaming memory" in helps["dreamingHelp"]
    assert not page.snippets_switch.isChecked()
    page.snippets_switch.setChecked(True)
    qtbot.waitUntil(lambda: services.assistants.get(assistant).topic_snippets, timeout=5000)
