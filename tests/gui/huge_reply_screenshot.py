"""Screenshots of a reply cut at Largest reply, light and dark (stream50; a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.huge_reply_screenshot [OUT_DIR]

At 1366x768 and the smallest window: a reply of 2 MB stored ``cut`` as the chat service
stores one that passed the limit (its start shown, the "Shown: the first …" note and
the cut note naming the setting, the Retry pill) in ``cut-*``; Settings → Providers with
Largest reply under the silence row in ``settings-*``. Each is audited.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui import shot_harness as shots

MB = 1 << 20


def main(out_dir: Path) -> int:
    """Grab each state in both themes into ``out_dir``; 1 when an audit failed."""
    from chathub_desktop.core.messages import MessageStatus, Role
    from chathub_desktop.core.reasons import reason_data
    from chathub_desktop.providers.stream_limits import Limit, StreamLimits

    out_dir.mkdir(parents=True, exist_ok=True)
    bad = 0
    with shots.offscreen_services("chathub-hugeshot-") as (loop, svc):
        a = svc.assistants.create("Writer")
        topic = svc.topics.create(a.id, "Runaway").id
        why = StreamLimits.from_env({}, reply_mb=2).reason(Limit.REPLY)
        svc.topics.append_message(topic, Role.USER, "Write forever")
        svc.topics.append_message(topic, Role.ASSISTANT, ("x" * 1000 + " ") * (2 * MB // 1001),
                                  status=MessageStatus.CUT, error=why.english(), error_kind="too_large",
                                  error_reason=reason_data(why))

        async def scenario() -> None:
            nonlocal bad
            async for w, theme, tag in shots.themed_windows(svc, topic, settle_s=2.0):
                while not w.message_view.delegate.settled:  # every slice laid out, the notes last
                    await asyncio.sleep(0.1)
                w.message_view.scroll_to_end()
                await shots.grab(w, out_dir / f"cut-{tag}.png", 1.0)
                bad += not shots.audited(w, f"cut-{tag}", theme)
                if tag.startswith("1366"):
                    dialog = w.pages.open_settings()
                    await asyncio.sleep(1.0)
                    dialog.grab().save(str(out_dir / f"settings-{tag}.png"))
                    bad += not shots.audited(dialog, f"settings-{tag}", theme)
                    dialog.close()

        shots.play(loop, scenario)
    return 1 if bad else 0


if __name__ == "__main__":
    shots.run(main)
