"""Screenshots of issue 29's Settings pages and token popover after walk29 #8–#14 (a
script, not a test): the token popover (anchored on a report, Details open and closed),
Providers empty and with providers, the provider form, Models and Tools empty, at
1366×768 and 800×560 in the light and the dark theme.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.settings29_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui.shot_harness import grab, offscreen_services, play, run, themed_windows


def main(out_dir: Path) -> int:
    """Open each state on a small store and grab it at both sizes in both themes."""
    from chathub_desktop.core.mcp_config import McpServerConfig
    from chathub_desktop.gui.settings.settings_page import SettingsSection
    from tests import meter_states
    from tests.fakes.vendor_server import FakeVendor

    with offscreen_services("chathub-settings29-") as (loop, svc), FakeVendor() as vendor:
        topic, draft, _att = meter_states.anchored_with_tail(svc, vendor)

        async def shoot() -> None:
            async for w, _theme, tag in themed_windows(svc, topic):
                w.composer.draft.setPlainText(draft)
                await asyncio.sleep(0.8)
                badge = w.composer.badge
                badge.open_popover()
                await grab(badge.popover, out_dir / f"popover-{tag}.png", 0.4)
                badge.popover.details_button.click()
                await grab(badge.popover, out_dir / f"popover-details-{tag}.png", 0.3)
                badge.popover.details_button.click()
                badge.popover.hide()
                settings = w.pages.open_settings()
                await grab(w, out_dir / f"providers-{tag}.png", 0.5)
                form = settings.providers_page.add_provider()
                await grab(form, out_dir / f"provider-form-{tag}.png", 0.3)
                form.reject()
                for section in (SettingsSection.MODELS, SettingsSection.TOOLS):
                    settings.show_section(section)
                    await grab(w, out_dir / f"{section.name.lower()}-empty-{tag}.png", 0.4)
                tools = settings.current_page()
                await asyncio.to_thread(svc.mcp.add, McpServerConfig.http("docs", "https://mcp.example.test/mcp"))
                tools.reload()
                await grab(w, out_dir / f"tools-one-{tag}.png", 0.6)
                await asyncio.to_thread(svc.mcp.remove, "docs")
                settings.show_section(SettingsSection.PROVIDERS)
                w.back_action.trigger()

        return play(loop, shoot)


if __name__ == "__main__":
    run(main)
