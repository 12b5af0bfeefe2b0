"""Rows keep their true heights across width changes (issue 29, fixwalk): after the topic
list came back at 800 px wide, the rows kept the places they had at the old width while
each was painted at the new one, so a reply that grew taller ran over the next message."""

from __future__ import annotations

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.chat.message_list_model import MessageListModel
from chathub_desktop.gui.chat.message_list_view import MessageListView
from chathub_desktop.gui.shell.chat_events import ChatEvents

REPLY = ("Here is the plan, step by step.\n\n"
         + "".join(f"{i}. Step {i}: check the schema, run the backfill in batches of 1,000 rows.\n" for i in range(1, 4))
         + "\n```python\nfor batch in batches(rows, 1000):\n    copy(batch)\n```\n\n"
         + "That is all: the rollback is step 3, and it takes about ten minutes on a laptop. " * 4)


def overlaps(view: MessageListView, model: MessageListModel) -> list[tuple[int, int, int]]:
    """(row, where the row starts, where the row before it ends) of every row that does not
    start right under the one before it, each row as tall as it needs at the view's width."""
    bad = []
    for row in range(1, model.rowCount()):
        above, rect = view.visualRect(model.index(row - 1)), view.visualRect(model.index(row))
        if rect.top() != above.bottom() + 1:
            bad.append((row, rect.top(), above.bottom() + 1))
    return bad


def opened_view(services, qtbot, reply: str, rows: int, height: int):  # type: ignore[no-untyped-def]
    """A message list 1100 px wide and ``height`` tall showing a new topic of ``rows``
    alternating messages (a question, then ``reply``), laid out once every row is
    rendered; returns ``(events, model, view)``."""
    a = services.assistants.create("Planner")
    t = services.topics.create(a.id)
    for i in range(rows):
        services.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT,
                                       "How do I migrate the orders table?" if i % 2 == 0 else reply)
    events = ChatEvents(services.bus)
    model = MessageListModel(services.topics, events)
    view = MessageListView(model)
    qtbot.addWidget(view)
    view.resize(1100, height)
    view.show()
    qtbot.waitExposed(view)
    model.open_topic(t.id)
    qtbot.waitUntil(lambda: model.rowCount() == rows, timeout=5000)
    return events, model, view


def test_rows_move_down_when_a_narrower_view_makes_a_reply_taller(services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 29 (fixwalk): narrowing the view alone (the topic list shown again beside the
    chat at 800 px) lays the rows out again, so a reply that wraps to more lines pushes
    the messages after it down instead of being drawn over them."""
    events, model, view = opened_view(services, qtbot, REPLY, 6, 560)
    qtbot.waitUntil(lambda: view.delegate.settled and view.visualRect(model.index(5)).height() > 150, timeout=20_000)
    view.executeDelayedItemsLayout()
    tall = view.visualRect(model.index(1)).height()
    view.resize(560, 560)  # only the width changes
    view.executeDelayedItemsLayout()  # what the view's next turn does
    assert overlaps(view, model) == []
    # the narrower layout of a long reply may finish over later turns (its slices): the
    # reply ends up taller, and no row is drawn over another as painted (a paint lays out
    # what a grown row has scheduled first, as executeDelayedItemsLayout does here)

    def taller() -> bool:
        view.executeDelayedItemsLayout()
        return view.visualRect(model.index(1)).height() > tall

    qtbot.waitUntil(taller, timeout=20_000)
    assert overlaps(view, model) == []
    qtbot.waitUntil(lambda: view.delegate.settled, timeout=20_000)
    view.executeDelayedItemsLayout()
    assert overlaps(view, model) == []
    events.detach()


def test_a_row_that_grows_between_layout_passes_is_placed_again_before_it_is_read(services, qtbot,  # type: ignore[no-untyped-def]
                                                                                  monkeypatch) -> None:
    """Issue 29: a long reply laid out again at a new width grows a slice per turn, each
    turn naming it (``grown``, then the delegate's ``sizeHintChanged``). Qt answers that
    signal with a *queued* re-layout that a paint or ``visualRect`` run before it knew
    nothing of: they read the row's new height at its old place, and the reply was drawn
    a line over the next message. Each growth now schedules the view's delayed layout,
    which both run first: at the moment a row grows, the rows already sit end to end."""
    monkeypatch.setattr("chathub_desktop.gui.chat.message_documents.LAYOUT_BUDGET_S", 0.0)  # a slice a turn
    long_reply = "\n\n".join(REPLY for _ in range(4))  # many slices
    events, model, view = opened_view(services, qtbot, long_reply, 4, 900)
    qtbot.waitUntil(lambda: view.delegate.settled and view.visualRect(model.index(3)).height() > 300, timeout=20_000)
    view.executeDelayedItemsLayout()
    wide = view.visualRect(model.index(1)).height()
    seen: list[list[tuple[int, int, int]]] = []
    view.delegate.docs.grown.connect(lambda _id: seen.append(overlaps(view, model)))  # after the delegate's slot
    view.resize(520, 900)
    view.executeDelayedItemsLayout()
    qtbot.waitUntil(lambda: view.delegate.settled, timeout=20_000)
    assert len(seen) > 2  # the replies grew over several turns
    assert all(found == [] for found in seen), seen
    view.executeDelayedItemsLayout()
    assert view.visualRect(model.index(1)).height() > wide
    assert overlaps(view, model) == []
    events.detach()
