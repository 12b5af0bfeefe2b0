"""walk53c #1 offscreen screenshots (a helper script, not a test): Dream now with the
History Compress server down — the failure bar says it plainly and Details keeps the raw
text. Writes ``dream-down-<theme>.png`` and ``dream-down-details-<theme>.png`` for the
light and the dark theme (``python -m tests.gui.fix53c_screenshot [OUT_DIR]``)."""

from __future__ import annotations

import asyncio
import socket
from datetime import UTC, datetime, timedelta
from datetime import time as dtime
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import offscreen_services, run


def main(out_dir: Path) -> int:
    """Write the four PNG files into ``out_dir``; returns 0."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory.fixed_page import MemoryPage

    out_dir.mkdir(parents=True, exist_ok=True)
    with socket.socket() as s:  # bound then closed: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    with offscreen_services("chathub-fix53c-") as (loop, svc):
        svc.providers.add("llama.cpp", "openai_compatible", f"http://127.0.0.1:{port}/v1", api_key="sk-x")
        svc.settings.set("history-compress-model", "llama.cpp/smollm2-135m")
        a = svc.assistants.create("Assistant", provider="llama.cpp", model="smollm2-135m")
        day = datetime.now(UTC).date() - timedelta(days=1)
        topic = svc.topics.create(a.id, title="Yesterday").id
        svc.chat.append_row(topic, role=Role.USER, content="what is a joke",
                            created_at=datetime.combine(day, dtime(12, tzinfo=UTC)))

        async def scenario() -> None:
            for theme in ("light", "dark"):
                apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
                page = MemoryPage(svc, a.id)
                page.resize(1366, 740)
                page.show()
                panel = page.dream_panel
                while panel.day_picker.count() < 1 or page.runner.pending():
                    await asyncio.sleep(0.05)
                panel.runs.dream_now()
                while not panel.failure_bar.isVisible() or panel.runs.dreaming:
                    await asyncio.sleep(0.05)
                await asyncio.sleep(0.3)
                page.grab().save(str(out_dir / f"dream-down-{theme}.png"))
                details = panel.failure_bar.open_details()
                for _ in range(10):
                    QApplication.processEvents()
                details.grab().save(str(out_dir / f"dream-down-details-{theme}.png"))
                details.close()
                page.detach()
                page.close()
                await page.runner.shutdown()

        loop.run_until_complete(scenario())
    for name in ("dream-down", "dream-down-details"):
        for theme in ("light", "dark"):
            print(out_dir / f"{name}-{theme}.png")
    return 0


if __name__ == "__main__":
    run(main)
