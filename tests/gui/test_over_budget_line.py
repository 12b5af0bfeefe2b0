"""walk53 #3: an imported topic showed a red "739%" on the composer's ring and nothing
said it was far over the model's window or what Send would do. Under the draft a line now
says it, from the plan Send posts, true for the policy in force (token auto-compact on:
Send summarizes first, CMP-13; off: it goes as is and only a refusal compacts, once,
CMP-11), with Compact now one click away (CMP-6)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from chathub_desktop.gui.chat.composer import Composer
from chathub_desktop.gui.context.estimate_controller import EstimateController
from chathub_desktop.services.views import EstimateView


def _plan(total: int, **kw: Any) -> EstimateView:
    return EstimateView(topic_id=7, parts={"history": total}, total=total, context_window=2_048,
                        input_budget=1_536, included=40, dropped=0, encoding="o200k_base", local_total=total, **kw)


def _composer(qtbot: Any) -> tuple[Composer, EstimateController, list[int], set[int]]:
    """A shown composer whose badge is bound to a stand-in compaction controller; the
    list records the topics Compact now was asked for, the set the topics compacting."""
    c = Composer()
    qtbot.addWidget(c)
    asked: list[int] = []
    busy: set[int] = set()
    c.badge.bind_controller(asked.append, lambda _t: None, lambda t: t in busy, lambda _t: None)
    c.resize(900, 200)
    c.show()
    qtbot.waitExposed(c)
    return c, EstimateController(SimpleNamespace(composer=c)), asked, busy


def test_a_topic_far_over_the_window_says_so_and_what_send_does(qtbot) -> None:  # type: ignore[no-untyped-def]
    c, ctrl, asked, busy = _composer(qtbot)
    plan = _plan(11_351)  # 739% of 1,536, as the imported topic of walk53
    ctrl.show(plan)
    assert c.badge.figure() == "739%"
    assert c.over_budget.isVisible() and c.over_budget.line.property("tone") == "error"
    assert c.over_budget.line.text() == ("About 7 times too long for this model (11,351 of 1,536 input tokens). Send "
                                         "will summarize older messages first.")
    assert c.send_button.isEnabled()  # Send still goes: it compacts first
    c.over_budget.compact_button.click()
    assert asked == [7]
    busy.add(7)
    c.badge.sync_popover()  # the controller says a run started
    assert not c.over_budget.compact_button.isEnabled()
    assert c.over_budget.compact_button.text() == "Compacting…"
    busy.clear()
    ctrl.show(_plan(427))  # compacted: the next request fits again
    assert not c.over_budget.isVisible()
    assert c.over_budget.compact_button.isEnabled() and c.over_budget.compact_button.text() == "Compact now"


def test_with_compaction_off_the_line_says_send_goes_as_it_is(qtbot) -> None:  # type: ignore[no-untyped-def]
    c, ctrl, _asked, _busy = _composer(qtbot)
    ctrl.show(_plan(2_000, auto_compact=False))
    assert c.over_budget.line.text() == (
        "464 tokens too long for this model (2,000 of 1,536 input tokens). Compaction is off: Send tries it as is, "
        "and if the model refuses, summarizes older messages once and resends.")
    assert c.over_budget.compact_button.isVisible()


def test_a_draft_too_long_alone_keeps_its_own_line_only(qtbot) -> None:  # type: ignore[no-untyped-def]
    c, ctrl, _asked, _busy = _composer(qtbot)
    ctrl.show(replace(_plan(5_000), parts={"history": 100, "draft": 4_900}))
    assert c.too_long.isVisible() and not c.over_budget.isVisible()
    assert not c.send_button.isEnabled()
    ctrl.show(None)
    assert not c.too_long.isVisible() and not c.over_budget.isVisible()
