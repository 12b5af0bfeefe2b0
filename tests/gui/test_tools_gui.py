"""Settings → Tools and the approval bar in the chat (issue 25, APP-11).

Real parts: the SDK-built probe server over stdio, the fake vendor calling its tool,
the real window on the session's qasync loop."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt

from chathub_desktop.core.mcp_config import McpServerConfig, ToolApproval
from chathub_desktop.core.messages import Role, ToolCall
from chathub_desktop.gui.settings.tools_page import ToolsPage
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.helpers import add_fake_provider, reload_assistants

PROBE = str(Path(__file__).parents[1] / "fakes" / "mcp_probe_server.py")
BLOCK = json.dumps({"mcpServers": {"probe": {"command": sys.executable, "args": [PROBE],
                                             "env": {"CHATHUB_ALLOW_TEST_DOUBLES": "1"}}}})


def test_paste_test_and_per_assistant_choices(window: Any, services: Services, qtbot: Any,
                                              fake_vendor: FakeVendor) -> None:
    add_fake_provider(services, fake_vendor.base_url)
    page = ToolsPage(services, window.runner, window.presenter)
    qtbot.addWidget(page)
    page.show()
    page.paste().edit.setPlainText("{not json")
    page.paste_dialog.accept()
    qtbot.waitUntil(lambda: page.status_label.isVisible() and not page.ops.busy, timeout=5000)
    assert page.status_label.text().startswith("Add MCP servers: nothing imported: the config is not JSON")
    assert services.mcp.servers() == []
    qtbot.waitUntil(lambda: page.loads >= 1, timeout=5000)  # "Use with" lists the assistants read
    page.paste().edit.setPlainText(BLOCK)
    page.paste_dialog.use_with.item(0).setCheckState(Qt.CheckState.Unchecked)  # switched on below, in the tree
    page.paste_dialog.accept()
    qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=5000)
    assert page.table.item(0, 2).text() == "not tested yet"
    page.table.selectRow(0)
    page.test_selected()
    qtbot.waitUntil(lambda: "tools:" in page.status_label.text(), timeout=60000)
    assert page.status_label.text().startswith("probe: probe ") and "echo" in page.status_label.text()
    assert page.table.item(0, 2).text() == "5"
    top = page.tree.topLevelItem(0)
    assert top.text(0) == "probe" and top.checkState(0) == Qt.CheckState.Unchecked
    top.setCheckState(0, Qt.CheckState.Checked)
    qtbot.waitUntil(lambda: services.mcp.enabled_servers("Helper") == {"probe"}, timeout=5000)
    echo = next(top.child(i) for i in range(top.childCount()) if top.child(i).text(0) == "echo")
    combo = page.tree.itemWidget(echo, 1)
    assert combo.currentText() == "Ask"
    qtbot.waitUntil(lambda: not page.ops.busy, timeout=5000)
    combo.setCurrentIndex(combo.findData(ToolApproval.NEVER.value))
    qtbot.waitUntil(lambda: {v.tool: v.approval for v in services.mcp.assistant_tools("Helper")}["echo"]
                    is ToolApproval.NEVER, timeout=5000)


def test_a_reload_keeps_the_line_that_says_why_a_paste_was_refused(window: Any, services: Services,
                                                                    qtbot: Any) -> None:
    """The lists are read on a worker (issue 29); a reload finishing after a refused paste
    (e.g. the page's first one) leaves its one-line reason shown."""
    page = ToolsPage(services, window.runner, window.presenter)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loads == 1, timeout=5000)
    page.paste().edit.setPlainText("{not json")
    page.paste_dialog.accept()
    qtbot.waitUntil(lambda: page.status_label.isVisible() and not page.ops.busy, timeout=5000)
    page.reload()
    qtbot.waitUntil(lambda: page.loads == 2, timeout=5000)
    assert page.status_label.isVisible()
    assert page.status_label.text().startswith("Add MCP servers: nothing imported: the config is not JSON")


def test_an_ask_shows_in_the_chat_and_always_is_kept(window: Any, services: Services, qtbot: Any,
                                                     fake_vendor: FakeVendor) -> None:
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.mcp.add(McpServerConfig.stdio("probe", sys.executable, (PROBE,), {"CHATHUB_ALLOW_TEST_DOUBLES": "1"}))
    services.mcp.set_server_enabled("Helper", "probe", True)
    reload_assistants(window, qtbot, aid)
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("e1", "probe__echo", json.dumps({"text": "hello bar"}))]),
        Reply(text_chunks=["Echoed."]),
    )
    window.composer.set_text("echo something")
    window.sending.send_message(window.composer.text())
    bar = window.tool_approval_bar
    qtbot.waitUntil(bar.isVisible, timeout=60000)
    assert "<b>echo</b> from the <b>probe</b> server" in bar.label.text()
    assert '"text": "hello bar"' in bar.arguments.text()
    bar.always_button.click()
    qtbot.waitUntil(lambda: window.message_model.rowCount() >= 4
                    and window.message_model.message_at(window.message_model.rowCount() - 1).status == "complete",
                    timeout=60000)  # a stdio server's call and a second reply: seconds idle, ~30 s on a busy CI worker
    assert not bar.isVisible()
    tool = [m for m in services.topics.messages(window.current_topic_id) if m.role == "tool"]
    assert [t.content for t in tool] == ["hello bar"]
    assert {v.tool: v.approval for v in services.mcp.assistant_tools("Helper")}["echo"] is ToolApproval.ALWAYS


def test_a_server_tool_row_names_the_tool_and_its_server(qapp: Any) -> None:
    from chathub_desktop.gui.chat.message_texts import collapsed_label
    from chathub_desktop.services.views import MessageView

    fields = {f: None for f in MessageView.__dataclass_fields__}
    row = MessageView(**{**fields, "id": 1, "topic_id": 1, "seq": 1, "role": "tool", "content": "{}",
                         "content_type": "text", "tool_name": "time__get_current_time"})
    assert "get_current_time (time server) result" in collapsed_label(row, False)
    memory = MessageView(**{**fields, "id": 2, "topic_id": 1, "seq": 2, "role": "tool", "content": "{}",
                            "content_type": "text", "tool_name": "searchMemory"})
    assert "searchMemory result" in collapsed_label(memory, False)


def test_a_server_tool_call_line_names_the_tool_and_its_server(qapp: Any) -> None:
    """The reply's call line names a server tool as its result row does, not by its
    wire name ``<server>__<tool>``; a memory tool keeps its own name."""
    from PySide6.QtGui import QPalette

    from chathub_desktop.gui.chat.message_delegate import _colors
    from chathub_desktop.gui.chat.message_documents import render_html
    from chathub_desktop.services.views import MessageView

    fields = {f: None for f in MessageView.__dataclass_fields__}
    reply = MessageView(**{**fields, "id": 1, "topic_id": 1, "seq": 1, "role": "assistant", "content": "",
                           "content_type": "text", "status": "complete", "tool_calls": (
                               {"id": "c1", "name": "time__get_current_time", "arguments": '{"timezone": "UTC"}'},
                               {"id": "c2", "name": "searchMemory", "arguments": '{"query": "tz"}'})})
    html = "".join(render_html(reply, False, _colors(QPalette())[0]))
    assert ('calls <b>get_current_time</b>({&quot;timezone&quot;: &quot;UTC&quot;}) on the time server'
            in html)
    assert "calls <b>searchMemory</b>({&quot;query&quot;: &quot;tz&quot;})</p>" in html
    assert "time__get_current_time" not in html


def test_a_server_tool_row_expands_to_its_whole_result_and_copies_it(services: Services, qtbot: Any) -> None:
    """Issue 25: a server call's row is collapsed to its tool, server and time; a click
    shows the result and Copy message copies all of it."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.chat.message_list_model import ExpandedRole, MessageListModel
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.shell.chat_events import ChatEvents

    services.assistants.create("Helper")
    topic = services.topics.create("Helper").id
    result = json.dumps({"rows": [f"line {i}" for i in range(400)]})
    services.topics.append_message(topic, Role.TOOL, result, tool_call_id="c1", tool_name="git__git_log",
                                   tool_elapsed_ms=1234)
    events = ChatEvents(services.bus)
    model = MessageListModel(services.topics, events)
    view = MessageListView(model)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    model.open_topic(topic)
    qtbot.waitUntil(lambda: model.rowCount() == 1, timeout=5000)
    index = model.index(0)
    from chathub_desktop.gui.chat.message_texts import collapsed_label

    assert "git_log (git server) result · 1.2 s — click to expand" in collapsed_label(model.message_at(0), False)
    collapsed = view.visualRect(index).height()
    assert view.delegate.docs.latest(model.message_at(0).id) is None  # nothing laid out while collapsed
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.delegate.bubble_rect(index).center())
    assert index.data(ExpandedRole)
    qtbot.waitUntil(lambda: view.delegate.settled
                    and view.delegate.docs.latest(model.message_at(0).id) is not None, timeout=10_000)
    assert "line 399" in view.delegate.docs.latest(model.message_at(0).id).toPlainText()
    qtbot.waitUntil(lambda: view.visualRect(model.index(0)).height() > collapsed, timeout=5000)
    view.copy_row(0)
    assert QApplication.clipboard().text() == result
    events.detach()


def test_with_no_servers_the_page_says_what_mcp_is_once(window: Any, services: Services, qtbot: Any) -> None:
    """walk37 #11: the intro line and the empty state said the same thing; with no server
    only the empty state shows, and the intro comes back with the server list."""
    page = ToolsPage(services, window.runner, window.presenter)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loads >= 1, timeout=5000)
    assert page.empty.isVisible() and not page.intro.isVisible()
    page.paste().edit.setPlainText(BLOCK)
    page.paste_dialog.accept()
    qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=5000)
    assert page.intro.isVisible() and not page.empty.isVisible()
