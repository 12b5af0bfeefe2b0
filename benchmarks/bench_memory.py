"""Benchmark: searchMemory and memory injection on a large fixed memory (MEM-5, MEM-6, REF-3, REF-6).

Issue "Fixed memory, the model's memory tools, and memory injection": on 10,000 entries
(about 5 MB of UTF-8, 15 % of the entries CJK) this script

1. builds a :class:`~chathub_desktop.core.memory_search.MemoryIndex` once (time reported)
   and an SQLite FTS5 ``trigram`` index over the same entries, in the same run;
2. runs the same queries (ASCII phrases and 4-character CJK phrases cut from random
   entries) through both: ours = ``MemoryIndex.search(q, 5)`` including REF-4 snippets;
   FTS5 = ``SELECT rowid, text ... MATCH '"phrase"' ORDER BY rank LIMIT 5``;
3. prints both medians and the ratio (goal ≤ 1.5× FTS5) and whether every CJK query
   finds the entry it was cut from (goal: all);
4. times ``build_memory_block`` for that memory (goal ≤ 5 ms median), with the
   24,000-character cap alone and with the default 6,000-token budget counted by the
   real tokenizer, and with 20 untrusted entries.

Usage: ``python benchmarks/bench_memory.py [--entries 10000] [--queries 400] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from chathub_desktop.core import fixed_memory as fm  # noqa: E402
from chathub_desktop.core.memory_injection import build_memory_block  # noqa: E402
from chathub_desktop.core.memory_search import MemoryIndex  # noqa: E402

GOAL_RATIO = 1.5
GOAL_INJECT_MS = 5.0
TARGET_BYTES = 5_000_000

_SYLLABLES = ["ka", "lo", "mi", "ter", "sun", "ra", "ven", "po", "dal", "is", "ne", "tra", "gor", "el",
              "fi", "an", "mur", "ze", "qua", "bel", "on", "sta", "rik", "ul"]
# ~900 CJK characters: common hanzi, hiragana, katakana, Hangul syllables.
_CJK = (
    [chr(c) for c in range(0x4E00, 0x4E00 + 600, 2)]
    + [chr(c) for c in range(0x3041, 0x3097)]
    + [chr(c) for c in range(0x30A1, 0x30FB)]
    + [chr(c) for c in range(0xAC00, 0xAC00 + 300, 3)]
)


def make_entries(n: int, seed: int) -> list[str]:
    """``n`` single-line entry texts totalling about 5 MB of UTF-8; 15 % of them CJK.

    Words follow a Zipf-like distribution over 8,000 pseudo-words; every 97th entry is
    six times longer than usual so deep snippets (REF-4) occur.
    """
    rnd = random.Random(seed)
    vocab = sorted({"".join(rnd.choice(_SYLLABLES) for _ in range(rnd.randint(1, 4))) for _ in range(12_000)})
    rnd.shuffle(vocab)
    vocab = vocab[:8000]
    weights = [1.0 / (r + 1) for r in range(len(vocab))]
    word_bytes = sum(w * (len(v) + 1) for w, v in zip(weights, vocab, strict=True)) / sum(weights)
    mean_scale = (96 * 0.95 + 6) / 97  # uniform(0.5, 1.4) mean 0.95; one long entry in 97
    per_entry = TARGET_BYTES / n / mean_scale - 8  # "#N: " and "\n"
    out: list[str] = []
    for i in range(n):
        scale = 6.0 if i % 97 == 0 else rnd.uniform(0.5, 1.4)
        if (i * 15) % 100 < 15:  # 15 % of the entries
            out.append("".join(rnd.choices(_CJK, k=max(8, int(per_entry / 3 * scale)))))
        else:
            words = rnd.choices(vocab, weights=weights, k=max(4, int(per_entry / word_bytes * scale)))
            out.append(" ".join(words))
    return out


def make_queries(texts: list[str], count: int, seed: int) -> list[tuple[str, int, bool]]:
    """``(query, source entry index, is_cjk)``: half are 2-3 of an entry's rarer words (the
    way one searches: "Lisbon trip"), half 4 consecutive CJK characters of an entry."""
    rnd = random.Random(seed + 1)
    freq: dict[str, int] = {}
    for t in texts:
        if t[0] < "\u3000":
            for w in set(t.split(" ")):
                freq[w] = freq.get(w, 0) + 1
    cjk_ids = [i for i, t in enumerate(texts) if t[0] >= "\u3000"]
    ascii_ids = [i for i, t in enumerate(texts) if t[0] < "\u3000"]
    out = []
    for k in range(count):
        if k % 2:
            i = rnd.choice(cjk_ids)
            start = rnd.randrange(0, len(texts[i]) - 4)
            out.append((texts[i][start : start + 4], i, True))
        else:
            i = rnd.choice(ascii_ids)
            words = sorted(set(texts[i].split(" ")), key=lambda w: (freq[w], w))
            picked = rnd.sample(words[: max(3, len(words) // 4)], rnd.choice((2, 3)))
            out.append((" ".join(picked), i, False))
    return out


def fts_index(texts: list[str]) -> sqlite3.Connection:
    con = sqlite3.connect(":memory:")
    con.execute("CREATE VIRTUAL TABLE mem USING fts5(text, tokenize='trigram')")
    con.executemany("INSERT INTO mem(rowid, text) VALUES (?, ?)", ((i + 1, t) for i, t in enumerate(texts)))
    con.commit()
    return con


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entries", type=int, default=10_000)
    ap.add_argument("--queries", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    texts = make_entries(args.entries, args.seed)
    doc = "".join(f"#{i + 1}: {t}\n" for i, t in enumerate(texts))
    entries = fm.entries(doc)
    assert [e.text for e in entries] == texts
    cjk_share = sum(1 for t in texts if t[0] >= "\u3000") / len(texts)
    print(f"memory: {len(entries)} entries, {len(doc.encode()) / 1e6:.2f} MB UTF-8, "
          f"{cjk_share:.0%} CJK entries, longest {max(map(len, texts))} chars")
    print("FTS5 query: every query word a quoted trigram term (AND), ORDER BY rank LIMIT 5; "
          "ours: REF-3 token-overlap ranking + REF-4 snippets, limit 5")

    t0 = time.perf_counter()
    index = MemoryIndex(entries)
    build_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    con = fts_index(texts)
    fts_build_s = time.perf_counter() - t0
    print(f"index build: ours {build_s * 1000:.0f} ms, FTS5 trigram {fts_build_s * 1000:.0f} ms")

    queries = make_queries(texts, args.queries, args.seed)
    sql = "SELECT rowid, text FROM mem WHERE mem MATCH ? ORDER BY rank LIMIT 5"

    def fts_query(q: str) -> str:  # every word a quoted trigram term, implicitly ANDed
        return " ".join('"' + w.replace('"', '""') + '"' for w in q.split())

    for q, _, _ in queries[:20]:  # warm up both
        index.search(q, 5)
        con.execute(sql, (fts_query(q),)).fetchall()

    ours, fts = [], []
    cjk_found = cjk_total = ascii_found = fts_cjk_found = fts_ascii_found = 0
    for q, src, is_cjk in queries:
        t0 = time.perf_counter()
        hits = index.search(q, 5)
        ours.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        rows = con.execute(sql, (fts_query(q),)).fetchall()
        fts.append(time.perf_counter() - t0)
        found = any(h.number == src + 1 for h in hits)
        if is_cjk:
            cjk_total += 1
            cjk_found += found
            fts_cjk_found += any(r[0] == src + 1 for r in rows)
        else:
            ascii_found += found
            fts_ascii_found += any(r[0] == src + 1 for r in rows)

    ours_ms, fts_ms = _median_ms(ours), _median_ms(fts)
    ratio = ours_ms / fts_ms if fts_ms else float("inf")
    print(f"searchMemory median: ours {ours_ms:.3f} ms, FTS5 trigram {fts_ms:.3f} ms, "
          f"ratio {ratio:.2f}x (goal <= {GOAL_RATIO}x) -> {'OK' if ratio <= GOAL_RATIO else 'MISSED'}")
    print(f"  p90: ours {statistics.quantiles(ours, n=10)[-1] * 1000:.3f} ms, "
          f"FTS5 {statistics.quantiles(fts, n=10)[-1] * 1000:.3f} ms")
    print(f"  CJK queries finding their entry in the top 5: {cjk_found}/{cjk_total} "
          f"({'OK' if cjk_found == cjk_total else 'MISSED'}); FTS5: {fts_cjk_found}/{cjk_total}")
    print(f"  ASCII queries finding their entry in the top 5: {ascii_found}/{len(queries) - cjk_total}; "
          f"FTS5: {fts_ascii_found}/{len(queries) - cjk_total}")

    from chathub_desktop.tokens.counter import TokenCounter

    counter = TokenCounter("o200k_base")
    untrusted = set(range(5, 10_000, 500))
    cases = [
        ("24,000-char cap", {}),
        ("cap + 6,000-token budget", {"budget_tokens": 6000, "count": counter.count}),
        ("cap + budget + 20 untrusted", {"budget_tokens": 6000, "count": counter.count,
                                         "untrusted_numbers": untrusted}),
    ]
    for label, kw in cases:
        build_memory_block(doc, **kw)  # warm-up
        samples = []
        for _ in range(40):
            t0 = time.perf_counter()
            block = build_memory_block(doc, **kw)
            samples.append(time.perf_counter() - t0)
        ms = _median_ms(samples)
        print(f"injected block ({label}): median {ms:.2f} ms, {len(block)} chars, "
              f"{counter.count(block)} tokens (goal <= {GOAL_INJECT_MS} ms) -> "
              f"{'OK' if ms <= GOAL_INJECT_MS else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
