"""The System Agent page's threshold fields take the declared ranges (issue 31: one
declaration per setting), so a value set on the CLI is shown as stored and Save keeps it."""

from __future__ import annotations


def test_a_buffer_set_on_the_cli_is_shown_and_kept(window, services, qtbot):  # type: ignore[no-untyped-def]
    """NUM-3/6/8 values up to the declared maxima (10,000,000 / 10,000 / 1,000) survive the page."""
    services.settings.set("compact-enabled", "on")
    services.settings.set("compact-buffer-tokens", "2,000,000")
    services.settings.set("compact-keep-recent", "5000")
    services.settings.set("compact-max-failures", "500")
    dlg = window.pages.open_system_agent()
    page = dlg.system_page
    qtbot.waitUntil(lambda: not page.resolving(), timeout=5000)  # read on a worker (issue 29)
    assert (page.buffer_spin.value(), page.keep_spin.value(), page.failures_spin.value()) == (2_000_000, 5000, 500)
    # the tooltips say the declared defaults, not the stored values (NUM-3 13000, NUM-6 12, NUM-8 3)
    assert "(default 13,000)" in page.buffer_spin.toolTip() and "(default 12;" in page.keep_spin.toolTip()
    assert page.failures_spin.toolTip().endswith("(default 3)")
    page.save_button.click()
    qtbot.waitUntil(lambda: page.status_label.text() == "Saved.")  # stored on a worker
    assert (services.settings.get("compact-buffer-tokens"), services.settings.get("compact-keep-recent"),
            services.settings.get("compact-max-failures")) == (2_000_000, 5000, 500)
    dlg.back()


def test_the_page_reads_on_a_worker_and_save_waits_for_what_is_stored(window, services, qtbot):  # type: ignore[no-untyped-def]
    """Issue 29 / walk36 #10: System Agent reads the stored settings off the GUI thread; until
    they are shown, Save is off, so it can never store the form's defaults over them."""
    services.settings.set("compact-keep-recent", "40")
    dlg = window.pages.open_system_agent()
    page = dlg.system_page
    assert not page.save_button.isEnabled()  # not read yet
    qtbot.waitUntil(lambda: not page.resolving(), timeout=5000)
    assert page.save_button.isEnabled() and page.keep_spin.value() == 40
    dlg.back()
