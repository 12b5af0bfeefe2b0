"""The collector's pause while the window starts (issue 29: start-up within 1.5x a bare
window; :mod:`chathub_desktop.startup_gc`)."""

from __future__ import annotations

import gc

from chathub_desktop import startup_gc


def test_a_paused_collector_runs_again_with_what_lived_frozen() -> None:
    """Paused, the collector does not run; resumed, it runs again with every object
    alive by then out of its reach, and a second resume changes nothing."""
    assert gc.isenabled()
    frozen_before = gc.get_freeze_count()
    try:
        startup_gc.pause()
        assert not gc.isenabled()
        startup_gc.resume()
        assert gc.isenabled()
        frozen = gc.get_freeze_count()
        assert frozen > frozen_before
        startup_gc.resume()
        assert gc.isenabled() and gc.get_freeze_count() == frozen
    finally:
        gc.enable()
        gc.unfreeze()  # the test process's objects collectable again


def test_a_collector_switched_off_before_stays_off() -> None:
    """A program that switched the collector off itself keeps it off: the pause never
    turns on what it did not turn off."""
    gc.disable()
    try:
        startup_gc.pause()
        startup_gc.resume()
        assert not gc.isenabled()
    finally:
        gc.enable()
