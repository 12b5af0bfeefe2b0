"""Screenshots of what walk40 found dated outside the Memory page (issue 29; a script, not
a test): Settings → Providers with a llama.cpp server the wizard found on another port
(its "L" mark, the filled pane) and the rail with three assistants (their colours, one
emoji) with the assistant menu open, at 1366×768 and 800×560, light and dark. The
Memory page itself: ``python -m tests.gui.memory_page_screenshot OUT_DIR``.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.look42_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui.shot_harness import (
    close_window,
    grab,
    offscreen_services,
    open_window,
    play,
    run,
    sizes_and_themes,
)


def main(out_dir: Path) -> int:
    """Grab each state at both sizes in both themes into ``out_dir``."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    with offscreen_services("chathub-look42-") as (loop, svc):
        local = svc.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8083/v1")
        svc.provider_models.remember(local.id, ["smollm2-135m", "qwen2.5-0.5b-instruct"],
                                     {"smollm2-135m": 8192, "qwen2.5-0.5b-instruct": 32768})
        svc.providers.add("OpenAI", "openai", "https://api.openai.com/v1", api_key_env="OPENAI_API_KEY")
        a = svc.assistants.create("Assistant", provider=local.id, model="smollm2-135m")
        svc.assistants.create("Writer", provider=local.id, model="smollm2-135m")
        travel = svc.assistants.create("Travel", provider=local.id, model="smollm2-135m")
        svc.assistants.update(travel.id, avatar="🧭")
        topic = svc.topics.create(a.id, "Lisbon").id
        async def shoot() -> None:
            w = await open_window(svc, topic, (1366, 768))
            async for size, theme, tag in sizes_and_themes(w):
                settings = w.pages.open_settings()
                settings.show_section(SettingsSection.PROVIDERS)
                page = settings.providers_page
                for i in range(page.list.count()):
                    if page.list.item(i).text() == "llama.cpp server":
                        page.list.setCurrentRow(i)
                await grab(w, out_dir / f"providers-{tag}.png", 0.8)
                settings.back_requested.emit()
                await asyncio.sleep(0.2)
                if size == (1366, 768):
                    menu = w.rail.menu
                    menu.popup(w.rail.avatar.mapToGlobal(w.rail.avatar.rect().bottomRight()))
                    await asyncio.sleep(0.3)
                    await grab(menu, out_dir / f"rail-menu-{theme}.png", 0.2)
                    menu.hide()
                    await grab(w, out_dir / f"rail-{tag}.png", 0.3)
            await close_window(w)

        return play(loop, shoot)


if __name__ == "__main__":
    run(main)
