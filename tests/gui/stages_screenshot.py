"""Screenshots of the window's start-up stages, light and dark (issue 29, walk45 #4; a
script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.stages_screenshot [OUT_DIR]

Each theme: ``stage0-<theme>.png`` the window before any read, ``stage1-<theme>.png`` the first page read before the store opens (the
assistant's name and face, its topic list, the rows; controls disabled),
``stage2-<theme>.png`` once the store is attached, ``stage3-<theme>.png`` once every
service is. Prints the composer's and the newest row's place at each stage: nothing
may move between them.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import offscreen_loop, run


def _places(w: Any) -> str:
    view = w.message_view
    last = view.visualRect(w.message_model.index(w.message_model.rowCount() - 1, 0))
    row = w.composer.tool_row
    tools = [row.itemAt(i).widget() for i in range(row.count())]
    heights = " ".join(f"{t.objectName() or type(t).__name__}:{t.height()}" for t in tools if t is not None and t.isVisible())
    return f"composer y={w.composer.mapTo(w, w.composer.rect().topLeft()).y()} h={w.composer.height()} " \
           f"newest row bottom={last.bottom()} tools {heights}"


def main(out: Path) -> int:
    """Build a store, start the window in its three stages per theme, grab each into
    ``out``; returns 0."""
    import keyring

    from chathub_desktop.core.messages import Role
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.services.container import build_services, open_services, open_store
    from chathub_desktop.services.topics.first_page import first_page
    from chathub_desktop.storage.database import sqlite_url_for
    from tests.fakes.memory_keyring import MemoryKeyring

    keyring.set_keyring(MemoryKeyring())
    data = Path(tempfile.mkdtemp(prefix="chathub-shot-stages-"))
    url = sqlite_url_for(data)
    svc = open_services(url, data)
    p = svc.providers.add("OpenAI (fake)", "openai", "http://127.0.0.1:9", api_key="sk-demo")
    a = svc.assistants.create("Coder", provider=p.id, model="gpt-4o-mini", avatar="💻")
    for title in ("Trip to Lisbon", "Sourdough starter", "Tax return questions"):
        svc.topics.create(a.id, title)
    t = svc.topics.create(a.id, "Asyncio timeouts")
    for i in range(12):
        svc.topics.append_message(t.id, Role.USER if i % 2 == 0 else Role.ASSISTANT,
                                  f"Message {i}: how do I put a timeout on an await?" if i % 2 == 0 else
                                  f"Reply {i}: wrap it in `asyncio.timeout(5)` and catch **TimeoutError**.")
    svc.close()
    loop, pool = offscreen_loop()

    async def stages(theme: str) -> None:
        w = MainWindow(None)
        w.resize(1280, 760)
        w.view.prefs.set_theme(theme)
        w.show()
        await asyncio.sleep(0.3)
        w.grab().save(str(out / f"stage0-{theme}.png"))
        page = await asyncio.to_thread(first_page, None, data, 40)
        assert page is not None
        shown = asyncio.Event()
        w.first_page_shown.connect(shown.set)
        store = await asyncio.to_thread(open_store, url, data)
        w.show_first_page(page, store.bus)
        await shown.wait()
        await asyncio.sleep(0.4)
        w.grab().save(str(out / f"stage1-{theme}.png"))
        print(theme, "stage1", _places(w))
        opened = asyncio.Event()
        w.opening_shown.connect(opened.set)
        w.attach_store(store)
        await opened.wait()
        await asyncio.sleep(0.4)
        w.grab().save(str(out / f"stage2-{theme}.png"))
        print(theme, "stage2", _places(w))
        services = await asyncio.to_thread(build_services, store)
        w.attach(services)
        await asyncio.sleep(0.8)
        w.grab().save(str(out / f"stage3-{theme}.png"))
        print(theme, "stage3", _places(w))
        await w.shutdown()
        w.close()
        services.close()

    for theme in ("light", "dark"):
        loop.run_until_complete(stages(theme))
    pool.shutdown(wait=True)
    return 0


if __name__ == "__main__":
    run(main)
