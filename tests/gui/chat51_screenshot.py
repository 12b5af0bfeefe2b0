"""Screenshots of walk51's chat fixes (issue 29), light and dark, at 1366×768 and
800×560; a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.chat51_screenshot [OUT_DIR]

Writes into OUT_DIR (default ``/tmp/chathub-shots``), each ``<W>x<H>-<theme>-…``:
``status`` (a passing message floating over the messages, walk51 #5), ``error`` (the
error bar floating under the chat header), ``both``, ``topics`` (the topic list grouped
by last activity, #6), ``empty-badge`` (the composer before a topic: the calm empty ring,
#6), and ``wizard-<step>`` (each setup step's primary button, #6); ``zh-light-topics``
(the groups' headers in 简体中文). The code block's header at 125 % (#7): run it with
``QT_SCALE_FACTOR=1.25`` and look at ``*-status.png``'s code block.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import Role
from chathub_desktop.core.ui_language import UiLanguage
from tests.gui.shot_harness import (
    SIZES,
    audited,
    close_window,
    grab,
    offscreen_services,
    open_window,
    play,
    run,
    themed_windows,
)

#: Topic titles and how long ago each was last active (the topic list's groups).
TOPICS = (("Weekend walk", timedelta(hours=1)), ("Kyoto autumn trip", timedelta(hours=5)),
          ("Retry helper in asyncio", timedelta(days=1, hours=2)), ("Tax forms", timedelta(days=3)),
          ("Sourdough starter", timedelta(days=5)), ("Lighthouse story", timedelta(days=40)),
          ("Old laptop specs", timedelta(days=400)))


#: Each topic's reply: a code block (its header at 125 %, walk51 #7) and a paragraph.
REPLY = "Here is a long answer.\n\n```python\ndef walk(days):\n    return [d for d in days if d.sunny]\n```\n\n" + "A line of the reply. " * 30


def _seed(svc: Any) -> int:
    """An assistant with :data:`TOPICS` (the fourth pinned), each with a question and a
    reply, dated as listed; returns the first topic's id."""
    from sqlalchemy import update

    from chathub_desktop.storage.models import Topic

    svc.assistants.create("Helper")
    now = datetime.now(UTC)
    first = 0
    for i, (title, ago) in reversed(list(enumerate(TOPICS))):
        tid = svc.topics.create("Helper", title).id
        svc.topics.append_message(tid, Role.USER, f"About {title.lower()}?")
        svc.topics.append_message(tid, Role.ASSISTANT, REPLY)
        with svc.db.write() as s:
            s.execute(update(Topic).where(Topic.id == tid).values(updated_at=now - ago, pinned=i == 3))
        first = tid
    return first


def main(out_dir: Path) -> int:
    """Build the window over a seeded store and grab every state in both themes."""
    from chathub_desktop.gui.shell.error_presenter import UnhandledErrors

    bad = 0
    with offscreen_services("chathub-chat51-") as (loop, svc):
        topic = _seed(svc)

        async def shoot() -> None:
            nonlocal bad
            async for w, theme, tag in themed_windows(svc, topic, settle_s=0.5):
                await grab(w, out_dir / f"{tag}-before.png")
                w.show_status("Stopped — the text so far is kept", 0)
                await grab(w, out_dir / f"{tag}-status.png")
                bad += not audited(w, f"{tag}-status", theme)

                def broken() -> None:
                    raise RuntimeError("the About box could not read the data folder")

                with UnhandledErrors(w.error_bar.show_error).installed(loop):
                    loop.call_soon(broken)
                    await asyncio.sleep(0.2)
                await grab(w, out_dir / f"{tag}-both.png")
                w.status_line.clearMessage()
                await grab(w, out_dir / f"{tag}-error.png")
                bad += not audited(w, f"{tag}-error", theme)
                w.error_bar.dismiss()
                w.status_line.clearMessage()
                w.sidebar.show()  # the topic list, also at 800×560
                await grab(w.sidebar, out_dir / f"{tag}-topics.png")
                w.open_topic(None)  # the composer before a topic: the calm empty ring
                await grab(w.composer, out_dir / f"{tag}-empty-badge.png")
                if tag.startswith(f"{SIZES[0][0]}x{SIZES[0][1]}-"):
                    bad += await _wizard(w, theme, out_dir / f"{tag}-wizard")
            w = await open_window(svc, topic, SIZES[0])
            w.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
            await grab(w.sidebar, out_dir / "zh-light-topics.png")
            w.view.language.apply(UiLanguage.SYSTEM)
            await close_window(w)

        play(loop, shoot)
    return 1 if bad else 0


async def _wizard(w: Any, theme: str, prefix: Path) -> int:
    """Shoot every step of Help → Setup… (the forward button filled on each, walk51 #6);
    returns how many failed the design audit."""
    wizard = w.pages.open_setup()
    bad = 0
    for step in range(len(wizard.pageIds())):
        await grab(wizard, Path(f"{prefix}-{step + 1}.png"), 0.4)
        bad += not audited(wizard, f"{prefix.name}-{step + 1}", theme)
        if step + 1 < len(wizard.pageIds()):
            wizard.setStartId(wizard.pageIds()[step + 1])
            wizard.restart()
    wizard.reject()
    return bad


if __name__ == "__main__":
    run(main)
