"""First-run setup (issue 16): add a provider through the usual form, Test connection
lists its models, an assistant is created with one of them, and the ChatGPT import
opens afterwards; the setup opens by itself once, on an empty store only."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWizard

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.settings.model_choices import model_rows
from tests.fakes.vendor_server import FakeVendor


def test_setup_adds_provider_tests_it_and_creates_an_assistant(window, services, fake_vendor: FakeVendor, qtbot):  # type: ignore[no-untyped-def]
    fake_vendor.models_key = "sk-setup"
    wizard = window.pages.open_setup()
    wizard.next()  # the introduction
    page = wizard.provider_page
    qtbot.waitUntil(lambda: not wizard.busy(), timeout=5000)  # the providers are read on a worker
    assert not page.isComplete()  # a provider first
    form = page.add_provider()
    ui = form.ui
    ui.kindCombo.setCurrentIndex(ui.kindCombo.findData("openai_compatible"))
    ui.nameEdit.setText("Local")
    ui.baseUrlEdit.setText(fake_vendor.base_url)
    ui.envRadio.setChecked(True)
    ui.envEdit.setText("CHATHUB_SETUP_TEST_KEY")
    import os

    os.environ["CHATHUB_SETUP_TEST_KEY"] = "sk-setup"
    try:
        ui.buttonBox.accepted.emit()
        qtbot.waitUntil(lambda: page.result_label.text()[:1] in ("✓", "✗"), timeout=5000)
    finally:
        del os.environ["CHATHUB_SETUP_TEST_KEY"]
    assert page.result_label.text().startswith("✓ Connected to Local in ")
    assert page.isComplete() and page.selected() == "Local"
    wizard.next()
    apage = wizard.assistant_page
    assert apage.provider_combo.currentData() == "Local"
    assert apage.model_combo.itemText(0) == "Served by Local"  # walkthrough F7: under its heading
    assert model_rows(apage.model_combo)[0] == "fake-model"  # what the provider offers comes first
    assert apage.model_combo.currentText() == "fake-model"
    apage.name_edit.setText("Helper")
    wizard.next()
    qtbot.waitUntil(lambda: wizard.currentPage() is wizard.summarizer_page, timeout=5000)  # created on a worker
    helper = services.assistants.get("Helper")
    assert helper.model == "fake-model" and helper.provider_name == "Local"
    assert helper.avatar == "🤖"  # issue 29: the first assistant has a face, not a purple "A"
    wizard.next()  # the History Compress model: the served one (issue 28)
    qtbot.waitUntil(lambda: wizard.currentPage() is wizard.history_page, timeout=5000)
    assert services.settings.get("history-compress-model") == "Local/fake-model"
    wizard.history_page.import_check.setChecked(True)
    wizard.history_page.memory_check.setChecked(True)
    wizard.button(QWizard.WizardButton.FinishButton).click()
    qtbot.waitUntil(lambda: "import" in window.dialogs, timeout=3000)  # after the assistants are read (issue 29)
    assert window.current_assistant_id() == helper.id and window.dialogs["import"].isVisible()
    page = window.dialogs["memory"]
    assert page.assistant_id == helper.id and page.isVisible()  # its Import… file chooser is open
    page.detach()
    qtbot.waitUntil(lambda: not page.runner.pending(), timeout=3000)
    page.close()


def test_a_refused_key_says_so_and_skip_writes_nothing_more(window, services, fake_vendor: FakeVendor, qtbot):  # type: ignore[no-untyped-def]
    fake_vendor.models_key = "sk-right"
    services.providers.add("Cloud", "openai", fake_vendor.base_url, api_key="sk-wrong")
    wizard = window.pages.open_setup()
    wizard.next()
    qtbot.waitUntil(lambda: not wizard.busy(), timeout=5000)
    wizard.provider_page.test_connection()
    qtbot.waitUntil(lambda: "✗" in wizard.provider_page.result_label.text(), timeout=5000)
    assert wizard.provider_page.result_label.text() == "✗ Cloud refused the API key (401 Unauthorized)"
    wizard.button(QWizard.WizardButton.CancelButton).click()  # Skip setup
    assert services.assistants.list() == []


def test_opens_by_itself_once_on_an_empty_store(qloop, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.shell.main_window import MainWindow

    ini = tmp_path / "window.ini"
    w = MainWindow(services, settings_file=ini)
    qtbot.addWidget(w)
    qtbot.waitUntil(lambda: w.dialogs.get("setup") is not None, timeout=3000)
    w.dialogs["setup"].reject()
    again = MainWindow(services, settings_file=ini)  # the next start does not ask again
    qtbot.addWidget(again)
    qtbot.wait(300)
    assert again.dialogs.get("setup") is None


def test_not_opened_on_a_store_in_use(qloop, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.shell.main_window import MainWindow

    services.assistants.create("Existing")
    w = MainWindow(services, settings_file=tmp_path / "window.ini")
    qtbot.addWidget(w)
    qtbot.wait(300)
    assert w.dialogs.get("setup") is None


def test_setup_chooses_the_history_compress_model_and_compact_now_works(  # type: ignore[no-untyped-def]
        window, services, fake_vendor: FakeVendor, qtbot):
    """Issue 28, CMP-3: a local server serving its own names; the setup preselects its small
    model, stores it as the System Agent setting, and Compact now then summarizes with it
    without any typed id."""
    from chathub_desktop.services.compaction.summarizer import resolve_summarizer
    from tests.fakes.vendor_server import Reply

    fake_vendor.models = ["llama-3.1-8b-instruct", "nomic-embed-text", "smollm2-135m"]
    services.providers.add("Local", "openai_compatible", fake_vendor.base_url)
    wizard = window.pages.open_setup()
    wizard.next()
    qtbot.waitUntil(lambda: not wizard.busy(), timeout=5000)
    wizard.provider_page.test_connection()
    qtbot.waitUntil(lambda: wizard.provider_page.result_label.text()[:1] in ("✓", "✗"), timeout=5000)
    wizard.next()
    apage = wizard.assistant_page
    apage.name_edit.setText("Helper")
    apage.model_combo.setCurrentText("llama-3.1-8b-instruct")
    wizard.next()
    spage = wizard.summarizer_page
    qtbot.waitUntil(lambda: wizard.currentPage() is spage, timeout=5000)  # created on a worker (issue 29)
    assert spage.provider_combo.currentData() == "Local"
    served = model_rows(spage.model_combo)[:2]
    assert served == ["llama-3.1-8b-instruct", "smollm2-135m"]  # the provider's chat models first
    # a server on 127.0.0.1 serves what it lists: no cloud ids from the catalog (walk36 saw 43)
    assert model_rows(spage.model_combo) == served
    assert "gpt-5-mini" not in model_rows(apage.model_combo)
    assert spage.model_combo.currentText() == "smollm2-135m"  # a small one preselected
    assert "chat model works too" in spage.note.text()
    spage.model_combo.setCurrentText("llama-3.1-8b-instruct")  # the chat model is allowed
    spage.model_combo.setCurrentText("smollm2-135m")
    # walk39: setup asks about the dream, ticked, at 02:00 UTC with the user's time (DRM-2)
    assert spage.dream_check.isChecked() and "Dream every night at" in spage.dream_check.text()
    assert "02:00" in spage.dream_check.text() and spage.dream_check.isVisibleTo(wizard)
    assert services.dreams.settings("Helper").schedule.frequency == "off"  # REF-17's default until then
    wizard.next()
    qtbot.waitUntil(lambda: wizard.currentPage() is wizard.history_page, timeout=5000)  # stored on a worker
    assert services.settings.get("history-compress-model") == "Local/smollm2-135m"
    schedule = services.dreams.settings("Helper").schedule
    assert (schedule.frequency, schedule.time_utc) == ("daily", "02:00")
    wizard.back()
    spage.dream_check.setChecked(False)  # not wanted after all
    wizard.next()
    qtbot.waitUntil(lambda: wizard.currentPage() is wizard.history_page, timeout=5000)
    assert services.dreams.settings("Helper").schedule.frequency == "off"
    target = resolve_summarizer(services.db, services.settings, services.catalog)
    assert (target.provider_name, target.model) == ("Local", "smollm2-135m")
    wizard.button(QWizard.WizardButton.FinishButton).click()
    helper = services.assistants.get("Helper")
    qtbot.waitUntil(lambda: window.current_assistant_id() == helper.id, timeout=3000)
    topic = services.topics.create(helper.id, "Long chat").id
    for k in range(3):
        services.chat.append_row(topic, role=Role.USER, content=f"question {k} " + "lorem " * 200)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"answer {k} " + "ipsum " * 200)
    services.chat.append_row(topic, role=Role.USER, content="and one more")
    window.select_topic(topic)
    fake_vendor.script(Reply(text_chunks=["<summary>Three questions about lorem, answered.</summary>"]))
    window.compaction.compact_topic(topic)
    qtbot.waitUntil(lambda: window.compaction.outcome(topic) is not None, timeout=8000)
    assert "Compacted 6 messages" in window.compaction.outcome(topic)
    assert fake_vendor.requests[-1].body["model"] == "smollm2-135m"


def test_presets_fill_the_form_and_say_where_to_get_a_key(window, services, fake_vendor: FakeVendor, qtbot):  # type: ignore[no-untyped-def]
    """Issue 28: the provider step's presets (kind, base URL, where to get a key); a local
    server's preset needs no key and is tested once saved."""
    wizard = window.pages.open_setup()
    wizard.next()
    page = wizard.provider_page
    names = [page.presets.item(i).text() for i in range(page.presets.count())]
    assert names == ["OpenAI", "Anthropic", "OpenRouter", "DeepSeek", "Z.AI", "Inception", "Ollama", "LM Studio",
                     "llama.cpp server", "vLLM", "Custom OpenAI-compatible", "Custom Anthropic-compatible"]
    assert not any(page.presets.item(i).icon().isNull() for i in range(len(names)))  # an icon each
    from chathub_desktop.core.provider_presets import PRESETS, PresetPlace

    places = [p.place for p in PRESETS]
    assert places[names.index("OpenRouter")] is PresetPlace.ROUTER
    assert {places[names.index(n)] for n in ("Ollama", "LM Studio", "llama.cpp server", "vLLM")} == {PresetPlace.LOCAL}
    assert places[names.index("Custom OpenAI-compatible")] is PresetPlace.CUSTOM
    assert places[names.index("OpenAI")] is places[names.index("DeepSeek")] is PresetPlace.CLOUD
    page.presets.setCurrentRow(names.index("OpenRouter"))
    assert "https://openrouter.ai/keys" in page.key_hint.text()
    form = page.add_provider()
    ui = form.ui
    assert form.findChild(QAction, "presetGlyph") is not None  # the preset's icon in the form
    assert (ui.kindCombo.currentData(), ui.nameEdit.text(), ui.baseUrlEdit.text()) == (
        "openai_compatible", "OpenRouter", "https://openrouter.ai/api/v1")
    form.reject()
    page.presets.setCurrentRow(names.index("Anthropic"))
    form = page.add_provider()
    assert (form.ui.kindCombo.currentData(), form.ui.baseUrlEdit.text()) == ("anthropic", "https://api.anthropic.com")
    form.reject()
    page.presets.setCurrentRow(names.index("llama.cpp server"))
    assert "needs no key" in page.key_hint.text()
    form = page.add_provider()
    ui = form.ui
    assert ui.baseUrlEdit.text() == "http://localhost:8080/v1" and ui.noKeyRadio.isChecked()
    ui.baseUrlEdit.setText(fake_vendor.base_url)  # where this test's server listens
    ui.buttonBox.accepted.emit()
    qtbot.waitUntil(lambda: page.result_label.text()[:1] in ("✓", "✗"), timeout=5000)
    assert page.result_label.text().startswith("✓ Connected to llama.cpp server")
    assert services.providers.get("llama.cpp server").kind == "openai_compatible"
    wizard.reject()


def test_a_local_server_without_a_model_list_is_saved_anyway_with_its_model_typed(  # type: ignore[no-untyped-def]
        window, services, fake_vendor: FakeVendor, qtbot):
    """walk40 #5: Save asks the URL for its models; without a list it says so, and "Save
    anyway" with the model id typed saves the provider, whose model the next step offers."""
    wizard = window.pages.open_setup()
    wizard.next()
    page = wizard.provider_page
    qtbot.waitUntil(lambda: not wizard.busy(), timeout=5000)
    names = [page.presets.item(i).text() for i in range(page.presets.count())]
    page.presets.setCurrentRow(names.index("llama.cpp server"))
    form = page.add_provider()
    form.ui.baseUrlEdit.setText(fake_vendor.base_url.removesuffix("/v1") + "/nolist/v1")  # /models: 404
    form.ui.buttonBox.accepted.emit()
    qtbot.waitUntil(lambda: form.save_anyway.isVisible() and not form.saving(), timeout=10000)
    assert services.providers.list() == []
    qtbot.keyClicks(form.save_anyway.model_edit, "smollm2-135m")
    form.save_anyway.button.click()
    qtbot.waitUntil(lambda: page.isComplete() and not wizard.busy(), timeout=10000)
    assert page.result_label.text() == "✓ llama.cpp server saved without a model list; its model: smollm2-135m"
    wizard.next()
    assert model_rows(wizard.assistant_page.model_combo)[0] == "smollm2-135m"
    wizard.reject()


def test_comes_back_when_the_first_launch_ended_with_it_open(qloop, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """Walkthrough F5: the app quit (or was killed) while the setup was open: the next
    start opens it again; once the user closed it, it stays closed."""
    from chathub_desktop.gui.shell.main_window import MainWindow

    ini = tmp_path / "window.ini"
    first = MainWindow(services, settings_file=ini)
    qtbot.addWidget(first)
    qtbot.waitUntil(lambda: first.dialogs.get("setup") is not None, timeout=3000)
    first.dialogs["setup"].hide()  # the quit hides every window; a kill does nothing at all
    again = MainWindow(services, settings_file=ini)
    qtbot.addWidget(again)
    qtbot.waitUntil(lambda: again.dialogs.get("setup") is not None, timeout=3000)
    again.dialogs["setup"].close()  # the title bar's close button
    third = MainWindow(services, settings_file=ini)
    qtbot.addWidget(third)
    qtbot.wait(300)
    assert third.dialogs.get("setup") is None


def test_the_welcome_names_help_setup_and_its_button_opens_it(qloop, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """Walkthrough F5: the first-start welcome names Help → Setup… and has a button for it."""
    from chathub_desktop.gui.shell.main_window import MainWindow

    w = MainWindow(services, settings_file=tmp_path / "window.ini")
    qtbot.addWidget(w)
    qtbot.waitUntil(lambda: w.dialogs.get("setup") is not None, timeout=3000)
    w.dialogs["setup"].reject()
    w.dialogs.pop("setup")
    assert "<b>⋯ → Help → Setup…</b>" in w.welcome.text()
    assert w.welcome.setup_button.text() == "Start setup…" and w.welcome.setup_button.isEnabled()
    w.welcome.setup_button.click()
    assert w.dialogs["setup"].isVisible()
    w.dialogs["setup"].reject()


def test_every_page_has_one_header_style_in_both_themes(window, qtbot):  # type: ignore[no-untyped-def]
    """Walkthrough F15: the welcome page had a large title and the others Qt's small header
    with a subtitle; now each page starts with the design system's header (QWizard's own
    is unused), the welcome says where keys can live (F9), Finish stands alone on the last
    page, filled as every step's Continue (walk51 #6), and every page reads in both
    themes (contrast, nothing cut)."""
    from PySide6.QtWidgets import QLabel

    from chathub_desktop.gui.design.audit import audit_window

    wizard = window.pages.open_setup()
    qtbot.waitExposed(wizard)
    titles = []
    for page_id in wizard.pageIds():
        page = wizard.page(page_id)
        assert page.title() == "" and page.subTitle() == ""
        header = page.findChild(QLabel, "pageTitle")
        assert header is not None and page.findChild(QLabel, "pageSubtitle").text()
        titles.append(header.text())
    assert titles[0] == "Welcome to ChatHub Desktop" and len(set(titles)) == 5
    intro = " ".join(label.text() for label in wizard.page(wizard.pageIds()[0]).findChildren(QLabel))
    assert "keyring, in a file only you can read, or in environment variables" in intro
    for theme in ("dark", "light"):
        window.view.theme_actions[theme].trigger()
        wizard.restart()
        for _ in wizard.pageIds():
            qtbot.wait(20)
            report = audit_window(wizard, theme)
            assert report.ok, report.line() + "".join(f"\n{f.what}: {f.detail}" for f in report.contrast + report.clipped)
            last = wizard.currentId() == wizard.pageIds()[-1]
            assert wizard.button(QWizard.WizardButton.CancelButton).isVisible() is not last
            # walk51 #6: the step's forward button is the filled primary one, Finish too;
            # on the provider step Add provider… is, until a provider answered
            forward = wizard.button(QWizard.WizardButton.FinishButton if last else QWizard.WizardButton.NextButton)
            assert forward.isVisible() and forward.property("primary") is (wizard.currentPage()
                                                                             is not wizard.provider_page)
            assert not any(wizard.button(b).property("primary") for b in (QWizard.WizardButton.BackButton,
                                                                          QWizard.WizardButton.CancelButton))
            if not last:
                wizard.setStartId(wizard.pageIds()[wizard.pageIds().index(wizard.currentId()) + 1])
                wizard.restart()
    wizard.reject()
    window.view.theme_actions["system"].trigger()  # as the other tests expect it


def test_the_provider_step_shows_an_empty_state_and_a_preset_grid(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Walk29 #17: no large empty list box while no provider exists, but one line saying
    what to do; the presets are tiles with an icon each, three to a row, no name cut; a
    double-click on one opens the form filled from it; the list shows once a provider exists."""
    from chathub_desktop.gui.shell.setup_steps import PRESET_COLUMNS
    from chathub_desktop.gui.shell.setup_wizard import NO_PROVIDER_TEXT

    wizard = window.pages.open_setup()
    qtbot.waitExposed(wizard)
    wizard.next()
    page = wizard.provider_page
    assert page.empty_label.isVisible() and page.empty_label.text() == NO_PROVIDER_TEXT
    assert not page.list.isVisible()
    grid = page.presets
    tops = {grid.visualItemRect(grid.item(i)).top() for i in range(PRESET_COLUMNS)}
    assert len(tops) == 1  # the first three share a row
    for i in range(grid.count()):
        rect = grid.visualItemRect(grid.item(i))
        assert grid.viewport().rect().contains(rect)  # every tile in view: nothing scrolls away
        needed = grid.fontMetrics().horizontalAdvance(grid.item(i).text()) + grid.iconSize().width()
        assert rect.width() > needed  # the name is not cut
    grid.itemActivated.emit(grid.item(2))  # OpenRouter
    form = wizard.provider_form
    assert form is not None and form.ui.nameEdit.text() == "OpenRouter"
    form.reject()
    services.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
    page.reload("Local")
    qtbot.waitUntil(lambda: page.list.isVisible(), timeout=5000)  # read on a worker (issue 29)
    assert page.list.isVisible() and not page.empty_label.isVisible()
    assert page.list.item(0).text().startswith("Local — ")
    wizard.reject()


def test_plain_button_words_and_a_taken_name_says_how_to_fix_it(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Walk29 #13 and #18: the buttons read Back / Continue / Finish (not "< Back" /
    "Next >"); a taken assistant name is one sentence with the fix, the page stays and the
    name is selected for typing; the step's title sits where the other steps' do."""
    from PySide6.QtWidgets import QLabel

    services.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
    services.assistants.create("Assistant", provider="Local", model="m")
    wizard = window.pages.open_setup()
    qtbot.waitExposed(wizard)
    texts = {b: wizard.buttonText(b) for b in (QWizard.WizardButton.BackButton, QWizard.WizardButton.NextButton,
                                              QWizard.WizardButton.FinishButton)}
    assert list(texts.values()) == ["Back", "Continue", "Finish"]
    title_y = wizard.currentPage().findChild(QLabel, "pageTitle").mapTo(wizard, wizard.rect().topLeft()).y()
    wizard.next()
    qtbot.waitUntil(lambda: not wizard.busy() and wizard.provider_page.isComplete(), timeout=5000)
    wizard.next()
    page = wizard.assistant_page
    assert page.findChild(QLabel, "pageTitle").mapTo(wizard, wizard.rect().topLeft()).y() == title_y
    wizard.button(QWizard.WizardButton.NextButton).click()
    qtbot.waitUntil(lambda: bool(page.error_label.text()), timeout=5000)  # refused on a worker (issue 29)
    assert wizard.currentPage() is page
    assert page.error_label.text() == "An assistant named “Assistant” already exists — choose another name."
    assert page.name_edit.hasSelectedText() and page.name_edit.selectedText() == "Assistant"
    page.name_edit.setText("Helper")
    wizard.button(QWizard.WizardButton.NextButton).click()
    qtbot.waitUntil(lambda: wizard.currentPage() is wizard.summarizer_page, timeout=5000)
    assert services.assistants.get("Helper").provider_name == "Local"
    wizard.reject()


def test_each_step_is_numbered_with_the_current_one_marked_and_tiles_select_softly(window, qtbot):  # type: ignore[no-untyped-def]
    """Walk36 #9: every page starts with the numbered steps, its own marked (and named to
    a screen reader); a chosen preset tile is tinted with the theme's soft selection, not
    filled with the accent."""
    from chathub_desktop.gui.design import current_colours
    from chathub_desktop.gui.design.audit import painted_colours
    from chathub_desktop.gui.shell.setup_steps import STEPS, StepIndicator

    wizard = window.pages.open_setup()
    qtbot.waitExposed(wizard)
    for number, page_id in enumerate(wizard.pageIds()):
        steps = wizard.page(page_id).findChild(StepIndicator)
        assert steps is not None and steps.current_name() == STEPS[number]
        assert steps.accessibleName() == f"Step {number + 1} of 5: {STEPS[number]}"
        marks = [label.property("step") for label in steps.names]
        assert marks == ["done"] * number + ["current"] + ["todo"] * (4 - number)
    wizard.next()
    qtbot.waitUntil(lambda: not wizard.busy(), timeout=5000)
    grid = wizard.provider_page.presets
    grid.setCurrentRow(1)
    qtbot.wait(50)
    rect = grid.visualItemRect(grid.item(1))
    colours = painted_colours(grid.viewport().grab().toImage(), rect.adjusted(2, 2, -2, -2))
    tokens = current_colours()
    assert colours is not None and colours[1] == tokens.selected and colours[1] != tokens.accent
    wizard.reject()


def test_a_small_window_model_starts_with_a_max_output_that_is_sent(  # type: ignore[no-untyped-def]
        window, services, fake_vendor: FakeVendor, qtbot):
    """Issue 28 (walk39 #4: SmolLM2 rambled 262 s to its 2,048-token window's end): the
    setup's assistant on a model the provider reports at 2,048 tokens starts with max
    tokens on at 512 (CMP-8: reserved and sent), and the posted body carries it; a model
    with a large window gets no such default."""
    from tests.fakes.vendor_server import Reply
    from tests.gui.helpers import new_topic

    fake_vendor.models = ["tiny-chat", "big-chat"]
    fake_vendor.model_fields = {"tiny-chat": {"context_length": 2048}, "big-chat": {"context_length": 131072}}
    services.providers.add("Local", "openai_compatible", fake_vendor.base_url)
    wizard = window.pages.open_setup()
    wizard.next()
    qtbot.waitUntil(lambda: not wizard.busy(), timeout=5000)
    wizard.provider_page.test_connection()
    qtbot.waitUntil(lambda: wizard.provider_page.result_label.text()[:1] in ("✓", "✗"), timeout=5000)
    wizard.next()
    apage = wizard.assistant_page
    apage.name_edit.setText("Small")
    apage.model_combo.setCurrentText("tiny-chat")
    wizard.next()
    qtbot.waitUntil(lambda: wizard.currentPage() is wizard.summarizer_page, timeout=5000)
    small = services.assistants.get("Small")
    assert (small.max_tokens, small.max_tokens_enabled) == (512, True)
    assert services.provider_models.default_max_output("Local", "big-chat") is None
    wizard.next()
    qtbot.waitUntil(lambda: wizard.currentPage() is wizard.history_page, timeout=5000)
    wizard.button(QWizard.WizardButton.FinishButton).click()
    qtbot.waitUntil(lambda: window.current_assistant_id() == small.id, timeout=3000)
    new_topic(window, qtbot)
    fake_vendor.script(Reply(text_chunks=["Hi."]), Reply(text_chunks=["Greeting"]))
    window.composer.set_text("Hello there")
    # Send waits for the chosen assistant's read (a click before it is refused, as for a user)
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=8000)
    window.composer.send_button.click()

    def chat_body() -> dict | None:  # type: ignore[type-arg]
        return next((r.body for r in fake_vendor.requests if r.body and r.body.get("messages")
                     and r.body["messages"][-1].get("content") == "Hello there"), None)

    qtbot.waitUntil(lambda: chat_body() is not None, timeout=8000)
    body = chat_body()
    assert body is not None and body["max_tokens"] == 512 and body["model"] == "tiny-chat"
    qtbot.waitUntil(lambda: window.composer.send_button.isEnabled(), timeout=8000)


def test_the_dream_choice_names_the_users_own_time(qapp, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """DRM-2: the schedule is stored in UTC; the box says what that is where the user is."""
    from zoneinfo import ZoneInfo

    from chathub_desktop.gui.memory import dream_words
    from chathub_desktop.gui.shell import setup_summarizer

    monkeypatch.setattr(dream_words, "system_zone", lambda: (ZoneInfo("Asia/Tokyo"), "Tokyo"))
    assert setup_summarizer.dream_choice_text() == "&Dream every night at 11:00 in Tokyo (02:00 UTC)"
    monkeypatch.setattr(dream_words, "system_zone", lambda: (ZoneInfo("UTC"), "UTC"))
    assert setup_summarizer.dream_choice_text() == "&Dream every night at 02:00 UTC"
