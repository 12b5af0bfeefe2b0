"""Screenshots of issue 25 (a script, not a test): Settings → Tools with a tested server,
an untested one and a failed Test, the Add server form after a Test (stdio) and the
Edit form of an HTTP server with a refused header line, the Add form of an HTTP
server that asks for an OAuth sign-in (Sign in… offered), Paste JSON… and Import… with
their "Use with" list, an Ask waiting in a topic
above the composer, the usage popover's line naming the servers that are off for the
assistant, a server tool's row with the time its call took and the error
bar's line for a tool server that did not start before a send, each in light and dark;
then Settings → Tools in the window at 800×560 and 1366×768 with a server signed in with
OAuth selected (Sign out shown), before and after Sign out, with the audit's clipped and
contrast findings printed.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.tools_screenshot [OUT_DIR]
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui import shot_harness as shots

TIME_SERVER = str(Path(sys.executable).parent / "mcp-server-time")


def main(out_dir: Path) -> int:
    import keyring
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.mcp_config import (
        ApprovalRequest,
        McpServerConfig,
        McpTransport,
        ToolApproval,
    )
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.design.tokens import Tone
    from chathub_desktop.gui.settings.tools_page import ToolsPage
    from chathub_desktop.services.events import ToolServerDown
    from chathub_desktop.storage.secrets import SERVICE_NAME

    with shots.offscreen_services("chathub-toolsshot-") as (loop, svc):
        svc.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
        a = svc.assistants.create("Helper", provider="Local", model="gpt-4o-mini", instructions="Be brief.")
        svc.assistants.create("Writer", provider="Local", model="gpt-4o-mini")
        topic = svc.topics.create(a.id, "What time is it in Tokyo?").id
        # the Ask's topic as a send leaves it: the question and the call waiting for its answer
        svc.chat.append_row(topic, role=Role.USER, content="What time is it in Tokyo?")
        svc.chat.append_row(topic, role=Role.ASSISTANT, content="", tool_calls=[
            {"id": "w1", "name": "time__get_current_time", "arguments": '{"timezone": "Asia/Tokyo"}'}])
        called = svc.topics.create(a.id, "Tokyo time").id
        svc.chat.append_row(called, role=Role.USER, content="What time is it in Tokyo?")
        svc.chat.append_row(called, role=Role.ASSISTANT, content="", tool_calls=[
            {"id": "c1", "name": "time__get_current_time", "arguments": '{"timezone": "Asia/Tokyo"}'}])
        svc.chat.append_row(called, role=Role.TOOL, content='{"timezone": "Asia/Tokyo", "datetime": "2026-12-02T19:37:00+09:00"}',
                         tool_call_id="c1", tool_name="time__get_current_time", tool_elapsed_ms=412)
        svc.chat.append_row(called, role=Role.ASSISTANT, content="It is 19:37 in Tokyo.")
        svc.mcp.add(McpServerConfig.stdio("time", TIME_SERVER, ("--local-timezone", "UTC")))
        svc.mcp.add(McpServerConfig.http("docs", "https://mcp.example.test/mcp", {"Authorization": "Bearer …"}))
        svc.mcp.add(McpServerConfig("linear", McpTransport.HTTP, url="https://mcp.linear.example/mcp",
                                    signed_in=True))
        keyring.set_password(SERVICE_NAME, "mcp-oauth:linear", '{"tokens": {"access_token": "shot"}}')
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
                form = page.edit_server(None)
                form.name_edit.setText("time2")
                form.command_edit.setText(TIME_SERVER)
                form.args_edit.setPlainText("--local-timezone\nUTC")
                form.env_edit.setPlainText("TZ=UTC")
                form.run_test()
                for _ in range(200):
                    if "tools:" in form.status_label.text() or "stderr" in form.status_label.text():
                        break
                    await asyncio.sleep(0.1)
                await shots.grab(form, out_dir / f"mcp_form_add_{theme}.png")
                form.reject()
                page.table.selectRow(0)
                form = page.edit_server(page.current())
                form.headers_edit.setPlainText("Authorization: Bearer …\nX-Team")
                form.submit()
                await shots.grab(form, out_dir / f"mcp_form_edit_{theme}.png")
                form.reject()
                form = page.edit_server(None)  # a Test found a server asking for OAuth
                form.name_edit.setText("linear")
                form.transport_combo.setCurrentIndex(form.transport_combo.findData("http"))
                form.url_edit.setText("https://mcp.linear.example/mcp")
                form.show_status("linear: the server asks you to sign in; Sign in… opens its page in your browser",
                                 Tone.ERROR)
                form.sign_in_button.show()
                await shots.grab(form, out_dir / f"mcp_form_sign_in_{theme}.png")
                form.reject()
                paste = page.paste()  # issue 25: "Use with" on Paste and Import too
                paste.edit.setPlainText(json.dumps({"mcpServers": {"weather": {
                    "command": "uvx", "args": ["mcp-weather"], "env": {"WEATHER_KEY": "…"}}}}, indent=2))
                await shots.grab(paste, out_dir / f"mcp_paste_use_with_{theme}.png")
                paste.reject()
                imported = page.import_path(Path("/home/me/.config/Claude/claude_desktop_config.json"))
                assert imported is not None
                await shots.grab(imported, out_dir / f"mcp_import_use_with_{theme}.png")
                imported.reject()
                page.close()
                w.select_topic(topic)  # the list may open its newest topic first
                request = ApprovalRequest(topic, a.id, "time", "get_current_time",
                                          json.dumps({"timezone": "Asia/Tokyo"}))
                waiting = asyncio.ensure_future(w.tool_approvals.decide(request))
                await shots.grab(w, out_dir / f"tool_approval_{theme}.png", settle_s=0.5)
                waiting.cancel()
                await asyncio.sleep(0.1)
                pop = w.composer.badge.popover  # walk37 #2: servers off for Helper, said in view
                pop.fill(await w.runner.run_in_thread(svc.estimates.estimate, topic))
                pop.adjustSize()
                pop.show()
                await shots.grab(pop, out_dir / f"popover_tools_off_{theme}.png")
                pop.hide()
                w.select_topic(called)
                await shots.grab(w, out_dir / f"tool_row_time_{theme}.png", settle_s=0.5)
                w.select_topic(topic)
                svc.bus.publish(ToolServerDown(topic, "weather", "weather: could not start: the server exited "
                                               "with status 3 — stderr: no API key in WEATHER_KEY"))
                await shots.grab(w, out_dir / f"tool_server_down_{theme}.png", settle_s=0.5)
                w.error_bar.dismiss()
            await shots.close_window(w)
            await window_sizes(svc, topic, out_dir)

        loop.run_until_complete(scenario())
    return 0


async def window_sizes(svc: object, topic: int, out_dir: Path) -> None:
    """Settings → Tools in the window at 800×560 and 1366×768, both themes: the signed-in
    server selected (Sign out shown), then after Sign out; prints the audit's findings."""
    import keyring

    from chathub_desktop.core.mcp_config import McpServerConfig, McpTransport
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.settings.settings_page import SettingsSection
    from chathub_desktop.storage.secrets import SERVICE_NAME

    for size in ((800, 560), (1366, 768)):
        for theme in ("light", "dark"):
            tag = f"{size[0]}x{size[1]}_{theme}"
            w = await shots.open_window(svc, topic, size)
            w.view.prefs.set_theme(theme)
            settings = w.pages.open_settings()
            settings.show_section(SettingsSection.TOOLS)
            page = settings.current_page()
            while page.loads < 1:
                await asyncio.sleep(0.02)
            row = next(r for r, srv in enumerate(page.servers) if srv.config.name == "linear")
            page.table.selectRow(row)
            await shots.grab(w, out_dir / f"settings_tools_signed_in_{tag}.png", 0.4)
            report = audit_window(w, theme)
            print(tag, "signed in:", [f"{f.what}: {f.detail}" for f in report.clipped + report.contrast])
            if not page.sign_out_button.isHidden():
                loads = page.loads
                page.sign_out_button.click()
                while page.loads == loads:
                    await asyncio.sleep(0.02)
                await shots.grab(w, out_dir / f"settings_tools_signed_out_{tag}.png", 0.4)
                report = audit_window(w, theme)
                print(tag, "signed out:", [f"{f.what}: {f.detail}" for f in report.clipped + report.contrast])
                svc.mcp.add(McpServerConfig("linear", McpTransport.HTTP,  # type: ignore[attr-defined]
                                            url="https://mcp.linear.example/mcp", signed_in=True), replace=True)
                keyring.set_password(SERVICE_NAME, "mcp-oauth:linear", '{"tokens": {"access_token": "shot"}}')
            await shots.close_window(w)


if __name__ == "__main__":
    shots.run(main)
