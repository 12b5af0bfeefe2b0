"""Screenshots of the walk51 fixes, light and dark (issue 29; a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.walk51_screenshot [OUT_DIR]

At 1366x768: user messages that start with right-to-left text inside their bubbles
beside a reply under a 🤖 avatar with a code block (``chat-*``, English and 简体中文, with
a crop of the reply's header, ``name-*``); "Stopped" in the status line, then gone on
another topic (``stopped-*``, ``other-topic-*``); the error Details dialog with a long
path (``details-*``); each audited.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui import shot_harness as shots

CODE = "Here it is:\n\n```python\nprint('hello')\n```\n"
MESSAGES = (
    ("user", "שלום"),
    ("assistant", "שלום! How can I help?"),
    ("user", "مرحبا بك hello"),
    ("assistant", CODE),
    ("user", "שלום مرحبا 👩\u200d👩\u200d👧\u200d👦 日本語テキスト 简体中文 done ｱｲｳ 🇯🇵"),
    ("assistant", "done"),
    ("user", "A pair closed on its line: \u202eevil-rtl\u202c done\nand one left open: \u202eopen"),
    ("user", "hello world"),
)
TRACEBACK = (
    "RuntimeError: gone\n\nTraceback (most recent call last):\n"
    '  File "/work/wt/walk51/.venv/lib/python3.11/site-packages/chathub_desktop/gui/chat/message_caret.py", '
    "line 69, in _blink\n    self._viewport.update(rect.adjusted(-1, -1, 1, 1))\nRuntimeError: gone"
)


def main(out_dir: Path) -> int:
    """Grab each state in both themes into ``out_dir``; 1 when an audit failed."""
    from datetime import UTC, datetime, timedelta

    from PySide6.QtCore import QCoreApplication
    from sqlalchemy import insert

    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.chat.send_controller import STOPPED_TEXT
    from chathub_desktop.gui.shell.error_bar import ErrorDetailsDialog
    from chathub_desktop.storage.models import Message

    out_dir.mkdir(parents=True, exist_ok=True)
    bad = 0
    with shots.offscreen_services("chathub-walk51shot-") as (loop, svc):
        a = svc.assistants.create("Assistant", avatar="🤖")
        topic = svc.topics.create(a.id, "שלום مرحبا hello").id
        other = svc.topics.create(a.id, "Another topic").id
        now = datetime.now(UTC) - timedelta(minutes=5)
        with svc.db.write() as s:
            s.execute(insert(Message), [
                {"topic_id": topic, "seq": i + 1, "role": role, "created_at": now, "content": text,
                 "model": "smollm2-135m" if role == "assistant" else None}
                for i, (role, text) in enumerate(MESSAGES)])

        async def scenario() -> None:
            nonlocal bad
            async for w, theme, tag in shots.themed_windows(svc, topic, sizes=((1366, 768),), settle_s=1.0):
                view = w.message_view
                for lang in (UiLanguage.SYSTEM, UiLanguage.CHINESE_SIMPLIFIED):
                    w.view.language_actions[lang].trigger()
                    view.scrollTo(w.message_model.index(1))
                    name = "en" if lang is UiLanguage.SYSTEM else "zh"
                    await shots.grab(w, out_dir / f"chat-{name}-{tag}.png", 0.8)
                    bad += not shots.audited(w, f"chat-{name}-{tag}", theme)
                    reply = w.message_model.index(1)
                    left, top = view.delegate.bubble_rect(reply).left(), view.visualRect(reply).top()
                    crop = view.viewport().grab().copy(left - 4, top, 300, 30)
                    crop.scaled(crop.width() * 3, crop.height() * 3).save(str(out_dir / f"name-{name}-{tag}.png"))
                w.view.language_actions[UiLanguage.SYSTEM].trigger()
                view.scroll_to_end()
                w.show_status(QCoreApplication.translate("SendController", STOPPED_TEXT), 0, topic)
                await shots.grab(w, out_dir / f"stopped-{tag}.png", 0.8)
                bad += not shots.audited(w, f"stopped-{tag}", theme)
                w.select_topic(other)
                await shots.grab(w, out_dir / f"other-topic-{tag}.png", 0.8)
                bad += not shots.audited(w, f"other-topic-{tag}", theme)
                dlg = ErrorDetailsDialog("Something went wrong.", TRACEBACK, w)
                dlg.show()
                await asyncio.sleep(0.5)
                dlg.grab().save(str(out_dir / f"details-{tag}.png"))
                bad += not shots.audited(dlg, f"details-{tag}", theme)
                dlg.reject()

        shots.play(loop, scenario)
    return 1 if bad else 0


if __name__ == "__main__":
    shots.run(main)
