"""Private topics and context receipts in the window (issue 19): "New private topic"
opens a topic shown with a lock whose request carries no memory; the "Private topic"
toggle marks an existing one; the ⓘ after a reply's header opens what its request
carried.

``CHATHUB_SHOTS=/dir`` saves offscreen PNGs of the private topic and the receipt."""

from __future__ import annotations

import json
import os

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.context.receipt_dialog import ReceiptDialog
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import (
    add_fake_provider,
    click_receipt,
    new_topic,
    reload_assistants,
    wait_shown,
)


def _shot(widget, name: str) -> None:  # type: ignore[no-untyped-def]
    out = os.environ.get("CHATHUB_SHOTS")
    if out:
        widget.grab().save(os.path.join(out, name))


def _last(window):  # type: ignore[no-untyped-def]
    m = window.message_model
    return m.message_at(m.rowCount() - 1)


def _send(window, qtbot, text: str, rows: int) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(window.composer.send_button.isEnabled, timeout=5000)  # the last send is over
    window.composer.set_text(text)
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.message_model.rowCount() == rows and _last(window).status == "complete"
                    and _last(window).receipt is not None, timeout=15000)
    qtbot.waitUntil(window.composer.send_button.isEnabled, timeout=5000)


def _open_receipt(window, qtbot) -> ReceiptDialog:  # type: ignore[no-untyped-def]
    view = window.message_view
    index = window.message_model.index(window.message_model.rowCount() - 1)
    click_receipt(view, index, qtbot)
    dialog: list[ReceiptDialog] = []
    qtbot.waitUntil(lambda: bool(dialog.extend(w for w in QApplication.topLevelWidgets()
                                               if isinstance(w, ReceiptDialog) and w.isVisible()) or dialog),
                    timeout=3000)
    return dialog[0]


def test_a_new_private_topic_has_a_lock_no_memory_and_says_so_in_its_receipt(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot):
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.memory.add(aid, "Prefers window seats on trains.")
    reload_assistants(window, qtbot, aid)
    window.resize(1100, 720)
    with qtbot.waitSignal(window.topic_created):
        window.context_controls.privacy.new_private_action.trigger()
    topic_id = window.current_topic_id
    assert topic_id is not None and services.topics.get(topic_id).private
    row = window.topic_model.row_of(topic_id)
    # walk53c: a screen reader hears "Private topic: New topic", not "🔒 New topic"; the
    # painted row has the private icon, and type-ahead matches the title itself
    said = window.topic_model.index(row).data(Qt.ItemDataRole.AccessibleTextRole)
    assert said == "Private topic: New topic"
    assert window.topic_model.index(row).data(Qt.ItemDataRole.DisplayRole) == "New topic"
    assert window.topic_model.index(row).data(Qt.ItemDataRole.EditRole) == "New topic"  # rename edits the title
    header = window.chat_header  # walk53 #10: the list's and the composer's crossed eye, not a 🔒
    qtbot.waitUntil(lambda: header.title.text() == "New topic" and header.private_mark.isVisibleTo(header),
                    timeout=3000)
    assert header.private_mark.accessibleName() == "Private topic"
    assert window.context_controls.privacy.toggle_action.isChecked()
    wait_shown(window, qtbot, topic_id)
    fake_vendor.script(Reply(text_chunks=["Sure, ", "no memory here."]))
    _send(window, qtbot, "Plan my trip", 2)
    body = fake_vendor.requests[-1].body
    assert isinstance(body, dict) and "tools" not in body and "window seats" not in json.dumps(body)
    _shot(window, "private-topic.png")
    dialog = _open_receipt(window, qtbot)
    assert dialog.rows["Memory"].text() == "none — this topic is private"
    assert dialog.rows["Tools"].text() == "none"
    _shot(dialog, "receipt-private.png")
    dialog.close()


def test_the_toggle_marks_an_open_topic_private_and_the_receipt_lists_memory(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot):
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.memory.add(aid, "Prefers window seats on trains.")
    services.memory.add(aid, "Lives in Lisbon.")
    reload_assistants(window, qtbot, aid)
    window.resize(1100, 720)
    topic_id = new_topic(window, qtbot)
    assert topic_id is not None
    wait_shown(window, qtbot, topic_id)
    fake_vendor.script(Reply(text_chunks=["Noted: ", "window seat."]))
    _send(window, qtbot, "Book me a train", 2)
    assert "window seats" in json.dumps(fake_vendor.requests[-1].body)
    receipt = _last(window).receipt
    dialog = _open_receipt(window, qtbot)
    assert dialog.rows["Memory"].text() == "fixed #1, #2"
    assert dialog.rows["Parts"].text().startswith("instructions") or "memory" in dialog.rows["Parts"].text()
    assert f"local estimate {receipt['local_tokens']:,}" in dialog.rows["Input tokens"].text()
    _shot(dialog, "receipt.png")
    dialog.close()
    assert not window.context_controls.privacy.toggle_action.isChecked()
    window.context_controls.privacy.toggle_action.trigger()
    qtbot.waitUntil(lambda: services.topics.get(topic_id).private, timeout=3000)
    row = window.topic_model.row_of(topic_id)
    qtbot.waitUntil(lambda: str(window.topic_model.index(row).data(Qt.ItemDataRole.AccessibleTextRole)).startswith(
        "Private topic: "), timeout=3000)
    fake_vendor.script(Reply(text_chunks=["ok"]))
    _send(window, qtbot, "And now?", 4)
    assert "window seats" not in json.dumps(fake_vendor.requests[-1].body)
    assert _last(window).receipt["private"] is True
    window.context_controls.privacy.toggle_action.trigger()
    qtbot.waitUntil(lambda: not services.topics.get(topic_id).private, timeout=3000)


def test_a_redacted_secret_is_said_in_the_status_bar(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Issue 19: a memory write that took a likely secret out says so in the window, also
    when the write ran on a worker thread (the notice is queued to the GUI thread)."""
    import threading

    a = services.assistants.create("Helper")
    reload_assistants(window, qtbot, a.id)
    worker = threading.Thread(target=services.memory.add,
                              args=(a.id, "deploy key ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"))
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: window.status_line.currentMessage().startswith(
        "Redacted from the memory entry: 1 github-token"), timeout=3000)
    assert services.memory.entries(a.id)[0].text == "deploy key [redacted: github-token]"


def test_the_composer_private_toggle_is_an_icon_toggle_that_follows_the_open_topic(  # type: ignore[no-untyped-def]
        window, services, qtbot):
    """walk29 #7: the composer's Private toggle is a button beside Attach; checked, it
    takes the tokens' selected look and its tooltip says it is on; clicking it marks the
    open topic private (issue 19) and another topic shows its own state."""
    from chathub_desktop.gui.design.tokens import colours_for
    from chathub_desktop.gui.topics.topic_privacy import PRIVATE_OFF_TIP, PRIVATE_ON_TIP

    aid = services.assistants.create("Helper").id
    plain = services.topics.create(aid, "Plain").id
    secret = services.topics.create(aid, "Secret").id
    services.topics.set_private(secret, True)
    window.resize(1000, 700)
    window.show()
    reload_assistants(window, qtbot, aid)
    window.select_topic(plain)
    toggle = window.context_controls.privacy.composer_toggle
    row = window.composer.tool_row
    assert row.indexOf(window.attachments.button) == 0 and row.indexOf(toggle) == 1
    assert toggle.accessibleName() == "Private topic" and not toggle.icon().isNull()
    qtbot.waitUntil(lambda: toggle.isEnabled() and not toggle.isChecked())
    # walk53c #7: not private, it offers in words what a click does (the eye-off icon alone named nothing)
    assert toggle.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon and toggle.text() == "Go private"
    assert toggle.toolTip() == PRIVATE_OFF_TIP
    window.select_topic(secret)
    qtbot.waitUntil(toggle.isChecked)
    assert toggle.toolTip() == PRIVATE_ON_TIP
    qtbot.wait(50)
    dark = QApplication.palette().window().color().lightness() < 128
    corner = toggle.grab().toImage().pixelColor(2, toggle.height() // 2).name()
    assert corner == colours_for(dark).selected  # the on state's look is the token's
    window.select_topic(plain)
    qtbot.waitUntil(lambda: not toggle.isChecked())
    toggle.click()
    qtbot.waitUntil(lambda: services.topics.get(plain).private, timeout=5000)
    qtbot.waitUntil(lambda: toggle.toolTip() == PRIVATE_ON_TIP, timeout=5000)
