"""Compaction the user can steer, in the window (issue 19): Topic → Compact with focus…
sends the focus to the History Compress model; the summary viewer's Edit / Save stores
the user's own summary, shown as edited, and a stale edit is refused in one line.

``CHATHUB_SHOTS=/dir`` saves an offscreen PNG of the edited summary."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.helpers import add_fake_provider, loaded, reload_assistants, wait_shown


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    with FakeVendor() as vendor:
        yield vendor


def _topic(window, services: Services, fake_vendor: FakeVendor, summ: FakeVendor, qtbot) -> int:  # type: ignore[no-untyped-def]
    services.providers.add("Summ", "openai", summ.base_url, api_key="k")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    topic = services.topics.create(aid, "Schema chat").id
    filler = " lorem" * 200  # a summary of such turns shrinks the request (walk37 #12)
    for k in range(1, 4):
        services.chat.append_row(topic, role=Role.USER, content=f"question {k} about table_{k}" + filler)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"answer {k}: see /srv/app/file_{k}.sql" + filler)
    services.chat.append_row(topic, role=Role.USER, content="and one more question")
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    return topic


def test_compact_with_focus_and_edit_the_summary(window, services, fake_vendor, summ, qtbot):  # type: ignore[no-untyped-def]
    topic = _topic(window, services, fake_vendor, summ, qtbot)
    window.resize(1100, 720)
    controls = window.context_controls
    assert controls.focus_action in window.topic_menu.actions()
    summ.script(Reply(text_chunks=["<summary>Tables 1-3; files /srv/app/file_1..3.sql.</summary>"]))
    assert controls.compact_with_focus("every file path") is not None
    qtbot.waitUntil(lambda: services.compaction.summary(topic).text.startswith("Tables"), timeout=8000)
    qtbot.waitUntil(lambda: not window.compaction.is_compacting(topic), timeout=8000)
    body = summ.requests[-1].body
    assert "keep in particular: every file path" in str(body["messages"][0]["content"])
    dialog = window.compaction.open_summary(topic)
    assert dialog is not None
    loaded(dialog, qtbot)  # read on a worker (issue 29)
    editing = dialog.editing
    assert editing.edit_button.isVisible() and not editing.save_button.isVisible()
    editing.edit_button.click()
    assert not dialog.text_edit.isReadOnly() and editing.save_button.isVisible()
    dialog.text_edit.setPlainText("My summary: table_2 is the key table; files under /srv/app.")
    editing.save_button.click()
    qtbot.waitUntil(lambda: dialog.text_edit.isReadOnly(), timeout=3000)
    view = services.compaction.summary(topic)
    assert view.edited and view.text == "My summary: table_2 is the key table; files under /srv/app."
    qtbot.waitUntil(lambda: "edited by you" in dialog.meta_label.text(), timeout=5000)  # re-read on a worker
    out = os.environ.get("CHATHUB_SHOTS")
    if out:
        dialog.grab().save(os.path.join(out, "summary-edited.png"))
    # a second edit over a summary that changed meanwhile is refused and keeps the typing
    editing.edit_button.click()
    services.compaction.edit_summary(topic, "Changed elsewhere")
    dialog.text_edit.setPlainText("typed while it changed")
    editing.save_button.click()
    qtbot.waitUntil(lambda: not editing.is_busy(), timeout=5000)
    assert dialog.status_label.text().startswith("the summary changed since you opened it")
    assert dialog.text_edit.toPlainText() == "typed while it changed" and not dialog.text_edit.isReadOnly()
    editing.cancel_button.click()
    qtbot.waitUntil(lambda: dialog.text_edit.toPlainText() == "Changed elsewhere", timeout=3000)
    dialog.close()


def test_pin_a_message_from_its_menu_and_it_is_kept_after_compaction(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, summ, qtbot):
    topic = _topic(window, services, fake_vendor, summ, qtbot)
    window.resize(1100, 720)
    view = window.message_view
    index = window.message_model.index(2)  # "question 2 about table_2"
    target = window.message_model.message_at(2)
    view._context_menu(view.visualRect(index).center())
    labels = [a.text() for a in view.last_menu.actions()]
    assert "Pin message" in labels
    pin = next(a for a in view.last_menu.actions() if a.text() == "Pin message")
    view.last_menu.close()
    pin.trigger()
    qtbot.waitUntil(lambda: window.message_model.message_at(2).pinned, timeout=3000)
    assert services.topics.message(target.id).pinned
    summ.script(Reply(text_chunks=["<summary>Three questions about tables.</summary>"]))
    window.compaction.compact_topic()
    qtbot.waitUntil(lambda: bool(services.compaction.summary(topic).text), timeout=8000)
    qtbot.waitUntil(lambda: not window.compaction.is_compacting(topic), timeout=8000)
    est = services.estimates.estimate(topic, "")
    assert est.parts.get("pinned", 0) > 0
    view._context_menu(view.visualRect(window.message_model.index(2)).center())
    assert "Unpin message" in [a.text() for a in view.last_menu.actions()]
    view.last_menu.close()
    out = os.environ.get("CHATHUB_SHOTS")
    if out:
        window.grab().save(os.path.join(out, "pinned-message.png"))
