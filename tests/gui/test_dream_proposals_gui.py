"""Dream review in the window (issue 19): Assistant → Dream proposals… counts the cards
waiting for review; Accept adds one to the dynamic memory, Discard drops one.

``CHATHUB_SHOTS=/dir`` saves an offscreen PNG of the proposals."""

from __future__ import annotations

import os
from datetime import UTC, date, datetime

from chathub_desktop.core import dynamic_memory as dm
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider


def test_proposals_are_counted_accepted_and_discarded(window, services, fake_vendor, qtbot, qloop):  # type: ignore[no-untyped-def]
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.settings.set("history-compress-model", "Fake/gpt-5-mini")
    window.reload_assistants(aid)
    topic = services.topics.create(aid, "Work").id
    days = (date(2026, 11, 28), date(2026, 11, 29))
    for d in days:
        services.chat._append(topic, role="user", content=f"tables please ({d})",
                              created_at=datetime(d.year, d.month, d.day, 12, tzinfo=UTC))
    dreams = services.dreams
    dreams.review.set_enabled(aid, True)
    fake_vendor.script(Reply(text_chunks=["- Wants tables"]), Reply(text_chunks=["- Wants tables, again"]))
    for d in days:
        task = qloop.create_task(dreams.run_day(aid, d))
        qtbot.waitUntil(task.done, timeout=8000)
        assert task.result().status == "proposed"
    controls = window.context_controls
    qtbot.waitUntil(lambda: controls.proposals_action.text() == "Dream &proposals (2)…", timeout=3000)
    dialog = controls.open_proposals()
    assert dialog is not None and dialog.review_box.isChecked() and dialog.list.count() == 2
    assert dialog.text.toPlainText() == "- Wants tables"
    out = os.environ.get("CHATHUB_SHOTS")
    if out:
        dialog.grab().save(os.path.join(out, "dream-proposals.png"))
    dialog.accept_button.click()
    assert dialog.status.text() == "Added as card #1" and dialog.list.count() == 1
    dialog.discard_button.click()
    assert dialog.list.count() == 0 and not dialog.accept_button.isEnabled()
    assert [dm.visible_body(c) for c in dm.parse_document(dreams.document(aid))] == ["- Wants tables"]
    qtbot.waitUntil(lambda: controls.proposals_action.text() == "Dream &proposals…", timeout=3000)
    dialog.review_box.setChecked(False)
    assert not dreams.review.enabled(aid)
    dialog.close()
