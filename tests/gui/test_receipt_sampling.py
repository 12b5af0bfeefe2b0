"""The reply's receipt names the sampling its request carried (issue 28): the ⓘ dialog
shows "temperature 0.3, top-p 0.8" for an assistant with those settings, the same
values the posted body has."""

from __future__ import annotations

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
