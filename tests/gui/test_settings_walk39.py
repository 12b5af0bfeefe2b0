"""What walk39 (a Cherry Studio / LobeHub user) found dated in Settings (issue 29).

- Settings → Providers showed "a generic cloud icon for every vendor" beside a mostly
  empty pane: each preset vendor now has its own mark, and the pane is capped at a
  readable width with the mark, the name and sections.
- "Save sits alone in a far corner": System Agent's Save and Cancel sit side by side
  right under the form, which is no wider than :attr:`Width.SETTINGS` (walk51: rows, not
  a half-width form).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize

from chathub_desktop.gui.design.tokens import Width
from chathub_desktop.gui.settings.settings_page import SettingsSection
from chathub_desktop.services.container import Services
from tests.gui.helpers import layout_at_rest


def _image(icon: Any) -> Any:  # QIcon → QImage at the list's size
    return icon.pixmap(QSize(18, 18)).toImage()


def test_each_preset_vendor_has_its_own_mark_and_the_pane_is_capped(window: Any, services: Services,
                                                                     qtbot: Any) -> None:
    services.providers.add("OpenAI", "openai", "https://api.openai.com/v1", api_key_env="OPENAI_KEY")
    services.providers.add("Anthropic", "anthropic", "https://api.anthropic.com", api_key_env="ANTHROPIC_KEY")
    services.providers.add("DeepSeek", "openai_compatible", "https://api.deepseek.com/v1", api_key_env="DS_KEY")
    services.providers.add("My proxy", "openai_compatible", "https://proxy.example.com/v1", api_key_env="P_KEY")
    window.resize(1366, 768)
    page = window.pages.open_settings().providers_page
    qtbot.waitUntil(lambda: page.list.count() == 4, timeout=5000)
    pictures = [_image(page.list.item(i).icon()) for i in range(page.list.count())]
    for i, a in enumerate(pictures):
        for j, b in enumerate(pictures[i + 1:], start=i + 1):
            assert a != b, (page.list.item(i).text(), page.list.item(j).text())  # no two look alike
    # the pane: no wider than a readable form, its vendor's mark beside the name
    qtbot.waitUntil(lambda: page.detail.title.text() != "", timeout=5000)
    assert page.detail.isVisible() and page.detail.width() <= Width.DETAIL
    assert page.detail.mark.isVisible() and not page.detail.mark.pixmap().isNull()
    assert page.list.width() + page.detail.width() < page.width()  # not stretched across the window


def test_system_agent_save_and_cancel_sit_together_under_a_capped_form(window: Any, qtbot: Any) -> None:
    window.resize(1366, 768)
    settings = window.pages.open_settings()
    settings.show_system_agent()
    page = settings.system_page
    qtbot.waitUntil(lambda: not page.resolving() and page.save_button.isEnabled(), timeout=5000)
    assert page.width() <= Width.SETTINGS
    save, cancel = page.save_button, page.cancel_button
    assert save.isVisible() and cancel.isVisible() and cancel.isEnabled()
    s, c = save.geometry(), cancel.geometry()
    assert save.parentWidget() is cancel.parentWidget()
    assert abs(s.center().y() - c.center().y()) <= 1  # one row
    gap = c.left() - s.right() if c.left() > s.right() else s.left() - c.right()
    assert 0 < gap <= 24  # next to each other
    bar = page.buttons.mapTo(page, page.buttons.rect().bottomRight())
    assert page.width() - bar.x() <= 24  # at the form's right edge
    assert not page.advanced.is_open() and not page.failures_spin.isVisible()  # walk51: folded at first
    below = page.advanced.mapTo(page, page.advanced.rect().bottomLeft()).y()  # the form's last row
    assert 0 < page.buttons.mapTo(page, page.buttons.rect().topLeft()).y() - below <= 120  # right under the form
    page.advanced.button.click()  # the knobs unfold under it; the form scrolls, Save stays in view
    qtbot.waitUntil(page.failures_spin.isVisible, timeout=5000)
    layout_at_rest(window, qtbot)
    page.form_area.ensureWidgetVisible(page.failures_spin)
    assert page.failures_spin.visibleRegion().boundingRect() == page.failures_spin.rect()
    assert save.visibleRegion().boundingRect() == save.rect()
    # Cancel forgets an unsaved change
    page.keep_spin.setValue(page.keep_spin.value() + 7)
    changed = page.keep_spin.value()
    cancel.click()
    qtbot.waitUntil(lambda: not page.resolving() and page.save_button.isEnabled(), timeout=5000)
    assert page.keep_spin.value() == changed - 7


def test_system_agent_save_and_cancel_sit_at_the_same_place_in_both_themes(window: Any, qtbot: Any) -> None:
    """walk51b #5: Save/Cancel sat at y 674 in light and 650 in dark — the form's height
    was guessed from a narrower width on the first showing. Now the bar's geometry is the
    same in light and dark, on the first showing and the next."""
    window.resize(1366, 768)
    window.view.prefs.set_theme("light")
    settings = window.pages.open_settings()
    settings.show_system_agent()
    page = settings.system_page
    qtbot.waitUntil(lambda: not page.resolving() and page.save_button.isEnabled(), timeout=5000)
    layout_at_rest(window, qtbot)

    def bar() -> tuple[Any, Any]:
        save, cancel = page.save_button, page.cancel_button
        return (save.mapTo(window, save.rect().topLeft()), save.size(),
                cancel.mapTo(window, cancel.rect().topLeft()), cancel.size())

    light = bar()
    window.view.prefs.set_theme("dark")
    settings.show_section(SettingsSection.APPEARANCE)
    settings.show_system_agent()
    layout_at_rest(window, qtbot)
    assert bar() == light
    window.view.prefs.set_theme("light")
    layout_at_rest(window, qtbot)
    assert bar() == light
