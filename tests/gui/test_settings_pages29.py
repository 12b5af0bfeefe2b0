"""Settings pages people expect (issue 29, walk29 #9, #10, #11; APP-1, APP-2): Providers
as a list with icons beside a detail pane with Test connection; empty states on
Providers, Models and Tools; section names kept at 800 px."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor
from tests.gui.helpers import layout_at_rest


def _providers(window: Any, qtbot: Any) -> Any:
    page = window.pages.open_settings().providers_page
    loads = page.loads
    qtbot.waitUntil(lambda: page.loads > loads, timeout=5000)  # read on a worker
    return page


def test_providers_are_a_list_with_icons_beside_a_detail_pane(window: Any, services: Services, qtbot: Any) -> None:
    """Walk29 #9: each provider is a row with its icon; the pane beside shows the chosen
    one's name, kind, base URL, where the key lives and the models it served."""
    services.providers.add("OpenAI", "openai", "https://api.openai.com/v1", api_key_env="OPENAI_API_KEY")
    local = services.providers.add("Ollama", "openai_compatible", "http://localhost:11434/v1")
    services.provider_models.remember(local.id, [f"model-{i}" for i in range(8)])
    page = _providers(window, qtbot)
    assert [page.list.item(i).text() for i in range(page.list.count())] == ["Ollama", "OpenAI"]  # by name
    assert all(not page.list.item(i).icon().isNull() for i in range(page.list.count()))
    assert page.detail.isVisible() and not page.empty.isVisible()
    d = page.detail
    assert (d.title.text(), d.kind.text(), d.url.text(), d.key.text()) == (
        "Ollama", "OpenAI-compatible", "http://localhost:11434/v1", "No key")
    qtbot.waitUntil(lambda: d.model_list.text() == "\n".join(
        [f"• model-{i}" for i in range(6)] + ["and 2 more"]), timeout=5000)  # each once (walk42 #5)
    assert not d.models.isVisible()
    page.list.setCurrentRow(1)
    assert (d.title.text(), d.kind.text(), d.url.text(), d.key.text()) == (
        "OpenAI", "OpenAI", "https://api.openai.com/v1", "Key from $OPENAI_API_KEY")
    qtbot.waitUntil(lambda: d.models.text().startswith("Not listed yet"), timeout=5000)
    assert d.test_button.isVisible() and d.edit_button.isEnabled() and d.delete_button.isEnabled()


def test_test_connection_in_the_detail_pane_lists_the_models(window: Any, services: Services, qtbot: Any,
                                                            fake_vendor: FakeVendor) -> None:
    """APP-1: Test connection of the chosen provider says what worked in one line and
    shows (and keeps) the models it served."""
    p = services.providers.add("Fake", "openai_compatible", fake_vendor.base_url)
    page = _providers(window, qtbot)
    d = page.detail
    d.test_button.click()
    assert not d.test_button.isEnabled()
    qtbot.waitUntil(lambda: d.result.text().startswith("✓"), timeout=10000)
    # asked without a key (walk40 #6: it said "key accepted")
    assert d.result.text().startswith("✓ reachable without a key, 1 model offered — answered in ")
    assert d.test_button.isEnabled()
    qtbot.waitUntil(lambda: d.model_list.text() == "• fake-model", timeout=5000)
    qtbot.waitUntil(lambda: services.provider_models.cached(p.id) == ("fake-model",), timeout=5000)


def test_no_provider_shows_one_line_and_add_a_provider(window: Any, services: Services, qtbot: Any) -> None:
    """Walk29 #9/#10: with no provider the page says what to do and offers the form."""
    page = _providers(window, qtbot)
    assert page.empty.isVisible() and not page.body.isVisible()
    assert page.empty.label.text().startswith("No providers yet.")
    assert page.empty.button.text() == "Add a provider…" and page.empty.button.property("primary") is True
    page.empty.button.click()
    assert page.form is not None and page.form.isVisible() and page.form.windowTitle() == "Add provider"
    page.form.reject()


def test_models_and_tools_show_an_empty_state_not_empty_grids(window: Any, qtbot: Any) -> None:
    """Walk29 #10: Models and Tools with nothing in them show one line and a primary
    "Add…" button instead of column headers (Tools: not two empty grids)."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    settings = window.pages.open_settings()
    settings.show_section(SettingsSection.MODELS)
    models = settings.current_page()
    qtbot.waitUntil(models.empty.isVisible, timeout=5000)
    assert not models.table.isVisible() and models.empty.button.text() == "Add a model card…"
    with qtbot.waitSignal(models.editor_opened, timeout=5000) as opened:
        models.empty.button.click()
    opened.args[0].reject()
    settings.show_section(SettingsSection.TOOLS)
    tools = settings.current_page()
    qtbot.waitUntil(lambda: tools.loads > 0, timeout=5000)
    assert tools.empty.isVisible() and tools.empty.button.text() == "Add an MCP server…"
    assert not tools.table.isVisible() and not tools.tree.isVisible() and not tools.assistant_row.isVisible()
    assert tools.paste_button.isVisible() and tools.import_button.isVisible()
    tools.empty.button.click()
    assert tools.server_dialog is not None and tools.server_dialog.isVisible()
    tools.server_dialog.reject()


def test_empty_models_and_tools_say_what_the_page_is_for_and_learn_more_unfolds(window: Any, qtbot: Any) -> None:
    """Walk36 #11: an empty Models or Tools page has an icon, a title, a line on what the
    page is for, the primary Add button and Learn more, which unfolds the longer
    explanation in place (and folds it again)."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection
    from chathub_desktop.gui.shell.empty_state import LEARN_MORE

    settings = window.pages.open_settings()
    settings.show_section(SettingsSection.MODELS)
    models = settings.current_page()
    qtbot.waitUntil(models.empty.isVisible, timeout=5000)
    settings.show_section(SettingsSection.TOOLS)
    tools = settings.current_page()
    qtbot.waitUntil(lambda: tools.loads > 0, timeout=5000)
    for section, page, title, says in ((SettingsSection.MODELS, models, "No model cards yet", "context window"),
                                       (SettingsSection.TOOLS, tools, "No tools yet", "give your assistants tools")):
        settings.show_section(section)
        empty = page.empty
        assert empty.glyph is not None and not empty.glyph.pixmap().isNull()
        assert empty.title is not None and empty.title.text() == title and says in empty.label.text()
        assert empty.button.property("primary") is True and empty.secondary is not None
        assert empty.secondary.text() == LEARN_MORE and empty.details is not None
        assert not empty.details.isVisible()
        empty.secondary.click()
        assert empty.details.isVisible() and len(empty.details.text()) > 80
        empty.secondary.click()
        assert not empty.details.isVisible()


def test_at_800_px_the_section_list_keeps_its_names(window: Any, qtbot: Any) -> None:
    """Walk29 #11: at 800×560 every section still shows its name, uncut, beside its icon."""
    window.resize(800, 560)
    page = window.pages.open_settings()
    qtbot.waitUntil(lambda: page.compact, timeout=5000)
    names = [page.sections.item(i).text() for i in range(page.sections.count())]
    assert names == ["Providers", "Models", "System Agent", "Tools", "Storage", "Appearance"]
    metrics = page.sections.fontMetrics()
    for i in range(page.sections.count()):
        rect = page.sections.visualItemRect(page.sections.item(i))
        assert rect.width() >= metrics.horizontalAdvance(names[i]) + 18  # text and icon fit
    assert page.sections.width() < 180  # narrower than at full width, so the section keeps its room
    rects = [page.sections.visualItemRect(page.sections.item(i)) for i in range(page.sections.count())]
    assert all(a.bottom() < b.top() for a, b in itertools.pairwise(rects))  # laid out with their padding


def test_fields_have_a_one_line_note_instead_of_a_question_mark(window: Any, qtbot: Any) -> None:
    """Walk29 #14, APP-6: System Agent and the provider form show a muted note under each
    field instead of a "?" button; the full help is the note's tooltip, and a long one is
    also behind "More"."""
    from PySide6.QtWidgets import QToolButton, QToolTip

    settings = window.pages.open_settings()
    page = settings.system_page
    form = settings.providers_page.add_provider()
    for owner in (page, form):
        assert [b for b in owner.findChildren(QToolButton) if b.text() == "?"] == []
    notes = (page.compress_note, page.naming_note, page.archives_note, page.threshold_note,
             form.ui.kindNote, form.ui.nameNote, form.ui.baseUrlNote, form.ui.keyNote)
    assert all(n.property("tone") == "muted" and len(n.toolTip()) > 40 for n in notes)
    assert page.compress_note.text().startswith("The History Compress model writes topic summaries")
    assert "More</a>" in page.compress_note.text() and "More" not in form.ui.nameNote.text()
    # walk36 #10: one "More" on the page; the other notes say enough (the rest is their tooltip)
    assert ["More</a>" in n.text() for n in notes[:4]] == [True, False, False, False]
    settings.show_system_agent()
    page.compress_note.linkActivated.emit("#more")
    qtbot.waitUntil(lambda: "a separate setting" in QToolTip.text(), timeout=2000)
    QToolTip.hideText()
    form.reject()


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_changed_pages_read_in_both_themes_at_800_px(window: Any, services: Services, qtbot: Any,
                                                         theme: str) -> None:
    """Issue 29 looks: Providers (list and pane), Models and Tools (empty states), System
    Agent (notes), Storage and Appearance (walk51's rows) and the provider form reach 4.5:1 (3:1 large) with nothing cut, after
    a live theme switch, in an 800×560 window."""
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    services.providers.add("Ollama", "openai_compatible", "http://localhost:11434/v1")
    window.resize(800, 560)
    window.view.theme_actions["light" if theme == "dark" else "dark"].trigger()
    page = _providers(window, qtbot)
    settings = window.pages.open_settings()
    window.view.theme_actions[theme].trigger()
    tools = settings.pages[SettingsSection.TOOLS]
    qtbot.waitUntil(lambda: tools.loads > 0 and page.detail.models.text() != "Reading…", timeout=5000)
    try:
        for section in (SettingsSection.PROVIDERS, SettingsSection.MODELS, SettingsSection.SYSTEM_AGENT,
                        SettingsSection.TOOLS, SettingsSection.STORAGE, SettingsSection.APPEARANCE):  # walk51: rows
            settings.show_section(section)
            layout_at_rest(window, qtbot)
            report = audit_window(window, theme)
            assert report.ok, (section, report.line(), [f"{f.what}: {f.detail}" for f in report.contrast
                                                        + report.clipped])
        form = page.add_provider()
        qtbot.waitExposed(form)
        layout_at_rest(form, qtbot)
        report = audit_window(form, theme)
        assert report.ok, (report.line(), [f"{f.what}: {f.detail}" for f in report.contrast + report.clipped])
        form.reject()
    finally:
        window.view.theme_actions["light"].trigger()
