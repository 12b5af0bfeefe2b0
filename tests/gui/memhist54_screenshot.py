"""Grabs memhist54's states (issue 30 polish, audit54 walk #4–#6) in both themes — a
script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.memhist54_screenshot [OUT_DIR]

Writes, for light and dark: the Proposals tab with a card that folds into the range
(``proposals-THEME``), History's detail of a Keep that folded days (``history-fold-THEME``)
and of a raw save (``history-raw-THEME``) at 1366×768, History at 800×560
(``history-800-THEME``) and the import preview naming its untrusted entry
(``import-untrusted-THEME``).
"""

from __future__ import annotations

import asyncio
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import (
    Shots,
    dispose_window,
    offscreen_services,
    open_memory,
    play,
    run,
    until,
    window_in_theme,
)


def _seed(svc: Any, tmp: Path) -> int:
    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    a = svc.assistants.create("Ana").id
    for text in ("Speaks Portuguese and English", "Plays the cello", "Lives in Lisbon."):
        svc.memory.add(a, text)
    svc.memory.add(a, "Asked for tables twice after the search tool's page said so, and kept asking",
                   origin="agent", trusted=False)
    svc.memory.save_raw(a, svc.memory.document(a).replace("Plays the cello", "Plays the viola")
                        + "\n- ask about Miso's vet visit\n")
    cards: list[dm.Card] = []
    for day, body in ((date(2026, 11, 26), "- Wants tables"), (date(2026, 11, 27), "- Asks for code first"),
                      (date(2026, 12, 1), "- Likes dark mode"), (date(2026, 12, 2), "- Uses metric units")):
        cards = dm.append_day_card(cards, day, body)
    with svc.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=a, body=dm.render_document(cards), updated_at=utcnow()))
    svc.dreams.set_keep(a, 2)  # 26 and 27 Nov fold into a range card
    grown = dm.append_day_card(dm.parse_document(svc.dreams.document(a)), date(2026, 11, 30), "- Booked the vet")
    plan = dm.plan_retention(grown, 2)
    svc.dreams.review.set_enabled(a, True)
    svc.dreams.review.propose(a, date(2026, 11, 30), "- Booked the vet for Miso", plan,
                              (dm.concat_fold_body(plan), dm.FoldMethod.CONCATENATED) if plan else None)
    (tmp / "claude.md").write_text("#1: Lives in Lisbon, Portugal\n#2: Has a cat named Miso\n", encoding="utf-8")
    return a


def main(out_dir: Path) -> int:
    from PySide6.QtCore import QEventLoop, QTimer

    from chathub_desktop.gui.memory import change_preview
    from chathub_desktop.gui.memory.change_preview import ChangePreviewDialog

    shots = Shots(out_dir, "{name}-{theme}")
    with offscreen_services("chathub-memhist54-") as (loop, svc), tempfile.TemporaryDirectory() as folder:
        files = Path(folder)  # the file to import
        _seed(svc, files)

        async def scene() -> None:
            for theme in ("light", "dark"):
                w = await window_in_theme(svc, (1366, 768), theme)
                page = await open_memory(w)
                panel = page.dream_panel
                panel.show_proposals()
                await until(lambda p=panel: p.proposals.list.count() == 1)
                page.body_scroll.ensureWidgetVisible(panel.proposals)
                await asyncio.sleep(0.6)
                shots(w, "proposals", theme)
                history = page.open_history()
                await until(lambda h=history: h.loads >= 1 and h.detail is not None)
                for name, want in (("history-fold", "set Keep"), ("history-raw", "saved the raw")):
                    row = next(i for i, c in enumerate(history.changes) if want in c.action)
                    history.list.setCurrentRow(row)
                    await until(lambda r=row, h=history: h.detail is not None and h.detail.change.id == h.changes[r].id)
                    await asyncio.sleep(0.4)
                    shots(w, name, theme)
                w.resize(800, 560)
                await asyncio.sleep(0.6)
                shots(w, "history-800", theme)
                history.closed.emit()
                w.resize(1366, 768)
                await asyncio.sleep(0.4)

                def ask(parent: Any, title: Any, heading: Any, options: Any, action: Any, _ticked: Any = None,
                        theme: str = theme) -> None:
                    dlg = ChangePreviewDialog(parent, title, heading, options, action)
                    dlg.show()
                    wait = QEventLoop()  # as the dialog's own modal loop would
                    QTimer.singleShot(600, wait.quit)
                    wait.exec()
                    shots(dlg, "import-untrusted", theme)
                    dlg.reject()

                change_preview.ask = ask  # type: ignore[assignment]
                done: list[bool] = []
                page.transfer.import_finished.connect(done.append)
                page.transfer.import_from(files / "claude.md")
                await until(lambda d=done: bool(d))
                await dispose_window(w)

        play(loop, scene)
    return shots.exit_code


if __name__ == "__main__":
    run(main)
