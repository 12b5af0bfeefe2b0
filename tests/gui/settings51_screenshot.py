"""Screenshots of walk51's Settings (issue 29; a script, not a test): every section as
rows (name and description at the left, a compact control at the right) — Providers,
Models, System Agent (Advanced closed and open), Tools, Storage, Appearance — at
1366×768 and 800×560 in the light and the dark theme, in English, 简体中文 and 日本語; each
shot is run through the design audit (contrast, clipping) and its line printed.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.settings51_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import (
    SIZES,
    audited,
    offscreen_services,
    play,
    run,
    shoot_languages,
    themed_windows,
)


def _store(svc: Any) -> int:
    """Providers, served models and a card as walk51 had them; returns a topic id."""
    from chathub_desktop.core.messages import Role

    local = svc.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8083/v1")
    svc.provider_models.remember(local.id, ["smollm2-135m"], {"smollm2-135m": 2048})
    spam = svc.providers.add("HSpammer", "openai_compatible", "http://127.0.0.1:8872/v1")
    svc.provider_models.remember(spam.id, ["hostile-1"], {})
    svc.models.set("acme-13b", 16384, provider="llama.cpp server", max_output=4096)
    aid = svc.assistants.create("Assistant", provider="llama.cpp server", model="smollm2-135m").id
    topic = svc.topics.create(aid, "Lisbon").id
    svc.chat.append_row(topic, Role.USER, "One tip for Lisbon?")
    svc.chat.append_row(topic, Role.ASSISTANT, "The tram 28 early.")
    return int(topic)


async def _sections(w: Any, shot: Any, tag: str) -> None:
    """Shoot each Settings section of window ``w`` (System Agent also with Advanced open)."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    settings = w.pages.open_settings()
    for sec in SettingsSection:
        settings.show_section(sec)
        await asyncio.sleep(0.6)
        shot(w, f"{sec.name.lower()}-{tag}")
        if sec is SettingsSection.SYSTEM_AGENT:
            page = settings.system_page
            page.advanced.set_open(True)
            await asyncio.sleep(0.4)
            page.form_area.ensureWidgetVisible(page.failures_spin)
            await asyncio.sleep(0.3)
            shot(w, f"{sec.name.lower()}-advanced-{tag}")
            page.advanced.set_open(False)
    settings.show_section(SettingsSection.PROVIDERS)
    w.back_action.trigger()


def main(out: Path) -> int:
    """Open each section on a small store, grab and audit it; returns the failed audits."""
    bad = 0
    with offscreen_services("chathub-settings51-") as (loop, svc):
        topic = _store(svc)
        for size in SIZES:  # the languages first: a later switch would reach the closed windows too

            async def scene(w: Any, _theme: str, shot: Any, size: tuple[int, int] = size) -> None:
                await _sections(w, shot, f"{size[0]}x{size[1]}")

            bad += shoot_languages(loop, svc, out, size, scene)

        async def shoot() -> None:
            nonlocal bad
            async for w, theme, tag in themed_windows(svc, topic, settle_s=0.8):

                def shot(widget: Any, name: str, theme: str = theme) -> None:
                    nonlocal bad
                    widget.grab().save(str(out / f"{name}.png"))
                    bad += not audited(widget, name, theme)

                await _sections(w, shot, tag)

        play(loop, shoot)
    return bad


if __name__ == "__main__":
    run(main)
