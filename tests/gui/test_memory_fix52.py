"""Issue 30 leftovers (memfix52): a dream card's height is its laid-out text's, History
names a range card by its span and a changed entry by its number."""

from __future__ import annotations

from datetime import date

from PySide6.QtWidgets import QStyleOptionViewItem

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.gui.memory.card_delegate import CARD_MARGIN_X, CARD_PAD
from chathub_desktop.gui.memory.card_lines import layout_lines
from chathub_desktop.services.container import Services
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

WORDS = ("prefers", "answers", "with", "tables", "and", "a", "short", "intro", "before", "code", "in", "Python")


def put_cards(services: Services, aid: int, texts: list[str]) -> None:
    cards: list[dm.Card] = []
    for k, text in enumerate(texts):
        cards = dm.append_day_card(cards, date(2026, 11, 20 + k), text)
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))


def test_a_long_one_line_dream_card_has_no_blank_second_line(page, services, assistant, qtbot):  # type: ignore[no-untyped-def]
    """A card whose text fits on one line is one line high, even when the estimate from
    character counts (with its slack) said two: no empty line under the text."""
    panel = page.dream_panel
    put_cards(services, assistant, ["Likes tables"])
    panel.schedule_reload()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1, timeout=5000)
    d = panel.delegate
    room = panel.list.viewport().width() - 2 * CARD_MARGIN_X - 2 * CARD_PAD
    font = panel.list.font()
    text, k = "", 0
    # the longest text of these words that lays out on one line, which the estimate makes two
    while len(layout_lines(f"{text} {WORDS[k % len(WORDS)]}".strip(), font, room, 6)) == 1:
        text = f"{text} {WORDS[k % len(WORDS)]}".strip()
        k += 1
    assert d.lines.estimate(text, room, d.max_lines) == 2, "the estimate errs long here"
    put_cards(services, assistant, [text, "Likes tables"])
    panel.schedule_reload()
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2, timeout=5000)
    card = next(r for r in range(2) if panel.model.card(r).text == text)
    assert panel.delegate.sizeHint(QStyleOptionViewItem(), panel.model.index(card)).height() == d.rows_height(1)
    assert panel.list.visualRect(panel.model.index(card)).height() == d.rows_height(1)


def test_a_text_that_lays_out_on_one_line_is_one_line_at_any_width(page, qtbot):  # type: ignore[no-untyped-def]
    """The same at every card width from 200 to 900 px and for words of any case: the mean
    character width errs both ways (56: lower-case words made two lines at 364 px)."""
    d = page.dream_panel.delegate
    font = page.dream_panel.list.font()
    for case in (str.lower, str.upper, str.title):
        words = [case(w) for w in WORDS]
        for room in range(200, 901, 13):
            text, k = "", 0
            while len(layout_lines(f"{text} {words[k % len(words)]}".strip(), font, room, 6)) == 1:
                text = f"{text} {words[k % len(words)]}".strip()
                k += 1
            assert d.lines.measure(text, room, d.max_lines) == 1, (room, text)
            longer = f"{text} {words[k % len(words)]}"
            assert d.lines.measure(longer, room, d.max_lines) == len(layout_lines(longer, font, room, 6)) == 2, (room, longer)


def test_history_shows_a_range_card_by_its_span_and_a_changed_entry_by_its_number(  # type: ignore[no-untyped-def]
        page, services, assistant, qtbot):
    """History's entries: a range card reads as the timeline shows it — its span in the
    page's date style and its days, no raw ``[date:…]`` mark, the days it folded under
    "Folded into" its span; a Changed row names the entry (#N) it changed."""
    from chathub_desktop.core.memory_diff import entry_changes
    from chathub_desktop.core.memory_documents import MemoryDocument
    from chathub_desktop.gui.memory.history_view import entries_html, entry_numbers
    from chathub_desktop.services.memory.memory_history_service import document_entries

    put_cards(services, assistant, ["Likes tables", "Wants versions", "Short intros", "SQL first"])
    with services.db.read() as s:
        before = s.get(DynamicMemoryDocument, assistant).body  # type: ignore[union-attr]
    services.dreams.set_keep(assistant, 2)  # the two oldest fold into one range card
    with services.db.read() as s:
        after = s.get(DynamicMemoryDocument, assistant).body  # type: ignore[union-attr]
    changes = entry_changes(document_entries(MemoryDocument.DYNAMIC, before),
                            document_entries(MemoryDocument.DYNAMIC, after))
    assert changes.edited, "the oldest card became the range card"
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setHtml(entries_html(changes, cards=True, numbers=entry_numbers(MemoryDocument.DYNAMIC, after)))
    shown = doc.toPlainText()
    # the days inside the range in the page's date style too (memcards53: "2026-11-20"); the
    # oldest card is folded into the new range, not changed into it (memhist54)
    assert "[date:" not in shown and shown == ("Added\n20 Nov 2026 – 21 Nov 2026\n20 Nov 2026\nLikes tables\n\n"
                                               "21 Nov 2026\nWants versions\nFolded into 20 Nov 2026 – 21 Nov 2026\n"
                                               "20 Nov 2026, 21 Nov 2026"), shown  # their text once (bits54)

    services.memory.add(assistant, "Lives in Berlin")
    services.memory.add(assistant, "Prefers metric units")
    services.memory.edit(assistant, 2, "Prefers imperial units")
    history = page.open_history()
    qtbot.waitUntil(lambda: history.detail is not None and history.detail.change.id == history.changes[0].id
                    and history.changes[0].document == MemoryDocument.FIXED, timeout=5000)
    assert history.diff.toPlainText().endswith("Changed\n#2 Prefers metric units\n→ Prefers imperial units")
