"""Fuzz suite hooks: the figures of the run in the terminal summary (and as JSON in
``CHATHUB_FUZZ_REPORT`` when set)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.fuzz.harness import FIGURES, write_figures


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the fuzz figures once the run ends."""
    if FIGURES.cases:
        terminalreporter.write_line(FIGURES.line())
        for failure in FIGURES.failures[:40]:
            terminalreporter.write_line(f"  {failure}")
        report = os.environ.get("CHATHUB_FUZZ_REPORT")
        if report:
            write_figures(Path(report))
