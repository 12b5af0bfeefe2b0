"""Screenshots of the navigation rail, the topic states, editing in place and the composer
while a reply streams, light and dark (issue 29; a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.rail_screenshot

Writes into ``docs/``: ``screenshot-rail.png`` (the window at 1280×760: the rail, a
pinned, a private, an archived topic and one whose reply streams in the background;
the open topic streaming, Send turned into Stop), ``screenshot-edit-in-place.png`` (the
user's message open in the list's editor) and ``screenshot-composer-streaming.png``
(the composer alone while the reply streams), each with a ``-dark`` twin.
"""

from __future__ import annotations

import asyncio
import sys

from tests.gui.shot_harness import REPO, offscreen_services

DOCS = REPO / "docs"
THEMES = (("light", ""), ("dark", "-dark"))


def main() -> int:
    """Build the window, grab its states in both themes; returns 0."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.messages import Usage
    from chathub_desktop.gui.shell.main_window import MainWindow
    from tests.fakes.vendor_server import FakeVendor, Reply

    vendor = FakeVendor().start()
    try:
        with offscreen_services("chathub-shot-rail-") as (loop, svc):
            p = svc.providers.add("OpenAI (fake)", "openai", vendor.base_url, api_key="sk-demo")
            a = svc.assistants.create("Coder", provider=p.id, model="gpt-4o-mini", avatar="💻")
            svc.assistants.create("Writer", provider=p.id, model="gpt-4o-mini", avatar="✍️")
            svc.topics.create(a.id, "Old release notes")
            svc.topics.set_archived(svc.topics.list(a.id)[0].id, True)
            busy = svc.topics.create(a.id, "Trip to Lisbon").id
            svc.topics.set_private(svc.topics.create(a.id, "Health questions").id, True)
            svc.topics.set_pinned(svc.topics.create(a.id, "Project conventions").id, True)
            window = MainWindow(svc)
            window.view.prefs.set_theme("light")
            window.resize(1280, 760)
            window.show()

            async def scenario() -> None:
                app = QApplication.instance()
                window.reload_assistants(a.id)  # read on a store worker (issue 29)
                while window.runner.is_running("assistants") or window.runner.is_running("topic-list"):
                    await asyncio.sleep(0.05)
                window.topic_actions.show_archived(True)
                created: list[int] = []
                window.topic_created.connect(created.append)
                window.new_topic()
                while not created:
                    await asyncio.sleep(0.05)
                topic = created[0]
                await asyncio.sleep(0.3)
                vendor.script(Reply(text_chunks=["Wrap the call in `asyncio.timeout(5)` (3.11+): ",
                                                 "it cancels the task and raises `TimeoutError` when time is up."],
                                    usage=Usage(input_tokens=412, output_tokens=24)))
                await svc.chat.start_send(topic, "How do I put a timeout on an await?")
                await asyncio.sleep(0.8)
                window.sending.sync()  # that send was not the window's: Send again
                # a reply streams in the background topic and in the open one
                vendor.script(Reply(text_chunks=["Day 1: Alfama and the castle. "], hang=True, hang_after=1),
                              Reply(text_chunks=["Use `task.cancel()` from the other task, then "],
                                    hang=True, hang_after=1))
                background = svc.chat.start_send(busy, "Plan three days in Lisbon")
                await asyncio.sleep(0.5)
                window.composer.set_text("And how do I cancel it?")
                window.composer.send_button.click()  # Send turns into Stop
                for _ in range(40):  # until the reply's first words are in view
                    await asyncio.sleep(0.1)
                    if window.message_model.rowCount() == 4:
                        break
                await asyncio.sleep(0.5)
                for theme, tail in THEMES:
                    window.view.prefs.set_theme(theme)
                    await asyncio.sleep(0.4)
                    app.processEvents()
                    window.grab().save(str(DOCS / f"screenshot-rail{tail}.png"))
                    window.composer.grab().save(str(DOCS / f"screenshot-composer-streaming{tail}.png"))
                window.sending.stop_current()
                await svc.chat.shutdown()
                await asyncio.gather(background, return_exceptions=True)
                await asyncio.sleep(0.5)
                window.reload_topic()
                await asyncio.sleep(0.5)
                view = window.message_view
                for theme, tail in THEMES:
                    window.view.prefs.set_theme(theme)
                    await asyncio.sleep(0.4)
                    window.message_actions.edit_message(window.message_model.message_at(0).id)
                    await asyncio.sleep(0.2)
                    window.inline_editor.box.setPlainText("How do I put a timeout on an await, and on a whole "
                                                          "group of tasks?")
                    await asyncio.sleep(0.2)
                    app.processEvents()
                    view.grab().save(str(DOCS / f"screenshot-edit-in-place{tail}.png"))
                    window.inline_editor.cancel()
                await window.shutdown()

            loop.run_until_complete(scenario())
    finally:
        vendor.stop()
    print(DOCS / "screenshot-rail.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
