"""searchMemory tokens, ranking and snippets; readMemory pages (MEM-5, REF-3, REF-4, REF-5)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.fixed_memory import Entry
from chathub_desktop.core.memory_search import (
    MemoryIndex,
    read_page,
    search,
    snippet,
    tokenize,
    utf16_len,
)
from tests.cases import cases


def test_tokenizer_words_and_cjk_bigrams() -> None:
    """REF-3: lowercase ASCII words; CJK/kana/Hangul runs → overlapping bigrams; lone char → unigram."""
    assert tokenize("Hello, World-42! café") == {"hello", "world", "42", "caf"}
    assert tokenize("東京タワー") == {"東京", "京タ", "タワ", "ワー"}
    assert tokenize("I like 猫 and 寿司") == {"i", "like", "猫", "and", "寿司"}
    assert tokenize("안녕하세요") == {"안녕", "녕하", "하세", "세요"}
    assert tokenize("ひらがな") == {"ひら", "らが", "がな"}
    assert tokenize("a a a") == {"a"}
    assert tokenize("  ...  ") == frozenset()
    assert tokenize("𠀋𠀌") == {"𠀋𠀌"}  # CJK extension B (astral)


def test_score_order_and_limits() -> None:
    """REF-3: score = matched ÷ query tokens; zero overlap dropped; score, then fixed before
    dynamic, then document order; default 5 hits, at most 10."""
    fixed = [Entry(1, "tea only"), Entry(2, "green tea with milk"), Entry(3, "coffee"), Entry(4, "milk tea")]
    dynamic = [Entry(1, "tea and milk daily")]
    hits = search("milk tea", fixed, dynamic)
    assert [(h.source, h.number, h.score) for h in hits] == [
        ("fixed", 2, 1.0), ("fixed", 4, 1.0), ("dynamic", 1, 1.0), ("fixed", 1, 0.5)
    ]
    assert search("nothing matches", fixed) == []
    assert search("...", fixed) == []
    many = [Entry(i, f"word {i}") for i in range(1, 31)]
    assert len(search("word", many)) == 5
    assert len(search("word", many, limit=50)) == 10
    assert [h.number for h in search("word", many, limit=3)] == [1, 2, 3]


def test_snippet_rules() -> None:
    """REF-4: ≤ 500 whole; not found or found before 500 → first 500 + '…'; deep match →
    '…' + 500 from 80 before + '…' when text remains."""
    assert snippet("short text", "x") == "short text"
    exact = "a" * 500
    assert snippet(exact, "zzz") == exact
    text = "".join(chr(ord("a") + (i % 26)) for i in range(2000))
    assert snippet(text, "not there!") == text[:500] + "…"
    early = text[:300] + "NEEDLE" + text[306:]
    assert snippet(early, "needle") == early[:500] + "…"
    deep = text[:1200] + "Needle" + text[1206:]
    assert snippet(deep, "  NEEDLE ") == "…" + deep[1120:1620] + "…"
    tail = text[:1700] + "Needle"
    assert snippet(tail, "needle") == "…" + tail[1620:]
    boundary = text[:500] + "Needle" + text[506:]
    assert snippet(boundary, "needle") == "…" + boundary[420:920] + "…"


_HAN = "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经"
_KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのカキクケコサシスセソ"
_MARK = [chr(c) for c in range(0x9F00, 0x9F64)]  # rare ideographs, never in filler


def _mark(i: int) -> str:
    return "".join(_MARK[(i // 100**k) % 100] for k in range(3))


def big_memory(n: int = 10_000, seed: int = 7) -> list[Entry]:
    """n entries, ~15% CJK, some > 500 characters with the key deep inside."""
    rnd = random.Random(seed)
    words = [f"w{k}" for k in range(3000)]
    out = []
    for i in range(1, n + 1):
        if i % 7 == 0:  # ~14-15% CJK
            filler = "".join(rnd.choice(_HAN + _KANA) for _ in range(rnd.randint(40, 300)))
            key = _mark(i)
        else:
            filler = " ".join(rnd.choice(words) for _ in range(rnd.randint(10, 90)))
            key = f"key{i}x"
        if i % 50 == 0:  # long entry, key deep inside
            text = filler * 6 + " " + key + " " + filler
        else:
            text = filler + " " + key + " " + filler[: len(filler) // 2]
        out.append(Entry(i, text))
    return out


def test_search_ten_thousand_entries_finds_keys_with_correct_snippets() -> None:
    """MEM-5, REF-3, REF-4 (issue case 6): on 10,000 entries each ASCII and CJK key finds its
    entry first, with the REF-4 snippet (deep keys get the leading '…')."""
    entries = big_memory()
    index = MemoryIndex(entries)
    for i in (1, 7, 49, 50, 350, 700, 9_999, 10_000):
        e = entries[i - 1]
        query = _mark(i) if i % 7 == 0 else f"key{i}x"
        hits = index.search(query)
        assert hits and hits[0].number == i and hits[0].score == 1.0, (i, hits[:2])
        assert hits[0].snippet == snippet(e.text, query)
        pos = e.text.find(query)
        if len(e.text) > 500 and pos >= 500:
            assert hits[0].snippet.startswith("…") and query in hits[0].snippet
            assert hits[0].snippet[1:81] == e.text[pos - 80 : pos]
        elif len(e.text) <= 500:
            assert hits[0].snippet == e.text
    cjk_missed = [i for i in range(7, 10_001, 7) if index.search(_mark(i), 1)[0].number != i]
    assert cjk_missed == []


def test_index_reuse_gives_same_results_as_one_off_search() -> None:
    """REF-3: a reused MemoryIndex answers exactly like the one-off search()."""
    entries = big_memory(500)
    index = MemoryIndex(entries)
    for q in ("w1 w2", "key10x", "的一", _mark(14)):
        assert index.search(q, 10) == search(q, entries, limit=10)


# --- readMemory pages -------------------------------------------------------------------


def _read_all(text: str, page: int = 7800) -> list[str]:
    pages, offset = [], 0
    while True:
        p = read_page(text, offset, page)
        pages.append(p.text)
        assert p.truncated == (p.next_offset is not None)
        if p.next_offset is None:
            return pages
        assert p.next_offset > offset
        offset = p.next_offset


def test_200kb_entry_with_emoji_at_page_boundaries_reassembles() -> None:
    """REF-5 (issue case 6): a 200 KB entry read page by page reassembles exactly; astral
    emoji sit on every page boundary and no page splits a surrogate pair."""
    unit = "x" * 7799 + "😀"  # the emoji straddles each 7,800-unit boundary
    text = (unit * 26)[:200_000] + "end 🎉"
    pages = _read_all(text)
    assert "".join(pages) == text
    assert len(pages) > 20
    for p in pages:
        assert utf16_len(p) <= 7800
        p.encode("utf-8")  # raises on a lone surrogate
    mixed = "".join(random.Random(3).choice(["a", "é", "😀", "日", "\n", '"']) for _ in range(60_000))
    assert "".join(_read_all(mixed)) == mixed
    assert "".join(_read_all(mixed[:3000], 1)) == mixed[:3000]
    assert "".join(_read_all(mixed, 997)) == mixed


def test_page_offsets_are_utf16_units() -> None:
    """REF-5: offsets count UTF-16 code units; an offset inside a pair snaps back; the last
    page is not truncated; an offset past the end is refused."""
    text = "ab😀cd"
    assert utf16_len(text) == 6
    p = read_page(text, 0, 3)
    assert (p.text, p.next_offset, p.truncated, p.total) == ("ab", 2, True, 6)
    p = read_page(text, 3, 10)  # inside the emoji → starts at 2
    assert (p.text, p.offset, p.next_offset, p.truncated) == ("😀cd", 2, None, False)
    p = read_page(text, 2, 1)  # a page of one unit still returns the whole emoji
    assert (p.text, p.next_offset) == ("😀", 4)
    assert read_page("", 0).text == "" and read_page("", 0).next_offset is None
    for bad in (-1, 7):
        try:
            read_page(text, bad)
        except ValueError:
            pass
        else:
            raise AssertionError(bad)


@settings(max_examples=cases(200), deadline=None)
@given(st.text(max_size=400).filter(lambda s: "\ud800" not in s), st.integers(1, 50))
def test_pages_reassemble_property(text: str, page: int) -> None:
    """REF-5: following next_offset from 0 yields the text exactly, for any page size."""
    text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    assert "".join(_read_all(text, page)) == text


def test_filter_matches_every_word_and_the_typed_prefix() -> None:
    """Issue 30's filter box over REF-3 tokens: all finished words, the last as a prefix."""
    from chathub_desktop.core.memory_search import matches_filter

    text = "Prefers metric units, see A4 paper — 東京に住んでいる"
    assert matches_filter(text, "")
    assert matches_filter(text, "  ,; ")
    assert matches_filter(text, "METR")
    assert matches_filter(text, "metric u")
    assert matches_filter(text, "a4 pap")
    assert not matches_filter(text, "metrics units")
    assert not matches_filter(text, "imperial")
    assert matches_filter(text, "東京")
    assert not matches_filter(text, "京都")


@given(st.text(max_size=60), st.text(max_size=20))
@settings(max_examples=cases(200), deadline=None)
def test_filter_never_raises_and_a_text_matches_itself(text: str, query: str) -> None:
    from chathub_desktop.core.memory_search import matches_filter

    assert isinstance(matches_filter(text, query), bool)
    assert matches_filter(text, text)
