"""Attachments in the window (issue 14): paste an image and drop a text file into the
composer → chips, the badge counts them at once (TOK-1, TOK-5/REF-29); send → the user
message shows a thumbnail and a file chip, a click opens the larger view; a file over
the model's input budget is refused in one line with the figure, and no chip appears."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QColor, QDragEnterEvent, QDropEvent, QGuiApplication, QImage
from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.chat.attachments import AttachmentChip
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, new_topic, reload_assistants


def _drop(widget, path: Path) -> None:  # type: ignore[no-untyped-def]
    """Drag ``path`` over ``widget`` and drop it (Qt delivers a drop only after an
    accepted drag-enter, as with a real drag)."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    try:  # Qt 6.12 takes a QPointF and deprecates the QPoint form
        enter = QDragEnterEvent(QPointF(10, 10), *args)
    except TypeError:  # Qt 6.11 (CPython 3.11: pyproject.toml) takes only a QPoint
        enter = QDragEnterEvent(QPoint(10, 10), *args)
    QApplication.sendEvent(widget, enter)
    assert enter.isAccepted()
    drop = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, drop)


def _chips(window) -> list[AttachmentChip]:  # type: ignore[no-untyped-def]
    return window.composer.findChildren(AttachmentChip)


def _open_topic(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    _pid, aid = add_fake_provider(services, fake_vendor.base_url, model="gpt-4o")
    reload_assistants(window, qtbot, aid)
    topic = new_topic(window, qtbot)
    qtbot.waitUntil(lambda: window.composer.badge.estimate is not None
                    and window.composer.badge.estimate.topic_id == topic, timeout=5000)
    return topic


def test_paste_and_drop_show_chips_count_in_the_badge_and_send_a_thumbnail(
        window, services, fake_vendor, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    topic = _open_topic(window, services, fake_vendor, qtbot)
    before = window.composer.badge.estimate.total
    image = QImage(512, 512, QImage.Format.Format_RGB32)
    image.fill(QColor("#3a7bd5"))
    QGuiApplication.clipboard().setImage(image)
    window.composer.draft.setFocus()
    qtbot.keyClick(window.composer.draft, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    notes = tmp_path / "notes.md"
    notes.write_text("# Plan\n- ship attachments\n", encoding="utf-8")
    _drop(window.composer.draft.viewport(), notes)
    qtbot.waitUntil(lambda: len(_chips(window)) == 2, timeout=5000)
    assert window.composer.text() == ""  # neither the image nor the path went into the text
    names = sorted(c.attachment.name for c in _chips(window))
    assert names == ["notes.md", "pasted-image.png"]
    # REF-29, gpt-4o: 512×512 is one 512-px tile → 85 + 170 = 255 tokens
    qtbot.waitUntil(lambda: window.composer.badge.estimate.parts.get("images") == 255, timeout=5000)
    assert window.composer.badge.estimate.total > before + 255  # the file's text counts too
    fake_vendor.script(Reply(text_chunks=["A blue square and a plan."]))
    window.composer.set_text("What do you see?")
    window.composer.send_button.click()
    model = window.message_model
    qtbot.waitUntil(lambda: model.rowCount() == 2 and model.message_at(1).status == "complete", timeout=5000)
    assert _chips(window) == [] or all(not c.isVisible() for c in _chips(window))
    user = model.message_at(0)
    assert [a["kind"] for a in user.attachments] == ["image", "file"]
    assert (user.attachments[0]["width"], user.attachments[0]["height"]) == (512, 512)
    body = fake_vendor.last_request.body
    parts = body["messages"][-1]["content"]  # type: ignore[index]
    assert parts[0]["text"].startswith("What do you see?\n\n<file name=\"notes.md\">\n# Plan")
    assert parts[1]["image_url"]["url"].startswith("data:image/png;base64,")
    sha = str(user.attachments[0]["sha256"])
    window.message_view.viewport().update()
    qtbot.waitUntil(lambda: window.attachments.thumbs.pixmap(sha) is not None, timeout=5000)
    # a click on the thumbnail opens the larger view
    index = model.index(0)
    rect = window.message_view.visualRect(index)
    delegate = window.message_view.delegate
    hit = None
    for y in range(rect.top(), rect.bottom(), 4):
        for x in range(rect.left(), rect.right(), 8):
            meta = delegate.attachment_at(index, QPoint(x, y))
            if meta is not None and meta.get("kind") == "image":
                hit = QPoint(x, y)
                break
        if hit is not None:
            break
    assert hit is not None
    qtbot.mouseClick(window.message_view.viewport(), Qt.MouseButton.LeftButton, pos=hit)
    qtbot.waitUntil(lambda: window.attachments.viewer is not None and window.attachments.viewer.isVisible(),
                    timeout=5000)
    assert window.attachments.viewer.windowTitle() == "pasted-image.png"
    window.attachments.viewer.close()
    assert services.topics.messages(topic)[0].attachments[1]["name"] == "notes.md"


def test_a_file_over_the_input_budget_is_refused_with_the_figure(
        window, services, fake_vendor, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _open_topic(window, services, fake_vendor, qtbot)
    services.models.set("gpt-4o", 2_000, max_output=500)  # input budget 1,500 tokens
    big = tmp_path / "report.txt"
    big.write_text("word " * 4000, encoding="utf-8")
    _drop(window.composer.draft.viewport(), big)
    refusal = window.attachments.refusal
    qtbot.waitUntil(lambda: refusal.isVisible(), timeout=5000)
    assert refusal.text().startswith("report.txt is ~")
    assert refusal.text().endswith(" tokens; this model's input budget is 1,500")
    assert _chips(window) == []
    binary = tmp_path / "tool.bin"
    binary.write_bytes(b"\x00\x01\x02\x03" * 64)
    _drop(window.composer.draft.viewport(), binary)
    qtbot.waitUntil(lambda: refusal.text().startswith("tool.bin looks binary"), timeout=5000)
    assert _chips(window) == []
    assert "looks binary" not in window.status_line.currentMessage()  # said once (walk39 #8)


def test_each_topic_keeps_its_own_pending_attachments(
        window, services, fake_vendor, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    first = _open_topic(window, services, fake_vendor, qtbot)
    notes = tmp_path / "a.txt"
    notes.write_text("alpha\n", encoding="utf-8")
    _drop(window.composer.draft.viewport(), notes)
    qtbot.waitUntil(lambda: len(_chips(window)) == 1, timeout=5000)
    second = new_topic(window, qtbot)
    assert second != first
    qtbot.waitUntil(lambda: window.attachments.pending() == (), timeout=3000)
    window.open_topic(first)
    qtbot.waitUntil(lambda: [a.name for a in window.attachments.pending()] == ["a.txt"], timeout=3000)


def test_a_dropped_fifo_is_refused_at_once_in_one_line(
        window, services, fake_vendor, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 32: a FIFO dropped into the composer is refused before it is opened (it
    would block the worker for good); one line, no chip, nothing stored."""
    import os

    topic = _open_topic(window, services, fake_vendor, qtbot)
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    try:
        _drop(window.composer.draft.viewport(), fifo)
        refusal = window.attachments.refusal
        qtbot.waitUntil(lambda: refusal.isVisible(), timeout=5000)
        assert refusal.text() == "pipe.txt is a named pipe (FIFO), not a regular file; nothing was read"
        assert _chips(window) == []
        assert services.topics.messages(topic) == []
    finally:  # a reader stuck on the FIFO (a regression) gets end-of-file and ends
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass


def test_an_empty_file_is_refused_in_one_line_and_stores_nothing(
        window, services, fake_vendor, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """walk37 #10: a 0-byte file was accepted as a chip (and sent as an empty block)."""
    topic = _open_topic(window, services, fake_vendor, qtbot)
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    _drop(window.composer.draft.viewport(), empty)
    refusal = window.attachments.refusal
    qtbot.waitUntil(lambda: refusal.isVisible(), timeout=5000)
    assert refusal.text() == "empty.txt is empty (0 bytes); nothing to attach"
    assert _chips(window) == []
    assert services.topics.messages(topic) == []
