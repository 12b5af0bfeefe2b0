"""Grabs session 51's fixes (issues 28, 29, 30) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.fix51_screenshot [OUT_DIR]

Writes, for the light and the dark theme, into OUT_DIR (default ``/tmp/chathub-shots``):

- ``search-similar-<theme>.png``: Search for "invoice" with word matches first and a
  paraphrase found by meaning under its heading, tagged "≈ similar" (the tab says
  "Messages (2 + 1 similar)");
- ``invisible-note-<theme>.png``: a reply and a topic title that held one stray
  right-to-left override, each with "1 invisible character not shown" (singular);
- ``regenerate-repeats-<theme>.png``: Regenerate's preview of a card that mostly repeats
  itself, with the warning line and "Keep the old card" the default.

The History Compress model is the scripted fake vendor; the by-meaning hit is the
service's own hit marked as found by meaning (the offscreen run has no embedding model).
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import close_window, offscreen_services, open_window, run
from tests.unit.test_card_degenerate import WALK50_CARD

RLO = "\u202e"


def main(out_dir: Path) -> int:
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory import change_preview
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.services.search.search_service import HitMatch, SearchResults
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
    from tests.fakes.vendor_server import FakeVendor, Reply

    out_dir.mkdir(parents=True, exist_ok=True)
    with offscreen_services("chathub-fix51-") as (loop, svc), FakeVendor() as vendor:
        svc.providers.add("Summ", "openai", vendor.base_url, api_key="sk-summ")
        svc.settings.set("history-compress-model", "Summ/smollm2-135m")
        a = svc.assistants.create("Assistant", provider="Summ", model="smollm2-135m")
        for title, text in (("Billing", "The invoice for March is overdue; can you draft a reminder?"),
                            ("Accounts", "Please send me the bill for last month as a PDF."),
                            ("Supplier", "The invoice number goes in the payment reference field.")):
            t = svc.topics.create(a.id, title).id
            svc.topics.append_message(t, Role.USER, text)
        odd = svc.topics.create(a.id, f"Quarterly {RLO}report").id
        svc.topics.append_message(odd, Role.USER, "Summarize the report")
        svc.topics.append_message(odd, Role.ASSISTANT, f"The file is named report{RLO}fdp.exe — do not open it.")
        day = datetime.now(UTC).date() - timedelta(days=1)
        yesterday = svc.topics.create(a.id, title="Yesterday").id
        svc.chat.append_row(yesterday, role=Role.USER, content="what is a joke",
                            created_at=datetime.combine(day, dtime(12, tzinfo=UTC)))
        cards = dm.append_day_card([], day, "- Asks for jokes\n- Prefers short answers")
        with svc.db.write() as s:
            s.merge(DynamicMemoryDocument(assistant_id=a.id, body=dm.render_document(cards), updated_at=utcnow()))
        found = svc.search.search("bill").hits[0]  # as recall finds it: none of the query's words in bold
        bill = replace(found, snippet=replace(found.snippet, spans=()), match=HitMatch.MEANING)

        def by_meaning(query: str, _filters: object) -> SearchResults:
            found = svc.search.search(query)
            return SearchResults(query, [found.hits[0], bill, *found.hits[1:]], found.mode)

        async def scenario() -> None:
            app = QApplication.instance()
            for theme in ("light", "dark"):
                w = await open_window(svc, odd, (1366, 768))
                w.view.prefs.set_theme(theme)
                await asyncio.sleep(0.6)
                w.grab().save(str(out_dir / f"invisible-note-{theme}.png"))
                page = w.search.open()
                page._by_meaning, page._search_by_meaning = True, by_meaning
                done = len(page.shown_queries)
                page.box.setText("invoice")
                while len(page.shown_queries) <= done:
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.3)
                w.grab().save(str(out_dir / f"search-similar-{theme}.png"))
                page.box.clear()
                await close_window(w)

                apply_theme(app, theme)  # type: ignore[arg-type]
                memory = MemoryPage(svc, a.id)
                memory.resize(1366, 740)
                memory.show()
                panel = memory.dream_panel
                while panel.model.rowCount() < 1 or memory.runner.pending():
                    await asyncio.sleep(0.05)

                def ask(parent, title, heading, options, action, theme=theme):  # type: ignore[no-untyped-def]
                    dlg = change_preview.ChangePreviewDialog(parent, title, heading, options, action)
                    dlg.show()
                    for _ in range(10):
                        QApplication.processEvents()
                    dlg.grab().save(str(out_dir / f"regenerate-repeats-{theme}.png"))
                    dlg.close()
                    return None

                change_preview.ask = ask
                vendor.script(Reply(text_chunks=[WALK50_CARD]))
                panel.runs.regenerate(1)
                while panel.runs.dreaming:
                    await asyncio.sleep(0.05)
                memory.detach()
                memory.close()
                await memory.runner.shutdown()

        loop.run_until_complete(scenario())
    for name in ("search-similar", "invisible-note", "regenerate-repeats"):
        for theme in ("light", "dark"):
            print(out_dir / f"{name}-{theme}.png")
    return 0


if __name__ == "__main__":
    run(main)
