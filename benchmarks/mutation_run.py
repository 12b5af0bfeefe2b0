"""Mutation run over the rule modules of ``core/`` (issue 24). Not part of CI.

For each module, one at a time, in a scratch copy of the project: mutmut 3 generates the
mutants of that module only, and a seeded sample of them (or all, ``--sample 0``) is run
against the unit tests that cover the module, at the lowest CPU priority with one child
process (the machine is shared). The closing lines give each module's score and the
total, and every surviving mutant's diff is written to ``<workdir>/survivors-<label>.txt``.

    python benchmarks/mutation_run.py                       # the tests of this checkout
    python benchmarks/mutation_run.py --tests-from 2910641 --label before
    python benchmarks/mutation_run.py --modules compaction,token_estimate --sample 0

Score = (killed + timeout) ÷ (mutants run); a mutant with no covering test counts as
surviving. mutmut 3 mutates code inside functions only: module-level constants (the
SPEC's figures such as 24,000 or 20) are not mutated here; the planted-mutation tests of
issue 24 cover those.

Needs ``pip install "mutmut>=3.8,<4"`` (the ``mutation`` extra of pyproject.toml).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Rule module → the unit tests that cover it.
MODULES: dict[str, tuple[str, ...]] = {
    "compaction": ("test_compaction_plan.py", "test_compaction_budgets.py"),
    "request_plan": ("test_compaction_budgets.py", "test_request_assembly.py"),
    "request_assembly": ("test_request_assembly.py", "test_compaction_budgets.py", "test_attachments.py"),
    "token_estimate": ("test_token_estimate.py", "test_compaction_budgets.py"),
    "image_tokens": ("test_token_estimate.py", "test_attachments.py"),
    "memory_injection": ("test_memory_injection.py",),
    "fixed_memory": ("test_fixed_memory.py", "test_memory_tools.py", "test_memory_search.py"),
    "dynamic_cards": ("test_dynamic_memory.py", "test_dynamic_caps.py", "test_memory_read_cards.py"),
    "dynamic_memory": ("test_dynamic_memory.py", "test_dynamic_caps.py", "test_memory_read_cards.py"),
    "threshold_compaction": ("test_threshold_compaction.py",),
    "dream_schedule": ("test_dream_wake.py", "test_dream_heartbeat.py", "test_dynamic_memory.py"),  # REF-17
}
KILLED = {"killed", "timeout", "caught by type check"}
LINE = re.compile(r"^\s*(\S+__mutmut_\d+): (.+)$")


@dataclass
class Score:
    """One module's counts."""

    module: str
    total: int
    run: int
    killed: int
    survivors: list[str]
    seconds: float

    def line(self) -> str:
        pct = 100.0 * self.killed / self.run if self.run else 0.0
        return (f"{self.module:22} {self.killed:4} of {self.run:4} killed ({pct:5.1f}%), "
                f"{len(self.survivors)} survived; {self.total} mutants in all; {self.seconds:.0f} s")


def _mutmut() -> list[str]:
    exe = Path(sys.executable).with_name("mutmut")
    return ["nice", "-n", "19", str(exe) if exe.exists() else "mutmut"]


def _prepare(work: Path, module: str, tests_from: str | None) -> None:
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "chathub_desktop", work / "chathub_desktop", ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")
    shutil.copytree(ROOT / "resources", work / "resources", ignore=ignore)  # the tokenizer files
    if tests_from:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", tests_from, "tests"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(work)], input=archive, check=True)
    else:
        shutil.copytree(ROOT / "tests", work / "tests", ignore=ignore)
    tests = "\n    ".join(f"tests/unit/{t}" for t in MODULES[module] if (work / "tests" / "unit" / t).exists())
    (work / "setup.cfg").write_text(
        "[mutmut]\n"
        "source_paths=chathub_desktop\n"
        f"only_mutate=chathub_desktop/core/{module}.py\n"
        "also_copy=tests\n    pyproject.toml\n    resources\n"
        f"pytest_add_cli_args_test_selection={tests}\n"
        "pytest_add_cli_args=-p no:cacheprovider -q\n",
        encoding="utf-8")


def _results(work: Path, env: dict[str, str]) -> dict[str, str]:
    out = subprocess.run([*_mutmut(), "results", "--all", "true"], cwd=work, env=env,
                         capture_output=True, text=True).stdout
    return {m.group(1): m.group(2).strip() for m in map(LINE.match, out.splitlines()) if m}


def run_module(module: str, workdir: Path, sample: int, seed: int, tests_from: str | None,
               timeout_s: float) -> tuple[Score, list[str]]:
    """Mutate ``core/<module>.py``, run the sample, return its score and the survivors' diffs."""
    t0 = time.monotonic()
    work = workdir / module
    _prepare(work, module, tests_from)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": ""}
    # a name that matches nothing: generates the mutants and the per-test coverage only
    subprocess.run([*_mutmut(), "run", "--max-children", "1", "none-such-mutant"], cwd=work, env=env,
                   capture_output=True, text=True, timeout=timeout_s)
    names = sorted(_results(work, env))
    chosen = names if sample <= 0 or sample >= len(names) else sorted(random.Random(seed).sample(names, sample))
    done = None
    if chosen:
        done = subprocess.run([*_mutmut(), "run", "--max-children", "1", *chosen], cwd=work, env=env,
                              capture_output=True, text=True, timeout=timeout_s)
    status = _results(work, env)
    if done is not None and all(status.get(n, "not checked") == "not checked" for n in chosen):
        print(f"{module}: mutmut ran nothing:\n{done.stdout[-1500:]}\n{done.stderr[-1500:]}", file=sys.stderr)
    seen = {n: status.get(n, "not checked") for n in chosen}
    ran = {n: s for n, s in seen.items() if s != "not checked"}
    survivors = sorted(n for n, s in ran.items() if s not in KILLED)
    diffs = [subprocess.run([*_mutmut(), "show", n], cwd=work, env=env, capture_output=True, text=True).stdout
             for n in survivors]
    return Score(module, len(names), len(ran), len(ran) - len(survivors), survivors, time.monotonic() - t0), diffs


def main(argv: list[str] | None = None) -> int:
    """Run the modules one at a time and print the scores."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--modules", default=",".join(MODULES), help="comma-separated core module names")
    ap.add_argument("--sample", type=int, default=20, help="mutants per module (0 = all)")
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--tests-from", help="take tests/ from this git revision (e.g. before a change)")
    ap.add_argument("--label", default="now")
    ap.add_argument("--workdir", type=Path, default=Path("/tmp/chathub-mutation"))
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds per module step")
    args = ap.parse_args(argv)
    workdir = args.workdir / args.label
    workdir.mkdir(parents=True, exist_ok=True)
    scores: list[Score] = []
    report = workdir.parent / f"survivors-{args.label}.txt"
    with report.open("w", encoding="utf-8") as out:
        for module in args.modules.split(","):
            score, diffs = run_module(module, workdir, args.sample, args.seed, args.tests_from, args.timeout)
            scores.append(score)
            print(score.line(), flush=True)
            for name, diff in zip(score.survivors, diffs, strict=True):
                out.write(f"## {name}\n{diff}\n")
    run = sum(s.run for s in scores)
    killed = sum(s.killed for s in scores)
    sampled = "" if args.sample <= 0 else f" (a seeded sample of {args.sample} a module, seed {args.seed})"
    print(f"{args.label}: {killed} of {run} mutants killed, score {100.0 * killed / max(1, run):.1f}%{sampled}; "
          f"survivors in {report}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
