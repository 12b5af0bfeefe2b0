"""The Memory page keeps the user's place and says things where the user looks (issue 30,
walk52b #2, #3, #9): Accept in Proposals leaves the page where it was, with "Added as
card #1" in sight; the schedule's "Saved: …" shows at the schedule form's foot, not under
Dream now; Dream now's preview says the day once."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLabel

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.change_preview import ChangePreviewDialog, PreviewOption
from chathub_desktop.gui.shell.day_format import format_day
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants
from tests.gui.shot_harness import shots_in_both_themes
from tests.gui.test_dream_panel import active_yesterday, helper, idle, open_page, seed_cards, summ  # noqa: F401


def test_accept_keeps_the_page_where_it_is(window, services, fake_vendor, qtbot, qloop):  # type: ignore[no-untyped-def]
    """walk52b #2: after Accept the page jumped to its top (the greyed button handed the
    keyboard to the next widget of the window's chain, and the scroll area went there),
    so "Added as card #1" was off screen. The keyboard stays in the Proposals tab and the
    page where it was, the confirmation in sight."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.settings.set("history-compress-model", "Fake/gpt-5-mini")
    reload_assistants(window, qtbot, aid)
    topic = services.topics.create(aid, "Work").id
    older, later = date(2026, 11, 28), date(2026, 11, 29)
    for d in (older, later):
        services.chat.append_row(topic, role=Role.USER, content=f"tables please ({d})",
                                 created_at=datetime(d.year, d.month, d.day, 12, tzinfo=UTC))
    fake_vendor.script(Reply(text_chunks=["- Later habit"]), Reply(text_chunks=["- Wants tables"]))
    task = qloop.create_task(services.dreams.run_day(aid, later))  # a card kept; the older day comes before it
    qtbot.waitUntil(task.done, timeout=8000)
    services.dreams.review.set_enabled(aid, True)
    task = qloop.create_task(services.dreams.run_day(aid, older))
    qtbot.waitUntil(task.done, timeout=8000)
    assert task.result().status == "proposed"
    window.resize(1100, 600)
    page = window.pages.open_memory()
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.loads >= 1 and panel.model.rowCount() == 1, timeout=5000)
    panel.select_number(1)  # the card the user had selected on the Cards tab
    section = panel.show_proposals()
    qtbot.waitUntil(lambda: section.list.count() == 1 and section.accept_button.isVisible(), timeout=5000)
    bar = page.body_scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=5000)
    bar.setValue(bar.maximum())
    qtbot.mouseClick(section.accept_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: section.status.text() == f"Added the card for {format_day(older)} · nothing else waits", timeout=5000)
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2 and not window.runner.pending(), timeout=5000)
    assert section.isAncestorOf(QApplication.focusWidget())  # the keyboard stays where it was
    assert bar.value() > 0 or bar.maximum() == 0  # not back at the top (unless the page now fits)
    viewport = page.body_scroll.viewport()

    def in_sight() -> bool:  # the confirmation whole in the page's viewport, lines above it placed or not
        top = section.status.mapTo(viewport, QPoint(0, 0)).y()
        return 0 <= top and top + section.status.height() <= viewport.height()

    qtbot.waitUntil(in_sight, timeout=3000)
    qtbot.wait(300)  # the page's later steps and reloads
    assert in_sight()
    shots_in_both_themes(window, "flow52-accepted")
    qtbot.waitUntil(lambda: not (panel.proposals._timer.isActive() or panel.refresh.timer.isActive()
                                 or page.refresh.timer.isActive() or window.runner.pending()), timeout=5000)


def test_saving_the_schedule_says_so_at_its_foot(open_page, helper, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """walk52b #3: "Saved: … · keep N cards" showed under Dream now, far from Save; it
    shows where Save was, until the next edit (or a few seconds)."""
    panel = open_page(helper).dream_panel
    form = panel.schedule
    form.keep_spin.setValue(20)
    form.save_button.click()
    qtbot.waitUntil(form.saved_label.isVisible, timeout=5000)
    assert form.saved_label.text() == "Saved: Off · keep 20 cards"
    assert form.foot.isVisible() and not form.save_button.isVisible() and not form.cancel_button.isVisible()
    assert "Saved" not in panel.status_label.text()  # not under Dream now
    shots_in_both_themes(panel, "flow52-saved")
    form.keep_spin.setValue(21)  # the next edit: Save and Cancel again, no "Saved"
    assert form.saved_label.isHidden() and form.save_button.isVisible()
    form.cancel_button.click()
    assert form.foot.isHidden()
    form._saved_timer.setInterval(1)  # a few seconds, made short
    form.keep_spin.setValue(22)
    form.save_button.click()
    qtbot.waitUntil(lambda: form.view is not None and form.view.keep == 22, timeout=5000)
    qtbot.waitUntil(form.foot.isHidden, timeout=5000)  # "Saved" went, and the foot with it
    idle(qtbot, panel)


def test_the_dream_preview_says_the_day_once(open_page, services, helper, summ, qtbot, monkeypatch):  # type: ignore[no-untyped-def]  # noqa: F811
    """walk52b #9: "Add the dream card for 1 May 2024?" then "Adds a card for 1 May 2024":
    one heading with the day, then the card under a title saying how long it is."""
    day = active_yesterday(services, helper)
    calls: list[tuple[object, list[PreviewOption]]] = []
    monkeypatch.setattr(change_preview, "ask", lambda _p, _t, heading, options, _a: calls.append(
        (heading, list(options))))
    panel = open_page(helper).dream_panel
    summ.script(Reply(text_chunks=["- Wants tables\n- No prose"]))
    panel.runs.dream_now()
    qtbot.waitUntil(lambda: bool(calls) and not panel.runs.dreaming, timeout=5000)
    idle(qtbot, panel)
    heading, options = calls[0]
    dlg = ChangePreviewDialog(None, "Dream now", heading, options, "Add card")  # type: ignore[arg-type]
    qtbot.addWidget(dlg)
    dlg.show()
    said = [w.text() for w in dlg.findChildren(QLabel) if w.isVisible() and w.text()]
    assert said == [f"Add the dream card for {format_day(day)}?", "New card · 25 / 3,200 characters"]
    shots_in_both_themes(dlg, "flow52-preview")
    dlg.close()


def test_the_most_used_card_tools_say_their_names_when_the_row_has_room(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    """walk52b #8: six bare icons; the row's buttons — Regenerate, Edit and Delete since
    walk55b #20, as fixed memory's toolbar — say their names beside their icons whenever
    the row has room (a wide window), the overflow menu's button stays an icon; nothing in
    the row moves when a card is selected or the tab changes."""
    day = active_yesterday(services, helper)
    seed_cards(services, helper, [day - timedelta(days=1)])
    page = open_page(helper)
    page.resize(1200, 700)
    panel = page.dream_panel
    beside = Qt.ToolButtonStyle.ToolButtonTextBesideIcon
    named = (panel.regenerate_button, panel.edit_button, panel.delete_button)
    qtbot.waitUntil(lambda: all(b.toolButtonStyle() == beside for b in named), timeout=5000)
    assert [b.text() for b in named] == ["Regenerate", "Edit", "Delete"]
    assert panel.more_button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly
    qtbot.waitUntil(lambda: all(b.width() >= b.sizeHint().width() for b in named), timeout=5000)  # no word cut
    where = [b.geometry() for b in panel.card_buttons]
    panel.select_number(1)
    panel.tabs.setCurrentIndex(1)
    panel.tabs.setCurrentIndex(0)
    assert [b.geometry() for b in panel.card_buttons] == where
    shots_in_both_themes(page, "flow52-tools")
    page.resize(820, 700)  # as wide as the row needs with the words, or icons alone
    qtbot.waitUntil(lambda: (panel.edit_button.toolButtonStyle() == beside)
                    == (panel.width() >= panel.tool_labels.needed()), timeout=5000)
    idle(qtbot, panel)
