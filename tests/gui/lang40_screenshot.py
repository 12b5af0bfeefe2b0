"""Screenshots of the assistant dialog's Chat Preference tab with "Language of summaries
and dream cards", and of a dream outcome said on the Memory page, in Simplified Chinese
and Japanese, light and dark, with the design audit's verdict for each (issue 27; a
script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.lang40_screenshot [OUT_DIR]

Writes ``<lang>-<theme>-assistant.png`` and ``<lang>-<theme>-dream-outcome.png``; prints
one audit line per shot.
"""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

from chathub_desktop.core.messages import Role

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("CHATHUB_ALLOW_TEST_DOUBLES", "1")

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def main(out: Path) -> int:
    """Build the window, open the dialog and the Memory page per language and theme,
    grab and audit; returns 0 when every audit passed, else 1."""
    from PySide6.QtWidgets import QApplication, QWidget

    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.memory import change_preview
    from chathub_desktop.gui.shell.main_window import MainWindow
    from tests.fakes.vendor_server import FakeVendor, Reply
    from tests.gui.shot_harness import offscreen_services

    change_preview.ask = lambda *_a, **_k: "add"  # type: ignore[assignment]  # Dream now's preview: go ahead
    with FakeVendor() as summ, offscreen_services("chathub-shot-lang40-") as (loop, svc):
        svc.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
        svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
        aid = svc.assistants.create("Helper", provider="Summ", model="gpt-4o").id
        svc.assistants.update(aid, card_language="ja")
        day = datetime.now(UTC).date() - timedelta(days=1)
        topic = svc.topics.create(aid, title="Kyoto trip").id
        svc.chat.append_row(topic, role=Role.USER, content="Plan the Kyoto trip in a table",
                         created_at=datetime.combine(day, dtime(9, 0, tzinfo=UTC)))
        window = MainWindow(svc)
        window.resize(1366, 768)
        window.show()

        async def scenario() -> int:
            bad = 0
            app = QApplication.instance()
            assert app is not None
            await asyncio.sleep(0.5)

            def shot(widget: QWidget, name: str, theme: str) -> None:
                nonlocal bad
                app.processEvents()
                widget.grab().save(str(out / f"{name}.png"))
                report = audit_window(widget, theme)
                print(name, report.line(), *(f"\n  {f.what}: {f.detail}" for f in report.contrast + report.clipped))
                bad += not report.ok

            for lang in (UiLanguage.CHINESE_SIMPLIFIED, UiLanguage.JAPANESE):
                window.view.language_actions[lang].trigger()
                for theme in ("light", "dark"):
                    window.view.prefs.set_theme(theme)
                    await asyncio.sleep(0.5)
                    dlg = window.pages.open_edit_assistant()
                    assert dlg is not None
                    while not dlg.is_loaded():
                        await asyncio.sleep(0.1)
                    dlg.open_chat_preference()
                    await asyncio.sleep(0.4)
                    shot(dlg, f"{lang.value}-{theme}-assistant", theme)
                    dlg.reject()
                    page = window.pages.open_memory()
                    panel = page.dream_panel
                    while panel.day_picker.count() == 0 or panel.runner.pending():
                        await asyncio.sleep(0.1)
                    summ.script(Reply(text_chunks=["NO_CHANGES"]))
                    panel.runs.dream_now()
                    while panel.runs.dreaming or not panel.status_label.text():
                        await asyncio.sleep(0.1)
                    await asyncio.sleep(0.4)
                    print("status:", panel.status_label.text())
                    shot(window, f"{lang.value}-{theme}-dream-outcome", theme)
            window.view.language.apply(UiLanguage.SYSTEM)
            await window.shutdown()
            window.close()
            return bad

        failed = loop.run_until_complete(scenario())
    return 1 if failed else 0


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/chathub-lang40")
    target.mkdir(parents=True, exist_ok=True)
    sys.exit(main(target))
