"""The pages a new user meets speak the interface language (issue 27): the setup wizard,
Settings (section list, Providers, Models, System Agent, Storage and their empty states),
the chat's empty states and the topic menu. Under a pseudo-locale every text they show
must come back marked (a text shown without ⟦⟧ was never marked for translation), and
the marking happens live, on a switch after the page was built; the shipped languages
re-say them at once too."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QTableWidget,
    QWidget,
    QWizard,
)

from chathub_desktop.core.messages import Role
from chathub_desktop.core.provider_presets import PRESETS
from chathub_desktop.core.ui_language import UiLanguage
from chathub_desktop.gui.chat.footer_pills import RETRY_LABEL
from chathub_desktop.gui.settings.settings_page import SettingsSection
from chathub_desktop.gui.shell.nav_rail import RailEntry
from tests.gui.test_i18n import _Pseudo

#: Texts that are data, not interface words: the presets' names (a product's name, or
#: "Custom …-compatible" as the provider's default name), URLs, sizes, model ids, paths.
DATA = re.compile(r"^(https?://\S*|[\d.,]+ [KMGT]?B|gpt-[\w.-]+|/\S*)$")
PRESET_NAMES = frozenset(p.name for p in PRESETS)
#: QWizard's own buttons that this wizard never shows (no help, no commit page).
UNUSED = ("qt_wizard_commit", "qt_wizard_help")


def shown_texts(root: QWidget) -> dict[str, str]:
    """Every user-readable text under ``root`` that holds a letter: labels, buttons,
    tooltips, accessible names, placeholders, list items, table headers; keyed by where."""
    found: dict[str, str] = {}
    for n, w in enumerate([root, *root.findChildren(QWidget)]):
        where = f"{n} {type(w).__name__}#{w.objectName()}"
        texts = {"tip": w.toolTip(), "name": w.accessibleName()}
        if isinstance(w, QLabel):
            texts["text"] = w.text()
        if isinstance(w, QAbstractButton) and w.objectName() not in UNUSED:
            texts["text"] = w.text()
        if isinstance(w, QGroupBox):
            texts["title"] = w.title()
        if isinstance(w, QLineEdit | QPlainTextEdit):
            texts["placeholder"] = w.placeholderText()
        if isinstance(w, QListWidget):
            for i in range(w.count()):
                texts[f"item {i}"], texts[f"item {i} tip"] = w.item(i).text(), w.item(i).toolTip()
        if isinstance(w, QTableWidget):
            for i in range(w.columnCount()):
                header = w.horizontalHeaderItem(i)
                texts[f"column {i}"] = header.text() if header is not None else ""
        for kind, text in texts.items():
            if re.search(r"[A-Za-z]", text) and not DATA.match(text) and text not in PRESET_NAMES:
                found[f"{where} {kind}"] = text
    return found


def unmarked(texts: dict[str, str]) -> str:
    """The texts shown without the pseudo-locale's markers, one a line."""
    return "\n".join(f"{k}: {v!r}" for k, v in texts.items() if "⟦" not in v)


@pytest.fixture
def pseudo(window: Any, qtbot: Any) -> Iterator[Any]:
    """The window with the pseudo-locale installed (after its pages were built, so a
    page that does not re-say its texts on a switch fails too); English afterwards."""
    pseudo = _Pseudo()
    QApplication.instance().installTranslator(pseudo)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: window.composer.send_button.text() == "⟦Send⟧", timeout=3000)
        yield window
    finally:
        QApplication.instance().removeTranslator(pseudo)  # type: ignore[union-attr]
        qtbot.waitUntil(lambda: window.composer.send_button.text() == "Send", timeout=3000)


def test_every_text_of_the_setup_wizard_is_marked_and_re_said_live(window: Any, qtbot: Any) -> None:
    """Issue 27: each wizard page, its step bar, buttons and notes, built in English
    and then switched, shows only marked texts."""
    wizard = window.pages.open_setup()
    qtbot.waitExposed(wizard)
    qtbot.waitUntil(lambda: not wizard.busy(), timeout=5000)
    pseudo = _Pseudo()
    QApplication.instance().installTranslator(pseudo)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: wizard.windowTitle() == "⟦Set up ChatHub Desktop⟧", timeout=3000)
        texts = shown_texts(wizard)
        assert "⟦Welcome to ChatHub Desktop⟧" in texts.values() and "⟦Skip setup⟧" in texts.values()
        assert "⟦No provider yet. Pick one below; its form opens filled in.⟧" in texts.values()
        assert not unmarked(texts), unmarked(texts)
    finally:
        QApplication.instance().removeTranslator(pseudo)  # type: ignore[union-attr]
        wizard.reject()


def test_every_text_of_the_settings_pages_is_marked(pseudo: Any, qtbot: Any) -> None:
    """Issue 27: the section list and the Providers, Models, System Agent and Storage
    pages (with their empty states) show only marked texts (Tools and Appearance are
    other steps)."""
    page = pseudo.pages.open_settings()
    qtbot.waitUntil(lambda: page.header.title.text() == "⟦Settings⟧", timeout=3000)
    agent = page.system_page
    assert agent is not None
    qtbot.waitUntil(lambda: not agent.resolving() and agent.save_button.isEnabled(), timeout=5000)
    qtbot.waitUntil(lambda: page.providers_page.empty.isVisible(), timeout=5000)
    texts = {f"sections {k}": v for k, v in shown_texts(page.sections).items()}
    texts |= {f"header {k}": v for k, v in shown_texts(page.header).items()}
    for section in (SettingsSection.PROVIDERS, SettingsSection.MODELS, SettingsSection.SYSTEM_AGENT,
                    SettingsSection.STORAGE):
        page.show_section(section)
        texts |= {f"{section.name} {k}": v for k, v in shown_texts(page.pages[section]).items()}
    assert "⟦No providers yet. Add OpenAI, Anthropic, OpenRouter or a local server such as Ollama to start " \
           "chatting.⟧" in texts.values()
    assert "⟦Tools⟧" in texts.values() and "⟦Storage⟧" in texts.values()
    assert not unmarked(texts), unmarked(texts)


def test_the_chat_empty_states_and_the_topic_menu_are_marked(pseudo: Any, services: Any, qtbot: Any) -> None:
    """Issue 27: with no topic open the next step, an empty topic's greeting and its
    prompt tiles, the topic menu and the topic list's context menu show only marked texts."""
    from tests.gui.helpers import reload_assistants

    w = pseudo
    panel = w.empty_states.panel
    qtbot.waitUntil(lambda: panel.title.text().startswith("⟦"), timeout=3000)
    texts = shown_texts(panel)
    reload_assistants(w, qtbot, services.assistants.create("Helper").id)
    panel.show_greeting(None)
    texts |= {f"greeting {k}": v for k, v in shown_texts(panel).items()}
    assert "⟦Explain something simply⟧" in texts.values()
    actions = [a for a in w.topic_menu.actions() if not a.isSeparator()]
    menu = w.topic_actions.context_menu_for(w.topic_list.rootIndex())
    actions += [a for m in (menu, w.topic_actions.export_menu(menu)) for a in m.actions() if not a.isSeparator()]
    for a in actions:
        if a.menu() is not None:
            texts[f"menu {a.text()!r}"] = a.text()
            continue
        texts[f"action {a.text()!r}"] = a.text()
        texts[f"action {a.text()!r} tip"] = a.toolTip()
    texts["private toggle"] = w.context_controls.privacy.composer_toggle.accessibleName()
    picker = w.model_picker.picker  # the composer's model button, no topic open
    texts |= {"model picker": picker.text(), "model picker tip": picker.toolTip(),
              "model picker name": picker.accessibleName()}
    menu.deleteLater()
    assert not unmarked(texts), unmarked(texts)


def test_a_switch_re_says_the_wizard_and_settings_in_chinese_and_japanese(window: Any, qtbot: Any) -> None:
    """Issue 27: the open wizard and Settings follow View → Language at once."""
    settings = window.pages.open_settings()
    wizard = window.pages.open_setup()
    qtbot.waitExposed(wizard)
    try:
        window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
        qtbot.waitUntil(lambda: wizard.windowTitle() == "设置 ChatHub Desktop", timeout=3000)
        assert wizard.buttonText(QWizard.WizardButton.CancelButton) == "跳过设置"
        assert [settings.sections.item(i).text() for i in range(4)] == ["服务商", "模型", "系统代理", "工具"]
        assert settings.providers_page.empty.button.text() == "添加服务商…"
        window.view.language_actions[UiLanguage.JAPANESE].trigger()
        qtbot.waitUntil(lambda: wizard.windowTitle() == "ChatHub Desktop のセットアップ", timeout=3000)
        assert settings.sections.item(2).text() == "システムエージェント"
        assert window.topic_actions.pin_action.text() == "トピックをピン留め"
    finally:
        wizard.reject()
        window.view.language.apply(UiLanguage.ENGLISH)
        qtbot.waitUntil(lambda: window.rail.buttons[RailEntry.CHATS].accessibleName() == "Chats", timeout=3000)
        window.view.language.apply(UiLanguage.SYSTEM)
    assert settings.sections.item(2).text() == "System Agent"
    assert QCoreApplication.translate("SetupWizard", "Back") == "Back"


#: The language names stay in their own script (View → Language, Settings → Appearance).
NATIVE_NAMES = frozenset(lang.native_name for lang in UiLanguage)


def test_every_text_of_settings_tools_and_appearance_is_marked(pseudo: Any, services: Any, qtbot: Any) -> None:
    """Issue 27: Settings → Tools (empty, then with a server) and Settings → Appearance
    show only marked texts; the language names stay in their own script."""
    from chathub_desktop.core.mcp_config import McpServerConfig

    page = pseudo.pages.open_settings()
    tools = page.pages[SettingsSection.TOOLS]
    page.show_section(SettingsSection.TOOLS)
    qtbot.waitUntil(lambda: tools.loads >= 1 and tools.empty.isVisible(), timeout=5000)
    texts = {f"empty {k}": v for k, v in shown_texts(tools).items()}
    services.assistants.create("Helper")
    services.mcp.add(McpServerConfig.stdio("probe", "probe-command", ()))
    loads = tools.loads
    tools.reload()
    qtbot.waitUntil(lambda: tools.loads > loads and tools.table.rowCount() == 1, timeout=5000)
    texts |= {f"tools {k}": v for k, v in shown_texts(tools).items()}
    texts["tools cell"] = tools.table.item(0, 2).text()
    texts["tools tree"] = tools.tree.topLevelItem(0).text(0)
    texts |= {f"tree column {i}": tools.tree.headerItem().text(i) for i in range(2)}
    page.show_section(SettingsSection.APPEARANCE)
    texts |= {f"appearance {k}": v for k, v in shown_texts(page.pages[SettingsSection.APPEARANCE]).items()
              if v not in NATIVE_NAMES}
    assert texts["tools cell"] == "⟦not tested yet⟧" and "⟦Theme⟧" in texts.values()
    assert "⟦No tools yet⟧" in texts.values()
    assert not unmarked(texts), unmarked(texts)


def test_the_provider_form_and_the_model_card_dialog_are_marked(window: Any, services: Any, qtbot: Any) -> None:
    """Issue 27: the provider form (its Designer texts, kinds and key notes) and the
    model card dialog, built in English and then switched, show only marked texts."""
    from PySide6.QtWidgets import QComboBox

    from chathub_desktop.gui.settings.model_card_dialog import ModelCardDialog
    from chathub_desktop.gui.settings.provider_form import ProviderFormDialog

    form = ProviderFormDialog(services.providers, window.runner)
    card = ModelCardDialog(services.models, [], window.runner, window.presenter, model="m")
    for d in (form, card):
        qtbot.addWidget(d)
    pseudo = _Pseudo()
    QApplication.instance().installTranslator(pseudo)  # type: ignore[union-attr]
    try:
        qtbot.waitUntil(lambda: form.windowTitle() == "⟦Add provider⟧" and card.windowTitle() == "⟦Model card⟧",
                        timeout=3000)
        texts = {f"form {k}": v for k, v in shown_texts(form).items()}
        texts |= {f"card {k}": v for k, v in shown_texts(card).items()}
        for name, d in (("form", form), ("card", card)):
            for combo in d.findChildren(QComboBox):
                texts |= {f"{name} {combo.objectName()} {i}": combo.itemText(i) for i in range(combo.count())}
        assert "⟦&Kind:⟧" in texts.values() and "⟦Anthropic-compatible⟧" in texts.values()
        assert "⟦Every provider⟧" in texts.values()
        assert not unmarked(texts), unmarked(texts)
    finally:
        QApplication.instance().removeTranslator(pseudo)  # type: ignore[union-attr]


def test_every_text_of_search_is_marked(pseudo: Any, services: Any, qtbot: Any) -> None:
    """Issue 27: the Search page, its filters, tabs, rows and status line show only
    marked texts (titles, names and snippets are the user's)."""
    from tests.gui.helpers import reload_assistants

    helper = services.assistants.create("Helper")
    topic = services.topics.create(helper.id, "Beagles")
    services.topics.append_message(topic.id, Role.USER, "I adopted a beagle last spring")
    reload_assistants(pseudo, qtbot, helper.id)
    page = pseudo.search.open()
    page.box.setText("beagle")
    qtbot.waitUntil(lambda: "beagle" in page.shown_queries, timeout=20000)
    texts = shown_texts(page)
    texts |= {f"tab {i}": page.tabs.tabText(i) for i in range(page.tabs.count())}
    for combo in (page.assistant_filter, page.period_filter, page.role_filter):
        texts |= {f"{combo.objectName()} {i}": combo.itemText(i) for i in range(combo.count())
                  if combo.itemData(i) is None or combo is not page.assistant_filter}
    hit = page.messages.item(1).data(Qt.ItemDataRole.AccessibleTextRole)
    texts["hit speaker"] = hit.split(",")[0]
    assert texts["tab 0"] == "⟦Messages⟧ (1)" and texts["hit speaker"] == "⟦You⟧"
    assert not unmarked(texts), unmarked(texts)


def test_drawn_message_rows_follow_a_language_switch(window: Any, services: Any, fake_vendor: Any,
                                                     qtbot: Any) -> None:
    """Issue 27: rows already drawn (their header, status tag, Retry pill and the
    rendered error line) are said again in the new language at once, not kept from the
    cache of the old one; English comes back the same way."""
    from chathub_desktop.gui.chat.message_delegate import _colors
    from tests.fakes.vendor_server import Reply
    from tests.gui.helpers import add_fake_provider, reload_assistants

    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    reload_assistants(window, qtbot, aid)
    fake_vendor.script(Reply(error_status=502, error_body="bad gateway"))
    window.composer.set_text("Hello?")
    window.composer.send_button.click()
    model, view = window.message_model, window.message_view
    qtbot.waitUntil(lambda: model.rowCount() == 2 and model.message_at(1).status == "error", timeout=15000)
    delegate = view.delegate

    def drawn(row: int) -> tuple[str, str, str]:
        """(header, tag, text) of ``row`` as the list lays it out and renders it now."""
        m = model.message_at(row)
        lay = delegate._layout(m, False, delegate._width(), view.palette())
        colors, dark = _colors(view.palette())
        return lay.header, lay.tag, delegate.docs.document(m, dark, colors, delegate._width()).toPlainText()

    qtbot.waitUntil(lambda: delegate.settled and "⚠ Error:" in drawn(1)[2], timeout=10000)
    assert drawn(0)[0].startswith("You · ") and drawn(1)[1] == "error"
    try:
        window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
        qtbot.waitUntil(lambda: delegate.settled and "⚠ 错误：" in drawn(1)[2], timeout=10000)
        assert drawn(0)[0].startswith("你 · ") and drawn(1)[1] == "错误"
        assert QCoreApplication.translate("MessageList", RETRY_LABEL) == "↻ 重试"
    finally:
        window.view.language.apply(UiLanguage.ENGLISH)
        qtbot.waitUntil(lambda: delegate.settled and "⚠ Error:" in drawn(1)[2], timeout=10000)
        window.view.language.apply(UiLanguage.SYSTEM)
    assert drawn(0)[0].startswith("You · ")


def test_system_agent_keeps_the_language_of_summaries_and_cards(window: Any, services: Any, qtbot: Any) -> None:
    """Issue 27: Settings → System Agent offers the language summaries and dream cards
    are written in; the conversation's own is the default, and a choice is stored."""
    services.providers.add("Summ", "openai", "http://127.0.0.1:9/v1", api_key="k")
    page = window.pages.open_system_agent().system_page
    qtbot.waitUntil(lambda: not page.resolving(), timeout=5000)
    combo = page.language_combo
    assert combo.currentData() is None and combo.currentText() == "The conversation's own"
    combo.setCurrentIndex(combo.findData("Japanese"))
    page.save_button.click()
    qtbot.waitUntil(lambda: page.status_label.text() == "Saved.", timeout=5000)
    assert services.settings.get("card-language") == "Japanese"
    window.back_action.trigger()


def test_a_typed_service_reason_is_put_in_words_in_the_interface_language(window: Any, qtbot: Any) -> None:
    """Issue 27: why no History Compress model can run (a ``SummarizerProblem`` from the
    services) is said in the chosen language, with its button; the model id stays."""
    from chathub_desktop.core.summarizer_problem import SummarizerProblem
    from chathub_desktop.gui.settings.summarizer_choice import (
        choose_button,
        missing_text,
        short_text,
    )

    button = choose_button("choose")
    qtbot.addWidget(button)
    try:
        window.view.language_actions[UiLanguage.JAPANESE].trigger()
        qtbot.waitUntil(lambda: button.text() == "History Compress モデルを選ぶ…", timeout=3000)
        assert short_text(SummarizerProblem.NO_PROVIDER, "gpt-x") == "要約できません：「gpt-x」を提供するプロバイダーがありません"
        window.view.language_actions[UiLanguage.CHINESE_SIMPLIFIED].trigger()
        qtbot.waitUntil(lambda: button.text() == "选择 History Compress 模型…", timeout=3000)
        assert missing_text(SummarizerProblem.EMPTY).startswith("尚未选择 History Compress 模型")
    finally:
        window.view.language.apply(UiLanguage.ENGLISH)
        qtbot.waitUntil(lambda: button.text() == "Choose History Compress model…", timeout=3000)
        window.view.language.apply(UiLanguage.SYSTEM)
