"""The last English inside translated frames (issue 27, lang44): "none" in a skip note's
"keys found", the time parser's words inside "(…)", the JSON bounds in topic import, the
Claude memory zip and the model catalog, and the punctuation of frames without words
("%1: %2") that Chinese and Japanese write full-width. Said through the marker
pseudo-locale (⟦…⟧ around every translated template) and in Chinese or Japanese; the
English ``str(exc)`` the CLI prints is unchanged, names and figures stay data.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest

from chathub_desktop.core.claude_export import parse_claude_conversation
from chathub_desktop.core.imported_chat import ExportFormatError
from chathub_desktop.core.reasons import Reason
from chathub_desktop.gui.shell.service_reasons import said, said_error
from chathub_desktop.services.errors import InvalidInput
from tests.gui.test_i18n import _Pseudo
from tests.gui.test_i18n_pages import pseudo  # noqa: F401 - the fixture
from tests.gui.test_i18n_service_texts import _Installed, _language


def _refusal(conv: object) -> ExportFormatError:
    with pytest.raises(ExportFormatError) as caught:
        parse_claude_conversation(conv, 0)  # type: ignore[arg-type]
    return caught.value


def _message(created_at: object) -> dict[str, object]:
    return {"name": "Notes", "chat_messages": [
        {"uuid": "a", "sender": "human", "text": "hi", "created_at": created_at}]}


def test_keys_found_none_and_the_time_parsers_words_are_said(qapp: Any) -> None:
    """A Claude conversation with no keys at all; a message whose time is a boolean or
    a word: the parser's own words inside "(…)" are translated, the value stays data."""
    empty, boolean, word = _refusal({}), _refusal(_message(True)), _refusal(_message("soon"))
    assert str(empty) == "conversation 1 has no chat_messages; not a Claude conversation (keys found: none)"
    assert str(boolean) == "conversation 1 ('Notes'), message 1: created_at is not a time (a boolean is not a time)"
    assert str(word) == "conversation 1 ('Notes'), message 1: created_at is not a time ('soon' is not a time)"
    with _Installed(_Pseudo()):
        assert said_error(empty).endswith("⟦; not a Claude conversation (keys found: ⟦none⟧)⟧")
        assert said_error(boolean).endswith("⟦created_at is not a time (⟦⟦a boolean⟧ is not a time⟧)⟧")
        assert said_error(word).endswith("⟦created_at is not a time (⟦'soon' is not a time⟧)⟧")
    with _language("zh_CN"):
        assert said_error(empty) == "第 1 个对话 没有 chat_messages；不是 Claude 对话（找到的键：无）"
        assert said_error(word) == "第 1 个对话（'Notes'），消息 1：created_at 不是时间（'soon' 不是时间）"
    with _language("ja"):
        assert said_error(boolean).endswith("created_at が時刻ではありません（真偽値 は時刻ではありません）")


def test_a_frame_without_words_has_its_punctuation_said_not_its_values(qapp: Any) -> None:
    """"%1: %2" joins a name and a vendor's words: only ": " is looked up (full-width in
    Chinese and Japanese), the values are never wrapped in the pseudo-locale; "%1" alone
    and a frame of spaces stay as written."""
    joined = Reason("%1: %2", ("notes.md", "Rate limit reached"))
    listed = Reason("%1, %2", ("#1", "#2"))
    assert joined.english() == "notes.md: Rate limit reached"
    with _Installed(_Pseudo()):
        assert said(joined) == "notes.md⟦: ⟧Rate limit reached"
        assert said(Reason("%1", ("Bad gateway",))) == "Bad gateway"
        assert said(Reason("%1 %2", ("a", "b"))) == "a b"
    with _language("zh_CN"):
        assert said(joined) == "notes.md：Rate limit reached"
        assert said(listed) == "#1，#2"
    with _language("ja"):
        assert said(joined) == "notes.md：Rate limit reached"
        assert said(listed) == "#1、#2"


def test_json_bounds_in_a_topic_import_are_said_in_chinese(services: Any, qapp: Any) -> None:
    """Import topic: a file nested deeper than a topic export's bound is refused in one
    line, the bound's own words translated inside the frame."""
    services.assistants.create("Helper")
    with pytest.raises(InvalidInput) as caught:
        services.topic_files.import_json(b"[" * 20, "Helper")
    assert str(caught.value) == "not a ChatHub topic export: it nests JSON more than 8 levels deep (at byte 8)"
    with _Installed(_Pseudo()):
        assert said_error(caught.value) == ("⟦not a ChatHub topic export: it ⟦nests JSON more than 8 levels deep "
                                            "(at byte 8)⟧⟧")
    with _language("zh_CN"):
        assert said_error(caught.value) == "不是 ChatHub 话题导出：它的 JSON 嵌套超过 8 层（位于第 8 字节）"


def test_json_bounds_in_a_claude_memory_zip_are_said_in_chinese(tmp_path: Path, qapp: Any) -> None:
    """Memory → Paste → Claude zip: a memories.json nested too deep names the member
    (data) and says the bound in the interface language."""
    from chathub_desktop.services.transfer.claude_memory import read_claude_memory

    path = tmp_path / "claude.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("memories.json", "[" * 200)
    with pytest.raises(InvalidInput) as caught:
        read_claude_memory(path)
    english = str(caught.value)
    assert english.startswith("claude.zip:memories.json is not valid JSON (it nests JSON more than ")
    with _Installed(_Pseudo()):
        assert said_error(caught.value).startswith("⟦claude.zip:memories.json is not valid JSON (it ⟦nests JSON more than ")
    with _language("zh_CN"):
        assert said_error(caught.value).startswith("claude.zip:memories.json 不是有效的 JSON（它的 JSON 嵌套超过 ")


def test_json_bounds_in_a_model_catalog_are_said_in_chinese(services: Any, tmp_path: Path, qapp: Any) -> None:
    """Import a model catalog nested deeper than a catalog's bound: the file's name
    (data), then the catalog's frame and the bound, in the interface language."""
    path = tmp_path / "cards.json"
    path.write_text("[" * 20, encoding="utf-8")
    with pytest.raises(InvalidInput) as caught:
        services.models.import_catalog(path)
    assert str(caught.value) == ("cards.json: model catalog nests JSON more than 16 levels deep (at byte 16); "
                                 "a catalog needs 4 levels and short texts")
    with _Installed(_Pseudo()):
        assert said_error(caught.value) == ("cards.json⟦: ⟧⟦model catalog ⟦nests JSON more than 16 levels deep "
                                            "(at byte 16)⟧; a catalog needs 4 levels and short texts⟧")
    with _language("zh_CN"):
        assert said_error(caught.value) == ("cards.json：模型目录的 JSON 嵌套超过 16 层（位于第 16 字节）；"
                                            "目录只需 4 层和较短的文本")


def test_the_popovers_prompt_cache_line_and_its_help_are_said(qapp: Any) -> None:
    """Context usage → Prompt cache (TOK-6): the hit line and the ``?`` help are said
    from the reported counters; the model's name and the figures stay data."""
    from chathub_desktop.gui.context.meter_words import cache_help, cache_text
    from chathub_desktop.services.views import CacheView

    hit = CacheView(message_id=12, model="gpt-4o", input_tokens=900, cached_tokens=640)
    none = CacheView()
    with _Installed(_Pseudo()):
        assert cache_text(hit) == "⟦%1% hit · working · %2 / %3⟧".replace("%1", "71.1").replace(
            "%2", "640").replace("%3", "900")
        assert cache_help(hit).endswith("⟦ Reported by gpt-4o (message #12).⟧")
        assert cache_help(none).startswith("⟦Prompt-cache rate the provider reported")
    with _language("zh_CN"):
        assert cache_text(hit) == "命中 71.1% · 生效中 · 640 / 900"
        assert cache_text(CacheView(input_tokens=900, cached_tokens=0)) == "命中 0.0% · 未命中 · 0 / 900"
        assert cache_help(hit).endswith("由 gpt-4o 报告（消息 #12）。")
        assert cache_help(none).endswith("此话题中还没有回复报告过缓存计数。")
    with _language("ja"):
        assert cache_text(CacheView(input_tokens=900, cache_write_tokens=900)) == "ヒット 0% / まだヒットなし"


#: Data the walk below reads: the assistant's initial and name (an untitled topic's
#: "New topic" is said, lang45), the popover's total (a figure), the time zone's name and the app's name.
_DATA = {"H", "Helper", "UTC", "ChatHub Desktop", "A"}


def test_the_window_with_a_topic_open_shows_no_unmarked_words(pseudo: Any, services: Any,  # noqa: F811 - fixture
                                                             qtbot: Any, fake_vendor: Any) -> None:
    """The walk in the pseudo-locale: the window with a topic open (the message list,
    its jump buttons and scroll bar, the inline editor), the usage popover, the Memory
    page and the New assistant dialog (its model refresh button) show every word marked;
    what is left unmarked is data."""
    from tests.gui.helpers import add_fake_provider, new_topic, reload_assistants, settled
    from tests.gui.test_i18n_pages import shown_texts

    w = pseudo
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(w, qtbot, aid)
    settled(w, qtbot)
    topic = new_topic(w, qtbot)
    texts = {f"window {k}": v for k, v in shown_texts(w).items()}
    pop = w.composer.badge.popover
    pop.fill(services.estimates.estimate(topic))
    texts |= {f"popover {k}": v for k, v in shown_texts(pop).items() if "meterTotal" not in k}
    page = w.pages.open_memory()
    assert page is not None
    qtbot.waitUntil(lambda: page.loads >= 1, timeout=5000)
    texts |= {f"memory {k}": v for k, v in shown_texts(page).items()}
    dialog = w.pages.open_new_assistant()
    for i in range(dialog.ui.tabs.count()):  # each group's column is put in its tab when first shown
        dialog.ui.tabs.setCurrentIndex(i)
    texts |= {f"assistant {k}": v for k, v in shown_texts(dialog).items()}
    dialog.close()
    assert [v for k, v in texts.items() if "#messageList name" in k] == ["⟦Messages⟧"]
    left = {k: v for k, v in texts.items() if "⟦" not in v and v not in _DATA}
    assert not left, left
