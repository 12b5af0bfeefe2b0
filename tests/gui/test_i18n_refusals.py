"""The last English refusals (issue 27, lang47): what the compaction, topic-model, MCP,
message-edit, dream-review, settings and attachment checks refuse is a typed reason, so
the window says it in Chinese and Japanese after View → Language while the CLI keeps the
English it printed before; receipts stored before the untitled mark say an untitled
recalled topic in the interface language too.

The sweep drives the window in 简体中文 through a failing Compact now (no provider
serves the History Compress model), an MCP server that fails to start, a message edit
refused because the message was deleted meanwhile, and an Accept on a dream proposal
discarded meanwhile, and checks that no line shown is an English sentence.
"""

from __future__ import annotations

import re
import sys
from datetime import date
from typing import Any

import pytest

from chathub_desktop.core.context_receipt import RECALLED_KEY, mark_untitled, untitled_recalled
from chathub_desktop.core.mcp_reasons import STDERR, named
from chathub_desktop.core.messages import Role
from chathub_desktop.core.reasons import Reason
from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.chat.tool_server_notice import server_down_line
from chathub_desktop.gui.context.receipt_values import said_values
from chathub_desktop.gui.shell.service_reasons import said, said_error
from chathub_desktop.services.errors import InvalidInput, NotFound, ServiceError
from chathub_desktop.services.events import ToolServerDown
from tests.gui.test_i18n import _Pseudo
from tests.gui.test_i18n_service_texts import _Installed, _language

#: A run of three Latin words: an English sentence (or most of one) left untranslated.
_ENGLISH = re.compile(r"[A-Za-z]{2,}(?:[ '-]+[A-Za-z]{2,}){2,}")


def _english_left(text: str, *data: str) -> list[str]:
    """The English word runs of ``text`` once the values it shows as data (names, ids,
    a server's own words) are taken out."""
    for value in data:
        text = text.replace(value, "")
    return _ENGLISH.findall(text)


def _refusals(services: Any) -> tuple[dict[str, ServiceError], int]:
    """One refusal of each kind a window path meets, raised by the services, and the
    topic they were met in."""
    aid = services.assistants.create("Helper").id
    topic = services.topics.create(aid, "Trip").id
    mid = services.topics.append_message(topic, Role.USER, "hello").id
    caught: dict[str, ServiceError] = {}

    def catch(name: str, fn: Any, *args: Any) -> None:
        with pytest.raises(ServiceError) as refused:
            fn(*args)
        caught[name] = refused.value

    catch("gone message", services.messages.edit_message, 999_999, "new text")
    catch("empty edit", services.messages.edit_message, mid, "   ")
    catch("gone proposal", services.dreams.review.accept, 999_999)
    catch("avatar", lambda: services.assistants.update(aid, avatar="ABC"))
    catch("setting", services.settings.set, "no-such-setting", "1")
    catch("binary file", services.attachments.prepare, topic, "blob.bin", b"\x00\x01\x02binary")
    catch("keep", services.dreams.set_keep, aid, 0)
    catch("no foreign reply", services.topics.interrupt_streams, topic)
    return caught, topic


def test_the_window_reachable_refusals_are_typed_and_said_whole(services: Any, qapp: Any) -> None:
    """Every refusal is typed; the pseudo-locale wraps the whole line (nothing English
    outside a translated template but its values); the CLI's English is unchanged."""
    caught, topic = _refusals(services)
    assert {name: str(exc) for name, exc in caught.items()} == {
        "gone message": "no message 999999",
        "empty edit": "the edited message is empty",
        "gone proposal": "no dream proposal 999999",
        "avatar": "an avatar is one emoji or up to 2 letters",
        "setting": "unknown setting 'no-such-setting'; known: " + str(caught["setting"]).split("known: ")[1],
        "binary file": "blob.bin looks binary; only images and text or code files can be attached",
        "keep": "keep dream cards must be 1–90, not 0",
        "no foreign reply": f"no reply in topic {topic} is being written by another window or command",
    }
    for name, exc in caught.items():
        assert exc.why is not None, name
        assert exc.why.english() == str(exc), name
    with _Installed(_Pseudo()):
        for name, exc in caught.items():
            line = said_error(exc)
            assert line.startswith("⟦") and line.endswith("⟧"), (name, line)
    with _language("zh_CN"):
        assert said_error(caught["gone message"]) == "没有消息 999999"
        assert said_error(caught["gone proposal"]) == "没有梦境提议 999999"
        assert said_error(caught["binary file"]) == "blob.bin 看起来是二进制文件；只能附加图片以及文本或代码文件"
        assert said_error(caught["keep"]) == "保留的梦境卡片数必须为 1–90，而不是 0"
    with _language("ja"):
        assert said_error(caught["empty edit"]) == "編集したメッセージが空です"
        assert said_error(caught["avatar"]) == "アバターは絵文字 1 つか 2 文字までの英数字です"


def test_a_tool_server_that_did_not_start_is_said_with_its_own_words_as_data(qapp: Any) -> None:
    """The error bar's line for a server down before a send: the frame, the exit status
    and the stderr label in Chinese; the server's name and its stderr stay as written."""
    why = Reason(STDERR, (named("time", Reason("the server exited with status %1", ("3",))), "no config here"))
    event = ToolServerDown(1, "time", why.english(), why)
    assert event.reason == "time: the server exited with status 3 — stderr: no config here"
    with _language("zh_CN"):
        assert server_down_line(event) == ("工具服务器“time”未能启动；回复将在没有它的工具的情况下继续："
                                           "服务器已退出，状态码 3——stderr：no config here")


def test_a_receipt_from_before_the_untitled_mark_says_new_topic_in_the_interface_language(qapp: Any) -> None:
    """Receipts stored before stop 42 carry no ``untitled`` key: a recalled topic titled
    exactly "New topic" was one nobody had titled (the rule migration 0028 applied to the
    topics), so it is said in the interface language; a topic someone titled "New topic"
    by hand is marked ``false`` from now on and keeps its title."""
    old = {"recalled": [{"topic_id": 7, "title": "New topic"}, {"topic_id": 9, "title": "Trip"}]}
    assert untitled_recalled(old) == {7}
    fresh: dict[str, Any] = {"recalled": [{"topic_id": 7, "title": "New topic"}, {"topic_id": 8, "title": "New topic"}]}
    mark_untitled(fresh, {7})
    assert fresh["recalled"] == [{"topic_id": 7, "title": "New topic", "untitled": True},
                                 {"topic_id": 8, "title": "New topic", "untitled": False}]
    assert untitled_recalled(fresh) == {7}
    with _language("zh_CN"):
        assert said_values(old)[RECALLED_KEY] == "新话题（话题 7）, Trip（话题 9）"
        assert said_values(fresh)[RECALLED_KEY] == "新话题（话题 7）, New topic（话题 8）"
    with _language("ja"):
        assert said_values(old)[RECALLED_KEY].startswith("新しいトピック")


def test_the_window_says_each_refusal_in_chinese(window: Any, services: Any, fake_vendor: Any, qtbot: Any) -> None:
    """The sweep (issue 27's "every error and status message that reaches the window"):
    after View → Language → 简体中文, a failing Compact now, a failing MCP server's Test,
    a stale message edit and an Accept on a discarded proposal each show a Chinese line
    whose only Latin text is data (names, ids, the server's stderr)."""
    from chathub_desktop.gui.memory.fixed_page import MemoryPage
    from chathub_desktop.gui.settings.tools_page import ToolsPage
    from tests.gui.helpers import add_fake_provider, reload_assistants, wait_shown

    _pid, aid = add_fake_provider(services, fake_vendor.base_url)  # an openai_compatible provider
    services.settings.set("history-compress-model", "gpt-x")  # no OpenAI provider serves a bare model
    topic = services.topics.create(aid, "Long chat").id
    for k in range(3):
        services.chat.append_row(topic, role=Role.USER, content=f"question {k} " + "lorem " * 200)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"answer {k} " + "ipsum " * 200)
    services.chat.append_row(topic, role=Role.USER, content="and one more question")
    mid = services.topics.append_message(topic, Role.USER, "edit me").id
    pid = services.dreams.review.propose(aid, date(2026, 11, 30), "Likes tea.", None, None)
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    window.view.language.apply(UiLanguage.CHINESE_SIMPLIFIED)
    try:
        # a failing Compact now: the popover's outcome line
        window.compact_action.trigger()
        qtbot.waitUntil(lambda: not window.compaction.is_compacting(topic), timeout=8000)
        qtbot.waitUntil(lambda: not window.runner.is_running(f"compact:{topic}"), timeout=3000)
        compact = window.composer.badge.popover._outcome(topic)
        assert "History Compress" in compact and _english_left(compact, "History Compress", "gpt-x") == [], compact

        # a message edit refused: the message was deleted by another window meanwhile
        window.message_actions.edit_message(mid)
        services.messages.delete_message(mid)
        window.message_actions.save_text(mid, "edited")
        qtbot.waitUntil(lambda: window.inline_editor.error_label.text() != "", timeout=5000)
        assert window.inline_editor.error_label.text() == f"没有消息 {mid}"

        # an MCP server that fails to start: Settings → Tools → Add server… → Test
        page = ToolsPage(services, window.runner, window.presenter)
        qtbot.addWidget(page)
        page.show()
        qtbot.waitUntil(lambda: page.loads >= 1, timeout=5000)
        form = page.edit_server(None)
        form.name_edit.setText("broken")
        form.command_edit.setText(sys.executable)
        form.args_edit.setPlainText("-c\nimport sys; sys.stderr.write('no config here\\n'); sys.exit(3)")
        form.test_button.click()
        qtbot.waitUntil(lambda: "stderr" in form.status_label.text(), timeout=60000)
        mcp = form.status_label.text()
        assert mcp.startswith("broken：") and mcp.endswith("stderr：no config here"), mcp
        assert _english_left(mcp, "no config here") == [], mcp
        form.close()

        # Accept on a proposal discarded meanwhile (another window, the CLI)
        memory = MemoryPage(services, aid)
        qtbot.addWidget(memory)
        section = memory.dream_panel.show_proposals()
        memory.show()
        qtbot.waitUntil(lambda: section.loads >= 1 and section.current_id() == pid, timeout=10000)
        services.dreams.review.discard(pid)
        assert section.accept_current()
        qtbot.waitUntil(lambda: section.error_label.text() != "", timeout=5000)
        review = section.error_label.text()
        assert review.endswith(f"没有梦境提议 {pid}") and _english_left(review) == [], review
        memory.detach()
        qtbot.waitUntil(lambda: not memory.runner.pending(), timeout=5000)
    finally:
        window.view.language.apply(UiLanguage.ENGLISH)
        window.view.language.apply(UiLanguage.SYSTEM)


def test_the_cli_keeps_the_english(services: Any, qapp: Any) -> None:
    """What the CLI prints is the English line, whatever the window's language."""
    with pytest.raises(NotFound) as gone:
        services.dreams.review.discard(424_242)
    assert str(gone.value) == "no dream proposal 424242"
    with pytest.raises(InvalidInput) as empty:
        services.messages.edit_message(1, "")
    assert str(empty.value) == "the edited message is empty"
    assert said(Reason("no message %1", ("5",))) == "no message 5"  # no translator installed: English


def test_an_import_refusal_shown_in_an_error_box_is_said(qapp: Any) -> None:
    """A chat import's typed refusal that reaches the window's error box (not the import
    dialog's own line) is said in the interface language too."""
    from chathub_desktop.gui.shell.error_presenter import user_message
    from chathub_desktop.services.transfer.chat_import import ImportFailed

    exc = ImportFailed(Reason("%1: file not found", ("chats.json",)))
    assert user_message(exc) == str(exc) == "chats.json: file not found"
    with _Installed(_Pseudo()):
        assert user_message(exc) == "⟦chats.json: file not found⟧"


def test_the_threshold_policy_says_its_lines(qapp: Any) -> None:
    """NUM-5's refusal of a turn that cannot fit, and a failed threshold summary said of
    the chat model (the English the CLI and the log keep: "History Compress model"
    replaced by "chat model"), typed and said in Chinese and Japanese."""
    from chathub_desktop.core import threshold_compaction as tc
    from chathub_desktop.services.compaction.compaction_threshold import _as_chat_model
    from chathub_desktop.services.compaction.summarizer import FailureReason, SummarizerFailed

    big = tc.RequestTooLarge(5000, 4000)
    assert str(big).startswith("The request needs about 5000 tokens even with older turns left out, but the budget "
                               "is 4000.")
    failed = SummarizerFailed(Reason(FailureReason.TIMEOUT, ("120",)))
    why = _as_chat_model(failed)
    assert isinstance(why, Reason) and why.english() == "the chat model did not answer within 120 s"
    with _language("zh_CN"):
        assert said(big.reason).startswith("即使省略较早的轮次，这个请求也需要约 5000 个令牌，但预算只有 4000。")
    with _language("ja"):
        assert said(why) == "チャットモデルが 120 秒以内に応答しませんでした"


def test_where_the_keys_live_is_said(qapp: Any) -> None:
    """Help → About's "API keys" sentence and each provider's key place, and the
    provider form's keyring line: typed (the product's name, paths and variables as
    data); the English Copy details puts in a bug report is unchanged."""
    from pathlib import Path

    from chathub_desktop.services.assistants.app_info import (
        app_info,
        key_location_reason,
        keyring_reason,
    )
    from chathub_desktop.storage.secrets import KeyringStatus

    places = (("Local", key_location_reason("env:LOCAL_KEY", None)),
              ("OpenAI", key_location_reason("keyring", None, "keyring.backends.SecretService.Keyring")))
    info = app_info("1.0", Path("/tmp"), "sqlite:///x.db", KeyringStatus(True, "keyring.backends.SecretService.Keyring"),
                    places)
    assert info.keys == ("In your system keyring (Secret Service), in a file only you can read, or in environment "
                         "variables you name.")
    assert info.provider_keys == (("Local", "environment variable $LOCAL_KEY"),
                                  ("OpenAI", "Your system keyring (Secret Service)"))
    assert info.keys_why is not None
    with _language("zh_CN"):
        assert said(info.keys_why) == "保存在系统钥匙串（Secret Service）、只有你能读取的文件或你指定的环境变量中。"
        assert [said(where) for _name, where in info.provider_keys_why] == ["环境变量 $LOCAL_KEY",
                                                                            "系统钥匙串（Secret Service）"]
    with _language("ja"):
        assert said(keyring_reason("keyring.backends.macOS.Keyring")) == "システムのキーリング（macOS Keychain）"
