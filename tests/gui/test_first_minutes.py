"""The first minutes look current (issue 29, walk29 #13, #19–#22): shortcut letters
underlined only while Alt is held, the next step when no topic is open, an empty topic's
greeting with suggested prompts, the topic context menu in sections, About with links
and its details behind an expander."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QPushButton, QStyle

from chathub_desktop.core.messages import Role


def test_shortcut_letters_are_underlined_only_while_alt_is_held(window, qtbot):  # type: ignore[no-untyped-def]
    """Walk29 #13: "&Add…" showed its underline everywhere, as a 2005 Qt dialog; now the
    style hides it until Alt goes down and hides it again when Alt goes up."""
    from PySide6.QtGui import QGuiApplication

    style = QApplication.style()
    button = QPushButton("&Add…")
    qtbot.addWidget(button)
    button.show()
    qtbot.waitExposed(button)
    button.activateWindow()
    qtbot.waitUntil(lambda: QGuiApplication.focusWindow() is button.windowHandle(), timeout=3000)
    hint = QStyle.StyleHint.SH_UnderlineShortcut
    assert style.styleHint(hint, None, button) == 0
    window = button.windowHandle()  # key events reach the focused window first
    QApplication.sendEvent(window, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Alt, Qt.KeyboardModifier.AltModifier))
    assert style.styleHint(hint, None, button) == 1
    QApplication.sendEvent(window, QKeyEvent(QEvent.Type.KeyRelease, Qt.Key.Key_Alt, Qt.KeyboardModifier.NoModifier))
    assert style.styleHint(hint, None, button) == 0


def test_no_topic_shows_the_next_step_and_send_waits_for_a_model(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Walk29 #19: after the setup was left part-way the window was a blank pane with "No
    topic" and an enabled Send. Now an assistant without a provider says what to do, with
    "Add a provider" (Settings → Providers) and "Edit assistant", and Send is off with the
    reason; once it has a provider and a model, it points at the composer and the
    sidebar's New topic opens a topic (walk53 #10: no second "Start a chat")."""
    from chathub_desktop.gui.chat.chat_empty import NOT_READY_TIP, EmptyState
    from chathub_desktop.gui.design.theme import ViewPrefs
    from chathub_desktop.gui.shell.nav_rail import PageId
    from tests.gui.helpers import reload_assistants

    bare = services.assistants.create("Assistant")
    reload_assistants(window, qtbot, bare.id)
    states, panel = window.empty_states, window.empty_states.panel
    assert states.state is EmptyState.NO_TOPIC and panel.isVisible() and not window.message_view.isVisible()
    assert panel.title.text() == "Connect Assistant to a model"
    assert panel.provider_button.isVisible() and panel.edit_button.isVisible()
    assert not panel.prompts.isVisible()
    assert not window.composer.send_button.isEnabled()
    assert window.composer.send_button.toolTip() == NOT_READY_TIP
    panel.provider_button.click()
    assert window.page_host.current_page_id() is PageId.SETTINGS
    window.back_action.trigger()
    ViewPrefs(QApplication.instance(), None).apply()  # the Settings page leaves its look behind
    provider = services.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
    services.assistants.update(bare.id, provider=provider.id, model="small-model")
    reload_assistants(window, qtbot, bare.id)
    assert panel.title.text() == "Chat with Assistant"
    assert panel.line.text() == "Type a message below to start a topic: small-model answers."
    assert not panel.provider_button.isVisible() and not panel.edit_button.isVisible()
    assert window.composer.send_button.isEnabled()
    with qtbot.waitSignal(window.topic_created, timeout=10000):
        window.new_topic_action.trigger()  # the sidebar's New topic, the one button (walk53 #10)
    qtbot.waitUntil(lambda: states.state is EmptyState.EMPTY_TOPIC, timeout=5000)


def test_an_empty_topic_greets_and_a_prompt_fills_the_composer(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Walk29 #20: an empty topic showed only grey "No messages yet…". Now the assistant's
    avatar (its initial) and name greet, with four suggested prompts; clicking one puts
    its text in the composer, focused, and the list returns once the topic has a message."""
    from chathub_desktop.gui.chat.chat_empty import PROMPTS, EmptyState
    from tests.gui.helpers import new_topic, reload_assistants, wait_shown

    provider = services.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
    helper = services.assistants.create("Helper", provider=provider.id, model="small-model")
    reload_assistants(window, qtbot, helper.id)
    topic = new_topic(window, qtbot)
    wait_shown(window, qtbot, topic)
    states, panel = window.empty_states, window.empty_states.panel
    qtbot.waitUntil(lambda: states.state is EmptyState.EMPTY_TOPIC, timeout=5000)
    assert panel.isVisible() and panel.avatar.text() == "H"
    assert panel.title.text() == "Hi, I'm Helper. How can I help?"
    assert [b.text() for b in panel.prompt_buttons] == [p.title for p in PROMPTS] and len(PROMPTS) == 4
    assert not panel.steps.isVisible()
    from chathub_desktop.gui.design.audit import audit_window

    for theme in ("dark", "light"):  # readable and uncut in both themes
        window.view.theme_actions[theme].trigger()
        qtbot.wait(200)
        report = audit_window(window, theme)
        ours = [f"{f.what}: {f.detail}" for f in report.contrast + report.clipped
                if any(name in f.what for name in ("greetingAvatar", "greetingTitle", "greetingLine", "promptTile"))]
        assert report.widgets >= 15 and ours == []
    window.view.theme_actions["system"].trigger()
    panel.prompt_buttons[2].click()
    assert window.composer.text() == PROMPTS[2].text
    assert window.composer.draft.hasFocus() or QApplication.focusWidget() is window.composer.draft
    services.topics.append_message(topic, Role.USER, "hello")  # another process wrote: the bus tells the list
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 1, timeout=5000)
    assert states.state is EmptyState.MESSAGES and window.message_view.isVisible()


def test_about_has_the_icon_links_and_its_details_behind_an_expander(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Walk29 #22: About had no app icon, an empty band and a table of keyring details.
    Now: the icon, the name and version, the licence and the log file as links, where keys
    live in a user's words (never the backend's class path), and the technical rows only
    after Details is opened."""
    from PySide6.QtGui import QDesktopServices

    dlg = window.pages.open_about()
    qtbot.waitUntil(lambda: dlg.info is not None, timeout=5000)
    assert not dlg.icon_label.pixmap().isNull()
    assert dlg.icon_label.geometry().top() < dlg.label.geometry().top()  # the icon leads, no empty band
    assert "MIT licence" in dlg.links.text() and "Log file" in dlg.links.text()
    backend = dlg.info.keyring_backend
    assert backend and backend not in dlg.label.text()  # tests.fakes.memory_keyring.MemoryKeyring
    assert "API keys: in your system keyring" in dlg.label.text()
    assert not dlg.details_label.isVisible()
    dlg.details_button.click()
    assert dlg.details_label.isVisible() and backend in dlg.details_label.text()
    assert dlg.width() >= 560  # Details grows it downwards
    rows = dict(dlg.details())
    assert rows["Log file"] == str(services.data_dir.resolve() / "chathub.log")
    opened: list[str] = []
    original = QDesktopServices.openUrl
    QDesktopServices.openUrl = lambda url: opened.append(url.toLocalFile()) or True  # type: ignore[method-assign]
    try:
        dlg.links.linkActivated.emit("chathub:log")
    finally:
        QDesktopServices.openUrl = original  # type: ignore[method-assign]
    assert opened == [rows["Log file"]]
    dlg.close()


def test_the_provider_form_says_where_keys_go_in_user_words(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Walk29 #17: the form said "Keys are stored with tests.fakes.memory_keyring.MemoryKeyring"."""
    from chathub_desktop.services.assistants.app_info import keyring_words

    settings = window.pages.open_settings()
    form = settings.providers_page.add_provider()
    text = form.ui.keyringWarning.text()
    assert text == "The keyring option keeps it in your system keyring."
    assert "." not in text.removesuffix(".").replace("e.g", "")  # no dotted class path
    assert keyring_words("keyring.backends.SecretService.Keyring") == "your system keyring (Secret Service)"
    assert keyring_words("keyring.backends.macOS.Keyring") == "your system keyring (macOS Keychain)"
    assert keyring_words("keyring.backends.Windows.WinVaultKeyring") == "your system keyring (Windows Credential Manager)"
    assert keyring_words("keyring.backends.kwallet.DBusKeyring") == "your system keyring (KWallet)"
    form.reject()
    window.back_action.trigger()
