"""Screenshots of ux47's states (walk45 #1, #2, #9, #10; a helper, not a test): the
composer over the messages' column at 800×560 and 1366×768, a new topic holding a draft
(and that draft again after the window was closed and opened), the avatar grid with the
current face marked and the Edit-assistant dialog's model hint (also in 简体中文: its bold
``?`` buttons), light and dark.

``python -m tests.gui.ux47_screenshot OUT_DIR``
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui.shot_harness import (
    audited,
    close_window,
    grab,
    offscreen_services,
    open_window,
    play,
    run,
)


def main(out: Path) -> int:
    """Open each state on a small store, grab and audit it; returns 1 when an audit failed."""
    from chathub_desktop.core.messages import Role
    from chathub_desktop.core.ui_language import UiLanguage

    failed = 0
    with offscreen_services("chathub-ux47-") as (loop, svc):
        local = svc.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8083/v1")
        svc.provider_models.remember(local.id, ["smollm2-135m"], {"smollm2-135m": 2048})
        aid = svc.assistants.create("Assistant", provider="llama.cpp server", model="smollm2-135m", avatar="🎵").id
        topic = svc.topics.create(aid, "Lisbon in three days").id
        svc.chat.append_row(topic, Role.USER, "Which neighbourhood is best for a first visit, and why?")
        svc.chat.append_row(topic, Role.ASSISTANT, "Alfama: old lanes, the castle above and fado at night. " * 6)

        async def shoot() -> None:
            nonlocal failed
            for size in ((800, 560), (1366, 768)):
                for theme in ("light", "dark"):
                    tag = f"{size[0]}x{size[1]}-{theme}"
                    w = await open_window(svc, topic, size)
                    w.view.prefs.set_theme(theme)
                    await grab(w, out / f"column-{tag}.png", 0.8)
                    failed += not audited(w, f"column-{tag}", theme)
                    if size == (1366, 768):
                        dlg = w.pages.open_edit_assistant()
                        while not dlg.is_loaded() or not dlg.model_choices.hint.text():
                            await asyncio.sleep(0.05)
                        await grab(dlg, out / f"assistant-editor-{theme}.png", 0.4)
                        failed += not audited(dlg, f"assistant-editor-{theme}", theme)
                        dlg.ui.avatarCombo.showPopup()
                        await grab(dlg.ui.avatarCombo.view().window(), out / f"avatar-grid-{theme}.png", 0.4)
                        dlg.ui.avatarCombo.hidePopup()
                        dlg.reject()
                        w.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()  # the bold "?" in 简体中文
                        dlg = w.pages.open_edit_assistant()
                        while not dlg.is_loaded() or not dlg.model_choices.hint.text():
                            await asyncio.sleep(0.05)
                        await grab(dlg, out / f"assistant-editor-zh_CN-{theme}.png", 0.6)
                        failed += not audited(dlg, f"assistant-editor-zh_CN-{theme}", theme)
                        dlg.reject()
                        w.view.language.apply(UiLanguage.SYSTEM)
                        w.new_topic_action.trigger()
                        w.composer.draft.insertPlainText("A draft I leave for later: what to pack for Sintra")
                        await grab(w, out / f"draft-before-quit-{theme}.png", 0.8)
                        await close_window(w)
                        w = await open_window(svc, topic, size)
                        w.view.prefs.set_theme(theme)
                        new = max(t.id for t in svc.topics.list(aid))
                        w.select_topic(new)
                        await grab(w, out / f"draft-after-restart-{theme}.png", 0.8)
                        w.composer.set_text("")  # emptied: the unused topic goes at quit
                    await close_window(w)

        play(loop, shoot)
    return 1 if failed else 0


if __name__ == "__main__":
    run(main)
