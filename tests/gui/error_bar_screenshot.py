"""Screenshots of the error bar and the streaming mark in the topic list (issue 28), in
the light and the dark theme; a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.error_bar_screenshot [OUT_DIR]

Writes ``error-bar-light.png`` / ``error-bar-dark.png`` (the window after a bug in
Help → About, with a reply streaming into a topic in the background) and
``error-details-light.png`` / ``error-details-dark.png`` (Details…) into OUT_DIR (default ``/tmp/chathub-shots``).
"""

from __future__ import annotations

from pathlib import Path

from chathub_desktop.core.messages import Role  # noqa: E402
from chathub_desktop.services.events import ReplyDelta  # noqa: E402
from tests.gui.shot_harness import close_window, grab, offscreen_services, open_window, play, run


def main(out_dir: Path) -> int:
    """Build the window, raise in an action under the app's handler, grab both themes."""
    from chathub_desktop.gui.shell import help_menu
    from chathub_desktop.gui.shell.error_presenter import UnhandledErrors

    with offscreen_services("chathub-errshot-") as (loop, svc):
        svc.assistants.create("Helper")
        busy = svc.topics.create("Helper", "A long story about a lighthouse").id
        for title in ("Kyoto autumn trip", "Retry helper in asyncio"):
            svc.topics.create("Helper", title)
        shown = svc.topics.create("Helper", "Weekend walk").id
        svc.topics.append_message(shown, Role.USER, "Shall we walk in the park this weekend?")

        def broken(*_a: object, **_k: object) -> None:
            raise RuntimeError("the About box could not read the data folder")

        help_menu.AboutDialog = broken  # type: ignore[assignment,misc]

        async def shoot() -> None:
            for theme in ("light", "dark"):  # View → Theme, as a user switches it
                w = await open_window(svc, shown, (1100, 640))
                w.view.prefs.set_theme(theme)
                with UnhandledErrors(w.error_bar.show_error).installed(loop):
                    w.about_action.trigger()
                w.events.reply_delta.emit(ReplyDelta(busy, 1, "Once upon a time"))
                await grab(w, out_dir / f"error-bar-{theme}.png")
                details = w.error_bar.open_details()
                await grab(details, out_dir / f"error-details-{theme}.png")
                details.close()
                await close_window(w)

        return play(loop, shoot)


if __name__ == "__main__":
    run(main)
