"""Screenshots of walk42 #5, #6, #7 and #10 (a script, not a test): Settings → Providers
(a preset and a custom URL, each with its model list), Models (the providers' models),
System Agent, the provider form after a refused Test connection, the Memory page and
the inline editor, at 1366×768 and 800×560 in the light and the dark theme; each shot
is run through the design audit (contrast, clipping) and its line printed.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.settings42_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import audited, grab, offscreen_services, play, run, themed_windows


def main(out: Path) -> int:
    """Open each state on a small store, grab and audit it; returns the failed audits."""
    from chathub_desktop.core.messages import Role
    from chathub_desktop.gui.chat.message_action_bar import MessageAction
    from chathub_desktop.gui.settings.settings_page import SettingsSection
    from tests.fakes.vendor_server import FakeVendor
    from tests.gui.test_message_action_bar import hover

    bad = 0

    def audit(widget: Any, name: str, theme: str) -> None:
        nonlocal bad
        bad += not audited(widget, name, theme)

    with offscreen_services("chathub-settings42-") as (loop, svc), FakeVendor() as vendor:
        vendor.models_key = "sk-right"
        local = svc.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8083/v1")
        svc.provider_models.remember(local.id, ["smollm2-135m"], {"smollm2-135m": 2048})
        box = svc.providers.add("Acme box", "openai_compatible", vendor.base_url, api_key="sk-wrong")
        svc.provider_models.remember(box.id, ["acme-7b", "acme-13b"], {"acme-7b": 8192})
        svc.models.set("acme-13b", 16384, provider="Acme box")
        aid = svc.assistants.create("Assistant", provider="llama.cpp server", model="smollm2-135m").id
        topic = svc.topics.create(aid, "Lisbon").id
        for k in range(4):
            svc.chat.append_row(topic, Role.USER, f"One more tip for Lisbon, day {k}, in one line?")
            svc.chat.append_row(topic, Role.ASSISTANT, f"Day {k}: the tram 28 early, then the Alfama on foot.")

        async def shoot() -> None:
            async for w, theme, tag in themed_windows(svc, topic, settle_s=0.8):
                view, model = w.message_view, w.message_model
                view.scroll_to_end()
                await asyncio.sleep(0.3)
                hover(view, model.rowCount() - 2)
                view.action_bar.buttons[MessageAction.EDIT].click()
                await grab(w, out / f"inline-edit-{tag}.png", 0.5)
                audit(w, f"inline-edit-{tag}", theme)
                w.inline_editor.cancel()
                w.memory_action.trigger()
                await grab(w, out / f"memory-{tag}.png", 1.2)
                audit(w, f"memory-{tag}", theme)
                settings = w.pages.open_settings()
                for sec in (SettingsSection.PROVIDERS, SettingsSection.MODELS, SettingsSection.SYSTEM_AGENT):
                    settings.show_section(sec)
                    await grab(w, out / f"{sec.name.lower()}-{tag}.png", 0.8)
                    audit(w, f"{sec.name.lower()}-{tag}", theme)
                settings.show_section(SettingsSection.PROVIDERS)
                page = settings.providers_page
                page.list.setCurrentRow(1)
                await grab(w, out / f"providers-custom-{tag}.png", 0.6)
                audit(w, f"providers-custom-{tag}", theme)
                form = page.add_provider()
                form.ui.baseUrlEdit.setText(vendor.base_url)
                form.ui.nameEdit.setText("Fake")
                form.ui.keyringRadio.setChecked(True)
                form.ui.keyEdit.setText("sk-wrong")
                test = form.connection_test
                assert test is not None
                await test.start()
                await grab(form, out / f"form-tested-{tag}.png", 0.4)
                audit(form, f"form-tested-{tag}", theme)
                form.reject()
                w.back_action.trigger()

        play(loop, shoot)
    return bad


if __name__ == "__main__":
    run(main)
