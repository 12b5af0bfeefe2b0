"""Screenshots of words53 (issue 29, walk53 #3, #7), light and dark, at 1366×768 and
800×560: the composer under an imported topic about 7 times the input budget (token
auto-compact on, then off), the token popover in plain words with a compaction's outcome
line, and a reply's receipt. A helper, not a test:
``QT_QPA_PLATFORM=offscreen python -m tests.gui.words53_screenshot [OUT_DIR]``."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

from tests.gui import shot_harness as shots

MODEL = "smollm2-135m"
#: One imported turn, repeated: about 11,000 tokens in all against a 1,536 input budget.
TURN = ("What is the fuel consumption of a VW Transporter with 8 people in l/km? " * 4,
        "It depends on the model and the load; a 2.0 TDI uses about 8.2 litres per 100 km combined. " * 6)


def main(out: Path) -> int:
    """Shoot every state in both themes and sizes into ``out``; 1 when an audit failed."""
    from chathub_desktop.core.messages import Role, Usage
    from chathub_desktop.core.reasons import Reason
    from chathub_desktop.gui.context.compaction_controller import outcome_text
    from chathub_desktop.gui.context.receipt_dialog import ReceiptDialog
    from chathub_desktop.services.compaction.compaction_outcome import CompactionReason
    from tests.fakes.vendor_server import FakeVendor, Reply

    shot = shots.Shots(out, "{name}")
    with shots.offscreen_services("words53-shots") as (loop, svc), FakeVendor() as vendor:
        svc.providers.add("llama.cpp server", "openai", vendor.base_url, api_key="sk-x")
        svc.models.set(MODEL, 2048, provider="llama.cpp server", max_output=512)
        a = svc.assistants.create("Assistant", provider="llama.cpp server", model=MODEL)
        imported = svc.topics.create(a.id, "Conversation 1. Web Search").id
        for _ in range(37):
            svc.topics.append_message(imported, Role.USER, TURN[0])
            svc.topics.append_message(imported, Role.ASSISTANT, TURN[1], model="gpt-4")
        chat = svc.topics.create(a.id, "Python list comprehension").id
        done = Reason(CompactionReason.COMPACTED, ("6", "3"), (Reason(CompactionReason.SUMMARY_CUT),))
        outcome = SimpleNamespace(status="compacted", message=done.english(), why=done, before_tokens=1_350,
                                  after_tokens=427)

        async def scene() -> None:
            vendor.script(Reply(text_chunks=["A list comprehension builds a list in one expression."],
                                usage=Usage(input_tokens=448, output_tokens=12)))
            await svc.chat.send(chat, "What is a list comprehension?")
            reply = svc.topics.messages(chat)[-1]
            for size in shots.SIZES:
                for theme in ("light", "dark"):
                    tag = f"{size[0]}x{size[1]}-{theme}"
                    svc.assistants.update("Assistant", auto_compact=True)
                    w = await shots.open_window(svc, imported, size)
                    w.view.prefs.set_theme(theme)
                    await shots.until(w.composer.over_budget.isVisible)
                    await asyncio.sleep(0.4)
                    print(tag, "badge", w.composer.badge.figure(), "|", w.composer.over_budget.line.text())
                    shot(w, f"composer-over-{tag}", theme)
                    w.composer.badge.open_popover()
                    await asyncio.sleep(0.4)
                    shot(w.composer.badge.popover, f"popover-over-{tag}", theme)
                    w.composer.badge.popover.hide()
                    svc.assistants.update("Assistant", auto_compact=False)
                    w.estimate.schedule(invalidate=True)
                    await shots.until(lambda: "off" in w.composer.over_budget.line.text())  # noqa: B023 - awaited here
                    await asyncio.sleep(0.3)
                    shot(w, f"composer-over-off-{tag}", theme)
                    w.select_topic(chat)
                    await shots.until(lambda: (e := w.composer.badge.estimate) is not None and e.topic_id == chat)  # noqa: B023
                    w.compaction._outcomes[chat] = outcome_text(outcome)  # type: ignore[arg-type]  # the toast's line
                    w.composer.badge.open_popover()
                    pop = w.composer.badge.popover
                    pop._show_details(True)
                    await asyncio.sleep(0.4)
                    shot(pop, f"popover-{tag}", theme)
                    pop._show_details(False)
                    pop.hide()
                    d = ReceiptDialog(reply, w, open_topic=lambda _t: None)
                    d.show()
                    await asyncio.sleep(0.4)
                    shot(d, f"receipt-{tag}", theme)
                    d.close()
                    await shots.close_window(w)

        shots.play(loop, scene)
    return shot.exit_code


if __name__ == "__main__":
    shots.run(main, Path("/work/wt/_shots/words53"))
