"""Screenshots of walk40's first-hour fixes (issue 28; a script, not a test), in the light
and the dark theme:

- ``regenerate-preview-<theme>.png``: ↻ on a dream card shows the new card beside the old;
- ``day-picker-dreamt-<theme>.png``: the Memory page when every day with messages has a card;
- ``provider-no-list-<theme>.png``: Save of a keyless provider whose URL lists no models;
- ``inline-edit-800x560-<theme>.png``: Edit on a tall last message at 800×560.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.first42_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

from tests.gui.shot_harness import close_window, grab, offscreen_services, open_window, play, run

TALL = "\n".join(f"Stop {i}: a day in a town on the way back, with a museum and a long lunch" for i in range(40))


def main(out_dir: Path) -> int:
    """Open each state on a small store and grab it in both themes."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.core.messages import Role
    from chathub_desktop.core.provider_kinds import ProviderKind
    from chathub_desktop.gui.memory import change_preview
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
    from tests.fakes.vendor_server import FakeVendor, Reply

    with offscreen_services("chathub-first42-") as (loop, svc), FakeVendor() as vendor:
        svc.providers.add("Fake", "openai_compatible", vendor.base_url)
        svc.settings.set("history-compress-model", "Fake/fake-model")
        a = svc.assistants.create("Planner", provider="Fake", model="fake-model")
        yesterday = datetime.now(UTC).date() - timedelta(days=1)
        chat = svc.topics.create(a.id, title="Lisbon trip").id
        svc.chat.append_row(chat, Role.USER, "Plan Lisbon in a table",
                         created_at=datetime.combine(yesterday, dtime(12, tzinfo=UTC)))
        cards = dm.append_day_card([], yesterday, "- Prefers plans as tables\n- Short intros")
        with svc.db.write() as s:
            s.merge(DynamicMemoryDocument(assistant_id=a.id, body=dm.render_document(cards), updated_at=utcnow()))
        topic = svc.topics.create(a.id, title="Way back").id
        svc.chat.append_row(topic, Role.USER, "Plan my trip")
        svc.chat.append_row(topic, Role.ASSISTANT, "Sure, here is a plan.")
        svc.chat.append_row(topic, Role.USER, TALL)
        svc.chat.append_row(topic, Role.ASSISTANT, "Noted.")
        async def shoot() -> None:
            for theme in ("light", "dark"):
                w = await open_window(svc, topic, (800, 560))
                w.view.prefs.set_theme(theme)
                await asyncio.sleep(0.5)
                model = w.message_model
                w.message_actions.edit_message(model.message_at(model.rowCount() - 2).id)
                await grab(w, out_dir / f"inline-edit-800x560-{theme}.png", 0.6)
                w.inline_editor.cancel()
                settings = w.pages.open_settings()
                form = settings.providers_page.add_provider()
                form.ui.kindCombo.setCurrentIndex(form.ui.kindCombo.findData(ProviderKind.OPENAI_COMPATIBLE.value))
                form.ui.baseUrlEdit.setText(vendor.base_url.removesuffix("/v1") + "/nolist/v1")
                form.ui.nameEdit.setText("llama.cpp server")
                form.ui.noKeyRadio.setChecked(True)
                form._save()
                while form.saving() or not form.save_anyway.isVisible():
                    await asyncio.sleep(0.05)
                form.save_anyway.model_edit.setText("smollm2-135m")
                await grab(form, out_dir / f"provider-no-list-{theme}.png", 0.4)
                form.reject()
                w.back_action.trigger()
                page = MemoryPage(svc, a.id)
                page.resize(820, 760)
                page.show()
                panel = page.dream_panel
                while page.loads < 1 or panel.loads < 1 or panel.runner.pending():
                    await asyncio.sleep(0.05)
                await grab(page, out_dir / f"day-picker-dreamt-{theme}.png", 0.4)

                def ask(parent, title, heading, options, action, theme=theme):  # type: ignore[no-untyped-def]
                    dlg = change_preview.ChangePreviewDialog(parent, title, heading, options, action)
                    dlg.show()
                    for _ in range(10):
                        QApplication.processEvents()
                    dlg.grab().save(str(out_dir / f"regenerate-preview-{theme}.png"))
                    dlg.close()
                    return None  # keep the old card
                change_preview.ask = ask
                vendor.script(Reply(text_chunks=["- Wants trip plans as tables with prices\n- Asks for the way "
                                                 "back separately"]))
                panel.runs.regenerate(1)
                while panel.runs.dreaming:
                    await asyncio.sleep(0.05)
                page.detach()
                page.close()
                await page.runner.shutdown()
                await close_window(w)

        return play(loop, shoot)


if __name__ == "__main__":
    run(main)
