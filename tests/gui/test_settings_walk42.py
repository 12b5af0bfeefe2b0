"""Settings after walk42 (issue 29): Providers lists each model once with its window, a
list no taller than its rows, a custom URL's letter mark; Models lists what the enabled
providers serve with each window and where it comes from, and Edit card… starts a card
for one (walk42 #5, #6; NUM-2)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from chathub_desktop.gui.settings.models_page import ModelsPage
from chathub_desktop.gui.settings.settings_page import SettingsSection
from chathub_desktop.services.container import Services


def test_models_lists_what_the_enabled_providers_serve(window: Any, services: Services, qtbot: Any) -> None:
    on = services.providers.add("Local", "openai_compatible", "http://127.0.0.1:8083/v1")
    off = services.providers.add("Spare", "openai_compatible", "http://127.0.0.1:8084/v1")
    services.providers.set_enabled(off.id, False)
    services.provider_models.remember(on.id, ["smollm2-135m"], {"smollm2-135m": 2048})
    services.provider_models.remember(off.id, ["hidden-7b"], {"hidden-7b": 4096})
    dlg = window.pages.open_settings()
    page = dlg.pages[SettingsSection.MODELS]
    assert isinstance(page, ModelsPage)
    dlg.show_section(SettingsSection.MODELS)
    qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=5000)
    cells = [item.text() for c in range(page.table.columnCount()) if (item := page.table.item(0, c)) is not None]
    assert cells[:4] == ["Local", "smollm2-135m", "2k", "from the provider"]  # the window and where it comes from
    assert page.table.item(0, 2).toolTip() == "2,048"  # exact in its tooltip (issue 29: fits 800×560)
    assert page.table.isVisible() and not page.empty.isVisible()  # no "No model cards yet"
    page.table.selectRow(0)
    assert page.edit_button.text() == "&Edit card…" and page.edit_button.isEnabled()
    assert not page.delete_button.isEnabled()  # nothing of the user's to delete
    with qtbot.waitSignal(page.editor_opened, timeout=5000) as opened:
        page.edit()
    editor = opened.args[0]
    assert editor.model_edit.text() == "smollm2-135m"
    editor.reject()


def test_providers_pane_says_each_model_once_and_marks_a_custom_url(window: Any, services: Services,
                                                                    qtbot: Any) -> None:
    p = services.providers.add("Acme box", "openai_compatible", "http://10.1.2.3:9000/v1")
    services.provider_models.remember(p.id, ["smollm2-135m"], {"smollm2-135m": 2048})
    window.resize(1366, 768)
    page = window.pages.open_settings().providers_page
    detail = page.detail
    qtbot.waitUntil(lambda: detail.model_list.isVisible(), timeout=5000)
    shown = [w.text() for w in (detail.models, detail.model_list) if w.isVisible()]
    assert "\n".join(shown).count("smollm2-135m") == 1  # walk42 #5: it was listed twice
    assert detail.model_list.text() == "• smollm2-135m · 2,048-token window"
    rows = page.list.sizeHintForRow(0) * page.list.count() + 2 * page.list.frameWidth()
    assert page.list.height() <= rows + 2 * page.list.spacing() * page.list.count()  # no tall empty block
    assert detail.width() > page.width() // 2  # the card uses the pane's width
    from chathub_desktop.gui.settings.providers_page import provider_mark

    mark = provider_mark(page.views[p.id])
    assert mark is not None and mark.letters == "AB"  # a letter mark from its name, as the presets


def _fully_shown(widget: Any) -> bool:
    """True when no ancestor (a scroll area's viewport) clips ``widget``."""
    return bool(widget.isVisible() and widget.visibleRegion().boundingRect() == widget.rect())


def test_system_agent_save_and_cancel_in_view_at_800x560(window: Any, services: Services, qtbot: Any) -> None:
    p = services.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8083/v1")
    services.provider_models.remember(p.id, ["smollm2-135m"], {"smollm2-135m": 2048})  # the "In use" line
    window.resize(800, 560)
    settings = window.pages.open_settings()
    settings.show_system_agent()
    page = settings.system_page
    qtbot.waitUntil(lambda: not page.resolving() and page.save_button.isEnabled(), timeout=5000)
    qtbot.waitUntil(lambda: page.compress_info.text() != "", timeout=5000)
    for _ in range(3):  # the layout requests the new line posted
        QCoreApplication.sendPostedEvents()
        QCoreApplication.processEvents()
    assert _fully_shown(page.save_button) and _fully_shown(page.cancel_button)  # walk42 #7: cut at the edge
    assert page.form_area.verticalScrollBar().maximum() > 0  # the form scrolls above them instead


def test_a_long_day_picker_line_does_not_widen_the_memory_page(qtbot: Any) -> None:
    """walk42 #7: "every day with messages already has a card — ↻ Regenerate one" made the
    page wider than an 800×560 window, its right-hand buttons under the scrollbar."""
    from chathub_desktop.gui.memory.dream_day_picker import MIN_CHARS, DreamDayPicker

    picker = DreamDayPicker()
    qtbot.addWidget(picker)
    picker.addItem("every day with messages already has a card — ↻ Regenerate one")
    assert picker.minimumSizeHint().width() <= picker.fontMetrics().averageCharWidth() * MIN_CHARS
    assert picker.sizeHint().width() > picker.minimumSizeHint().width()  # as wide as its text where there is room


def test_providers_cards_stack_from_the_top(window: Any, services: Services, qtbot: Any) -> None:
    """polish52: the Replies card sat at the bottom of the pane under a gap as tall as the
    window; as on the other Settings pages it follows the provider's card (or the empty
    state's offer), the room left below it, at 1366×768 and at 800×560."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QLabel

    from chathub_desktop.gui.design.tokens import MIN_WINDOW, Space

    window.resize(1366, 768)
    window.show()
    page = window.pages.open_settings().providers_page
    qtbot.waitUntil(lambda: page.empty.isVisible() and page.reply_limit_spin.isEnabled(), timeout=5000)
    heading = next(lb for lb in page.findChildren(QLabel, "formSection") if lb.text() == "Replies")
    qtbot.waitUntil(lambda: heading.mapTo(page, QPoint(0, 0)).y() <= page.empty.geometry().bottom() + 2 * Space.XL,
                    timeout=5000)  # no provider yet: the card right under the empty state's offer
    window.back_action.trigger()
    services.providers.add("Acme box", "openai_compatible", "http://10.1.2.3:9000/v1")
    for size in ((1366, 768), MIN_WINDOW):
        window.resize(*size)
        window.show()
        page = window.pages.open_settings().providers_page
        qtbot.waitUntil(lambda p=page: p.detail.isVisible() and p.reply_limit_spin.isEnabled(), timeout=5000)
        heading = next(lb for lb in page.findChildren(QLabel, "formSection") if lb.text() == "Replies")
        qtbot.waitUntil(lambda p=page, h=heading: h.mapTo(p, QPoint(0, 0)).y()
                        <= p.body.geometry().bottom() + 2 * Space.XL, timeout=5000)
        top = heading.mapTo(page, QPoint(0, 0)).y()
        assert top - page.body.geometry().bottom() <= 2 * Space.XL, size  # right under the providers
        card = heading.parentWidget()
        assert card.geometry().bottom() < page.height() - 2 * Space.XL or size == MIN_WINDOW, size
        right = page.detail.mapTo(page, QPoint(page.detail.width(), 0)).x()
        assert abs(card.geometry().right() + 1 - right) <= 1, size  # its right edge is the provider card's
