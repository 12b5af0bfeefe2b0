"""Lines lang42 left in English inside translated frames (issue 27, lang43): the change
preview's fold line, the secret-redaction notice in the status bar, and the receipt's
recalled-topics and sampling lines. Each is said through the marker pseudo-locale (⟦…⟧
around every translated template) and in Chinese; the English stays what the CLI prints.
Card numbers, tags, dates, titles, kinds and settings' values stay data.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.context_receipt import receipt_lines
from chathub_desktop.gui.context.receipt_values import said_values
from chathub_desktop.gui.memory.change_preview import said_lines
from chathub_desktop.services.events import SecretsRedacted
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow
from tests.gui.test_i18n import _Pseudo
from tests.gui.test_i18n_service_texts import _Installed, _language

DAYS = [date(2026, 11, 26) + timedelta(days=i) for i in range(4)]


def test_the_fold_line_of_a_keep_preview_is_said(services: Any, qapp: Any) -> None:
    """Memory → Keep 2 of four cards: the fold line names the cards and the range."""
    aid = services.assistants.create("Helper").id
    cards: list[dm.Card] = []
    for day, body in zip(DAYS, ["Wants tables", "Asks for code first", "Likes dark mode", "Uses metric units"],
                         strict=True):
        cards = dm.append_day_card(cards, day, body)
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))
    preview = services.previews.keep("Helper", 2)
    english = ("fold: 2 cards (#1 [2026-11-26], #2 [2026-11-27]) into a new range card, "
               "which then covers 2026-11-26 – 2026-11-27")
    assert preview.folds == (english,)  # the CLI's words: ISO days
    # the window says the range's days in the page's one date style (walk50 #6); the card tags stay as stored
    said_range = "26 Nov 2026 – 27 Nov 2026"
    assert said_lines(preview)()[2] == english.replace("2026-11-26 – 2026-11-27", said_range)
    with _Installed(_Pseudo()):
        assert said_lines(preview)()[2] == ("⟦fold: ⟦2 cards⟧ (#1 [2026-11-26]⟦, ⟧#2 [2026-11-27]) into ⟦a new range card⟧, "
                                            "which then covers ⟦26 Nov 2026⟧ – ⟦27 Nov 2026⟧⟧")  # the date pattern too
    from PySide6.QtCore import QLocale

    before = QLocale()
    QLocale.setDefault(QLocale("zh_CN"))  # as View → Language sets it
    try:
        zh_range = "2026年11月26日 – 2026年11月27日"  # the page's one date style in Chinese (walk50 #6)
        with _language("zh_CN"):
            assert said_lines(preview)()[2] == ("合并：2 张卡片（#1 [2026-11-26]，#2 [2026-11-27]）并入一张新的范围卡片，"
                                                f"之后它涵盖 {zh_range}")
    finally:
        QLocale.setDefault(before)


def test_the_redaction_notice_is_said_in_the_status_bar(services: Any, qtbot: Any) -> None:
    """A memory entry stored without its API key: the status bar's notice in Chinese
    (the kinds and counts as data), the event's English unchanged for the CLI."""
    from chathub_desktop.gui.chat.redaction_notice import RedactionNotices
    from chathub_desktop.services.events import EventBus

    bus = EventBus()
    shown: list[str] = []
    notices = RedactionNotices(bus, lambda text, _ms: shown.append(text))
    event = SecretsRedacted(1, "the memory entry", ("openai-api-key", "password", "password"),
                            "Redacted from the memory entry: 1 openai-api-key, 2 password "
                            "(likely secrets are never remembered).")
    try:
        bus.publish(event)
        qtbot.waitUntil(lambda: len(shown) == 1, timeout=3000)
        assert shown[0] == event.notice
        with _Installed(_Pseudo()):
            bus.publish(event)
            qtbot.waitUntil(lambda: len(shown) == 2, timeout=3000)
        assert shown[1] == ("⟦Redacted from ⟦the memory entry⟧: 1 openai-api-key, 2 password "
                            "(likely secrets are never remembered).⟧")
        with _language("zh_CN"):
            bus.publish(event)
            qtbot.waitUntil(lambda: len(shown) == 3, timeout=3000)
        assert shown[2] == "已从记忆条目中删去：1 openai-api-key, 2 password（疑似机密从不会被记住）。"
    finally:
        notices.deleteLater()


def test_the_receipt_says_its_recalled_topics_and_sampling(qapp: Any) -> None:
    """The receipt's Recalled topics (titles and ids as data) and Sampling lines, and its
    Tools line when the server's chat template takes no tools."""
    receipt = {"recalled": [{"topic_id": 7, "title": "Trip plan"}, {"topic_id": 9, "title": ""}],
               "sampling": {"temperature": 0.7, "top_p": 0.9, "reasoning_effort": "high", "thinking_budget": 2048}}
    lines = receipt_lines(receipt)
    assert "Recalled topics: Trip plan (topic 7), untitled (topic 9)" in lines
    assert lines[-1] == "Sampling: temperature 0.7, top-p 0.9, reasoning effort high, thinking budget 2,048 tokens"
    withheld = dict(line.split(": ", 1) for line in receipt_lines({"tools_withheld": True}))["Tools"]
    assert said_values({"tools_withheld": True})["Tools"] == withheld
    said = said_values(receipt)
    assert said["Recalled topics"] == "Trip plan (topic 7), untitled (topic 9)"
    assert said["Sampling"] == "temperature 0.7, top-p 0.9, reasoning effort high, thinking budget 2,048 tokens"
    with _Installed(_Pseudo()):
        said = said_values(receipt)
        assert said["Recalled topics"] == "⟦Trip plan (topic 7)⟧, ⟦⟦untitled⟧ (topic 9)⟧"
        assert said["Sampling"] == ("⟦temperature 0.7⟧, ⟦top-p 0.9⟧, ⟦reasoning effort high⟧, "
                                    "⟦thinking budget 2,048 tokens⟧")
        assert said_values({})["Sampling"] == "⟦provider defaults⟧"
        assert said_values({"tools_withheld": True})["Tools"].startswith("⟦none — this server")
    with _language("zh_CN"):
        said = said_values(receipt)
        assert said["Recalled topics"] == "Trip plan（话题 7）, 无标题（话题 9）"
        assert said["Sampling"] == "温度 0.7, top-p 0.9, 推理强度 high, 思考预算 2,048 个令牌"
