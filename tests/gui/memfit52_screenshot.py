"""Grabs the Memory page's fixed list in a window (memfit52, walk52b #1), in both themes —
a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.memfit52_screenshot [OUT_DIR]

Writes ``memfit52-{state}-{size}-{theme}.png`` into OUT_DIR, each with its audit line
printed: ``three`` (three entries, shown whole), ``edit2`` (#2 edited in place, the list
grown round it, the page scrolled to the editor) and ``long`` (forty entries: a box most of
the page high), at 800×560 and 1366×768.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui.shot_harness import offscreen_services, run

TEXTS = ("Prefers short answers with code first", "Works in Berlin (CET)", "Writes Python 3.11")
SIZES = ((800, 560), (1366, 768))


def main(out_dir: Path) -> int:
    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QApplication, QWidget

    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.gui.shell.main_window import MainWindow

    out_dir.mkdir(parents=True, exist_ok=True)
    failures = 0

    def shot(w: QWidget, name: str, theme: str) -> None:
        nonlocal failures
        w.grab().save(str(out_dir / f"memfit52-{name}-{theme}.png"))
        report = audit_window(w, theme)
        print(name, theme, report.line(), flush=True)
        for f in report.contrast + report.clipped:
            print(f"  {f.what}: {f.detail}", flush=True)
        failures += len(report.contrast) + len(report.clipped)

    with offscreen_services("chathub-memfit52shot-") as (loop, svc):
        if QLocale.system().language() == QLocale.Language.C:
            QLocale.setDefault(QLocale("en"))
        a = svc.assistants.create("Coder", model="gpt-4o-mini")
        b = svc.assistants.create("Archivist", model="gpt-4o-mini")
        for text in TEXTS:
            svc.memory.add(a.id, text)
        for i in range(40):
            svc.memory.add(b.id, f"Fact number {i}: kept for the long list")
        svc.topics.create(a.id, "Release notes")
        svc.topics.create(b.id, "Notes")

        async def settle() -> None:
            await asyncio.sleep(0.4)

        async def memory_of(w: MainWindow, aid: int) -> MemoryPage:
            w.reload_assistants(aid)
            while w.current_assistant_id() != aid:
                await asyncio.sleep(0.05)
            page = w.pages.open_memory()
            assert page is not None
            while page.loads < 1 or page.dream_panel.loads < 1:
                await asyncio.sleep(0.05)
            await settle()
            return page

        async def scenario() -> None:
            for theme in ("light", "dark"):
                for width, height in SIZES:
                    size = f"{width}x{height}"
                    w = MainWindow(svc)
                    w.resize(width, height)
                    w.show()
                    await w.load_assistants()
                    apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]  # after the window's own
                    page = await memory_of(w, a.id)
                    shot(w, f"three-{size}", theme)
                    page.select_number(2)
                    page.entry_actions.edit_current()
                    await settle()
                    shot(w, f"edit2-{size}", theme)
                    page.list.closePersistentEditor(page.list.currentIndex())
                    await memory_of(w, b.id)
                    shot(w, f"long-{size}", theme)
                    await w.shutdown()
                    w.close()
                    w.deleteLater()
                    await asyncio.sleep(0.2)

        loop.run_until_complete(scenario())
    return 1 if failures else 0


if __name__ == "__main__":
    run(main)
