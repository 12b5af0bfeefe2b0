"""Screenshots of words53b (walk53b #2, #6; issue 29) — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.words53b_screenshot [OUT_DIR]

Writes into OUT_DIR (default ``/tmp/chathub-shots``) at 1366×768, per theme:
``code-<theme>`` (a fence with no language captioned "text" beside a named one),
``failed-<theme>`` (an error line whose "Settings → Providers" is a link),
``providers-<theme>`` (Settings at Providers with the failed provider chosen, as that
link opens it),, ``pinned-<theme>`` (the status line after Pin) and ``covered-<theme>``
(the edit-in-place note over a message the summary covers). Each shot prints the
design audit's line.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.core.reasons import reason_data
from chathub_desktop.gui.chat.link_policy import providers_href
from chathub_desktop.providers.base import ErrorKind, ProviderError, TransportFault
from chathub_desktop.providers.fault_words import fault_reason
from tests.gui.shot_harness import audited, grab, offscreen_services, open_window, play, run

CODE = ("A list comprehension builds a list in one line:\n\n```\nsquares = [x * x for x in range(5)]\n```\n\n"
        "The same with a loop:\n\n```python\nsquares = []\nfor x in range(5):\n    squares.append(x * x)\n```\n")


def _seed(svc: Any) -> int:
    svc.providers.add("Cloud", "openai_compatible", "http://127.0.0.1:9/v1", api_key="sk-test")
    p = svc.providers.add("llama.cpp", "openai_compatible", "http://127.0.0.1:8080/v1", api_key="sk-test")
    svc.assistants.create("Helper", provider=p.id, model="smollm2-135m")
    tid = svc.topics.create("Helper", "Python list comprehension").id
    svc.chat.append_row(tid, Role.USER, "What is a list comprehension?")
    svc.chat.append_row(tid, Role.ASSISTANT, CODE, model="smollm2-135m")
    svc.chat.append_row(tid, Role.USER, "Are you there?")
    exc = ProviderError(ErrorKind.NETWORK, "could not connect to http://127.0.0.1:8080/v1/chat/completions",
                        fault=TransportFault.UNREACHABLE, address="127.0.0.1:8080")
    why = fault_reason(exc, "llama.cpp", kept_text=False)
    assert why is not None
    svc.chat.append_row(tid, Role.ASSISTANT, "", status=MessageStatus.ERROR, error=exc.args[0], error_kind="network",
                        error_reason=reason_data(why), model="smollm2-135m")
    return tid


def main(out_dir: Path) -> int:
    """Build the window over a seeded store and grab each state in both themes."""
    bad = 0
    with offscreen_services("chathub-words53b-") as (loop, svc):
        topic = _seed(svc)

        async def shoot() -> None:
            nonlocal bad
            w = await open_window(svc, topic, (1366, 768))
            view, model = w.message_view, w.message_model
            for theme in ("light", "dark"):
                w.view.theme_actions[theme].trigger()
                w.back_action.trigger()
                view.scrollToTop()
                await grab(w, out_dir / f"code-{theme}.png", 0.6)
                bad += not audited(w, f"code-{theme}", theme)
                view.scroll_to_end()
                await grab(w, out_dir / f"failed-{theme}.png", 0.6)
                bad += not audited(w, f"failed-{theme}", theme)
                view.follow_link(model.index(3), providers_href("llama.cpp"))
                await grab(w, out_dir / f"providers-{theme}.png", 0.8)
                bad += not audited(w, f"providers-{theme}", theme)
                w.back_action.trigger()
                w.context_controls.set_pinned(model.message_at(1).id, True)
                await grab(w, out_dir / f"pinned-{theme}.png", 0.8)
                bad += not audited(w, f"pinned-{theme}", theme)
                w.context_controls.set_pinned(model.message_at(1).id, False)
                model.set_summary_cursor(model.message_at(1).id)  # as after a compaction (look only)
                view.scrollToTop()
                editor = w.message_actions.edit_message(model.message_at(0).id)
                await grab(w, out_dir / f"covered-{theme}.png", 0.6)
                bad += not audited(w, f"covered-{theme}", theme)
                if editor is not None:
                    editor.cancel()
                model.set_summary_cursor(None)
                await asyncio.sleep(5.5)  # the status line's Unpinned goes before the next theme
            await w.shutdown()
            w.close()

        play(loop, shoot)
    return 1 if bad else 0


if __name__ == "__main__":
    run(main)
