"""Screenshots of issue 29's walk53 items (#8 dates, #10 empty chat, private header,
Settings → Models), light and dark, at 1366×768 and 800×560; a script, not a test.

    QT_QPA_PLATFORM=offscreen TZ=Asia/Tokyo python -m tests.gui.dates53_screenshot [OUT_DIR]

Writes into OUT_DIR (default ``/tmp/chathub-shots``), each ``<W>x<H>-<theme>-…``:
``imported`` (a ChatGPT chat of 7 Jan 2024 12:18 UTC whose export says it was updated a
day later: the list, the messages and the tooltip say one day), ``private`` (that topic
made private: the header's crossed eye), ``empty`` (an assistant with no topic: one New
topic), ``models`` (Settings → Models), each with the design audit's line.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from chathub_desktop.gui.settings.settings_page import SettingsSection
from chathub_desktop.services.transfer.chat_import import import_export
from tests.fakes.chat_exports import chatgpt_file_conversation, write_json
from tests.gui.shot_harness import (
    SIZES,
    audited,
    close_window,
    grab,
    offscreen_services,
    open_window,
    play,
    run,
)

#: 7 Jan 2024 12:18 UTC (walk53's imported chat).
T0 = 1_704_629_880.0


def _seed(svc: Any) -> tuple[int, int, int]:
    """"Helper" with an imported ChatGPT topic and served models, and "Fresh" without
    topics; ``(imported topic id, Helper's id, Fresh's id)``."""
    local = svc.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8080/v1")
    svc.provider_models.remember(local.id, ["smollm2-135m", "qwen2.5-coder-7b-q4k"], {"smollm2-135m": 2048})
    svc.models.set("acme-13b", 16384, max_output=4096)
    helper = svc.assistants.create("Helper", model="smollm2-135m")
    conv = chatgpt_file_conversation(t0=T0, title="Conversation 1. Web Search")
    conv["update_time"] = T0 + 86_400 + 1200  # opened again the next day
    with tempfile.TemporaryDirectory() as tmp:
        import_export(svc.db, helper.id, write_json(Path(tmp) / "conversations.json", [conv]))
    fresh = svc.assistants.create("Fresh", model="smollm2-135m")
    svc.assistants.update(fresh.id, provider=local.id, model="smollm2-135m")  # ready: the no-topic line
    topic = svc.topics.list(helper.id)[0].id
    return int(topic), int(helper.id), int(fresh.id)


def main(out_dir: Path) -> int:
    """Build the window over a seeded store and grab each state in both themes."""
    bad = 0
    with offscreen_services("chathub-dates53-") as (loop, svc):
        topic, helper, fresh = _seed(svc)

        async def shoot() -> None:
            nonlocal bad
            for size in SIZES:
                for theme in ("light", "dark"):
                    tag = f"{size[0]}x{size[1]}-{theme}"
                    svc.topics.set_private(topic, False)
                    w = await open_window(svc, topic, size)
                    await w.load_assistants(helper)
                    w.select_topic(topic)
                    w.view.prefs.set_theme(theme)
                    if not w.view.sidebar_action.isChecked():
                        w.view.sidebar_action.trigger()
                    await asyncio.sleep(1.0)
                    row = w.topic_model.row_of(topic)
                    print(tag, "tooltip:", w.topic_model.index(row).data(3).replace("\n", " | "))
                    await grab(w, out_dir / f"{tag}-imported.png")
                    bad += not audited(w, f"{tag}-imported", theme)
                    w.context_controls.privacy.toggle_action.trigger()
                    await asyncio.sleep(1.0)
                    await grab(w, out_dir / f"{tag}-private.png")
                    bad += not audited(w, f"{tag}-private", theme)
                    await w.load_assistants(fresh)
                    await asyncio.sleep(1.0)
                    await grab(w, out_dir / f"{tag}-empty.png")
                    bad += not audited(w, f"{tag}-empty", theme)
                    settings = w.pages.open_settings()
                    settings.show_section(SettingsSection.MODELS)
                    await asyncio.sleep(1.5)
                    await grab(w, out_dir / f"{tag}-models.png")
                    bad += not audited(w, f"{tag}-models", theme)
                    await close_window(w)

        play(loop, shoot)
    return 1 if bad else 0


if __name__ == "__main__":
    run(main)
