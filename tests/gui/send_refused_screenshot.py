"""Screenshots of a Send that sends nothing (issue 28: never a silent no-op), in the
light and the dark theme; a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.send_refused_screenshot [OUT_DIR]

Writes ``send-refused-empty-{theme}-{w}x{h}.png`` (Send on an empty draft: the status
line says why) at 1366×768 and 800×560 into OUT_DIR (default ``/tmp/chathub-shots``).
"""

from __future__ import annotations

from pathlib import Path

from tests.gui.shot_harness import close_window, grab, offscreen_services, open_window, play, run


def main(out_dir: Path) -> int:
    """An empty topic of a ready assistant; Send pressed on the empty draft; both themes."""
    with offscreen_services("chathub-refusedshot-") as (loop, svc):
        provider = svc.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1", api_key="sk-test")
        svc.assistants.create("Helper", provider=provider.id, model="small-model")
        shown = svc.topics.create("Helper", "Weekend walk").id

        async def shoot() -> None:
            for size in ((1366, 768), (800, 560)):
                for theme in ("light", "dark"):  # View → Theme, as a user switches it
                    w = await open_window(svc, shown, size)
                    w.view.prefs.set_theme(theme)
                    w.composer.send_button.click()
                    await grab(w, out_dir / f"send-refused-empty-{theme}-{size[0]}x{size[1]}.png")
                    await close_window(w)

        return play(loop, shoot)


if __name__ == "__main__":
    run(main)
