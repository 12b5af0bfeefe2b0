"""Settings after walk51 (issue 29; a Cherry Studio / LobeHub user): "Appearance is radio
groups in grey boxes, ordered Larger / Smaller / Default", "System Agent is a half-width
form with knobs like Buffer 13000 tokens", "the Models table says none · dream card 1,600".
Each setting is now a row — its name and what it does at the left, a compact control at
the right — and the table says where each figure comes from in words (APP-2, APP-6,
NUM-1/3/6/8, NUM-2)."""

from __future__ import annotations

from typing import Any

from chathub_desktop.gui.design.segmented import SegmentedControl
from chathub_desktop.gui.design.tokens import TextSize, Width
from chathub_desktop.gui.settings.appearance_section import AppearanceSection
from chathub_desktop.gui.settings.models_page import ModelsPage
from chathub_desktop.gui.settings.setting_rows import SettingRow
from chathub_desktop.gui.settings.settings_page import SettingsSection
from chathub_desktop.services.container import Services
from tests.gui.helpers import layout_at_rest


def _right_of_its_text(row: SettingRow) -> bool:
    """The row's control sits to the right of its title and description."""
    assert row.control is not None
    texts = [w for w in (row.title, row.description) if w is not None]
    return all(row.control.geometry().left() > w.geometry().right() for w in texts)


def test_appearance_is_rows_with_segments_in_their_natural_order(window: Any, qtbot: Any) -> None:
    window.resize(1366, 768)
    settings = window.pages.open_settings()
    settings.show_section(SettingsSection.APPEARANCE)
    page = settings.current_page()
    assert isinstance(page, AppearanceSection)
    layout_at_rest(window, qtbot)
    rows = {r.title.text(): r for r in page.rows}
    assert list(rows) == ["Theme", "Text size", "Language", "Send key", "Show sidebar", "Desktop notifications"]
    assert all(r.description is not None and len(r.description.text()) > 20 for r in page.rows)  # says what it does
    assert all(_right_of_its_text(r) for r in page.rows)
    theme, size = rows["Theme"].control, rows["Text size"].control
    assert isinstance(theme, SegmentedControl) and isinstance(size, SegmentedControl)
    assert [theme.itemText(i) for i in range(theme.count())] == ["Light", "Dark", "System"]
    assert all(not theme.button(i).icon().isNull() for i in range(theme.count()))
    assert [size.itemText(i) for i in range(size.count())] == ["Smaller", "Default", "Larger"]  # not Larger first
    view = window.view
    try:
        size.button(2).click()
        assert view.prefs.text_size is TextSize.LARGER and view.larger_action.isChecked()
        view.default_size_action.trigger()  # from the menu (Ctrl+0): the segment follows
        assert size.currentText() == "Default" and size.button(1).isChecked()
    finally:
        view.default_size_action.trigger()
    language = rows["Language"].control
    assert [language.itemText(i) for i in range(language.count())] == ["System", "English", "简体中文", "日本語"]
    window.back_action.trigger()


def test_system_agent_is_full_width_rows_with_the_knobs_said_in_words(window: Any, qtbot: Any) -> None:
    window.resize(1366, 768)
    settings = window.pages.open_system_agent()
    page = settings.system_page
    qtbot.waitUntil(lambda: not page.resolving() and page.save_button.isEnabled(), timeout=5000)
    layout_at_rest(window, qtbot)
    assert Width.FORM < page.width() <= Width.SETTINGS  # walk51: not a half-width form
    rows = [r for r in page.findChildren(SettingRow)]
    assert rows[0].title.text() == "History Compress &model"  # the model chooser first
    assert rows[0].title.buddy() is page.compress_picker.model_combo
    assert not page.advanced.is_open() and not page.buffer_spin.isVisible()  # the knobs folded under Advanced
    page.advanced.button.click()
    qtbot.waitUntil(page.failures_spin.isVisible, timeout=5000)
    layout_at_rest(window, qtbot)
    knobs = {r.control: r for r in rows if r.control in (page.buffer_spin, page.keep_spin, page.failures_spin)}
    said = {spin.objectName(): (knobs[spin].description.text(), spin.suffix())  # type: ignore[union-attr]
            for spin in knobs}
    assert said["bufferSpin"] == ("Compaction starts when a request comes within this many tokens of the context "
                                  "window, leaving room for the reply (default 13,000).", " tokens")
    assert said["keepRecentSpin"] == ("The newest messages are sent word for word; older ones are summarized "
                                      "(default 12).", " messages")
    assert said["maxFailuresSpin"] == ("After this many failed summaries in a row, compaction pauses for five "
                                       "minutes (default 3).", " failures")
    assert all(_right_of_its_text(r) for r in knobs.values())
    page.advanced.button.click()
    assert not page.failures_spin.isVisible()
    window.back_action.trigger()


def test_the_models_table_says_where_each_figure_comes_from(window: Any, services: Services, qtbot: Any) -> None:
    local = services.providers.add("Local", "openai_compatible", "http://127.0.0.1:8083/v1")
    services.provider_models.remember(local.id, ["smollm2-135m", "mystery-1"], {"smollm2-135m": 2048})
    services.models.set("acme-13b", 16384, max_output=4096)
    window.resize(1366, 768)
    settings = window.pages.open_settings()
    page = settings.pages[SettingsSection.MODELS]
    assert isinstance(page, ModelsPage)
    settings.show_section(SettingsSection.MODELS)
    qtbot.waitUntil(lambda: page.table.rowCount() == 3, timeout=5000)
    table = page.table
    rows = {table.item(r, 1).text(): [table.item(r, c) for c in range(table.columnCount())]
            for r in range(table.rowCount())}
    assert [c.text() for c in rows["acme-13b"][2:5]] == ["16k", "from the card", "4k"]
    assert [c.text() for c in rows["smollm2-135m"][2:5]] == ["2k", "from the provider", "not set"]
    assert rows["mystery-1"][3].text() == "default"  # nothing reports its window
    assert "reported this window" in rows["smollm2-135m"][3].toolTip()
    assert "at most 512 tokens" in rows["smollm2-135m"][4].toolTip()
    tips = {table.horizontalHeaderItem(c).text().replace("\n", " "): table.horizontalHeaderItem(c).toolTip()
            for c in range(table.columnCount())}
    assert all(len(tips[c]) > 20 for c in ("Context window", "Source", "Max output", "Tokenizer"))
    assert rows["smollm2-135m"][5].text() == "auto" and "model's name" in rows["smollm2-135m"][5].toolTip()
    window.resize(800, 560)  # the model ids keep room: Source says its short word, the tooltip stays whole
    qtbot.waitUntil(lambda: page.narrow, timeout=5000)
    layout_at_rest(window, qtbot)
    smol = next(r for r in range(table.rowCount()) if table.item(r, 1).text() == "smollm2-135m")
    assert table.item(smol, 3).text() == "provider" and "reported this window" in table.item(smol, 3).toolTip()
    assert table.columnWidth(1) >= table.fontMetrics().horizontalAdvance("smollm2-135m")
    window.back_action.trigger()


def test_a_20_character_model_id_is_whole_at_800x560(window: Any, services: Services, qtbot: Any) -> None:
    """walk51b #5: at 800 px the id was cut to "smoll…-135m" while "not set (dream cards
    1,600)" kept its room: Max output says "not set" (the cap in its tooltip) and the id
    column gets the room first."""
    model = "qwen2.5-coder-7b-q4k"
    assert len(model) == 20
    local = services.providers.add("llama.cpp server", "openai_compatible", "http://127.0.0.1:8083/v1")
    services.provider_models.remember(local.id, [model], {model: 2048})
    for name in ("h-forever", "h-garbage"):
        other = services.providers.add(name, "openai_compatible", "http://127.0.0.1:8084/v1")
        services.provider_models.remember(other.id, ["hostile-1"], {})
    window.resize(800, 560)
    settings = window.pages.open_settings()
    page = settings.pages[SettingsSection.MODELS]
    assert isinstance(page, ModelsPage)
    settings.show_section(SettingsSection.MODELS)
    table = page.table
    qtbot.waitUntil(lambda: table.rowCount() == 3 and page.narrow, timeout=5000)
    layout_at_rest(window, qtbot)
    row = next(r for r in range(table.rowCount()) if table.item(r, 1).text() == model)
    assert table.item(row, 4).text() == "not set" and "at most 512 tokens" in table.item(row, 4).toolTip()
    pad = 2 * table.style().pixelMetric(table.style().PixelMetric.PM_FocusFrameHMargin) + 2
    assert table.columnWidth(1) >= table.fontMetrics().horizontalAdvance(model) + pad
    window.back_action.trigger()
