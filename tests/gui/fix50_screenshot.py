"""Screenshots of the walk50 fixes (issues 28, 29), light and dark (a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.fix50_screenshot [OUT_DIR]

At 1366x768, each audited: the window before the first topic, its model chip naming the
assistant's model (``chip-*``); Edit assistant's "No model card … Add its model card…"
hint (``assistant-hint-*``); Settings → System Agent's History Compress note
(``system-agent-*``); the import dialog's end state (``import-done-*``); a stopped
reply's action bar with Regenerate (``stopped-bar-*``); the setup wizard after a tested
provider, Continue primary (``wizard-tested-*``).
"""

from __future__ import annotations

import asyncio
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.gui import shot_harness as shots


def main(out_dir: Path) -> int:
    """Grab each state in both themes into ``out_dir``; 1 when an audit failed."""
    from PySide6.QtWidgets import QApplication
    from sqlalchemy import insert

    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.storage.models import Message
    from tests.fakes.vendor_server import FakeVendor
    from tests.gui.helpers import conversation, write_export
    from tests.gui.test_message_action_bar import hover

    bad = 0
    folder = Path(tempfile.mkdtemp(prefix="fix50-export-"))
    exports = {theme: write_export(folder / f"{theme}.json", [
        conversation(f"Trip plan {i}", [("user", f"Question {i}?"), ("assistant", f"Answer {i}.")], f"{theme}{i}")
        for i in range(2)]) for theme in ("light", "dark")}
    with shots.offscreen_services("chathub-fix50shot-") as (loop, svc), FakeVendor() as vendor:
        app = QApplication.instance()
        p = svc.providers.add("llama.cpp server", "openai_compatible", vendor.base_url)
        helper = svc.assistants.create("Helper", provider=p.id, model="my-local-llm")
        coder = svc.assistants.create("Coder", provider=p.id, model="smollm2-135m")
        topic = svc.topics.create(coder.id, "Essay").id
        now = datetime.now(UTC) - timedelta(minutes=5)
        with svc.db.write() as s:
            s.execute(insert(Message), [
                {"topic_id": topic, "seq": 1, "role": "user", "created_at": now, "content": "Write an essay on rivers."},
                {"topic_id": topic, "seq": 2, "role": "assistant", "created_at": now, "status": "cancelled",
                 "content": "Rivers shape the land they cross. They carve valleys, carry"}])

        async def scenario() -> None:
            nonlocal bad

            def shot(widget: object, name: str, theme: str) -> None:
                nonlocal bad
                app.processEvents()
                widget.grab().save(str(out_dir / f"{name}-{theme}.png"))  # type: ignore[attr-defined]
                bad += not shots.audited(widget, f"{name}-{theme}", theme)

            for theme in ("light", "dark"):
                w = MainWindow(svc)
                w.resize(1366, 768)
                w.show()
                w.view.prefs.set_theme(theme)
                await w.load_assistants()
                await w.load_assistants(helper.id)
                await asyncio.sleep(0.8)
                shot(w, "chip", theme)
                dlg = w.pages.open_edit_assistant()
                for _ in range(100):
                    if dlg.is_loaded() and "No model card" in dlg.model_choices.hint.text():
                        break
                    await asyncio.sleep(0.1)
                await asyncio.sleep(0.3)
                shot(dlg, "assistant-hint", theme)
                dlg.reject()
                settings = w.pages.open_system_agent()
                await asyncio.sleep(0.8)
                shot(settings, "system-agent", theme)
                settings.close()
                imp = w.pages.open_import()
                imp.assistant_combo.setCurrentIndex(imp.assistant_combo.findData(coder.id))  # Helper keeps none
                imp.path_edit.setText(str(exports[theme]))
                imp.start()
                for _ in range(100):
                    if imp.result_message:
                        break
                    await asyncio.sleep(0.1)
                await asyncio.sleep(0.3)
                shot(imp, "import-done", theme)
                imp.reject()
                await w.load_assistants(coder.id)
                w.select_topic(topic)
                await asyncio.sleep(0.8)
                view = w.message_view
                view.action_bar.dismiss()
                hover(view, 1)
                await asyncio.sleep(0.3)
                shot(view, "stopped-bar", theme)
                wizard = w.pages.open_setup()
                wizard.next()
                page = wizard.provider_page
                for _ in range(50):
                    if not wizard.busy():
                        break
                    await asyncio.sleep(0.1)
                page.test_connection()
                for _ in range(100):
                    if page.result_label.text()[:1] in ("✓", "✗"):
                        break
                    await asyncio.sleep(0.1)
                await asyncio.sleep(0.3)
                shot(wizard, "wizard-tested", theme)
                wizard.reject()
                await shots.close_window(w)

        shots.play(loop, scenario)
    return 1 if bad else 0


if __name__ == "__main__":
    shots.run(main)
