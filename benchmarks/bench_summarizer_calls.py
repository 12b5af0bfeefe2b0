"""Per-call overhead of History Compress requests (issue 28).

    python benchmarks/bench_summarizer_calls.py [--calls N]

A compaction of a 20,000-message topic makes ~500 summarizer requests one after another;
each used to build a new provider client (a store read, a key lookup and a new TCP
connection). This measures, against an instant local server, the wall time per call of:

- **httpx floor**: one bare ``httpx.AsyncClient`` streaming the same request N times
  (what any client must pay: HTTP, SSE parsing, the loop);
- **client per call**: ``Summarizer.complete`` outside a session (the old behaviour; the
  dream and threshold paths still make one call each this way);
- **one client per run**: ``async with Summarizer(...)`` (what a compaction run does now).

The server is a minimal HTTP/1.1 keep-alive server in a **child process** (so its work
never takes our GIL) that answers every POST with a 4-chunk OpenAI SSE reply. The store
is SQLite in a temp dir; the key comes from an environment variable. Ratios are to the
floor measured in the same run; "TCP conns" counts the connections the server accepted.

Measured 2026-12-02 on the shared 2-core machine (busy; 200 calls each, 5 rounds)::

    200 calls each         median ms   mean ms  × floor TCP conns
    httpx floor                 5.67      6.21     1.00         5
    client per call            19.87     20.57     3.50       200
    one client per run         11.97     12.35     2.11       200

One client per run saves the store read, the key lookup and the client build (~8 ms a
call). It still opened a connection per call then: the OpenAI Chat client stopped reading
at ``[DONE]`` and closed the response before the body's end, so httpcore could not put
the connection back in its pool. Now it reads the (bounded) rest of the body after
``[DONE]``, and a run keeps one connection. Measured 2026-12-02 after that change
(200 calls each, 5 rounds; one connection per round and mode)::

    200 calls each         median ms   mean ms  × floor TCP conns
    httpx floor                 0.53      0.71     1.00         5
    client per call             2.07      2.52     3.88       200
    one client per run          0.65      0.83     1.21         5
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: Rounds the calls are split into; each mode runs once per round, in turn.
ROUNDS = 5
_CHUNKS = [{"choices": [{"index": 0, "delta": {"content": t}, "finish_reason": None}]}
           for t in ("<summary>", "the topic ", "so far", "</summary>")]
_CHUNKS.append({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 40, "completion_tokens": 4, "total_tokens": 44}})
SSE_BODY = "".join(f"data: {json.dumps(c)}\n\n" for c in _CHUNKS).encode() + b"data: [DONE]\n\n"


def _serve(port_out: Any, accepted: Any) -> None:
    """The child: answer every request on a kept-alive connection with :data:`SSE_BODY`;
    ``accepted`` (a shared int) counts the TCP connections it accepted."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with accepted.get_lock():
            accepted.value += 1
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":", 1)[1])
                await reader.readexactly(length)
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                             b"Content-Length: " + str(len(SSE_BODY)).encode() + b"\r\n\r\n" + SSE_BODY)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    async def main() -> None:
        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        port_out.send(server.sockets[0].getsockname()[1])
        async with server:
            await server.serve_forever()

    asyncio.run(main())


async def _floor(url: str, body: dict[str, object], calls: int) -> list[float]:
    import httpx

    times = []
    async with httpx.AsyncClient(timeout=30) as client:
        for _ in range(calls):
            t0 = time.perf_counter()
            async with client.stream("POST", url, json=body, headers={"Authorization": "Bearer sk-bench"}) as r:
                async for _line in r.aiter_lines():
                    pass
            times.append(time.perf_counter() - t0)
    return times


async def _summarizer(summarizer: object, calls: int, session: bool) -> list[float]:
    from chathub_desktop.core.messages import ChatMessage, Role
    from chathub_desktop.services.compaction.summarizer import Summarizer

    assert isinstance(summarizer, Summarizer)
    messages = [ChatMessage(Role.USER, "Summarize: the user asked about lorem ipsum.")]
    times = []

    async def run() -> None:
        for _ in range(calls):
            t0 = time.perf_counter()
            await summarizer.complete(messages, 64)
            times.append(time.perf_counter() - t0)

    if session:
        async with summarizer:
            await run()
    else:
        await run()
    return times


def main() -> None:
    """Run the three measurements and print ms per call and the ratio to the floor."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--calls", type=int, default=200, help="calls per mode (default 200, in 5 rounds)")
    args = parser.parse_args()
    parent, child = multiprocessing.Pipe()
    accepted = multiprocessing.Value("i", 0)
    connections: dict[str, int] = {"httpx floor": 0, "client per call": 0, "one client per run": 0}
    server = multiprocessing.Process(target=_serve, args=(child, accepted), daemon=True)
    server.start()
    try:
        port = parent.recv()
        base = f"http://127.0.0.1:{port}/v1"
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["CHATHUB_BENCH_KEY"] = "sk-bench"
            from chathub_desktop.services.compaction.summarizer import (
                Summarizer,
                resolve_summarizer,
            )
            from chathub_desktop.services.container import open_services

            svc = open_services(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}", Path(tmp))
            try:
                svc.providers.add("Bench", "openai_compatible", base, api_key_env="CHATHUB_BENCH_KEY")
                svc.settings.set("history-compress-model", "Bench/bench-summarizer")
                target = resolve_summarizer(svc.db, svc.settings, svc.catalog)
                body = {"model": "bench-summarizer", "stream": True, "max_tokens": 64,
                        "messages": [{"role": "user", "content": "Summarize: lorem ipsum."}]}

                modes = {
                    "httpx floor": lambda n: _floor(f"{base}/chat/completions", body, n),
                    "client per call": lambda n: _summarizer(Summarizer(svc.providers, target), n, False),
                    "one client per run": lambda n: _summarizer(Summarizer(svc.providers, target), n, True),
                }

                async def measure() -> dict[str, list[float]]:
                    await _floor(f"{base}/chat/completions", body, 10)  # warm up imports and the server
                    out: dict[str, list[float]] = {name: [] for name in modes}
                    for _round in range(ROUNDS):  # interleaved: a busy neighbour hits all three alike
                        for name, run in modes.items():
                            before = accepted.value
                            out[name] += await run(args.calls // ROUNDS)
                            connections[name] += accepted.value - before
                    return out

                results = asyncio.run(measure())
            finally:
                svc.close()
    finally:
        server.kill()
        server.join()
    floor = statistics.median(results["httpx floor"])
    print(f"{str(len(results['httpx floor'])) + ' calls each':<22}{'median ms':>10}{'mean ms':>10}"
          f"{'× floor':>9}{'TCP conns':>10}")
    for name, times in results.items():
        med = statistics.median(times)
        print(f"{name:<22}{med * 1000:>10.2f}{statistics.mean(times) * 1000:>10.2f}"
              f"{med / floor:>9.2f}{connections.get(name, 0):>10}")


if __name__ == "__main__":
    main()
