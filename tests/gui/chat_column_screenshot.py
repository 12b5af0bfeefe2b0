"""Screenshots of the chat column's states, light and dark (issue 29; a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.chat_column_screenshot [OUT_DIR]

At 800x560 and 1366x768: a long reply, a message with its action bar, editing in place,
the token ring and its popover (closed, and with its groups and Details open). ``--docs`` also copies the 1366x768 ring and popover into
``docs/`` (the action bar, editing in place and the streaming composer come from
``action_bar_screenshot`` and ``rail_screenshot``).
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.gui import shot_harness as shots
from tests.gui.shot_harness import REPO

REPLY = ("Here is the plan, step by step.\n\n"
         + "".join(f"{i}. Step {i}: check the schema, run the backfill in batches of 1,000 rows, "
                   "verify the counts, then keep the rollback script at hand.\n" for i in range(1, 9))
         + "\n```python\nfor batch in batches(rows, 1000):\n    copy(batch)\n```\n\n"
         + "That is all: the rollback is step 3, and it takes about ten minutes on a laptop. " * 3)
#: State → file stem in docs/, of the states copied with ``--docs``.
DOCS = {"ring": "screenshot-token-ring", "popover": "screenshot-popover"}


def main(out_dir: Path) -> int:
    """Grab every state at both sizes in both themes into ``out_dir``."""
    from sqlalchemy import insert

    from chathub_desktop.core.messages import Usage
    from chathub_desktop.gui.chat.message_action_bar import MessageAction
    from chathub_desktop.storage.models import Message
    from tests.fakes.vendor_server import FakeVendor, Reply
    from tests.gui.test_message_action_bar import hover

    with shots.offscreen_services("chathub-chatshot-") as (loop, svc), FakeVendor() as chat:
        svc.providers.add("OpenAI (fake)", "openai", chat.base_url, api_key="sk-demo")
        svc.models.set("gpt-4o-mini", 16_000, provider="OpenAI (fake)")
        a = svc.assistants.create("Planner", provider="OpenAI (fake)", model="gpt-4o-mini")
        topic = svc.topics.create(a.id, "Migration plan").id
        now = datetime.now(UTC) - timedelta(hours=1)
        with svc.db.write() as s:
            s.execute(insert(Message), [
                {"topic_id": topic, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
                 "content": "How do I migrate the orders table?" if i % 2 == 0 else REPLY, "created_at": now}
                for i in range(6)])
        chat.script(Reply(text_chunks=["Noted."], usage=Usage(input_tokens=2048, output_tokens=7)))

        async def scenario() -> None:
            w = await shots.open_window(svc, topic, (1366, 768))
            task = w.sending.send_message("Add a dry run first.")
            if task is not None:
                await task
            await asyncio.sleep(0.5)
            view, model = w.message_view, w.message_model
            for size in ((1366, 768), (800, 560)):
                w.resize(*size)
                for theme in ("light", "dark"):
                    tag = f"{theme}-{size[0]}x{size[1]}"
                    w.view.prefs.set_theme(theme)
                    await asyncio.sleep(0.5)
                    view.scroll_to_end()
                    await shots.grab(w, out_dir / f"window-{tag}.png", 0.4)
                    view.action_bar.dismiss()
                    hover(view, model.rowCount() - 1)
                    await shots.grab(w, out_dir / f"action-bar-{tag}.png", 0.3)
                    hover(view, model.rowCount() - 2)
                    view.action_bar.buttons[MessageAction.EDIT].click()
                    await shots.grab(w, out_dir / f"edit-{tag}.png", 0.4)
                    w.inline_editor.cancel()
                    await shots.grab(w.composer, out_dir / f"ring-{tag}.png", 0.2)
                    await shots.grab_popover(w, out_dir / f"popover-{tag}.png", 0.4)
                    pop = w.composer.badge.popover  # every group and Details open (walk36 #13)
                    w.composer.badge.open_popover()
                    for arrow, _rows in pop.table.expanders.values():
                        arrow.click()
                    pop.details_button.click()
                    await shots.grab(pop, out_dir / f"popover-open-{tag}.png", 0.4)
                    for arrow, _rows in pop.table.expanders.values():
                        arrow.click()
                    pop.details_button.click()
                    pop.hide()
            await shots.close_window(w)

        loop.run_until_complete(scenario())
    if "--docs" in sys.argv:
        for state, stem in DOCS.items():
            for theme, suffix in (("light", ""), ("dark", "-dark")):
                shutil.copy(out_dir / f"{state}-{theme}-1366x768.png", REPO / "docs" / f"{stem}{suffix}.png")
        for theme, suffix in (("light", ""), ("dark", "-dark")):  # the popover scrolling in a small window
            shutil.copy(out_dir / f"popover-{theme}-800x560.png", REPO / "docs" / f"screenshot-popover-800x560{suffix}.png")
    return 0


if __name__ == "__main__":
    sys.argv = [a for a in sys.argv if a != "--docs"] + (["--docs"] if "--docs" in sys.argv else [])
    shots.run(main)
