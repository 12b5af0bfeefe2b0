"""Screenshots of the first minutes (walk29 #13, #17–#22), light and dark; a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.first29_screenshot [OUT_DIR] [STATE ...]

STATE (default all): ``wizard`` (the provider step empty and with a provider, the
assistant step with a taken name), ``welcome`` (no topic yet, at 1366×768 and 800×560),
``empty`` (an empty topic's greeting, both sizes), ``notready`` (an assistant without a
provider, both sizes), ``menu`` (the topic context menu), ``rail`` (assistant avatars in the rail and its menu),
``about``. Each as ``NAME-light.png`` and ``NAME-dark.png``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.gui.shot_harness import close_window, grab, offscreen_services, open_window, play, run

SIZES = ((1366, 768), (800, 560))


def main(out_dir: Path) -> int:
    """Open each state and grab it in both themes."""
    from chathub_desktop.gui.shell.main_window import MainWindow

    states = set(sys.argv[2:]) or {"wizard", "welcome", "empty", "menu", "about"}
    with offscreen_services("chathub-first29-") as (loop, svc):

        async def shoot() -> None:
            if "wizard" in states:
                for theme in ("light", "dark"):
                    w = MainWindow(svc)
                    w.show()
                    w.view.prefs.set_theme(theme)
                    wizard = w.pages.open_setup()
                    wizard.next()
                    await grab(wizard, out_dir / f"wizard-provider-empty-{theme}.png")
                    if not svc.providers.list():
                        svc.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1", api_key_env=None)
                        svc.assistants.create("Assistant", provider="Local", model="m")
                    wizard.provider_page.reload("Local")
                    await grab(wizard, out_dir / f"wizard-provider-{theme}.png")
                    wizard.next()
                    wizard.button(wizard.WizardButton.NextButton).click()
                    await grab(wizard, out_dir / f"wizard-assistant-taken-{theme}.png")
                    wizard.close()
                    await close_window(w)
            if "welcome" in states or "empty" in states or "menu" in states:
                if not svc.providers.list():
                    svc.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1", api_key_env=None)
                if not svc.assistants.list():
                    svc.assistants.create("Assistant", provider="Local", model="m")
            if "rail" in states:
                for name in ("Coder", "Writer", "Researcher"):
                    svc.assistants.create(name)
                for theme in ("light", "dark"):
                    w = MainWindow(svc)
                    w.resize(1366, 768)
                    w.show()
                    w.view.prefs.set_theme(theme)
                    await grab(w, out_dir / f"rail-{theme}.png", 1.0)
                    w.rail.menu.popup(w.rail.avatar.mapToGlobal(w.rail.avatar.rect().bottomLeft()))
                    await grab(w.rail.menu, out_dir / f"rail-menu-{theme}.png")
                    w.rail.menu.close()
                    await close_window(w)
            if "notready" in states:
                bare = svc.assistants.create("Bare").id
                for theme in ("light", "dark"):
                    for size in SIZES:
                        w = MainWindow(svc)
                        w.resize(*size)
                        w.show()
                        w.view.prefs.set_theme(theme)
                        w.reload_assistants(bare)
                        await grab(w, out_dir / f"not-ready-{size[0]}x{size[1]}-{theme}.png", 1.0)
                        await close_window(w)
            if "welcome" in states:
                for theme in ("light", "dark"):
                    for size in SIZES:
                        w = MainWindow(svc)
                        w.resize(*size)
                        w.show()
                        w.view.prefs.set_theme(theme)
                        await grab(w, out_dir / f"no-topic-{size[0]}x{size[1]}-{theme}.png", 1.0)
                        await close_window(w)
            if "empty" in states or "menu" in states:
                topic = svc.topics.create("Assistant", "New topic").id
                for theme in ("light", "dark"):
                    for size in SIZES:
                        w = await open_window(svc, topic, size)
                        w.view.prefs.set_theme(theme)
                        if "empty" in states:
                            await grab(w, out_dir / f"empty-topic-{size[0]}x{size[1]}-{theme}.png", 1.0)
                        if "menu" in states and size == SIZES[0]:
                            menu = w.topic_actions.context_menu_for(w.topic_list.currentIndex())
                            menu.popup(w.topic_list.mapToGlobal(w.topic_list.rect().center()))
                            await grab(menu, out_dir / f"topic-menu-{theme}.png")
                            menu.close()
                        await close_window(w)
            if "about" in states:
                for theme in ("light", "dark"):
                    w = MainWindow(svc)
                    w.show()
                    w.view.prefs.set_theme(theme)
                    about = w.pages.open_about()
                    await grab(about, out_dir / f"about-{theme}.png", 0.8)
                    about.details_button.click()
                    await grab(about, out_dir / f"about-details-{theme}.png", 0.4)
                    about.close()
                    await close_window(w)

        return play(loop, shoot)


if __name__ == "__main__":
    run(main)
