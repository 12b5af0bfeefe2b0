"""Out-of-range numbers are not silently replaced (issue 16): typing a value the spin
box cannot hold says the allowed range instead (Keep dream cards 1000, a high
watermark of 5)."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox

from tests.gui.helpers import loaded


def _type(qtbot, spin, text: str) -> None:  # type: ignore[no-untyped-def]
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, text)
    qtbot.wait(20)  # the hint runs after the keystroke is handled


def test_keep_dream_cards_1000_says_the_range(qloop, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.memory.fixed_page import MemoryPage

    aid = services.assistants.create("Helper").id
    page = MemoryPage(services, aid)
    qtbot.addWidget(page)
    page.show()
    panel = page.dream_panel
    qtbot.waitUntil(lambda: page.loads >= 1 and panel.loads >= 1 and not page.runner.pending(), timeout=5000)
    _type(qtbot, panel.schedule.keep_spin, "1000")
    assert panel.schedule.keep_spin.value() == 10  # Qt kept what fitted ...
    assert panel.schedule.keep_range_hint.last_hint == "Allowed: 1–90"  # ... and says why
    page.detach()
    qtbot.waitUntil(lambda: not page.runner.pending(), timeout=3000)


def test_high_watermark_5_says_the_range(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    dlg = loaded(window.pages.open_new_assistant(), qtbot)
    dlg.open_chat_preference()  # issue 29: the Memory & context group, where the spin is
    spin = dlg.ui.highWatermarkSpin
    hint = next(h for h in dlg.range_hints if h.spin is spin)
    _type(qtbot, spin, "5")
    assert spin.value() == 0.8
    assert hint.last_hint == "Allowed: 0.50–0.99"
    # an incomplete value that editing would undo is named when focus leaves
    _type(qtbot, spin, "0.3")
    dlg.ui.nameEdit.setFocus()
    qtbot.wait(20)
    assert hint.last_hint.endswith("was not kept. Allowed: 0.50–0.99")
    dlg.ui.buttonBox.button(QDialogButtonBox.StandardButton.Cancel).click()
