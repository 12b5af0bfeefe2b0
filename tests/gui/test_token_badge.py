"""The token badge: updates after a typing pause, recounts only the draft (TOK-1, TOK-2)."""

from __future__ import annotations

from tests.gui.helpers import conversation, reload_assistants, write_export


def test_badge_updates_after_typing_without_reloading_history(window, services, qtbot, tmp_path,
                                                            monkeypatch):  # type: ignore[no-untyped-def]
    from chathub_desktop.services.chatgpt_import import import_chatgpt_export

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
    text = _texts(badge.popover)
    assert "Draft" in text and "Input budget" in text and "o200k_base" in text
    badge.popover.hide()
    assert "next request" in badge.toolTip()


def test_popover_shows_parts_bar_history_cache_and_compaction_buttons(qtbot, services, tmp_path):  # type: ignore[no-untyped-def]
    """TOK-1, TOK-6: the Context usage & compaction popover, painted offscreen."""
    from datetime import UTC, datetime

    from sqlalchemy import insert

    from chathub_desktop.gui.token_badge import TokenBadge
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
    assert "Draft" in text and "80% high watermark" in text
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
    from chathub_desktop.gui.token_badge import TokenBadge

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
    assert badge.popover.cache_label.text() == "No provider telemetry yet"
    badge.popover.hide()


def test_popover_and_bubble_warn_of_a_silently_truncated_request_and_offer_the_window(qtbot, services):  # type: ignore[no-untyped-def]
    """REF-27 (issue 17): a reply whose server read only 2,048 of about 10,300 tokens shows
    the warning in its bubble and in the popover, whose button asks for the model card."""
    from datetime import UTC, datetime

    from sqlalchemy import insert

    from chathub_desktop.gui.message_documents import render_html
    from chathub_desktop.gui.token_badge import TokenBadge
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

    from chathub_desktop.gui.message_delegate import _colors

    return _colors(QPalette())[0]
