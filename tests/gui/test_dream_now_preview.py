"""Dream now asks with a preview (issue 18 "Preview before replace"): the card the dream
drafted and the cards it folds into which range are shown before anything is written;
Cancel writes nothing, Add writes exactly the previewed card, and a document another
writer changed since the preview is refused with one line (its version token), never
silently overwritten (issue 10). Dream review on (issue 19): the draft becomes a
proposal without a preview."""

from __future__ import annotations

from datetime import date, timedelta

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.change_preview import PreviewOption
from chathub_desktop.gui.shell.day_format import format_day
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import on_worker
from tests.gui.test_dream_panel import active_yesterday, helper, idle, open_page, seed_cards, summ  # noqa: F401

CARD = "- Wants bullet points\n- No prose"


def _recording(answer: str | None, calls: list[tuple[str, list[PreviewOption]]], before=None):  # type: ignore[no-untyped-def]
    def ask(_parent, title, heading, options, _action):  # type: ignore[no-untyped-def]
        calls.append((change_preview.said_text(heading), list(options)))
        if before is not None:
            on_worker(before)  # another window or process writes while the preview is open
        return answer
    return ask


def test_cancel_shows_the_drafted_card_and_writes_nothing(open_page, services, helper, summ, qtbot,  # type: ignore[no-untyped-def]  # noqa: F811
                                                         monkeypatch):
    day = active_yesterday(services, helper)
    calls: list[tuple[str, list[PreviewOption]]] = []
    monkeypatch.setattr(change_preview, "ask", _recording(None, calls))
    panel = open_page(helper).dream_panel
    summ.script(Reply(text_chunks=[CARD]))
    assert panel.runs.dream_now() is not None
    qtbot.waitUntil(lambda: bool(calls) and not panel.runs.dreaming, timeout=5000)
    idle(qtbot, panel)
    heading, options = calls[0]
    # issue 30: the day in the interface language's long date (the tests' locale is "en"), not ISO
    assert heading == f"Add the dream card for {day.day} {day:%b %Y}?"
    added = options[0].changes.added
    assert added == [f"[{day.isoformat()}] {CARD}"]  # the card exactly as it would be stored
    assert options[0].primary  # walk49 #2b: "Add card" is the primary, default action
    assert services.dreams.cards(helper) == [] and services.dreams.document(helper) == ""
    assert "cancelled" in panel.status_label.text() and "nothing was written" in panel.status_label.text()
    assert len(summ.requests) == 1


def test_add_writes_the_previewed_card_and_shows_its_fold(open_page, services, helper, summ, qtbot,  # type: ignore[no-untyped-def]  # noqa: F811
                                                         monkeypatch):
    """Keep 1 with one older card: the preview names the fold (DRM-9) before it happens."""
    day = active_yesterday(services, helper)
    older = day - timedelta(days=3)
    seed_cards(services, helper, [older])
    services.dreams.set_keep(helper, 1)
    calls: list[tuple[str, list[PreviewOption]]] = []
    monkeypatch.setattr(change_preview, "ask", _recording("add", calls))
    panel = open_page(helper).dream_panel
    summ.script(Reply(text_chunks=[CARD]), Reply(text_chunks=["Prefers tables and short intros"]))
    panel.runs.dream_now()
    qtbot.waitUntil(lambda: bool(calls) and not panel.runs.dreaming and panel.model.rowCount() == 2, timeout=8000)
    idle(qtbot, panel)
    heading, options = calls[0]
    assert "folds older cards" in heading
    lines = options[0].shown_lines()
    assert any(f"fold: 1 card (#1 [{older.isoformat()}]) into a new range card" in ln for ln in lines)
    assert options[0].changes.removed == [c for c in options[0].changes.removed if older.isoformat() in c]
    kinds = [(c.kind, c.display_tag) for c in services.dreams.cards(helper)]
    assert kinds == [("range", f"{older.isoformat()} – {older.isoformat()}"), ("day", day.isoformat())]
    assert services.dreams.cards(helper)[1].text == CARD
    # the day in the interface language's long date, as the rest of the page (issue 30; the CLI keeps ISO)
    assert panel.status_label.text().startswith(f"Added the card for {format_day(day)}")
    assert day.isoformat() not in panel.status_label.text()


def test_a_document_changed_since_the_preview_is_refused(open_page, services, helper, summ, qtbot,  # type: ignore[no-untyped-def]  # noqa: F811
                                                        monkeypatch):
    day = active_yesterday(services, helper)
    seed_cards(services, helper, [date(2020, 1, 5)])
    calls: list[tuple[str, list[PreviewOption]]] = []

    def other_writer() -> None:  # another window or process edits a card while the preview is open
        services.dreams.edit_card(helper, 1, "Edited elsewhere")

    monkeypatch.setattr(change_preview, "ask", _recording("add", calls, other_writer))
    panel = open_page(helper).dream_panel
    summ.script(Reply(text_chunks=[CARD]))
    panel.runs.dream_now()
    qtbot.waitUntil(lambda: bool(calls) and not panel.runs.dreaming, timeout=5000)
    idle(qtbot, panel)
    assert [c.text for c in services.dreams.cards(helper)] == ["Edited elsewhere"]  # the other change kept
    assert not any(c.day == day for c in dm.parse_document(services.dreams.document(helper)))
    err = panel.error_label.text()
    assert panel.error_label.isVisible() and err.startswith("Dream now: ")
    assert "changed in another window or command" in err and "Dream now again" in err


def test_with_dream_review_on_the_draft_becomes_a_proposal_without_a_preview(
        open_page, services, helper, summ, qtbot):  # type: ignore[no-untyped-def]  # noqa: F811
    """The autouse fixture fails any unanswered preview: none is asked here."""
    day = active_yesterday(services, helper)
    services.dreams.review.set_enabled(helper, True)
    panel = open_page(helper).dream_panel
    summ.script(Reply(text_chunks=[CARD]))
    panel.runs.dream_now()
    qtbot.waitUntil(lambda: not panel.runs.dreaming and bool(services.dreams.review.proposals(helper)), timeout=5000)
    idle(qtbot, panel)
    assert services.dreams.cards(helper) == []
    assert [(p.history_day, p.text) for p in services.dreams.review.proposals(helper)] == [(day, CARD)]


def test_the_preview_says_the_change_in_plain_words_and_renders_the_card(  # type: ignore[no-untyped-def]
        open_page, services, helper, summ, qtbot, monkeypatch) -> None:  # noqa: F811
    """walk42 #2: the preview showed raw ``**Johnny**`` and "dynamic memory: 1 card → 2
    cards / cards: 1 added, 0 removed, 0 edited"; it says "Adds a card for 2 Dec" and
    shows the card as the timeline does (issue 30)."""

    from chathub_desktop.gui.memory.change_preview import ChangePreviewDialog

    active_yesterday(services, helper)
    calls: list[tuple[str, list[PreviewOption]]] = []
    monkeypatch.setattr(change_preview, "ask", _recording(None, calls))
    panel = open_page(helper).dream_panel
    summ.script(Reply(text_chunks=["## Trip\n- Your name is **Johnny**\n- Plans a trip to *Lisbon*"]))
    panel.runs.dream_now()
    qtbot.waitUntil(lambda: bool(calls) and not panel.runs.dreaming, timeout=5000)
    idle(qtbot, panel)
    option = calls[0][1][0]
    assert option.shown_lines() == []  # the heading names the day; no line says it again (walk52b #9)
    dlg = ChangePreviewDialog(None, "Dream now", "Add?", [option], "Add card")
    qtbot.addWidget(dlg)
    assert dlg.tree.isHidden() and not dlg.panes.isHidden()
    assert dlg.panes.browsers[0].toPlainText() == "Trip\n• Your name is Johnny\n• Plans a trip to Lisbon"
    assert dlg.panes.titles[0].text() == "New card · 60 / 3,200 characters"


def test_each_pane_of_a_fold_preview_has_its_own_title_count_and_cap(  # type: ignore[no-untyped-def]
        open_page, services, helper, summ, qtbot, monkeypatch) -> None:  # noqa: F811
    """audit53 #9: over a fold both panes said the day card's "New card · 32 / 3,200 characters"; the
    range card's pane names its span and counts its own text against 6,400 (DRM-13)."""
    from chathub_desktop.gui.memory.change_preview import ChangePreviewDialog

    day = active_yesterday(services, helper)
    older = day - timedelta(days=3)
    seed_cards(services, helper, [older])
    services.dreams.set_keep(helper, 1)
    calls: list[tuple[str, list[PreviewOption]]] = []
    monkeypatch.setattr(change_preview, "ask", _recording(None, calls))
    panel = open_page(helper).dream_panel
    summ.script(Reply(text_chunks=[CARD]), Reply(text_chunks=["Prefers tables and short intros"]))
    panel.runs.dream_now()
    qtbot.waitUntil(lambda: bool(calls) and not panel.runs.dreaming, timeout=8000)
    idle(qtbot, panel)
    dlg = ChangePreviewDialog(None, "Dream now", "Add?", [calls[0][1][0]], "Add card")
    qtbot.addWidget(dlg)
    titles = [t.text() for t in dlg.panes.titles]
    span = f"{format_day(older)} – {format_day(older)}"
    assert titles == [f"Range card {span} · 31 / 6,400 characters", "New card · 32 / 3,200 characters"]
    assert dlg.panes.browsers[0].toPlainText() == "Prefers tables and short intros"  # the title names the span
    assert dlg.panes.browsers[1].toPlainText() == "• Wants bullet points\n• No prose"


def test_a_dream_whose_own_card_folds_does_not_say_older_cards(open_page, services, helper, summ, qtbot,  # type: ignore[no-untyped-def]  # noqa: F811
                                                               monkeypatch):
    """bits54: Keep 1 with a card of a later day: Dream now's card for yesterday is the one
    that folds — the heading said "It folds older cards into a range card"."""
    day = active_yesterday(services, helper)
    seed_cards(services, helper, [day + timedelta(days=1)])
    services.dreams.set_keep(helper, 1)
    calls: list[tuple[str, list[PreviewOption]]] = []
    monkeypatch.setattr(change_preview, "ask", _recording("cancel", calls))
    panel = open_page(helper).dream_panel
    summ.script(Reply(text_chunks=[CARD]), Reply(text_chunks=["Prefers tables"]))
    panel.runs.dream_now()
    qtbot.waitUntil(lambda: bool(calls) and not panel.runs.dreaming, timeout=8000)
    idle(qtbot, panel)
    heading, _options = calls[0]
    assert heading == f"Add the dream card for {day.day} {day:%b %Y}? It folds into a range card:"
