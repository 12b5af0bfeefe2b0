"""Work that can wait a frame waits for the paint (issues 29 and 30): the Memory page
reads its entries and its dream cards, in one worker read, after its first paint, and
an opened topic's badge counts after the topic's rows painted. A worker running Python
during those paints made each of their calls into Python wait for the interpreter lock
(the Memory page's first open froze the window 116 ms for 25 ms of its own work)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.memory.fixed_page import MemoryPage
from chathub_desktop.gui.shell.main_window import MainWindow
from chathub_desktop.services.context.estimate_service import EstimateService
from tests.gui.helpers import settled


class _Paints(QObject):
    """Counts the paint events of the widgets it watches."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, _obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def test_the_memory_page_reads_after_its_first_paint_with_the_dream_cards(qloop, services, qtbot,
                                                                          monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """MEM-2, DRM-8 (issue 30: every stall of the page under a frame): nothing is read while
    the page paints for the first time; then the entries and the dream panel's cards are
    read one after the other before either list is filled."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    services.memory.add(a.id, "Prefers metric units")
    paints = _Paints()
    reads: list[tuple[str, int]] = []
    read_entries, read_cards = services.memory.snapshot, services.dreams.snapshot

    def entries(assistant: int) -> Any:
        reads.append(("entries", paints.count))
        return read_entries(assistant)

    def cards(assistant: int) -> Any:
        reads.append(("cards", paints.count))
        return read_cards(assistant)

    monkeypatch.setattr(services.memory, "snapshot", entries)
    monkeypatch.setattr(services.dreams, "snapshot", cards)
    page = MemoryPage(services, a.id)
    page.installEventFilter(paints)  # the last filter installed sees each event first
    page.show()
    qtbot.waitUntil(lambda: page.loads >= 1 and page.dream_panel.loads >= 1, timeout=10000)
    assert [name for name, _ in reads] == ["entries", "cards"]  # read one after the other
    assert all(painted >= 1 for _, painted in reads)  # both after the first paint
    assert page.model.entry(0).text == "Prefers metric units"  # type: ignore[union-attr]
    page.detach()
    qtbot.waitUntil(lambda: not page.runner.pending(), timeout=5000)
    page.close()
    page.deleteLater()


def test_an_opened_topics_badge_counts_after_its_rows_painted(qloop, services, qtbot,
                                                             monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """TOK-1 (issue 29: the rows first, the badge after): the badge's count starts once the
    opened topic's rows have been painted, and the badge then shows its figure."""
    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Topic")
    for i in range(6):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
    painted_rows: list[int] = []
    w = MainWindow(services)
    counted: list[bool] = []
    real = EstimateService.estimate

    def estimate(self: EstimateService, *args: Any, **kwargs: Any) -> Any:
        counted.append(bool(painted_rows))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(EstimateService, "estimate", estimate)

    class RowPaints(QObject):
        def eventFilter(self, _obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint and w.message_model.rowCount():
                painted_rows.append(w.message_model.rowCount())
            return False

    watch = RowPaints()
    w.message_view.viewport().installEventFilter(watch)
    w.show()
    qtbot.waitExposed(w)
    settled(w, qtbot)
    qtbot.waitUntil(lambda: w.estimate.shown > 0, timeout=10000)
    assert counted and counted[0]  # the first count began after the rows were painted
    done: list[bool] = []
    qloop.create_task(w.shutdown()).add_done_callback(lambda _t: done.append(True))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    w.close()
    w.deleteLater()


def test_an_opened_long_topic_shows_the_rows_in_view_first_and_the_rest_after(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """APP-10 (issue 29: opening a topic laid out a page of documents in one turn): the
    newest rows that fill the view are shown first, the rest of the page comes in after
    them in steps, and the view stays at the newest message."""
    from chathub_desktop.gui.chat.message_jump import FIRST_ROWS
    from chathub_desktop.gui.chat.message_list_model import PAGE_SIZE
    from tests.gui.helpers import reload_assistants

    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Long")
    for i in range(PAGE_SIZE + 5):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"message {i}")
    reload_assistants(window, qtbot, a.id)
    model, view = window.message_model, window.message_view
    shown: list[int] = []
    steps: list[int] = []
    model.modelReset.connect(lambda: shown.append(model.rowCount()))
    model.rowsInserted.connect(lambda _p, first, last: steps.append(last - first + 1))
    window.select_topic(t.id)
    qtbot.waitUntil(lambda: model.topic_id == t.id and model.rowCount() == PAGE_SIZE, timeout=10000)
    assert [n for n in shown if n] == [FIRST_ROWS]
    assert steps == [PAGE_SIZE - FIRST_ROWS]  # the rest of the page in one insert
    assert model.message_at(PAGE_SIZE - 1).content == f"message {PAGE_SIZE + 4}"  # type: ignore[union-attr]
    qtbot.waitUntil(view.is_at_bottom, timeout=3000)
