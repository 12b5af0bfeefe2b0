"""Screenshots of what walk39 found dated (issue 29; a script, not a test): the hover bar
on a user's message and on a long reply scrolled past its header, a reply at rest and
hovered (its stats), the "Covered by summary" rule, Settings → Providers and System
Agent, at 1366×768 and 800×560 in the light and the dark theme.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.look40_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui import shot_harness as shots

LONG_REPLY = "\n\n".join(f"Day {i}: walk the old town, then a long lunch by the river and a museum." for i in range(30))


def _move(view, pos) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    vp = view.viewport()
    QApplication.sendEvent(vp, QMouseEvent(QEvent.Type.MouseMove, QPointF(pos), QPointF(vp.mapToGlobal(pos)),
                                           Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                                           Qt.KeyboardModifier.NoModifier))


def main(out_dir: Path) -> int:
    """Grab each state at both sizes in both themes into ``out_dir``."""
    from PySide6.QtCore import QPoint

    from chathub_desktop.core.messages import Usage
    from chathub_desktop.gui.settings.settings_page import SettingsSection
    from tests.fakes.vendor_server import FakeVendor, Reply

    with shots.offscreen_services("chathub-look40-") as (loop, svc), FakeVendor() as vendor:
        p = svc.providers.add("OpenAI", "openai", vendor.base_url, api_key="sk-demo")
        svc.providers.add("Anthropic", "anthropic", "https://api.anthropic.com", api_key_env="ANTHROPIC_KEY")
        svc.providers.add("Ollama", "openai_compatible", "http://localhost:11434/v1")
        svc.providers.add("DeepSeek", "openai_compatible", "https://api.deepseek.com/v1", api_key_env="DS_KEY")
        svc.providers.add("My proxy", "openai_compatible", "https://proxy.example.com/v1", api_key_env="P_KEY")
        a = svc.assistants.create("Planner", provider=p.id, model="gpt-4o-mini")
        topic = svc.topics.create(a.id, "Lisbon").id
        vendor.script(Reply(text_chunks=[LONG_REPLY], finish_reason="length",
                            usage=Usage(input_tokens=366, output_tokens=1682, cached_tokens=341)))
        async def shoot() -> None:
            w = await shots.open_window(svc, topic, (1366, 768))
            await svc.chat.start_send(topic, "Plan my trip to Lisbon")
            await asyncio.sleep(1.0)
            w.sending.sync()
            view, model = w.message_view, w.message_model
            async for _size, _theme, tag in shots.sizes_and_themes(w):
                view.scrollToTop()
                await asyncio.sleep(0.2)
                _move(view, view.delegate.bubble_rect(model.index(0)).center())
                await shots.grab(w, out_dir / f"user-bar-{tag}.png", 0.3)
                view.scroll_to_end()
                await asyncio.sleep(0.3)
                _move(view, QPoint(3, 3))
                await shots.grab(view, out_dir / f"reply-rest-{tag}.png", 0.3)
                _move(view, QPoint(view.viewport().width() // 2, view.viewport().height() - 60))
                await shots.grab(view, out_dir / f"reply-hover-{tag}.png", 0.3)
                sb = view.verticalScrollBar()
                sb.setValue(sb.value() + view.visualRect(model.index(1)).top() + 80)
                await asyncio.sleep(0.2)
                _move(view, QPoint(view.viewport().width() // 2, 60))
                await shots.grab(view, out_dir / f"long-reply-scrolled-{tag}.png", 0.3)
                model.set_summary_cursor(model.message_at(0).id)
                view.scrollToTop()
                _move(view, QPoint(3, 3))
                await shots.grab(view, out_dir / f"covered-marker-{tag}.png", 0.4)
                model.set_summary_cursor(None)
                settings = w.pages.open_settings()
                settings.show_section(SettingsSection.PROVIDERS)
                await shots.grab(w, out_dir / f"providers-{tag}.png", 0.6)
                settings.show_section(SettingsSection.SYSTEM_AGENT)
                await shots.grab(w, out_dir / f"system-agent-{tag}.png", 0.6)
                settings.back_requested.emit()
                await asyncio.sleep(0.2)
            await shots.close_window(w)

        return shots.play(loop, shoot)


if __name__ == "__main__":
    shots.run(main)
