"""The navigation rail and the page host (issue 29): Chats, Memory, Search and Settings
as named icon entries, the assistant switcher as a round avatar with the assistant's
initial, and pages shown in the window by :class:`PageId`."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialog, QLabel

from chathub_desktop.gui.shell.nav_rail import PageId, RailEntry, initial_of
from tests.gui.helpers import reload_assistants


def test_the_rail_names_every_entry_and_reaches_it_with_tab(window) -> None:  # type: ignore[no-untyped-def]
    rail = window.rail
    assert [b.accessibleName() for b in rail.buttons.values()] == ["Chats", "Memory", "Search", "Settings"]
    for entry, b in rail.buttons.items():
        assert not b.icon().isNull()
        assert b.toolTip().startswith(f"{entry.value}: ") and b.accessibleDescription()
        assert b.focusPolicy() & Qt.FocusPolicy.TabFocus
    assert rail.avatar.focusPolicy() & Qt.FocusPolicy.TabFocus
    # no assistant yet: the avatar offers to create one, Memory has nothing to show
    assert rail.avatar.text() == "+" and rail.avatar.accessibleName() == "Assistant: none yet"
    assert not rail.buttons[RailEntry.MEMORY].isEnabled()
    assert [a.text() for a in rail.menu.actions()] == ["New assistant…", "Edit assistant…"]
    assert [a.isEnabled() for a in rail.menu.actions()] == [True, False]  # nothing to edit yet


def test_the_avatar_switches_assistants(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    helper = services.assistants.create("Helper")
    writer = services.assistants.create("writer")
    services.topics.create(writer.id)
    reload_assistants(window, qtbot, helper.id)
    rail = window.rail
    assert rail.avatar.text() == "H" and rail.avatar.accessibleName() == "Assistant: Helper"
    assert window.assistant_title.text() == "Helper"
    names = [a.text() for a in rail.menu.actions() if not a.isSeparator()]
    assert names == ["Helper", "writer", "New assistant…", "Edit assistant…"]
    assert rail.menu.actions()[-1].isEnabled()
    rail.menu.actions()[-1].trigger()  # Edit assistant… opens the selected assistant's dialog
    qtbot.waitUntil(lambda: "assistant" in window.dialogs and window.dialogs["assistant"].is_loaded(), timeout=3000)
    assert window.dialogs["assistant"].isVisible()  # opened at once, filled from a worker (issue 29)
    assert window.dialogs["assistant"].windowTitle() == "Edit assistant Helper"
    window.dialogs["assistant"].close()
    assert [a.isChecked() for a in rail.menu.actions()[:2]] == [True, False]
    with qtbot.waitSignal(window.topics_listed, timeout=10000):  # topics are read on a worker (issue 29)
        rail.menu.actions()[1].trigger()
    assert window.current_assistant_id() == writer.id
    assert rail.avatar.text() == "W" and window.assistant_title.text() == "writer"
    assert window.topic_model.rowCount() == 1  # the writer's topic is listed
    assert [a.isChecked() for a in rail.menu.actions()[:2]] == [False, True]
    assert rail.buttons[RailEntry.MEMORY].isEnabled()


def test_memory_search_and_settings_open_what_they_open(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    reload_assistants(window, qtbot, services.assistants.create("Helper").id)
    rail = window.rail
    rail.buttons[RailEntry.MEMORY].click()
    qtbot.waitUntil(lambda: "memory" in window.dialogs and window.dialogs["memory"].isVisible(), timeout=3000)
    page = window.dialogs["memory"]
    assert window.page_host.current_page_id() is PageId.MEMORY and page.window() is window  # in the window
    assert rail.buttons[RailEntry.MEMORY].isChecked() and not window.chat_page.isVisible()
    # keys mean one thing (issue 30): Ctrl+N adds an entry here, New topic gets it back on Chats
    assert window.new_topic_action.shortcuts() == [] and window.delete_topic_action.shortcuts() == []
    rail.buttons[RailEntry.CHATS].click()
    assert window.new_topic_action.shortcut().toString() == "Ctrl+N"
    page.detach()


def _top_level_dialogs() -> list[str]:
    return [w.objectName() or type(w).__name__ for w in QApplication.topLevelWidgets()
            if isinstance(w, QDialog) and w.isVisible()]


@pytest.mark.parametrize("entry, page_id", [(RailEntry.SETTINGS, PageId.SETTINGS), (RailEntry.SEARCH, PageId.SEARCH)])
def test_settings_and_search_are_pages_of_the_window_and_esc_returns(window, services, qtbot, entry,
                                                                     page_id) -> None:  # type: ignore[no-untyped-def]
    """Issue 29 (walk2: "Settings and Search are still modal dialogs"): the rail shows
    them in the window, no dialog opens, and Esc or Back returns to the chats page,
    which gets Esc back for Stop."""
    reload_assistants(window, qtbot, services.assistants.create("Helper").id)
    rail = window.rail
    rail.buttons[entry].click()
    page = window.page_host.page(page_id)
    assert page is not None and page.isVisible() and page.window() is window
    assert window.page_host.current_page_id() is page_id and rail.buttons[entry].isChecked()
    assert not window.chat_page.isVisible() and _top_level_dialogs() == []
    assert window.stop_action.shortcuts() == [] and window.back_action.shortcut().toString() == "Esc"
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_Escape)
    assert window.page_host.current_page_id() is PageId.CHATS and window.chat_page.isVisible()
    assert rail.buttons[RailEntry.CHATS].isChecked() and not rail.buttons[entry].isChecked()
    assert window.stop_action.shortcut().toString() == "Esc" and window.back_action.shortcuts() == []
    rail.buttons[entry].click()  # the same page comes back, then its Back button leaves it
    assert window.page_host.page(page_id) is page and page.isVisible()
    page.header.back_button.click()
    assert window.page_host.current_page_id() is PageId.CHATS


def test_settings_keeps_its_place_and_lists_its_sections(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 29: Settings lists its sections at the left, as Cherry Studio and LobeHub do,
    and comes back at the section it was left at."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    page = window.pages.open_settings()
    assert [page.sections.item(i).text() for i in range(page.sections.count())] == [
        "Providers", "Models", "System Agent", "Tools", "Storage", "Appearance"]
    assert all(not page.sections.item(i).icon().isNull() for i in range(page.sections.count()))
    page.show_section(SettingsSection.STORAGE)
    assert page.current_page() is page.storage_page and page.storage_page.isVisible()
    window.back_action.trigger()
    services.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")  # e.g. `provider add`
    assert window.pages.open_settings() is page and page.current_section() is SettingsSection.STORAGE
    qtbot.waitUntil(lambda: page.providers_page.list.count() == 1, timeout=5000)  # re-read on a worker
    assert page.providers_page.list.item(0).text() == "Local"
    window.back_action.trigger()


def test_appearance_switches_the_theme_and_follows_the_menu(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Settings → Appearance holds the View menu's choices: one state in both places."""
    from chathub_desktop.gui.settings.settings_page import SettingsSection

    page = window.pages.open_settings()
    page.show_section(SettingsSection.APPEARANCE)
    section = page.current_page()
    dark, light = window.view.theme_actions["dark"], window.view.theme_actions["light"]
    section.controls[dark].click()
    assert dark.isChecked() and window.view.prefs.theme == "dark"
    light.trigger()  # from the menu: the radio follows
    assert section.controls[light].isChecked() and not section.controls[dark].isChecked()
    window.back_action.trigger()


def test_a_hosted_page_is_shown_in_the_window_and_chats_comes_back(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    reload_assistants(window, qtbot, services.assistants.create("Helper").id)
    page = QLabel("Memory in the window")
    window.page_host.add_page(PageId.MEMORY, page)
    rail = window.rail
    assert window.page_host.show_page(PageId.MEMORY)
    assert window.page_host.current_page_id() is PageId.MEMORY and page.isVisible()
    assert rail.buttons[RailEntry.MEMORY].isChecked() and not rail.buttons[RailEntry.CHATS].isChecked()
    assert "memory" not in window.dialogs  # shown in the window, no dialog
    rail.buttons[RailEntry.CHATS].click()
    assert window.page_host.current_page_id() is PageId.CHATS and window.chat_page.isVisible()
    assert rail.buttons[RailEntry.CHATS].isChecked() and not page.isVisible()


def test_the_avatar_letter() -> None:
    assert [initial_of(n) for n in ("coder", "  Écrivain", "42 bot", "🙂", "")] == ["C", "É", "4", "?", "?"]


def test_chats_on_the_chats_page_shows_or_hides_the_topics(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    reload_assistants(window, qtbot, services.assistants.create("Helper").id)
    chats = window.rail.buttons[RailEntry.CHATS]
    assert window.sidebar.isVisible()
    chats.click()
    assert not window.sidebar.isVisible() and not window.view.sidebar_action.isChecked()
    assert chats.isChecked() and window.page_host.current_page_id() is PageId.CHATS
    chats.click()
    assert window.sidebar.isVisible() and window.view.sidebar_action.isChecked()


def test_a_long_assistant_name_wraps_in_the_sidebar(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.design.audit import audit_window

    name = "Research assistant for the quarterly planning of the travel team"
    window.resize(1100, 720)
    reload_assistants(window, qtbot, services.assistants.create(name).id)
    qtbot.wait(50)
    assert window.assistant_title.text() == name and window.rail.avatar.text() == "R"
    assert window.sidebar.width() < 400  # the sidebar keeps its width
    report = audit_window(window, "light")
    assert not [f for f in report.clipped if "Research" in f.what]


def test_the_memory_page_never_stretches_a_small_window(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 29: the window is usable at 800×560; the Memory page scrolls inside it instead
    of growing the window (it grew to 800×736 and stayed so back in Chats)."""
    aid = services.assistants.create("Helper").id
    for i in range(6):
        services.memory.add(aid, f"Prefers answer style number {i} with metric units")
    reload_assistants(window, qtbot, aid)
    window.resize(800, 560)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (800, 560), timeout=3000)
    window.rail.buttons[RailEntry.MEMORY].click()
    qtbot.waitUntil(lambda: window.page_host.current_page_id() is PageId.MEMORY, timeout=5000)
    qtbot.wait(200)
    assert (window.width(), window.height()) == (800, 560)
    window.rail.buttons[RailEntry.CHATS].click()
    assert (window.width(), window.height()) == (800, 560)
    window.dialogs["memory"].detach()


def test_the_chat_names_the_open_topic_and_follows_a_rename(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 29 (walk2 finding 5): a header over the messages names the open topic, also at
    800×560 where the topic list is folded away; a rename shows there too."""
    aid = services.assistants.create("Helper").id
    topic = services.topics.create(aid, "Trip to Lisbon").id
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    qtbot.waitUntil(lambda: window.chat_header.title.text() == "Trip to Lisbon", timeout=3000)
    window.resize(800, 560)
    qtbot.waitUntil(lambda: window.chat_header.isVisible(), timeout=3000)
    services.topics.rename(topic, "Lisbon, May")
    window.topic_actions.reload(keep=topic)
    qtbot.waitUntil(lambda: window.chat_header.title.text() == "Lisbon, May", timeout=3000)


def test_the_chat_header_brings_the_folded_topic_list_back(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Walk29 #1: at 800×560 the topic list folds itself away; an icon button in the chat
    header (tooltip naming Ctrl+B) brings it back, and its checked state follows the list
    whichever way it was shown or hidden. Ctrl+B stays the one key for it."""
    from PySide6.QtGui import QKeySequence

    aid = services.assistants.create("Helper").id
    topic = services.topics.create(aid, "Trip to Lisbon").id
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    qtbot.waitUntil(lambda: window.chat_header.title.text() == "Trip to Lisbon", timeout=3000)
    toggle = window.chat_header.toggle
    assert toggle.isVisible() and toggle.isChecked() and not toggle.icon().isNull()
    assert "Ctrl+B" in toggle.toolTip() and toggle.accessibleName()
    window.resize(800, 560)
    qtbot.waitUntil(lambda: not window.sidebar.isVisible(), timeout=3000)
    assert toggle.isVisible() and not toggle.isChecked()
    qtbot.mouseClick(toggle, Qt.MouseButton.LeftButton)
    assert window.sidebar.isVisible() and toggle.isChecked()
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    assert not window.sidebar.isVisible() and not toggle.isChecked()
    assert toggle.shortcut().isEmpty()
    owners = [a for a in window.findChildren(QAction) if QKeySequence("Ctrl+B") in a.shortcuts()]
    assert owners == [window.view.sidebar_action]


@pytest.mark.parametrize("size", [(800, 560), (1366, 768)])
def test_every_page_fits_the_window_unclipped(window, services, qtbot, size) -> None:  # type: ignore[no-untyped-def]
    """Issue 29: at 800×560 (usable) and 1366×768 (a laptop) the chats page, each
    Settings section and the Search page show in the window without a cut text or a
    faint one, and the window keeps its size."""
    from chathub_desktop.app_bootstrap import page_tour
    from chathub_desktop.gui.design.audit import audit_window

    reload_assistants(window, qtbot, services.assistants.create("Helper").id)
    window.resize(*size)
    window.show_status("Topic deleted")
    findings = []
    for show in [lambda: window.page_host.show_page(PageId.CHATS), *page_tour(window)]:
        show()
        qtbot.wait(120)  # the section's layout and first paint
        assert (window.width(), window.height()) == size
        report = audit_window(window, "light")
        findings += [f"{window.page_host.current_page_id()}: {f.what}: {f.detail}"
                     for f in report.clipped + report.contrast]
    assert findings == []
    window.back_action.trigger()


def test_each_assistant_has_its_own_avatar_colour_in_the_rail_and_its_menu(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Walk29 #23: the rail's avatar was only a letter on the accent and its menu listed
    assistants without icons. Each assistant now has an initial on a colour of its own
    (picked by id from the design tokens; white text at 4.5:1 on each), in the rail, its
    menu (the shown one in bold) and the greeting of an empty chat."""
    from chathub_desktop.gui.design.avatar import avatar_colour, avatar_tone
    from chathub_desktop.gui.design.contrast import contrast_ratio
    from chathub_desktop.gui.design.tokens import AVATAR_COLOURS, AVATAR_TEXT
    from tests.gui.helpers import reload_assistants

    assert all(contrast_ratio(AVATAR_TEXT, c) >= 4.5 for c in AVATAR_COLOURS)
    ids = [services.assistants.create(n).id for n in ("Coder", "Writer")]
    reload_assistants(window, qtbot, ids[1])
    rail = window.rail
    assert rail.avatar.property("avatarTone") == str(avatar_tone(ids[1]))
    assert rail.avatar.palette().color(rail.avatar.backgroundRole()).name() == avatar_colour(ids[1])
    entries = [a for a in rail.menu.actions() if a.isCheckable()]
    assert [a.text() for a in entries] == ["Coder", "Writer"]
    assert all(not a.icon().isNull() for a in entries)
    assert [a.font().bold() for a in entries] == [False, True]
    image = entries[0].icon().pixmap(32, 32).toImage()
    assert image.pixelColor(16, 3).name() == avatar_colour(ids[0])  # the patch's colour, above the letter
    assert window.empty_states.panel.avatar.property("avatarTone") == str(avatar_tone(ids[1]))


def test_an_emoji_chosen_in_the_assistant_editor_shows_in_the_rail_menu_and_greeting(  # type: ignore[no-untyped-def]
        window, services, qtbot):
    """Walk29 #23: the assistant editor's avatar field takes an emoji or one or two letters
    (empty: the name's initial); the rail, its menu and the empty chat's greeting show it.
    Too much is refused in one line and nothing is stored."""
    from chathub_desktop.gui.design.avatar import avatar_text
    from tests.gui.helpers import loaded, saved

    aid = services.assistants.create("Writer", model="gpt-4o-mini").id
    services.topics.create(aid)
    reload_assistants(window, qtbot, aid)
    assert window.rail.avatar.text() == "W"
    dlg = loaded(window.pages.open_edit_assistant(), qtbot)
    combo = dlg.ui.avatarCombo
    assert combo.currentText() == "" and combo.lineEdit().placeholderText() == "W" and combo.findText("🦊") >= 0
    combo.setCurrentText("☕☕")
    saved(dlg, qtbot)
    assert dlg.ui.errorLabel.text() == "an avatar is one emoji, not several" and dlg.isVisible()
    assert services.assistants.get(aid).avatar is None
    combo.setCurrentText("☕")  # a symbol this machine has a font for
    saved(dlg, qtbot)
    assert not dlg.isVisible()  # saved and closed
    assert services.assistants.get(aid).avatar == "☕"
    qtbot.waitUntil(lambda: window.rail.avatar.text() == "☕", timeout=10000)
    entry = next(a for a in window.rail.menu.actions() if a.text() == "Writer")
    assert not entry.icon().isNull()
    qtbot.waitUntil(lambda: window.empty_states.panel.avatar.text() == "☕", timeout=5000)
    services.assistants.update(aid, avatar="")  # cleared: the initial again
    reload_assistants(window, qtbot, aid)
    assert window.rail.avatar.text() == "W"
    assert avatar_text("Writer", "\U0010fffd") == "W"  # nothing can draw it: the initial, not a box


def test_a_long_topic_title_is_elided_in_the_header_at_800(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Walk37 #7: a long topic title in the chat header at 800×560, with the topic list
    shown, was cut mid-word at the header's edge (the audit: "needs 767 px"). The
    header elides it with "…"; the tooltip and the text keep it whole."""
    from chathub_desktop.gui.design.audit import audit_window

    title = "A rather long topic title about planning the summer trip to Lisbon and Porto with the kids in May"
    aid = services.assistants.create("Helper").id
    topic = services.topics.create(aid, title).id
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    header = window.chat_header.title
    qtbot.waitUntil(lambda: header.text() == title, timeout=3000)
    window.resize(800, 560)
    qtbot.waitUntil(lambda: not window.sidebar.isVisible(), timeout=3000)  # folded at this width
    qtbot.mouseClick(window.chat_header.toggle, Qt.MouseButton.LeftButton)  # and brought back
    assert window.sidebar.isVisible()
    qtbot.wait(50)  # the layout settles
    assert (window.width(), window.height()) == (800, 560)
    assert header.isVisible() and header.toolTip() == title
    assert [f for f in audit_window(window, "light").clipped if "chatHeaderTitle" in f.what] == []


def test_a_theme_switch_after_the_assistant_menu_was_deleted(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Rail51: the rail paints its menu's emoji discs again on a theme switch; with that
    menu deleted first (a window closing) the switch raised from the rail's changeEvent;
    now the rail and its avatar follow the theme without it."""
    import shiboken6

    from chathub_desktop.gui.design import is_dark

    reload_assistants(window, qtbot, services.assistants.create("Helper", avatar="🎵").id)
    shiboken6.delete(window.rail.menu)
    for theme in ("dark", "light"):
        window.view.theme_actions[theme].trigger()  # no RuntimeError in the rail's changeEvent
        assert is_dark() is (theme == "dark")
    assert window.rail.avatar.text() == "🎵"
