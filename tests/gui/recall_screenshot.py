"""Screenshots of issue 26's recall (a script, not a test): the receipt of a reply that
searched earlier topics, with its Open buttons, and the assistant dialog's Recall
earlier topics switch, each in light and dark.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.recall_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import Role
from tests.gui import shot_harness as shots


def surface(widget: Any) -> str:
    """The colour most of ``widget``'s pixels are painted in now (``#rrggbb``)."""
    from collections import Counter

    image = widget.grab().toImage()
    seen = Counter(image.pixelColor(x, y).name() for x in range(0, image.width(), 4)
                   for y in range(0, image.height(), 4))
    return seen.most_common(1)[0][0]


def main(out_dir: Path) -> int:
    from chathub_desktop.core.messages import ToolCall
    from chathub_desktop.gui.context.receipt_dialog import ReceiptDialog
    from chathub_desktop.gui.settings.assistant_dialog import AssistantDialog
    from tests.fakes.vendor_server import FakeVendor, Reply

    with shots.offscreen_services("chathub-recallshot-") as (loop, svc), FakeVendor() as vendor:
        svc.providers.add("Fake", "openai", vendor.base_url, api_key="sk-x")
        a = svc.assistants.create("Planner", provider="Fake", model="gpt-4o-mini", instructions="Be brief.")
        for title, text in [("Kyoto trip in April", "We booked the ryokan in Kyoto for the 14th."),
                            ("Packing list", "Pack light: the ryokan provides yukata and towels.")]:
            t = svc.topics.create(a.id, title).id
            svc.topics.append_message(t, Role.USER, text)
        topic = svc.topics.create(a.id, "Today").id

        async def scenario() -> None:
            vendor.script(
                Reply(text_chunks=[], tool_calls=[ToolCall("c1", "searchTopics", json.dumps({"query": "ryokan"}))]),
                Reply(text_chunks=["The 14th; pack light."]),
            )
            await svc.chat.send(topic, "When is the ryokan and what should I pack?")
            reply = svc.topics.messages(topic)[-1]
            w = await shots.open_window(svc, topic, (1100, 760))
            for theme in ("light", "dark"):
                w.view.prefs.set_theme(theme)  # as View → Theme does: the window's own choice, kept
                await asyncio.sleep(0.3)
                d = ReceiptDialog(reply, w, open_topic=lambda _t: None)
                d.show()
                await shots.grab(d, out_dir / f"receipt_recalled_{theme}.png")
                # the surface as painted, not as an image viewer shows it (one showed the
                # dark receipt light: its pixels are the dark window token)
                print("receipt", theme, d.size().width(), "x", d.size().height(), "surface", surface(d))
                shots.audited(d, "receipt", theme)
                d.close()
                e = AssistantDialog(svc.assistants, svc.providers, w.runner, svc.assistants.get("Planner").id, parent=w)
                while not e.is_loaded():  # read on a worker (issue 29)
                    await asyncio.sleep(0.02)
                e.show()
                await shots.grab(e, out_dir / f"assistant_recall_{theme}.png")
                print("assistant dialog", theme, e.size().width(), "x", e.size().height(), "surface", surface(e))
                e.close()
            await shots.close_window(w)

        loop.run_until_complete(scenario())
    return 0


if __name__ == "__main__":
    shots.run(main)
