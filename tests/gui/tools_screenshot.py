"""Screenshots of issue 25 (a script, not a test): Settings → Tools with a tested server,
an untested one and a failed Test, and an Ask waiting in a topic above the composer,
each in light and dark.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.tools_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from tests.gui import shot_harness as shots

TIME_SERVER = str(Path(sys.executable).parent / "mcp-server-time")


def main(out_dir: Path) -> int:
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.mcp_config import ApprovalRequest, McpServerConfig, ToolApproval
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.tools_page import ToolsPage

    with shots.offscreen_services("chathub-toolsshot-") as (loop, svc):
        svc.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
        a = svc.assistants.create("Helper", provider="Local", model="gpt-4o-mini", instructions="Be brief.")
        topic = svc.topics.create(a.id, "What time is it in Tokyo?").id
        svc.mcp.add(McpServerConfig.stdio("time", TIME_SERVER, ("--local-timezone", "UTC")))
        svc.mcp.add(McpServerConfig.http("docs", "https://mcp.example.test/mcp", {"Authorization": "Bearer …"}))
        svc.mcp.add(McpServerConfig.stdio("files", "npx", ("-y", "@modelcontextprotocol/server-filesystem",
                                                           "/home/me/notes")))
        app = QApplication.instance()

        async def scenario() -> None:
            await svc.mcp.test("time")
            svc.mcp.set_server_enabled("Helper", "time", True)
            svc.mcp.set_approval("Helper", "time", "convert_time", ToolApproval.ALWAYS)
            w = await shots.open_window(svc, topic, (1100, 720))
            for theme in ("light", "dark"):
                apply_theme(app, theme, hint=False)  # type: ignore[arg-type]
                page = ToolsPage(svc, w.runner, w.presenter)
                page.resize(680, 560)
                page.show()
                while page.loads < 1:  # the lists are read on a worker (issue 29)
                    await asyncio.sleep(0.02)
                page.table.selectRow(0)
                page._status("time: mcp-time 2026.10.19 — 2 tools: get_current_time, convert_time")
                await shots.grab(page, out_dir / f"settings_tools_{theme}.png")
                page.table.selectRow(1)
                page._status("files: 'npx' was not found on PATH (/usr/local/bin:/usr/bin:/bin)", error=True)
                await shots.grab(page, out_dir / f"settings_tools_error_{theme}.png")
                page.close()
                request = ApprovalRequest(topic, a.id, "time", "get_current_time",
                                          json.dumps({"timezone": "Asia/Tokyo"}))
                waiting = asyncio.ensure_future(w.tool_approvals.decide(request))
                await shots.grab(w, out_dir / f"tool_approval_{theme}.png", settle_s=0.5)
                waiting.cancel()
                await asyncio.sleep(0.1)
            await shots.close_window(w)

        loop.run_until_complete(scenario())
    return 0


if __name__ == "__main__":
    shots.run(main)
