"""A dream cut at the History Compress model's output cap offers its model card (issue 30;
dream50's advice names Settings → Models): Edit model card… beside Retry and Choose
History Compress model… opens the card editor on that model, and Retry after a larger
max output is saved asks the model for that many tokens."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from datetime import time as dtime

from PySide6.QtWidgets import QLabel

from chathub_desktop.core.messages import Role
from chathub_desktop.core.reasons import Reason
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.dream_failure import card_fixes
from chathub_desktop.gui.settings.card_field import CardField
from chathub_desktop.services.container import Services
from chathub_desktop.services.dream.dream_reasons import DreamReason
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.test_dream_panel import helper, idle, open_page, summ  # noqa: F401  (fixtures)

#: An answer stopped at the token limit before its first complete line.
CUT = Reply(text_chunks=["The person worked with the assistant and asked and asked"], finish_reason="length")


def _asked_tokens(vendor: FakeVendor) -> object:
    body = vendor.requests[-1].body
    assert body is not None
    return body.get("max_tokens", body.get("max_completion_tokens"))


def test_a_dream_cut_at_its_cap_opens_the_model_card_and_retry_uses_the_larger_max_output(
        open_page, services: Services, helper, summ, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    monkeypatch.setattr(change_preview, "ask", lambda *_a: "add")
    services.models.set("gpt-5-mini", 8192, provider="Summ", max_output=600)
    day = datetime.now(UTC).date() - timedelta(days=1)
    topic = services.topics.create(helper, title="Yesterday's chat").id
    services.chat.append_row(topic, role=Role.USER, content="Short answers please",
                             created_at=datetime.combine(day, dtime(9, 0, tzinfo=UTC)))
    panel = open_page(helper).dream_panel
    qtbot.waitUntil(lambda: panel.day_picker.count() == 1 and not panel.runner.pending(), timeout=5000)
    summ.script(CUT)
    assert panel.runs.dream_now() is not None
    qtbot.waitUntil(lambda: bool(panel.failure_bar.summary), timeout=15000)
    idle(qtbot, panel)
    assert _asked_tokens(summ) == 600
    summary = panel.failure_bar.summary
    assert "stopped at its output cap (600 tokens, its model card's max output)" in summary
    # the whole advice shows, wrapped (it was cut at "(Settings → Mo…")
    assert summary.endswith("raise Max output in its model card (Settings → Models) or choose another History "
                            "Compress model")
    assert panel.card_button.isVisibleTo(panel) and panel.choose_summarizer_button.isVisibleTo(panel)
    assert panel.failure_bar.retry_button.isVisibleTo(panel)

    panel.card_button.click()
    failure = panel.failure
    qtbot.waitUntil(lambda: failure.cards is not None and failure.cards.dialog is not None
                    and failure.cards.dialog.isVisible(), timeout=5000)
    assert failure.cards is not None
    dialog = failure.cards.dialog
    assert dialog is not None
    assert dialog.model_edit.text() == "gpt-5-mini" and dialog.provider_combo.currentData() == "Summ"
    assert dialog.window_spin.value() == 8192
    assert dialog.max_output_check.isChecked() and dialog.max_output_spin.value() == 600
    # walk51b #4: a title line, and the caret in Max output (the field the bar asks to raise), selected
    title = dialog.findChild(QLabel, "dialogTitle")
    assert title is not None and title.isVisible() and title.text() == "Model card"
    assert dialog.focusWidget() in (dialog.max_output_spin, dialog.max_output_spin.lineEdit())
    assert dialog.max_output_spin.lineEdit().selectedText() == "600"
    dialog.max_output_spin.setValue(2000)
    dialog.save()
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
    stored = [(c.provider, c.model, c.context_window, c.max_output) for c in services.models.list()]
    assert stored == [("Summ", "gpt-5-mini", 8192, 2000)]
    assert panel.status_label.text() == "Saved the model card of Summ/gpt-5-mini — Retry dreams with it"

    summ.script(Reply(text_chunks=["- Likes short answers"]))
    panel.failure_bar.retry_button.click()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=15000)
    idle(qtbot, panel)
    assert _asked_tokens(summ) == 2000
    assert not panel.card_button.isVisibleTo(panel) and not panel.failure_bar.isVisibleTo(panel)


def test_a_failure_the_model_card_cannot_fix_offers_no_card_button(
        open_page, services: Services, helper, summ, qtbot) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """An empty answer is no limit of the card: Retry, and no Edit model card…"""
    day = datetime.now(UTC).date() - timedelta(days=1)
    topic = services.topics.create(helper, title="Yesterday's chat").id
    services.chat.append_row(topic, role=Role.USER, content="Short answers please",
                             created_at=datetime.combine(day, dtime(9, 0, tzinfo=UTC)))
    panel = open_page(helper).dream_panel
    qtbot.waitUntil(lambda: panel.day_picker.count() == 1 and not panel.runner.pending(), timeout=5000)
    summ.script(Reply(text_chunks=[" "]))
    assert panel.runs.dream_now() is not None
    qtbot.waitUntil(lambda: bool(panel.failure_bar.summary), timeout=15000)
    idle(qtbot, panel)
    assert panel.failure_bar.retry_button.isVisibleTo(panel)
    assert not panel.card_button.isVisibleTo(panel)


def test_the_card_editor_opens_on_the_field_the_failure_names() -> None:
    """walk51b #4: the output cap opens on Max output, the window (also nested in another
    reason) on Context window; a reason the card cannot fix offers no editor."""
    cap = Reason(DreamReason.CUT_AT_OUTPUT_CAP, ("12", "in a card"))
    window = Reason(DreamReason.CUT_AT_WINDOW, ("2,048", "10"))
    assert card_fixes(cap) is CardField.MAX_OUTPUT
    assert card_fixes(window) is CardField.WINDOW
    assert card_fixes(Reason(DreamReason.WINDOW_TOO_SMALL, ("2,048",))) is CardField.WINDOW
    assert card_fixes(Reason("%1", (window,))) is CardField.WINDOW
    assert card_fixes(Reason("nothing to fix", ())) is None and card_fixes(None) is None
