"""Try a dream on any past day (issue 14): Dream now offers the finished UTC days that
had activity, newest first, dreams over the chosen one and says which topics it read."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from datetime import time as dtime

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import Reply
from tests.gui.test_dream_panel import helper, idle, open_page, summ  # noqa: F401  (fixtures)


def _talk(services: Services, aid: int, title: str, days_ago: int, text: str) -> None:
    day = datetime.now(UTC).date() - timedelta(days=days_ago)
    topic = services.topics.create(aid, title=title).id
    services.chat.append_row(topic, role=Role.USER, content=text, created_at=datetime.combine(day, dtime(9, 0, tzinfo=UTC)))


def test_the_picker_lists_active_finished_days_newest_first_and_dream_now_uses_the_choice(
        open_page, services, helper, summ, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    monkeypatch.setattr(change_preview, "ask", lambda *_a: "add")  # issue 18: Dream now asks first
    _talk(services, helper, "**Trip** plans", 4, "Plan the Kyoto trip in a table, please")
    _talk(services, helper, "Budget", 4, "Keep the budget in euros")
    _talk(services, helper, "Yesterday's chat", 1, "Short answers please")
    _talk(services, helper, "Today", 0, "not a finished day")
    panel = open_page(helper).dream_panel
    picker = panel.day_picker
    qtbot.waitUntil(lambda: picker.count() == 2, timeout=5000)
    today = datetime.now(UTC).date()
    assert [picker.itemData(i) for i in range(2)] == [today - timedelta(days=1), today - timedelta(days=4)]
    assert picker.itemText(0).startswith("Yesterday · ") and picker.itemText(0).endswith("1 topic, 1 message")
    assert picker.itemText(1).endswith("2 topics, 2 messages")
    picker.setCurrentIndex(1)
    four = today - timedelta(days=4)
    assert f"Dream over {four.day} {four:%b %Y} (UTC" in panel.dream_now_button.toolTip()
    summ.script(Reply(text_chunks=["- Likes tables for plans"]))
    assert panel.runs.dream_now() is not None
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=15000)  # a dream: ~4 s at load 18
    idle(qtbot, panel)
    assert panel.model.cards()[0].display_tag == (today - timedelta(days=4)).isoformat()
    text = panel.status_label.text()
    assert "read “Budget”, “Trip plans”" in text or "read “Trip plans”, “Budget”" in text
    # walk40 #6: the day just dreamt is no longer offered (Dream now would refuse it)
    qtbot.waitUntil(lambda: [picker.itemData(i) for i in range(picker.count())] == [today - timedelta(days=1)],
                    timeout=5000)


def test_a_day_that_has_a_card_is_not_offered(open_page, services, helper, qtbot) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """walk40 #6: Dream now offered yesterday, which had a card, then refused it. A day
    with a card is left out; with every day dreamt, a quiet line in the chooser's place
    says so and points at ↻ (walk53c #5: not a combo box's item), and Dream now, off,
    says why in its tooltip."""
    from tests.gui.test_dream_panel import seed_cards

    _talk(services, helper, "Yesterday's chat", 1, "Short answers please")
    seed_cards(services, helper, [datetime.now(UTC).date() - timedelta(days=1)])
    panel = open_page(helper).dream_panel
    picker = panel.day_picker
    qtbot.waitUntil(lambda: picker.loads >= 1 and not panel.runner.pending(), timeout=5000)
    assert picker.selected_day() is None and picker.count() == 0
    assert not picker.isVisible() and picker.note.isVisible()
    assert picker.note.text() == "Every day with messages has a card. To dream a day again, use ↻ Regenerate on its card."
    assert not panel.dream_now_button.isEnabled()
    assert panel.dream_now_button.toolTip().startswith("Every finished day with messages already has a card")


def test_a_day_when_only_today_has_messages_says_today_is_not_finished(
        open_page, services, helper, qtbot) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """walk42 #4: with messages only today the picker said every day already had a card;
    today is not over, so the line in the chooser's place says when it can be dreamt
    (issue 30, walk53c #5)."""
    _talk(services, helper, "Today", 0, "Plan the Lisbon trip")
    panel = open_page(helper).dream_panel
    picker = panel.day_picker
    qtbot.waitUntil(lambda: picker.loads >= 1 and not panel.runner.pending(), timeout=5000)
    assert picker.selected_day() is None and not picker.isVisible()
    assert picker.note.isVisible() and picker.note.text() == "Nothing to dream yet: today's chats can be dreamt tomorrow."
    assert not panel.dream_now_button.isEnabled()
    assert panel.dream_now_button.toolTip().startswith("No finished day has messages yet")


def test_a_failed_dream_keeps_its_day_chosen_so_retry_and_the_chooser_agree(
        open_page, services, helper, summ, qtbot) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """walk50 #2: Dream now on the older day failed; the page's re-read then chose the
    newest day again, so Retry (the day tried) and the chooser named different days."""
    _talk(services, helper, "Old chat", 4, "Plan the Kyoto trip in a table, please")
    _talk(services, helper, "Yesterday's chat", 1, "Short answers please")
    panel = open_page(helper).dream_panel
    picker = panel.day_picker
    qtbot.waitUntil(lambda: picker.count() == 2 and not panel.runner.pending(), timeout=5000)
    four = datetime.now(UTC).date() - timedelta(days=4)
    picker.setCurrentIndex(1)
    summ.script(Reply(text_chunks=[" "]))  # an empty answer: the run fails, nothing is written
    assert panel.runs.dream_now() is not None
    qtbot.waitUntil(lambda: bool(panel.failure_bar.summary), timeout=15000)
    idle(qtbot, panel)
    loads: list[int] = []
    show = picker.show_days

    def counted(*args):  # type: ignore[no-untyped-def]
        show(*args)
        loads.append(picker.count())

    picker.show_days = counted  # type: ignore[method-assign]
    panel.schedule_reload()  # the re-read a store change (the run's record) brings
    qtbot.waitUntil(lambda: bool(loads), timeout=5000)
    assert picker.count() == 2
    assert picker.selected_day() == four


def test_a_card_cut_at_its_output_cap_says_so_and_offers_the_history_compress_choice(
        open_page, services, helper, summ, qtbot) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """walk50 #2: a small model stopped at its output cap before one complete line; the
    bar blamed the window and had only Retry. It names the output cap and offers the
    History Compress choice (Settings → System Agent) beside Retry."""
    _talk(services, helper, "Yesterday's chat", 1, "Short answers please")
    panel = open_page(helper).dream_panel
    qtbot.waitUntil(lambda: panel.day_picker.count() == 1 and not panel.runner.pending(), timeout=5000)
    summ.script(Reply(text_chunks=["The person worked with the assistant and asked and asked"],
                      finish_reason="length"))
    assert panel.runs.dream_now() is not None
    qtbot.waitUntil(lambda: bool(panel.failure_bar.summary), timeout=15000)
    assert "stopped at its output cap (" in panel.failure_bar.summary
    assert "larger window" not in panel.failure_bar.summary
    assert panel.choose_summarizer_button.isVisibleTo(panel)
    opened: list[bool] = []
    panel.events.summarizer_choice_requested.connect(lambda: opened.append(True))
    panel.choose_summarizer_button.click()
    assert opened == [True]


def test_a_card_that_mostly_repeats_itself_is_previewed_with_a_warning_and_discard_as_the_default(
        open_page, services, helper, summ, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """walk50 #2: SmolLM2's card for 1 May repeated one sentence ~20 times and ended with
    "User: ok" lines, yet Add card was the default. The transcript lines are dropped, the
    preview says the card repeats itself, and Discard is the default."""
    from tests.unit.test_card_degenerate import WALK50_CARD

    asked: list[tuple] = []
    monkeypatch.setattr(change_preview, "ask", lambda *a: asked.append(a) or None)
    _talk(services, helper, "Yesterday's chat", 1, "what is a joke")
    panel = open_page(helper).dream_panel
    qtbot.waitUntil(lambda: panel.day_picker.count() == 1 and not panel.runner.pending(), timeout=5000)
    summ.script(Reply(text_chunks=[WALK50_CARD]))
    assert panel.runs.dream_now() is not None
    qtbot.waitUntil(lambda: bool(asked), timeout=15000)
    option = asked[0][3][0]
    assert not option.primary  # Cancel ("Discard") is the default on Enter
    assert option.cancel() == "Discard"
    assert option.warning() == "This card mostly repeats itself — try Regenerate or a larger model"
    card = option.panes[0][1]
    assert "User: ok" not in card and "Assistant: Hey!" not in card
    idle(qtbot, panel)
    assert panel.model.rowCount() == 0  # discarded: nothing written


def test_a_regenerated_card_that_mostly_repeats_itself_is_previewed_with_the_warning_and_keep_as_the_default(
        open_page, services, helper, summ, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """Session 51: Regenerate checked nothing — SmolLM2's looping card was offered beside
    the old one with no word. It now says what Dream now's preview says, and Cancel
    ("Keep the old card") stays the default; a healthy card gets no warning."""
    from tests.gui.test_dream_panel import _regenerate_by_icon, active_yesterday, seed_cards
    from tests.unit.test_card_degenerate import HEALTHY, WALK50_CARD

    asked: list[tuple] = []
    monkeypatch.setattr(change_preview, "ask", lambda *a: asked.append(a) or None)
    day = active_yesterday(services, helper)
    seed_cards(services, helper, [day])
    panel = open_page(helper).dream_panel
    before = services.dreams.cards(helper)
    for text, warned in ((WALK50_CARD, True), (HEALTHY, False)):
        summ.script(Reply(text_chunks=[text]))
        before_ask = len(asked)
        _regenerate_by_icon(panel, qtbot, 0)
        qtbot.waitUntil(lambda: len(asked) == before_ask + 1, timeout=15000)  # noqa: B023 - waited on here
        idle(qtbot, panel)
        option = asked[-1][3][0]
        assert not option.primary  # Cancel is the default on Enter
        assert option.cancel() == "Keep the old card"
        if warned:
            assert option.warning is not None
            assert option.warning() == "This card mostly repeats itself — try Regenerate or a larger model"
            assert "User: ok" not in option.panes[1][1]
        else:
            assert option.warning is None
    assert services.dreams.cards(helper) == before  # kept: nothing written
