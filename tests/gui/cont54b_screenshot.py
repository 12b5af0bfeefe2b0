"""Screenshots of Continue once it is done, light and dark (walk54 #1 and #2; a script,
not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.cont54b_screenshot [OUT_DIR]

Writes into ``OUT_DIR`` (default ``/work/wt/_shots/cont54b``): in 简体中文, a reply cut at
max tokens with its footer and no English pop-up (``zh-cut-<theme>.png``); in English, the
reply hovered with the bar's Continue (``bar-<theme>.png``), the same bar once the
continuation finished, the pointer still (``finished-<theme>.png``: no Continue), and a
Continue asked of it then, said in the status line (``refused-<theme>.png``, and in
简体中文 ``refused-zh_CN-light.png``).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import audited, grab, offscreen_services, play


def main() -> int:
    """Build the window, cut a reply, continue it to its end, grab each state."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.messages import Usage
    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.chat.message_action_bar import MessageAction
    from chathub_desktop.gui.shell.main_window import MainWindow
    from tests.fakes.vendor_server import FakeVendor, Reply
    from tests.gui.test_message_action_bar import hover

    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/work/wt/_shots/cont54b")
    out.mkdir(parents=True, exist_ok=True)
    with offscreen_services("chathub-shot-cont54b-") as (loop, svc), FakeVendor() as vendor:
        p = svc.providers.add("OpenAI (fake)", "openai", vendor.base_url, api_key="sk-demo")
        a = svc.assistants.create("Writer", provider=p.id, model="gpt-4o-mini")
        window = MainWindow(svc)
        window.view.prefs.set_theme("light")
        window.resize(1100, 640)
        window.show()
        vendor.script(
            Reply(text_chunks=["Three rivers that have a single origin are:"], finish_reason="length",
                  usage=Usage(input_tokens=40, output_tokens=10)),
            Reply(text_chunks=["Three rivers"]),  # the topic's title, asked after the first reply
            Reply(text_chunks=[" the Rhine, the Rhône and the Danube rise near each other in the Alps."],
                  usage=Usage(input_tokens=90, output_tokens=20)),
        )
        view = window.message_view

        def last() -> Any:
            return window.message_model.message_at(window.message_model.rowCount() - 1)

        async def until(test, steps: int = 200) -> None:  # type: ignore[no-untyped-def]
            for _ in range(steps):
                if test():
                    return
                await asyncio.sleep(0.05)
            raise AssertionError("state not reached")

        async def both(tag: str, *, again=None) -> None:  # type: ignore[no-untyped-def]
            for theme in ("light", "dark"):
                window.view.prefs.set_theme(theme)
                await asyncio.sleep(0.4)
                QApplication.processEvents()
                if again is not None and theme == "dark":
                    again()
                await grab(window, out / f"{tag}-{theme}.png", 0.3)
                audited(window, f"{tag}-{theme}", theme)
            window.view.prefs.set_theme("light")

        async def scenario() -> None:
            await window.load_assistants(a.id)
            await window.create_topic()
            window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
            await asyncio.sleep(0.5)
            window.composer.set_text("Name three rivers.")
            window.composer.send_button.click()
            await until(lambda: (m := last()) is not None and m.cut_off and window.composer.send_button.isEnabled())
            await asyncio.sleep(0.8)
            await both("zh-cut")
            window.view.language.apply(UiLanguage.SYSTEM)
            await asyncio.sleep(0.5)
            reply_id = last().id
            hover(view, view.model().rowCount() - 1)
            await both("bar", again=lambda: hover(view, view.model().rowCount() - 1))
            hover(view, view.model().rowCount() - 1)
            await asyncio.sleep(0.2)
            view.action_bar.buttons[MessageAction.CONTINUE].click()  # the pointer stays on the reply
            await until(lambda: last().status == "complete" and last().content.endswith("Alps."))
            await until(lambda: view.action_bar.buttons[MessageAction.REGENERATE].isVisible())
            window.sending.sync()
            await grab(window, out / "finished-light.png", 0.3)  # no move: the bar followed the row
            audited(window, "finished-light", "light")
            window.view.prefs.set_theme("dark")
            await asyncio.sleep(0.4)
            hover(view, view.model().rowCount() - 1)
            await grab(window, out / "finished-dark.png", 0.3)
            audited(window, "finished-dark", "dark")
            window.view.prefs.set_theme("light")

            def refuse() -> None:
                view.action_bar.triggered.emit(MessageAction.CONTINUE, reply_id)  # a stale bar's click

            await asyncio.sleep(0.3)
            refuse()
            await both("refused", again=refuse)
            window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
            await asyncio.sleep(0.5)
            refuse()
            await grab(window, out / "refused-zh_CN-light.png", 0.3)
            audited(window, "refused-zh_CN-light", "light")
            window.view.language.apply(UiLanguage.SYSTEM)
            await window.shutdown()

        play(loop, scenario)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
