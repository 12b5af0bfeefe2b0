"""Every ``?`` help button reads in 简体中文 (APP-6; issue 30, after mem46's Memory page):
the CJK font's thin ``?`` painted next to no pixel of its colour (1.3:1 on the Memory
page); the import dialog's ``?`` are drawn bold at body size too and reach 4.5:1 in both
themes, none cut. The assistant editor has none (issue 29: a described line under each
title) and reads in 简体中文 in both themes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QToolButton

from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.design.audit import audit_window, painted_colours
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
            report = audit_window(dialog, theme)
            if dialog is editor:  # issue 29: a line under each title says it, the help its tooltip
                assert not marks and report.ok, report.line() + "".join(
                    f"\n{f.what}: {f.detail}" for f in report.contrast + report.clipped)
                continue
            assert marks and all(b.font().bold() for b in marks)
            failed = [f for f in report.contrast + report.clipped if "'?'" in f.what]
            assert not failed, "".join(f"\n{f.what}: {f.detail}" for f in failed)
        editor.reject()
        importer.reject()
    finally:
        window.view.language.apply(UiLanguage.SYSTEM)


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_popovers_cache_help_reads_in_chinese(qapp: Any, qtbot: Any, services: Any, fake_vendor: Any,
                                                  restore_look: None, theme: str) -> None:
    """The token popover's ``?`` beside "Prompt cache" (TOK; issue 29): bold, 4.5:1 and
    whole in 简体中文 in both themes."""
    from PySide6.QtCore import QObject

    from chathub_desktop.gui.context.token_badge import TokenBadge
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.shell.i18n import LanguageSwitcher
    from tests import meter_states

    topic, draft, attachments = meter_states.STATES["anchored_with_tail"](services, fake_vendor)
    owner = QObject()
    language = LanguageSwitcher(owner, qapp, None)
    apply_theme(qapp, theme)
    badge = TokenBadge()
    qtbot.addWidget(badge)
    badge.bind_services(services)
    badge.bind_controller(lambda _t: None, lambda _t: None, lambda _t: False, lambda _t: None)
    badge.show()
    badge.show_estimate(services.estimates.estimate(topic, draft, attachments))
    try:
        language.apply(UiLanguage.CHINESE_SIMPLIFIED)
        badge.open_popover()
        pop = badge.popover
        qtbot.waitExposed(pop)
        pop._show_details(True)
        qtbot.waitUntil(lambda: pop.cache_help.isVisible() and pop.cache_help.accessibleName() != "About the "
                        "reported cache", timeout=3000)
        assert pop.cache_help.font().bold()
        pop.body_scroll.ensureWidgetVisible(pop.cache_help)  # a badge near the screen's top leaves little room
        qtbot.waitUntil(lambda: pop.body_scroll.viewport().rect().contains(
            pop.cache_help.geometry().translated(pop.cache_help.parentWidget().mapTo(
                pop.body_scroll.viewport(), pop.cache_help.parentWidget().rect().topLeft()))), timeout=3000)
        report = audit_window(pop, theme)
        failed = [f for f in report.contrast + report.clipped if "'?'" in f.what]
        assert not failed, "".join(f"\n{f.what}: {f.detail}" for f in failed)
        image = pop.grab().toImage()  # the button over the popover's own surface
        at = pop.cache_help.mapTo(pop, pop.cache_help.rect().topLeft())
        painted = painted_colours(image, pop.cache_help.rect().translated(at))  # None: no pixel of its colour
        assert painted is not None and painted[2] >= 4.5, painted
        pop.hide()
    finally:
        language.apply(UiLanguage.ENGLISH)
        owner.deleteLater()
