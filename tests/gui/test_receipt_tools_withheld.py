"""The ⓘ receipt of a reply from a server whose chat template takes no tools says why
its request offered none (walkthrough F3): "Tools: none — this server's chat template
doesn't accept tools", and the posted body has no ``tools``."""

from __future__ import annotations

from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants, wait_shown
from tests.gui.test_receipts_private import _open_receipt, _send

MODEL = "smollm2-135m"


def test_the_receipt_says_the_server_takes_no_tools(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    pid, aid = add_fake_provider(services, fake_vendor.base_url, model=MODEL)
    services.memory.add(aid, "prefers metric units")
    # what Test connection keeps for such a server (tests/integration/test_tools_withheld.py)
    services.provider_models.remember(pid, [MODEL], {MODEL: 2048}, [MODEL])
    topic = services.topics.create(aid).id
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    fake_vendor.script(Reply(text_chunks=["ok"]))
    _send(window, qtbot, "hello", 2)
    body = fake_vendor.requests[-1].body
    assert isinstance(body, dict) and "tools" not in body
    dialog = _open_receipt(window, qtbot)
    assert dialog.rows["Tools"].text() == "none — this server's chat template doesn't accept tools"
    dialog.close()
