"""The assistant dialog's sampling settings (issue 28, APP-9, CMP-8): values round-trip
through the store, unticked rows store nothing, a combination the provider's wire
format rejects is named in one line and Save waits, and the dialog fits 1366×768."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from chathub_desktop.gui.settings.assistant_dialog import AssistantDialog
from chathub_desktop.gui.shell.task_runner import TaskRunner
from tests.gui.helpers import loaded, saved


@pytest.fixture(autouse=True)
def _loop(qloop):  # type: ignore[no-untyped-def]
    """The dialog reads and saves on its runner's workers (issue 29)."""
    return qloop


def _dialog(qtbot, services, name: str | None = "A") -> AssistantDialog:  # type: ignore[no-untyped-def]
    aid = services.assistants.get(name).id if name else None
    d = AssistantDialog(services.assistants, services.providers, TaskRunner(None), aid)
    qtbot.addWidget(d)
    return loaded(d, qtbot)


def _setup(services, kind: str) -> None:  # type: ignore[no-untyped-def]
    services.providers.add("P", kind, "http://127.0.0.1:9/v1", api_key="sk-x")
    services.assistants.create("A", provider="P", model="m")


def test_sampling_round_trip_through_the_dialog(qtbot, services) -> None:  # type: ignore[no-untyped-def]
    _setup(services, "openai")
    d = _dialog(qtbot, services)
    ui = d.ui
    assert not ui.temperatureCheck.isChecked() and not ui.effortCheck.isChecked()  # unset by default
    assert "nothing; provider defaults" in ui.samplingSent.text()
    ui.temperatureCheck.setChecked(True)
    ui.temperatureSpin.setValue(0.3)
    ui.topPCheck.setChecked(True)
    ui.topPSpin.setValue(0.85)
    saved(d, qtbot)
    a = services.assistants.get("A")
    assert (a.temperature, a.top_p, a.reasoning_effort, a.thinking_budget) == (0.3, 0.85, None, None)

    again = _dialog(qtbot, services)
    assert again.ui.temperatureCheck.isChecked() and again.ui.temperatureSpin.value() == 0.3
    assert again.ui.topPSpin.value() == 0.85 and not again.ui.thinkingCheck.isChecked()
    again.ui.temperatureCheck.setChecked(False)
    saved(again, qtbot)
    assert services.assistants.get("A").temperature is None  # unticked: unset again


def test_reasoning_effort_with_temperature_is_refused_in_one_line(qtbot, services) -> None:  # type: ignore[no-untyped-def]
    _setup(services, "openai")
    d = _dialog(qtbot, services)
    ui = d.ui
    ui.effortCheck.setChecked(True)
    ui.effortCombo.setCurrentText("high")
    save = ui.buttonBox.button(QDialogButtonBox.StandardButton.Save)
    assert save.isEnabled()
    ui.temperatureCheck.setChecked(True)
    assert not save.isEnabled()
    assert ui.errorLabel.text().count("\n") == 0 and "reasoning models reject them" in ui.errorLabel.text()
    ui.temperatureCheck.setChecked(False)
    assert save.isEnabled() and ui.errorLabel.isHidden()
    saved(d, qtbot)
    assert services.assistants.get("A").reasoning_effort == "high"


def test_anthropic_thinking_needs_max_tokens_above_the_budget(qtbot, services) -> None:  # type: ignore[no-untyped-def]
    _setup(services, "anthropic")
    d = _dialog(qtbot, services)
    ui = d.ui
    ui.thinkingCheck.setChecked(True)
    ui.thinkingSpin.setValue(2048)
    save = ui.buttonBox.button(QDialogButtonBox.StandardButton.Save)
    assert "needs max tokens on" in ui.errorLabel.text() and not save.isEnabled()
    ui.maxTokensCheck.setChecked(True)
    ui.maxTokensSpin.setValue(2048)
    assert "must be below max tokens" in ui.errorLabel.text()
    ui.maxTokensSpin.setValue(8192)
    assert save.isEnabled()
    assert "thinking budget" in ui.samplingSent.text()
    saved(d, qtbot)
    a = services.assistants.get("A")
    assert (a.thinking_budget, a.max_tokens, a.max_tokens_enabled) == (2048, 8192, True)


def test_a_new_assistant_saves_its_sampling(qtbot, services) -> None:  # type: ignore[no-untyped-def]
    services.providers.add("P", "openai_responses", "http://127.0.0.1:9/v1", api_key="sk-x")
    d = _dialog(qtbot, services, None)
    ui = d.ui
    ui.nameEdit.setText("New")
    ui.modelCombo.setCurrentText("m")
    ui.effortCheck.setChecked(True)
    ui.effortCombo.setCurrentText("minimal")
    saved(d, qtbot)
    assert services.assistants.get("New").reasoning_effort == "minimal"


def test_the_dialog_fits_1366x768(qtbot, services) -> None:  # type: ignore[no-untyped-def]
    _setup(services, "openai")
    d = _dialog(qtbot, services)
    for i in range(d.ui.tabs.count()):
        d.ui.tabs.setCurrentIndex(i)
        hint = d.sizeHint()
        assert hint.width() <= 1366 and hint.height() <= 768 - 60  # room for a panel and a title bar


def test_a_new_assistant_on_a_small_window_model_starts_with_max_tokens_on(qtbot, services) -> None:  # type: ignore[no-untyped-def]
    """Issue 28 / CMP-8: choosing a model whose card says 2,048 tokens ticks max tokens at
    512 in a new assistant's form; a 128k model takes that suggestion back; a value the
    user set stays."""
    services.providers.add("P", "openai_compatible", "http://127.0.0.1:9/v1")
    d = AssistantDialog(services.assistants, services.providers, TaskRunner(None), None,
                        provider_models=services.provider_models)
    qtbot.addWidget(d)
    loaded(d, qtbot)
    ui, choices = d.ui, d.model_choices
    assert choices is not None
    qtbot.waitUntil(lambda: not choices.pending(), timeout=5000)
    assert not ui.maxTokensCheck.isChecked()
    ui.modelCombo.setCurrentText("smollm2-135m")  # the catalog's 2,048-token card
    qtbot.waitUntil(lambda: ui.maxTokensCheck.isChecked(), timeout=5000)
    assert ui.maxTokensSpin.value() == 512 and ui.maxTokensSpin.isEnabled()
    ui.modelCombo.setCurrentText("gpt-4o")
    qtbot.waitUntil(lambda: not ui.maxTokensCheck.isChecked(), timeout=5000)
    ui.modelCombo.setCurrentText("smollm2-135m")
    qtbot.waitUntil(lambda: ui.maxTokensCheck.isChecked(), timeout=5000)
    ui.maxTokensSpin.setValue(300)  # the user's own value
    ui.modelCombo.setCurrentText("gpt-4o")
    qtbot.waitUntil(lambda: not choices.pending(), timeout=5000)
    assert ui.maxTokensCheck.isChecked() and ui.maxTokensSpin.value() == 300
    ui.nameEdit.setText("Small")
    ui.modelCombo.setCurrentText("smollm2-135m")
    qtbot.waitUntil(lambda: not choices.pending(), timeout=5000)
    saved(d, qtbot)
    a = services.assistants.get("Small")
    assert (a.max_tokens, a.max_tokens_enabled) == (300, True)
