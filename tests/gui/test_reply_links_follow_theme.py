"""A reply's links after a live theme switch (walk53 #1, issue 29): switching theme
repaints every widget at once, both ways, so a link in a reply already on screen is
painted in the current theme's link colour (#1f55c7 light, #8ab4f8 dark), which reaches
4.5:1 on the reply's background, not the other theme's (2.6:1 and 2:1)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QImage

from chathub_desktop.gui.design.contrast import contrast_ratio
from chathub_desktop.gui.design.theme import ViewPrefs
from chathub_desktop.gui.design.tokens import DARK, LIGHT
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, reload_assistants


@pytest.fixture
def restore_look(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    ViewPrefs(qapp, None).apply()


def _count(image: QImage, colour: str) -> int:
    """Pixels of exactly ``colour`` (a link's underline is a solid line of it)."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB32)
    words = memoryview(rgb.constBits()).cast("I")  # 0xffRRGGBB per pixel
    want = 0xFF000000 | int(colour[1:], 16)
    return sum(1 for w in words if w == want)


def test_a_reply_s_link_takes_the_current_theme_s_colour_both_ways(window, services, fake_vendor, qtbot,  # type: ignore[no-untyped-def]
                                                                     restore_look):
    fake_vendor.script(Reply(text_chunks=["Read ", "[the guide](https://example.com/guide) first."]))
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    window.resize(1100, 720)
    window.view.theme_actions["light"].trigger()
    window.composer.set_text("Where do I start?")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 2
                    and window.message_model.message_at(1).status == "complete", timeout=15000)
    viewport = window.message_view.viewport()
    for name, tokens, other in (("light", LIGHT, DARK), ("dark", DARK, LIGHT), ("light", LIGHT, DARK)):
        window.view.theme_actions[name].trigger()
        qtbot.waitUntil(lambda t=tokens: _count(viewport.grab().toImage(), t.link) > 20,  # type: ignore[misc]
                        timeout=10000)
        shot = viewport.grab().toImage()
        assert _count(shot, other.link) == 0, f"{name}: a link still in the other theme's {other.link}"
        assert contrast_ratio(tokens.link, tokens.surface) >= 4.5


def test_a_bound_text_holding_a_token_colour_is_made_again_in_the_new_theme(qapp, qtbot, restore_look):  # type: ignore[no-untyped-def]
    """A label whose rich text holds a token colour (the summary dialog's error line) kept
    the other theme's colour after a live switch; it is said again in the new one's."""
    from PySide6.QtWidgets import QLabel

    from chathub_desktop.gui.design import current_colours
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.shell.i18n import Texts

    apply_theme(qapp, "light")
    label = QLabel()
    qtbot.addWidget(label)
    Texts(label).bind_themed(label.setText, lambda: f"<span style='color:{current_colours().error}'>Could not read</span>")
    assert LIGHT.error in label.text()
    for name, tokens, other in (("dark", DARK, LIGHT), ("light", LIGHT, DARK)):
        apply_theme(qapp, name)
        assert tokens.error in label.text() and other.error not in label.text(), name
        assert contrast_ratio(tokens.error, tokens.surface) >= 4.5
