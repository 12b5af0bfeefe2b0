"""Screenshots of Continue on a reply cut at the length limit, light and dark (walk53b #4;
a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.continue54_screenshot [OUT_DIR]

Writes into ``OUT_DIR`` (default ``/work/wt/_shots/continue54``), per theme: the window
with the cut reply, its "Stopped at the length limit" note and the Continue pill
(``cut-<theme>.png``); the reply hovered with its action bar's Continue
(``bar-<theme>.png``, and in 简体中文 and 日本語: ``bar-<lang>-<theme>.png``); the reply
continued and cut again (``again-<theme>.png``); and the
finished reply after a last Continue (``done-<theme>.png``).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from tests.gui.shot_harness import audited, grab, offscreen_services, play


def main() -> int:
    """Build the window, cut a reply, continue it, grab each state in both themes."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.messages import Usage
    from chathub_desktop.gui.shell.main_window import MainWindow
    from tests.fakes.vendor_server import FakeVendor, Reply
    from tests.gui.test_message_action_bar import hover

    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/work/wt/_shots/continue54")
    out.mkdir(parents=True, exist_ok=True)
    with offscreen_services("chathub-shot-continue-") as (loop, svc), FakeVendor() as vendor:
        app = QApplication.instance()
        p = svc.providers.add("OpenAI (fake)", "openai", vendor.base_url, api_key="sk-demo")
        a = svc.assistants.create("Writer", provider=p.id, model="gpt-4o-mini")
        window = MainWindow(svc)
        window.view.prefs.set_theme("light")
        window.resize(1100, 640)
        window.show()
        vendor.script(
            Reply(text_chunks=["Once upon a time, a lighthouse keeper on a small island kept a log of every ship ",
                               "that passed. One winter night a ship came by with no lights at all, and the keeper"],
                  finish_reason="length", usage=Usage(input_tokens=40, output_tokens=64)),
            Reply(text_chunks=["The lighthouse keeper"]),  # the topic's title, asked after the first reply
            Reply(text_chunks=[" picked up his lamp and signalled three times. The ship answered with a single ",
                               "flash, then turned toward the"], finish_reason="length",
                  usage=Usage(input_tokens=120, output_tokens=64)),
            Reply(text_chunks=[" harbour, where it was moored by morning."],
                  usage=Usage(input_tokens=190, output_tokens=12)),
        )

        async def shots(tag: str, *, bar: bool = False) -> None:
            view = window.message_view
            for theme in ("light", "dark"):
                window.view.prefs.set_theme(theme)
                await asyncio.sleep(0.4)
                app.processEvents()
                view.action_bar.dismiss()
                if bar:
                    hover(view, view.model().rowCount() - 1)
                await grab(window, out / f"{tag}-{theme}.png", 0.3)
                audited(window, f"{tag}-{theme}", theme)
            window.view.prefs.set_theme("light")

        async def languages() -> None:
            from chathub_desktop.core.ui_language import UiLanguage

            for lang, theme in ((UiLanguage.CHINESE_SIMPLIFIED, "light"), (UiLanguage.JAPANESE, "dark")):
                window.view.language_actions[lang].trigger()
                window.view.prefs.set_theme(theme)
                await asyncio.sleep(0.5)
                window.message_view.action_bar.dismiss()
                hover(window.message_view, window.message_model.rowCount() - 1)
                await grab(window, out / f"bar-{lang.value}-{theme}.png", 0.3)
                audited(window, f"bar-{lang.value}-{theme}", theme)
            window.view.language.apply(UiLanguage.SYSTEM)
            window.view.prefs.set_theme("light")

        async def continued() -> None:
            m = window.message_model
            reply = m.message_at(m.rowCount() - 1)
            assert reply is not None
            await window.sending.continue_reply(reply.id)  # type: ignore[misc]
            for _ in range(100):  # the row re-read once the reply is stored
                await asyncio.sleep(0.05)
                now = m.message_at(m.rowCount() - 1)
                if now is not None and now.status == "complete" and now.content != reply.content:
                    break
            window.sending.sync()

        async def scenario() -> None:
            await window.load_assistants(a.id)
            await window.create_topic()
            await svc.chat.start_send(window.current_topic_id, "Tell me a short story about a lighthouse.")
            await asyncio.sleep(0.8)
            window.sending.sync()
            await shots("cut")
            await shots("bar", bar=True)
            await languages()
            await continued()
            await shots("again")
            await continued()
            await shots("done")
            await window.shutdown()

        play(loop, scenario)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
