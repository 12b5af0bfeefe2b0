"""Screenshots of walk36 #9–#12 (a script, not a test): every setup wizard step, and
Settings → System Agent, Models and Tools empty, Storage (Advanced closed and open) at
1366×768 and 800×560, each in the light and the dark theme.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.win29c_screenshot [OUT_DIR] [STATE ...]

STATE (default all): ``wizard``, ``settings``.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from tests.gui.shot_harness import close_window, grab, offscreen_services, open_window, play, run


def main(out_dir: Path) -> int:
    """Open each state and grab it in both themes (and both sizes for Settings)."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    states = set(sys.argv[2:]) or {"wizard", "settings"}
    with offscreen_services("chathub-win29c-") as (loop, svc):
        async def shoot() -> None:
            if "wizard" in states:
                for theme in ("light", "dark"):
                    from chathub_desktop.gui.shell.main_window import MainWindow

                    w = MainWindow(svc)
                    w.resize(1366, 768)
                    w.show()
                    w.view.prefs.set_theme(theme)
                    wizard = w.pages.open_setup()
                    await grab(wizard, out_dir / f"wizard-1-welcome-{theme}.png", 0.5)
                    wizard.next()
                    await grab(wizard, out_dir / f"wizard-2-provider-empty-{theme}.png", 0.5)
                    if not svc.providers.list():
                        await asyncio.to_thread(svc.providers.add, "Local", "openai_compatible",
                                                "http://127.0.0.1:9/v1")
                    wizard.provider_page.reload("Local")
                    wizard.provider_page.presets.setCurrentRow(2)
                    await grab(wizard, out_dir / f"wizard-2-provider-{theme}.png", 0.5)
                    wizard.next()
                    await grab(wizard, out_dir / f"wizard-3-assistant-{theme}.png", 0.4)
                    wizard.assistant_page.name_edit.setText(f"Helper {theme}")
                    wizard.next()
                    await asyncio.sleep(0.8)
                    await grab(wizard, out_dir / f"wizard-4-summaries-{theme}.png", 0.4)
                    wizard.summarizer_page.model_combo.setCurrentText("m")
                    wizard.next()
                    await asyncio.sleep(0.8)
                    await grab(wizard, out_dir / f"wizard-5-history-{theme}.png", 0.4)
                    wizard.hide()
                    await close_window(w)
            if "settings" in states:
                assistant = svc.assistants.list()[0].id if svc.assistants.list() else svc.assistants.create("A").id
                topic = svc.topics.create(assistant, "Topic").id
                for size in ((1366, 768), (800, 560)):
                    for theme in ("light", "dark"):
                        tag = f"{size[0]}x{size[1]}-{theme}"
                        w = await open_window(svc, topic, size)
                        w.view.prefs.set_theme(theme)
                        settings = w.pages.open_settings()
                        for section in (SettingsSection.SYSTEM_AGENT, SettingsSection.MODELS,
                                        SettingsSection.TOOLS, SettingsSection.STORAGE):
                            settings.show_section(section)
                            await grab(w, out_dir / f"{section.name.lower()}-{tag}.png", 0.8)
                        storage = settings.current_page()
                        advanced = getattr(storage, "advanced_button", None)
                        if advanced is not None:
                            advanced.click()
                            await grab(w, out_dir / f"storage-advanced-{tag}.png", 0.5)
                        w.back_action.trigger()
                        await close_window(w)

        return play(loop, shoot)


if __name__ == "__main__":
    run(main)
