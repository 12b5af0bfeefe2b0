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
from pathlib import Path
from typing import Any

from tests.gui.shot_harness import Shot, offscreen_services, run, shoot_languages


def main(out: Path) -> int:
    """Switch languages and themes, grab and audit; returns 0 when every audit passed,
    else 1."""
    from PySide6.QtGui import QFontDatabase

    from chathub_desktop.gui.settings.settings_page import SettingsSection

    async def scene(window: Any, theme: str, shot: Shot) -> None:
        shot(window, "chat")
        wizard = window.pages.open_setup()
        for n in range(len(wizard.pageIds())):
            await asyncio.sleep(0.4)
            shot(wizard, f"wizard-{n + 1}")
            if n < len(wizard.pageIds()) - 1:  # on, without creating anything
                wizard.setStartId(wizard.pageIds()[n + 1])
                wizard.restart()
        wizard.reject()
        settings = window.pages.open_settings()
        for section in (SettingsSection.PROVIDERS, SettingsSection.MODELS, SettingsSection.SYSTEM_AGENT,
                        SettingsSection.STORAGE):
            settings.show_section(section)
            await asyncio.sleep(0.6)
            shot(window, f"settings-{section.name.lower()}")
        settings.back()

    with offscreen_services("chathub-shot-i18n-pages-") as (loop, svc):
        font = os.environ.get("CHATHUB_SHOT_CJK_FONT")
        if font:
            families = QFontDatabase.applicationFontFamilies(QFontDatabase.addApplicationFont(font))
            print("CJK font:", ", ".join(families) or "none loaded")
        return shoot_languages(loop, svc, out, (800, 560), scene)


if __name__ == "__main__":
    run(main, Path("/tmp/chathub-i18n-pages"))
