"""The assistant dialog reads and saves on a store worker (issue 29, APP-9): it opens at
once with its form and Save disabled, shows the stored assistant when the read ends, and
a read that ends after the dialog closed changes nothing."""

from __future__ import annotations

import threading

from PySide6.QtWidgets import QDialogButtonBox

from chathub_desktop.gui.settings.assistant_dialog import AssistantDialog
from chathub_desktop.gui.shell.task_runner import TaskRunner
from tests.gui.helpers import loaded, saved


def _held(services, monkeypatch) -> threading.Event:  # type: ignore[no-untyped-def]
    """Hold the providers read on its worker until the returned event is set."""
    release = threading.Event()
    real = services.providers.list

    def slow():  # type: ignore[no-untyped-def]
        assert threading.current_thread() is not threading.main_thread()  # never on the GUI thread
        release.wait(10)
        return real()

    monkeypatch.setattr(services.providers, "list", slow)
    return release


def test_the_form_waits_for_the_read_then_shows_the_assistant(services, qtbot, qloop, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    p = services.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
    a = services.assistants.create("Planner", provider="Local", model="m1", instructions="Plan.")
    release = _held(services, monkeypatch)
    d = AssistantDialog(services.assistants, services.providers, TaskRunner(None), a.id)
    qtbot.addWidget(d)
    d.show()
    save = d.ui.buttonBox.button(QDialogButtonBox.StandardButton.Save)
    qtbot.wait(20)
    # loading: the form and Save are disabled, no stale values, nothing in the error line
    assert d.is_busy() and not d.is_loaded() and not save.isEnabled() and not d.ui.tabs.isEnabled()
    assert d.ui.nameEdit.text() == "" and d.windowTitle() == "Edit assistant" and d.ui.errorLabel.isHidden()
    release.set()
    loaded(d, qtbot)
    assert save.isEnabled() and d.ui.tabs.isEnabled() and not d.is_busy()
    assert d.windowTitle() == "Edit assistant Planner" and d.ui.nameEdit.text() == "Planner"
    assert d.ui.providerCombo.currentData() == p.id and d.ui.modelCombo.currentText() == "m1"
    d.ui.instructionsEdit.setPlainText("Plan well.")
    saved(d, qtbot)
    assert services.assistants.get(a.id).instructions == "Plan well." and not d.isVisible()


def test_a_read_ending_after_close_is_dropped(services, qtbot, qloop, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    services.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1")
    a = services.assistants.create("Planner", provider="Local", model="m1")
    release = _held(services, monkeypatch)
    runner = TaskRunner(None)
    d = AssistantDialog(services.assistants, services.providers, runner, a.id)
    qtbot.addWidget(d)
    d.show()
    d.reject()
    release.set()
    qtbot.waitUntil(lambda: not runner.pending(), timeout=5000)
    qtbot.wait(50)
    assert not d.is_loaded() and d.ui.nameEdit.text() == "" and d.ui.providerCombo.count() == 1


def test_a_refused_save_keeps_the_dialog_open(services, qtbot, qloop) -> None:  # type: ignore[no-untyped-def]
    d = loaded(AssistantDialog(services.assistants, services.providers, TaskRunner(None)), qtbot)
    qtbot.addWidget(d)
    d.show()
    d.ui.nameEdit.setText("Writer")
    d.ui.templateEdit.setText("no placeholder")
    saved(d, qtbot)
    assert d.isVisible() and "{{text}}" in d.ui.errorLabel.text() and d.ui.tabs.isEnabled()
    assert [v.name for v in services.assistants.list()] == []
