"""The one bidi rule (issue 28) where walk50b found it missing: a topic title with a
U+202E RIGHT-TO-LEFT OVERRIDE never closed ("Invoice \u202efdp.exe check") read
"Invoice kcehc exe.pdf" in the topic list and the chat header, and a dream card or a
fixed-memory entry followed such an override on the Memory page. Each place now leaves the
open control out and says so; a pair closed on its line is kept; the stored text, and what
the editors edit, stay as written."""

from __future__ import annotations

from datetime import date
from typing import Any

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

from tests.gui.helpers import reload_assistants, wait_shown
from tests.gui.test_dream_panel import helper, open_page, seed_cards, summ  # noqa: F401  (fixtures)

HOSTILE = "Invoice \u202efdp.exe check"
#: How a label shows HOSTILE by the one rule (tests/gui/test_outside_text_bounds.py)
SHOWN = "Invoice fdp.exe check [1 invisible character not shown]"
CLOSED = "Invoice \u202efdp\u202c check"  # closed on its line: kept as written


def _row_image(window: Any, row: int) -> QImage:
    """Row ``row`` of the topic list as its delegate paints it, unselected, at (0, 0)."""
    view = window.topic_list
    index = window.topic_model.index(row, 0)
    option = QStyleOptionViewItem()
    option.initFrom(view.viewport())
    option.state &= ~QStyle.StateFlag.State_Selected
    option.state &= ~QStyle.StateFlag.State_HasFocus
    rect = view.visualRect(index)
    option.rect = QRect(0, 0, rect.width(), rect.height())
    image = QImage(rect.size(), QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    view.itemDelegate().paint(painter, option, index)
    painter.end()
    return image


def test_a_title_with_an_open_override_reads_as_written_in_the_list_and_header(window: Any, services: Any,
                                                                                qtbot: Any) -> None:
    a = services.assistants.create("Helper")
    plain = services.topics.create(a.id, SHOWN).id  # the text the hostile title must paint as
    closed = services.topics.create(a.id, CLOSED).id
    hostile = services.topics.create(a.id, HOSTILE).id
    services.topics.create(a.id, "Newest")  # on the first row, under the "Today" header (walk51 #6)
    reload_assistants(window, qtbot, a.id)
    model = window.topic_model
    rows = {model.topic_at(r).id: r for r in range(model.rowCount())}
    display = Qt.ItemDataRole.DisplayRole
    assert model.index(rows[hostile], 0).data(display) == SHOWN
    assert model.index(rows[hostile], 0).data(Qt.ItemDataRole.ToolTipRole).split("\n")[0] == SHOWN
    assert model.index(rows[hostile], 0).data(Qt.ItemDataRole.EditRole) == HOSTILE  # renaming edits it whole
    assert model.index(rows[closed], 0).data(display) == CLOSED
    assert _row_image(window, rows[hostile]) == _row_image(window, rows[plain])  # the delegate paints SHOWN
    window.open_topic(hostile)
    wait_shown(window, qtbot, hostile)
    qtbot.waitUntil(lambda: window.chat_header.title.text() == SHOWN, timeout=5000)
    window.open_topic(closed)
    wait_shown(window, qtbot, closed)
    qtbot.waitUntil(lambda: window.chat_header.title.text() == CLOSED, timeout=5000)
    assert services.topics.get(hostile).title == HOSTILE  # stored as written


def test_a_dream_card_with_an_open_override_is_shown_without_it(open_page: Any, services: Any,  # noqa: F811
                                                                helper: int, qtbot: Any) -> None:  # noqa: F811
    seed_cards(services, helper, [date(2026, 11, 29), date(2026, 11, 30)])
    services.dreams.edit_card(helper, 1, "Bidi: live and \u202eopen fdp.exe")
    services.dreams.edit_card(helper, 2, "Closed: \u202eab\u202c here")
    panel = open_page(helper).dream_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() == 2
                    and panel.model.cards()[0].text.startswith("Bidi"), timeout=5000)
    first, second = panel.model.face(1), panel.model.face(0)  # #1, #2: newest first (walk56 #8)
    assert first is not None and second is not None
    assert first.text.split("\n") == ["Bidi: live and open fdp.exe", "[1 invisible character not shown]"]
    assert second.text == "Closed: \u202eab\u202c here"
    index = panel.model.index(1, 0)
    assert index.data(Qt.ItemDataRole.EditRole) == "Bidi: live and \u202eopen fdp.exe"  # the editor: lossless
    assert "\u202e" not in index.data(Qt.ItemDataRole.AccessibleTextRole)
    assert "\u202eopen" in services.dreams.snapshot(helper).cards[0].text  # stored as written


def test_a_fixed_entry_with_an_open_override_is_shown_without_it(open_page: Any, services: Any,  # noqa: F811
                                                                 helper: int, qtbot: Any) -> None:  # noqa: F811
    services.memory.add(helper, "Sends \u202efdp.exe files")
    services.memory.add(helper, "Closed: \u202eab\u202c here")
    page = open_page(helper)
    qtbot.waitUntil(lambda: page.model.rowCount() == 2, timeout=5000)
    first, second = page.model.face(0), page.model.face(1)
    assert first is not None and second is not None
    assert first.text == "Sends fdp.exe files\n[1 invisible character not shown]"
    assert second.text == "Closed: \u202eab\u202c here"
    index = page.model.index(0, 0)
    assert index.data(Qt.ItemDataRole.EditRole) == "Sends \u202efdp.exe files"  # the editor: lossless
    assert "\u202e" not in index.data(Qt.ItemDataRole.AccessibleTextRole)
    assert "\u202efdp" in services.memory.snapshot(helper).document  # stored as written


def test_a_proposed_card_with_an_open_override_is_previewed_without_it(qapp: Any) -> None:
    """The review pane's preview of a pending dream card follows the same rule."""
    from datetime import UTC, datetime

    from PySide6.QtGui import QTextDocument

    from chathub_desktop.gui.memory.proposals_section import preview_html
    from chathub_desktop.services.dream.dream_review import ProposalView

    def shown(p: ProposalView) -> list[str]:
        doc = QTextDocument()
        doc.setHtml(preview_html(p, []))
        return doc.toPlainText().split("\n")

    p = ProposalView(1, 1, date(2026, 12, 3), "Bidi: live and \u202eopen fdp.exe", None, datetime.now(UTC))
    assert shown(p)[1:3] == ["Bidi: live and open fdp.exe", "[1 invisible character not shown]"]
    closed = ProposalView(2, 1, date(2026, 12, 3), "Closed: \u202eab\u202c here", None, datetime.now(UTC))
    assert shown(closed)[1] == "Closed: \u202eab\u202c here"
