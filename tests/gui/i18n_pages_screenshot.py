"""Screenshots of the setup wizard, the Settings sections and the chat's empty state in
Simplified Chinese and Japanese, light and dark, with the window at 800×560 and the
design audit's verdict for each (issue 27; a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.i18n_pages_screenshot [OUT_DIR]

``CHATHUB_SHOT_CJK_FONT=/path/to/font.ttc`` loads a CJK font into this process only.
Writes ``<lang>-<theme>-wizard-<n>.png`` (each step), ``<lang>-<theme>-settings-<section>.png``
and ``<lang>-<theme>-chat.png``; prints one CHATHUB_AUDIT line per shot.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("CHATHUB_ALLOW_TEST_DOUBLES", "1")

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def main(out: Path) -> int:
    """Build the window, switch languages and themes, grab and audit; returns 0 when
    every audit passed, else 1."""
    from PySide6.QtGui import QFontDatabase
    from PySide6.QtWidgets import QApplication, QWidget

    from chathub_desktop.core.ui_language import UiLanguage
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.settings.settings_page import SettingsSection
    from chathub_desktop.gui.shell.main_window import MainWindow
    from tests.gui.shot_harness import offscreen_services

    with offscreen_services("chathub-shot-i18n-pages-") as (loop, svc):
        font = os.environ.get("CHATHUB_SHOT_CJK_FONT")
        if font:
            families = QFontDatabase.applicationFontFamilies(QFontDatabase.addApplicationFont(font))
            print("CJK font:", ", ".join(families) or "none loaded")
        window = MainWindow(svc)
        window.resize(800, 560)
        window.show()

        async def scenario() -> int:
            bad = 0
            app = QApplication.instance()
            assert app is not None
            await asyncio.sleep(0.5)

            def shot(widget: QWidget, name: str, theme: str) -> None:
                nonlocal bad
                app.processEvents()
                widget.grab().save(str(out / f"{name}.png"))
                report = audit_window(widget, theme)
                print(name, report.line(), *(f"\n  {f.what}: {f.detail}" for f in report.contrast + report.clipped))
                bad += not report.ok

            for lang in (UiLanguage.CHINESE_SIMPLIFIED, UiLanguage.JAPANESE):
                window.view.language_actions[lang].trigger()
                for theme in ("light", "dark"):
                    window.view.prefs.set_theme(theme)
                    await asyncio.sleep(0.5)
                    shot(window, f"{lang.value}-{theme}-chat", theme)
                    wizard = window.pages.open_setup()
                    for n in range(len(wizard.pageIds())):
                        await asyncio.sleep(0.4)
                        shot(wizard, f"{lang.value}-{theme}-wizard-{n + 1}", theme)
                        if n < len(wizard.pageIds()) - 1:  # on, without creating anything
                            wizard.setStartId(wizard.pageIds()[n + 1])
                            wizard.restart()
                    wizard.reject()
                    settings = window.pages.open_settings()
                    for section in (SettingsSection.PROVIDERS, SettingsSection.MODELS, SettingsSection.SYSTEM_AGENT,
                                    SettingsSection.STORAGE):
                        settings.show_section(section)
                        await asyncio.sleep(0.6)
                        shot(window, f"{lang.value}-{theme}-settings-{section.name.lower()}", theme)
                    settings.back()
            window.view.language.apply(UiLanguage.SYSTEM)
            await window.shutdown()
            window.close()
            return bad

        failed = loop.run_until_complete(scenario())
    return 1 if failed else 0


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/chathub-i18n-pages")
    target.mkdir(parents=True, exist_ok=True)
    sys.exit(main(target))
