"""Why no History Compress model can run (CMP-3, issue 28): one vocabulary shared by the
services that find the problem and the window that offers the fix."""

from __future__ import annotations

from enum import StrEnum


class SummarizerProblem(StrEnum):
    """Why no History Compress model can run: the setting is ``EMPTY``, or ``NO_PROVIDER``
    serves the model it names. The window answers either with a button that opens
    Settings → System Agent."""

    EMPTY = "empty"
    NO_PROVIDER = "no_provider"
