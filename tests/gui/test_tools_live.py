"""An open Settings → Tools page follows what another process writes (issue 25 with the
live refresh of issue 13): a server the CLI adds, and an approval it sets, show within
the live-refresh bound. The other process is the real CLI as a subprocess."""

from __future__ import annotations

from typing import Any

from chathub_desktop.core.mcp_config import McpServerConfig, McpTool, ToolApproval
from chathub_desktop.gui.settings.settings_page import SettingsSection
from chathub_desktop.services.container import Services
from tests.gui.helpers import add_fake_provider
from tests.gui.test_live_refresh_gui import DEADLINE_MS, cli, finished


def test_mcp_add_from_the_cli_shows_on_the_open_tools_page(window: Any, services: Services, qtbot: Any,
                                                           fake_vendor: Any) -> None:
    add_fake_provider(services, fake_vendor.base_url)
    dlg = window.pages.open_settings()
    page = dlg.pages[SettingsSection.TOOLS]
    assert page.table.rowCount() == 0
    finished(qtbot, cli(services, "mcp", "add", "time", "--command", "mcp-server-time"))
    qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=DEADLINE_MS)
    assert page.table.item(0, 0).text() == "time" and page.table.item(0, 1).text() == "mcp-server-time"


def test_an_approval_set_from_the_cli_shows_on_the_open_tools_page(window: Any, services: Services, qtbot: Any,
                                                                   fake_vendor: Any) -> None:
    from chathub_desktop.services.tools.mcp_clients import ServerTools

    add_fake_provider(services, fake_vendor.base_url)
    services.mcp.add(McpServerConfig.stdio("time", "mcp-server-time"))
    services.mcp.remember_tools(services.mcp.get("time").id,
                                ServerTools("mcp-time", "1", (McpTool("get_current_time", "Now", {}),)))
    dlg = window.pages.open_settings()
    page = dlg.pages[SettingsSection.TOOLS]
    qtbot.waitUntil(lambda: page.tree.topLevelItem(0) is not None, timeout=DEADLINE_MS)  # read on a worker
    top = page.tree.topLevelItem(0)
    combo = page.tree.itemWidget(top.child(0), 1)
    assert combo.currentText() == "Ask"
    finished(qtbot, cli(services, "mcp", "approval", "time", "get_current_time", ToolApproval.ALWAYS.value,
                        "--assistant", "Helper"))
    qtbot.waitUntil(lambda: page.tree.itemWidget(page.tree.topLevelItem(0).child(0), 1).currentText()
                    == "Always allow", timeout=DEADLINE_MS)
