"""Screenshots of polish52 (issue 29/28), light and dark: the status toast with its shadow
over the end of a long topic (the newest line above it) at 1366×768 and 800×560, a
tooltip, Settings → Providers with its cards stacked from the top (and with no provider
yet), the popover's
over-budget line in the badge's words, a code block's caption and the search box's
tooltip. A helper, not a test:
``QT_QPA_PLATFORM=offscreen python -m tests.gui.polish52_screenshot [OUT_DIR]``."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import (
    SIZES,
    audited,
    close_window,
    offscreen_services,
    open_window,
    play,
    run,
)

#: The newest reply: a code block (its caption) and a last line the toast must not cover.
LAST = ("Here is the route.\n\n```python\ndef walk(days):\n    return [d for d in days if d.sunny]\n```\n\n"
        + "A line of the reply. " * 20 + "THE LAST LINE OF THE NEWEST MESSAGE.")


def main(out: Path) -> int:
    """Shoot every state in both themes into ``out``; 1 when an audit failed."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication, QToolTip

    from chathub_desktop.services.views import EstimateView

    bad = 0
    with offscreen_services("polish52-shots") as (loop, svc):
        aid = svc.assistants.create("Helper").id
        topic = svc.topics.create(aid, "Long walk").id
        for i in range(10):
            svc.topics.append_message(topic, Role.USER if i % 2 == 0 else Role.ASSISTANT,
                                      f"Message {i}: " + "a line of the walk we planned " * 14)
        svc.topics.append_message(topic, Role.ASSISTANT, LAST)
        words = svc.topics.create(aid, "Car talk").id  # search: word starts only (not "scar", "Oscar")
        for text in ("My car broke down again", "Two cars in the drive", "Car-sharing is cheaper",
                     "Carrying the bags upstairs", "A scar from the fall", "Oscar won the race"):
            svc.topics.append_message(words, Role.USER, text)

        def shot(widget: Any, name: str, theme: str) -> None:
            nonlocal bad
            QApplication.processEvents()
            widget.grab().save(str(out / f"{name}-{theme}.png"))
            bad += not audited(widget, f"{name}-{theme}", theme)

        async def tip(widget: Any, text: str, name: str) -> None:
            QToolTip.showText(widget.mapToGlobal(QPoint(0, widget.height())), text, widget)
            await asyncio.sleep(0.4)
            tips = [t for t in QApplication.topLevelWidgets() if t.objectName() == "qtooltip_label" and t.isVisible()]
            if tips:
                tips[0].grab().save(str(out / f"{name}.png"))
            QToolTip.hideText()

        async def scene() -> None:
            for theme in ("light", "dark"):  # no provider yet: the Replies card under the offer
                w = await open_window(svc, topic, SIZES[0])
                w.view.prefs.set_theme(theme)
                w.pages.open_settings()
                await asyncio.sleep(0.8)
                shot(w, "1366x768-providers-empty", theme)
                await close_window(w)
            svc.providers.add("llama.cpp server", "openai_compatible", "http://127.0.0.1:8083/v1")
            for size in SIZES:
                for theme in ("light", "dark"):
                    tag = f"{size[0]}x{size[1]}-{theme}"
                    w = await open_window(svc, topic, size)
                    w.view.prefs.set_theme(theme)
                    await asyncio.sleep(0.5)
                    w.message_view.scroll_to_end()
                    await asyncio.sleep(0.3)
                    w.message_view.grab().save(str(out / f"{tag}-before.png"))
                    w.show_status("Stopped — the text so far is kept", 0)
                    await asyncio.sleep(0.5)
                    shot(w, f"{size[0]}x{size[1]}-toast", theme)
                    w.status_line.clearMessage()
                    await tip(w.composer.send_button, "Send the message (Enter)", f"{tag}-tooltip")
                    w.pages.open_settings()
                    await asyncio.sleep(0.8)
                    shot(w, f"{size[0]}x{size[1]}-providers", theme)
                    w.back_action.trigger()
                    await asyncio.sleep(0.3)
                    if size == SIZES[0]:
                        badge = w.composer.badge
                        plan = EstimateView(topic_id=topic, parts={"history": 4_300}, total=4_300,
                                            context_window=4_096 + 1_000, input_budget=4_096, included=4, dropped=0,
                                            encoding="o200k_base", local_total=4_300)
                        badge.show_estimate(plan)
                        badge.open_popover()
                        await asyncio.sleep(0.5)
                        pop = badge.popover
                        print(theme, "popover warning:", pop.warning_label.text())
                        shot(pop, "popover-over-budget", theme)
                        pop.hide()
                        search = w.search.open()
                        await asyncio.sleep(0.5)
                        done = len(search.shown_queries)
                        search.box.setText("car")
                        while len(search.shown_queries) <= done:
                            await asyncio.sleep(0.05)
                        await asyncio.sleep(0.3)
                        shot(w, "search", theme)
                        await tip(search.box, search.box.toolTip(), f"{tag}-search-tooltip")
                    await close_window(w)

        play(loop, scene)
    return 1 if bad else 0


if __name__ == "__main__":
    run(main, Path("/work/wt/_shots/polish52"))
