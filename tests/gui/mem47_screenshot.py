"""Grabs the Memory page's first open in a window, its empty Proposals tab and the tab with
a proposal (issue 30, walk45 #8), in both themes — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.mem47_screenshot [OUT_DIR]

Writes ``mem47-first-open-{theme}.png`` (the window, 1366×768, the Memory page made ahead
and opened through the rail's entry, no dream card yet), ``mem47-proposals-empty-{theme}.png``
and ``mem47-proposals-one-{theme}.png`` into OUT_DIR, each with its audit line printed.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.gui.shot_harness import offscreen_services, run


def main(out_dir: Path) -> int:
    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QApplication, QWidget

    from chathub_desktop.core.messages import Role
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.shell.main_window import MainWindow

    out_dir.mkdir(parents=True, exist_ok=True)
    failures = 0

    def shot(w: QWidget, name: str, theme: str) -> None:
        nonlocal failures
        w.grab().save(str(out_dir / f"mem47-{name}-{theme}.png"))
        report = audit_window(w, theme)
        print(name, theme, report.line(), flush=True)
        for f in report.contrast + report.clipped:
            print(f"  {f.what}: {f.detail}", flush=True)
        failures += len(report.contrast) + len(report.clipped)

    with offscreen_services("chathub-mem47shot-") as (loop, svc):
        if QLocale.system().language() == QLocale.Language.C:
            QLocale.setDefault(QLocale("en"))
        a = svc.assistants.create("Coder", model="gpt-4o-mini")
        for text in ("Prefers short answers with code first", "Works in Berlin (CET)", "Writes Python 3.11"):
            svc.memory.add(a.id, text)
        topic = svc.topics.create(a.id, "Release notes").id
        svc.topics.append_message(topic, Role.USER, "Write the changelog as a table")
        today = datetime.now(UTC).date()

        async def scenario() -> None:
            for theme in ("light", "dark"):
                for p in svc.dreams.review.proposals(a.id):
                    svc.dreams.review.discard(p.id)
                w = MainWindow(svc)
                w.resize(1366, 768)
                w.show()
                await w.load_assistants()
                w.select_topic(topic)
                apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]  # after the window's own
                while w.pages.prepared is None:  # made ahead once the window is idle
                    await asyncio.sleep(0.05)
                page = w.pages.open_memory()
                assert page is not None
                while page.loads < 1 or page.dream_panel.loads < 1:
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.3)
                shot(w, "first-open", theme)
                section = page.dream_panel.show_proposals()
                while section.loads < 1:
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.2)
                shot(w, "proposals-empty", theme)
                svc.dreams.review.propose(a.id, today - timedelta(days=2), "- Asks for type hints in every example",
                                          None, None)
                section.schedule_reload()
                while section.list.count() < 1:
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.2)
                shot(w, "proposals-one", theme)
                await w.shutdown()
                w.close()
                w.deleteLater()
                await asyncio.sleep(0.2)

        loop.run_until_complete(scenario())
    return 1 if failures else 0


if __name__ == "__main__":
    run(main)
