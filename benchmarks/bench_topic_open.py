"""Opening a 20,000-message topic in the message view, to first paint (APP-10).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_topic_open.py [RUNS]

The topic is written once through the ChatGPT import service (a generated export of
one 20,000-message conversation). Each run: ``MessageListModel.open_topic`` (count +
newest page read) → the view lays the page out, scrolls to the end and paints
(``viewport().repaint()``). Run 1 renders every document (cold); later runs of the
same topic reuse the delegate's document cache, so both cold (fresh delegate) and warm
figures are printed. Goal: median ≤ 150 ms.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from benchmarks.scratch_dirs import scratch_dir  # noqa: E402

N = 20_000


def _export(path: Path) -> Path:
    sys.path.insert(0, str(REPO))
    from tests.gui.helpers import conversation, write_export

    text = ("Message {i}: a reply with **bold**, `code` and a list:\n\n- one\n- two\n\n"
            "```python\nprint({i})\n```\n")
    turns = [("user" if i % 2 == 0 else "assistant", text.format(i=i)) for i in range(N)]
    return write_export(path, [conversation("Big topic", turns, "bench-big")])


def main(runs: int = 7) -> None:
    """Print cold and warm medians in ms."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.chat.message_list_model import MessageListModel
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.services.container import open_services
    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export

    app = QApplication.instance() or QApplication(sys.argv[:1])
    tmp = scratch_dir("topic")
    svc = open_services(f"sqlite:///{tmp / 'store.sqlite3'}")
    a = svc.assistants.create("Bench")
    t0 = time.perf_counter()
    import_chatgpt_export(svc.db, a.id, _export(tmp / "conversations.json"))
    print(f"setup: imported {N:,} messages in {time.perf_counter() - t0:.2f} s")
    (topic,) = svc.topics.list(a.id)
    other = svc.topics.create(a.id, "empty")
    events = ChatEvents(svc.bus)
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(runs):
        model = MessageListModel(svc.topics, events)
        view = MessageListView(model)  # fresh delegate: cold document cache
        view.resize(1000, 700)
        view.show()
        app.processEvents()
        for bucket in (cold, warm):
            model.open_topic(other.id)
            app.processEvents()
            start = time.perf_counter()
            model.open_topic(topic.id)
            view.executeDelayedItemsLayout()
            view.scroll_to_end()
            view.viewport().repaint()
            bucket.append((time.perf_counter() - start) * 1000)
        assert model.rowCount() <= 100 and model.fetched <= 3 * 100
        view.close()
        view.deleteLater()
        app.processEvents()
    print(f"open 20,000-message topic → first paint: cold median {statistics.median(cold):.1f} ms, "
          f"warm median {statistics.median(warm):.1f} ms (runs: {runs}; goal <= 150 ms)")
    print(f"rows loaded per open: {model.rowCount()} of {N:,}")
    svc.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
