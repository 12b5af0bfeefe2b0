"""No History Compress model can run (issue 28, CMP-3): Compact now, the token popover and
the dream panel say so in plain words and offer "Choose History Compress model…", which
opens Settings → System Agent — never a failure naming only an internal id.

The setup is the one of the issue: the default ``gpt-5-mini`` with only a local
OpenAI-compatible server configured.
"""

from __future__ import annotations

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.compaction.summarizer import (
    SummarizerProblem,
    SummarizerUnavailable,
    resolve_summarizer,
)
from tests.fakes.vendor_server import FakeVendor
from tests.gui import test_dream_panel as dream_tests
from tests.gui.helpers import add_fake_provider, reload_assistants, wait_shown
from tests.gui.test_dream_panel import active_yesterday, idle

memory_page = dream_tests.open_page  # the dream panel tests' page fixture


def test_resolving_says_which_problem_it_is_typed(services, fake_vendor):  # type: ignore[no-untyped-def]
    add_fake_provider(services, fake_vendor.base_url)  # a local server: openai_compatible
    with pytest.raises(SummarizerUnavailable) as err:
        resolve_summarizer(services.db, services.settings, services.catalog)
    assert err.value.problem is SummarizerProblem.NO_PROVIDER and err.value.model == "gpt-5-mini"


def test_compact_now_without_a_summarizer_offers_the_choice(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    _pid, aid = add_fake_provider(services, fake_vendor.base_url)
    topic = services.topics.create(aid, "Long chat").id
    for k in range(3):
        services.chat.append_row(topic, role=Role.USER, content=f"question {k} " + "lorem " * 200)
        services.chat.append_row(topic, role=Role.ASSISTANT, content=f"answer {k} " + "ipsum " * 200)
    services.chat.append_row(topic, role=Role.USER, content="and one more")
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic)
    wait_shown(window, qtbot, topic)
    badge = window.composer.badge
    qtbot.waitUntil(lambda: badge.estimate is not None, timeout=5000)
    window.compaction.compact_topic()
    qtbot.waitUntil(lambda: window.compaction.needs_summarizer(topic), timeout=8000)
    c = window.compaction
    # the status bar: plain words and the button, no progress bar or Stop
    assert c.box.isVisible() and c.choose_button.isVisible()
    assert not c.bar.isVisible() and not c.stop_button.isVisible()
    assert c.label.text() == "Can't summarize: no provider serves “gpt-5-mini”"
    text = c.label.toolTip()
    assert text.startswith("None of your providers serves the History Compress model")
    assert "“gpt-5-mini”" in text and "Settings → System Agent" in text
    assert "no provider for" not in text
    # the popover says the same and offers the same choice
    badge.open_popover()
    pop = badge.popover
    assert pop.status.text() == text and pop.choose_summarizer_button.isVisible()
    pop.choose_summarizer_button.click()
    assert not pop.isVisible()
    dlg = window.dialogs["settings"]
    assert dlg.system_page is not None and dlg.current_page() is dlg.system_page
    # saving the page forgets the note (once the page has read what is stored, on a worker)
    qtbot.waitUntil(lambda: not dlg.system_page.resolving(), timeout=5000)
    dlg.system_page.save_button.click()
    qtbot.waitUntil(lambda: not c.needs_summarizer(topic), timeout=3000)
    assert not c.box.isVisible()
    dlg.back()


def test_dream_now_without_a_summarizer_offers_the_choice(qloop, services, qtbot):  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.memory.fixed_page import MemoryPage

    with FakeVendor() as local:
        _pid, aid = add_fake_provider(services, local.base_url)
        active_yesterday(services, aid)
        page = MemoryPage(services, aid)
        page.show()
        try:
            qtbot.waitUntil(lambda: page.loads >= 1 and page.dream_panel.loads >= 1 and not page.runner.pending(),
                            timeout=5000)
            panel = page.dream_panel
            panel.runs.dream_now()
            idle(qtbot, panel)
            assert panel.error_label.isVisible()
            text = panel.error_label.text()
            assert "None of your providers serves the History Compress model" in text
            assert "Settings → System Agent" in text and "no provider for" not in text
            assert panel.choose_summarizer_button.isVisible()
            with qtbot.waitSignal(panel.events.summarizer_choice_requested, timeout=1000):
                panel.choose_summarizer_button.click()
            assert not local.requests
        finally:
            page.detach()
            qtbot.waitUntil(lambda: not page.runner.pending(), timeout=3000)
            page.close()
            page.deleteLater()
