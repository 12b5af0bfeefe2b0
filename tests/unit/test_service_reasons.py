"""The services' fixed reasons the window translates (issue 27) are worded exactly as the
services word them: a reworded service message would silently stay English."""

from __future__ import annotations

from chathub_desktop.gui.shell.service_reasons import REASONS, said_reason
from chathub_desktop.services.errors import STALE_MESSAGE, STORE_BUSY_MESSAGE, StaleDocument


def test_the_marked_reasons_are_the_services_own() -> None:
    assert {STALE_MESSAGE, STORE_BUSY_MESSAGE} <= REASONS
    assert str(StaleDocument()) in REASONS


def test_an_unknown_reason_is_shown_as_the_service_wrote_it() -> None:
    assert said_reason("card #3 [2026-12-01] changed meanwhile") == "card #3 [2026-12-01] changed meanwhile"
