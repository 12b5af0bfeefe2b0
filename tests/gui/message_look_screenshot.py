"""Screenshots of how a message reads, light and dark (issue 29, walk29 #3, #4, #24; a
script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.message_look_screenshot [OUT_DIR]

At 1366x768 and 800x560: a reply with headings, a list, a table, a quote and two code
blocks under a user message (``reply-*``, its end ``reply-end-*``), a reply while it
streams, with its caret (``streaming-*``), and that reply finished with its receipt icon
(``done-*``).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from tests.gui import shot_harness as shots

REPLY = """## Retrying an async call

Here is a small **retry helper** with exponential back-off. It works with any `async` callable:

```python
import asyncio
import random


async def retry(fn, attempts: int = 5, base: float = 0.5) -> str:
    for i in range(attempts):
        try:
            return await fn()
        except (ConnectionError, TimeoutError) as exc:  # a long comment that wraps at a narrow width
            if i == attempts - 1:
                raise
            await asyncio.sleep(base * 2 ** i + random.random() / 10)
    raise RuntimeError("unreachable")
```

### Notes

1. Keep `attempts` small for interactive calls.
2. Add jitter so clients do not retry in lockstep.
3. Log each failure.

| Attempt | Wait (s) | Total (s) |
|---|---:|---:|
| 1 | 0.5 | 0.5 |
| 2 | 1.0 | 1.5 |
| 3 | 2.0 | 3.5 |

> Tip: `asyncio.timeout()` (3.11+) pairs well with this, and it cancels the
> inner call cleanly.

Run it with:

```bash
python -m retry_demo --attempts 3
```

# That is all
"""


def main(out_dir: Path) -> int:
    """Grab every state at both sizes in both themes into ``out_dir``."""
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import insert

    from chathub_desktop.core.messages import Usage
    from chathub_desktop.storage.models import Message
    from tests.fakes.vendor_server import FakeVendor, Reply

    out_dir.mkdir(parents=True, exist_ok=True)
    with shots.offscreen_services("chathub-lookshot-") as (loop, svc), FakeVendor() as chat:
        svc.providers.add("OpenAI (fake)", "openai", chat.base_url, api_key="sk-demo")
        svc.models.set("gpt-4o-mini", 16_000, provider="OpenAI (fake)")
        a = svc.assistants.create("Coder", provider="OpenAI (fake)", model="gpt-4o-mini")
        topic = svc.topics.create(a.id, "Retry with back-off").id
        now = datetime.now(UTC) - timedelta(minutes=5)
        with svc.db.write() as s:
            s.execute(insert(Message), [
                {"topic_id": topic, "seq": 1, "role": "user", "created_at": now,
                 "content": "How do I retry an async call with back-off in Python?"},
                {"topic_id": topic, "seq": 2, "role": "assistant", "created_at": now, "model": "gpt-4o-mini",
                 "content": REPLY, "input_tokens": 1412, "output_tokens": 380}])

        async def scenario() -> None:
            w = await shots.open_window(svc, topic, (1366, 768))
            view, model = w.message_view, w.message_model
            while model.rowCount() < 2 or not view.delegate.settled:
                await asyncio.sleep(0.05)
            for size in ((1366, 768), (800, 560)):
                w.resize(*size)
                for theme in ("light", "dark"):
                    tag = f"{theme}-{size[0]}x{size[1]}"
                    w.view.prefs.set_theme(theme)
                    await asyncio.sleep(0.6)
                    view.show_row_at_top(0)
                    await shots.grab(w, out_dir / f"reply-{tag}.png", 0.5)
                    view.scroll_to_end()
                    await shots.grab(w, out_dir / f"reply-end-{tag}.png", 0.4)
            chat.script(Reply(text_chunks=["Here is a short story. " * 3, "It goes on " * 30], chunk_delay_s=1.0,
                              usage=Usage(input_tokens=2048, output_tokens=7)))
            w.resize(1366, 768)
            w.view.prefs.set_theme("light")
            view.scroll_to_end()
            task = w.sending.send_message("Write a short story please")
            for _ in range(100):
                last = model.message_at(model.rowCount() - 1)
                if last is not None and last.status == "streaming" and len(last.content) > 20:
                    break
                await asyncio.sleep(0.05)
            view.scroll_to_end()
            view.caret_timer.stop()  # the caret drawn (its blink restarts with the next piece)
            view.delegate.caret_on = True
            await shots.grab(w, out_dir / "streaming-light-1366x768.png", 0.05)
            w.view.prefs.set_theme("dark")
            w.resize(800, 560)
            await asyncio.sleep(0.2)
            view.scroll_to_end()
            view.caret_timer.stop()
            view.delegate.caret_on = True
            await shots.grab(w, out_dir / "streaming-dark-800x560.png", 0.05)
            if task is not None:
                await task
            for size in ((1366, 768), (800, 560)):  # the finished reply, with its receipt icon
                w.resize(*size)
                for theme in ("light", "dark"):
                    w.view.prefs.set_theme(theme)
                    await asyncio.sleep(0.5)
                    view.scroll_to_end()
                    await shots.grab(w, out_dir / f"done-{theme}-{size[0]}x{size[1]}.png", 0.4)
            await shots.close_window(w)

        loop.run_until_complete(scenario())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/message-look")))
