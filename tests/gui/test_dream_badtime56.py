"""A wrong time in the dream schedule is refused next to its field (issue 30, walk56 #4,
SPEC DRM-2): typed "25:99" with Daily chosen, the line under the row said "The schedule is
off" and Save sent the error under the Dynamic memory toolbar, off screen."""

from __future__ import annotations

from chathub_desktop.core.dream_schedule import DreamFrequency
from chathub_desktop.gui.design import Tone
from tests.gui.test_dream_panel import helper, idle, open_page, summ  # noqa: F401  (fixtures)

HINT = "Type the time as HH:MM in 24-hour UTC, e.g. 02:00."


def test_a_time_that_is_not_hh_mm_is_said_under_the_row_and_not_saved(  # type: ignore[no-untyped-def]
        open_page, services, helper, qtbot):  # noqa: F811
    panel = open_page(helper).dream_panel
    form = panel.schedule
    form.frequency_combo.setCurrentIndex(form.frequency_combo.findData(DreamFrequency.DAILY))
    form.time_edit.setText("25:99")
    assert form.next_label.text() == HINT and "\n" not in form.next_label.text()
    assert form.next_label.property("tone") == Tone.WARNING.value
    assert form.save_button.isVisible() and not form.save_button.isEnabled()
    assert form.save_button.toolTip() == HINT
    assert not form.save_schedule()  # Ctrl+S / Enter: refused, nothing written
    form.time_edit.returnPressed.emit()
    qtbot.wait(100)
    idle(qtbot, panel)
    view = services.dreams.settings(helper)
    assert (view.schedule.frequency, view.schedule.time_utc) == ("off", "02:00")
    assert not panel.error_label.isVisible()
    form.time_edit.setText("02:00")
    assert form.next_label.text() == "Not saved yet: press Save below to use this schedule."
    assert form.next_label.property("tone") == Tone.MUTED.value
    assert form.save_button.isEnabled() and form.save_button.toolTip() != HINT
    assert form.save_schedule()
    qtbot.waitUntil(lambda: services.dreams.settings(helper).schedule.frequency == "daily", timeout=5000)
    idle(qtbot, panel)
