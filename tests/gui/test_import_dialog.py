"""File → Import → ChatGPT export… through the dialog (APP-5, APP-7)."""

from __future__ import annotations

from pathlib import Path

from tests.gui.helpers import conversation, reload_assistants, write_export


def _export(tmp_path: Path, n: int = 3) -> Path:
    convs = [
        conversation(f"Chat {i}", [("user", f"Question {i}?"), ("assistant", f"Answer **{i}**.")], f"conv-{i}")
        for i in range(n)
    ]
    return write_export(tmp_path / "conversations.json", convs)


def test_import_shows_progress_and_topics(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Archive")
    reload_assistants(window, qtbot, a.id)
    path = _export(tmp_path)
    dlg = window.pages.open_import()
    assert dlg.assistant_combo.currentData() == a.id
    # the window's list, read on a worker: the dialog reads nothing on the GUI thread (issue 29)
    combo = dlg.assistant_combo
    assert [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())] == [("Archive", a.id)]
    seen = []
    dlg.progressed.connect(lambda p: seen.append(p))
    dlg.path_edit.setText(str(path))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: bool(dlg.result_message), timeout=5000)
    assert dlg.result_message == "Imported 3 topics and 6 messages"
    assert seen and seen[-1].bytes_read == seen[-1].total_bytes == path.stat().st_size
    assert "MB read" in dlg.progress.format() or dlg.progress.format() == "Done"
    qtbot.waitUntil(lambda: window.topic_model.rowCount() == 3)  # listed again on a worker (issue 29)
    assert {window.topic_model.topic_at(r).title for r in range(window.topic_model.rowCount())} == {
        "Chat 0", "Chat 1", "Chat 2"}
    assert "Imported 3 topics" in window.status_line.currentMessage()
    # a second import skips what is already there
    dlg.close()
    dlg = window.pages.open_import()
    dlg.path_edit.setText(str(path))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: bool(dlg.result_message), timeout=5000)
    assert dlg.result_message == "Imported 0 topics and 0 messages (3 already imported, skipped)"


def test_malformed_file_shows_error_and_writes_nothing(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Archive")
    reload_assistants(window, qtbot, a.id)
    bad = tmp_path / "conversations.json"
    bad.write_text('[{"title": "x", "mapping": ', encoding="utf-8")
    dlg = window.pages.open_import()
    dlg.path_edit.setText(str(bad))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: not dlg.is_running() and bool(dlg.status_label.text()), timeout=5000)
    assert "Nothing was imported" in dlg.status_label.text() or "nothing" in dlg.status_label.text().lower()
    assert dlg.result_message == ""
    assert services.topics.list(a.id) == []
    assert window.topic_model.rowCount() == 0


def test_cancel_writes_nothing(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Archive")
    reload_assistants(window, qtbot, a.id)
    dlg = window.pages.open_import()
    dlg.path_edit.setText(str(_export(tmp_path, 50)))
    dlg.start()
    dlg.cancel_or_close()  # sets the cancel event before the worker reads a conversation
    qtbot.waitUntil(lambda: not dlg.is_running(), timeout=5000)
    assert "cancelled" in dlg.status_label.text().lower()
    assert services.topics.list(a.id) == []


def test_labels_are_mnemonics_not_literal_ampersands(window, services, qtbot):  # type: ignore[no-untyped-def]
    """The form's labels show "File:" with Alt+F moving to the path (issue 16)."""
    from PySide6.QtWidgets import QLabel

    services.assistants.create("Archive")
    reload_assistants(window, qtbot)
    dlg = window.pages.open_import()
    labels = {lb.text(): lb for lb in dlg.findChildren(QLabel) if lb.text().endswith(":")}
    assert labels["&File:"].buddy() is dlg.path_edit
    assert labels["&Into assistant:"].buddy() is dlg.assistant_combo


def test_a_new_path_after_an_import_offers_import_again(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Archive")
    reload_assistants(window, qtbot, a.id)
    dlg = window.pages.open_import()
    dlg.path_edit.setText(str(_export(tmp_path, 1)))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: bool(dlg.result_message), timeout=5000)
    assert dlg.result_message == "Imported 1 topic and 2 messages"
    assert dlg.import_button.isHidden()
    other = write_export(tmp_path / "other.json", [conversation("Other", [("user", "Hi")], "conv-x")])
    dlg.path_edit.setText(str(other))
    assert not dlg.import_button.isHidden() and dlg.import_button.isEnabled()
    assert dlg.status_label.text() == ""  # the previous result is gone
    dlg.import_button.click()
    qtbot.waitUntil(lambda: dlg.status_label.text().startswith("Imported 1 topic and 1 message"), timeout=5000)


def test_an_empty_export_says_it_is_empty(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Archive")
    reload_assistants(window, qtbot, a.id)
    empty = tmp_path / "conversations.json"
    empty.write_text("[]", encoding="utf-8")
    dlg = window.pages.open_import()
    dlg.path_edit.setText(str(empty))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: bool(dlg.status_label.text()), timeout=5000)
    assert dlg.status_label.text() == "The export holds no conversations; nothing was imported."


def test_claude_export_is_detected_and_imported(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """File → Import detects a Claude export and names the broken conversation it skipped (issue 15)."""
    from tests.fakes.chat_exports import claude_export, write_json

    a = services.assistants.create("Archive")
    reload_assistants(window, qtbot, a.id)
    path = write_json(tmp_path / "conversations.json", claude_export())
    dlg = window.pages.open_import()
    assert dlg.format_combo.currentData() is None  # detect from the file
    dlg.path_edit.setText(str(path))
    qtbot.waitUntil(lambda: dlg.detected_label.text() == "Detected: Claude export", timeout=5000)
    dlg.import_button.click()
    qtbot.waitUntil(lambda: bool(dlg.result_message), timeout=5000)
    assert dlg.result_message == ("Imported 2 topics and 11 messages; 1 skipped: 'Corrupted entry': "
                                  "chat_messages is not a list (found an object)")
    assert {t.title for t in services.topics.list(a.id)} == {"Trip to Tokyo", "Plain"}


def test_each_format_has_its_menu_entry(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    from tests.fakes.chat_exports import claude_export, write_json

    a = services.assistants.create("Archive")
    reload_assistants(window, qtbot, a.id)
    assert [x.text() for x in window.import_format_actions] == [
        "ChatGPT export…", "Claude export…", "Open WebUI export…", "LibreChat export…"]
    window.import_format_actions[0].trigger()
    dlg = window.dialogs["import"]
    assert dlg.format_combo.currentData() == "chatgpt"
    dlg.path_edit.setText(str(write_json(tmp_path / "c.json", claude_export())))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: not dlg.is_running() and bool(dlg.status_label.text()), timeout=5000)
    assert "looks like a Claude export, not a ChatGPT export" in dlg.status_label.text()
    assert services.topics.list(a.id) == []


def test_a_claude_zip_with_memory_points_to_the_memory_import(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    import zipfile

    from tests.fakes.chat_exports import claude_conversation, write_claude_zip

    a = services.assistants.create("Archive")
    reload_assistants(window, qtbot, a.id)
    path = write_claude_zip(tmp_path / "data.zip", [claude_conversation()])
    with zipfile.ZipFile(path, "a") as zf:
        zf.writestr("memories.json", '[{"conversations_memory": "- Likes tea"}]')
    dlg = window.pages.open_import()
    dlg.path_edit.setText(str(path))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: bool(dlg.result_message), timeout=5000)
    qtbot.waitUntil(lambda: "Import from another assistant" in dlg.status_label.text(), timeout=5000)
    assert dlg.status_label.text().startswith("Imported 1 topic and 7 messages.")


def test_a_dropped_file_is_chosen_and_its_format_detected(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
    from PySide6.QtGui import QDropEvent

    from tests.fakes.chat_exports import webui_export, write_json

    a = services.assistants.create("Archive")
    reload_assistants(window, qtbot, a.id)
    path = write_json(tmp_path / "chat-export.json", webui_export())
    dlg = window.pages.open_import()
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    dlg.dropEvent(event)
    assert dlg.path_edit.text() == str(path)
    qtbot.waitUntil(lambda: dlg.detected_label.text() == "Detected: Open WebUI export", timeout=5000)


def test_a_fifo_typed_as_the_export_is_refused_in_one_line(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """Issue 32: File → Import of a FIFO is refused before it is opened (detection and
    the import itself would block a worker for good); nothing is written."""
    import os

    a = services.assistants.create("Archive")
    reload_assistants(window, qtbot, a.id)
    fifo = tmp_path / "conversations.json"
    os.mkfifo(fifo)
    try:
        dlg = window.pages.open_import()
        dlg.path_edit.setText(str(fifo))
        dlg.import_button.click()
        qtbot.waitUntil(lambda: not dlg.is_running() and bool(dlg.status_label.text()), timeout=5000)
        assert "conversations.json is a named pipe (FIFO), not a regular file" in dlg.status_label.text()
        assert "\n" not in dlg.status_label.text()
        assert services.topics.list(a.id) == []
    finally:  # a reader stuck on the FIFO (a regression) gets end-of-file and ends
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass


def test_the_end_state_is_one_summary_line_over_open_topic_and_close(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """walk50 #8: a full-width blue "Done" bar over a separate Close read as an unfinished
    progress bar. The end: no bar, the summary with its icon, Open topic primary and
    default beside Close; Open topic shows the first imported topic."""
    a = services.assistants.create("Archive")
    other = services.assistants.create("Other")
    reload_assistants(window, qtbot, other.id)
    dlg = window.pages.open_import()
    dlg.assistant_combo.setCurrentIndex(dlg.assistant_combo.findData(a.id))
    dlg.path_edit.setText(str(_export(tmp_path, 2)))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: bool(dlg.result_message), timeout=10000)
    assert dlg.progress.isHidden() and not dlg.status_icon.isHidden()
    assert dlg.status_label.text() == "Imported 2 topics and 4 messages."
    assert not dlg.open_button.isHidden() and dlg.open_button.text() == "&Open topic"
    assert dlg.open_button.property("primary") is True and dlg.open_button.isDefault()
    assert dlg.cancel_button.text() == "Close" and dlg.cancel_button.property("primary") is False
    dlg.open_button.click()
    assert not dlg.isVisible()
    first = next(t for t in services.topics.list(a.id) if t.title == "Chat 0")
    qtbot.waitUntil(lambda: window.current_assistant_id() == a.id and window.current_topic_id == first.id,
                    timeout=10000)


def test_an_import_that_adds_nothing_ends_on_close(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """With nothing new to show, Close is the primary, default button (walk50 #8)."""
    a = services.assistants.create("Archive")
    reload_assistants(window, qtbot, a.id)
    empty = tmp_path / "conversations.json"
    empty.write_text("[]", encoding="utf-8")
    dlg = window.pages.open_import()
    dlg.path_edit.setText(str(empty))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: bool(dlg.status_label.text()), timeout=10000)
    assert dlg.open_button.isHidden() and dlg.progress.isHidden()
    assert dlg.cancel_button.property("primary") is True and dlg.cancel_button.isDefault()
