"""Benchmark: the bounded SSE reader costs little beside the JSON every event needs (issue 32).

100,000 Chat Completions chunks of one short text delta each (about 17 MB), fed in
16 KB pieces as a socket delivers them, plain and gzip-compressed, in the same run:

1. **Baseline**: ``json.loads`` of every event's data (the work a client does anyway,
   the events pre-split).
2. **Bounded reader**: ``BoundedDecoder`` + ``SSEParser`` over the raw pieces (line,
   event, body and ratio bounds on).

Prints MB/s, events/s and the reader's time as a ratio of the baseline.

Usage: ``python benchmarks/bench_sse_parse.py``.
"""

from __future__ import annotations

import json
import sys
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from chathub_desktop.providers.bounded_body import BoundedDecoder, SSEParser  # noqa: E402
from chathub_desktop.providers.stream_limits import Limit, StreamLimits  # noqa: E402

EVENTS = 100_000
PIECE = 16 * 1024


def _body() -> bytes:
    words = [f" w{(i * 7919) % 5000}" for i in range(EVENTS)]  # varied tokens, as a model sends
    return "".join(
        "data: " + json.dumps({"id": "chatcmpl-1", "object": "chat.completion.chunk", "model": "gpt-4o",
                               "choices": [{"index": 0, "delta": {"content": w}, "finish_reason": None}]})
        + "\n\n" for w in words).encode()


def _read(pieces: list[bytes], encoding: str) -> tuple[float, int]:
    limits = StreamLimits()
    decoder = BoundedDecoder(encoding, limits, max_bytes=limits.body_bytes, limit=Limit.BODY)
    parser = SSEParser(limits)
    started = time.perf_counter()
    n = 0
    for raw in pieces:
        for piece in decoder.feed(raw):
            for _event in parser.feed(piece):
                n += 1
    return time.perf_counter() - started, n


def main() -> None:
    """Run both measurements and print their figures."""
    body = _body()
    datas = [line[6:] for line in body.split(b"\n\n") if line]
    started = time.perf_counter()
    for data in datas:
        json.loads(data)
    baseline = time.perf_counter() - started
    plain = [body[i:i + PIECE] for i in range(0, len(body), PIECE)]
    gz = zlib.compress(body, 6, wbits=31)
    packed = [gz[i:i + PIECE] for i in range(0, len(gz), PIECE)]
    mb = len(body) / 2**20
    print(f"{EVENTS:,} events, {mb:.1f} MB (gzip {len(gz) / 2**20:.2f} MB)")
    print(f"baseline json.loads: {baseline:.3f} s ({EVENTS / baseline:,.0f} events/s)")
    for name, pieces, encoding in (("plain", plain, ""), ("gzip", packed, "gzip")):
        took, n = _read(pieces, encoding)
        assert n == EVENTS
        print(f"bounded reader, {name}: {took:.3f} s ({mb / took:.1f} MB/s, {n / took:,.0f} events/s), "
              f"{took / baseline:.2f}x the baseline")


if __name__ == "__main__":
    main()
