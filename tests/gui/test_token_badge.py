"""The token badge: updates after a typing pause, recounts only the draft (TOK-1, TOK-2)."""

from __future__ import annotations

import chathub_desktop.services.estimate_service as estimate_module
from tests.gui.helpers import conversation, write_export


def test_badge_updates_after_typing_without_reloading_history(window, services, qtbot, tmp_path,
                                                            monkeypatch):  # type: ignore[no-untyped-def]
    from chathub_desktop.services.chatgpt_import import import_chatgpt_export

    a = services.assistants.create("Counter", model="gpt-4o-mini", instructions="Be brief.")
    turns = [("user" if i % 2 == 0 else "assistant", f"message number {i} " * 5) for i in range(200)]
    import_chatgpt_export(services.db, a.id, write_export(tmp_path / "c.json", [conversation("Long", turns, "c1")]))
    loads: list[int] = []
    real_load = estimate_module.load_context
    monkeypatch.setattr(estimate_module, "load_context",
                        lambda *args, **kw: (loads.append(1), real_load(*args, **kw))[1])
    estimates: list[str] = []
    real_estimate = services.estimates.estimate
    monkeypatch.setattr(services.estimates, "estimate",
                        lambda tid, draft="": (estimates.append(draft), real_estimate(tid, draft))[1])
    window.reload_assistants(a.id)
    badge = window.composer.badge
    qtbot.waitUntil(lambda: badge.estimate is not None, timeout=5000)
    base = badge.estimate
    assert badge.text() == f"Used {base.total:,}"
    assert base.parts["history"] > 0 and "draft" not in base.parts
    assert len(loads) == 1
    loads.clear()
    estimates.clear()
    qtbot.keyClicks(window.composer.draft, "a draft that is being typed")
    qtbot.waitUntil(lambda: badge.estimate is not None and "draft" in badge.estimate.parts, timeout=3000)
    assert badge.estimate.total > base.total
    assert badge.text() == f"Used {badge.estimate.total:,}"
    assert loads == []  # the history was not reloaded per keystroke
    assert 1 <= len(estimates) <= 2  # debounced: not one estimate per keystroke
    assert estimates[-1] == "a draft that is being typed"
    badge.open_popover()
    assert badge.popover.isVisible()
    text = badge.popover.label.text()
    assert "Draft" in text and "Input budget" in text and "o200k_base" in text
    badge.popover.hide()
    assert "next request" in badge.toolTip()
