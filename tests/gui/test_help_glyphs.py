"""Every ``?`` help button reads in 简体中文 (APP-6; issue 30, after mem46's Memory page):
the CJK font's thin ``?`` painted next to no pixel of its colour (1.3:1 on the Memory
page); the assistant editor's and the import dialog's ``?`` are drawn bold at body size
too and reach 4.5:1 in both themes, none cut."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QToolButton

from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.design.audit import audit_window
from chathub_desktop.gui.design.theme import ViewPrefs
from tests.gui.helpers import add_fake_provider, loaded, reload_assistants


@pytest.fixture
def restore_look(qapp: Any) -> Iterator[None]:
    yield
    ViewPrefs(qapp, None).apply()  # the platform's theme again for the other tests


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_dialogs_help_buttons_read_in_chinese(window: Any, services: Any, fake_vendor: Any, qtbot: Any,
                                                  restore_look: None, theme: str) -> None:
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    window.view.theme_actions[theme].trigger()
    try:
        window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
        qtbot.waitUntil(lambda: window.composer.send_button.text() != "Send", timeout=3000)
        editor = loaded(window.pages.open_edit_assistant(), qtbot)
        importer = window.pages.open_import()
        assert editor is not None and importer is not None
        for dialog in (editor, importer):
            qtbot.waitUntil(dialog.isVisible, timeout=3000)
            qtbot.wait(50)
            marks = [b for b in dialog.findChildren(QToolButton) if b.text() == "?" and b.isVisible()]
            assert marks and all(b.font().bold() for b in marks)
            report = audit_window(dialog, theme)
            failed = [f for f in report.contrast + report.clipped if "'?'" in f.what]
            assert not failed, "".join(f"\n{f.what}: {f.detail}" for f in failed)
        editor.reject()
        importer.reject()
    finally:
        window.view.language.apply(UiLanguage.SYSTEM)
