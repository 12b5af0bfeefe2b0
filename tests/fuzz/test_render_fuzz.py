"""Fuzz the message view with hostile Markdown (issue 32): paths of every kind, schemes,
images as data URLs (small, huge, lying about their type), deep nesting, bidi and
zero-width characters, 1 MB single lines — rendered through the real view offscreen in
a probe process (:mod:`tests.gui.render_audit`).

A run fails on any forbidden open (the generated paths, the temporary tree, devices,
``/etc``, ``/proc``), any network connection (a listener on 127.0.0.1 that the
generated ``http:`` images point at, and the audit's connect calls), a case that
froze the window (the largest gap of a 5 ms timer) longer than :data:`STALL_S`, or RSS
growth over :data:`RSS_GROWTH_MB`.

Cases: :data:`GENERATED` × ``CHATHUB_FUZZ_SCALE`` generated (seeded, so a CI run is
repeatable; a scaled run adds new seeds) plus the fixed heavy ones. The figures are
printed with the fuzz summary.
"""

from __future__ import annotations

import hashlib
import os
import random
import socket
from pathlib import Path

from tests.fuzz.harness import FIGURES, SCALE
from tests.gui.image_urls import data_url, qt_png
from tests.gui.render_audit import render_audited

#: Generated cases per unit of CHATHUB_FUZZ_SCALE.
GENERATED = 30
#: Longest one case may freeze the window at once, seconds (room for strace and a busy
#: two-core machine: of 2,025 cases at load 11, median 12 ms, p99 63 ms, worst 0.22 s,
#: which took 5 ms of GUI-thread CPU; benchmarks/bench_render_stall.py measures the
#: real figures).
STALL_S = 2.0
#: Most GUI-thread processor time one case may take between two ticks of that timer,
#: seconds: the same stall without the time other processes had the core, so it holds on
#: a loaded machine (2,025 cases: median 4 ms, p99 15 ms, worst 20 ms; a frame is 16 ms).
#: Again with ``CHATHUB_FUZZ_SCALE=66 --timeout=0`` at load 15 (1,995 cases, 6 min):
#: stall median 27 ms, p99 127 ms, worst 0.37 s; CPU median 5 ms, p99 25 ms, worst 69 ms
#: (headings of placeholder images, 12 ms when run again); RSS growth 307 MB.
STALL_CPU_S = 0.1
#: Largest RSS growth over the whole run, MB.
RSS_GROWTH_MB = 400

_BIDI = "\u202e\u2066\u2067\u2068\u2069\u200f\u200e\u061c"
_ZERO = "\u200b\u200c\u200d\ufeff\u2060\u034f"






def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank), 0 for none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _sources(tree: Path, port: int) -> list[str]:
    small = qt_png(8, 8)
    huge = bytearray(qt_png(4, 4))
    huge[16:24] = (60_000).to_bytes(4, "big") + (60_000).to_bytes(4, "big")
    paths = [str(tree / "file.png"), str(tree / "fifo"), str(tree / "sock"), str(tree), "/dev/zero",
             "/dev/urandom", "/dev/random", "/proc/self/mem", "/etc/passwd", "/etc/shadow",
             "../../../../file.png", "../../../../fifo", "./fifo", "fifo", "~/fifo", "../../../../../../../../dev/zero"]
    out = []
    for p in paths:
        out += [p, f"file://{p}" if p.startswith("/") else f"file:{p}", f"<{p}>", p.replace("/", "%2F")]
    out += ["qrc:/qt-project.org/styles/commonstyle/images/file-16.png", ":/qt-project.org/x.png",
            f"http://127.0.0.1:{port}/x.png", f"https://127.0.0.1:{port}/x.png", f"//127.0.0.1:{port}/x.png",
            "ftp://127.0.0.1/x", "smb://host/share/x.png", "\\\\\\\\host\\\\share\\\\x.png", "C:\\\\x.png",
            "javascript:alert(1)", "vbscript:x", "chathub-copy:999", "foo:bar", "data:text/html,<img src=/dev/zero>",
            data_url(small), data_url(bytes(huge)), data_url(small, "image/jpeg"), data_url(small, "image/gif"),
            data_url(b"<svg xmlns='http://www.w3.org/2000/svg' width='100000' height='100000'/>", "image/svg+xml"),
            "data:image/png;base64," + "A" * 200_000, "data:image/png;base64,!!!",
            # a stored attachment's name (the probe has no store: a placeholder, nothing opened)
            "chathub-attachment:" + hashlib.sha256(qt_png(8, 8)).hexdigest(), "chathub-attachment:" + "0" * 64,
            "chathub-attachment:../../../../file.png", f"chathub-attachment:{tree / 'file.png'}"]
    return out


def _fragment(rng: random.Random, sources: list[str]) -> str:
    src = rng.choice(sources)
    kind = rng.randrange(16)
    if kind == 0:
        return f"![{rng.choice(['x', '', 'a *b*', _BIDI + 'img'])}]({src})"
    if kind == 1:
        return f"[link]({src}) <{src}>"
    if kind == 2:
        return f"![r][ref]\n\n[ref]: {src}\n"
    if kind == 3:
        return f'<img src="{src}"> <link rel="stylesheet" href="{src}"> <table background="{src}"><tr><td>x'
    if kind == 4:
        return ">" * rng.randrange(1, 60) + f" ![q]({src})"
    if kind == 5:
        return "".join("  " * i + f"- ![l]({src})\n" for i in range(rng.randrange(1, 40)))
    if kind == 6:
        d = rng.randrange(1, 14)
        return "$$" + "x^{" * d + "y" + "}" * d + "$$"
    if kind == 7:
        return rng.choice([r"$\rule{100000pt}{100000pt}$", r"$\hspace{99999pt}x$", r"$$\Huge\Huge x$$",
                           "$" + r"\frac{1}{" * 6 + "x" + "}" * 6 + "$", "$" + "x" * 3000 + "$"])
    if kind == 8:
        return "".join(rng.choice(_BIDI + _ZERO + "ab[]()!*_`<>$") for _ in range(rng.randrange(10, 3000)))
    if kind == 9:
        return "*a **b " * rng.randrange(1, 400)
    if kind == 10:
        return "|" + "a|" * rng.randrange(1, 60) + "\n|" + "-|" * 3 + "\n" + "|x|y|z|\n" * rng.randrange(1, 600)
    if kind == 11:
        return "```" + rng.choice(["", "python", src[:40]]) + "\n" + f"![c]({src})\n" * 3 + "```"
    if kind == 12:
        return rng.choice(["[", "![", "<", "`a", "\\", "&amp;"]) * rng.randrange(100, 6000)
    if kind == 13:
        return f"# ![h]({src})\n" * rng.randrange(1, 30)
    if kind == 14:
        return f"<{src}>" * rng.randrange(1, 20)
    return f"**![b]({src})** ~~![s]({src})~~ `![c]({src})`"


def _heavy(sources: list[str]) -> list[str]:
    """The fixed heavy cases (about 1 s each); a scaled run adds the rest."""
    cases = [
        "x" * 1_000_000,  # a 1 MB single line (cut for display)
        "[" * 200_000, ">" * 5000 + " deep", "|a|b|\n|-|-|\n" + "|x|y|\n" * 20_000,
        _BIDI * 20_000 + _ZERO * 20_000,
        "\n".join(f"![i{i}]({s})" for i, s in enumerate(sources * 5)),
        f"![big]({data_url(qt_png(4000, 3000))})",
    ]
    if SCALE > 1:
        cases += ["word " * 200_000, "![" * 100_000, "<a" * 100_000, "`a" * 100_000, "$x" * 100_000,
                  "- " * 5000 + "x", "*" * 100_000, "```\nx\n```\n" * 20_000]
    return cases


def test_hostile_markdown_opens_nothing_connects_nowhere_and_stays_bounded(tmp_path: Path) -> None:
    tree = tmp_path / "t"
    cwd = tree / "a" / "b" / "c" / "d"
    cwd.mkdir(parents=True)
    (tree / "file.png").write_bytes(qt_png(8, 8))
    os.mkfifo(tree / "fifo")
    unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    unix.bind(str(tree / "sock"))
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.setblocking(False)
    try:
        sources = _sources(tree, listener.getsockname()[1])
        rng = random.Random(32 if SCALE == 1 else None)
        cases = ["\n\n".join(_fragment(rng, sources) for _ in range(rng.randrange(1, 7)))
                 for _ in range(GENERATED * SCALE)]
        cases += _heavy(sources)
        audit = render_audited(cases, tmp_path / "probe", cwd=cwd, case_timeout_s=60,
                               forbidden=[tree, Path("/dev/zero"), Path("/dev/urandom"), Path("/dev/random"),
                                          Path("/etc/passwd"), Path("/etc/shadow"), Path("/proc/self/mem")])
        try:
            conn, _addr = listener.accept()
            conn.close()
            connected = True
        except BlockingIOError:
            connected = False
    finally:
        listener.close()
        unix.close()
    FIGURES.cases += len(cases)
    worst = max(range(len(audit.seconds)), key=lambda i: audit.seconds[i], default=0)
    worst_cpu = max(range(len(audit.cpu_s)), key=lambda i: audit.cpu_s[i], default=0)
    print(f"\nrender fuzz ({audit.mode}): {len(audit.seconds)}/{len(cases)} cases; stall median "
          f"{_quantile(audit.seconds, 0.5):.3f} s, p99 {_quantile(audit.seconds, 0.99):.3f} s, worst "
          f"{audit.worst_s:.3f} s (case {worst}: {cases[worst][:40]!r}…); GUI-thread CPU at once median "
          f"{_quantile(audit.cpu_s, 0.5):.3f} s, p99 {_quantile(audit.cpu_s, 0.99):.3f} s, worst "
          f"{max(audit.cpu_s, default=0.0):.3f} s (case {worst_cpu}: {cases[worst_cpu][:40]!r}…); "
          f"RSS {audit.ready_rss_mb:.0f} MB at start, growth {audit.rss_growth_mb:.0f} MB")
    report = os.environ.get("CHATHUB_RENDER_FUZZ_TIMES")
    if report:  # every case's time, slowest first, to see where the budget goes
        Path(report).write_text("\n".join(f"{s:.3f} {audit.cpu_s[i]:.3f} {i} {cases[i][:60]!r}" for i, s in
                                          sorted(enumerate(audit.seconds), key=lambda x: -x[1])))
    assert audit.hung is None, (f"case {audit.hung} hung or died (exit {audit.exit_code}): "
                                f"{cases[audit.hung][:200]!r} {audit.stderr}")
    assert audit.opened == [], [(c, p, cases[c][:80]) for c, p in audit.opened[:10]]
    assert audit.network == [] and not connected
    slow = [(i, round(s, 2), cases[i][:60]) for i, s in enumerate(audit.seconds) if s > STALL_S]
    assert slow == []
    busy = [(i, round(s, 3), cases[i][:60]) for i, s in enumerate(audit.cpu_s) if s > STALL_CPU_S]
    assert busy == []
    assert audit.rss_growth_mb < RSS_GROWTH_MB
