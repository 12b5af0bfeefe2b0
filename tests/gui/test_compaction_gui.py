"""Topic compaction in the window (CMP-1, CMP-2, CMP-3, CMP-6, CMP-13, CMP-15, CMP-17,
CMP-18, APP-6, APP-7): Chat Preference, Settings → System Agent, Compact now from the
token popover and the Topic menu, the status-bar progress with Stop, the summary viewer
and its debug panel, the "covered by summary" marker, editing a covered message.

The History Compress model runs on a SECOND fake vendor, so its requests are counted
apart from the chat model's.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.chat.message_layout import MARKER_H
from chathub_desktop.gui.chat.message_list_model import CoveredBoundaryRole
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.helpers import add_fake_provider, loaded, reload_assistants, saved, wait_shown

SUMMARY = "The user asked three questions about lorem; the assistant answered each with ipsum."


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    """The History Compress model's own server."""
    with FakeVendor() as vendor:
        yield vendor


def _summarizer(services: Services, summ: FakeVendor) -> None:
    services.providers.add("Summ", "openai", summ.base_url, api_key="k")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")


def _topic(window, services: Services, fake_vendor: FakeVendor, turns: int, qtbot,  # type: ignore[no-untyped-def]
           words: int = 200) -> int:
    """An assistant on the chat fake and a topic with ``turns`` completed turns of about
    ``words`` words a message plus a latest user message (Compact now summarizes the
    turns before it; the default is long enough that a summary shrinks the request)."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    topic = services.topics.create(aid, "Long chat").id
    for k in range(1, turns + 1):
        services.chat.append_row(topic, role=Role.USER, content=f"question {k} " + "lorem " * words)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"answer {k} " + "ipsum " * words)
    if turns > 1:
        services.chat.append_row(topic, role=Role.USER, content="and one more question")
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    assert window.current_topic_id == topic
    wait_shown(window, qtbot, topic)
    return topic


def _wait_idle(window, qtbot, topic: int) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: not window.compaction.is_compacting(topic), timeout=8000)
    qtbot.waitUntil(lambda: not window.runner.is_running(f"compact:{topic}"), timeout=3000)


# --- Assistant → Chat Preference (CMP-1, APP-6) -----------------------------------------------
def test_chat_preference_saves_and_low_watermark_follows(window, services, qtbot):  # type: ignore[no-untyped-def]
    a = services.assistants.create("Prefs", model="gpt-4o-mini")
    reload_assistants(window, qtbot, a.id)
    dlg = loaded(window.pages.open_edit_assistant(), qtbot)
    dlg.open_chat_preference()
    ui = dlg.ui
    assert ui.tabs.currentWidget() is ui.chatPrefTab
    # defaults: auto-compact on, high 0.80, low 0.60 read-only
    assert ui.autoCompactCheck.isChecked() and ui.highWatermarkSpin.value() == pytest.approx(0.8)
    assert ui.lowWatermarkValue.text().startswith("0.60")
    assert (ui.highWatermarkSpin.minimum(), ui.highWatermarkSpin.maximum()) == (0.5, 0.99)
    assert [ui.presetCombo.itemData(i) for i in range(ui.presetCombo.count())] == ["minimal", "balanced", "rich"]
    assert ui.presetCombo.currentData() == "balanced"
    for cap in ("400", "600", "800"):
        assert cap in ui.presetCombo.toolTip() and cap in ui.notes["presetRow"].toolTip()
    # issue 29: each setting's line under its title carries the help the "?" gave (APP-6)
    helps = [note for note in ui.notes.values() if ui.chatPrefTab.isAncestorOf(note)]
    assert len(helps) >= 5 and all(len(note.toolTip()) > 40 for note in helps)
    # the low watermark follows the high one live, 0.2 lower
    ui.highWatermarkSpin.setValue(0.9)
    assert ui.lowWatermarkValue.text().startswith("0.70")
    ui.highWatermarkSpin.setValue(0.55)
    assert ui.lowWatermarkValue.text().startswith("0.35")
    ui.autoCompactCheck.setChecked(False)
    assert not ui.highWatermarkSpin.isEnabled()
    ui.autoCompactCheck.setChecked(True)
    ui.highWatermarkSpin.setValue(0.85)
    assert not ui.historyLimitSpin.isEnabled()
    ui.historyLimitCheck.setChecked(True)
    assert ui.historyLimitSpin.isEnabled()
    ui.historyLimitSpin.setValue(12)
    ui.summarizeCheck.setChecked(True)
    ui.presetCombo.setCurrentIndex(ui.presetCombo.findData("rich"))
    saved(dlg, qtbot)
    assert not dlg.isVisible()
    v = services.assistants.get(a.id)
    assert (v.history_limit_enabled, v.history_limit, v.summarize_history, v.compact_preset) == (True, 12, True, "rich")
    assert v.auto_compact and v.high_watermark == pytest.approx(0.85) and v.low_watermark == pytest.approx(0.65)
    # reopened, the form shows what was stored
    again = loaded(window.pages.open_edit_assistant(), qtbot).ui
    assert again.historyLimitSpin.value() == 12 and again.presetCombo.currentData() == "rich"
    assert again.highWatermarkSpin.value() == pytest.approx(0.85) and again.lowWatermarkValue.text().startswith("0.65")


def test_new_assistant_stores_chat_preference(window, services, qtbot):  # type: ignore[no-untyped-def]
    dlg = loaded(window.pages.open_new_assistant(), qtbot)
    ui = dlg.ui
    qtbot.keyClicks(ui.nameEdit, "Fresh")
    ui.modelCombo.setCurrentText("gpt-4o-mini")
    ui.summarizeCheck.setChecked(True)
    ui.presetCombo.setCurrentIndex(ui.presetCombo.findData("minimal"))
    ui.autoCompactCheck.setChecked(False)
    saved(dlg, qtbot)
    v = services.assistants.get("Fresh")
    assert v.summarize_history and v.compact_preset == "minimal" and not v.auto_compact


# --- Settings → System Agent (CMP-3) ------------------------------------------------------
def test_system_agent_page_saves_and_shows_service_errors(window, services, qtbot):  # type: ignore[no-untyped-def]
    services.providers.add("Summ", "openai", "http://127.0.0.1:9/v1", api_key="k")
    dlg = window.pages.open_system_agent()
    page = dlg.system_page
    assert page is not None and dlg.current_page() is page
    qtbot.waitUntil(lambda: not page.resolving(), timeout=5000)  # read on a worker (issue 29)
    assert page.compress_picker.value() == "gpt-5-mini"  # the default, on the first OpenAI provider
    assert "a separate setting" in page.compress_note.toolTip() and "may be the chat model" in page.compress_note.toolTip()  # APP-6: the full help stays reachable
    assert "model card" in page.compress_note.toolTip() and "model card" in page.compress_picker.toolTip()
    assert len(page.naming_note.toolTip()) > 40 and len(page.archives_note.toolTip()) > 40
    assert not page.naming_picker.model_combo.isEnabled()  # no naming model: the chat's own names (APP-10)
    cp = page.compress_picker
    cp.provider_combo.setCurrentIndex(cp.provider_combo.findData("Summ"))
    cp.model_combo.setCurrentText("gpt-5-mini")
    npk = page.naming_picker
    npk.provider_combo.setCurrentIndex(npk.provider_combo.findData("Summ"))
    assert npk.model_combo.isEnabled()
    npk.model_combo.setCurrentText("gpt-4o-mini")
    page.archives_check.setChecked(True)
    page.save_button.click()
    qtbot.waitUntil(lambda: page.status_label.text() == "Saved.")  # stored on a worker (issue 29)
    assert not page.error_label.isVisible(), page.error_label.text()
    assert services.settings.get("history-compress-model") == "Summ/gpt-5-mini"
    assert services.settings.get("topic-naming-model") == "Summ/gpt-4o-mini"
    assert services.settings.get("compaction-archives") is True
    qtbot.waitUntil(lambda: "Summ/gpt-5-mini" in page.compress_info.text(), timeout=5000)
    assert "context window" in page.compress_info.text()
    # a model id naming a provider that does not exist: the service's message, inline
    cp.provider_combo.setCurrentIndex(0)
    cp.model_combo.setCurrentText("Nope/gpt-5-mini")
    page.save_button.click()
    qtbot.waitUntil(page.error_label.isVisible)
    assert "no provider named 'Nope'" in page.error_label.text()
    assert services.settings.get("history-compress-model") == "Summ/gpt-5-mini"  # unchanged
    # the stored provider was deleted meanwhile: shown as not configured, and refused
    services.settings.set("topic-naming-model", None)
    services.providers.delete("Summ")
    page.reload()
    qtbot.waitUntil(lambda: not page.resolving(), timeout=5000)  # read on a worker (issue 29)
    assert cp.provider_combo.currentText() == "Summ (not configured)"
    page.save()
    qtbot.waitUntil(lambda: "no provider named 'Summ'" in page.error_label.text())
    assert dlg.isVisible()


# --- Compact now (CMP-6, CMP-2, APP-7) -----------------------------------------------------
def test_compact_now_from_popover_disables_button_then_shows_outcome_and_marker(
    window, services, fake_vendor, summ, qtbot
):  # type: ignore[no-untyped-def]
    _summarizer(services, summ)
    summ.script(Reply(text_chunks=[f"<summary>{SUMMARY}</summary>"], delay_s=0.5))
    topic = _topic(window, services, fake_vendor, turns=3, qtbot=qtbot)
    badge = window.composer.badge
    qtbot.waitUntil(lambda: badge.estimate is not None, timeout=5000)
    badge.open_popover()
    pop = badge.popover
    assert pop.compact_button.isVisible() and pop.compact_button.isEnabled()
    assert window.compact_action.isEnabled() and window.compact_action.shortcut().toString() == "Ctrl+Shift+K"
    assert window.summary_action.shortcut().toString() == "Ctrl+Shift+S"
    assert window.compact_action in window.topic_list.actions()
    assert window.summary_action in window.topic_list.actions()
    pop.compact_button.click()
    # in flight: disabled and labelled "Compacting…" everywhere (CMP-6)
    assert pop.compact_button.text() == "Compacting…" and not pop.compact_button.isEnabled()
    assert window.compact_action.text() == "Compacting…" and not window.compact_action.isEnabled()
    assert window.compaction.box.isVisible() and "Compacting" in window.compaction.label.text()
    assert window.compaction.stop_button.isVisible() and window.stop_action.isEnabled()
    qtbot.waitUntil(lambda: services.compaction.in_flight(topic), timeout=3000)
    # a second trigger during the run starts nothing
    assert window.compaction.compact_topic() is None
    window.compact_action.trigger()
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    _wait_idle(window, qtbot, topic)
    assert len(summ.requests) == 1  # the summarizer saw one request
    assert pop.compact_button.text() == "Compact now" and pop.compact_button.isEnabled()
    assert window.compact_action.text() == "&Compact now" and window.compact_action.isEnabled()
    assert not window.compaction.box.isVisible()
    assert pop.status.isVisible() and "Compacted 6 messages" in pop.status.text()
    assert "The next request now takes" in pop.status.text() and "tokens instead of" in pop.status.text()
    assert window.status_line.currentMessage() == pop.status.text()
    view = services.compaction.summary(topic)
    assert view.text == SUMMARY and view.model == "Summ/gpt-5-mini"
    # the marker sits under the last covered message, and only there (CMP-2)
    model = window.message_model
    qtbot.waitUntil(lambda: model.summary_cursor == view.cursor_message_id)  # read on a worker (issue 29)
    row = model.row_of(view.cursor_message_id)
    assert row is not None
    flags = [bool(model.index(r).data(CoveredBoundaryRole)) for r in range(model.rowCount())]
    assert flags.count(True) == 1 and flags[row]
    assert model.message_at(row).content.startswith("answer 3")  # every turn before the latest user message
    delegate = window.message_view.delegate
    from PySide6.QtWidgets import QStyleOptionViewItem

    opt = QStyleOptionViewItem()
    opt.palette = window.message_view.palette()
    model.set_summary_cursor(None)
    plain = delegate.sizeHint(opt, model.index(row)).height()
    window.compaction.refresh_cursor()
    qtbot.waitUntil(lambda: model.summary_cursor == view.cursor_message_id)
    assert delegate.sizeHint(opt, model.index(row)).height() == plain + MARKER_H
    pop.hide()


def test_progress_in_status_bar_and_esc_stops_compaction(window, services, fake_vendor, summ, qtbot):  # type: ignore[no-untyped-def]
    _summarizer(services, summ)
    summ.script(Reply(text_chunks=[f"<summary>{SUMMARY}</summary>"], delay_s=5.0))
    topic = _topic(window, services, fake_vendor, turns=3, qtbot=qtbot)
    task = window.compaction.compact_topic()
    assert task is not None
    qtbot.waitUntil(lambda: services.compaction.in_flight(topic), timeout=3000)
    assert window.compaction.box.isVisible() and window.compaction.bar.maximum() == 0  # busy
    qtbot.waitUntil(lambda: len(summ.requests) == 1, timeout=3000)
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    _wait_idle(window, qtbot, topic)
    assert task.cancelled()
    assert "stopped" in window.status_line.currentMessage()
    assert services.compaction.summary(topic).text == ""  # nothing of a cancelled run is stored
    assert not window.compaction.box.isVisible()
    assert window.message_model.summary_cursor is None


def test_nothing_eligible_on_a_one_turn_topic(window, services, fake_vendor, summ, qtbot):  # type: ignore[no-untyped-def]
    _summarizer(services, summ)
    topic = _topic(window, services, fake_vendor, turns=1, qtbot=qtbot)
    window.compact_action.trigger()
    _wait_idle(window, qtbot, topic)
    assert summ.requests == []
    short = "Nothing to compact yet: this topic is short."  # CMP-6, walkthrough F11: no cursor jargon
    assert window.status_line.currentMessage() == short
    assert window.composer.badge.popover._outcome(topic) == short
    assert window.message_model.summary_cursor is None


def test_compact_now_on_a_short_topic_says_nothing_to_gain_without_asking_the_summarizer(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, summ, qtbot):
    """walk37 #12: 4 short turns took 22.6 s on a local model only to say "nothing to
    gain"; now the window says it at once and no summarizer request is made."""
    _summarizer(services, summ)
    topic = _topic(window, services, fake_vendor, turns=4, qtbot=qtbot, words=5)
    window.compact_action.trigger()
    _wait_idle(window, qtbot, topic)
    assert summ.requests == []
    said = window.status_line.currentMessage()
    assert said.startswith("Nothing to gain: these 8 messages take ") and said.endswith("nothing was summarized")
    assert window.composer.badge.popover._outcome(topic) == said
    assert window.message_model.summary_cursor is None


def test_failed_compaction_shows_the_reason(window, services, fake_vendor, summ, qtbot):  # type: ignore[no-untyped-def]
    _summarizer(services, summ)
    summ.script(Reply(text_chunks=["   "]))
    topic = _topic(window, services, fake_vendor, turns=3, qtbot=qtbot)
    window.compaction.compact_topic()
    _wait_idle(window, qtbot, topic)
    msg = window.status_line.currentMessage()
    assert msg.startswith("Compaction failed:") and "empty summary" in msg


# --- the summary viewer (CMP-18, CMP-17) and edits (CMP-15) ---------------------------------
def test_summary_viewer_copy_export_debug_and_edit_clears(
    window, services, fake_vendor, summ, qtbot, tmp_path: Path, monkeypatch
):  # type: ignore[no-untyped-def]
    _summarizer(services, summ)
    summ.script(Reply(text_chunks=[f"<summary>{SUMMARY}</summary>"]))
    topic = _topic(window, services, fake_vendor, turns=3, qtbot=qtbot)
    window.compaction.compact_topic()
    _wait_idle(window, qtbot, topic)
    cursor = services.compaction.summary(topic).cursor_message_id
    dlg = window.compaction.open_summary()
    assert dlg is not None and dlg.isVisible()
    loaded(dlg, qtbot)  # read on a worker (issue 29)
    assert dlg.stack.currentWidget() is dlg.text_edit and dlg.text_edit.isReadOnly()
    assert dlg.text_edit.toPlainText() == SUMMARY
    meta = dlg.meta_label.text()
    assert "Summ/gpt-5-mini" in meta and f"covers messages up to <b>#{cursor}</b>" in meta and "updated" in meta
    dlg.copy_button.click()
    assert QGuiApplication.clipboard().text() == SUMMARY
    out = tmp_path / "summary.md"
    dlg.export_to(out)  # written on a worker
    qtbot.waitUntil(lambda: dlg.status_label.text() == "Exported to summary.md", timeout=5000)
    exported = out.read_text(encoding="utf-8")
    assert SUMMARY in exported and "Summ/gpt-5-mini" in exported
    # the tabs, named for users (walk49 #6: "Summary | Debug (2) | Archives (2) | Probes"),
    # the run log last; each says what it holds
    tabs = dlg.tabs
    assert [tabs.tabText(i) for i in range(tabs.count())] == [
        "&Summary", "Summary &history (1)", "&Quality check", "How it was &made (1)"]
    assert tabs.widget(dlg.debug_index).isAncestorOf(dlg.debug_table) and dlg.debug_index == tabs.count() - 1
    assert tabs.tabToolTip(dlg.debug_index).startswith("Each compaction run: when and why it ran")
    assert all(tabs.tabToolTip(i) for i in range(tabs.count()))
    # the debug panel: one row for the run
    t = dlg.debug_table
    assert t.rowCount() == 1
    cells = [t.item(0, c).text() for c in range(t.columnCount())]
    assert cells[1] == "Compact now" and cells[2] == "compacted"
    assert cells[3] == "0.80 / 0.60" and cells[6] == f"#{cursor}"
    assert cells[4] != "—" and cells[5] != "—"
    # the context menu offers Edit on user messages, Delete on all
    model = window.message_model
    view = window.message_view
    first_user = 0
    assert model.message_at(first_user).role == "user"
    view._context_menu(view.visualRect(model.index(first_user)).center())
    texts = [a.text() for a in view.last_menu.actions()]
    assert "Edit message" in texts and "Delete message" in texts
    view.last_menu.close()
    view._context_menu(view.visualRect(model.index(1)).center())
    texts = [a.text() for a in view.last_menu.actions()]
    assert "Edit message" not in texts and "Delete message" in texts
    view.last_menu.close()
    # editing a covered message clears the summary: the viewer shows its empty state
    qtbot.waitUntil(lambda: model.summary_cursor is not None)  # read on a worker (issue 29)
    mid = model.message_at(first_user).id
    edit = window.message_actions.edit_message(mid)  # in place (issue 29)
    assert edit is not None and edit.note.isVisible()
    assert edit.note.text() == ("Saving clears the topic summary, as it includes this message; the next compaction "
                                "writes a new one from the messages.")  # what saving does first (walk53b #2)
    edit.box.setPlainText("question 1, reworded")
    edit.save_button.click()  # Save only: no new reply; stored on a worker
    qtbot.waitUntil(lambda: model.message_at(first_user).content == "question 1, reworded", timeout=3000)
    assert not edit.isVisible()
    assert services.compaction.summary(topic).text == ""
    qtbot.waitUntil(lambda: dlg.stack.currentWidget() is dlg.empty_label, timeout=3000)
    assert not dlg.copy_button.isEnabled() and not dlg.export_button.isEnabled()
    qtbot.waitUntil(lambda: model.summary_cursor is None)  # re-read on a worker (issue 29)
    assert not any(model.index(r).data(CoveredBoundaryRole) for r in range(model.rowCount()))
    qtbot.waitUntil(lambda: "cleared" in window.status_line.currentMessage(), timeout=3000)  # a done callback
    # delete: confirmed, the row goes, the badge is recounted
    monkeypatch.setattr("chathub_desktop.gui.dialogs.confirm.ask", lambda *a, **k: True)
    rows = model.rowCount()
    shown = window.estimate.shown
    last = model.message_at(rows - 1).id
    assert window.message_actions.delete_message(last) is not None  # on a worker thread
    qtbot.waitUntil(lambda: model.rowCount() == rows - 1 and model.row_of(last) is None, timeout=3000)
    qtbot.waitUntil(lambda: window.estimate.shown > shown, timeout=3000)
    dlg.close()


def test_summary_viewer_empty_state(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    _topic(window, services, fake_vendor, turns=2, qtbot=qtbot)
    dlg = window.compaction.open_summary()
    assert dlg is not None
    loaded(dlg, qtbot)
    assert dlg.stack.currentWidget() is dlg.empty_label and "No summary yet" in dlg.empty_label.text()
    assert not dlg.copy_button.isEnabled() and dlg.debug_table.rowCount() == 0
    dlg.close()


def test_menu_entries(window, qtbot):  # type: ignore[no-untyped-def]
    menus = {m.title(): m for m in (a.menu() for a in window.app_menu.actions()) if m is not None}
    topic_texts = [a.text() for a in menus["&Topic"].actions()]
    assert "&Compact now" in topic_texts and "View topic &summary…" in topic_texts
    settings_texts = [a.text() for a in menus["&Settings"].actions()]
    assert "System &Agent…" in settings_texts


def test_system_agent_page_sets_the_threshold_policy(window, services, qtbot):  # type: ignore[no-untyped-def]
    """NUM-1/3/6/8 from the GUI: off by default with its fields disabled; saving stores them."""
    services.providers.add("Summ", "openai", "http://127.0.0.1:9/v1", api_key="k")  # gpt-5-mini can run
    dlg = window.pages.open_system_agent()
    page = dlg.system_page
    qtbot.waitUntil(lambda: not page.resolving(), timeout=5000)  # read on a worker (issue 29)
    assert not page.threshold_check.isChecked() and not page.buffer_spin.isEnabled()
    assert (page.buffer_spin.value(), page.keep_spin.value(), page.failures_spin.value()) == (13000, 12, 3)
    assert "chat model itself" in page.threshold_note.toolTip()
    page.threshold_check.setChecked(True)
    assert page.buffer_spin.isEnabled()
    page.buffer_spin.setValue(1024)
    page.keep_spin.setValue(6)
    page.save_button.click()
    qtbot.waitUntil(lambda: page.status_label.text() == "Saved.")  # stored on a worker (issue 29)
    assert not page.error_label.isVisible(), page.error_label.text()
    assert services.settings.get("compact-enabled") is True
    assert (services.settings.get("compact-buffer-tokens"), services.settings.get("compact-keep-recent")) == (1024, 6)
    dlg.back()


def test_system_agent_page_says_what_to_do_in_the_window_not_on_the_cli(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Without a provider the page says what is wrong and where to fix it in the window;
    the CLI command is for headless use only (issue 16)."""
    dlg = window.pages.open_system_agent()
    qtbot.waitUntil(lambda: not dlg.system_page.resolving(), timeout=5000)
    text = dlg.system_page.compress_info.text()
    assert text == ("Not usable yet: none of your providers serves the History Compress model 'gpt-5-mini' "
                    "(the model that writes summaries). "
                    "Pick a provider and model above (or add a provider on the Providers page).")
    from chathub_desktop.services.compaction.summarizer import (
        SummarizerUnavailable,
        resolve_summarizer,
    )

    try:  # the service's own message still tells a CLI user the command
        resolve_summarizer(services.db, services.settings, services.catalog)
    except SummarizerUnavailable as exc:
        assert "settings set history-compress-model" in str(exc)
    else:
        raise AssertionError("no provider, yet a summarizer resolved")


def test_system_agent_resolves_the_summarizer_off_the_gui_thread(window, services, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """Issue 28: the page's "In use:" line reads the store on a worker thread, never on
    the GUI thread (house rule: nothing heavy on the GUI thread)."""
    import threading

    from chathub_desktop.services.compaction import summarizer

    threads: list[bool] = []
    real = summarizer.resolve_summarizer

    def spy(*args, **kw):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kw)

    monkeypatch.setattr(summarizer, "resolve_summarizer", spy)
    dlg = window.pages.open_system_agent()
    qtbot.waitUntil(lambda: bool(threads) and not dlg.system_page.resolving(), timeout=5000)
    assert threads and not any(threads)
    assert dlg.system_page.compress_info.text().startswith("Not usable yet:")
    dlg.back()
