"""A focused tool button keeps its size (ring54, issue 29; walk49 #3's focus ring): the
ring is drawn in room every tool button reserves unfocused, so giving one the keyboard
does not grow its size hint past the box its layout gave it (the design audit read
``QToolButton#pageBack '': needs 33 px, has 29`` on the Memory page's ←)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QFrame, QHBoxLayout, QToolButton, QWidget

from chathub_desktop.gui.design.audit import audit_window
from chathub_desktop.gui.design.theme import ViewPrefs
from chathub_desktop.gui.design.tokens import DARK, LIGHT
from chathub_desktop.gui.shell.nav_rail import PageId, RailEntry
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants
from tests.gui.test_message_action_bar import hover


@pytest.fixture
def restore_look(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    ViewPrefs(qapp, None).apply()


def _buttons(root: QWidget) -> list[QToolButton]:
    """The tool buttons shown under ``root`` that can take the keyboard."""
    return [b for b in root.findChildren(QToolButton) if b.isVisible() and b.isEnabled()]


def _hint(b: QToolButton) -> QSize:
    """``b``'s size hint for its state now: a button keeps the one it measured until a
    change event (a theme or language switch) drops it, so one is sent first."""
    QApplication.sendEvent(b, QEvent(QEvent.Type.StyleChange))
    return QSize(b.sizeHint())


def _name(b: QToolButton) -> str:
    return f"{b.objectName() or type(b).__name__} {b.accessibleName() or b.text()!r}"


def _grown_when_focused(window, qtbot, root: QWidget) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Each shown tool button under ``root`` given the focus in turn: those whose size hint
    then differs from their unfocused one, or is wider than their box, as ``name: why``."""
    grown: dict[str, str] = {}
    buttons = _buttons(root)
    assert buttons
    for b in buttons:
        if not b.isVisible():  # an earlier one's focus folded it away (a hover bar)
            continue
        window.setFocus(Qt.FocusReason.OtherFocusReason)
        qtbot.waitUntil(lambda b=b: not b.hasFocus(), timeout=3000)  # type: ignore[misc]
        unfocused = _hint(b)
        b.setFocus(Qt.FocusReason.TabFocusReason)
        qtbot.waitUntil(lambda b=b: b.hasFocus(), timeout=3000)  # type: ignore[misc]
        focused = _hint(b)
        if focused != unfocused:
            grown[_name(b)] = f"{focused.width()}x{focused.height()} focused, " \
                              f"{unfocused.width()}x{unfocused.height()} not"
        elif focused.width() > b.width() + 1:  # what the audit allows
            grown[_name(b)] = f"needs {focused.width()} px, has {b.width()}"
    return grown


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_no_tool_button_grows_when_it_takes_the_keyboard(window, services, fake_vendor, qtbot,  # type: ignore[no-untyped-def]
                                                         restore_look, theme):
    """Chats (the rail, the header, the composer, a reply's action bar), Memory, Search and
    each section of Settings: every shown tool button focused has the size hint it has unfocused, within
    its box; the audit then finds no tool button cut."""
    fake_vendor.script(Reply(text_chunks=["Sure, here it is."]))
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    services.memory.add(aid, "Prefers short answers")
    reload_assistants(window, qtbot, aid)
    window.view.theme_actions[theme].trigger()
    window.composer.set_text("Hello there")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 2
                    and window.message_model.message_at(1).status == "complete", timeout=15000)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    hover(window.message_view, 1)
    qtbot.waitUntil(lambda: window.message_view.action_bar.isVisible(), timeout=3000)
    grown = _grown_when_focused(window, qtbot, window)
    for entry, page in ((RailEntry.MEMORY, PageId.MEMORY), (RailEntry.SEARCH, PageId.SEARCH),
                        (RailEntry.SETTINGS, PageId.SETTINGS)):
        window.rail.buttons[entry].click()
        qtbot.waitUntil(lambda page=page: window.page_host.current_page_id() is page, timeout=5000)  # type: ignore[misc]
        shown = window.page_host.page(page)
        qtbot.waitUntil(lambda shown=shown: bool(_buttons(shown)), timeout=5000)  # type: ignore[misc]
        grown |= {f"{page.name} {k}": v for k, v in _grown_when_focused(window, qtbot, shown).items()}
        if page is PageId.SETTINGS:  # each section in turn (their cards' Advanced disclosures)
            for row in range(1, shown.sections.count()):
                shown.sections.setCurrentRow(row)
                qtbot.waitUntil(lambda row=row, s=shown: s.stack.currentIndex() == row, timeout=3000)  # type: ignore[misc]
                grown |= {f"{page.name} {row} {k}": v
                          for k, v in _grown_when_focused(window, qtbot, shown).items()}
        back = next((b for b in _buttons(shown) if b.objectName() == "pageBack"), None)
        if back is not None:  # the audit's own reading, with the ← focused
            back.setFocus(Qt.FocusReason.TabFocusReason)
            qtbot.waitUntil(back.hasFocus, timeout=3000)
            grown |= {f"audit {page.name} {f.what}": f.detail for f in audit_window(window, theme).clipped
                      if f.what.startswith("QToolButton")}
    assert grown == {}, "".join(f"\n{k}: {v}" for k, v in sorted(grown.items()))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_named_tool_button_rule_keeps_its_size_when_focused(qtbot, restore_look, theme):  # type: ignore[no-untyped-def]
    """Each tool button rule of the sheet that sets its own border or padding, including
    the states the window walk may not show (a pending avatar, an emoji one, a checked
    private toggle): focused, the size hint is the unfocused one."""
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.design.tokens import PENDING_TONE

    apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
    host = QWidget()
    qtbot.addWidget(host)
    bar = QFrame(host)
    bar.setObjectName("messageActionBar")
    row = QHBoxLayout(host)
    row.addWidget(bar)
    made: dict[str, QToolButton] = {}
    for name, prop, value in (("newTopicButton", "", ""), ("topicModelPicker", "", ""), ("railButton", "", ""),
                              ("assistantAvatar", "avatarTone", "0"), ("assistantAvatar", "avatarTone", "e0"),
                              ("assistantAvatar", "avatarTone", PENDING_TONE), ("privateToggle", "", ""),
                              ("", "disclosure", True), ("", "helpMark", True), ("", "helpGlyph", True),
                              ("plain", "", ""), ("inBar", "", "")):
        b = QToolButton(bar if name == "inBar" else host)
        b.setObjectName(name)
        b.setText("🎵" if value == "e0" else "Ab")
        b.setCheckable(name == "privateToggle")
        b.setChecked(name == "privateToggle")
        if prop:
            b.setProperty(prop, value)
        (QHBoxLayout(bar) if name == "inBar" else row).addWidget(b)
        b.setAccessibleName(f"{prop}={value}")  # each one's own name in the findings
        made[f"{name} {prop}={value}"] = b
    host.show()
    host.activateWindow()
    qtbot.waitUntil(host.isActiveWindow, timeout=3000)
    grown = _grown_when_focused(host, qtbot, host)
    assert len(made) == 12 and grown == {}, grown


def test_the_memory_pages_back_button_keeps_its_box_through_a_theme_switch(window, services, qtbot,  # type: ignore[no-untyped-def]
                                                                          restore_look):
    """The case the audit met: the Memory page's ← holding the keyboard while the look is
    built again (a theme switch, both ways: every button measured afresh) keeps its
    unfocused width, so the page does not move, and no tool button of the page is cut."""
    aid = services.assistants.create("Keeper").id
    reload_assistants(window, qtbot, aid)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)
    window.rail.buttons[RailEntry.MEMORY].click()
    qtbot.waitUntil(lambda: window.page_host.current_page_id() is PageId.MEMORY, timeout=5000)
    page = window.page_host.page(PageId.MEMORY)
    back = next(b for b in page.findChildren(QToolButton, "pageBack") if b.isVisible())
    width = back.width()  # unfocused
    back.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(back.hasFocus, timeout=3000)
    for theme, tokens in (("dark", DARK), ("light", LIGHT)):
        window.view.theme_actions[theme].trigger()
        qtbot.waitUntil(lambda t=tokens: QApplication.palette().color(QPalette.ColorRole.Base).name() == t.surface,  # type: ignore[misc]
                        timeout=3000)
        # the layouts asked for on the switch run on the next turns of the loop (a wait
        # that ends unmet leaves the asserts below to say what moved or is cut)
        with contextlib.suppress(qtbot.TimeoutError):
            qtbot.waitUntil(lambda: all(b.width() + 1 >= b.sizeHint().width() for b in _buttons(page)),
                            timeout=3000)
        assert back.hasFocus()
        assert (back.width(), back.sizeHint().width()) == (width, width), theme  # the page did not move
        cut = [f"{f.what}: {f.detail}" for f in audit_window(window, theme).clipped if f.what.startswith("QToolButton")]
        assert cut == [], theme


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_help_mark_holding_the_keyboard_shows_the_focus_ring(qtbot, restore_look, theme):  # type: ignore[no-untyped-def]
    """Issue 30 (keyboard): Tab onto a title's help mark (APP-6) draws the focus colour's
    ring at its edge, as on every other button; unfocused, none (it only lit up, and in the
    light theme its glyph vanished). Its glyph reads in both states."""
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.memory.page_common import help_mark
    from chathub_desktop.gui.shell.i18n import Texts

    apply_theme(QApplication.instance(), theme)  # type: ignore[arg-type]
    host = QWidget()
    qtbot.addWidget(host)
    row = QHBoxLayout(host)
    other = QToolButton(host)
    row.addWidget(other)
    mark = help_mark("Fixed memory", "What fixed memory is.", "fixedHelp", Texts(host))
    row.addWidget(mark)
    host.show()
    host.activateWindow()
    qtbot.waitUntil(host.isActiveWindow, timeout=3000)
    focus = (DARK if theme == "dark" else LIGHT).focus

    def ring_pixels() -> int:
        img = host.grab(mark.geometry()).toImage()
        mid = img.height() // 2
        return sum(1 for x in range(img.width() // 4) if img.pixelColor(x, mid).name() == focus.lower())

    def glyph_reads() -> bool:
        """The info glyph stands out of its background: dark strokes in light, light in dark
        (it was painted in the other theme's colours: the button's palette reads black)."""
        img = host.grab(mark.geometry()).toImage()  # over the window's background
        inner = [img.pixelColor(x, y).lightness() for x in range(2, img.width() - 2) for y in range(2, img.height() - 2)]
        return max(inner) > 150 if theme == "dark" else min(inner) < 130  # the muted text: 176 / 95

    other.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(other.hasFocus, timeout=3000)
    assert ring_pixels() == 0 and glyph_reads()
    mark.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(mark.hasFocus, timeout=3000)
    assert ring_pixels() >= 1 and glyph_reads()
