"""Settings → Tools → Add server… / Edit… (issue 25, APP-11): the form, Test before save,
a refused form, an edit that keeps the server's switches.

Real parts: the SDK-built probe server over stdio, the real page on the session's loop."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from chathub_desktop.core.mcp_config import McpServerConfig, McpTransport
from chathub_desktop.gui.settings.mcp_server_dialog import UseWithList
from chathub_desktop.gui.settings.tools_page import ToolsPage
from chathub_desktop.services.container import Services

PROBE = str(Path(__file__).parents[1] / "fakes" / "mcp_probe_server.py")


def _page(window: Any, services: Services, qtbot: Any) -> ToolsPage:
    page = ToolsPage(services, window.runner, window.presenter)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loads >= 1, timeout=5000)  # the lists are read on a worker
    return page


def test_add_a_stdio_server_test_it_before_saving_then_save(window: Any, services: Services, qtbot: Any) -> None:
    page = _page(window, services, qtbot)
    form = page.edit_server(None)
    assert form.windowTitle() == "Add MCP server" and not form.name_edit.isReadOnly()
    form.name_edit.setText("probe")
    form.command_edit.setText(sys.executable)
    form.args_edit.setPlainText(PROBE)
    form.env_edit.setPlainText("CHATHUB_ALLOW_TEST_DOUBLES")
    form.test_button.click()
    assert form.status_label.text() == "server 'probe': environment line 1 is not NAME=VALUE"
    form.env_edit.setPlainText("CHATHUB_ALLOW_TEST_DOUBLES=1\n")
    form.test_button.click()
    qtbot.waitUntil(lambda: "tools:" in form.status_label.text(), timeout=60000)
    assert form.status_label.text().startswith("probe: probe ") and "echo" in form.status_label.text()
    assert services.mcp.servers() == []  # Test stores nothing
    form.save_button.click()
    qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=5000)
    assert not form.isVisible()
    stored = services.mcp.get("probe")
    assert stored.config == McpServerConfig.stdio("probe", sys.executable, (PROBE,),
                                                  {"CHATHUB_ALLOW_TEST_DOUBLES": "1"})
    assert page.table.item(0, 2).text() == "5"  # the tested tool list was kept with it
    assert page.status_label.text() == "Saved probe."


def test_a_failing_test_says_why_in_one_line_and_an_empty_command_is_refused(
        window: Any, services: Services, qtbot: Any) -> None:
    page = _page(window, services, qtbot)
    form = page.edit_server(None)
    form.name_edit.setText("broken")
    form.save_button.click()
    assert form.status_label.text() == "server 'broken': command is empty"
    assert form.isVisible() and services.mcp.servers() == []
    form.command_edit.setText(sys.executable)
    form.args_edit.setPlainText("-c\nimport sys; sys.stderr.write('no config here\\n'); sys.exit(3)")
    form.test_button.click()
    qtbot.waitUntil(lambda: "stderr" in form.status_label.text(), timeout=60000)
    assert form.status_label.text().startswith("broken: ")
    assert form.status_label.text().endswith("stderr: no config here")
    assert "\n" not in form.status_label.text()
    assert services.mcp.servers() == []


def test_edit_keeps_the_name_and_the_assistants_switch(window: Any, services: Services, qtbot: Any,
                                                      fake_vendor: Any) -> None:
    from tests.gui.helpers import add_fake_provider

    add_fake_provider(services, fake_vendor.base_url)
    services.mcp.add(McpServerConfig.http("docs", "http://127.0.0.1:9/mcp", {"Authorization": "Bearer a"}))
    services.mcp.set_server_enabled("Helper", "docs", True)
    page = _page(window, services, qtbot)
    page.table.selectRow(0)
    form = page.edit_server(page.current())
    assert form.windowTitle() == "Edit MCP server docs" and form.name_edit.isReadOnly()
    assert McpTransport(form.transport_combo.currentData()) is McpTransport.HTTP
    assert form.headers_edit.isVisible() and not form.command_edit.isVisible()
    assert form.headers_edit.toPlainText() == "Authorization: Bearer a"
    form.url_edit.setText("https://mcp.example.test/mcp")
    form.headers_edit.setPlainText("Authorization: Bearer b\nX-Team: blue")
    form.save_button.click()
    qtbot.waitUntil(lambda: not form.isVisible(), timeout=5000)
    qtbot.waitUntil(lambda: page.status_label.text().startswith("Saved"), timeout=5000)
    stored = services.mcp.get("docs").config
    assert stored.url == "https://mcp.example.test/mcp"
    assert dict(stored.headers) == {"Authorization": "Bearer b", "X-Team": "blue"}
    assert services.mcp.enabled_servers("Helper") == {"docs"}
    assert page.status_label.text() == "Saved docs. Test it to read its tools."


def test_an_http_server_that_asks_for_oauth_offers_sign_in(window: Any, services: Services, qtbot: Any) -> None:
    """Issue 25 OAuth: Test of a server answering 401 + WWW-Authenticate says how to sign
    in and shows Sign in…; Sign in opens the page (a stand-in browser follows it) and the
    form then lists the tools like a Test; Save keeps the tool list."""
    from tests.integration.test_mcp_oauth import browser, locked_server

    with locked_server() as url:
        opened: list[str] = []

        async def open_url(u: str) -> None:
            opened.append(u)
            await browser(u)

        page = _page(window, services, qtbot)
        page.open_url = open_url
        form = page.edit_server(None)
        form.name_edit.setText("locked")
        form.transport_combo.setCurrentIndex(form.transport_combo.findData(McpTransport.HTTP.value))
        form.url_edit.setText(url)
        assert form.sign_in_button.isHidden()
        form.test_button.click()
        qtbot.waitUntil(lambda: "sign in" in form.status_label.text(), timeout=60000)
        assert form.status_label.text() == ("locked: the server asks you to sign in; "
                                            "Sign in… opens its page in your browser")
        assert not form.sign_in_button.isHidden()
        form.sign_in_button.click()
        qtbot.waitUntil(lambda: "tool:" in form.status_label.text(), timeout=60000)
        assert form.status_label.text().endswith("1 tool: whoami") and len(opened) == 1  # one: singular (issue 27)
        form.save_button.click()
        qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=5000)
        assert services.mcp.get("locked").tools is not None
        assert services.mcp.get("locked").config.signed_in  # its connections read the tokens


def test_sign_out_of_a_signed_in_server_deletes_its_tokens(window: Any, services: Services, qtbot: Any,
                                                           isolated_env: Any) -> None:
    """Issue 25 Sign out: a server signed in with OAuth shows "(signed in)" and Sign out;
    Sign out deletes its tokens from the keyring and says so in one line; a server not
    signed in offers no Sign out."""
    import dataclasses

    from chathub_desktop.storage.secrets import SERVICE_NAME

    docs = McpServerConfig.http("docs", "https://mcp.example.test/mcp")
    services.mcp.add(dataclasses.replace(docs, signed_in=True))
    services.mcp.add(McpServerConfig.http("plain", "https://plain.example.test/mcp"))
    isolated_env.set_password(SERVICE_NAME, "mcp-oauth:docs", '{"tokens": {"access_token": "t"}}')
    page = _page(window, services, qtbot)
    assert [page.table.item(r, 1).text() for r in range(2)] == [
        "https://mcp.example.test/mcp (signed in)", "https://plain.example.test/mcp"]
    page.table.selectRow(1)
    assert page.sign_out_button.isHidden()
    page.table.selectRow(0)
    assert not page.sign_out_button.isHidden() and page.sign_out_button.isEnabled()
    page.sign_out_button.click()
    qtbot.waitUntil(lambda: page.status_label.text().startswith("Signed out"), timeout=5000)
    assert page.status_label.text() == "Signed out of docs: its tokens were deleted from the OS keyring."
    assert isolated_env.get_password(SERVICE_NAME, "mcp-oauth:docs") is None
    qtbot.waitUntil(lambda: page.table.item(0, 1).text() == "https://mcp.example.test/mcp", timeout=5000)
    assert page.sign_out_button.isHidden() and not services.mcp.get("docs").config.signed_in


def test_settings_tools_with_sign_out_fits_800_by_560(window: Any, services: Services, qtbot: Any) -> None:
    """Issue 25 / issue 29: in the window at 800×560, Settings → Tools with a signed-in
    server selected (Sign out shown) and a wrapped status line needs no scrolling: the
    page's least width fits its section's viewport, and the lists share the height."""
    import dataclasses

    from chathub_desktop.gui.settings.settings_page import SettingsSection

    services.mcp.add(dataclasses.replace(McpServerConfig.http("docs", "https://mcp.example.test/mcp"),
                                         signed_in=True))
    window.resize(800, 560)
    settings = window.pages.open_settings()
    settings.show_section(SettingsSection.TOOLS)
    page = settings.current_page()
    assert isinstance(page, ToolsPage)
    qtbot.waitUntil(lambda: page.loads >= 1 and page.table.rowCount() == 1, timeout=5000)
    page.table.selectRow(0)
    qtbot.waitUntil(lambda: not page.sign_out_button.isHidden(), timeout=3000)
    page._status("docs: " + "a long reason why it failed, " * 6)  # a wrapped line
    area = page.parentWidget().parentWidget()
    assert page.minimumSizeHint().width() <= area.width() - area.verticalScrollBar().sizeHint().width()
    qtbot.wait(100)  # the layout settles
    assert not area.verticalScrollBar().isVisible() and not area.horizontalScrollBar().isVisible()
    window.back_action.trigger()


def test_at_800_by_560_the_server_table_shows_its_rows_and_the_tree_takes_the_rest(
        window: Any, services: Services, qtbot: Any) -> None:
    """Issue 25: four servers at 800×560 — the table shows all four rows without
    scrolling (it grew to its rows), and the tools tree below keeps the rest of the page."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    for name in ("docs", "files", "linear", "time"):
        services.mcp.add(McpServerConfig.http(name, f"https://mcp.example.test/{name}"))
    window.resize(800, 560)
    settings = window.pages.open_settings()
    settings.show_section(SettingsSection.TOOLS)
    page = settings.current_page()
    assert isinstance(page, ToolsPage)
    qtbot.waitUntil(lambda: page.loads >= 1 and page.table.rowCount() == 4, timeout=5000)
    table, tree = page.table, page.tree
    last = table.rowViewportPosition(3) + table.rowHeight(3)
    qtbot.waitUntil(lambda: last <= table.viewport().height(), timeout=3000)  # the layout settles
    assert table.verticalScrollBar().maximum() == 0  # every server visible, no scrolling
    assert tree.height() > table.height()  # four rows of the tree's own fit, with room to spare
    area = page.parentWidget().parentWidget()
    assert not area.verticalScrollBar().isVisible()
    window.back_action.trigger()


def test_add_server_offers_use_with_and_the_table_says_who_uses_each_server(
        window: Any, services: Services, qtbot: Any) -> None:
    """walk37 #2: Add server… offers "Use with" with the assistant chosen on the page
    ticked; Save switches the server on for exactly the ticked ones (one transaction); the
    servers table's "Used by" names them, and a server no one uses says so, both in the
    table and in the Saved/Added line."""
    services.assistants.create("Helper")
    services.assistants.create("Writer")
    page = _page(window, services, qtbot)
    assert page.assistant_combo.currentText() == "Helper"
    form = page.edit_server(None)
    use_with = form.use_with
    assert use_with is not None and use_with.isVisible()
    rows = {use_with.item(r).text(): use_with.item(r).checkState() for r in range(use_with.count())}
    assert rows == {"Helper": Qt.CheckState.Checked, "Writer": Qt.CheckState.Unchecked}
    form.name_edit.setText("docs")
    form.transport_combo.setCurrentIndex(form.transport_combo.findData(McpTransport.HTTP.value))
    form.url_edit.setText("https://mcp.example.test/mcp")
    form.save_button.click()
    qtbot.waitUntil(lambda: page.table.rowCount() == 1 and page.status_label.text().startswith("Saved"),
                    timeout=5000)
    assert services.mcp.enabled_servers("Helper") == {"docs"} and services.mcp.enabled_servers("Writer") == set()
    assert page.table.horizontalHeaderItem(3).text() == "Used by"
    assert page.table.item(0, 3).text() == "Helper"
    assert page.status_label.text() == "Saved docs. Test it to read its tools."

    form = page.edit_server(None)  # nobody ticked: the table and the line say it is off
    assert form.use_with is not None
    form.use_with.item(0).setCheckState(Qt.CheckState.Unchecked)
    form.name_edit.setText("files")
    form.transport_combo.setCurrentIndex(form.transport_combo.findData(McpTransport.HTTP.value))
    form.url_edit.setText("https://mcp.example.test/files")
    form.save_button.click()
    qtbot.waitUntil(lambda: page.table.rowCount() == 2 and "files" in page.status_label.text(), timeout=5000)
    assert page.status_label.text() == ("Saved files. Test it to read its tools. No assistant uses files yet: "
                                        "tick it under Tools of assistant below.")
    assert {page.table.item(r, 0).text(): page.table.item(r, 3).text() for r in range(2)} == {
        "docs": "Helper", "files": "off"}
    assert services.mcp.users() == {"docs": ["Helper"]}

    page.table.selectRow(0)  # an edit keeps its switches: no "Use with"
    assert page.edit_server(page.current()).use_with is None
    page.server_dialog.reject()
    top = next(page.tree.topLevelItem(i) for i in range(page.tree.topLevelItemCount())
               if page.tree.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole) == "files")
    top.setCheckState(0, Qt.CheckState.Checked)  # switched on in the tree: "Used by" follows
    qtbot.waitUntil(lambda: page.table.item(1, 3).text() == "Helper", timeout=5000)


def test_paste_and_import_ask_use_with_like_add_server(window: Any, services: Services, qtbot: Any,
                                                       tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25: Paste JSON… and Import… offer Add server…'s "Use with" list (the page's
    assistant ticked); the new servers are on for exactly the ticked assistants, stored
    with them in one transaction, and the table's "Used by" names them."""
    services.assistants.create("Helper")
    services.assistants.create("Writer")
    page = _page(window, services, qtbot)
    paste = page.paste()
    assert isinstance(paste.use_with, UseWithList) and paste.use_with.isVisible()
    rows = {paste.use_with.item(r).text(): paste.use_with.item(r).checkState() for r in range(paste.use_with.count())}
    assert rows == {"Helper": Qt.CheckState.Checked, "Writer": Qt.CheckState.Unchecked}
    paste.use_with.item(1).setCheckState(Qt.CheckState.Checked)
    paste.edit.setPlainText(json.dumps({"mcpServers": {"time": {"command": "uvx", "args": ["mcp-server-time"]}}}))
    paste.accept()
    qtbot.waitUntil(lambda: page.table.rowCount() == 1 and page.status_label.text().startswith("Added"),
                    timeout=5000)
    assert {k: sorted(v) for k, v in services.mcp.users().items()} == {"time": ["Helper", "Writer"]}
    assert page.status_label.text() == "Added time. Test a server to read its tools."  # no "not in use" hint

    config = tmp_path / "claude_desktop_config.json"
    config.write_text(json.dumps({"mcpServers": {"files": {"command": "npx", "args": ["files-server"]}}}))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(config), ""))
    page.import_file()
    dialog = page.import_dialog
    assert dialog is not None and dialog.isVisible() and isinstance(dialog.use_with, UseWithList)
    assert dialog.use_with.item(0).checkState() == Qt.CheckState.Checked
    dialog.use_with.item(0).setCheckState(Qt.CheckState.Unchecked)
    dialog.use_with.item(1).setCheckState(Qt.CheckState.Checked)
    dialog.accept()
    qtbot.waitUntil(lambda: page.table.rowCount() == 2 and "files" in page.status_label.text(), timeout=5000)
    assert services.mcp.enabled_servers("Writer") == {"time", "files"}
    assert services.mcp.enabled_servers("Helper") == {"time"}
    assert {page.table.item(r, 0).text(): page.table.item(r, 3).text() for r in range(2)}["files"] == "Writer"
