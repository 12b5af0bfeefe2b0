"""The reply's receipt names the sampling its request carried (issue 28): the ⓘ dialog
shows "temperature 0.3, top-p 0.8" for an assistant with those settings, the same
values the posted body has."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants, wait_shown
from tests.gui.test_receipts_private import _open_receipt, _send


def test_the_receipt_dialog_shows_the_sampling_sent(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.assistants.update(aid, temperature=0.3, top_p=0.8)
    topic = services.topics.create(aid).id
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    fake_vendor.script(Reply(text_chunks=["ok"]))
    _send(window, qtbot, "hello", 2)
    body = fake_vendor.requests[-1].body
    assert isinstance(body, dict) and (body["temperature"], body["top_p"]) == (0.3, 0.8)
    dialog = _open_receipt(window, qtbot)
    assert dialog.rows["Sampling"].text() == "temperature 0.3, top-p 0.8"
    dialog.close()


def test_the_receipt_says_what_it_lists_in_plain_words(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """walk53 #7: the receipt opened with "ids and counts of what was sent — the texts
    themselves stay where they are" and "1 included (…), 0 dropped by the limit": it now
    says what the list is for, and the history line in plain words (figures unchanged)."""
    from chathub_desktop.gui.context.receipt_values import said_values

    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    topic = services.topics.create(aid).id
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    fake_vendor.script(Reply(text_chunks=["ok"]))
    _send(window, qtbot, "hello", 2)
    dialog = _open_receipt(window, qtbot)
    reply = services.topics.messages(topic)[-1]
    intro = dialog.findChild(QLabel, "receiptIntro")
    assert intro is not None and intro.text().startswith(f"Reply {reply.id} · {reply.model} — what the model was given "
                                                       "to write it: ")
    assert dialog.rows["History"].text().startswith("1 sent (messages ")
    assert dialog.rows["History"].text().endswith("; 0 left out by the history limit; 0 replaced by the summary")
    dialog.close()
    receipt = {"history": {"included": 3, "first_id": 1, "last_id": 9, "dropped_by_limit": 2, "dropped_by_cursor": 4}}
    assert said_values(receipt)["History"] == ("3 sent (messages 1…9); 2 left out by the history limit; 4 replaced by "
                                               "the summary")
