"""The token badge: updates after a typing pause, recounts only the draft (TOK-1, TOK-2);
a compact ring with the percentage of the input budget (issue 29)."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from tests.gui.helpers import conversation, reload_assistants, write_export


def test_badge_updates_after_typing_without_reloading_history(window, services, qtbot, tmp_path,
                                                            monkeypatch):  # type: ignore[no-untyped-def]
    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export

    a = services.assistants.create("Counter", model="gpt-4o-mini", instructions="Be brief.")
    turns = [("user" if i % 2 == 0 else "assistant", f"message number {i} " * 5) for i in range(200)]
    import_chatgpt_export(services.db, a.id, write_export(tmp_path / "c.json", [conversation("Long", turns, "c1")]))
    loads: list[int] = []
    real_load = services.loader.load
    monkeypatch.setattr(services.loader, "load",
                        lambda *args, **kw: (loads.append(1), real_load(*args, **kw))[1])
    estimates: list[str] = []
    real_estimate = services.estimates.estimate
    monkeypatch.setattr(services.estimates, "estimate",
                        lambda tid, draft="": (estimates.append(draft), real_estimate(tid, draft))[1])
    reload_assistants(window, qtbot, a.id)
    badge = window.composer.badge
    qtbot.waitUntil(lambda: badge.estimate is not None, timeout=5000)
    base = badge.estimate
    assert badge.figure() == f"{round(100 * base.total / base.input_budget)}%"
    assert base.parts["history"] > 0 and "draft" not in base.parts
    assert len(loads) == 1
    loads.clear()
    estimates.clear()
    qtbot.keyClicks(window.composer.draft, "a draft that is being typed")
    qtbot.waitUntil(lambda: badge.estimate is not None and "draft" in badge.estimate.parts, timeout=3000)
    assert badge.estimate.total > base.total
    e = badge.estimate
    assert badge.figure() == f"{round(100 * e.total / e.input_budget)}%"
    assert f"{e.total:,} of {e.input_budget:,} input tokens" in badge.accessibleDescription()
    assert loads == []  # the history was not reloaded per keystroke
    assert 1 <= len(estimates) <= 2  # debounced: not one estimate per keystroke
    assert estimates[-1] == "a draft that is being typed"
    badge.open_popover()
    assert badge.popover.isVisible()
    text = _texts(badge.popover)
    assert "Draft" in text and "of the input budget used" in text and "o200k_base" in text
    badge.popover.hide()
    assert "next request" in badge.toolTip()


def test_popover_shows_parts_bar_history_cache_and_compaction_buttons(qtbot, services, tmp_path):  # type: ignore[no-untyped-def]
    """TOK-1, TOK-6: the Context usage & compaction popover, painted offscreen."""
    from datetime import UTC, datetime

    from sqlalchemy import insert

    from chathub_desktop.gui.context.token_badge import TokenBadge
    from chathub_desktop.storage.models import Message

    services.assistants.create("Pop", model="gpt-4o", instructions="Be brief.")
    services.assistants.update("Pop", history_limit_enabled=True, history_limit=4)
    topic = services.topics.create("Pop").id
    now = datetime.now(UTC)
    with services.db.write() as s:
        s.execute(insert(Message), [
            {"topic_id": topic, "seq": i + 1, "role": "user" if i % 2 == 0 else "assistant",
             "content": f"turn {i} " * 30, "created_at": now,
             **({"input_tokens": 900, "cached_tokens": 640, "model": "gpt-4o"} if i == 9 else {})}
            for i in range(12)
        ])
    e = services.estimates.estimate(topic, "a draft")
    badge = TokenBadge()
    qtbot.addWidget(badge)
    badge.bind_services(services)
    badge.show_estimate(e)
    pop = badge.popover
    pop.fill(e)
    pop.adjustSize()
    pop.show()
    text = _texts(pop)
    assert "Next request estimate" in text and "Total Used" in text and "Chat messages" in text
    assert "Draft" in text and "reaches 80% of the input budget" in text
    history = pop.history_label.text()
    assert "beyond the history limit" in history and "History limit: 4" in history
    assert pop.history_warning.isVisible()  # dropped with no summary → warning
    assert "no usable summary" in pop.history_warning.text()
    assert pop.cache_label.text() == "71.1% hit · working · 640 / 900"
    assert "gpt-4o" in pop.cache_help.toolTip()
    segments = pop.bar.segments(400.0)
    assert [k for k, _x, _w in segments][:1] == ["instructions"] and "draft" in [k for k, *_ in segments]
    assert abs(sum(w for *_k, w in segments) - 400.0 * e.total / e.input_budget) < 0.5
    assert not pop.compact_button.isVisible()  # no controller bound yet
    asked: list[int] = []
    badge.bind_controller(asked.append, asked.append, lambda _t: False, lambda _t: None)
    pop.sync()
    assert pop.compact_button.isVisible() and pop.summary_button.isVisible()
    pop.compact_button.click()
    assert asked == [topic]
    shot = tmp_path / "popover.png"
    assert pop.grab().save(str(shot)) and shot.stat().st_size > 1000
    pop.hide()


def test_popover_hides_compaction_buttons_without_a_controller(qtbot, services):  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.context.token_badge import TokenBadge

    services.assistants.create("Bare", model="gpt-4o")
    topic = services.topics.create("Bare").id
    badge = TokenBadge()
    qtbot.addWidget(badge)
    badge.bind_services(object())
    e = services.estimates.estimate(topic)
    badge.show_estimate(e)
    badge.popover.fill(e)
    badge.popover.show()
    assert not badge.popover.compact_button.isVisible()
    assert badge.popover.cache_label.text() == "No provider telemetry yet: no reply has reported cache use"  # TOK-6
    badge.popover.hide()


def test_popover_and_bubble_warn_of_a_silently_truncated_request_and_offer_the_window(qtbot, services):  # type: ignore[no-untyped-def]
    """REF-27 (issue 17): a reply whose server read only 2,048 of about 10,300 tokens shows
    the warning in its bubble and in the popover, whose button asks for the model card."""
    from datetime import UTC, datetime

    from sqlalchemy import insert

    from chathub_desktop.gui.chat.message_documents import render_html
    from chathub_desktop.gui.context.token_badge import TokenBadge
    from chathub_desktop.storage.models import Message

    warning = "the server read only 2,048 of about 10,300 tokens: its context is smaller than the model card says"
    services.providers.add("Ollama", "openai_compatible", "http://127.0.0.1:9/v1")
    services.assistants.create("Cut", provider="Ollama", model="llama3.1-8b")
    topic = services.topics.create("Cut").id
    with services.db.write() as s:
        s.execute(insert(Message), [
            {"topic_id": topic, "seq": 1, "role": "user", "content": "plan " * 50, "created_at": datetime.now(UTC)},
            {"topic_id": topic, "seq": 2, "role": "assistant", "content": "ok", "created_at": datetime.now(UTC),
             "status": "complete", "input_tokens": 2048, "error_kind": "input_truncated", "error": warning,
             "model": "llama3.1-8b", "provider_id": services.providers.list()[0].id},
        ])
    e = services.estimates.estimate(topic)
    assert e.truncation is not None and e.truncation.reported == 2048 and e.total == e.local_total
    badge = TokenBadge()
    qtbot.addWidget(badge)
    badge.bind_services(services)
    badge.show_estimate(e)
    pop = badge.popover
    pop.fill(e)
    pop.show()
    assert pop.truncation_label.isVisible() and warning in pop.truncation_label.text()
    assert pop.set_window_button.text() == "Set llama3.1-8b's window to 2,048 tokens"
    asked: list[object] = []
    badge.card_window_requested.connect(asked.append)
    pop.set_window_button.click()  # the window's estimate controller saves it (test below)
    assert asked == [e.truncation] and not pop.set_window_button.isEnabled()
    pop.card_window_saved(e.truncation)
    assert pop.set_window_button.isEnabled() and pop.set_window_button.text() == \
        "Saved: llama3.1-8b reads 2,048 tokens"
    pop.hide()
    view = services.topics.messages(topic)[-1]
    assert view.input_truncated
    html = "".join(render_html(view, False, _colors_for_test()))
    assert "Warning:" in html and "2,048 of about 10,300" in html


def _texts(pop):  # type: ignore[no-untyped-def]
    """Every label's text in the popover, one string."""
    from PySide6.QtWidgets import QLabel

    return " ".join(lb.text() for lb in pop.findChildren(QLabel))


def _colors_for_test():  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QPalette

    from chathub_desktop.gui.chat.message_delegate import _colors

    return _colors(QPalette())[0]


def _plan(total: int, budget: int = 12_000):  # type: ignore[no-untyped-def]
    from chathub_desktop.services.views import EstimateView

    return EstimateView(topic_id=1, parts={"history": total}, total=total, context_window=16_000,
                        input_budget=budget, included=4, dropped=0, encoding="o200k_base", local_total=total)


def test_the_badge_is_a_ring_with_the_percentage_of_the_input_budget(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 29: the plan's total over its input budget, in whole percent, with the exact
    figures in the tooltip and accessible description (TOK-1); amber from the 80 % high
    watermark (REF-18), red and bold over the budget; a ring whose arc is that share."""
    from PySide6.QtGui import QColor

    from chathub_desktop.gui.context.token_badge import TokenBadge
    from chathub_desktop.gui.design import current_colours
    from chathub_desktop.services.context.meter_rows import budget_line

    badge = TokenBadge()
    qtbot.addWidget(badge)
    badge.bind_services(None)  # the window's attach(): the ring from now on
    # walk51 #6: no topic yet, the empty ring alone (not "○ —"), and it says why
    assert badge.text() == "" and badge.accessibleDescription().startswith("No topic yet")
    empty_width = badge.sizeHint().width()
    badge.show_estimate(_plan(2_056))
    assert badge.text() == "17%"
    assert badge.sizeHint().width() == empty_width  # the model chip beside it does not move
    assert budget_line(_plan(2_056)).endswith(" · 17% used")  # the popover's line: one figure
    assert "2,056 of 12,000 input tokens (17%; context window 16,000)" in badge.toolTip()
    assert badge.accessibleDescription() == "Next request: 2,056 of 12,000 input tokens (17%; context window 16,000)"
    assert badge.styleSheet() == ""
    c = current_colours()
    badge.show_estimate(_plan(3_000))  # a quarter: the arc from 12 to 3 o'clock
    img = badge.icon().pixmap(16, 16).toImage()
    right, left = img.pixelColor(img.width() - 2, img.height() // 2), img.pixelColor(1, img.height() // 2)
    assert _near(right, QColor(c.accent)) and _near(left, QColor(c.border_strong))
    badge.show_estimate(_plan(9_600))
    assert badge.text() == "80%" and QColor(c.warning).name() in badge.styleSheet()
    badge.show_estimate(_plan(13_000))
    assert badge.text() == "108%" and QColor(c.error).name() in badge.styleSheet() and "bold" in badge.styleSheet()
    # walk51b #7: what the red figure means, in words, in the tooltip and for a screen reader
    said = "1,000 tokens too long for this model (13,000 of 12,000 input tokens). Send will summarize older " \
           "messages first."
    assert said in badge.toolTip() and badge.accessibleDescription().endswith(". " + said)
    badge.show_estimate(_plan(84_240))  # an imported topic 7 times the budget: the popover's figure, and words
    assert badge.text() == "702%" and "(702%; context window 16,000)" in badge.toolTip()
    assert badge.accessibleDescription().endswith(
        ". About 7 times too long for this model (84,240 of 12,000 input tokens). Send will summarize older "
        "messages first.")
    badge.show_estimate(dataclasses.replace(_plan(84_240), threshold_trigger=10_000))
    assert badge.accessibleDescription().endswith(
        "(84,240 of 12,000 input tokens). Send will summarize older messages and leave out the oldest that still "
        "don't fit.")
    badge.show_estimate(_plan(40, 128_000))  # a short topic in a large window: not "0%"
    assert badge.text() == "<1%" and budget_line(_plan(40, 128_000)).endswith(" · <1% used")
    badge.show_estimate(None)
    assert badge.text() == "" and badge.styleSheet() == "" and badge.sizeHint().width() == empty_width


def _near(a, b) -> bool:  # type: ignore[no-untyped-def]
    return a.alpha() > 100 and max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) < 60


def test_the_popover_fits_an_800x560_window_and_scrolls_inside(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """Walk2: the popover was 460×576, taller than an 800×560 window. It now takes at most
    the room between the window's top and the badge, and its content scrolls inside;
    at 1366×768 it shows whole. Same facts either way (TOK-1). Walk36 #13: with its groups
    and Details closed it shows whole at 800×560 too."""
    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export

    a = services.assistants.create("Counter", model="gpt-4o-mini", instructions="Be brief.")
    turns = [("user" if i % 2 == 0 else "assistant", f"message number {i} " * 5) for i in range(20)]
    import_chatgpt_export(services.db, a.id, write_export(tmp_path / "c.json", [conversation("Fit", turns, "f1")]))
    reload_assistants(window, qtbot, a.id)
    badge = window.composer.badge
    qtbot.waitUntil(lambda: badge.estimate is not None, timeout=5000)
    # walk36 #13: closed (its groups and Details), it fits 800×560 whole; opened, it scrolls
    for size, opened, scrolls in (((800, 560), False, False), ((800, 560), True, True), ((1366, 768), False, False)):
        window.resize(*size)
        qtbot.waitUntil(lambda s=size: window.size().width() == s[0], timeout=3000)
        qtbot.wait(20)
        badge.open_popover()
        pop = badge.popover
        qtbot.waitUntil(pop.isVisible, timeout=3000)
        if opened != pop.details_open:
            pop.details_button.click()
        for key in pop.table.expanders:
            if opened != (pop.table.expanders[key][0].arrowType() == Qt.ArrowType.DownArrow):
                pop.table.expanders[key][0].click()
        top = window.geometry().top()
        badge_top = badge.mapToGlobal(badge.rect().topLeft()).y()
        assert top <= pop.geometry().top() and pop.geometry().bottom() < badge_top, size
        bar = pop.body_scroll.verticalScrollBar()
        assert bar.isVisible() is scrolls, size
        assert "Total Used" in _texts(pop) and "Compact now" in {b.text() for b in pop.findChildren(QPushButton)}
        if scrolls:  # walk29 #8: Compact now / View topic summary in view without scrolling (a sticky footer)
            assert bar.value() == 0
            for button in (pop.compact_button, pop.summary_button):
                assert button.isVisible() and not pop.body_scroll.isAncestorOf(button)
                assert pop.rect().contains(button.mapTo(pop, button.rect().bottomRight()))
            bar.setValue(bar.maximum())  # the last row is reachable
            last = pop.cache_label
            shown = pop.body_scroll.viewport().rect()
            assert shown.contains(last.mapTo(pop.body_scroll.viewport(), last.rect().bottomLeft()))
        pop.hide()
