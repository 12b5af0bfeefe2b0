"""The token popover as a reader sees it (issue 24; TOK-1, TOK-3, TOK-4, CMP-6, CMP-8):
the figures read off its labels add up to Total Used in every state, an over-budget
topic shows exactly one warning line, no label overlaps the bar in any state or theme,
text keeps its contrast, and the popover and Settings → System Agent show one context
window for one model."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel

from chathub_desktop.gui.context.meter_words import over_budget_words
from chathub_desktop.gui.context.token_badge import TokenBadge
from chathub_desktop.gui.context.usage_popover import EstimatePopover, group_of
from chathub_desktop.gui.design.meter_colors import contrast_ratio
from chathub_desktop.gui.design.palette import error_color
from chathub_desktop.gui.design.theme import apply_theme
from tests import meter_states
from tests.gui.helpers import reload_assistants

FAILED = ("Compaction failed: the History Compress model rejected the batch as too long for its "
          "context window (8,192 tokens); choose a model with a larger window or compact fewer turns.")
UNREACHABLE = ("Could not reach the target: the latest turn and the fixed overhead alone are above the "
               "low watermark (19,200 tokens). Send stays blocked while usage is at or above 80%.")


def _number(text: str) -> int:
    """The figure of a label: ``1,234`` / ``+26`` / ``−728`` (rich text tags dropped)."""
    plain = re.sub(r"<[^>]+>", "", text).strip()
    assert re.fullmatch(r"[+−]?[\d,]+", plain), plain
    return int(plain.replace(",", "").replace("+", "").replace("−", "-"))


def _popover(qtbot, services, state: str, fake_vendor, outcome: str | None = None) -> tuple[EstimatePopover, object, TokenBadge]:  # type: ignore[no-untyped-def]
    """The badge (keep it: it owns the popover) and its open popover in ``state``."""
    topic, draft, attachments = meter_states.STATES[state](services, fake_vendor)
    e = services.estimates.estimate(topic, draft, attachments)
    badge = TokenBadge()
    qtbot.addWidget(badge)
    badge.bind_services(services)
    outcomes: dict[int, str] = {}
    badge.bind_controller(lambda _t: None, lambda _t: None, lambda _t: False, outcomes.get)
    badge.show()
    badge.show_estimate(e)
    badge.open_popover()
    pop = badge.popover
    qtbot.waitExposed(pop)
    if outcome is not None:  # a run ends while the popover is open (CMP-6)
        outcomes[topic] = outcome
        pop.sync()
    # it sits just above the badge, whatever it holds: grown upwards, never over the badge
    badge_top = badge.mapToGlobal(QPoint(0, 0)).y()
    assert badge_top - 8 <= pop.geometry().bottom() < badge_top
    return pop, e, badge


def _visible_labels(pop: EstimatePopover) -> list[QLabel]:
    return [lb for lb in pop.findChildren(QLabel) if lb.isVisibleTo(pop) and lb.text()]


def _rect_in_popover(w) -> QRect:  # type: ignore[no-untyped-def]
    return QRect(w.mapTo(w.window(), w.rect().topLeft()), w.size())


@pytest.fixture(params=["light", "dark"])
def theme(request, qapp) -> Iterator[str]:  # type: ignore[no-untyped-def]
    saved = QPalette(qapp.palette())
    apply_theme(qapp, request.param, hint=False)
    yield request.param
    qapp.setPalette(saved)


@pytest.mark.parametrize("state", list(meter_states.STATES))
def test_figures_on_the_labels_add_up_to_total_used(qtbot, services, fake_vendor, state):  # type: ignore[no-untyped-def]
    """Walk36 #13: the rows are grouped, each group's rows behind its arrow. The groups'
    figures add up to Total Used, and each group's rows, opened, to its figure."""
    pop, e, _badge = _popover(qtbot, services, state, fake_vendor)
    groups = [lb for lb in pop.findChildren(QLabel, "meterGroup") if lb.isVisibleTo(pop)]
    total = pop.findChild(QLabel, "meterTotal")
    assert not [lb for lb in pop.findChildren(QLabel, "meterValue") if lb.isVisibleTo(pop)]  # closed
    assert sum(_number(g.text()) for g in groups) == _number(total.text()) == e.total
    assert [g.property("meterKey") for g in groups] == ["instructions", "memory", "conversation", "tools"] + (
        [] if e.total == e.local_total else ["adjustment"])
    assert f"{e.total:,}" in pop.headline.text()
    for key in pop.table.expanders:
        pop.table.set_open(key, True)
    values = [lb for lb in pop.findChildren(QLabel, "meterValue") if lb.isVisibleTo(pop)]
    assert len(values) >= 9  # eight TOK-1 parts and the framing row, at least
    keys = [v.property("meterKey") for v in values]
    assert keys.count("framing") == 1 and "adjustment" not in keys
    for g in groups:
        if g.property("meterKey") != "adjustment":
            mine = [v for v in values if group_of(v.property("meterKey")) == g.property("meterKey")]
            assert sum(_number(v.text()) for v in mine) == _number(g.text()), g.property("meterKey")
    assert sum(_number(v.text()) for v in values) == e.local_total
    pop.hide()


def test_over_budget_shows_exactly_one_warning_line(qtbot, services, fake_vendor, theme):  # type: ignore[no-untyped-def]
    pop, e, _badge = _popover(qtbot, services, "over_budget", fake_vendor)
    assert e.total > e.input_budget == 4000
    red = pop.warning_label.palette().color(QPalette.ColorRole.WindowText)
    assert pop.warning_label.property("tone") == "error"
    warned = [lb for lb in _visible_labels(pop) if lb.palette().color(QPalette.ColorRole.WindowText) == red]
    assert [lb.objectName() for lb in warned] == ["budgetWarning"]
    # polish52: what Send will do, in the badge's words (it said "Compact the topic or
    # lower the history limit" although Send compacts older turns by itself)
    # (the states' assistant has token auto-compact off: Send goes as is, CMP-11)
    assert warned[0].text() == (f"⚠ {e.total - 4000:,} tokens too long for this model ({e.total:,} of 4,000 input "
                                "tokens). Compaction is off: Send tries it as is, and if the model refuses, summarizes "
                                "older messages once and resends.")
    assert warned[0].text() == "⚠ " + over_budget_words(e) and over_budget_words(e) in _badge.toolTip()
    # the badge turns red on its own: its colour does not reach the popover's text
    badge = pop.parentWidget()
    assert red.name() in badge.styleSheet() and "#tokenBadge" in badge.styleSheet()
    assert pop.headline.palette().color(QPalette.ColorRole.WindowText) != red
    pop.hide()


def test_no_warning_line_when_the_request_fits(qtbot, services, fake_vendor):  # type: ignore[no-untyped-def]
    pop, e, _badge = _popover(qtbot, services, "counted", fake_vendor)
    assert e.total < e.input_budget
    assert not pop.warning_label.isVisibleTo(pop)
    red = error_color(pop.palette())
    assert not [lb for lb in _visible_labels(pop) if lb.palette().color(QPalette.ColorRole.WindowText) == red]
    pop.hide()


@pytest.mark.parametrize("state,outcome", [
    ("counted", None), ("over_budget", None), ("with_summary", FAILED), ("over_budget", UNREACHABLE),
    ("report_below_parts", None),
])
def test_no_text_overlaps_the_bar(qtbot, services, fake_vendor, theme, state, outcome):  # type: ignore[no-untyped-def]
    pop, _e, _badge = _popover(qtbot, services, state, fake_vendor, outcome)
    for arrow, _rows in pop.table.expanders.values():  # every group open (walk36 #13)
        arrow.click()
    pop.details_button.click()
    qtbot.wait(10)
    bar = _rect_in_popover(pop.bar)
    assert bar.height() >= 10 and bar.width() > 300
    labels = _visible_labels(pop)
    if outcome is not None:
        assert pop.status.isVisibleTo(pop) and pop.status.text() == outcome
    for lb in labels:
        r = _rect_in_popover(lb)
        assert not r.intersects(bar), (lb.objectName(), lb.text()[:60], r, bar)
        # every wrapped label has the height its text needs at its width
        if lb.wordWrap():
            assert lb.height() >= lb.heightForWidth(lb.width()), lb.objectName()
    assert pop.body.height() >= pop.body.layout().minimumSize().height()
    assert pop.height() >= pop.body.height() or pop.body_scroll.verticalScrollBar().isVisible()
    pop.hide()


@pytest.mark.parametrize("state", ["report_below_parts", "over_budget", "limited"])
def test_text_keeps_its_contrast_in_both_themes(qtbot, services, fake_vendor, theme, state):  # type: ignore[no-untyped-def]
    pop, _e, _badge = _popover(qtbot, services, state, fake_vendor)
    if state == "limited":
        assert pop.history_warning.isVisibleTo(pop)
    window = pop.palette().color(QPalette.ColorRole.Window)
    for lb in _visible_labels(pop):
        ratio = contrast_ratio(lb.palette().color(QPalette.ColorRole.WindowText), window)
        assert ratio >= 4.5, (lb.objectName(), lb.text()[:40], round(ratio, 2))
    pop.hide()


def test_popover_and_system_agent_show_one_context_window(qtbot, qloop, services):  # type: ignore[no-untyped-def]
    """A model in neither the catalog nor the model cards, on a local server: the popover
    said 32,000 and System Agent 128,000. Both read the one card resolver now."""
    from chathub_desktop.gui.settings.settings_page import SettingsPage
    from chathub_desktop.gui.shell.task_runner import TaskRunner

    services.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
    services.assistants.create("L", provider="Local", model="qwen-local-7b")
    topic = services.topics.create("L").id
    services.settings.set("history-compress-model", "Local/qwen-local-7b")
    e = services.estimates.estimate(topic)
    badge = TokenBadge()
    qtbot.addWidget(badge)
    badge.bind_services(services)
    badge.show_estimate(e)
    badge.popover.fill(e)
    dlg = SettingsPage(services.providers, None, services=services, runner=TaskRunner(None))
    qtbot.addWidget(dlg)
    pickers = (dlg.system_page.compress_picker, dlg.system_page.naming_picker)
    qtbot.waitUntil(lambda: not dlg.system_page.resolving()  # read on a worker, like the model lists
                    and not any(p.models is not None and p.models.pending() for p in pickers), timeout=5000)
    agent = dlg.system_page.compress_info.text()
    shown = re.search(r"at most ([\d,]+) tokens \(its context window\)", badge.popover.budget_label.text())
    in_agent = re.search(r"context window ([\d,]+)", agent)
    assert shown and in_agent, (badge.popover.budget_label.text(), agent)
    assert shown.group(1) == in_agent.group(1) == "32,000"
    dlg.close()


def test_set_window_saves_the_card_and_recounts_the_badge(window, services, qtbot):  # type: ignore[no-untyped-def]
    """REF-27: "Set the window" in the open window saves the model card on a worker and the
    badge recounts against it (it used to save and leave the badge on the old window)."""
    from datetime import UTC, datetime

    from sqlalchemy import insert

    from chathub_desktop.storage.models import Message

    warning = "the server read only 2,048 of about 10,300 tokens: its context is smaller than the model card says"
    services.providers.add("Ollama", "openai_compatible", "http://127.0.0.1:9/v1")
    a = services.assistants.create("Cut", provider="Ollama", model="llama3.1-8b")
    topic = services.topics.create("Cut").id
    with services.db.write() as s:
        s.execute(insert(Message), [
            {"topic_id": topic, "seq": 1, "role": "user", "content": "plan " * 50, "created_at": datetime.now(UTC)},
            {"topic_id": topic, "seq": 2, "role": "assistant", "content": "ok", "created_at": datetime.now(UTC),
             "status": "complete", "input_tokens": 2048, "error_kind": "input_truncated", "error": warning,
             "model": "llama3.1-8b", "provider_id": services.providers.list()[0].id},
        ])
    reload_assistants(window, qtbot, a.id)
    window.select_topic(topic)
    badge = window.composer.badge
    qtbot.waitUntil(lambda: badge.estimate is not None and badge.estimate.topic_id == topic, timeout=5000)
    assert badge.estimate.context_window == 32_000  # NUM-2's local fallback
    badge.open_popover()
    pop = badge.popover
    assert pop.set_window_button.isVisible()
    pop.set_window_button.click()
    qtbot.waitUntil(lambda: badge.estimate.context_window == 2048, timeout=5000)
    assert [(c.model, c.context_window, c.provider) for c in services.models.list()] == [
        ("llama3.1-8b", 2048, "Ollama")]
    assert not pop.set_window_button.isVisible()  # the card reads it now: nothing to offer
    assert pop.truncation_label.isVisible()  # the last reply still was cut
    pop.hide()


def test_the_popover_speaks_in_user_words(qtbot, services, fake_vendor):  # type: ignore[no-untyped-def]
    """Walk29 #8 (TOK-1, TOK-3, TOK-6): the rows are named in user words, the encoding is
    behind a Details line, the anchor note names no message id, and the cache line says
    no reply reported a cache instead of contradicting the provider's count above it.
    The figures are the plan's, unchanged."""
    pop, e, _badge = _popover(qtbot, services, "anchored_with_tail", fake_vendor)
    for key in pop.table.expanders:  # walk36 #13: the rows and their notes open per group
        pop.table.set_open(key, True)
    text = " ".join(lb.text() for lb in _visible_labels(pop))
    for old in ("Summary wrapper", "Message framing", "Encoding", "(message #", "Most recent reported cache"):
        assert old not in text, old
    assert "Topic summary" in text and "Per-message overhead" in text and "The provider reported" in text
    assert e.encoding not in text and not pop.details_label.isVisibleTo(pop)
    pop.details_button.click()
    assert pop.details_label.isVisibleTo(pop)
    assert pop.details_label.text() == f"Tokens are counted with the {e.encoding} encoding."
    assert e.cache.line == "No provider telemetry yet"  # TOK-6's literal, kept first
    assert pop.cache_label.text() == "No provider telemetry yet: no reply has reported cache use"
    assert f"{e.total:,}" in pop.headline.text()
    pop.details_button.click()
    pop.hide()


def test_the_watermark_percentages_are_said_once(services, qtbot):  # type: ignore[no-untyped-def]
    """CMP-2 / walk45 #10: the popover says "80%" and "60%" once, in its policy line; the
    caption under the bar points at the red mark without repeating the percentage."""
    a = services.assistants.create("A")
    topic = services.topics.create(a.id).id
    e = services.estimates.estimate(topic)
    badge = TokenBadge()
    qtbot.addWidget(badge)
    badge.bind_services(services)
    badge.show_estimate(e)
    badge.popover.fill(e)
    said = badge.popover.budget_label.text() + "\n" + badge.popover.policy_label.text()
    assert said.count("80%") == 1 and said.count("60%") == 1, said


def test_a_draft_alone_over_the_window_is_named_and_history_says_what_send_does() -> None:
    """walk37 #3: a 2 MB draft's line names it; polish52: over the budget by history, the
    line says what Send does (in the interface's number format: the GUI tests' locale)."""
    from dataclasses import replace

    from tests.unit.test_meter_rows import PARTS, view

    huge = replace(view(5_276_700), parts={**PARTS, "draft": 5_274_685})
    assert over_budget_words(huge) == ("This message alone is longer than the model's context window "
                                       "(5,274,685 tokens > 32,000); shorten it or attach less.")
    over_budget_only = replace(view(32_500), parts={**PARTS, "draft": 31_000})
    assert over_budget_words(over_budget_only) == (
        "This message alone is longer than the model's input budget (31,000 tokens > 30,000, the context "
        "window less the reply reserve); shorten it or attach less.")
    assert over_budget_words(view(31_000)) == ("1,000 tokens too long for this model (31,000 of 30,000 input "
                                               "tokens). Send will summarize older messages first.")


def test_the_over_budget_words_say_what_send_does_under_each_policy() -> None:
    """walk53 #3: a red "739%" said nothing. The line says how far over the plan Send
    posts is, and what Send does under the policy in force: token auto-compact on, it
    summarizes first (CMP-13); off, it goes as is and only a refusal compacts, once
    (CMP-11); the threshold policy summarizes, then leaves out what still does not fit
    (NUM-3, NUM-5)."""
    from dataclasses import replace

    from tests.unit.test_meter_rows import view

    big = replace(view(221_700))  # 739% of 30,000
    on = over_budget_words(big)
    assert on == ("About 7 times too long for this model (221,700 of 30,000 input tokens). Send will summarize "
                  "older messages first.")
    off = over_budget_words(replace(big, auto_compact=False))
    assert off == ("About 7 times too long for this model (221,700 of 30,000 input tokens). Compaction is off: Send "
                   "tries it as is, and if the model refuses, summarizes older messages once and resends.")
    threshold = over_budget_words(replace(big, threshold_trigger=19_000, threshold_estimate=221_000))
    assert threshold is not None and threshold.endswith(
        "Send will summarize older messages and leave out the oldest that still don't fit.")
    assert over_budget_words(view(30_000)) is None  # exactly the budget fits


def test_the_budget_caption_says_every_figure_in_words() -> None:
    """walk53 #7: "Input budget 1,536 = context window 2,048 − 512 kept for the reply ·
    28% used" was a formula. The caption leads with how full the budget is, then says the
    window, the reply's reserve and the budget (CMP-8), each figure as before."""
    from dataclasses import replace

    from chathub_desktop.gui.context.meter_words import budget_line
    from tests.unit.test_meter_rows import view

    small = replace(view(430), context_window=2_048, input_budget=1_536)
    assert budget_line(small) == ("28% of the input budget used. The model reads at most 2,048 tokens (its context "
                                  "window); 512 are kept for its reply, so 1,536 are left for the conversation.")
    whole = replace(view(430), context_window=2_048, input_budget=2_048)
    assert budget_line(whole) == ("21% of the input budget used. The model reads at most 2,048 tokens (its context "
                                  "window), all of them left for the conversation.")
