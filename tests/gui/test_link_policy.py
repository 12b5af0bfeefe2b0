"""Links ask before they act (issue 32): a click on http(s) opens the browser; file:,
javascript:, data:, custom schemes and paths are refused with one line; hovering shows
the target."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtGui import QDesktopServices

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.chat.link_policy import LinkAction, decide, hover_text
from chathub_desktop.gui.chat.message_list_model import MessageListModel, TopicPage
from chathub_desktop.gui.chat.message_list_view import MessageListView
from chathub_desktop.gui.shell.chat_events import ChatEvents
from chathub_desktop.services.events import EventBus
from chathub_desktop.services.views import MessageView


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    urls: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: urls.append(url.toString()) or True)
    return urls


def _view(qtbot: Any, text: str) -> tuple[MessageListView, ChatEvents]:
    events = ChatEvents(EventBus())
    model = MessageListModel(None, events)  # type: ignore[arg-type]  # pages are handed to it
    view = MessageListView(model)
    qtbot.addWidget(view)
    view.resize(700, 300)
    view.show()
    qtbot.waitExposed(view)
    m = MessageView(id=1, topic_id=1, seq=0, role=Role.ASSISTANT, content=text, content_type="text",
                    status="complete", created_at=datetime.now(UTC))
    model.show_page(TopicPage(1, 0, (m,), None))
    view.executeDelayedItemsLayout()
    return view, events


def _link_point(view: MessageListView) -> tuple[QPoint, str]:
    index = view.model().index(0, 0)
    rect = view.visualRect(index)
    for y in range(rect.top(), rect.bottom(), 3):
        for x in range(rect.left(), rect.right(), 3):
            href = view.delegate.anchor_at(index, QPoint(x, y))
            if href:
                return QPoint(x, y), href
    raise AssertionError("no link drawn")


def _click(qtbot: Any, text: str) -> tuple[str, list[str]]:
    view, events = _view(qtbot, text)
    refused: list[str] = []
    view.link_refused.connect(refused.append)
    point, href = _link_point(view)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    events.detach()
    return href, refused


def test_a_click_on_an_https_link_opens_the_browser(qtbot: Any, opened: list[str]) -> None:
    href, refused = _click(qtbot, "See [the docs](https://example.org/docs?a=1).")
    assert href == "https://example.org/docs?a=1"
    assert opened == ["https://example.org/docs?a=1"] and refused == []


@pytest.mark.parametrize(("text", "scheme"), [
    ("Run [this](foo:bar)", "foo: links"),
    ("Open [the file](/etc/passwd)", "file paths"),
    ("Look ![z](/dev/zero)", "file paths"),
    ("Mail [me](mailto:a@example.org)", "mailto: links"),
])
def test_a_click_on_any_other_link_is_refused_with_one_line(qtbot: Any, opened: list[str], text: str,
                                                              scheme: str) -> None:
    _href, refused = _click(qtbot, text)
    assert opened == []
    assert len(refused) == 1 and "\n" not in refused[0]
    assert refused[0].startswith(f"Not opened: {scheme}")


@pytest.mark.parametrize("href", ["file:///etc/passwd", "javascript:alert(1)", "data:text/html,<b>x</b>",
                                  "qrc:/x.png", "chathub-internal:1", "../../../../etc/passwd",
                                  "http:/no-host", "JavaScript:alert(1)"])
def test_follow_link_refuses_every_target_but_http_and_the_copy_links(qtbot: Any, opened: list[str],
                                                                       href: str) -> None:
    view, events = _view(qtbot, "text")
    refused: list[str] = []
    view.link_refused.connect(refused.append)
    assert view.follow_link(view.model().index(0, 0), href)
    assert opened == [] and len(refused) == 1 and refused[0].startswith("Not opened:")
    assert decide(href).action is LinkAction.REFUSE
    events.detach()


def test_the_code_copy_link_stays_the_apps_own(qtbot: Any, opened: list[str]) -> None:
    view, events = _view(qtbot, "```\nprint(1)\n```")
    copied: list[str] = []
    view.code_copied.connect(copied.append)
    assert view.follow_link(view.model().index(0, 0), "chathub-copy:0")
    assert copied == ["print(1)"] and opened == []
    events.detach()


def test_hovering_a_link_shows_its_target(qtbot: Any) -> None:
    view, events = _view(qtbot, "Open [the file](/etc/passwd)")
    hovered: list[str] = []
    view.link_hovered.connect(hovered.append)
    point, _href = _link_point(view)
    qtbot.mouseMove(view.viewport(), point)
    qtbot.waitUntil(lambda: bool(hovered))
    assert hovered[-1] == "/etc/passwd"
    assert hover_text("/etc/passwd").startswith("/etc/passwd\n")
    assert hover_text("https://example.org").endswith("Opens in your browser")
    assert QUrl(hovered[-1]).path() == "/etc/passwd"
    events.detach()
