"""Screenshots of the Topic summary dialog (its Summary tab, an edited summary) and the
Import chats dialog (a result said with its figures) in Simplified Chinese and Japanese,
light and dark, with the design audit's verdict for each (issue 27; a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.lang41_screenshot [OUT_DIR]

Writes ``<lang>-<theme>-summary.png``, ``<lang>-<theme>-probes.png`` and
``<lang>-<theme>-import.png``; prints one audit line per shot.
"""

from __future__ import annotations

import asyncio
import functools
import os
import sys
from pathlib import Path

from chathub_desktop.core.messages import Role

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("CHATHUB_ALLOW_TEST_DOUBLES", "1")

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def main(out: Path) -> int:
    """Build the window, open both dialogs per language and theme, grab and audit;
    returns 0 when every audit passed, else 1."""
    from PySide6.QtWidgets import QApplication, QWidget

    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.dialogs.import_dialog import ImportDialog, result_text
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.gui.shell.nav_rail import AssistantItem
    from chathub_desktop.services.transfer.chat_import import ImportResult
    from tests.gui.shot_harness import offscreen_services

    with offscreen_services("chathub-shot-lang41-") as (loop, svc):
        aid = svc.assistants.create("Helper").id
        topic = svc.topics.create(aid, title="Kyoto trip").id
        svc.chat.append_row(topic, role=Role.USER, content="Plan the Kyoto trip in a table")
        svc.compaction.edit_summary(topic, "The user plans a three-day Kyoto trip in April; keep a table of "
                                    "temples, trains and costs.", expected="")
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
                    dlg = window.compaction.open_summary(topic)
                    assert dlg is not None
                    while not dlg.is_loaded():
                        await asyncio.sleep(0.1)
                    await asyncio.sleep(0.3)
                    shot(dlg, f"{lang.value}-{theme}-summary", theme)
                    dlg.tabs.setCurrentIndex(dlg.probes_index)
                    await asyncio.sleep(0.5)
                    shot(dlg, f"{lang.value}-{theme}-probes", theme)
                    dlg.reject()
                    imp = ImportDialog(svc, window.runner, [AssistantItem(aid, "Helper")], aid, window)
                    imp.path_edit.setText("/home/me/Downloads/chatgpt-export.zip")
                    result = ImportResult(12, 3, 480, topics_updated=2, branch_messages_skipped=7)
                    imp._show(functools.partial(result_text, result))  # what a finished import shows
                    imp.show()
                    await asyncio.sleep(0.5)
                    shot(imp, f"{lang.value}-{theme}-import", theme)
                    imp.reject()
            window.view.language.apply(UiLanguage.SYSTEM)
            await window.shutdown()
            window.close()
            return bad

        failed = loop.run_until_complete(scenario())
    return 1 if failed else 0


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/chathub-lang41")
    target.mkdir(parents=True, exist_ok=True)
    sys.exit(main(target))
