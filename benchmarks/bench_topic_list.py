"""The topic list at 2,000 topics (walk51 #6: grouped by last activity under headers).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_topic_list.py [RUNS]

A sidebar's list (the window's ``TopicSidebar``: its view settings, the real model and
delegate) shows 2,000 topics whose last activity spreads over 400 days, 260 px wide and
600 px tall. Each run times, in ms: ``list`` — the model shows the rows, the view lays
every row out (``doItemsLayout``) and paints (``viewport().repaint()``); ``reply`` — a
message in the oldest topic moves it to the top (under Today), then layout and paint;
``scroll`` — a jump to the end and a paint. The baseline, measured in the same run, is
a plain ``QStringListModel`` of the same titles in a ``QListView`` with uniform rows
(Qt's floor for listing 2,000 lines); ratios are ours over it. Goal: ``list`` and
``reply`` under 50 ms at 2,000 topics.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

N = 2_000


def _ms(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def main(runs: int = 9) -> None:
    """Print the medians in ms and their ratios over the baseline."""
    from PySide6.QtCore import QStringListModel
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QApplication, QLabel, QListView

    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.topics.topic_list_delegate import TopicListDelegate
    from chathub_desktop.gui.topics.topic_list_model import TopicListModel
    from chathub_desktop.gui.topics.topic_sidebar import TopicSidebar
    from chathub_desktop.services.events import EventBus, MessageAdded
    from chathub_desktop.services.views import TopicView

    app = QApplication.instance() or QApplication(sys.argv[:1])
    now = datetime.now(UTC)
    rows = [TopicView(i + 1, 1, f"Topic number {i + 1} about something", 4, now - timedelta(hours=i * 4.8),
                      now - timedelta(hours=i * 4.8), pinned=i < 3) for i in range(N)]
    actions = [QAction(f"a{i}") for i in range(5)]
    side = TopicSidebar(QLabel("Bench"), *actions[:3], (actions[3],))
    side.resize(260, 600)
    side.show()
    view = side.topic_list
    events = ChatEvents(EventBus())
    model = TopicListModel(None, events, TaskRunner(None))
    view.setModel(model)
    view.setItemDelegate(TopicListDelegate(view))
    plain_view = QListView()
    plain_view.setUniformItemSizes(True)
    plain_view.resize(260, 600)
    plain_view.show()
    plain = QStringListModel()
    plain_view.setModel(plain)
    app.processEvents()

    def laid(v: QListView) -> None:
        v.doItemsLayout()
        v.viewport().repaint()

    times: dict[str, list[float]] = {k: [] for k in ("list", "reply", "scroll", "base list", "base scroll")}
    for run in range(runs):
        view.scrollToTop()
        times["list"].append(_ms(lambda: (model.show(1, list(rows)), laid(view))))
        oldest = model.topic_at(model.rowCount() - 1)
        assert oldest is not None  # a message in it moves it to the top
        added = MessageAdded(oldest.id, 10_000 + run)
        times["reply"].append(_ms(lambda added=added: (events.message_added.emit(added), laid(view))))  # type: ignore[misc]
        times["scroll"].append(_ms(lambda: (view.scrollToBottom(), view.viewport().repaint())))
        plain_view.scrollToTop()
        times["base list"].append(_ms(lambda: (plain.setStringList([t.title for t in rows]), laid(plain_view))))
        times["base scroll"].append(_ms(lambda: (plain_view.scrollToBottom(), plain_view.viewport().repaint())))
        app.processEvents()
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"{N:,} topics, {runs} runs, medians (ms):")
    for key in ("list", "reply", "scroll"):
        base = med["base list"] if key != "scroll" else med["base scroll"]
        print(f"  {key:7s} {med[key]:7.2f}   baseline {base:6.2f}   ratio {med[key] / base:5.1f}x")
    side.close()
    plain_view.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 9)
