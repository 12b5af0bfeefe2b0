"""Screenshots of a message with its hover action bar, light and dark (issue 29; a script,
not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.action_bar_screenshot

Writes ``docs/screenshot-action-bar.png`` and ``docs/screenshot-action-bar-dark.png``:
one exchange with the fake vendor, the mouse over the reply (a synthetic move event), the
message column grabbed with the bar and the "jump to the first message" button.
"""

from __future__ import annotations

import asyncio
import sys

from tests.gui.shot_harness import REPO, grab, offscreen_services, play


def main() -> int:
    """Build the window, hover the reply, grab the message list in both themes."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.messages import Usage
    from chathub_desktop.gui.shell.main_window import MainWindow
    from tests.fakes.vendor_server import FakeVendor, Reply
    from tests.gui.test_message_action_bar import hover

    with offscreen_services("chathub-shot-bar-") as (loop, svc), FakeVendor() as vendor:
        app = QApplication.instance()
        p = svc.providers.add("OpenAI (fake)", "openai", vendor.base_url, api_key="sk-demo")
        a = svc.assistants.create("Coder", provider=p.id, model="gpt-4o-mini")
        window = MainWindow(svc)
        window.view.prefs.set_theme("light")
        window.resize(1100, 640)
        window.show()
        vendor.script(Reply(text_chunks=["Wrap the call in `asyncio.timeout(5)` (3.11+): ",
                                         "it cancels the task and raises `TimeoutError` when time is up."],
                            usage=Usage(input_tokens=412, output_tokens=24)))

        async def scenario() -> None:
            await window.load_assistants(a.id)
            await window.create_topic()
            await svc.chat.start_send(window.current_topic_id, "How do I put a timeout on an await?")
            await asyncio.sleep(0.8)
            window.sending.sync()
            view = window.message_view
            for theme, name in (("light", "screenshot-action-bar.png"), ("dark", "screenshot-action-bar-dark.png")):
                window.view.prefs.set_theme(theme)
                await asyncio.sleep(0.4)
                app.processEvents()
                view.action_bar.dismiss()
                hover(view, 1)
                await grab(view, REPO / "docs" / name, 0.2)
            await window.shutdown()

        play(loop, scenario)
    print(REPO / "docs" / "screenshot-action-bar.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
