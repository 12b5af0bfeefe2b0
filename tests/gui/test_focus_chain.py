"""The main window by keyboard (walk49 #3, #4, #9): Tab walks rail → topic list → chat
header → messages → composer and wraps, Shift+Tab walks back, F6 jumps region to region,
the focused stop wears a ring in the focus colour in both themes; the window is never
smaller than 800×560; the wizard's welcome counts the steps its indicator shows."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from chathub_desktop.gui.design.tokens import DARK, LIGHT
from chathub_desktop.gui.shell.view_menu import ViewPrefs
from tests.gui.helpers import add_fake_provider, new_topic, reload_assistants

#: The stops of a new topic's chat page, by accessible name (a prompt tile: its text),
#: in the order Tab visits them; TILES stands for the empty topic's four prompt tiles.
TILES = "tiles"
CHAIN = ["Assistant: Helper", "Chats", "Memory", "Search", "Settings", "Menu",  # the rail
         "New topic", "Rename topic", "Delete topic", "Topics",  # the topic list
         "Topic list",  # the chat header's toggle
         TILES,  # where the messages go
         "Message draft", "Attach files", "Private topic", "Token estimate", "Topic model", "Send the message"]


@pytest.fixture
def restore_look(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """The default theme again after a test switched it."""
    yield
    ViewPrefs(qapp, None).apply()


def _focused() -> QWidget:
    w = QApplication.focusWidget()
    assert w is not None
    return w


def _name(w: QWidget) -> str:
    """What a screen reader says for ``w``: its accessible name, else its text."""
    return w.accessibleName() or (w.text() if isinstance(w, QPushButton) else "")


def _tiles(window) -> list[str]:  # type: ignore[no-untyped-def]
    """The texts of the empty topic's prompt tiles on screen."""
    return [t.text() for t in window.findChildren(QPushButton, "promptTile") if t.isVisible()]


def _chain(window) -> list[str]:  # type: ignore[no-untyped-def]
    """:data:`CHAIN` with the shown prompt tiles' texts in place of :data:`TILES`."""
    tiles = _tiles(window)
    assert len(tiles) == 4
    i = CHAIN.index(TILES)
    return [*CHAIN[:i], *tiles, *CHAIN[i + 1:]]


def _walk(qtbot, key: Qt.Key, steps: int) -> list[str]:  # type: ignore[no-untyped-def]
    """The accessible names of the stops ``steps`` presses of ``key`` reach."""
    names = []
    for _ in range(steps):
        qtbot.keyClick(_focused(), key)
        names.append(_name(_focused()))
    return names


def _chat_window(window, services, qtbot):  # type: ignore[no-untyped-def]
    """``window`` on a new topic of an assistant "Helper", its model chip read, focused."""
    _p, a = add_fake_provider(services, "http://127.0.0.1:9/v1")
    reload_assistants(window, qtbot, a)
    new_topic(window, qtbot)
    qtbot.waitUntil(lambda: window.model_picker.picker.isEnabled() and len(_tiles(window)) == 4, timeout=5000)
    window.activateWindow()
    window.composer.draft.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.composer.draft, timeout=3000)
    return window


def test_tab_walks_every_region_in_screen_order_and_wraps(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _chat_window(window, services, qtbot)
    chain = _chain(w)
    start = chain.index("Message draft")
    # from the draft on, one full round and back to the draft
    assert _walk(qtbot, Qt.Key.Key_Tab, len(chain)) == chain[start + 1:] + chain[:start + 1]
    assert _focused() is w.composer.draft
    assert _walk(qtbot, Qt.Key.Key_Backtab, len(chain)) == (chain[:start][::-1] + chain[start:][::-1])
    assert _focused() is w.composer.draft


def test_f6_jumps_to_the_next_region_and_shift_f6_back(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    w = _chat_window(window, services, qtbot)
    first_tile = _chain(w)[CHAIN.index(TILES)]
    assert _walk(qtbot, Qt.Key.Key_F6, 5) == ["Assistant: Helper", "New topic", "Topic list", first_tile,
                                             "Message draft"]
    names = []
    for _ in range(5):
        qtbot.keyClick(_focused(), Qt.Key.Key_F6, Qt.KeyboardModifier.ShiftModifier)
        names.append(_name(_focused()))
    assert names == [first_tile, "Topic list", "New topic", "Assistant: Helper", "Message draft"]


def _has_colour(image, colour: QColor) -> bool:  # type: ignore[no-untyped-def]
    """True when a pixel of ``image`` is ``colour`` (within 8 per channel: antialiasing)."""
    for y in range(image.height()):
        for x in range(image.width()):
            p = image.pixelColor(x, y)
            if max(abs(p.red() - colour.red()), abs(p.green() - colour.green()),
                   abs(p.blue() - colour.blue())) <= 8:
                return True
    return False


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_focused_stop_wears_the_focus_ring(window, services, qtbot, restore_look, theme) -> None:  # type: ignore[no-untyped-def]
    w = _chat_window(window, services, qtbot)
    w.view.theme_actions[theme].trigger()
    ring = QColor((LIGHT if theme == "light" else DARK).focus)
    for button in (w.chat_header.toggle, w.sidebar.findChild(QWidget, "newTopicButton"), w.topic_list):
        assert not _has_colour(button.grab().toImage(), ring), button.accessibleName()  # no ring unfocused
        button.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(lambda b=button: QApplication.focusWidget() is b, timeout=3000)
        assert _has_colour(button.grab().toImage(), ring), button.accessibleName()


def test_the_window_is_never_smaller_than_800_by_560(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    assert window.minimumSize() == QSize(800, 560)
    window.resize(640, 480)
    qtbot.waitUntil(lambda: window.width() >= 800 and window.height() >= 560, timeout=3000)


def test_the_wizard_welcome_counts_the_steps_its_indicator_shows(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.shell.setup_steps import StepIndicator

    wizard = window.pages.open_setup()
    qtbot.waitExposed(wizard)
    try:
        indicator = wizard.currentPage().findChild(StepIndicator)
        assert indicator.accessibleName() == "Step 1 of 5: Welcome"
        assert "After this page, 4 short steps: a provider" in wizard.steps_ahead.text()
        assert "Four" not in wizard.steps_ahead.text()
    finally:
        wizard.reject()


def test_tab_into_the_messages_shows_the_bar_on_a_row_in_view(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """No sheet rule may ring the message list: the keyboard's place there is the action
    bar, on the newest row in view (Qt alone made the first loaded row current, out of view)."""
    from chathub_desktop.core.messages import Role
    from tests.gui.helpers import wait_shown

    _p, a = add_fake_provider(services, "http://127.0.0.1:9/v1")
    topic = services.topics.create(a, "A long plan").id
    for i in range(40):
        services.chat.append_row(topic, Role.USER if i % 2 == 0 else Role.ASSISTANT, f"Line {i} of the plan.")
    reload_assistants(window, qtbot, a)
    w = window
    w.select_topic(topic)
    wait_shown(w, qtbot, topic)
    qtbot.waitUntil(lambda: w.message_model.rowCount() > 0 and w.message_view.is_at_bottom(), timeout=5000)
    w.activateWindow()
    w.chat_header.toggle.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.chat_header.toggle, timeout=3000)
    qtbot.keyClick(w.chat_header.toggle, Qt.Key.Key_Tab)
    view = w.message_view
    assert _focused() is view
    current = view.currentIndex()
    assert current.isValid() and view.visualRect(current).intersects(view.viewport().rect())
    qtbot.waitUntil(view.action_bar.isVisible, timeout=3000)
    assert view.action_bar.message_id == w.message_model.message_at(current.row()).id


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_focused_message_list_outlines_its_row_not_its_frame(  # type: ignore[no-untyped-def]
        window, services, qtbot, restore_look, theme):
    """chatlook52 (walk52 #8): no frame rings the whole message list when it has the focus
    (after a Resend it wore one); the keyboard's row is outlined in the focus token."""
    from chathub_desktop.core.messages import Role
    from tests.gui.helpers import wait_shown

    _p, a = add_fake_provider(services, "http://127.0.0.1:9/v1")
    topic = services.topics.create(a, "Lisbon").id
    services.chat.append_row(topic, Role.USER, "Plan three days in Lisbon.")
    services.chat.append_row(topic, Role.ASSISTANT, "Day 1: Alfama. Day 2: Belém. Day 3: Sintra.")
    reload_assistants(window, qtbot, a)
    w = window
    w.select_topic(topic)
    wait_shown(w, qtbot, topic)
    w.activateWindow()
    w.composer.draft.setFocus()
    w.view.theme_actions[theme].trigger()
    c = LIGHT if theme == "light" else DARK
    view = w.message_view
    qtbot.waitUntil(lambda: view.isVisible() and w.message_model.rowCount() == 2, timeout=5000)

    def edges() -> tuple[list[str], list[str]]:
        """The first three pixels in from the list's left edge and down from its top."""
        image = view.grab().toImage()
        x, y = image.width() // 3, image.height() // 2
        return ([image.pixelColor(i, y).name() for i in range(3)], [image.pixelColor(x, i).name() for i in range(3)])

    qtbot.waitUntil(lambda: edges() == ([c.surface] * 3, [c.surface] * 3), timeout=3000)
    view.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is view, timeout=3000)
    row = view.currentIndex()
    qtbot.waitUntil(lambda: _has_colour(view.viewport().grab(view.visualRect(row)).toImage(), QColor(c.focus)),
                    timeout=3000)
    assert edges()[0] == [c.surface] * 3  # still no frame round the list (at its top: the row's outline)


class _WindowsShown(QObject):
    """Records the object names of top-level widgets shown while it is installed."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def eventFilter(self, watched: QObject, e: QEvent) -> bool:  # noqa: N802 - Qt override
        """Note a Show of a window."""
        if e.type() == QEvent.Type.Show and isinstance(watched, QWidget) and watched.isWindow():
            self.names.append(watched.objectName() or type(watched).__name__)
        return False


def test_settings_from_the_rail_focuses_its_sections_and_chats_gives_the_focus_back(  # type: ignore[no-untyped-def]
        window, services, qtbot):
    """look50: opening Settings from the rail left nothing focused: building the page showed
    two empty-state buttons before they had a parent, each a window for a moment, and the
    main window lost the keyboard to them. No window flashes; the section list takes the
    focus (a click and the keyboard alike) and keeps it; Chats puts it back on the draft."""
    from chathub_desktop.gui.shell.nav_rail import PageId, RailEntry

    w = _chat_window(window, services, qtbot)
    shown = _WindowsShown()
    QApplication.instance().installEventFilter(shown)
    try:
        for press in ("click", "key"):
            settings = w.rail.buttons[RailEntry.SETTINGS]
            if press == "click":
                qtbot.mouseClick(settings, Qt.MouseButton.LeftButton)
            else:
                settings.setFocus(Qt.FocusReason.TabFocusReason)
                qtbot.keyClick(settings, Qt.Key.Key_Space)
            qtbot.waitUntil(lambda: w.page_host.current_page_id() is PageId.SETTINGS, timeout=5000)
            page = w.page_host.page(PageId.SETTINGS)
            qtbot.waitUntil(lambda p=page: QApplication.focusWidget() is p.sections, timeout=3000)
            assert shown.names == [], press
            assert QApplication.activeWindow() is w
            qtbot.mouseClick(w.rail.buttons[RailEntry.CHATS], Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda: QApplication.focusWidget() is w.composer.draft, timeout=3000)
    finally:
        QApplication.instance().removeEventFilter(shown)
