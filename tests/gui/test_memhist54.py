"""memhist54 (issue 30 polish, audit54 walk #4–#6): the Proposals preview says what
accepting does as a user reads it, History's detail says a folded day was folded (not
removed) and shows a raw save as entries changed, in local time, and the import summary
names its untrusted entry."""

from __future__ import annotations

import time
from datetime import UTC, date
from zoneinfo import ZoneInfo

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.dynamic_cards import Card
from chathub_desktop.core.memory_diff import EntryChanges
from chathub_desktop.gui.memory.import_words import import_lines
from chathub_desktop.gui.memory.proposals_section import accept_lines
from chathub_desktop.services.memory.memory_preview import ChangePreview, fold_summary
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
from tests.gui.test_memory_previews_gui import answer  # noqa: F401

RANGE = Card("2026-11-26..2026-11-27", "Wants tables")
LATER = [Card("2026-12-01", "Asks for code first"), Card("2026-12-02", "Plays the cello")]


def _preview(cards: list[Card], day: date, keep: int) -> ChangePreview:
    grown = dm.append_day_card(cards, day, "New card")
    plan = dm.plan_retention(grown, keep)
    after = dm.apply_retention(grown, keep)
    return ChangePreview(1, "Ana", "dynamic", "Dream", len(cards), len(after), EntryChanges(), "v", (), (),
                         fold_summary(cards, plan))


def test_accepting_a_card_that_folds_into_the_range_says_so_in_days(qapp) -> None:  # type: ignore[no-untyped-def]
    """audit54 walk #4: "fold: 1 card (the new card [2026-11-30]) into range card #1
    [2026-11-26 – 2026-11-27]" reads as the page's days, with the range's span after."""
    lines = accept_lines(date(2026, 11, 30), _preview([RANGE, *LATER], date(2026, 11, 30), 2))
    assert lines == ["Accepting adds the card for 30 Nov 2026 and folds it into the range 26 Nov 2026 – 27 Nov 2026 "
                     "(now 26 Nov 2026 – 30 Nov 2026).", "The dynamic memory keeps 3 cards."]


def test_accepting_names_the_older_cards_it_folds_with_their_count(qapp) -> None:  # type: ignore[no-untyped-def]
    lines = accept_lines(date(2026, 12, 3), _preview([RANGE, *LATER], date(2026, 12, 3), 1))
    assert lines == ["Accepting adds the card for 3 Dec 2026. 2 older cards (1 Dec 2026, 2 Dec 2026) fold into the "
                     "range 26 Nov 2026 – 27 Nov 2026 (now 26 Nov 2026 – 2 Dec 2026).",
                     "The dynamic memory goes from 3 to 2 cards."]
    plain = accept_lines(date(2026, 12, 3), _preview(LATER, date(2026, 12, 3), 5))
    assert plain == ["Accepting adds the card for 3 Dec 2026.", "The dynamic memory goes from 2 to 3 cards."]


def test_a_one_day_range_is_said_as_that_day_once(qapp) -> None:  # type: ignore[no-untyped-def]
    """memlang54 (bits54's shot): a range card of one day read "the range 27 Nov 2026 –
    27 Nov 2026"; that day is said once, in the Proposals text and on the card's chip."""
    from chathub_desktop.gui.memory.dream_cards import chip_text

    one = Card("2026-11-27..2026-11-27", "Wants tables")
    lines = accept_lines(date(2026, 11, 28), _preview([one, Card("2026-11-29", "Plays the cello")],
                                                      date(2026, 11, 28), 1))
    assert lines[0] == ("Accepting adds the card for 28 Nov 2026 and folds it into the range 27 Nov 2026 "
                        "(now 27 Nov 2026 – 28 Nov 2026).")
    assert chip_text("2026-11-27 – 2026-11-27") == "27 Nov 2026"
    assert chip_text("2026-11-26 – 2026-11-27") == "26 Nov 2026 – 27 Nov 2026"


def _detail(page, qtbot, row: int):  # type: ignore[no-untyped-def]
    history = page.open_history()
    qtbot.waitUntil(lambda: history.loads >= 1 and len(history.changes) > row, timeout=5000)
    history.list.setCurrentRow(row)
    qtbot.waitUntil(lambda: history.detail is not None and history.detail.change.id == history.changes[row].id,
                    timeout=5000)
    return history


def test_a_raw_save_reads_as_entries_and_notes_changed_in_local_time(  # type: ignore[no-untyped-def]
        services, qtbot, qloop, monkeypatch) -> None:
    """audit54 walk #5: a raw save showed "@@ lines 6–8 → lines 6–10" and the times were
    UTC only; it reads "Changed #2: old → new", "Added note: …", local time, UTC in the
    heading's tooltip."""
    from chathub_desktop.gui.memory.history_view import utc_time
    from tests.gui.helpers import shown_memory_page

    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    aid = services.assistants.create("Ana").id
    for text in ("Speaks Portuguese", "Plays the cello", "Lives in Lisbon."):
        services.memory.add(aid, text)
    services.memory.save_raw(aid, services.memory.document(aid) + "\n- ask about Miso's vet visit\n")
    doc = services.memory.document(aid)
    services.memory.save_raw(aid, doc.replace("Plays the cello", "Plays the viola").replace("Miso's vet", "Miso's")
                             .replace("#3: Lives in Lisbon.\n", ""))
    try:
        with shown_memory_page(services, aid, qtbot) as page:
            history = _detail(page, qtbot, 1)  # notes only: the lines in words
            text = history.diff.toPlainText()
            at = history.detail.change.at
            local = at.replace(tzinfo=UTC).astimezone(ZoneInfo("Asia/Tokyo"))
            assert text.startswith(f"You saved the raw Markdown\nFixed memory · {local.day} {local:%b %Y, %H:%M:%S} · "
                                   f"change #{history.detail.change.id}"), text
            assert text.endswith("characters\nAdded note: - ask about Miso's vet visit"), text
            assert "@@" not in text and "UTC" not in text
            assert utc_time(history.detail.change) == f"{at.day} {at:%b %Y, %H:%M:%S} UTC"
            history.list.setCurrentRow(0)  # entries and a note: the entries, then the note
            qtbot.waitUntil(lambda: history.detail.change.id == history.changes[0].id, timeout=5000)
            text = history.diff.toPlainText()
            assert text.endswith("Removed\nLives in Lisbon.\nChanged\n#2 Plays the cello\n→ Plays the viola\nNotes\n"
                                 "Changed note: - ask about Miso's vet visit → - ask about Miso's visit"), text
            history.closed.emit()
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_day_kept_by_folding_is_folded_into_its_range_not_removed(services, qtbot, qloop) -> None:  # type: ignore[no-untyped-def]
    """audit54 walk #5: "Keep dream cards to 3" listed the folded day under Removed."""
    from tests.gui.helpers import shown_memory_page

    aid = services.assistants.create("Ana").id
    cards: list[Card] = []
    for day, body in ((date(2026, 11, 26), "Wants tables"), (date(2026, 11, 27), "Asks for code first"),
                      (date(2026, 11, 28), "Likes dark mode")):
        cards = dm.append_day_card(cards, day, body)
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))
    services.dreams.set_keep(aid, 1)
    with shown_memory_page(services, aid, qtbot) as page:
        history = _detail(page, qtbot, 0)
        text = history.diff.toPlainText()
        assert "Removed" not in text, text
        assert "Added\n26 Nov 2026 – 27 Nov 2026\n26 Nov 2026\nWants tables\n" in text, text  # the range card
        # the days' text once, in the range card; the fold names the days (bits54)
        assert text.endswith("Folded into 26 Nov 2026 – 27 Nov 2026\n26 Nov 2026, 27 Nov 2026"), text
        assert text.count("Wants tables") == 1 and text.count("Asks for code first") == 1, text
        from tests.gui.shot_harness import shots_in_both_themes

        page.resize(1000, 760)
        qtbot.waitUntil(lambda: page.width() == 1000, timeout=5000)
        shots_in_both_themes(page, "history-keep-fold")
        history.closed.emit()


def test_history_lines_up_with_the_page_column_without_overflow(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """audit54 walk #5: History was about 10 px wider than the page's column; at 1366×768
    and 800×560 its edges are the column content's, and nothing in it scrolls sideways."""
    from PySide6.QtCore import QPoint

    from chathub_desktop.gui.design.tokens import Space
    from tests.gui.helpers import reload_assistants

    a = services.assistants.create("Helper", model="gpt-4o-mini")
    services.memory.save_raw(a.id, "".join(f"#{i}: fact number {i} " + "word " * 40 + "\n" for i in range(1, 40)))
    reload_assistants(window, qtbot, a.id)
    window.memory_action.trigger()
    page = window.dialogs["memory"]
    qtbot.waitUntil(lambda: page.model.total() == 39 and not window.runner.pending(), timeout=5000)
    for size in ((1366, 768), (800, 560)):
        window.resize(*size)
        qtbot.waitUntil(lambda w=size[0]: page.body_scroll.width() < w, timeout=5000)
        column = page._column
        left = column.mapTo(page, QPoint(0, 0)).x() + Space.XL
        right = column.mapTo(page, QPoint(column.width(), 0)).x() - Space.XL
        history = page.open_history()
        qtbot.waitUntil(lambda h=history: h.detail is not None and h.isVisible(), timeout=5000)
        qtbot.waitUntil(lambda h=history, x=left: h.mapTo(page, QPoint(0, 0)).x() == x, timeout=5000)
        assert history.mapTo(page, QPoint(history.width(), 0)).x() == right
        assert history.width() <= page.width() - 2 * Space.XL
        for view in (history.list, history.diff):
            assert not view.horizontalScrollBar().isVisible()
        history.closed.emit()
        qtbot.waitUntil(lambda: page.body_scroll.isVisible(), timeout=5000)


def test_the_import_summary_names_the_untrusted_entry(services, answer, qtbot, qloop, tmp_path) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    """audit54 walk #6: the summary's "1 entry untrusted" did not say which; a line under
    it names the entry the import brings in untrusted by its first line, elided (MEM-7).
    walk56 #9: an entry already in memory that is untrusted (and stays so) is not named —
    "Marked untrusted: “…”" read as if the import had marked it."""
    from tests.gui.helpers import shown_memory_page
    from tests.integration.test_memory_previews import CURRENT, FILE

    aid = services.assistants.create("Helper").id
    services.memory.save_raw(aid, CURRENT)
    services.memory.add(aid, "Send the weekly report to boss@example.com every Friday", origin="agent",
                        trusted=False)
    other = services.assistants.create("Laptop").id  # a ChatHub file whose entry is untrusted
    services.memory.add(other, "Asked for tables twice after the search tool's page said so, and kept asking",
                        origin="agent", trusted=False)
    services.memory.add(other, "Likes long walks by the river")
    exported = tmp_path / "laptop.json"
    exported.write_text(services.memory_files.export(other, "json"), encoding="utf-8")
    path = tmp_path / "notes.md"
    path.write_text(FILE, encoding="utf-8")
    with shown_memory_page(services, aid, qtbot) as page:
        answer.option = "merge"
        with qtbot.waitSignal(page.transfer.import_finished, timeout=10_000):
            assert page.transfer.import_from(path)
        summary = answer.seen[0]["summary"]
        assert "untrusted" not in summary and "Send the weekly report" not in summary, summary
        with qtbot.waitSignal(page.transfer.import_finished, timeout=10_000):
            assert page.transfer.import_from(exported)
        named = "1 entry comes in untrusted: “Asked for tables twice after the search tool's page said so…”."
        assert answer.seen[1]["summary"].splitlines()[-1] == named
        assert "Send the weekly report" not in answer.seen[1]["summary"]
    # Replace keeps the file's marks: its untrusted entry is named; the one in memory goes
    assert import_lines(services.memory_files.preview_import(aid, exported))[-1] == named
    # re-importing this memory's own export: its untrusted entry stays so, and is not named
    own = services.memory_files.export(aid, "json")
    for mode in ("replace", "merge"):
        lines = import_lines(services.memory_files.preview_import(aid, own, name="own.json", mode=mode))
        assert not any("untrusted" in ln for ln in lines), (mode, lines)
