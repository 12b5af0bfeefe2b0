"""Screenshots of the window's pages (issue 29): the chats page with the status line,
Settings (Providers, System Agent, Storage, Appearance), Search with results and the
app menu, at 1366×768 and 800×560, in the light and the dark theme; a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.pages_screenshot [OUT_DIR]

Writes ``NAME-WxH-THEME.png`` into OUT_DIR (default ``/tmp/chathub-shots``).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from chathub_desktop.core.messages import Role  # noqa: E402
from tests.gui.shot_harness import grab, offscreen_services, play, run, themed_windows


def main(out_dir: Path) -> int:
    """Open each page on a small store and grab it at both sizes in both themes."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    with offscreen_services("chathub-pages-") as (loop, svc):
        svc.providers.add("OpenAI", "openai", "https://api.openai.com/v1", api_key_env="OPENAI_API_KEY")
        svc.assistants.create("Travel planner", provider="OpenAI", model="gpt-4o-mini")
        topic = svc.topics.create("Travel planner", "Autumn in Kyoto").id
        svc.topics.append_message(topic, Role.USER, "Which autumn week is best for the maple leaves in Kyoto?")
        svc.topics.append_message(topic, Role.ASSISTANT, "Usually the last week of November; Tofuku-ji and "
                                                      "the Kibune trail peak a few days apart.")

        async def shoot() -> None:
            async for w, _theme, tag in themed_windows(svc, topic):
                w.show_status("Topic “Packing list” deleted", 0)
                await grab(w, out_dir / f"chats-{tag}.png", 0.5)
                settings = w.pages.open_settings()
                for section in SettingsSection:
                    settings.show_section(section)
                    await grab(w, out_dir / f"settings-{section.name.lower()}-{tag}.png", 0.4)
                page = w.search.open()
                page.box.setText("kyoto")
                while not page.shown_queries:
                    await asyncio.sleep(0.05)
                await grab(w, out_dir / f"search-{tag}.png", 0.3)
                w.back_action.trigger()
                w.app_menu.popup(w.rail.more.mapToGlobal(w.rail.more.rect().topRight()))
                await grab(w.app_menu, out_dir / f"app-menu-{tag}.png", 0.3)
                w.app_menu.hide()

        return play(loop, shoot)


if __name__ == "__main__":
    run(main)
