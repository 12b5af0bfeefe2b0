"""The suite's condition waits are scaled for a loaded machine (tests/wait_scale.py)."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QObject, Signal

from tests.wait_scale import scale


class _Never(QObject):
    fired = Signal()


def test_a_condition_met_at_once_costs_nothing_more(qtbot) -> None:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: True, timeout=100)


def test_a_wait_that_never_ends_still_fails_after_the_scaled_bound(qtbot) -> None:  # type: ignore[no-untyped-def]
    never = _Never()
    start = time.monotonic()
    with pytest.raises(qtbot.TimeoutError):
        with qtbot.waitSignal(never.fired, timeout=50):
            pass
    # 50 ms × the factor (4 unless CHATHUB_TEST_WAIT_SCALE says): longer, but bounded
    assert time.monotonic() - start >= 0.05 * scale() * 0.95
