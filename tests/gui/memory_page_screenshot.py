"""Grabs the Memory page of issue 30 in both themes — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.memory_page_screenshot [OUT_DIR]

Writes ``screenshot-memory-page-{light,dark}.png`` (1366×740 with its Back header: fixed memory with its
provenance chips, a paused entry and a note, the schedule form with its local time and
catch-up notice, the dream cards), ``screenshot-memory-filter-{theme}.png`` (the filter
narrowing the list), ``screenshot-memory-proposals-{theme}.png`` (the Proposals tab) and
``screenshot-memory-raw-{theme}.png`` (the raw editor beside what saving gives) and
``screenshot-memory-history-{theme}.png`` (the History panel), ``-edit-`` (the inline Add
editor and a card edited in place), ``-dream-edit-`` (a dream card edited in place),
``-timeline-`` (a range card open), ``-folded-`` (the Dreaming memory group folded), ``-import-merge-`` (Import's Merge
with a repeat unticked), ``-small-`` (744×560, the page in an 800×560 window),
``-small-weekly-`` (the same with a weekly schedule's wider row) and
``-small-cards-`` (the same, scrolled to the dream cards) into OUT_DIR (default ``docs``).
"""

from __future__ import annotations

import asyncio
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from tests.gui.shot_harness import REPO, run


def main(out_dir: Path) -> int:
    import keyring
    import qasync
    from PySide6.QtCore import QLocale
    from PySide6.QtWidgets import QApplication, QWidget

    from chathub_desktop.app_bootstrap import make_application
    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory.change_preview import ChangePreviewDialog, PreviewOption
    from chathub_desktop.gui.memory.change_rows import PreviewChoice
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.gui.shell.task_runner import install_asyncgen_hooks
    from chathub_desktop.services.container import open_services
    from chathub_desktop.storage.models import Assistant, DynamicMemoryDocument, utcnow
    from tests.fakes.memory_keyring import MemoryKeyring
    from tests.gui.memory_screenshot import populate

    failures = 0

    def shot(w: QWidget, name: str, theme: str) -> None:
        """Save ``w`` as ``screenshot-memory-<name>-<theme>.png`` and print its audit line
        (CHATHUB_AUDIT: contrast failures and cut texts, issue 30)."""
        nonlocal failures
        w.grab().save(str(out_dir / f"screenshot-memory-{name}-{theme}.png"))
        report = audit_window(w, theme)
        print(name, report.line(), flush=True)
        for f in report.contrast + report.clipped:
            print(f"  {f.what}: {f.detail}", flush=True)
        failures += len(report.contrast) + len(report.clipped)

    keyring.set_keyring(MemoryKeyring())
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="chathub-memshot30-"))
    app = make_application()
    if QLocale.system().language() == QLocale.Language.C:  # as the app's language switch does for "System"
        QLocale.setDefault(QLocale("en"))  # the page's dates in the locale (issue 30), not C's "3 12 2026"
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    install_asyncgen_hooks(loop)
    svc = open_services(f"sqlite:///{tmp / 'store.sqlite3'}")
    try:
        a = svc.assistants.create("Coder", model="gpt-4o-mini")
        with svc.db.write() as s:  # an assistant of last week: today's 02:00 slot is a catch-up (DRM-6
            # counts no slot from before the assistant existed, and the form's notice waits for one)
            s.get(Assistant, a.id).created_at = utcnow() - timedelta(days=7)  # type: ignore[union-attr]
        populate(svc, a.id, tmp)
        svc.memory.add_many(a.id, ["Is learning Japanese"], source="Claude", file="data-2026-11-30.zip")
        svc.memory.set_paused(a.id, 2, True, expected_text=svc.memory.entries(a.id)[1].text)
        snap = svc.memory.snapshot(a.id)
        svc.memory.save_raw(a.id, "## Work\n" + snap.document.replace(
            "#4:", "Keep in mind: ask before changing the build.\n#4:", 1), version=snap.version)
        today = datetime.now(UTC).date()
        cards: list[dm.Card] = []
        for k, text in ((9, "Likes changelogs as tables"), (8, "Wants the version in every heading"),
                        (3, "Keeps answers under ten lines"), (2, "Wants the SQL before any explanation"),
                        (1, "# How you work\n## Conversation 1\n- **Bullet points**, no prose\n- Short intros only")):
            cards = dm.append_day_card(cards, today - timedelta(days=k), text)
        with svc.db.write() as s:
            s.merge(DynamicMemoryDocument(assistant_id=a.id, body=dm.render_document(cards), updated_at=utcnow()))
        svc.dreams.set_keep(a.id, 3)
        for k, text in ((5, "Asks for type hints in every example"), (4, "Prefers pytest over unittest")):
            svc.dreams.review.propose(a.id, today - timedelta(days=k), text, None, None)  # the Proposals tab

        async def scenario() -> None:
            for theme in ("light", "dark"):
                apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
                page = MemoryPage(svc, a.id)
                page.resize(1366, 740)
                page.show()
                while page.loads < 1 or page.dream_panel.loads < 1:
                    await asyncio.sleep(0.05)
                form = page.dream_panel.schedule
                form.local_zone = (ZoneInfo("Europe/Berlin"), "Berlin")
                form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("daily"))
                form.time_edit.setText("02:00")
                while not form.catch_up_label.isVisible():
                    await asyncio.sleep(0.05)
                page.select_number(4)
                await asyncio.sleep(0.3)
                page.list.scrollToTop()  # the note, the chips and the paused entry in view
                await asyncio.sleep(0.2)
                shot(page, "page", theme)
                page.filter_edit.setText("pyth")
                await asyncio.sleep(0.2)
                shot(page, "filter", theme)
                page.filter_edit.clear()
                section = page.dream_panel.show_proposals()
                while section.loads < 1 or section.list.count() < 2:  # the tab's content read and shown
                    await asyncio.sleep(0.05)
                section.list.setCurrentRow(0)
                bar = page.body_scroll.verticalScrollBar()  # the page scrolled down to the dream cards
                buttons = section.accept_button
                for _turn in range(200):  # scrolled again until the grown tab's buttons are in view
                    bar.setValue(bar.maximum())
                    await asyncio.sleep(0.05)
                    if buttons.visibleRegion().boundingRect().height() == buttons.height():
                        break
                else:
                    raise RuntimeError("the Proposals tab's Accept button never came into view")
                await asyncio.sleep(0.2)
                shot(page, "proposals", theme)
                bar.setValue(0)
                page.dream_panel.tabs.setCurrentIndex(0)
                page.raw.open_raw()
                while not page.raw.is_open or page.raw.preview_model.total() == 0:
                    await asyncio.sleep(0.05)
                print("raw opened, page scrolled to", bar.value(), "of", bar.maximum())
                bar.setValue(0)  # the editor's top in view (the Proposals tab had scrolled the page)
                await asyncio.sleep(0.2)
                shot(page, "raw", theme)
                page.raw.cancel_raw()
                history = page.open_history()
                while history.loads < 1 or history.detail is None:
                    await asyncio.sleep(0.05)
                shot(page, "history", theme)
                history.back_button.click()
                # walk2: the inline Add editor and a fixed card edited in place (multi-line)
                page.entry_actions.add_memory().setPlainText("Prefers tabs over spaces in Makefiles")
                page.select_number(4)
                page.entry_actions.edit_current()
                await asyncio.sleep(0.3)
                shot(page, "edit", theme)
                page.list.setFocus()  # the editor commits nothing: its text is unchanged
                page.entry_actions.add_editor.cancelled.emit()
                # a dream card edited in place, counting against its cap
                page.dream_panel.card_actions.edit_card(3)
                await asyncio.sleep(0.3)
                shot(page, "dream-edit", theme)
                page.dream_panel.card_actions.close_editor()
                # the timeline with its range card open (the page scrolled down to it)
                page.dream_panel.model.toggle_fold(page.dream_panel.model.row_of(1) or 0)  # the range card, #1: the last row
                page.dream_panel.select_number(1)
                await asyncio.sleep(0.1)
                bar.setValue(bar.maximum())
                await asyncio.sleep(0.3)
                shot(page, "timeline", theme)
                page.dream_panel.model.toggle_fold(page.dream_panel.model.row_of(1) or 0)  # the range card, #1: the last row
                bar.setValue(0)
                # the Dreaming memory group folded: fixed memory gets the page
                page.dreaming.set_shown(False)
                await asyncio.sleep(0.2)
                shot(page, "folded", theme)
                page.dreaming.set_shown(True)
                # Import's Merge: the file's entries to tick, a repeat unticked and named (issue 30)
                merge = svc.memory_files.preview_import(
                    a.id, "#1: You prefer short answers with code first, explanation after\n#2: Plays the cello\n"
                    "#3: Uses Python 3.11 and PySide6\n", name="claude.md",
                    mode="merge")
                choices = tuple(PreviewChoice(m.text, m.repeats, m.added) for m in merge.merge_items)
                dlg = ChangePreviewDialog(page, "Import memory", "Import claude.md into Coder's memory?",
                                          [PreviewOption("merge", "Merge", merge.lines(), merge.fixed_changes,
                                                         choices=choices, primary=True),  # as the page: Import on Enter
                                           PreviewOption("replace", "Replace", ["…"], None)], "Import")
                dlg.show()
                await asyncio.sleep(0.2)
                shot(dlg, "import-merge", theme)
                dlg.close()
                # the smallest window: 800×560 less the rail (about 56 px) and the title
                page.resize(744, 560)
                await asyncio.sleep(0.3)
                shot(page, "small", theme)
                # Weekly's wider row: Cancel and Save at the card's foot (memlook52)
                form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("weekly"))
                await asyncio.sleep(0.3)
                shot(page, "small-weekly", theme)
                form.frequency_combo.setCurrentIndex(form.frequency_combo.findData("daily"))
                bar.setValue(bar.maximum())  # walk29 #15: the dream cards keep three rows there
                await asyncio.sleep(0.3)
                shot(page, "small-cards", theme)
                page.detach()
                page.close()
                await page.runner.shutdown()

        loop.run_until_complete(scenario())
    finally:
        svc.close()
    print(out_dir, f"audit failures: {failures}")
    return 0


if __name__ == "__main__":
    run(main, REPO / "docs")
