"""The summary viewer's Probes tab (issue 26, CMP-18): "Check summary…" shows the cost
before anything is sent, "Run check" asks the History Compress model and the table shows
what the summary lost; the verdict is kept and shown when the viewer opens again.

``CHATHUB_SHOTS=/dir`` saves offscreen PNGs of the tab in both themes."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.design.audit import audit_window
from chathub_desktop.services.container import Services
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.gui.helpers import add_fake_provider, loaded, reload_assistants, saved, wait_shown


@pytest.fixture
def summ() -> Iterator[FakeVendor]:
    with FakeVendor() as vendor:
        yield vendor


def _answer(text: str) -> Reply:
    return Reply(text_chunks=[text])


def test_check_the_summary_from_the_viewer(window, services: Services, fake_vendor: FakeVendor,  # type: ignore[no-untyped-def]
                                           summ: FakeVendor, qtbot) -> None:
    services.providers.add("Summ", "openai", summ.base_url, api_key="k")
    services.settings.set("history-compress-model", "Summ/gpt-5-mini")
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    topic = services.topics.create(aid, "Report chat").id
    filler = " lorem" * 400  # a summary of this turn shrinks the request (walk37 #12)
    services.chat.append_row(topic, role=Role.USER, content="Save the report to docs/report.md today." + filler)
    services.chat.append_row(topic, role=Role.ASSISTANT, content="Done; the row limit is 250 rows." + filler)
    services.chat.append_row(topic, role=Role.USER, content="and one more question")
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    window.resize(1100, 720)
    summ.script(_answer("<summary>The report goes to docs/report.md.</summary>"))
    assert window.compaction.compact_topic(topic) is not None
    qtbot.waitUntil(lambda: not window.compaction.is_compacting(topic), timeout=8000)
    dialog = window.compaction.open_summary(topic)
    assert dialog is not None
    qtbot.waitUntil(dialog.is_loaded, timeout=5000)
    panel = dialog.probes
    dialog.tabs.setCurrentIndex(dialog.probes_index)
    qtbot.waitUntil(lambda: panel.verdict_label.text() == "This summary has not been checked yet.", timeout=3000)
    assert panel.check_button.isVisible() and not panel.run_button.isVisible()
    sent = len(summ.requests)
    panel.check_button.click()
    qtbot.waitUntil(lambda: panel.run_button.isVisible(), timeout=5000)
    assert panel.cost_label.text().startswith("2 probes: 4 requests to Summ/gpt-5-mini, about ")
    assert len(summ.requests) == sent  # the cost is shown before anything is sent
    summ.script(_answer("docs/report.md"), _answer("docs/report.md"), _answer("250"), _answer("UNKNOWN"))
    panel.run_button.click()
    qtbot.waitUntil(lambda: panel.report is not None, timeout=8000)
    assert panel.verdict_label.text() == ("The summary lost 1 of 2 answerable probes: numbers '250'. "
                                          "Checked by Summ/gpt-5-mini.")
    assert panel.table.rowCount() == 2
    assert [panel.table.item(r, 5).text() for r in range(2)] == ["Kept", "Lost"]
    assert panel.check_button.isVisible() and len(summ.requests) == sent + 4
    out = os.environ.get("CHATHUB_SHOTS")
    for theme in ("dark", "light"):  # the tab reads in both themes: contrast ≥ 4.5:1, nothing clipped
        window.view.theme_actions[theme].trigger()
        qtbot.wait(50)
        report = audit_window(dialog, theme)
        assert report.ok, report.line() + "".join(f"\n{f.what}: {f.detail}" for f in report.contrast + report.clipped)
        if out:
            dialog.grab().save(os.path.join(out, f"summary-probes-{theme}.png"))
    dialog.close()
    again = window.compaction.open_summary(topic)
    assert again is not None
    qtbot.waitUntil(again.is_loaded, timeout=5000)  # read on a worker (issue 29)
    again.tabs.setCurrentIndex(again.probes_index)
    qtbot.waitUntil(lambda: again.probes.report is not None, timeout=3000)
    assert again.probes.verdict_label.text().startswith("The summary lost 1 of 2 answerable probes")
    again.close()


def test_the_probe_setting_is_off_by_default_and_saved_from_chat_preference(  # type: ignore[no-untyped-def]
        window, services: Services, qtbot) -> None:
    a = services.assistants.create("Prefs", model="gpt-4o-mini")
    reload_assistants(window, qtbot, a.id)
    dlg = loaded(window.pages.open_edit_assistant(), qtbot)
    dlg.open_chat_preference()
    ui = dlg.ui
    assert not ui.probeSummariesCheck.isChecked()
    assert "old summary stays" in ui.probeSummariesCheck.toolTip()
    ui.probeSummariesCheck.setChecked(True)
    out = os.environ.get("CHATHUB_SHOTS")
    if out:
        for theme in ("light", "dark"):
            window.view.prefs.set_theme(theme)
            qtbot.wait(50)
            dlg.grab().save(os.path.join(out, f"assistant-probe-setting-{theme}.png"))
        window.view.prefs.set_theme("light")
    saved(dlg, qtbot)
    assert services.assistants.get(a.id).probe_summaries
    assert loaded(window.pages.open_edit_assistant(), qtbot).ui.probeSummariesCheck.isChecked()
