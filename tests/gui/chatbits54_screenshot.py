"""Screenshots of walk53c's small things (chatbits54); a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.chatbits54_screenshot [OUT_DIR]

Writes into OUT_DIR (default ``/tmp/chathub-shots``), light and dark, each with the design
audit's line: at 1366×768 and 800×560 ``<W>x<H>-<theme>-no-topic`` (an assistant with no
topic yet: "Attach", "Go private", the empty ring alone), ``-topic`` (a topic open: the
ring's "N% context") and ``-private`` (the "Private" chip); at 1366×768 ``-stats`` (a
hovered reply's "606 tokens in · 107 out · 3 cached"), ``-tool-call`` (an imported
tool-call reply hovered: Copy offered, it copies the call), ``-nothing`` (a reply with
nothing to copy hovered: no Copy) and ``-search`` ("Lisbon", found only in memory: the
memory tab shown), ``-zh_CN`` and ``-ja`` (the chat in Chinese and Japanese: the
composer's words and a hovered reply's figures); at 800×560 ``-sidebar`` (the topic list shown too: the words fold).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QGuiApplication, QMouseEvent
from PySide6.QtWidgets import QApplication

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import (
    SIZES,
    Shots,
    close_window,
    offscreen_services,
    open_window,
    play,
    run,
    until,
)

CALL = {"id": "c1", "name": "web__search", "arguments": '{"q": "Lisbon time zone"}'}


def _seed(svc: Any) -> tuple[int, int]:
    """"Helper" with a topic holding a reply with usage, an imported tool-call reply and an
    empty one; "Fresh" with no topic; a memory entry about Lisbon. Returns (topic, Fresh's id)."""
    svc.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8080/v1")
    svc.assistants.create("Helper", model="smollm2-135m")
    fresh = svc.assistants.create("Fresh", model="smollm2-135m").id
    svc.memory.add("Helper", "Ana's timezone is Europe/Lisbon.")
    tid = svc.topics.create("Helper", "Web Search").id
    svc.topics.append_message(tid, Role.USER, "What is a generator expression?")
    svc.topics.append_message(tid, Role.ASSISTANT, "A concise way to make values one at a time. " * 4,
                              model="smollm2-135m", input_tokens=606, output_tokens=107, cached_tokens=3)
    svc.topics.append_message(tid, Role.USER, "And the time in Portugal?")
    svc.topics.append_message(tid, Role.ASSISTANT, "", tool_calls=[CALL])
    svc.topics.append_message(tid, Role.ASSISTANT, "")
    return int(tid), int(fresh)


def _hover(view: Any, row: int) -> None:
    """A synthetic mouse move over ``row``'s bubble (offscreen has no cursor)."""
    pos = view.delegate.bubble_rect(view.model().index(row)).center()
    vp = view.viewport()
    QApplication.sendEvent(vp, QMouseEvent(QEvent.Type.MouseMove, QPointF(pos), QPointF(vp.mapToGlobal(pos)),
                                           Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                                           Qt.KeyboardModifier.NoModifier))


def _say(w: Any, name: str) -> None:
    c = w.composer
    print(f"  {name}: attach {c.attach_button.text()!r}/{c.attach_button.labelled()}, private "
          f"{c.private_button.text()!r}/{c.private_button.labelled()}, badge {c.badge.text()!r}, "
          f"folded {c.row_fit.folded}")


def main(out_dir: Path) -> int:
    """Seed, then grab each state in both themes."""
    shot = Shots(out_dir, "{name}-{theme}")
    with offscreen_services("chathub-chatbits54-") as (loop, svc):
        topic, fresh = _seed(svc)

        async def shoot() -> None:
            for size in SIZES:
                tag = f"{size[0]}x{size[1]}"
                for theme in ("light", "dark"):
                    svc.topics.set_private(topic, False)
                    w = await open_window(svc, topic, size)
                    w.view.prefs.set_theme(theme)
                    await w.load_assistants(fresh)
                    await until(lambda: w.current_topic_id is None)  # noqa: B023 - awaited here
                    await asyncio.sleep(0.8)
                    _say(w, "no-topic")
                    shot(w, f"{tag}-no-topic", theme)
                    await w.load_assistants(svc.assistants.get("Helper").id)
                    w.select_topic(topic)
                    await until(lambda: w.composer.badge.estimate is not None)  # noqa: B023 - awaited here
                    await asyncio.sleep(0.8)
                    _say(w, "topic")
                    shot(w, f"{tag}-topic", theme)
                    w.context_controls.privacy.toggle_action.trigger()
                    await asyncio.sleep(0.8)
                    _say(w, "private")
                    shot(w, f"{tag}-private", theme)
                    if size != SIZES[0]:  # the topic list beside the chat too: the narrowest row folds its words
                        w.view.sidebar_action.trigger()
                        w.context_controls.privacy.toggle_action.trigger()  # not private: the offer folds first
                        await asyncio.sleep(0.8)
                        _say(w, "sidebar")
                        shot(w, f"{tag}-sidebar", theme)
                    if size == SIZES[0]:
                        view, model = w.message_view, w.message_model
                        for row, name in ((1, "stats"), (3, "tool-call"), (4, "nothing")):
                            view.scroll_to_end()
                            await asyncio.sleep(0.3)
                            _hover(view, row)
                            await asyncio.sleep(0.4)
                            if name == "tool-call":
                                view.action_bar.buttons[next(iter(view.action_bar.buttons))].click()
                                print("  copied:", repr(QGuiApplication.clipboard().text()))
                            print(f"  {name}: row {row} {model.message_at(row).content[:20]!r}, bar "
                                  f"{[a.name for a, b in view.action_bar.buttons.items() if not b.isHidden()]}")
                            shot(w, f"{tag}-{name}", theme)
                        page = w.search.open()
                        page.box.setText("Lisbon")
                        await until(lambda: page.shown_queries[-1:] == ["Lisbon"])  # noqa: B023 - awaited here
                        await asyncio.sleep(0.4)
                        print("  search: tab", page.tabs.currentIndex(), page.tabs.tabText(0), "|",
                              page.tabs.tabText(1))
                        shot(w, f"{tag}-search", theme)
                        from chathub_desktop.core.ui_language import UiLanguage

                        w.search.page.back_requested.emit()
                        for lang in (UiLanguage.CHINESE_SIMPLIFIED, UiLanguage.JAPANESE):  # the new words, said
                            w.view.language.apply(lang)
                            await asyncio.sleep(0.6)
                            _hover(view, 1)
                            await asyncio.sleep(0.4)
                            _say(w, lang.value)
                            shot(w, f"{tag}-{lang.value}", theme)
                        w.view.language.apply(UiLanguage.ENGLISH)
                    await close_window(w)

        play(loop, shoot)
    return shot.exit_code


if __name__ == "__main__":
    run(main)
