"""File → Import → ChatGPT export… through the dialog (APP-5, APP-7)."""

from __future__ import annotations

from pathlib import Path

from tests.gui.helpers import conversation, write_export


def _export(tmp_path: Path, n: int = 3) -> Path:
    convs = [
        conversation(f"Chat {i}", [("user", f"Question {i}?"), ("assistant", f"Answer **{i}**.")], f"conv-{i}")
        for i in range(n)
    ]
    return write_export(tmp_path / "conversations.json", convs)


def test_import_shows_progress_and_topics(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Archive")
    window.reload_assistants(a.id)
    path = _export(tmp_path)
    dlg = window.open_import()
    assert dlg.assistant_combo.currentData() == a.id
    seen = []
    dlg.progressed.connect(lambda p: seen.append(p))
    dlg.path_edit.setText(str(path))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: bool(dlg.result_message), timeout=5000)
    assert dlg.result_message == "Imported 3 topics and 6 messages"
    assert seen and seen[-1].bytes_read == seen[-1].total_bytes == path.stat().st_size
    assert "MB read" in dlg.progress.format() or dlg.progress.format() == "Done"
    assert {window.topic_model.topic_at(r).title for r in range(window.topic_model.rowCount())} == {
        "Chat 0", "Chat 1", "Chat 2"}
    assert "Imported 3 topics" in window.statusBar().currentMessage()
    # a second import skips what is already there
    dlg.close()
    dlg = window.open_import()
    dlg.path_edit.setText(str(path))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: bool(dlg.result_message), timeout=5000)
    assert dlg.result_message == "Imported 0 topics and 0 messages (3 already imported, skipped)"


def test_malformed_file_shows_error_and_writes_nothing(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Archive")
    window.reload_assistants(a.id)
    bad = tmp_path / "conversations.json"
    bad.write_text('[{"title": "x", "mapping": ', encoding="utf-8")
    dlg = window.open_import()
    dlg.path_edit.setText(str(bad))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: not dlg.is_running() and bool(dlg.status_label.text()), timeout=5000)
    assert "Nothing was imported" in dlg.status_label.text() or "nothing" in dlg.status_label.text().lower()
    assert dlg.result_message == ""
    assert services.topics.list(a.id) == []
    assert window.topic_model.rowCount() == 0


def test_cancel_writes_nothing(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Archive")
    window.reload_assistants(a.id)
    dlg = window.open_import()
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
    window.reload_assistants()
    dlg = window.open_import()
    labels = {lb.text(): lb for lb in dlg.findChildren(QLabel) if lb.text().endswith(":")}
    assert labels["&File:"].buddy() is dlg.path_edit
    assert labels["&Into assistant:"].buddy() is dlg.assistant_combo


def test_a_new_path_after_an_import_offers_import_again(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Archive")
    window.reload_assistants(a.id)
    dlg = window.open_import()
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
    window.reload_assistants(a.id)
    empty = tmp_path / "conversations.json"
    empty.write_text("[]", encoding="utf-8")
    dlg = window.open_import()
    dlg.path_edit.setText(str(empty))
    dlg.import_button.click()
    qtbot.waitUntil(lambda: bool(dlg.status_label.text()), timeout=5000)
    assert dlg.status_label.text() == "The export holds no conversations; nothing was imported."
