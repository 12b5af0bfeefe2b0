"""The message rows' chips and tags read in both themes (issue 29: contrast >= 4.5:1):
the muted tag text ("writing…", "interrupted"), the model chip, the Retry pill and the
version arrows are drawn on ``tag_bg``; in the dark theme the tag's text read 4.36:1."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QPalette

from chathub_desktop.gui.chat.message_colors import row_colors
from chathub_desktop.gui.design.contrast import contrast_ratio
from chathub_desktop.gui.design.palette import palette_for
from chathub_desktop.gui.design.tokens import DARK, LIGHT


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_text_on_a_rows_chips_and_tags_reads_4_5_to_1(qapp, theme: str) -> None:  # type: ignore[no-untyped-def]
    pal = palette_for(DARK if theme == "dark" else LIGHT)
    colors, dark = row_colors(pal)
    assert dark == (theme == "dark")
    on_tag = {"tag text": colors.muted, "chip text": colors.text,
              "version arrows": pal.color(QPalette.ColorGroup.Active, QPalette.ColorRole.Link)}
    low = {k: round(contrast_ratio(c.name(), colors.tag_bg.name()), 2) for k, c in on_tag.items()
           if contrast_ratio(c.name(), colors.tag_bg.name()) < 4.5}
    assert low == {}
    assert contrast_ratio(colors.error_text.name(), colors.error_bg.name()) >= 4.5  # a failed reply's tag
