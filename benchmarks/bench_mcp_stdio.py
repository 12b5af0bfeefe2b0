"""Our stdio transport against the SDK's, on a large result (issues 25/32).

    python benchmarks/bench_mcp_stdio.py [--repeat N] [--chars C]

The SDK-built probe server (``tests/fakes/mcp_probe_server.py``) answers ``big(C)``
(a result of C characters, sent as text and structured copy: about 2·C bytes on one
line) over stdio, once through the SDK's ``stdio_client`` (the baseline, unbounded)
and once through ``providers.mcp_stdio.StdioTransport`` (64 MB bound), each under the
SDK's ``ClientSession``. Prints the median seconds of a call per transport and the
ratio to the baseline, alternating the two so the machine's load hits both alike.

2026-12-02, 2 cores shared with ~8 engineers' test runs, 5 calls each (two runs agreed)::

    big(8,000,000) over stdio, 5 calls each
    transport             median s   max s   × SDK
    SDK stdio_client         0.798   1.838    1.00
    StdioTransport           0.114   0.137    0.14

The bound costs nothing measurable: the SDK decodes each 64 KiB read to text and
re-joins the growing line per read, while the transport keeps bytes and hands the
finished line to the JSON-RPC parser once.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

PROBE = str(Path(__file__).parents[1] / "tests" / "fakes" / "mcp_probe_server.py")
ENV = {"CHATHUB_ALLOW_TEST_DOUBLES": "1", "PATH": os.environ.get("PATH", os.defpath)}


async def _calls(ours: bool, repeat: int, chars: int) -> list[float]:
    """Seconds of each of ``repeat`` ``big(chars)`` calls through one transport."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    from chathub_desktop.providers.mcp_stdio import StdioTransport

    with open(os.devnull, "w", encoding="utf-8") as errlog:
        opened = (StdioTransport(sys.executable, [PROBE], env=ENV, cwd=None, stderr=errlog).open() if ours else
                  stdio_client(StdioServerParameters(command=sys.executable, args=[PROBE], env=ENV), errlog=errlog))
        async with opened as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            seconds = []
            for _ in range(repeat):
                started = time.perf_counter()
                result = await session.call_tool("big", {"chars": chars})
                seconds.append(time.perf_counter() - started)
                assert len(result.content[0].text) == chars  # type: ignore[union-attr]
            return seconds


def main() -> None:
    """Run both transports ``--repeat`` times each and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--chars", type=int, default=8_000_000)
    args = parser.parse_args()
    runs: dict[str, list[float]] = {"SDK stdio_client": [], "StdioTransport": []}
    for _ in range(args.repeat):
        runs["SDK stdio_client"] += asyncio.run(_calls(False, 1, args.chars))
        runs["StdioTransport"] += asyncio.run(_calls(True, 1, args.chars))
    base = statistics.median(runs["SDK stdio_client"])
    print(f"big({args.chars:,}) over stdio, {args.repeat} calls each")
    print(f"{'transport':<20}{'median s':>10}{'max s':>8}{'× SDK':>8}")
    for name, seconds in runs.items():
        median = statistics.median(seconds)
        print(f"{name:<20}{median:>10.3f}{max(seconds):>8.3f}{median / base:>8.2f}")


if __name__ == "__main__":
    main()
