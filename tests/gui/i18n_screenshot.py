"""Screenshots of the window in Simplified Chinese and Japanese, light and dark, at
1366×768, with the design audit's verdict for each (issue 27; a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.i18n_screenshot [OUT_DIR]

``CHATHUB_SHOT_CJK_FONT=/path/to/font.ttc`` loads a CJK font into this process only
(offscreen machines often have none: the text would show as empty boxes). Writes
``i18n-<lang>-<theme>.png`` (the window), ``i18n-<lang>-<theme>-menu.png`` (the View
menu), ``…-app-menu.png`` (the rail's ⋯ menu), ``…-popover.png`` (the token popover),
``…-memory.png`` (the Memory page) and ``i18n-<lang>-dark-800x560.png``, and prints one CHATHUB_AUDIT line per shot.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from tests.gui.shot_harness import offscreen_services, run


def main(out: Path) -> int:
    """Build the window, switch languages and themes, grab and audit; returns 0 when
    every audit passed, else 1."""
    from PySide6.QtGui import QFontDatabase
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.messages import MessageStatus, Role
    from chathub_desktop.core.reasons import reason_data
    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.shell.main_window import MainWindow
    from chathub_desktop.providers.errors import error_from_response

    failed = 0
    with offscreen_services("chathub-shot-i18n-") as (loop, svc):
        font = os.environ.get("CHATHUB_SHOT_CJK_FONT")
        if font:
            families = QFontDatabase.applicationFontFamilies(QFontDatabase.addApplicationFont(font))
            print("CJK font:", ", ".join(families) or "none loaded")
        p = svc.providers.add("OpenAI", "openai", "http://127.0.0.1:9/v1", api_key="sk-demo")
        a = svc.assistants.create("写作助手", provider=p.id, model="gpt-4o-mini")
        svc.topics.create(a.id)  # untitled: "New topic" in the interface language (lang45)
        for title in ("旅行计划：京都三日游", "Project conventions", "周报草稿", "読書メモ"):
            t = svc.topics.create(a.id, title)
        svc.topics.append_message(t.id, Role.USER, "京都三日游怎么安排？")  # rows with a header, a tag and Retry
        # stored as the send path stores a failed reply: its English and its typed reason (lang46)
        failure = error_from_response(502, "", url="http://127.0.0.1:9/v1/chat/completions")
        assert failure.why is not None
        svc.chat.append_row(t.id, Role.ASSISTANT, "", status=MessageStatus.ERROR, error=failure.message,
                            error_kind=failure.kind.value, error_reason=reason_data(failure.why))
        svc.memory.add(a.id, "喜欢简洁的回答，代码用 Python。")
        window = MainWindow(svc)
        window.resize(1366, 768)
        window.show()

        async def scenario() -> int:
            bad = 0
            app = QApplication.instance()
            assert app is not None
            window.reload_assistants(a.id)
            while window.runner.is_running("assistants") or window.runner.is_running("topic-list"):
                await asyncio.sleep(0.05)
            window.select_topic_row(0)
            await asyncio.sleep(0.5)
            for lang in (UiLanguage.CHINESE_SIMPLIFIED, UiLanguage.JAPANESE):
                window.view.language_actions[lang].trigger()
                for theme in ("light", "dark"):
                    window.view.prefs.set_theme(theme)
                    await asyncio.sleep(0.5)
                    app.processEvents()
                    name = f"i18n-{lang.value}-{theme}"
                    window.grab().save(str(out / f"{name}.png"))
                    report = audit_window(window, theme)
                    print(name, report.line(), *(f"\n  {f.what}: {f.detail}" for f in report.contrast + report.clipped))
                    bad += not report.ok
                    window.view.menu.popup(window.mapToGlobal(window.rect().center()))
                    await asyncio.sleep(0.3)
                    window.view.menu.grab().save(str(out / f"{name}-menu.png"))
                    window.view.menu.hide()
                    window.app_menu.popup(window.mapToGlobal(window.rect().center()))
                    await asyncio.sleep(0.3)
                    window.app_menu.grab().save(str(out / f"{name}-app-menu.png"))
                    window.app_menu.hide()
                    window.composer.badge.open_popover()
                    await asyncio.sleep(0.5)
                    pop = window.composer.badge.popover
                    for group in list(pop.table.expanders):  # every row and note, to see them cut or not
                        pop.table.set_open(group, True)
                    pop._show_details(True)
                    await asyncio.sleep(0.3)
                    pop.grab().save(str(out / f"{name}-popover.png"))
                    report = audit_window(pop, theme)
                    print(name + "-popover", report.line(),
                          *(f"\n  {f.what}: {f.detail}" for f in report.contrast + report.clipped))
                    bad += not report.ok
                    pop.hide()
                    page = window.pages.open_memory()
                    assert page is not None
                    while page.loads < 1 or page.dream_panel.loads < 1:  # read on workers: slow on a busy box
                        await asyncio.sleep(0.05)
                    await asyncio.sleep(1.0)
                    window.grab().save(str(out / f"{name}-memory.png"))
                    report = audit_window(window, theme)
                    print(name + "-memory", report.line(),
                          *(f"\n  {f.what}: {f.detail}" for f in report.contrast + report.clipped))
                    bad += not report.ok
                    window.back_action.trigger()
                    await asyncio.sleep(0.3)
                window.resize(800, 560)  # the smallest size the window must stay usable at
                await asyncio.sleep(0.5)
                name = f"i18n-{lang.value}-dark-800x560"
                window.grab().save(str(out / f"{name}.png"))
                report = audit_window(window, "dark")
                print(name, report.line(), *(f"\n  {f.what}: {f.detail}" for f in report.contrast + report.clipped))
                bad += not report.ok
                window.resize(1366, 768)
            window.view.language_actions[UiLanguage.SYSTEM].trigger()
            await window.shutdown()
            window.close()
            return bad

        failed = loop.run_until_complete(scenario())
    return 1 if failed else 0


if __name__ == "__main__":
    run(main)
