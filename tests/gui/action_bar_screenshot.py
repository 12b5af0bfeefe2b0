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
import tempfile
from pathlib import Path

from tests.gui.shot_harness import REPO


def main() -> int:
    """Build the window, hover the reply, grab the message list in both themes."""
    import keyring
    import qasync

    from chathub_desktop.app_bootstrap import make_application
    from chathub_desktop.core.messages import Usage
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.gui.shell.task_runner import install_asyncgen_hooks
    from chathub_desktop.services.container import open_services
    from tests.fakes.memory_keyring import MemoryKeyring
    from tests.fakes.vendor_server import FakeVendor, Reply
    from tests.gui.test_message_action_bar import hover

    keyring.set_keyring(MemoryKeyring())
    tmp = Path(tempfile.mkdtemp(prefix="chathub-shot-bar-"))
    app = make_application()
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    install_asyncgen_hooks(loop)
    vendor = FakeVendor().start()
    svc = open_services(f"sqlite:///{tmp / 'store.sqlite3'}")
    try:
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
                await asyncio.sleep(0.2)
                app.processEvents()
                view.grab().save(str(REPO / "docs" / name))
            await window.shutdown()

        loop.run_until_complete(scenario())
    finally:
        vendor.stop()
        svc.close()
    print(REPO / "docs" / "screenshot-action-bar.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
