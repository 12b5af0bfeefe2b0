"""Screenshots of the composer's labelled toolbar (issue 29, walk52b: bare icons), light
and dark, at 1366×768 and 800×560; a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.compose53_screenshot [OUT_DIR]

Writes into OUT_DIR (default ``/tmp/chathub-shots``), each ``<W>x<H>-<theme>-…``:
``idle`` (a topic with a reply: the ring reads "N% context" when there is room, the chip
names the assistant's model), ``private`` (the same topic made private: a "Private"
chip), ``streaming`` (Stop instead of Send), ``long-model`` (the topic's own model with a
long id), at 800×560 ``long-model-sidebar`` and ``window-sidebar`` (the topic list shown
too: the words fold by width) and ``window`` (the whole window, idle), each with the
design audit's line.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import Role
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

LONG_MODEL = "Qwen2.5-Coder-32B-Instruct-GGUF-Q4_K_M"


def _seed(svc: Any) -> int:
    """"Helper" (model smollm2-135m on a llama.cpp server) with one topic, a question and
    a reply; returns the topic's id."""
    svc.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8080/v1")
    svc.assistants.create("Helper", model="smollm2-135m")
    tid = svc.topics.create("Helper", "Generators").id
    svc.chat.append_row(tid, Role.USER, "What is a generator expression?")
    svc.chat.append_row(tid, Role.ASSISTANT, "A concise way to make values one at a time. " * 8,
                        model="smollm2-135m")
    return int(tid)


async def _state(w: Any, out: Path, name: str, theme: str, whole: str = "") -> bool:
    """Grab ``w``'s composer (and the whole window as ``whole`` when given) as ``out`` + ``-name``,
    print what its toolbar says and the audit's line; True when the audit passed."""
    composer = w.composer
    await grab(composer, out.with_name(f"{out.name}-{name}.png"))
    if whole:
        await grab(w, out.with_name(f"{out.name}-{whole}.png"))
    toggle = composer.private_button
    print(f"  {name}: badge {composer.badge.text()!r}, model {w.model_picker.picker.text()!r}, private "
          f"{toggle.text()!r} labelled={toggle.labelled()}, folded {composer.row_fit.folded}")
    return bool(audited(w, f"{out.name}-{name}", theme))


def main(out_dir: Path) -> int:
    """Build the window over a seeded store and grab each composer state in both themes."""
    bad = 0
    with offscreen_services("chathub-compose53-") as (loop, svc):
        topic = _seed(svc)

        async def shoot() -> None:
            nonlocal bad
            for size in SIZES:
                for theme in ("light", "dark"):
                    out = out_dir / f"{size[0]}x{size[1]}-{theme}"
                    svc.topics.set_private(topic, False)
                    svc.topic_models.clear(topic)
                    w = await open_window(svc, topic, size)
                    w.view.prefs.set_theme(theme)
                    await asyncio.sleep(0.8)
                    for _ in range(50):  # the estimate, counted on a worker
                        if w.composer.badge.estimate is not None:
                            break
                        await asyncio.sleep(0.1)
                    bad += not await _state(w, out, "idle", theme, whole="window")
                    w.context_controls.privacy.toggle_action.trigger()  # on a worker; the list row follows
                    await asyncio.sleep(0.8)
                    bad += not await _state(w, out, "private", theme)
                    w.composer.set_sending(True)  # Stop instead of Send, as while a reply streams
                    bad += not await _state(w, out, "streaming", theme)
                    w.composer.set_sending(False)
                    svc.topic_models.set(topic, LONG_MODEL)
                    await asyncio.sleep(1.0)
                    bad += not await _state(w, out, "long-model", theme)
                    if size != SIZES[0]:  # the topic list shown beside the chat: the words fold
                        w.view.sidebar_action.trigger()
                        await asyncio.sleep(0.8)
                        bad += not await _state(w, out, "long-model-sidebar", theme, whole="window-sidebar")
                    await close_window(w)

        play(loop, shoot)
    return 1 if bad else 0


if __name__ == "__main__":
    run(main)
