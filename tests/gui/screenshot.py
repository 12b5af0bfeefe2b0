"""Builds a populated main window and saves screenshots (a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.screenshot [OUT_DIR]

Writes ``docs/screenshot-main-window.png`` (1280×800) and its dark theme twin
``docs/screenshot-main-window-dark.png``, ``docs/screenshot-memory.png``
(the Memory page with fixed entries, dream cards and a daily schedule) and, into OUT_DIR (default
``/tmp/chathub-shots``), the settings, provider form and assistant dialogs. The data: a
provider on the local fake vendor, an assistant, a ChatGPT export imported (code
blocks, Markdown, a table, browser tool results, hidden reasoning), and one live
exchange with usage, so every bubble kind shows.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from pathlib import Path

from tests.gui.shot_harness import REPO, offscreen_services, play, run

CODE_REPLY = """Here is a small **retry helper** with exponential backoff:

```python
import asyncio
import random


async def retry(fn, attempts: int = 5, base: float = 0.5):
    \"\"\"Call ``fn`` until it succeeds, sleeping base·2^n (+ jitter).\"\"\"
    for n in range(attempts):
        try:
            return await fn()
        except ConnectionError:
            if n == attempts - 1:
                raise
            await asyncio.sleep(base * 2 ** n + random.random() / 10)
```

Key points:

1. The delay doubles each time (`0.5`, `1`, `2`, `4` s).
2. Jitter avoids a *thundering herd*.
3. Only `ConnectionError` is retried — other errors surface at once.

| attempt | delay (s) |
|---|---|
| 1 | 0.5 |
| 2 | 1.0 |
| 3 | 2.0 |
"""

LONG_REPLY = " ".join(
    [
        "Compaction keeps a long topic inside the model's context window: older turns are",
        "summarised by the History Compress model, the summary is wrapped and sent before the",
        "recent history, and the cursor moves forward so each message is summarised once.",
    ]
    * 4
)


def build_export(path: Path) -> Path:
    """A small export: one coding topic (+ thoughts and a tool result) and a web search."""
    from tests.fakes.chatgpt_exports import (
        ConversationBuilder,
        browser_conversation,
        execution_output_content,
        thoughts_content,
        write_export,
    )

    b = ConversationBuilder("Retry with backoff in asyncio", rng=random.Random(7),
                            create_time=time.time() - 3600)
    b.user("How do I retry an async call with exponential backoff in Python?")
    b.add("assistant", thoughts_content(("Plan", "Show a helper, explain jitter, give a table.")),
          end_turn=False)
    b.assistant(CODE_REPLY)
    b.user("Can you check it runs?")
    b.tool_call("python", "print(sum(0.5 * 2 ** n for n in range(4)))")
    b.tool_result("python", execution_output_content("7.5"))
    b.assistant("It runs: the four delays add up to **7.5 s** in total.")
    b.user("And why compact long topics at all?")
    b.assistant(LONG_REPLY)
    web, _expected, _ids = browser_conversation()
    write_export(path, [web, b.build()])
    return path


def seed_memory(svc, assistant_id: int) -> None:  # type: ignore[no-untyped-def]
    """Fixed entries, three dream cards (one a folded range) and a daily 02:00 schedule."""
    from datetime import date

    from chathub_desktop.core import dynamic_memory as dm
    from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow

    for text in ("Works in Python 3.12 and PySide6 on Debian", "Prefers short answers with the code first",
                 "Time zone: Europe/Lisbon"):
        svc.memory.add(assistant_id, text)
    days = [date(2026, 11, d) for d in (24, 25, 28, 29, 30)]
    bodies = ["Asks for pytest examples before the explanation; likes fixtures over setup methods.",
              "- Wants answers as bullet lists\n- Dislikes long introductions",
              "Writes commit messages in English, Conventional Commits with a why-focused body.",
              "- Pastes tracebacks and expects the fix first, then the cause\n- Uses ruff and mypy --strict",
              "Reviews diffs line by line; wants type hints on every public function."]
    cards: list[dm.Card] = []
    for d, body in zip(days, bodies, strict=True):
        cards = dm.append_day_card(cards, d, body)
    cards = dm.apply_retention(cards, 3)
    with svc.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=assistant_id, body=dm.render_document(cards), updated_at=utcnow()))
    svc.dreams.set_schedule(assistant_id, "daily", "02:00")


def main(out_dir: Path) -> int:
    """Build the window, grab it and the dialogs; returns 0."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.messages import Usage
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export
    from tests.fakes.vendor_server import FakeVendor, Reply

    out_dir.mkdir(parents=True, exist_ok=True)
    with offscreen_services("chathub-shot-") as (loop, svc), FakeVendor() as vendor, \
            tempfile.TemporaryDirectory() as tmp:
        app = QApplication.instance()
        p = svc.providers.add("OpenAI (fake)", "openai", vendor.base_url, api_key="sk-demo")
        svc.providers.add("Local Ollama", "openai_compatible", "http://127.0.0.1:11434/v1")
        a = svc.assistants.create("Coder", provider=p.id, model="gpt-4o-mini", avatar="💻",
                                  instructions="You are a careful senior Python engineer.")
        import_chatgpt_export(svc.db, a.id, build_export(Path(tmp) / "conversations.json"))
        window = MainWindow(svc)
        window.view.prefs.set_theme("light")
        window.resize(1280, 800)
        window.show()
        vendor.script(Reply(text_chunks=["Sure — ", "`asyncio.timeout()` ", "(3.11+) wraps ",
                                         "the call and raises `TimeoutError`."],
                            usage=Usage(input_tokens=1834, output_tokens=21, cached_tokens=1536)))

        async def scenario() -> None:
            await window.load_assistants()  # read on a worker (issue 29)
            window.select_topic_row(0)
            await asyncio.sleep(0.2)
            task = svc.chat.start_send(window.current_topic_id, "How do I put a timeout on it?")
            await task
            await asyncio.sleep(0.5)
            # the window's Send/Stop re-check can run before the send task has ended
            # (seen under load; reported): show the settled state
            window.sending.sync()
            window.composer.set_text("Thanks! One more: how do I cancel it from another task?")
            window.composer.draft.setFocus()  # where the user types (not the rail's first stop, ringed)
            window.estimate.schedule()
            await asyncio.sleep(1.5)
            app.processEvents()
            window.grab().save(str(REPO / "docs" / "screenshot-main-window.png"))
            window.view.prefs.set_theme("dark")
            await asyncio.sleep(0.5)
            app.processEvents()
            window.grab().save(str(REPO / "docs" / "screenshot-main-window-dark.png"))
            window.composer.badge.open_popover()
            await asyncio.sleep(0.3)
            window.composer.badge.popover.grab().save(str(out_dir / "token-popover-dark.png"))
            window.composer.badge.popover.hide()
            window.view.prefs.set_theme("light")
            await asyncio.sleep(0.3)
            window.message_view.verticalScrollBar().setValue(0)
            await asyncio.sleep(0.3)
            window.grab().save(str(out_dir / "main-window-top.png"))
            window.select_topic_row(1)
            await asyncio.sleep(0.5)
            window.grab().save(str(out_dir / "main-window-web.png"))
            window.composer.badge.open_popover()
            await asyncio.sleep(0.3)
            window.composer.badge.popover.grab().save(str(out_dir / "token-popover.png"))
            window.composer.badge.popover.hide()
            settings = window.pages.open_settings()
            await asyncio.sleep(0.2)
            window.grab().save(str(out_dir / "settings-page.png"))
            form = settings.providers_page.add_provider()
            await asyncio.sleep(0.2)
            form.grab().save(str(out_dir / "provider-form.png"))
            form.reject()
            settings.back()
            dlg = window.pages.open_edit_assistant()
            assert dlg is not None
            while not dlg.is_loaded():  # read on a worker (issue 29)
                await asyncio.sleep(0.02)
            dlg.grab().save(str(out_dir / "assistant-dialog.png"))
            dlg.reject()
            imp = window.pages.open_import()
            await asyncio.sleep(0.2)
            assert imp is not None
            imp.grab().save(str(out_dir / "import-dialog.png"))
            imp.reject()
            seed_memory(svc, a.id)
            page = window.pages.open_memory()
            assert page is not None
            page.resize(820, 900)
            await asyncio.sleep(1.0)
            page.grab().save(str(REPO / "docs" / "screenshot-memory.png"))
            page.close()
            await window.shutdown()

        play(loop, scenario)
        print(REPO / "docs" / "screenshot-main-window.png")
        return 0


if __name__ == "__main__":
    run(main)
