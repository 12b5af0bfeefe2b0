"""The rail's assistant button with an emoji avatar (issue 29, rail51): the design audit
found the emoji needing 36 px of the 32 px round button in the main-window shots (an app
font of 10 pt and up); the emoji is now sized from the rail's avatar token, so the button
is not cut at any app font size, in both themes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.design.audit import audit_window
from chathub_desktop.gui.design.theme import ViewPrefs
from chathub_desktop.gui.design.tokens import IconSize
from tests.gui.helpers import reload_assistants


@pytest.fixture
def restore_look(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    font = qapp.font()
    yield
    qapp.setFont(font)
    ViewPrefs(qapp, None).apply()


@pytest.mark.parametrize("points", [10.0, 12.5])  # 12.5: the 10 pt of a 125 % font DPI
@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("emoji", ["🎵", "🤖"])
def test_an_emoji_avatar_fits_the_rail_button(window, services, qtbot, restore_look,  # type: ignore[no-untyped-def]
                                              theme, emoji, points):
    font = QApplication.font()
    font.setPointSizeF(points)
    QApplication.setFont(font)
    aid = services.assistants.create("Helper", avatar=emoji).id
    reload_assistants(window, qtbot, aid)
    window.view.theme_actions["dark" if theme == "light" else "light"].trigger()
    window.view.theme_actions[theme].trigger()  # the sheet built at this font size
    avatar = window.rail.avatar
    qtbot.waitUntil(lambda: avatar.text() == emoji, timeout=3000)
    assert avatar.size().width() == IconSize.AVATAR
    assert avatar.sizeHint().width() <= IconSize.AVATAR + 1  # what the audit allows
    report = audit_window(window, theme)
    cut = [f for f in report.clipped if f.what.startswith("QToolButton#assistantAvatar")]
    assert report.widgets >= 5 and cut == [], "".join(f"\n{f.what}: {f.detail}" for f in cut)
