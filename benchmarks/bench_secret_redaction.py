"""Benchmark: secrets kept out of memory and summaries (issue 19).

Prints, for the detector used before text is remembered (``services.memory.secret_scan``):

1. how long the library's rules take to load in this process (with its rule cache);
2. milliseconds per 100 KB of ordinary memory text: the own patterns alone, the
   library alone, and ``redact_secrets`` (both) — goal: under 5 ms per 100 KB;
3. false positives on 1,000 ordinary memory lines (goal 0) and the real-shaped secrets
   caught (goal: all) from ``tests.fakes.memory_lines``.

Usage: ``python benchmarks/bench_secret_redaction.py [--rounds 20]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GOAL_MS_PER_100KB = 5.0


def main() -> int:
    """Run the measurements and print them; exit code 0."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    from chathub_desktop.core.secret_redaction import own_spans
    from chathub_desktop.services.memory.secret_scan import (
        library_spans,
        library_status,
        redact_secrets,
    )
    from tests.fakes.memory_lines import SECRETS, ordinary_lines

    t0 = time.perf_counter()
    status = library_status()
    print(f"detector: {status}; rules loaded in {time.perf_counter() - t0:.2f} s")
    lines = ordinary_lines(1000)
    text = ("\n".join(lines) * 2)[:100_000]
    for name, fn in (("own patterns", own_spans), ("library", library_spans), ("redact_secrets", redact_secrets)):
        start = time.perf_counter()
        for _ in range(args.rounds):
            fn(text)
        ms = (time.perf_counter() - start) / args.rounds * 1000
        print(f"{name:>15}: {ms:6.2f} ms per 100 KB (goal < {GOAL_MS_PER_100KB} ms)")
    fp = sum(1 for line in lines if redact_secrets(line).changed)
    print(f"false positives on {len(lines):,} ordinary memory lines: {fp} (goal 0)")
    caught = sum(1 for _k, tpl, secret in SECRETS if secret not in redact_secrets(tpl.format(s=secret)).text)
    print(f"real-shaped secrets redacted: {caught} of {len(SECRETS)} (goal all)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
