"""Assistants with a face in the window (issue 29; walk42: "Every assistant is still a
purple 'A'"): the New assistant dialog starts with an emoji no other assistant shows and
offers two dozen in a grid; the rail, its menu and the name over the topics show it on a
soft tint of the assistant's colour; letters stay the fallback. Settings → Models fits
800×560 without a sideways scroll bar (figures short, exact in their tooltips)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QListView

from chathub_desktop.core.avatars import AVATAR_CHOICES
from chathub_desktop.gui.design.audit import audit_window
from chathub_desktop.gui.design.avatar import avatar_colour, avatar_tone, drawable
from chathub_desktop.gui.design.contrast import contrast_ratio
from chathub_desktop.gui.design.theme import ViewPrefs
from chathub_desktop.gui.design.tokens import DARK, LIGHT, IconSize, emoji_patch
from chathub_desktop.gui.settings.avatar_picker import GRID_COLUMNS, offered_avatars
from chathub_desktop.gui.settings.models_page import MODEL_COLUMN, ModelsPage
from chathub_desktop.gui.settings.settings_page import SettingsSection
from chathub_desktop.services.container import Services
from tests.gui.helpers import loaded, reload_assistants, saved


def test_a_new_assistant_starts_with_a_face_and_the_window_shows_it(window: Any, services: Services,
                                                                      qtbot: Any) -> None:
    first = services.assistants.create("Assistant", avatar=AVATAR_CHOICES[0])
    reload_assistants(window, qtbot, first.id)
    dlg = loaded(window.pages.open_new_assistant(), qtbot)
    combo = dlg.ui.avatarCombo
    offered = offered_avatars()
    assert combo.currentText() == next(a for a in offered if a != AVATAR_CHOICES[0])  # not the first one's
    view = combo.view()
    assert isinstance(view, QListView) and view.viewMode() is QListView.ViewMode.IconMode  # a grid, not a list
    assert combo.count() == len(offered)
    combo.showPopup()  # every face in view: GRID_COLUMNS a row, no scroll bar
    qtbot.waitUntil(view.isVisible, timeout=3000)
    last = view.visualRect(combo.model().index(len(offered) - 1, 0))
    assert view.viewport().rect().contains(last) and not view.verticalScrollBar().isVisible()
    assert view.visualRect(combo.model().index(GRID_COLUMNS, 0)).top() > 0  # the next row starts there
    assert view.visualRect(combo.model().index(GRID_COLUMNS - 1, 0)).top() == 0
    combo.hidePopup()
    picked = combo.currentText()
    dlg.ui.nameEdit.setText("Writer")
    saved(dlg, qtbot)
    writer = services.assistants.get("Writer")
    assert writer.avatar == picked
    qtbot.waitUntil(lambda: window.current_assistant_id() == writer.id, timeout=10000)
    rail = window.rail
    qtbot.waitUntil(lambda: rail.avatar.text() == picked, timeout=10000)
    assert rail.avatar.property("avatarTone") == f"e{avatar_tone(writer.id)}"  # the emoji's tint
    face = window.switcher.face
    assert face.isVisible() and not face.pixmap().isNull()  # beside the name over the topics
    image = rail.avatar.grab().toImage()
    patch = image.pixelColor(image.width() // 2, 2)  # the patch's top, above the glyph
    assert patch.name() != avatar_colour(writer.id)  # a soft tint, not the saturated disc
    entry = next(a for a in rail.menu.actions() if a.text() == "Assistant")
    assert not entry.icon().isNull()
    report = audit_window(window, "light")  # an emoji is a picture in its own colours, as a photo
    assert report.ok, report.line()


@pytest.fixture
def restore_look(qapp: Any) -> Iterator[None]:
    yield
    ViewPrefs(qapp, None).apply()  # the platform's theme again for the other tests


def _top(widget: Any) -> str:
    """The colour at the top middle of ``widget``'s round patch, above its glyph."""
    image = widget.grab().toImage()
    return image.pixelColor(image.width() // 2, round(3 * image.devicePixelRatio())).name()


def test_a_dark_emoji_sits_on_a_light_disc_in_dark(window: Any, services: Services, qtbot: Any,
                                                   restore_look: None) -> None:
    """Issue 29: 🎵 in the chat header measured 2.53:1 on its dark-tinted disc; in dark every
    face (header, rail, greeting, the editor's field) is on the light ``emoji_tile`` tint,
    painted again on a live switch."""
    a = services.assistants.create("Composer", avatar="🎵")
    reload_assistants(window, qtbot, a.id)
    face, rail = window.switcher.face, window.rail
    qtbot.waitUntil(lambda: rail.avatar.text() == "🎵", timeout=10000)
    light = emoji_patch(avatar_colour(a.id), LIGHT)
    assert _top(face) == light and _top(rail.avatar) == light
    window.view.theme_actions["dark"].trigger()
    dark = emoji_patch(avatar_colour(a.id), DARK)
    qtbot.waitUntil(lambda: _top(face) == dark, timeout=5000)  # the header's picture, painted again
    assert _top(rail.avatar) == dark
    entry = next(act for act in rail.menu.actions() if act.text() == "Composer")
    icon = entry.icon().pixmap(IconSize.LG).toImage()  # the menu's, painted again too
    assert icon.pixelColor(icon.width() // 2, round(3 * icon.devicePixelRatio())).name() == dark
    assert contrast_ratio(dark, DARK.raised) >= 4.5  # 🎵's dark ink reads on it
    dlg = loaded(window.pages.open_edit_assistant(), qtbot)
    field = dlg.ui.avatarCombo.lineEdit().grab().toImage()
    assert field.pixelColor(2, field.height() // 2).name() == DARK.emoji_tile  # not the dark input
    dlg.reject()


def test_letters_stay_the_fallback(window: Any, services: Services, qtbot: Any) -> None:
    a = services.assistants.create("Helper")  # no face picked: the initial on its colour
    reload_assistants(window, qtbot, a.id)
    assert window.rail.avatar.text() == "H"
    assert window.rail.avatar.property("avatarTone") == str(avatar_tone(a.id))
    assert window.rail.avatar.palette().color(window.rail.avatar.backgroundRole()).name() == avatar_colour(a.id)
    assert not drawable("\U0010fffd")  # what no font draws falls back to the initial as well


def test_the_models_table_fits_800_by_560_without_a_sideways_scroll(window: Any, services: Services,
                                                                      qtbot: Any) -> None:
    long_id = "meta-llama/Meta-Llama-3.1-405B-Instruct-Turbo-128k-preview-2024-09-30"
    services.models.set(long_id, 131072, max_output=16384, encoding="cl100k_base")
    p = services.providers.add("Local llama.cpp box", "openai_compatible", "http://127.0.0.1:8083/v1")
    services.provider_models.remember(p.id, ["smollm2-135m"], {"smollm2-135m": 2048})
    window.resize(800, 560)
    dlg = window.pages.open_settings()
    page = dlg.pages[SettingsSection.MODELS]
    assert isinstance(page, ModelsPage)
    dlg.show_section(SettingsSection.MODELS)
    table = page.table
    qtbot.waitUntil(lambda: table.rowCount() == 2 and table.isVisible(), timeout=5000)
    qtbot.waitUntil(lambda: table.horizontalHeader().length() <= table.viewport().width(), timeout=3000)
    assert not table.horizontalScrollBar().isVisible()  # walk42: Max output and Tokenizer needed a scroll
    model = table.item(0, MODEL_COLUMN)
    assert model.text() == long_id and model.toolTip() == long_id  # elided in the view, whole in the tooltip
    assert [table.item(0, c).text() for c in (2, 4)] == ["128k", "16k"]
    assert [table.item(0, c).toolTip() for c in (2, 4)] == ["131,072", "16,384"]
    assert "\n" in table.horizontalHeaderItem(2).text()  # "Context / window" on two lines
    max_output = table.horizontalHeader().sectionViewportPosition(4) + table.columnWidth(4)
    assert max_output <= table.viewport().width() and table.columnWidth(5) > 0  # Tokenizer in view too


def test_the_composer_lines_up_with_the_reading_column(window: Any, services: Services, qtbot: Any) -> None:
    """Issue 29 (as the Claude app and LobeHub): on a wide window the composer's card is
    the reading column's width, centred under the whole chat as the messages are; at
    every width its edges are the messages' (walk45 #10: at 800×560 the card was 782 px
    wide against the messages' 737: it spanned the list's gutter)."""
    from PySide6.QtCore import QPoint

    from chathub_desktop.core.messages import Role
    from chathub_desktop.gui.design.tokens import Width

    a = services.assistants.create("Helper")
    t = services.topics.create(a.id, "Lisbon").id
    services.topics.append_message(t, Role.USER, "Which neighbourhood is best for a first visit?")
    services.topics.append_message(t, Role.ASSISTANT, "Alfama: old lanes, the castle above and fado at night. " * 8)
    reload_assistants(window, qtbot, a.id)
    qtbot.waitUntil(lambda: window.current_topic_id == t and window.message_model.rowCount() == 2, timeout=10000)
    card, composer, view = window.composer.card, window.composer, window.message_view

    def edges() -> tuple[tuple[int, int], tuple[int, int]]:
        """(left, right) of the messages' column and of the card, in window pixels."""
        model = window.message_model
        user, reply = model.index(0, 0), model.index(1, 0)
        text_left = view.viewport().mapTo(window, view.delegate.text_rect(reply).topLeft()).x()
        bubble = view.delegate.bubble_rect(user)
        bubble_right = view.viewport().mapTo(window, QPoint(bubble.right() + 1, 0)).x()
        left = card.mapTo(window, QPoint(0, 0)).x()
        return (text_left, bubble_right), (left, left + card.width())

    window.resize(1366, 768)
    qtbot.waitUntil(lambda: card.width() == Width.READING and edges()[0] == edges()[1], timeout=5000)
    card_mid = card.mapTo(window, QPoint(card.width() // 2, 0)).x()
    chat_mid = composer.mapTo(window, QPoint(composer.width() // 2, 0)).x()  # the composer spans the chat
    assert composer.width() > Width.READING + 100 and abs(card_mid - chat_mid) <= 2
    window.resize(800, 560)
    qtbot.waitUntil(lambda: card.width() < Width.READING, timeout=5000)
    qtbot.waitUntil(lambda: edges()[0] == edges()[1], timeout=5000)
    (left, right), _card = edges()
    assert right - left < composer.width() - 2 * 24  # the list's gutter is not the card's
