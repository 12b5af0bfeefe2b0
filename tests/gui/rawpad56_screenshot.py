"""Grabs the fixed memory's raw editor beside its preview (walk55b #18) — a script, not a
test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.rawpad56_screenshot [OUT_DIR]

At 1366×768 and 800×560, light then dark, in the window: the page with Edit raw open
(``rawpad-<size>-<theme>.png``) and the two panes' top edges at 3× (``…-zoom.png``: the
editor's text and the preview's first row start at one inset, the frames on one line).
Each with its design audit line, into OUT_DIR (default ``/tmp/chathub-shots``). Exit code
1 when an audit failed.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, Qt

from tests.gui import shot_harness as harness


def main(out_dir: Path) -> int:
    shot = harness.Shots(out_dir)
    with harness.offscreen_services("chathub-rawpad56-") as (loop, svc):
        a = svc.assistants.create("Assistant", model="gpt-4o-mini")
        svc.memory.save_raw(a.id, "## Work\n#1: Ana writes Python and prefers short answers.\n"
                                  "#2: Ana's timezone is Europe/Lisbon. (UTC+0 in winter)\n"
                                  "Keep in mind: ask before changing the build.\n"
                                  "#3: Use metric units.\n- Ana uses VS Code.\n")

        async def scenario() -> None:
            window = await harness.shown_window(svc)
            page = window.pages.open_memory()
            assert page is not None
            await harness.until(lambda: page.model.entry_count() >= 3 and not page.runner.pending())
            bar = page.body_scroll.verticalScrollBar()
            for size in ((1366, 768), (800, 560)):
                window.resize(*size)
                for theme in ("light", "dark"):
                    window.view.prefs.set_theme(theme)
                    bar.setValue(0)
                    page.raw_action.trigger()
                    await harness.until(lambda: page.raw is not None and page.raw.is_open
                                        and page.raw.preview_model.total() >= 5)
                    await asyncio.sleep(0.4)
                    tag = f"rawpad-{size[0]}x{size[1]}-{theme}"
                    shot(window, tag, theme)
                    raw = page.raw
                    edit, preview = raw.raw_edit, raw.preview
                    top_left = edit.mapTo(window, QPoint(0, 0))
                    right = preview.mapTo(window, QPoint(preview.width(), 0))
                    box = QRect(top_left - QPoint(4, 4), QPoint(right.x() + 4, top_left.y() + 60))
                    window.grab(box).scaled(box.size() * 3, Qt.AspectRatioMode.KeepAspectRatio,
                                            Qt.TransformationMode.FastTransformation).save(
                        str(out_dir / f"{tag}-zoom.png"))
                    raw.cancel_raw_button.click()
                    await asyncio.sleep(0.3)
            await harness.close_window(window)

        loop.run_until_complete(scenario())
    return shot.exit_code


if __name__ == "__main__":
    harness.run(main)
