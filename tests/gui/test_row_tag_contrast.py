"""The message rows' chips and tags read in both themes (issue 29: contrast >= 4.5:1):
the muted tag text ("writing…", "interrupted"), the model chip, the Retry pill and the
version arrows are drawn on ``tag_bg``; in the dark theme the tag's text read 4.36:1; the
status tag's text reads 4.5:1 as painted too (look50: the light one painted 4.4:1)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QPalette

from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.gui.chat.message_colors import row_colors
from chathub_desktop.gui.design.audit import painted_colours
from chathub_desktop.gui.design.contrast import contrast_ratio
from chathub_desktop.gui.design.palette import palette_for
from chathub_desktop.gui.design.tokens import DARK, LIGHT
from chathub_desktop.gui.shell.view_menu import ViewPrefs
from tests.gui.helpers import add_fake_provider, reload_assistants, wait_shown


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_text_on_a_rows_chips_and_tags_reads_4_5_to_1(qapp, theme: str) -> None:  # type: ignore[no-untyped-def]
    pal = palette_for(DARK if theme == "dark" else LIGHT)
    colors, dark = row_colors(pal)
    assert dark == (theme == "dark")
    on_tag = {"tag text": colors.tag_text, "chip text": colors.text,
              "version arrows": pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Link)}
    low = {k: round(contrast_ratio(c.name(), colors.tag_bg.name()), 2) for k, c in on_tag.items()
           if contrast_ratio(c.name(), colors.tag_bg.name()) < 4.5}
    assert low == {}
    assert contrast_ratio(colors.error_text.name(), colors.error_bg.name()) >= 4.5  # a failed reply's tag


@pytest.fixture
def restore_look(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """The platform's theme again for the other tests."""
    yield
    ViewPrefs(qapp, None).apply()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_row_s_status_tag_reads_4_5_to_1_as_painted(window, services, qtbot, restore_look,  # type: ignore[no-untyped-def]
                                                      theme: str) -> None:
    """The tag's caption-size text as the list paints it, antialiasing and all (the light
    theme's read 5.48:1 by its colours but 4.4:1 as painted): its darkest pixels (light:
    lightest) against the tag's fill reach 4.5:1 in both themes."""
    _p, a = add_fake_provider(services, "http://127.0.0.1:9/v1")
    topic = services.topics.create(a, "Tags").id
    services.chat.append_row(topic, Role.USER, "Plan three days in Lisbon.")
    services.chat.append_row(topic, Role.ASSISTANT, "Day 1: Alfama.", status=MessageStatus.CANCELLED)
    services.chat.append_row(topic, Role.USER, "And a fourth?")
    services.chat.append_row(topic, Role.ASSISTANT, "Day 4: Cascais.", status=MessageStatus.INTERRUPTED)
    reload_assistants(window, qtbot, a)
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    window.view.theme_actions[theme].trigger()
    view, model = window.message_view, window.message_model
    qtbot.waitUntil(lambda: model.rowCount() == 4, timeout=5000)
    tag_bg = row_colors(view.palette())[0].tag_bg.name()
    for row in (1, 3):
        rect = view.delegate.tag_rect(model.index(row))
        assert not rect.isEmpty() and view.viewport().rect().contains(rect)
        painted = painted_colours(view.viewport().grab().toImage(), rect)
        assert painted is not None
        fg, bg, ratio = painted
        assert bg == tag_bg
        assert ratio >= 4.5, f"{fg} on {bg}: {ratio:.2f}:1"
