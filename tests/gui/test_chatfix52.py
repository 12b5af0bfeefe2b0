"""walk52b leftovers in the chat (issue 29): after Stop or Compact now the keyboard went
to the sidebar toggle (a focus ring on it), not back to the draft; a Stop before the
reply's first word said "the text so far is kept" over a reply that was just "…"; the
Retry pill under a failed reply was ~11 px high; the summary divider read as "the summary
is above" and the summary could not be seen from the chat."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from chathub_desktop.gui.chat.message_delegate import MARKER_TEXT
from chathub_desktop.gui.chat.send_controller import STOPPED_EMPTY_TEXT, STOPPED_TEXT
from chathub_desktop.gui.chat.version_arrows import HIT
from tests.fakes.vendor_server import Reply, html_error_page
from tests.gui.helpers import add_fake_provider, loaded, reload_assistants
from tests.gui.test_compaction_gui import SUMMARY, _summarizer, _topic, _wait_idle, summ  # noqa: F401
from tests.gui.test_i18n_service_texts import _language


def _streaming(window: Any, services: Any, fake_vendor: Any, qtbot: Any, reply: Reply) -> Any:
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    fake_vendor.script(reply)
    model = window.message_model
    window.sending.send_message("Write a long essay about the history of Python.")
    qtbot.waitUntil(lambda: model.rowCount() == 2 and model.message_at(1).status == "streaming", timeout=5000)
    qtbot.waitUntil(window.composer.stop_button.isVisible)
    return model


def _click_stop(window: Any, qtbot: Any) -> None:
    """Stop as a click leaves it: the button holds the keyboard, then hides."""
    stop = window.composer.stop_button
    stop.setFocus()
    assert window.focusWidget() is stop
    stop.click()
    qtbot.waitUntil(lambda: not stop.isVisible(), timeout=5000)


def test_stop_gives_the_keyboard_back_to_the_draft_and_says_the_text_is_kept(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot) -> None:
    model = _streaming(window, services, fake_vendor, qtbot,
                       Reply(text_chunks=[f"word{i} " for i in range(2000)], chunk_delay_s=0.01))
    qtbot.waitUntil(lambda: model.message_at(1).content.strip() != "", timeout=10_000)
    _click_stop(window, qtbot)
    qtbot.waitUntil(lambda: model.message_at(1).status == "cancelled", timeout=5000)
    assert window.focusWidget() is window.composer.draft
    assert window.status_line.currentMessage() == STOPPED_TEXT == "Stopped — the text so far is kept"


def test_a_stop_before_the_first_word_says_nothing_was_kept_and_leaves_no_placeholder(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot) -> None:
    model = _streaming(window, services, fake_vendor, qtbot, Reply(text_chunks=["late"], delay_s=30))
    assert model.message_at(1).content == ""
    _click_stop(window, qtbot)
    # the placeholder is dropped: the question stays, with no "…" reply under it
    qtbot.waitUntil(lambda: model.rowCount() == 1, timeout=5000)
    assert [m.role for m in services.topics.messages(window.current_topic_id)] == ["user"]
    assert window.focusWidget() is window.composer.draft
    assert window.status_line.currentMessage() == "Stopped before the reply began — nothing was kept"


@pytest.mark.parametrize("language", ["zh_CN", "ja"])
def test_both_stop_lines_are_said_in_the_interface_language(qapp: Any, language: str) -> None:
    with _language(language):
        said = [QCoreApplication.translate("SendController", t) for t in (STOPPED_TEXT, STOPPED_EMPTY_TEXT)]
    assert said[0] != STOPPED_TEXT and said[1] != STOPPED_EMPTY_TEXT and said[0] != said[1]


def test_compact_now_and_its_stop_give_the_keyboard_to_the_draft(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, summ, qtbot) -> None:  # noqa: F811
    _summarizer(services, summ)
    summ.script(Reply(text_chunks=[f"<summary>{SUMMARY}</summary>"], delay_s=5.0))
    topic = _topic(window, services, fake_vendor, turns=3, qtbot=qtbot)
    window.message_view.setFocus()
    assert window.focusWidget() is window.message_view
    assert window.compaction.compact_topic() is not None
    assert window.focusWidget() is window.composer.draft
    qtbot.waitUntil(lambda: services.compaction.in_flight(topic), timeout=3000)
    stop = window.compaction.stop_button
    qtbot.waitUntil(stop.isVisible)
    stop.setFocus()
    stop.click()
    _wait_idle(window, qtbot, topic)
    assert not stop.isVisible()
    assert window.focusWidget() is window.composer.draft


def test_a_failed_replys_retry_pill_is_a_hit_target_with_a_name(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, qtbot) -> None:
    """111-flaky-failed: the pill was ~11 px high beside the big error box; it is now at
    least 24 px (WCAG 2.5.8, ``HIT``) under the bubble and inside its row, and says what it
    does in a tooltip and in the row's accessible description."""
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    window.resize(1000, 700)
    fake_vendor.script(Reply(error_status=502, error_body=html_error_page("502 Bad Gateway"),
                             error_content_type="text/html"))
    window.sending.send_message("Hello?")
    model, view = window.message_model, window.message_view
    qtbot.waitUntil(lambda: model.rowCount() == 2 and model.message_at(1).status == "error", timeout=15000)
    index = model.index(1)
    qtbot.waitUntil(lambda: not view.delegate.retry_rect(index).isEmpty(), timeout=2000)
    pill = view.delegate.retry_rect(index)
    assert pill.height() >= HIT == 24 and pill.width() >= 24
    assert pill.top() > view.delegate.bubble_rect(index).bottom()
    assert view.visualRect(index).contains(pill)
    assert "Retry: ask for this reply again" in index.data(Qt.ItemDataRole.AccessibleDescriptionRole)
    at = pill.center()
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, at, view.viewport().mapToGlobal(at)))
    assert QToolTip.text() == "Retry: ask for this reply again"
    QToolTip.hideText()


def test_the_summary_divider_says_what_it_marks_and_a_click_shows_the_summary(  # type: ignore[no-untyped-def]
        window, services, fake_vendor, summ, qtbot) -> None:  # noqa: F811
    """26-compacted: "Covered by summary above this line" sat under every earlier message
    (right: an auto-compaction had covered the first turns, Compact now the rest) but read
    as "the summary is above", which could not be seen. The divider says the messages above
    are sent as the summary; its tooltip says so and a click opens the summary."""
    _summarizer(services, summ)
    summ.script(Reply(text_chunks=[f"<summary>{SUMMARY}</summary>"]))
    topic = _topic(window, services, fake_vendor, turns=3, qtbot=qtbot)
    window.compaction.compact_topic()
    _wait_idle(window, qtbot, topic)
    model, view = window.message_model, window.message_view
    cursor = services.compaction.summary(topic).cursor_message_id
    qtbot.waitUntil(lambda: model.summary_cursor == cursor)
    index = model.index(model.row_of(cursor))
    view.scrollTo(index)
    qtbot.waitUntil(lambda: not view.delegate.marker_rect(index).isEmpty())
    assert MARKER_TEXT == "Messages above are sent as the topic summary · View summary"
    at = view.delegate.marker_rect(index).center()
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, at, view.viewport().mapToGlobal(at)))
    assert QToolTip.text().startswith("The model gets the topic summary instead of the messages above this line.")
    QToolTip.hideText()
    assert window.dialogs.get("summary") is None
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    dlg = window.dialogs.get("summary")
    assert dlg is not None and dlg.isVisible()
    loaded(dlg, qtbot)
    assert dlg.text_edit.toPlainText() == SUMMARY
    dlg.close()
