"""The line under a hovered reply says its token figures in plain words (walk53c #2: "in
606 · out 107 · cached 3" read as engineer-speak): the same figures, the first naming its
unit, plural-aware, in English and in Chinese; the receipt keeps its own lines."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.gui.chat.message_texts import stats_text
from chathub_desktop.services.views import MessageView
from tests.gui.test_i18n_service_texts import _language

REPLY = MessageView(id=1, topic_id=1, seq=1, role=Role.ASSISTANT, content="Hi", content_type="text",
                    status=MessageStatus.COMPLETE, created_at=datetime(2026, 12, 5, tzinfo=UTC),
                    input_tokens=606, output_tokens=107, cached_tokens=3)


def test_the_figures_are_said_in_words_with_their_unit(qapp: Any) -> None:
    assert stats_text(REPLY) == "606 tokens in · 107 out · 3 cached"
    assert stats_text(replace(REPLY, input_tokens=1, output_tokens=1, cached_tokens=0)) == "1 token in · 1 out"
    assert stats_text(replace(REPLY, input_tokens=1234, cache_write_tokens=2048)) == (
        "1,234 tokens in · 107 out · 3 cached · 2,048 written to cache")
    # only an output count: it names the unit itself
    assert stats_text(replace(REPLY, input_tokens=None, cached_tokens=None)) == "107 tokens out"
    assert stats_text(replace(REPLY, input_tokens=None, output_tokens=None, cached_tokens=None)) == ""


def test_the_figures_are_said_in_chinese(qapp: Any) -> None:
    with _language("zh_CN"):
        assert stats_text(REPLY) == "输入 606 个 token · 输出 107 · 缓存 3"
