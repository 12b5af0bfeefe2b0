"""Screenshots of a long topic opened in its middle with the topic scroll bar, light and
dark (issue 29; a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.topic_scroll_screenshot

Writes ``docs/screenshot-long-topic.png`` and ``docs/screenshot-long-topic-dark.png``: a
20,000-message topic in the real window, the topic scroll bar dragged to message 12,000
(the page there read on a worker), the message column grabbed with the bar and both jump
buttons.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from tests.gui.shot_harness import REPO, grab, offscreen_services, play

N = 20_000
AT = 12_000


def main() -> int:
    """Build the window on a 20,000-message topic, jump into it, grab both themes."""
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export
    from tests.gui.helpers import conversation, write_export

    with offscreen_services("chathub-shot-scroll-") as (loop, svc), tempfile.TemporaryDirectory() as tmp:
        a = svc.assistants.create("Long reads")
        turns = [("user", f"Question {i // 2}: what changed in step {i // 2}?") if i % 2 == 0 else
                 ("assistant", f"Step {i // 2} moved the **cache** behind `load()`; the rest stays as it was.")
                 for i in range(N)]
        export = write_export(Path(tmp) / "long.json", [conversation("A long topic", turns, "x")])
        import_chatgpt_export(svc.db, a.id, export)
        (topic,) = svc.topics.list(a.id)
        window = MainWindow(svc)
        window.view.prefs.set_theme("light")
        window.resize(1100, 640)
        window.show()

        async def scenario() -> None:
            window.reload_assistants(a.id)  # read on a store worker (issue 29)
            while window.runner.is_running("assistants") or window.runner.is_running("topic-list"):
                await asyncio.sleep(0.05)
            window.select_topic(topic.id)
            view, model = window.message_view, window.message_model
            while not (model.rowCount() and view.is_at_bottom()):
                await asyncio.sleep(0.05)
            view.topic_bar.setValue(AT)
            while model.first_offset > AT or model.at_end or window.runner.is_running(f"jump-topic:{topic.id}"):
                await asyncio.sleep(0.05)  # the page there shown with all its rows
            await asyncio.sleep(0.5)
            for theme, name in (("light", "screenshot-long-topic.png"), ("dark", "screenshot-long-topic-dark.png")):
                window.view.prefs.set_theme(theme)
                # the loop delivers the theme (processEvents here re-entered tasks)
                await grab(view, REPO / "docs" / name, 0.4)
            await window.shutdown()

        play(loop, scenario)
    print(REPO / "docs" / "screenshot-long-topic.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
