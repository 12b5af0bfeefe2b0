"""Screenshots of the menu icons (issue 29, a11y53 #10; a script, not a test): the app
menu's Import, Topic (with Export and Show archived topics checked), Assistant and View
submenus, and the topic list's context menu over a row, then an error box and a delete
question (their icons are the bundled set's), in the light and the dark theme; each shot
is run through the design audit (contrast, clipping).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.menu_icons_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from chathub_desktop.core.messages import Role
from tests.gui.shot_harness import audited, close_window, offscreen_services, open_window, run


async def _shoot(menu: Any, path: Path, theme: str) -> bool:
    """Pop ``menu`` up, save it to ``path`` and audit it; True when the audit passed."""
    from PySide6.QtCore import QPoint

    menu.popup(QPoint(40, 40))
    await asyncio.sleep(0.3)
    menu.grab().save(str(path))
    ok = audited(menu, path.stem, theme)
    menu.close()
    return ok


async def _boxes(w: Any, out: Path, theme: str) -> bool:
    """Shoot an error box and a delete question over window ``w``; True when both audits passed."""
    from PySide6.QtWidgets import QMessageBox

    from chathub_desktop.services.errors import ServiceError

    w.presenter.present(ServiceError("The provider refused the request: the model is not available for this key."),
                        context="Sending failed")
    question = QMessageBox(QMessageBox.Icon.Question, "Delete topic", "Delete the topic “Kyoto trip” and its messages?",
                           QMessageBox.StandardButton.Cancel, w)
    question.addButton("Delete", QMessageBox.ButtonRole.DestructiveRole)
    question.open()
    ok = True
    for name, box in (("error-box", w.presenter.open_boxes()[-1]), ("question-box", question)):
        await asyncio.sleep(0.3)
        box.grab().save(str(out / f"{name}-{theme}.png"))
        ok = audited(box, f"{name}-{theme}", theme) and ok
        box.reject()
    return ok


def main(out: Path) -> int:
    """Shoot the menus in each theme; 1 when an audit failed."""
    with offscreen_services("menu-icons-") as (loop, svc):
        a = svc.assistants.create("Helper")
        topic = svc.topics.create(a.id, "Kyoto trip").id
        svc.topics.append_message(topic, Role.USER, "Plan three days in Kyoto")

        async def scene() -> int:
            failed = 0
            for theme in ("light", "dark"):
                w = await open_window(svc, topic, (1366, 768))
                w.view.prefs.set_theme(theme)
                w.topic_actions.show_archived_action.setChecked(True)
                await asyncio.sleep(0.5)
                export = next(x.menu() for x in w.topic_menu.actions() if x.menu() is not None
                              and x.menu().title() == "E&xport")
                menus = {"import": w.import_menu, "topic": w.topic_menu, "export": export,
                         "assistant": w.assistant_menu, "view": w.view.menu,
                         "context": w.topic_actions.context_menu_for(w.topic_model.index(0, 0))}
                for name, menu in menus.items():
                    failed += not await _shoot(menu, out / f"menu-{name}-{theme}.png", theme)
                failed += not await _boxes(w, out, theme)
                await close_window(w)
            return failed

        asyncio.set_event_loop(loop)
        return 1 if loop.run_until_complete(scene()) else 0


if __name__ == "__main__":
    run(main)
