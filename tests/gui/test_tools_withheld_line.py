"""walk37 #2: when tools are held back from the next request, the usage popover says
why in a line that is always in view, not only in the collapsed Tools row: servers
switched off for this assistant, or a model whose chat template takes no tools (F3)."""

from __future__ import annotations

from typing import Any

from chathub_desktop.core.mcp_config import McpServerConfig
from chathub_desktop.gui.context.token_badge import TokenBadge
from chathub_desktop.services.container import Services
from tests.gui.helpers import add_fake_provider

MODEL = "smollm2-135m"


def _badge(services: Services, qtbot: Any, topic: int) -> TokenBadge:
    """A badge showing ``topic``'s estimate, its popover filled and shown (the popover
    lives as long as the badge: keep it)."""
    e = services.estimates.estimate(topic)
    badge = TokenBadge()
    qtbot.addWidget(badge)
    badge.bind_services(services)
    badge.show_estimate(e)
    pop = badge.popover
    pop.fill(e)
    pop.adjustSize()
    pop.show()
    return badge


def test_servers_off_for_the_assistant_are_named_in_a_visible_line(services: Services, qtbot: Any) -> None:
    services.assistants.create("Helper", model="gpt-4o")
    topic = services.topics.create("Helper").id
    services.mcp.add(McpServerConfig.http("docs", "https://mcp.example.test/docs"))
    badge = _badge(services, qtbot, topic)
    pop = badge.popover
    assert pop.tools_label.isVisible()
    assert pop.tools_label.text() == "Tools: docs is off for this assistant, so not offered (Settings → Tools)."
    for name in ("files", "git", "time"):
        services.mcp.add(McpServerConfig.http(name, f"https://mcp.example.test/{name}"))
    pop.fill(services.estimates.estimate(topic))
    assert pop.tools_label.text() == ("Tools: docs, files, git and 1 more are off for this assistant, "
                                      "so not offered (Settings → Tools).")
    for name in ("docs", "files", "git", "time"):
        services.mcp.set_server_enabled("Helper", name, True)
    pop.fill(services.estimates.estimate(topic))
    assert not pop.tools_label.isVisible()  # nothing held back: no line
    pop.hide()


def test_a_model_that_takes_no_tools_says_so_in_a_visible_line(services: Services, qtbot: Any,
                                                                fake_vendor: Any) -> None:
    pid, aid = add_fake_provider(services, fake_vendor.base_url, model=MODEL)
    services.provider_models.remember(pid, [MODEL], {MODEL: 2048}, [MODEL])  # its template takes no tools
    topic = services.topics.create(aid).id
    badge = _badge(services, qtbot, topic)
    pop = badge.popover
    assert pop.tools_label.isVisible()
    assert pop.tools_label.text() == "Tools: none offered — this server's chat template doesn't accept tools."
    assert "/props" in pop.details_label.text()  # walk40: the server detail is in Details, not the line
    pop.hide()
