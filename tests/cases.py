"""Case counts of the property tests, bounded for CI (issue 28: the suite on a loaded
2-core machine).

A property test's ``max_examples`` is written as ``cases(N)``: N is the full count,
and a CI run (``tests/run.sh``) draws ``N × CHATHUB_PROPERTY_SCALE`` cases (default
0.5, never fewer than 10 or N itself when N is smaller). ``CHATHUB_PROPERTY_SCALE=1``
runs the full counts; a larger value runs more (a long run). The examples differ from
run to run (Hypothesis is not derandomized here), so the CI runs together still cover
the full count and more.
"""

from __future__ import annotations

import os

#: Cases no property test goes below (unless its full count is smaller).
FLOOR = 10


def scale() -> float:
    """The factor from ``CHATHUB_PROPERTY_SCALE`` (a float > 0; default 0.5)."""
    return max(0.01, float(os.environ.get("CHATHUB_PROPERTY_SCALE", "0.5")))


def cases(full: int) -> int:
    """``max_examples`` for a property test whose full count is ``full`` (≥ 1): ``full ×``
    :func:`scale`, rounded, but at least ``min(full, FLOOR)``."""
    return max(min(full, FLOOR), round(full * scale()))
