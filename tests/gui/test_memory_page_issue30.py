"""Issue 30, the Memory page worth living in: a plain page opened by Ctrl+M that keeps its
selection and scroll, the filter box (REF-3 words), edit in place with Enter, the icon
toolbar with its overflow menu, and shortcuts that mean one thing in the window and on
the page."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialog, QMenu, QStyleOptionViewItem

from chathub_desktop.gui.design.tokens import ChipKind
from chathub_desktop.gui.memory.card_editor import CardTextEdit
from chathub_desktop.gui.memory.card_markdown import HEADING_MARK
from chathub_desktop.gui.memory.dream_panel import DreamPanel
from chathub_desktop.gui.memory.fixed_page import MemoryPage
from chathub_desktop.gui.shell.nav_rail import PageId
from chathub_desktop.services.container import open_services
from tests.fakes.assistant_age import existing_since
from tests.gui.helpers import reload_assistants
from tests.gui.test_i18n_service_texts import _language


def shown(p: MemoryPage) -> list[str]:
    return [p.model.entry(r).text for r in range(p.model.rowCount())]  # type: ignore[union-attr]


def idle(qtbot, p: MemoryPage) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not p.runner.pending() and not p.busy and not p.refresh.timer.isActive(), timeout=5000)


def test_filter_narrows_the_list_as_you_type(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """REF-3 words: lowercase word tokens; the word being typed matches as a prefix."""
    services.memory.save_raw(assistant, "#1: Prefers metric units\n#2: Lives in Berlin\n"
                                        "#3: Metric paper sizes, A4\n#4: 東京に住んでいる\n")
    qtbot.waitUntil(lambda: page.model.total() == 4, timeout=5000)
    qtbot.keyClicks(page.filter_edit, "METR")
    assert shown(page) == ["Prefers metric units", "Metric paper sizes, A4"]
    qtbot.keyClicks(page.filter_edit, "ic u")
    assert shown(page) == ["Prefers metric units"]
    assert page.count_label.text() == "1 of 4 entries match"
    page.filter_edit.setText("東京")
    assert shown(page) == ["東京に住んでいる"]
    page.filter_edit.setText("nowhere")
    assert shown(page) == [] and page.cards_stack.currentWidget() is page.empty_label
    assert page.empty_label.text() == "No entry matches “nowhere”."
    page.filter_edit.setFocus()
    qtbot.keyClick(page.filter_edit, Qt.Key.Key_Escape)  # walk56 #13: Esc clears the filter, as search boxes do
    assert page.filter_edit.text() == "" and page.filter_edit.hasFocus()
    assert len(shown(page)) == 4 and page.cards_stack.currentWidget() is page.list
    assert page.count_label.text() == "4 entries"


def test_enter_edits_a_filtered_card_in_place_and_a_stale_one_is_refused(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """MEM-2/MEM-3: Enter opens the editor on the selected card of the narrowed list and
    saves that entry (not the one of the same row unfiltered); over a document another
    process changed, the edit is refused and the editor holds the user's text again."""
    services.memory.save_raw(assistant, "#1: a fact\n#2: Berlin flat\n#3: Berlin office\n")
    qtbot.waitUntil(lambda: page.model.total() == 3, timeout=5000)
    page.filter_edit.setText("office")
    page.list.setCurrentIndex(page.model.index(0))
    page.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is page, timeout=3000)
    page.list.setFocus()
    qtbot.waitUntil(page.list.hasFocus, timeout=3000)
    qtbot.keyClick(page.list, Qt.Key.Key_Return)
    editor = page.list.findChild(CardTextEdit, "memoryCardEditor")
    assert editor is not None and editor.toPlainText() == "Berlin office"
    editor.setPlainText("Berlin office, Mitte")
    n = page.loads
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.loads > n, timeout=5000)
    idle(qtbot, page)
    assert [e.text for e in services.memory.entries(assistant)] == ["a fact", "Berlin flat", "Berlin office, Mitte"]
    assert shown(page) == ["Berlin office, Mitte"]

    other = open_services(services.database_url)
    other.memory.add(assistant, "written elsewhere")  # unseen by the page
    other.close()
    n = page.loads
    assert page.model.setData(page.model.index(0), "Berlin office, Kreuzberg")
    qtbot.waitUntil(lambda: page.loads > n and not page.runner.pending(), timeout=5000)
    assert services.memory.entries(assistant)[2].text == "Berlin office, Mitte"
    editor = page.list.findChild(CardTextEdit, "memoryCardEditor")
    assert editor is not None and editor.toPlainText() == "Berlin office, Kreuzberg"
    assert editor.notice.label.text().startswith("Nothing was saved.")  # said in the editor (walk57 #2)
    qtbot.keyClick(editor, Qt.Key.Key_Escape)  # Esc cancels: nothing is written
    idle(qtbot, page)
    assert services.memory.entries(assistant)[2].text == "Berlin office, Mitte"


def test_toolbar_has_four_icons_and_the_rest_in_the_overflow_menu(page):  # type: ignore[no-untyped-def]
    assert [b.accessibleName() for b in (page.add_button, page.raw_button, page.search_button,
                                         page.history_button, page.more_button)] == \
        ["Add memory", "Edit raw", "Search memory", "History", "More memory actions"]
    menu = page.more_button.menu()
    assert isinstance(menu, QMenu)
    assert [a.text().replace("&", "") for a in menu.actions() if not a.isSeparator()] == \
        ["Import…", "Import from another assistant…", "Export…", "Copy document", "Clear…"]
    assert menu.actions()[0].toolTip().startswith("Merge")  # Merge is the default (issue 28)


def test_the_page_is_a_page_that_keeps_its_place(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Ctrl+M shows the Memory page — a plain widget, not a dialog over the chat — that
    fits 1366×768; back from the chat it is the same page, its selection and scroll kept."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    services.memory.save_raw(a.id, "".join(f"#{i}: fact number {i}\n" for i in range(1, 301)))
    reload_assistants(window, qtbot, a.id)
    window.memory_action.trigger()
    page = window.dialogs["memory"]
    assert isinstance(page, MemoryPage) and not isinstance(page, QDialog)
    qtbot.waitUntil(lambda: page.model.total() == 300 and not window.runner.pending(), timeout=5000)
    assert page.minimumSizeHint().width() <= 1366 and page.minimumSizeHint().height() <= 768 - 40
    page.select_number(250)
    bar = page.list.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=5000)
    bar.setValue(bar.maximum() // 2)
    scroll = bar.value()
    assert scroll > 0
    window.page_host.show_page(PageId.CHATS)  # the user goes to the chat (the page is hosted in the window) …
    assert not page.isVisible() and window.chat_page.isVisible()
    window.memory_action.trigger()  # … and comes back
    assert window.dialogs["memory"] is page and page.isVisible()
    qtbot.waitUntil(lambda: not window.runner.pending(), timeout=5000)
    assert page.current_entry() is not None and page.current_entry().number == 250
    assert bar.value() == scroll


def _keys(action: QAction) -> list[str]:
    return [k.toString() for k in action.shortcuts() if not k.isEmpty()]


def _verb(action: QAction) -> str:
    return action.text().replace("&", "").split()[0].rstrip("…").lower()


#: Verbs that mean the same thing to a user: a new item here; change the selected item's
#: text; drop the selected item; commit what is in front of you (Ctrl+Enter).
_SAME = {"add": "new", "rename": "edit", "discard": "delete", "accept": "send"}


def _meaning(verb: str) -> str:
    return _SAME.get(verb, verb)


def test_shortcuts_mean_one_thing_in_the_window_and_on_the_page(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Issue 30: a key bound in the window and on the Memory page does the same kind of
    thing on both (Ctrl+D was "Delete topic" in the window, "Dream now" on the page), and
    the page binds no key that any platform uses for Delete. A key the page binds twice
    (Enter, Del on the entries', the cards' and the proposals' lists) acts on one list each:
    Qt runs neither action of an ambiguous pair. The Proposals list's keys are declared
    actions too, checked before its tab is shown (walk55b #10)."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    reload_assistants(window, qtbot, a.id)
    window.memory_action.trigger()
    page = window.dialogs["memory"]
    qtbot.waitUntil(lambda: page.loads >= 1 and page.findChild(DreamPanel) is not None
                    and page.dream_panel.loads >= 1 and not window.runner.pending(), timeout=5000)
    page_actions = [a for a in page.findChildren(QAction) if _keys(a)]
    assert {"Accept proposal", "Discard proposal", "Edit proposal"} <= {a.text() for a in page_actions}
    twice: dict[str, list[QAction]] = {}
    for action in page_actions:
        for key in _keys(action):
            twice.setdefault(key, []).append(action)
    for key, bound in twice.items():
        if len(bound) > 1:
            assert {a.shortcutContext() for a in bound} == {Qt.ShortcutContext.WidgetShortcut}, key
            widgets = [w for a in bound for w in a.associatedObjects()]
            assert len(widgets) == len(set(widgets)), (key, [a.text() for a in bound])
    in_window: dict[str, str] = {}
    for action in window.findChildren(QAction):
        if action in page_actions:
            continue
        for key in _keys(action):
            in_window[key] = _verb(action)
    assert {k for a in page_actions for k in _keys(a)} >= {"Ctrl+Shift+D", "Ctrl+N", "Return"}
    clashes = [(key, in_window[key], _verb(a)) for a in page_actions for key in _keys(a)
               if key in in_window and _meaning(_verb(a)) != _meaning(in_window[key])]
    assert clashes == []
    # walk56 #2: a key live in the window and on the page is ambiguous even when both mean the
    # same (Ctrl+R: Regenerate reply and the card's Regenerate ran neither), and what acts on
    # the open topic keeps no key off the chats page (Ctrl+Shift+A archived the hidden topic)
    window_wide = {key for a in window.findChildren(QAction) if a not in page_actions
                   and a.shortcutContext() in (Qt.ShortcutContext.WindowShortcut, Qt.ShortcutContext.ApplicationShortcut)
                   for key in _keys(a)}  # a key of one widget (the chat's Ctrl+C) is not live on the page
    assert sorted({key for a in page_actions for key in _keys(a)} & window_wide) == []
    topic_keys = {window.versions.regenerate_action: ["Ctrl+R"], window.topic_actions.pin_action: ["Ctrl+Shift+P"],
                  window.topic_actions.archive_action: ["Ctrl+Shift+A"], window.rename_topic_action: ["F2"],
                  window.context_controls.privacy.new_private_action: ["Ctrl+Shift+N"],
                  window.summary_action: ["Ctrl+Shift+S"], window.compact_action: ["Ctrl+Shift+K"],
                  window.deletes.undo_action: ["Ctrl+Z"], window.view.sidebar_action: ["Ctrl+B"],
                  window.attachments.action: ["Ctrl+U"], window.new_topic_action: ["Ctrl+N"]}
    assert [a.text() for a in topic_keys if _keys(a)] == []
    window.page_host.show_page(PageId.CHATS)
    assert {a: _keys(a) for a in topic_keys} == topic_keys
    delete_keys = {"Del", "Ctrl+D", "Meta+D", "Backspace", "Meta+Backspace"}
    assert [(a.text(), k) for a in page_actions for k in _keys(a)
            if k in delete_keys and _meaning(_verb(a)) != "delete"] == []


def test_schedule_form_shows_the_local_time_across_a_dst_change(page, qtbot):  # type: ignore[no-untyped-def]
    """DRM-2: the time is stored in UTC; beside it, the user's own clock on the next
    firing day — Berlin moves from 03:00 to 04:00 when summer time starts (29 March 2026)."""
    from zoneinfo import ZoneInfo

    panel = page.dream_panel
    panel.schedule.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")
    panel.schedule.frequency_combo.setCurrentIndex(panel.schedule.frequency_combo.findData("daily"))
    panel.schedule.clock = lambda: datetime(2026, 3, 27, 12, 0, tzinfo=UTC)
    panel.schedule.time_edit.setText("02:00")
    assert panel.schedule.local_label.text() == "(03:00 in Berlin)" and panel.schedule.local_label.isVisible()
    assert "02:00 UTC — 03:00 in Berlin" in panel.schedule.local_label.toolTip()
    panel.schedule.clock = lambda: datetime(2026, 3, 28, 12, 0, tzinfo=UTC)
    panel.schedule.time_edit.setText("02:0")
    assert panel.schedule.local_label.isHidden()  # a half-typed time has no local equivalent
    panel.schedule.time_edit.setText("02:00")
    assert panel.schedule.local_label.text() == "(04:00 in Berlin)"
    panel.schedule.frequency_combo.setCurrentIndex(panel.schedule.frequency_combo.findData("weekly"))
    panel.schedule.weekday_combo.setCurrentIndex(0)  # Sunday
    panel.schedule.time_edit.setText("23:30")
    assert panel.schedule.local_label.text() == "(Monday 01:30 in Berlin)"
    panel.schedule.frequency_combo.setCurrentIndex(panel.schedule.frequency_combo.findData("off"))
    assert panel.schedule.local_label.isHidden()


def test_the_next_dream_line_says_the_local_time_across_a_dst_change(page, services, assistant,  # type: ignore[no-untyped-def]
                                                                     qtbot):
    """DRM-2, audit54b #6: the next-dream line said UTC only ("6 Dec 2026, 05:30 UTC
    (tomorrow)"). It says the user's time with UTC beside it, on the firing day's own
    clock — Berlin's 03:00 becomes 04:00 when summer time starts (29 March 2026) — and a
    later day by its local date, kept on one line."""
    from zoneinfo import ZoneInfo

    services.dreams.set_schedule(assistant, "daily", "02:00", 0)
    form = page.dream_panel.schedule
    form.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")
    form.clock = lambda: datetime(2026, 3, 27, 12, 0, tzinfo=UTC)
    page.dream_panel.schedule_reload()
    qtbot.waitUntil(lambda: form.view is not None and form.view.schedule.frequency == "daily", timeout=5000)
    assert form.view is not None
    for now, at, said in ((datetime(2026, 3, 27, 12, 0, tzinfo=UTC), datetime(2026, 3, 28, 2, 0, tzinfo=UTC),
                           "tomorrow at 03:00 in Berlin (02:00\u00a0UTC)"),
                          (datetime(2026, 3, 28, 12, 0, tzinfo=UTC), datetime(2026, 3, 29, 2, 0, tzinfo=UTC),
                           "tomorrow at 04:00 in Berlin (02:00\u00a0UTC)"),
                          (datetime(2026, 3, 27, 12, 0, tzinfo=UTC), datetime(2026, 3, 30, 2, 0, tzinfo=UTC),
                           "30\u00a0Mar\u00a02026 at 04:00 in Berlin (02:00\u00a0UTC)")):
        form.clock = lambda now=now: now  # type: ignore[misc]
        form.view = replace(form.view, next_at=at)
        form.set_memory_enabled(True)  # says the line again
        assert form.next_label.text().endswith(f"Next dream: {said}."), form.next_label.text()


def test_a_schedule_that_would_dream_at_once_says_which_day_before_save(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Issue 30: a new Daily schedule whose latest slot has no run catches up at once on
    Save; before Save, the form says which UTC day it dreams over and when. Once saved
    (the form shows what is stored) the notice goes."""
    from chathub_desktop.core.dream_schedule import Schedule, latest_slot

    existing_since(services, assistant)  # the slot was missed, not before the assistant's time (DRM-6)
    expected = latest_slot(Schedule("daily", "02:00"), datetime.now(UTC))
    assert expected is not None
    talked_on(services, assistant, expected.history_day)  # walk55b #1: a day with messages is dreamt
    form = page.dream_panel.schedule
    assert form.catch_up_label.isHidden()
    form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("daily"))
    form.time_edit.setText("02:00")
    qtbot.waitUntil(form.catch_up_label.isVisible, timeout=5000)
    text = form.catch_up_label.text()
    day = expected.history_day  # the locale's long date ("en" in the tests), not ISO
    # walk56 #9: one clear sentence saying what Save does, naming the day
    assert text.startswith(f"Saving starts a dream now over {day.day}\u00a0{day:%b}\u00a0{day:%Y}, for the run "
                           "missed "), text
    assert form.next_label.text() == "Not saved yet."  # the notice says what Save does, not this line too
    assert services.dreams.settings(assistant).schedule.frequency == "off"  # nothing stored yet
    form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("off"))
    qtbot.waitUntil(form.catch_up_label.isHidden, timeout=5000)  # Off never catches up
    form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("daily"))
    qtbot.waitUntil(form.catch_up_label.isVisible, timeout=5000)
    form.save_button.click()
    qtbot.waitUntil(lambda: services.dreams.settings(assistant).schedule.frequency == "daily", timeout=5000)
    qtbot.waitUntil(form.catch_up_label.isHidden, timeout=5000)
    idle(qtbot, page)


def talked_on(services, aid: int, day) -> None:  # type: ignore[no-untyped-def]
    """A topic with a user message at noon of UTC ``day``."""
    from datetime import time

    from chathub_desktop.core.messages import Role

    topic = services.topics.create(aid, title="That day").id
    services.chat.append_row(topic, role=Role.USER, content="Please answer in bullet points, no prose",
                             created_at=datetime.combine(day, time(12, 0, tzinfo=UTC)))


def test_a_catch_up_that_would_add_nothing_says_so_before_save(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Walk55b #1 (DRM-4, DRM-6): "Saving dreams over 4 Dec 2026 (UTC) right away…" was
    shown though 4 Dec already had card #5 (the run then said "the day already had a
    card"), and for a day without messages. Before Save the notice says nothing will be
    dreamt and why, in one plain (muted, not warning) sentence."""
    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.core.dream_schedule import Schedule, latest_slot
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    existing_since(services, assistant)
    expected = latest_slot(Schedule("daily", "02:00"), datetime.now(UTC))
    assert expected is not None
    day = expected.history_day
    said = f"{day.day}\u00a0{day:%b}\u00a0{day:%Y}"
    form = page.dream_panel.schedule
    form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("daily"))
    form.time_edit.setText("02:00")
    qtbot.waitUntil(form.catch_up_label.isVisible, timeout=5000)
    assert form.catch_up_label.text() == f"Saving won't start a dream now: {said} has no messages to dream over."
    assert form.catch_up_label.property("tone") == "muted"
    talked_on(services, assistant, day)
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=assistant, updated_at=utcnow(), body=dm.render_document(
            dm.append_day_card([], day, "Prefers answers in tables"))))
    form.time_edit.setText("02:0")
    form.time_edit.setText("02:00")  # asked again
    qtbot.waitUntil(lambda: "already has a card" in form.catch_up_label.text(), timeout=5000)
    assert form.catch_up_label.text() == f"Saving won't start a dream now: {said} already has a card."
    idle(qtbot, page)


def test_free_form_lines_show_as_notes_where_they_stand(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """MEM-3: a free-form line typed in the raw editor is kept — and now shown, as a note
    between the entries it stands between; a note is never selected or edited."""
    services.memory.save_raw(assistant, "# About me\n#1: a\nremember: ask before booking\n#2: b\n")
    qtbot.waitUntil(lambda: page.model.rowCount() == 4, timeout=5000)
    rows = [page.model.index(r).data() for r in range(4)]
    assert rows == ["# About me", "a", "remember: ask before booking", "b"]
    assert page.model.entry(2) is None and page.model.entry(3).number == 2  # type: ignore[union-attr]
    note = page.model.index(2)
    assert not (page.model.flags(note) & (Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable))
    assert page.model.data(note, Qt.ItemDataRole.AccessibleTextRole) == "Note: remember: ask before booking"
    opt = QStyleOptionViewItem()
    assert page.delegate.sizeHint(opt, note).height() < page.delegate.sizeHint(opt, page.model.index(1)).height()
    page.filter_edit.setText("b")  # the filter shows entries only
    assert shown(page) == ["b"]


def test_card_buttons_belong_to_the_cards_tab(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Issue 30: Edit and Delete act on dream cards: with no card at all they are greyed in
    place; on the Proposals tab the cards' buttons are not shown ("the card buttons stayed
    visible on the Proposals tab", walk52 #4), their room kept (walk51b #3: nothing moves)."""
    from datetime import date

    from tests.gui.test_dream_panel import seed_cards

    panel = page.dream_panel
    assert not panel.edit_button.isEnabled() and not panel.delete_button.isEnabled()  # no card yet
    seed_cards(services, assistant, [date(2026, 11, 30)])
    panel.schedule_reload()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=5000)
    panel.select_number(1)
    assert panel.edit_button.isEnabled() and panel.delete_button.isEnabled()
    from tests.gui.helpers import layout_at_rest

    layout_at_rest(page, qtbot)  # the page's own later steps (the schedule form placed) first
    tabs_at = panel.tabs.y()
    panel.show_proposals()
    assert all(b.isHidden() for b in (panel.edit_button, panel.delete_button, panel.regenerate_button))
    layout_at_rest(page, qtbot)  # had the hidden row moved anything, it would have by now
    assert panel.tabs.y() == tabs_at
    panel.tabs.setCurrentIndex(0)
    assert panel.edit_button.isVisible() and panel.edit_button.isEnabled()


def test_the_timeline_folds_range_cards_and_regenerates_single_days_only(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """DRM-8: single-day cards carry their date and Regenerate; a range card is folded to
    its span (Space expands it to read, and folds it again; a click expands it too, walk55
    #5) and has no Regenerate. The count beside the title says the range card apart, as
    Keep dream cards counts single-day cards only (DRM-7, walk55 #4)."""
    from datetime import date, timedelta

    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    cards: list[dm.Card] = []
    for k, text in enumerate(("Likes tables", "Wants versions", "Short intros", "SQL first")):
        cards = dm.append_day_card(cards, date(2026, 11, 20) + timedelta(days=k), text)
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=assistant, body=dm.render_document(cards), updated_at=utcnow()))
    services.dreams.set_keep(assistant, 2)  # the two oldest fold into one range card
    panel = page.dream_panel
    panel.schedule_reload()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 3, timeout=5000)
    model = panel.model
    assert [model.card(r).kind for r in range(3)] == ["day", "day", "range"]  # type: ignore[union-attr]  # newest first (walk56 #8)
    rng = model.row_of(1)  # the range card: #1, the last row
    assert model.index(rng).data() == "2 days folded into one card — click or press Space to show them"
    assert panel.count_label.text() == "2 single-day cards + 1 range card"  # Keep dream cards: 2
    with _language("ja"):
        qtbot.waitUntil(lambda: panel.count_label.text() == "単日カード 2 枚 + 範囲カード 1 枚", timeout=3000)
        assert model.index(rng).data() == "2 日分をまとめた 1 枚のカード — クリックまたは Space で表示"
    with _language("zh_CN"):
        qtbot.waitUntil(lambda: panel.count_label.text() == "2 张单日卡片 + 1 张范围卡片", timeout=3000)
        assert model.index(rng).data() == "2 天折叠成一张卡片——点击或按空格显示"
    qtbot.waitUntil(lambda: panel.count_label.text() == "2 single-day cards + 1 range card", timeout=3000)
    opt = QStyleOptionViewItem()
    folded = panel.delegate.sizeHint(opt, model.index(rng)).height()
    panel.list.setCurrentIndex(model.index(rng))
    assert not panel.regenerate_button.isEnabled() and not panel.regenerate_action.isVisible()
    panel.list.setFocus()
    panel.window().activateWindow()
    qtbot.waitUntil(panel.list.hasFocus, timeout=3000)
    qtbot.keyClick(panel.list, Qt.Key.Key_Space)
    assert "Likes tables" in model.index(rng).data() and "Wants versions" in model.index(rng).data()
    assert panel.delegate.sizeHint(opt, model.index(rng)).height() > folded
    qtbot.keyClick(panel.list, Qt.Key.Key_Space)
    assert model.is_folded(rng)
    # the mouse: a click on the folded card shows its days; a click on the open card leaves it open
    panel.list.scrollTo(model.index(rng))
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=panel.list.visualRect(model.index(rng)).center())
    assert not model.is_folded(rng) and "Likes tables" in model.index(rng).data()
    assert panel.delegate.sizeHint(opt, model.index(rng)).height() > folded
    qtbot.mouseClick(panel.list.viewport(), Qt.MouseButton.LeftButton, pos=panel.list.visualRect(model.index(rng)).center())
    assert not model.is_folded(rng)
    qtbot.keyClick(panel.list, Qt.Key.Key_Space)
    assert model.is_folded(rng)
    panel.list.setCurrentIndex(model.index(1))
    assert panel.regenerate_button.isEnabled() and panel.regenerate_action.isVisible()
    assert panel.delegate.chips(model.index(1)) == [("22 Nov 2026", ChipKind.DREAM)]


def test_a_card_height_is_estimated_without_layout_and_never_short(page):  # type: ignore[no-untyped-def]
    """Issue 30: a row's height comes from character counts (no QTextLayout per card for
    10,000 entries); for ordinary entries — Latin, CJK, mixed — it is never shorter than the
    laid-out text, so nothing is elided that would have fitted."""
    from chathub_desktop.gui.memory.card_delegate import MAX_BODY_LINES
    from chathub_desktop.gui.memory.card_lines import layout_lines

    texts = ["Lives in Berlin, works remotely for a design agency in Amsterdam",
             "Writes commit messages in English even when chatting in German, and wants every suggested commit "
             "message to follow the Conventional Commits format (feat:, fix:, docs:, refactor:) with a body "
             "that explains why rather than what",
             "東京に住んでいて、毎朝コーヒーを飲みながら日本語を勉強している。" * 3,
             "Uses Python 3.11 and PySide6 6.12 widgets; 東京 and Berlin; dislikes global state " * 2]
    d = page.delegate
    font = page.list.font()
    for width in (240, 420, 700, 1100):
        for text in texts:
            need = len(layout_lines(text, font, width, 50))
            assert d.lines.estimate(text, width, d.max_lines) >= min(need, MAX_BODY_LINES), (width, text[:30])
            assert d.lines.estimate(text, width, d.max_lines) <= need + 1  # and not much taller


def test_the_raw_editor_previews_what_saving_gives(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """MEM-3 beside the editor: the entries a save gives, renumbered in document order,
    and the free-form lines it keeps, as typed."""
    services.memory.save_raw(assistant, "#1: a\n")
    qtbot.waitUntil(lambda: page.model.total() == 1, timeout=5000)
    page.raw.open_raw()
    qtbot.waitUntil(lambda: page.raw.is_open, timeout=5000)  # read on a worker
    page.raw.raw_edit.setPlainText("# Travel\n#7: trains\n\nask first\n#2: no flights\n")
    model = page.raw.preview_model
    qtbot.waitUntil(lambda: model.rowCount() == 4, timeout=5000)
    assert [model.said(i) for i in range(4)] == ["Note: # Travel", "#1: trains", "Note: ask first", "#2: no flights"]
    assert page.raw.preview_label.text() == "Saving gives 2 entries and keeps 2 notes"
    with _language("ja"):  # walk55 #3: no space between the counted notes and を
        qtbot.waitUntil(lambda: page.raw.preview_label.text() == "保存すると 2 件、メモ 2 件を残します", timeout=3000)
    faces = [model.face(i) for i in range(4)]  # as the page shows them: a heading, numbered cards, a note
    assert [(f.note, f.number, f.text) for f in faces if f is not None] == [
        (True, 0, HEADING_MARK + "Travel"), (False, 1, "trains"), (True, 0, "ask first"), (False, 2, "no flights")]
    page.raw.cancel_raw()
    idle(qtbot, page)


def test_history_is_a_panel_of_the_page(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """Issue 30: History opens in the page, not as a window of its own; Back (or Esc)
    returns to the cards, which are not editable while it is shown."""
    services.memory.add(assistant, "a fact")
    qtbot.waitUntil(lambda: page.model.total() == 1, timeout=5000)
    page.history_button.click()
    history = page.history
    assert history is not None and not history.isWindow() and page.history_open and history.isVisibleTo(page)
    qtbot.waitUntil(lambda: history.loads >= 1 and history.list.count() >= 1, timeout=5000)
    assert not page.add_action.isEnabled() and not page.raw_action.isEnabled()
    history.back_button.click()
    assert not page.history_open and page.body_scroll.isVisibleTo(page) and page.add_action.isEnabled()
    page.open_history()
    page.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is page, timeout=3000)
    qtbot.keyClick(history.list, Qt.Key.Key_Escape)
    assert not page.history_open and page.stack.currentIndex() == 0
    idle(qtbot, page)


def test_dream_now_stays_put_while_status_lines_come_and_go(page, qtbot):  # type: ignore[no-untyped-def]
    """Issue 30: a status line (in the bar) or an error line (under the cards) appearing never moves
    Dream now (a first click on it missed)."""
    from PySide6.QtCore import QPoint

    panel = page.dream_panel
    page.resize(1366, 740)
    qtbot.wait(50)

    def where() -> QPoint:
        return panel.dream_now_button.mapTo(page, QPoint(0, 0))

    before = where()
    panel.show_status("Dreaming over 2026-12-01… " * 8, 0)
    panel.show_error("Dream now: the History Compress model is not set")
    qtbot.wait(50)
    assert panel.status_label.isVisible() and panel.error_label.isVisible()
    assert where() == before
    panel.show_status("", 0)
    panel.show_error("")
    qtbot.wait(50)
    assert where() == before


def test_a_card_paint_asks_no_data_of_the_model(page, services, assistant, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """Issue 30 ("Fast with a large memory"): painting and measuring a card read its
    ``CardFace`` in one Python call of the model, not through ``index.data`` — each ``data``
    call crosses from Python through Qt back into Python, waiting for the interpreter
    lock while a worker reads, and a paint asked ~11 roles per card — and the card still
    shows its marks: no chip for the owner's entry (the default), ``paused`` on a paused one."""
    from chathub_desktop.gui.memory import entry_model

    for text in ("Prefers metric units", "Lives in Berlin", "Drinks coffee black"):
        services.memory.add(assistant, text)
    services.memory.set_paused(assistant, 2, True)
    qtbot.waitUntil(lambda: page.model.rowCount() == 3 and bool(page.model.entry(1).paused), timeout=5000)
    asked: list[int] = []

    class Counting(dict):  # type: ignore[type-arg]
        def get(self, role, default=None):  # type: ignore[no-untyped-def]
            asked.append(role)
            return super().get(role, default)

    monkeypatch.setattr(entry_model, "_ROLES", Counting(entry_model._ROLES))
    paints: list[int] = []
    face_paint = page.delegate.paint_face
    monkeypatch.setattr(page.delegate, "paint_face", lambda p, o, f: (paints.append(f.number), face_paint(p, o, f)))
    page.list.doItemsLayout()  # every row measured again
    page.list.viewport().grab()
    assert {1, 2} <= set(paints) <= {1, 2, 3}  # the cards in view were painted
    assert asked == []
    assert page.delegate.chips(page.model.index(0)) == []  # the owner, the default: no chip (walk52 #5)
    assert page.delegate.chips(page.model.index(1)) == [("paused", ChipKind.PAUSED)]


def test_scrolling_to_the_end_hands_rows_over_in_doubling_batches(qapp):  # type: ignore[no-untyped-def]
    """Issue 30: QListView lays out every row again after rows are inserted, so 10,000
    entries handed over 256 at a time laid out ~200,000 rows on the way to the last one;
    batches that double reach it in a handful of fetches (every row shown once, in order)."""
    from PySide6.QtCore import QModelIndex

    from chathub_desktop.gui.memory.entry_model import FETCH_BATCH, MemoryEntryModel
    from chathub_desktop.services.memory.memory_service import MemoryEntryView

    model = MemoryEntryModel()
    model.set_entries([MemoryEntryView(n, f"fact {n}", "owner", True) for n in range(1, 10_001)])
    assert model.rowCount() == FETCH_BATCH
    fetches = 0
    while model.canFetchMore(QModelIndex()):
        model.fetchMore(QModelIndex())
        fetches += 1
    assert fetches <= 6
    assert model.rowCount() == 10_000
    assert [model.entry(r).number for r in (0, 9_999)] == [1, 10_000]  # type: ignore[union-attr]


def test_the_window_shutdown_stops_the_open_memory_page_following_the_bus(  # type: ignore[no-untyped-def]
        window, services, qtbot, qloop):
    """Issue 29: shutting the window down detaches its Memory page (typed, no look-up by
    name): no reload is left to answer a write that comes after."""
    aid = services.assistants.create("Helper").id
    reload_assistants(window, qtbot, aid)
    page = window.pages.open_memory()
    qtbot.waitUntil(lambda: page.loads >= 1, timeout=10000)
    assert page.refresh.following
    done: list[bool] = []
    qloop.create_task(window.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    assert not page.refresh.following

    async def already_done() -> None:
        return None

    window.shutdown = already_done  # the fixture's teardown: shut down once only
