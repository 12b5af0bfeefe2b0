"""Fail a test that logs an unexpected WARNING or ERROR (issue 24; the idea of
qutebrowser's tests/helpers/logfail.py).

A product warning in a test is either a bug or something the test means to provoke.
A test that provokes one says so: ``@pytest.mark.expect_log`` lets every record through,
``@pytest.mark.expect_log(r"regex", ...)`` only records whose message matches one of the
patterns; ``caplog.at_level(logging.WARNING, logger=NAME)`` (the record's logger set to
exactly its level, or the root logger moved to it) counts as expecting it too. Records are collected from every thread and reported at the
test's teardown, so a warning logged on a worker thread is not lost.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterator

import pytest

#: Records every test may log. The fake vendor (tests/fakes/vendor_server.py) reports
#: ``input_tokens=11`` for a reply without a scripted usage; on 127.0.0.1 that is a local
#: server that read far less than it was sent, which REF-27 rightly warns about. A test
#: of that warning scripts its own figure (and marks itself ``expect_log``).
ALWAYS_EXPECTED = (re.compile(r"^provider reported 11 input tokens for a request counted at \d+"),)


class LogFailHandler(logging.Handler):
    """Collects WARNING-and-above records that no marker or ``caplog.at_level`` expected."""

    def __init__(self, patterns: list[re.Pattern[str]] | None) -> None:
        super().__init__(logging.WARNING)
        self._patterns = patterns
        self._lock_records = threading.Lock()
        self._root_level = logging.getLogger().level  # WARNING by default: not a request
        self.unexpected: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep ``record`` unless it was expected."""
        root_level = logging.getLogger().level
        if logging.getLogger(record.name).level == record.levelno \
                or (root_level != self._root_level and root_level == record.levelno):
            return  # caplog.at_level(<this level>): the test asked for it
        message = record.getMessage()
        if any(p.search(message) for p in ALWAYS_EXPECTED):
            return
        if self._patterns is not None and any(p.search(message) for p in self._patterns):
            return
        with self._lock_records:
            self.unexpected.append(f"{record.levelname} {record.name}: {message[:300]}")


@pytest.fixture(autouse=True)
def fail_on_logging(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail the test at teardown when it logged a WARNING or ERROR it did not expect."""
    marker = request.node.get_closest_marker("expect_log")
    if marker is not None and not marker.args:
        yield
        return
    patterns = [re.compile(p) for p in marker.args] if marker is not None else None
    handler = LogFailHandler(patterns)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)
        handler.close()
    if handler.unexpected:
        shown = "\n  ".join(handler.unexpected[:10])
        pytest.fail(f"unexpected log records (mark the test expect_log if it means to "
                    f"provoke them):\n  {shown}", pytrace=False)
