"""Screenshots of every place with tool buttons, light and dark, for the focus ring's
reserved width (ring54; a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.ring54_screenshot [OUT_DIR]

One exchange with the fake vendor, then the main window grabbed whole (the rail, the
chat header, the composer and the reply's hover action bar), the Memory page (its header
and toolbar), Search and Settings, as ``<place>-<theme>.png``; then with a tool button of
each focused in turn (the window active), as ``<place>-focus-<button>-<theme>.png``. Run it
before and after a sheet change and compare the PNGs pixel for pixel: nothing may move.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui.shot_harness import offscreen_services, play, run, until


def main(out: Path) -> int:
    """Build the window, shoot each place in both themes, unfocused then focused; 0."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QToolButton

    from chathub_desktop.core.messages import Usage
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.gui.shell.nav_rail import RailEntry
    from tests.fakes.vendor_server import FakeVendor, Reply
    from tests.gui.test_message_action_bar import hover

    out.mkdir(parents=True, exist_ok=True)
    with offscreen_services("chathub-shot-ring-") as (loop, svc), FakeVendor() as vendor:
        app = QApplication.instance()
        p = svc.providers.add("OpenAI (fake)", "openai", vendor.base_url, api_key="sk-demo")
        a = svc.assistants.create("Coder", provider=p.id, model="gpt-4o-mini")
        svc.memory.add(a.id, "Prefers short answers")
        window = MainWindow(svc)
        window.view.prefs.set_theme("light")
        window.resize(1100, 720)
        window.show()
        vendor.script(Reply(text_chunks=["Wrap the call in `asyncio.timeout(5)`."],
                            usage=Usage(input_tokens=412, output_tokens=24)))

        #: the buttons focused in turn on each place (object names; "bar": the action bar's first shown)
        focused_on = {"chats": ("assistantAvatar", "railButton", "sidebarToggle", "newTopicButton", "attachButton",
                                "topicModelPicker", "bar"),
                      "memory": ("pageBack", "addMemoryButton"), "search": ("pageBack",),
                      "settings": ("pageBack",)}

        def button(name: str) -> QToolButton:
            if name == "bar":
                return next(b for b in window.message_view.action_bar.buttons.values() if not b.isHidden())
            return next(b for b in window.findChildren(QToolButton, name) if b.isVisibleTo(window))

        async def shoot(place: str, focused: bool) -> None:
            for theme in ("light", "dark"):
                window.view.prefs.set_theme(theme)
                await asyncio.sleep(0.4)
                app.processEvents()
                for name in focused_on[place] if focused else ("",):
                    if place == "chats":
                        window.message_view.action_bar.dismiss()
                        hover(window.message_view, 1)
                    if name:
                        window.activateWindow()
                        button(name).setFocus(Qt.FocusReason.TabFocusReason)
                    await asyncio.sleep(0.2)
                    tag = f"{place}-focus-{name}-{theme}" if name else f"{place}-{theme}"
                    window.grab().save(str(out / f"{tag}.png"))

        async def scenario() -> None:
            await window.load_assistants(a.id)
            await window.create_topic()
            await svc.chat.start_send(window.current_topic_id, "How do I put a timeout on an await?")
            await until(lambda: window.message_model.rowCount() == 2)
            await asyncio.sleep(0.8)
            window.sending.sync()
            for focused in (False, True):
                for entry in (RailEntry.CHATS, RailEntry.MEMORY, RailEntry.SEARCH, RailEntry.SETTINGS):
                    window.rail.buttons[entry].click()
                    await asyncio.sleep(0.5)
                    await shoot(entry.name.lower(), focused)
                window.rail.buttons[RailEntry.CHATS].click()
            await window.shutdown()

        return play(loop, scenario)


if __name__ == "__main__":
    run(main, Path("/work/wt/_shots/ring54"))
