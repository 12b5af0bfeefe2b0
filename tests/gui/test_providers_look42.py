"""Walk40 on Settings → Providers (issue 29, APP-1): "a list with a half-empty pane and a
generic server icon (the wizard tile had an 'L' mark)". A provider keeps its preset's
mark when the wizard found it on another port; the pane says where the key lives in
plain words, lists each model with the window it reported, and says what Test
connection does before it is pressed."""

from __future__ import annotations

from typing import Any

from chathub_desktop.core.provider_presets import PresetPlace
from chathub_desktop.gui.design.vendor_marks import VENDOR_MARKS
from chathub_desktop.gui.settings.providers_page import provider_place, provider_preset
from chathub_desktop.services.container import Services


def test_a_llama_cpp_server_on_another_port_keeps_its_mark_and_the_pane_is_filled(window: Any, services: Services,
                                                                                   qtbot: Any) -> None:
    p = services.providers.add("llama.cpp server", "openai_compatible", "http://localhost:8083/v1")
    services.provider_models.remember(p.id, ["smollm2-135m"], {"smollm2-135m": 8192})
    view = services.providers.get(p.id)
    preset = provider_preset(view)
    assert preset is not None and preset.name == "llama.cpp server" and VENDOR_MARKS[preset.name].letters == "L"
    assert provider_place(view) is PresetPlace.LOCAL
    other = services.providers.add("My box", "openai_compatible", "http://localhost:8099/v1")
    assert provider_preset(services.providers.get(other.id)) is None  # no name, no address of a preset
    page = window.pages.open_settings().providers_page
    qtbot.waitUntil(lambda: page.loads > 0 and page.list.count() == 2, timeout=5000)
    page.list.setCurrentRow(next(i for i in range(2) if page.list.item(i).text() == "llama.cpp server"))
    d = page.detail
    assert d.title.text() == "llama.cpp server"
    assert d.key_note.text() == "A server on your own computer or network needs no key."
    qtbot.waitUntil(lambda: d.model_list.isVisible(), timeout=5000)
    assert not d.models.isVisible()  # the list alone says the model (walk42 #5)
    assert d.model_list.text() == "• smollm2-135m · 8,192-token window"
    assert d.result.isVisible() and d.result.text().startswith("Not tested yet")
