"""Screenshots of the first-hour fixes (walkthrough F5, F6, F9, F15), in the light and the
dark theme; a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.first_hour_screenshot [OUT_DIR]

Writes into OUT_DIR (default ``/tmp/chathub-shots``), each as ``NAME-light.png`` and
``NAME-dark.png``: ``welcome`` (the first-start panel with its setup button),
``setup-welcome``, ``setup-provider`` and ``setup-history`` (one header style; check
boxes), ``provider-form-no-keyring`` (the key file with its own field),
``system-agent`` (check boxes and radio buttons) and ``compact-short-topic`` (Compact
now on a one-turn topic, F11).
"""

from __future__ import annotations

from pathlib import Path

from chathub_desktop.core.messages import Role  # noqa: E402
from tests.gui.shot_harness import close_window, grab, offscreen_services, open_window, play, run


def main(out_dir: Path) -> int:
    """Open each state on an empty store without a keyring and grab it in both themes."""
    from chathub_desktop.core.provider_presets import PRESETS
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.storage.secrets import KeyringStatus

    with offscreen_services("chathub-firsthour-") as (loop, svc):
        svc.providers.keyring_status = lambda: KeyringStatus(  # type: ignore[method-assign]
            False, "keyring.backends.fail.Keyring", "no OS keyring is available", "no OS keyring is available")

        async def shoot() -> None:
            for theme in ("light", "dark"):
                w = MainWindow(svc)
                w.resize(1100, 640)
                w.show()
                w.view.prefs.set_theme(theme)
                await grab(w, out_dir / f"welcome-{theme}.png", 0.6)
                wizard = w.pages.open_setup()
                await grab(wizard, out_dir / f"setup-welcome-{theme}.png")
                wizard.next()
                await grab(wizard, out_dir / f"setup-provider-{theme}.png")
                form = wizard.provider_page.add_provider()
                openai = next(p for p in PRESETS if p.name == "OpenAI")
                form.prefill(openai.name, openai.kind, openai.base_url, openai.needs_key)  # type: ignore[attr-defined]
                await grab(form, out_dir / f"provider-form-no-keyring-{theme}.png")
                form.close()
                wizard.setStartId(wizard.pageIds()[-1])
                wizard.restart()
                wizard.history_page.import_check.setChecked(True)
                await grab(wizard, out_dir / f"setup-history-{theme}.png")
                wizard.close()
                settings = w.pages.open_settings()
                settings.show_system_agent()
                await grab(settings, out_dir / f"system-agent-{theme}.png")
                w.back_action.trigger()
                await close_window(w)
            svc.assistants.create("Helper")
            short = svc.topics.create("Helper", "Weekend walk").id
            svc.topics.append_message(short, Role.USER, "Shall we walk in the park this weekend?")
            svc.topics.append_message(short, Role.ASSISTANT, "Yes, Saturday morning looks dry.")
            for theme in ("light", "dark"):
                w = await open_window(svc, short, (1100, 640))
                w.view.prefs.set_theme(theme)
                w.compact_action.trigger()
                await grab(w, out_dir / f"compact-short-topic-{theme}.png", 1.0)
                await close_window(w)

        return play(loop, shoot)


if __name__ == "__main__":
    run(main)
