"""Screenshot of the composer's model picker open (issue 14 "A model per topic"); a
script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.topic_model_screenshot

Writes ``docs/screenshot-topic-model.png``: the window with a topic on its own model,
the picker's menu open (the provider's own models, the catalog and another provider's
submenu) painted where it pops up.
"""

from __future__ import annotations

import asyncio
import sys

from PySide6.QtWidgets import QApplication

from tests.gui.shot_harness import REPO, offscreen_services, shoot_light_window

OUT = REPO / "docs" / "screenshot-topic-model.png"


def seed(svc) -> int:  # type: ignore[no-untyped-def]
    """Two providers with fetched model lists, an assistant, a topic on its own model."""
    from chathub_desktop.core.messages import Role
    openai = svc.providers.add("OpenAI", "openai", "https://api.openai.com/v1", api_key="sk-shot")
    claude = svc.providers.add("Anthropic", "anthropic", "https://api.anthropic.com/v1", api_key="sk-shot")
    svc.provider_models.remember(openai.id, ["gpt-4.1", "gpt-4.1-mini", "gpt-4o", "gpt-4o-mini", "o4-mini"])
    svc.provider_models.remember(claude.id, ["claude-sonnet-4-5", "claude-haiku-4-5"])
    a = svc.assistants.create("Travel buddy", provider=openai.id, model="gpt-4o-mini",
                              instructions="Be brief.")
    svc.topics.create(a.id, "Weekend walk")
    t = svc.topics.create(a.id, "Kyoto autumn trip").id
    for role, text in ((Role.USER, "Where can we see the autumn leaves near Kyoto without the crowds?"),
                       (Role.ASSISTANT, "Try the **Kurama to Kibune** trail early in the morning; Ohara and "
                                     "Takao are quieter than Arashiyama.")):
        svc.topics.append_message(t, role, text)
    svc.topic_models.set(t, "gpt-4.1", openai.id)
    return t


def main() -> int:
    """Build the window, open the picker, save the screenshot."""
    from PySide6.QtGui import QPainter

    with offscreen_services("chathub-topic-model-shot-") as (loop, svc):
        app = QApplication.instance()
        topic = seed(svc)

        async def scene(window) -> None:  # type: ignore[no-untyped-def]
            window.select_topic(topic)
            picker = window.model_picker.picker
            while picker.view is None or picker.view.topic_id != topic or not picker.groups:
                await asyncio.sleep(0.05)
            while window.composer.badge.estimate is None:
                await asyncio.sleep(0.05)
            menu = picker.menu_
            menu.popup(picker.mapToGlobal(picker.rect().bottomLeft()))
            await asyncio.sleep(0.2)
            app.processEvents()
            # a popup is a window of its own: paint it onto the window's image where it opened
            # (above the picker when it does not fit below)
            shot = window.grab()
            menu_shot = menu.grab()
            at = window.mapFromGlobal(picker.mapToGlobal(picker.rect().topLeft()))
            at.setY(max(0, at.y() - menu_shot.height()))
            painter = QPainter(shot)
            painter.drawPixmap(at, menu_shot)
            painter.end()
            shot.save(str(OUT))
            menu.hide()

        shoot_light_window(loop, svc, (1180, 760), scene)
        print(OUT)
        return 0


if __name__ == "__main__":
    sys.exit(main())
