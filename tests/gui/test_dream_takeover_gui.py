"""The Memory page's last-run line says when a scheduled dream stopped without finishing
and that it was retried (issue 10 "Nothing lost", DRM-5)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from chathub_desktop.core.dream_schedule import Schedule, latest_slot
from chathub_desktop.storage.models import DreamRun
from tests.fakes.vendor_server import Reply
from tests.gui.test_dream_panel import active_yesterday, helper, idle, open_page, summ  # noqa: F401  (fixtures)


@pytest.mark.expect_log(r"stopped without finishing at .*; taking it over$")  # the takeover is logged
def test_a_stopped_run_is_named_then_retried(open_page, services, helper, summ, qtbot, qloop):  # type: ignore[no-untyped-def]  # noqa: F811
    active_yesterday(services, helper)
    services.dreams.set_schedule(helper, "daily", "00:00")
    now = datetime.now(UTC)
    slot = latest_slot(Schedule("daily", "00:00"), now)
    assert slot is not None
    beat = (now - timedelta(minutes=3)).replace(microsecond=0)  # a killed process: silent for 3 minutes
    with services.db.write() as s:
        s.add(DreamRun(assistant_id=helper, history_day=slot.history_day, period_stamp=slot.period_stamp,
                       scheduled=True, status="running", attempts=1, started_at=beat - timedelta(seconds=30),
                       heartbeat_at=beat))
    panel = open_page(helper).dream_panel
    idle(qtbot, panel)
    text = panel.schedule.last_run_label.text()
    # said as the schedule row says a time (walk55): the day word and the time, UTC here
    when = f"{'today' if beat.date() == now.date() else 'yesterday'} at {beat:%H:%M} UTC"
    assert f"stopped without finishing {when}" in text and "retries it" in text
    summ.script(Reply(text_chunks=["- Wants bullet points"]))
    task = qloop.create_task(services.dreams.run_due())
    qtbot.waitUntil(task.done, timeout=5000)
    assert [o.status for o in task.result()] == ["appended"]
    n = panel.loads
    panel.schedule_reload()
    qtbot.waitUntil(lambda: panel.loads > n, timeout=5000)
    idle(qtbot, panel)
    text = panel.schedule.last_run_label.text()
    assert "added a card" in text and f"the previous run stopped without finishing {when}; retried" in text
