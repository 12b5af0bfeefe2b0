"""The icon provider (issue 29): bundled Lucide SVGs with their licence, recoloured for
the theme and the widget state, with no icon re-set after a theme switch."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.design.icons import Icon, IconTint, icon, icon_dir
from chathub_desktop.gui.design.theme import ViewPrefs, apply_theme
from chathub_desktop.gui.design.tokens import DARK, LIGHT


@pytest.fixture
def restore_look(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    ViewPrefs(qapp, None).apply()


def _ink(pm: QPixmap) -> str:
    """The most common opaque colour of ``pm``."""
    img = pm.toImage()
    seen = Counter(img.pixelColor(x, y).name() for x in range(img.width()) for y in range(img.height())
                   if img.pixelColor(x, y).alpha() == 255)
    return seen.most_common(1)[0][0]


def test_every_icon_is_bundled_with_its_licence() -> None:
    from pathlib import Path

    folder = Path(icon_dir())
    assert "ISC License" in (folder / "LICENSE").read_text(encoding="utf-8")
    missing = [i.name for i in Icon if not (folder / f"{i.value}.svg").is_file()]
    assert missing == []


def test_icons_follow_the_theme_and_the_state(qapp, restore_look) -> None:  # type: ignore[no-untyped-def]
    send, plain = icon(Icon.SEND, IconTint.ON_ACCENT), icon(Icon.NEW_TOPIC)
    apply_theme(QApplication.instance(), "light")
    assert _ink(plain.pixmap(48, 48)) == LIGHT.text
    assert _ink(plain.pixmap(48, 48, QIcon.Mode.Disabled)) == LIGHT.disabled
    assert _ink(plain.pixmap(48, 48, QIcon.Mode.Active)) == LIGHT.link
    assert _ink(send.pixmap(48, 48)) == LIGHT.on_accent
    apply_theme(QApplication.instance(), "dark")  # the same icon objects repaint in the dark tokens
    assert _ink(plain.pixmap(48, 48)) == DARK.text
    assert _ink(plain.pixmap(48, 48, QIcon.Mode.Disabled)) == DARK.disabled


def test_a_tool_button_squeezed_under_its_icon_paints_without_a_warning(qapp, qtbot) -> None:  # type: ignore[no-untyped-def]
    """stall54b: a Memory page shown at 200 × 109 px squeezed its toolbar's buttons to 1 px
    tall, Qt asked the icon for 16 × -1 px and the engine painted on that null pixmap: Qt
    warnings (the run fails on them). An empty size now gives a null pixmap, as Qt's own."""
    from PySide6.QtCore import QSize
    from PySide6.QtWidgets import QToolButton

    assert icon(Icon.ADD).pixmap(QSize(16, -1)).isNull()
    button = QToolButton()
    qtbot.addWidget(button)
    button.setIcon(icon(Icon.HISTORY))
    button.setFixedSize(24, 1)
    assert not button.grab().isNull()  # painted, no "QPainter::begin" warning
    assert not icon(Icon.ADD).pixmap(QSize(16, 16)).isNull()


def test_the_sidebar_buttons_are_icons_with_names(window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    buttons = [*window.rail.buttons.values(),
               window.sidebar.new_topic_button, window.sidebar.rename_topic_button, window.sidebar.delete_topic_button]
    assert [b.accessibleName() for b in buttons] == ["Chats", "Memory", "Search", "Settings", "New topic",
                                                     "Rename topic", "Delete topic"]
    for b in buttons:
        labelled = b is window.sidebar.new_topic_button  # issue 29: the list's main action says its name
        assert b.toolButtonStyle() == (Qt.ToolButtonStyle.ToolButtonTextBesideIcon if labelled
                                       else Qt.ToolButtonStyle.ToolButtonIconOnly)
        assert not b.icon().isNull() and b.toolTip()
    assert window.sidebar.new_topic_button.text() == "New topic"


def test_the_assistant_actions_keep_their_icons_in_the_menus(window) -> None:  # type: ignore[no-untyped-def]
    """New / Edit assistant and Memory lost their sidebar buttons to the rail (issue 29);
    their menu entries (Assistant menu, the avatar's menu) still show their icons."""
    for action in (window.new_assistant_action, window.edit_assistant_action, window.memory_action):
        assert not action.icon().isNull()
    new, edit = window.rail.menu.actions()[-2:]  # the avatar's menu: New assistant…, Edit assistant…
    assert not new.icon().isNull() and not edit.icon().isNull()
