"""Regenerate, Resend and the "‹ 2 / 3 ›" arrows in the window (issue 14 "Regenerate
and edit-and-resend"): Ctrl+R and the last reply's pill regenerate; the arrows switch
versions (the store work on a worker) and stay after reopening the topic; Edit
message… → Resend starts a branch whose old side is "1 / 2"."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from chathub_desktop.gui.chat.message_action_bar import MessageAction
from chathub_desktop.gui.chat.message_list_model import VersionRole
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants, wait_shown
from tests.gui.test_message_action_bar import hover


def _texts(window) -> list[str]:  # type: ignore[no-untyped-def]
    m = window.message_model
    return [m.message_at(i).content for i in range(m.rowCount())]


def _versions(window, row: int):  # type: ignore[no-untyped-def]
    return window.message_model.index(row).data(VersionRole)


def _arrow(window, row: int, delta: int) -> QPoint:  # type: ignore[no-untyped-def]
    """The centre of row ``row``'s ‹ (-1) or › (+1), found by scanning its footer line."""
    view = window.message_view
    index = window.message_model.index(row)
    rect = view.visualRect(index)
    for y in range(rect.bottom(), rect.top(), -1):
        for x in range(rect.left(), rect.right()):
            if view.delegate.version_hit(index, QPoint(x, y)) == delta:
                return QPoint(x + 3, y - 2)
    raise AssertionError("no arrow found")


def _chat(window, services, fake_vendor, qtbot, answers: list[str]) -> int:  # type: ignore[no-untyped-def]
    pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.provider_models.remember(pid, ["gpt-4o-mini", "gpt-4o"])  # what the fake server serves
    reload_assistants(window, qtbot, aid)
    window.resize(1000, 700)
    fake_vendor.script(*[Reply(text_chunks=[a]) for a in answers])
    window.composer.set_text("Name a colour")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: _texts(window) == ["Name a colour", answers[0]], timeout=15000)
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=15000)
    topic = window.current_topic_id
    assert topic is not None
    return topic


def test_ctrl_r_and_the_bar_regenerate_and_the_arrows_switch(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """Ctrl+R asks again (the old reply becomes 1 / 2); the hover bar's Regenerate makes 3 / 3; ‹ goes to
    2 / 3 with the store work done off the GUI thread; reopening keeps it."""
    topic = _chat(window, services, fake_vendor, qtbot, ["Red", "Green", "Blue"])
    QTest.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: _texts(window) == ["Name a colour", "Green"], timeout=15000)
    qtbot.waitUntil(lambda: _versions(window, 1) == (2, 2), timeout=15000)
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=15000)
    view = window.message_view
    # walk29 #6: no "↻ Regenerate" pill under a finished reply (a click where it sat does
    # nothing); the hover bar's Regenerate is the one control
    bubble = view.delegate.bubble_rect(window.message_model.index(1))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(bubble.right() - 20, bubble.bottom() + 9))
    qtbot.wait(100)
    assert _versions(window, 1) == (2, 2) and window.composer.send_button.isEnabled()
    hover(view, 1)
    qtbot.waitUntil(view.action_bar.isVisible, timeout=3000)
    view.action_bar.buttons[MessageAction.REGENERATE].click()
    qtbot.waitUntil(lambda: _texts(window) == ["Name a colour", "Blue"], timeout=15000)
    qtbot.waitUntil(lambda: _versions(window, 1) == (3, 3), timeout=15000)
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=15000)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_arrow(window, 1, -1))
    qtbot.waitUntil(lambda: _texts(window) == ["Name a colour", "Green"], timeout=15000)
    qtbot.waitUntil(lambda: _versions(window, 1) == (2, 3), timeout=15000)
    assert [v.label for v in services.versions.points(topic).values()] == ["2 / 3"]
    view._context_menu(view.visualRect(window.message_model.index(1)).center())
    entries = {a.text(): a.isEnabled() for a in view.last_menu.actions()}
    view.last_menu.close()
    assert entries["Regenerate reply"] and entries["Previous version (2 / 3)"] and entries["Next version (2 / 3)"]
    window.open_topic(None)
    window.open_topic(topic)
    wait_shown(window, qtbot, topic)
    qtbot.waitUntil(lambda: _versions(window, 1) == (2, 3), timeout=15000)
    assert _texts(window) == ["Name a colour", "Green"]


def test_edit_then_resend_makes_a_branch(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """Edit message (in place, issue 29) → Resend: the edited text and a new reply are in
    view, the user message shows 2 / 2; its ‹ brings the old branch (1 / 2) back."""
    _chat(window, services, fake_vendor, qtbot, ["Red", "Violet"])
    first = window.message_model.message_at(0)
    editor = window.message_actions.edit_message(first.id)
    assert editor is not None and editor.resend_button.isVisible()
    editor.box.setPlainText("Name a flower colour")
    qtbot.mouseClick(editor.resend_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: _texts(window) == ["Name a flower colour", "Violet"], timeout=15000)
    qtbot.waitUntil(lambda: _versions(window, 0) == (2, 2), timeout=15000)
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=15000)
    window.message_view.version_requested.emit(window.message_model.message_at(0).id, -1)
    qtbot.waitUntil(lambda: _texts(window) == ["Name a colour", "Red"], timeout=15000)
    qtbot.waitUntil(lambda: _versions(window, 0) == (1, 2), timeout=15000)


def test_regenerate_with_another_model_asks_that_model_once(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """Topic → Regenerate with → a model: the new version is asked with that model (the
    posted body's ``model``) and stored with it; the topic keeps its own model, so the
    next send goes to it again."""
    topic = _chat(window, services, fake_vendor, qtbot, ["Red", "Teal"])
    qtbot.waitUntil(lambda: window.model_picker.picker.groups != (), timeout=15000)
    menu = window.versions.regenerate_with_menu
    menu.aboutToShow.emit()
    choice = next(a for a in menu.actions() if a.text() == "gpt-4o")
    choice.trigger()
    qtbot.waitUntil(lambda: _texts(window) == ["Name a colour", "Teal"], timeout=15000)
    body = fake_vendor.last_request.body
    assert body is not None and body["model"] == "gpt-4o"
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=15000)
    assert services.topics.messages(topic)[1].model == "gpt-4o"
    assert services.topic_models.show(topic).model == "gpt-4o-mini"  # the topic's own model is unchanged
    qtbot.waitUntil(lambda: _versions(window, 1) == (2, 2), timeout=15000)


def test_regenerate_with_offers_what_the_local_server_serves_not_claude(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    """Issue 28: under a llama.cpp-style local server Regenerate with lists that server's
    models; Claude appears only once an Anthropic provider is configured (its own submenu)."""
    _chat(window, services, fake_vendor, qtbot, ["Red"])
    qtbot.waitUntil(lambda: window.model_picker.picker.groups != (), timeout=5000)
    menu = window.versions.regenerate_with_menu
    menu.aboutToShow.emit()
    from chathub_desktop.gui.topics.topic_model_picker import heading_texts

    texts = [a.text() for a in menu.actions() if a.text() and not a.isSeparator()]
    assert texts == ["gpt-4o-mini", "gpt-4o", "Another model…"]  # walkthrough F7: free text last
    assert heading_texts(menu) == ["Served by Fake"]
    services.providers.add("Anthropic", "anthropic", "https://api.anthropic.com", api_key="sk-ant")
    window.model_picker.sync()
    qtbot.waitUntil(lambda: len(window.model_picker.picker.groups) == 2, timeout=5000)
    menu.aboutToShow.emit()
    sub = next(a.menu() for a in menu.actions() if a.menu() is not None)
    assert sub.title() == "Anthropic"
    subs = [a.text() for a in sub.actions() if a.text() and not a.isSeparator()]
    assert subs[-1] == "Another model…" and subs[:-1] and all(t.startswith("claude") for t in subs[:-1])
    assert heading_texts(sub) == ["Bundled catalog"]
    assert not [a.text() for a in menu.actions() if "claude" in a.text() or "deepseek" in a.text()]


def test_regenerate_with_another_model_asks_for_its_id(window, services, fake_vendor, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    """Walkthrough F7: Regenerate with ends with "Another model…", free text: the typed id
    is asked once for this reply."""
    from PySide6.QtWidgets import QInputDialog

    topic = _chat(window, services, fake_vendor, qtbot, ["Red", "Teal"])
    qtbot.waitUntil(lambda: window.model_picker.picker.groups != (), timeout=15000)
    asked: list[str] = []
    monkeypatch.setattr(QInputDialog, "getText", lambda _p, _t, label: (asked.append(label), ("my-own-id ", True))[1])
    menu = window.versions.regenerate_with_menu
    menu.aboutToShow.emit()
    next(a for a in menu.actions() if a.text() == "Another model…").trigger()
    assert asked == ["Model id on Fake:"]
    qtbot.waitUntil(lambda: _texts(window) == ["Name a colour", "Teal"], timeout=15000)
    body = fake_vendor.last_request.body
    assert body is not None and body["model"] == "my-own-id"
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=15000)
    assert services.topics.messages(topic)[1].model == "my-own-id"
    qtbot.waitUntil(lambda: _versions(window, 1) == (2, 2), timeout=15000)
