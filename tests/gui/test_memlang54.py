"""memlang54 (walk54 #3, #4): the Memory page's failure bar is said again after View →
Language (its line stayed English in 简体中文 while only its buttons changed), and the
dream's status lines say a waiting proposal in short plain words."""

from __future__ import annotations

import socket
from datetime import UTC, datetime, timedelta
from typing import Any

from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.shell.error_bar import LINK_HREF
from chathub_desktop.gui.shell.nav_rail import RailEntry
from tests.fakes.vendor_server import Reply
from tests.gui.test_dream_panel import active_yesterday, helper, idle, open_page, seed_cards, summ  # noqa: F401


def _free_port() -> int:
    with socket.socket() as s:  # bound then closed: nothing listens there
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_failed_regenerate_is_said_again_in_chinese_and_back(window: Any, services: Any, qtbot: Any) -> None:
    """walk54 #3: the History Compress server is down, Regenerate fails, then View →
    Language → 简体中文: the bar's line and its Details come in Chinese (the run's typed
    reason said again), with "设置 → 服务商" still the link; English comes back."""
    from tests.gui.helpers import reload_assistants

    port = _free_port()
    services.providers.add("llama.cpp", "openai_compatible", f"http://127.0.0.1:{port}/v1", api_key="sk-x")
    services.settings.set("history-compress-model", "llama.cpp/smol")
    aid = services.assistants.create("Helper", provider="llama.cpp", model="smol").id
    day = active_yesterday(services, aid)
    seed_cards(services, aid, [day])
    reload_assistants(window, qtbot, aid)
    page = window.pages.open_memory()
    panel = page.dream_panel
    qtbot.waitUntil(lambda: panel.model.rowCount() == 1 and not window.runner.pending(), timeout=10000)
    panel.runs.regenerate(1)
    qtbot.waitUntil(lambda: panel.failure_bar.isVisible() and not panel.runs.dreaming, timeout=20000)
    english = (f"Regenerate over {day.day} {day:%b %Y} failed: ChatHub can't reach llama.cpp at 127.0.0.1:{port} "
               "— is the server running? Retry, or check Settings → Providers.")
    assert panel.failure_bar.summary == english
    try:
        window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
        qtbot.waitUntil(lambda: panel.failure_bar.retry_button.text() == "重试", timeout=3000)
        assert panel.failure_bar.summary == (
            f"重新生成（{day.year}年{day.month}月{day.day}日）失败：ChatHub 无法连接到位于 127.0.0.1:{port} 的 "
            "llama.cpp——服务器在运行吗？请重试，或检查“设置 → 服务商”。")
        assert f'<a href="{LINK_HREF}">设置 → 服务商</a>' in panel.failure_bar.label.text()
        details = panel.failure_bar.open_details().text.toPlainText()
        assert details.startswith(f"重新生成（{day.year}年{day.month}月{day.day}日，UTC）于今\u2060天 UTC ")
        assert "原因：ChatHub 无法连接到位于" in details
        assert "could not connect to" in details  # the provider's own words stay as they were
    finally:
        window.view.language.apply(UiLanguage.ENGLISH)
        qtbot.waitUntil(lambda: window.rail.buttons[RailEntry.CHATS].accessibleName() == "Chats", timeout=3000)
        window.view.language.apply(UiLanguage.SYSTEM)
    qtbot.waitUntil(lambda: panel.failure_bar.summary == english, timeout=3000)
    assert "Settings → Providers</a>" in panel.failure_bar.label.text()


def test_a_proposed_card_is_said_in_short_words_and_the_day_line_says_it_waits(  # type: ignore[no-untyped-def]
        open_page, services, helper, summ, qtbot) -> None:  # noqa: F811
    """walk54 #4 (shots 41, 42): with review on, Dream now over a day whose answer was cut
    at the token limit said "Proposed a card for … (proposal #1); accept or discard it;
    the card may be missing its end: the History Compress model reached its token limit,
    …; read “…”", and beside it "Nothing to dream yet: today's chats can be dreamt
    tomorrow." Now: one short line, a quiet note under it, the day line says a proposal
    waits; all said again in Chinese. Accepting the proposal clears both lines."""
    from tests.gui.test_dream_days import _talk
    from tests.gui.test_i18n_service_texts import _language

    services.dreams.review.set_enabled(helper, True)
    _talk(services, helper, "Yesterday's chat", 1, "Short answers please")
    _talk(services, helper, "Today", 0, "not a finished day")
    day = datetime.now(UTC).date() - timedelta(days=1)
    seed_cards(services, helper, [day - timedelta(days=3)])
    panel = open_page(helper).dream_panel
    qtbot.waitUntil(lambda: panel.day_picker.count() == 1, timeout=5000)
    summ.script(Reply(text_chunks=["- Prefers short answers\n- Asks about the week and"], finish_reason="length"))
    assert panel.runs.dream_now() is not None
    qtbot.waitUntil(lambda: panel.proposal_count() == 1 and not panel.runs.dreaming, timeout=15000)
    idle(qtbot, panel)
    status, note, picker = panel.status_label, panel.status_label.note, panel.day_picker
    assert status.text() == f"A card for {day.day} {day:%b %Y} waits in Proposals."
    assert note.isVisible() and note.text() == "It may be cut short — the model hit its length limit."
    qtbot.waitUntil(lambda: picker.note.isVisible(), timeout=5000)
    # and why no day is offered, in words (walk56 #16)
    assert picker.note.text() == "1 proposal waits for review. Today's chats can be dreamt tomorrow."
    with _language("zh_CN"):
        qtbot.waitUntil(lambda: status.text() == f"{day.year}年{day.month}月{day.day}日的卡片在“提议”中等待审阅。",
                        timeout=3000)
        assert note.text() == "它可能不完整——模型达到了长度上限。"
        assert picker.note.text() == "1 条提议等待审阅。今天的聊天明天才能做梦整理。"
    qtbot.waitUntil(lambda: picker.note.text() == "1 proposal waits for review. Today's chats can be dreamt tomorrow.",
                    timeout=3000)
    section = panel.show_proposals()
    qtbot.waitUntil(lambda: section.list.count() == 1, timeout=5000)
    assert section.accept_current()
    qtbot.waitUntil(lambda: panel.proposal_count() == 0 and not status.isVisible(), timeout=5000)
    assert not note.isVisible()
    qtbot.waitUntil(lambda: picker.note.text() == "Every finished day has a card; today's chats can be dreamt "
                                                  "tomorrow.", timeout=5000)


def test_a_proposal_s_lines_name_its_day_and_only_the_notes_a_user_needs(qapp) -> None:  # type: ignore[no-untyped-def]
    """walk54 #4: the fold, the topics read and the window's bounds are left to the
    Proposals tab; a cut answer and taken-out secrets are said in the quiet note; any
    other reason is not a proposal's."""
    from datetime import date

    from chathub_desktop.core.dynamic_memory import FoldMethod
    from chathub_desktop.core.reasons import Day, Reason
    from chathub_desktop.core.secret_redaction import Redaction
    from chathub_desktop.gui.memory.dream_status import proposed_lines
    from chathub_desktop.services.dream.dream_reasons import (
        DreamReason,
        fold_note,
        read_titles_note,
        redacted_note,
    )

    notes = (fold_note(FoldMethod.MODEL, proposed=True), *redacted_note(Redaction("x", ("openai-api-key",))))
    why = Reason(DreamReason.PROPOSED, (Day(date(2023, 10, 15)), "1", Reason("", notes=notes)),
                 (Reason(DreamReason.COMPLETE_LINES_KEPT), *read_titles_note(["Conversation 2"], 5)))
    lines = proposed_lines(why)
    assert lines is not None
    assert lines[0]() == "A card for 15 Oct 2023 waits in Proposals."
    assert lines[1]() == "It may be cut short — the model hit its length limit. Likely secrets were taken out of it."
    plain = proposed_lines(Reason(DreamReason.PROPOSED, (Day(date(2023, 10, 15)), "1", Reason(""))))
    assert plain is not None and plain[1]() == ""
    assert proposed_lines(Reason(DreamReason.ADDED, ("1", Day(date(2023, 10, 15))))) is None
