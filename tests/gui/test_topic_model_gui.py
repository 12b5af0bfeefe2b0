"""The composer's model picker (issue 14 "A model per topic"): it names the open topic's
model, offers the provider's own models first and other providers' in submenus;
choosing one changes that topic only and the badge, its tooltip and the popover show the
new model's context window and REF-30 input budget at once; "Use the assistant's model"
goes back; another process's change shows in the open window (live refresh), and a
choice lost with its provider is said once in the status bar."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from chathub_desktop.core.budget import input_budget
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.services.container import Services, open_services
from tests.fakes.vendor_server import FakeVendor
from tests.gui.helpers import add_fake_provider, reload_assistants


def _card(services: Services, model: str):  # type: ignore[no-untyped-def]
    return services.catalog.card(model, ProviderKind.OPENAI_COMPATIBLE)


def _budget(services: Services, model: str) -> int:
    card = _card(services, model)
    return input_budget(card.context_window, None, False, card.max_output)


def _open(window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> tuple[int, int]:
    pid, aid = add_fake_provider(services, fake_vendor.base_url, model="gpt-4")
    services.provider_models.remember(pid, ["fake-model", "gpt-4o"])
    topic = services.topics.create(aid).id
    other = services.topics.create(aid).id
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    picker = window.model_picker.picker
    qtbot.waitUntil(lambda: picker.view is not None and picker.view.topic_id == topic, timeout=5000)
    badge = window.composer.badge
    qtbot.waitUntil(lambda: badge.estimate is not None and badge.estimate.topic_id == topic, timeout=5000)
    return topic, other


def test_picker_choice_updates_badge_and_budget(window: Any, services: Services, qtbot: Any,
                                                fake_vendor: FakeVendor) -> None:
    topic, other = _open(window, services, qtbot, fake_vendor)
    picker = window.model_picker.picker
    badge = window.composer.badge
    assert picker.isVisible() and picker.text() == "gpt-4 (assistant default) ▾"
    assert "Fake" in picker.toolTip() and "8,192-token context window" in picker.toolTip()
    assert badge.estimate.context_window == 8192 and badge.estimate.input_budget == _budget(services, "gpt-4")

    o = services.providers.add("Other", "openai_compatible", fake_vendor.base_url, api_key="sk-o")
    services.provider_models.remember(o.id, ["gpt-4o-mini"])  # what that server serves
    window.model_picker.sync()
    qtbot.waitUntil(lambda: len(picker.groups) == 2, timeout=5000)
    picker.menu_.popup(picker.mapToGlobal(picker.rect().bottomLeft()))
    actions = picker.actions_by_text()
    assert list(actions)[:3] == ["Use the assistant's model (gpt-4)", "fake-model", "gpt-4o"]  # own list first
    # issue 28: a local server is offered what it serves, not the bundled catalog's Claude or DeepSeek
    assert "Other/gpt-4o-mini" in actions and "gpt-4o-mini" not in actions
    assert not [t for t in actions if "claude" in t or "deepseek" in t]
    assert actions["Use the assistant's model (gpt-4)"].isChecked()
    actions["gpt-4o"].trigger()
    picker.menu_.hide()

    qtbot.waitUntil(lambda: picker.view.own and picker.view.model == "gpt-4o", timeout=5000)
    large = _budget(services, "gpt-4o")
    qtbot.waitUntil(lambda: badge.estimate.context_window == 128_000, timeout=5000)
    assert picker.text() == "gpt-4o ▾" and "128,000-token context window" in picker.toolTip()
    assert f"{large:,}-token input budget" in picker.toolTip()
    assert badge.estimate.input_budget == large and f"of {large:,} input tokens" in badge.toolTip()
    badge.open_popover()
    assert "at most 128,000 tokens (its context window)" in badge.popover.budget_label.text()
    badge.popover.hide()
    assert services.topic_models.show(other).own is False  # that topic only

    picker.menu_.popup(picker.mapToGlobal(picker.rect().bottomLeft()))
    picker.actions_by_text()["Other/gpt-4o-mini"].trigger()
    picker.menu_.hide()
    qtbot.waitUntil(lambda: picker.view.provider_name == "Other" and picker.view.model == "gpt-4o-mini",
                    timeout=5000)

    picker.menu_.popup(picker.mapToGlobal(picker.rect().bottomLeft()))
    picker.actions_by_text()["Use the assistant's model (gpt-4)"].trigger()
    picker.menu_.hide()
    qtbot.waitUntil(lambda: not picker.view.own, timeout=5000)
    qtbot.waitUntil(lambda: badge.estimate.context_window == 8192, timeout=5000)
    qtbot.waitUntil(lambda: not window.model_picker.pending(), timeout=5000)


def test_another_process_change_shows_live(window: Any, services: Services, qtbot: Any,
                                           fake_vendor: FakeVendor) -> None:
    topic, _other = _open(window, services, qtbot, fake_vendor)
    picker = window.model_picker.picker
    badge = window.composer.badge
    qtbot.waitUntil(lambda: services.watcher.ready.is_set(), timeout=5000)
    elsewhere = open_services(services.database_url)  # another process on the same store
    try:
        elsewhere.providers.add("Away", "openai_compatible", fake_vendor.base_url, api_key="sk-a")
        elsewhere.topic_models.set(topic, "gpt-4o", "Away")
        qtbot.waitUntil(lambda: picker.view.model == "gpt-4o" and picker.view.provider_name == "Away",
                        timeout=5000)
        qtbot.waitUntil(lambda: badge.estimate.context_window == 128_000, timeout=5000)
        elsewhere.providers.delete("Away")  # the topic falls back to the assistant's model
        qtbot.waitUntil(lambda: not picker.view.own, timeout=5000)
        assert "its provider was deleted" in window.status_line.currentMessage()
        qtbot.waitUntil(lambda: badge.estimate.context_window == 8192, timeout=5000)
    finally:
        elsewhere.close()
    qtbot.waitUntil(lambda: not window.model_picker.pending(), timeout=5000)


def test_picker_heads_its_groups_and_takes_a_typed_id(window: Any, services: Services, qtbot: Any,
                                                      fake_vendor: FakeVendor, monkeypatch: Any) -> None:
    """Walkthrough F7: the topic's picker heads the provider's own models "Served by Fake"
    and ends with "Another model…", which sets a typed id for this topic."""
    from PySide6.QtWidgets import QInputDialog

    topic, _other = _open(window, services, qtbot, fake_vendor)
    picker = window.model_picker.picker
    picker._build()  # what opening the menu does
    from chathub_desktop.gui.topics.topic_model_picker import heading_texts

    assert heading_texts(picker.menu_) == ["Served by Fake"]
    plain = [a.text() for a in picker.menu_.actions() if a.text() and not a.isSeparator()]
    assert plain == ["Use the assistant's model (gpt-4)", "fake-model", "gpt-4o", "Another model…"]
    monkeypatch.setattr(QInputDialog, "getText", lambda *_a: ("served-later-7b", True))
    picker.actions_by_text()["Another model…"].trigger()
    qtbot.waitUntil(lambda: picker.view.own and picker.view.model == "served-later-7b", timeout=5000)
    assert services.topic_models.show(topic).model == "served-later-7b"
    qtbot.waitUntil(lambda: not window.model_picker.pending(), timeout=5000)


def test_typing_in_the_model_menu_filters_every_provider_and_enter_chooses(
        window: Any, services: Services, qtbot: Any, fake_vendor: FakeVendor) -> None:
    """walk29 #7: the composer's model menu opens with its search field focused; typing
    narrows it to the matching models of every provider in one list; Enter picks the first."""
    topic, _other = _open(window, services, qtbot, fake_vendor)
    picker = window.model_picker.picker
    o = services.providers.add("Other", "openai_compatible", fake_vendor.base_url, api_key="sk-o")
    services.provider_models.remember(o.id, ["gpt-4o-mini", "llama-3.1-8b"])
    window.model_picker.sync()
    qtbot.waitUntil(lambda: len(picker.groups) == 2, timeout=5000)
    picker.menu_.popup(picker.mapToGlobal(picker.rect().bottomLeft()))
    search = picker.search
    assert search is not None and search.placeholderText() == "Search models"
    qtbot.waitUntil(search.hasFocus, timeout=3000)
    qtbot.keyClicks(search, "4O")
    shown = [a.text().split("\t", 1)[0] for a in picker.menu_.actions() if a.isVisible() and a.text()]
    assert shown == ["gpt-4o", "gpt-4o-mini — Other"]  # the topic's provider first, then the others flat
    search.clear()
    qtbot.keyClicks(search, "llama")
    qtbot.keyClick(search, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: picker.view is not None and picker.view.own and picker.view.model == "llama-3.1-8b",
                    timeout=5000)
    assert picker.view.provider_name == "Other" and not picker.menu_.isVisible()
    picker.menu_.popup(picker.mapToGlobal(picker.rect().bottomLeft()))
    assert [a for a in picker.menu_.actions() if a.objectName() == "modelSearchHit" and a.isVisible()] == []
    picker.menu_.hide()
