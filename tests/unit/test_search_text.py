"""Search everything's pure rules (issue 14): terms, the FTS5 expression, LIKE
patterns, snippets and ranking; Markdown-free titles."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.core.search_text import (
    ELLIPSIS,
    SNIPPET_CHARS,
    caseless,
    index_terms,
    like_pattern,
    query_terms,
    rank_score,
    regex_literal,
    scan_terms,
    snippet,
)
from chathub_desktop.core.topic_titles import clean_model_title, plain_title, title_from_text


def test_terms_split_on_spaces_keep_quoted_phrases_and_drop_repeats() -> None:
    assert query_terms('  Kyoto "autumn leaves"  kyoto 园 ') == ["Kyoto", "autumn leaves", "园"]
    assert query_terms("   ") == []
    assert len(query_terms(" ".join(f"w{i}" for i in range(30)))) == 8


def test_the_index_takes_terms_of_three_characters_without_like_metacharacters() -> None:
    terms = ["kyoto", 'say "hi"', "园", "公园散步", "100%", "snake_case", "a\\b"]
    assert index_terms(terms) == ["kyoto", 'say "hi"', "公园散步"]
    assert scan_terms(terms) == ["园", "100%", "snake_case", "a\\b"]


def test_like_pattern_makes_metacharacters_literal() -> None:
    assert like_pattern("100%_a\\b") == "%100\\%\\_a\\\\b%"


def test_snippet_windows_the_first_match_and_spans_every_match() -> None:
    text = "x " * 200 + "the Lighthouse keeper lit the lighthouse" + " y" * 200
    s = snippet(text, ["lighthouse"])
    assert s.text.startswith(ELLIPSIS) and s.text.endswith(ELLIPSIS)
    assert len(s.text) == SNIPPET_CHARS + 2
    assert [s.text[a:b] for a, b in s.spans] == ["Lighthouse", "lighthouse"]


@given(st.text(max_size=400), st.lists(st.text(min_size=1, max_size=5), min_size=1, max_size=3))
def test_snippet_spans_always_point_at_a_term(text: str, terms: list[str]) -> None:
    s = snippet(text, terms)
    folded = {t.casefold() for t in terms}
    last = -1
    for a, b in s.spans:
        assert a >= last and b > a
        assert s.text[a:b].casefold() in folded or any(s.text[a:b].lower() == t.lower() for t in terms)
        last = b


def test_more_occurrences_and_shorter_text_rank_higher() -> None:
    assert rank_score("autumn autumn autumn", ["autumn"], 30) > rank_score("autumn once", ["autumn"], 30)
    short, long = "autumn leaves", "autumn " + "filler words " * 30
    assert rank_score(short, ["autumn"], 100) > rank_score(long, ["autumn"], 100)


def test_titles_lose_markdown_markup() -> None:
    assert plain_title("## **Plan** for `Monday`") == "Plan for Monday"
    assert plain_title("[the docs](https://x.y) and __more__") == "the docs and more"
    assert plain_title("2 * 3 * 4 and snake_case") == "2 * 3 * 4 and snake_case"
    assert title_from_text("# How do I **grep** a file?") == "How do I grep a file?"
    assert clean_model_title('"**Kyoto** `trip`"') == "Kyoto trip"


def test_regex_literal_escapes_everything_but_letters_and_digits() -> None:
    """PostgreSQL search (issue 14): a term is matched literally by ``~*``."""
    import re

    assert regex_literal("a.b (c)") == "a\\.b\\ \\(c\\)"
    assert regex_literal("数据库 café") == "数据库\\ café"
    for term in ("a.b", "50%_x", "c++ [x]*", "\\d", "$HOME^"):
        assert re.fullmatch(regex_literal(term), term)  # Python's re reads these escapes alike


def test_caseless_terms() -> None:
    assert caseless("数据库") and caseless("2026") and caseless("%_")
    assert not caseless("Kyoto") and not caseless("привет")


def test_some_words_hits_count_whole_latin_words_and_skip_the_tiny_ones() -> None:
    """Issue 29: "use" is not in "because", CJK and Arabic are found inside a line,
    and "a" or "of" never make a message a hit."""
    from chathub_desktop.core.search_text import telling_terms, terms_held

    assert telling_terms(["how", "a", "van", "of", "日本", "😀"]) == ["how", "van", "日本", "😀"]
    assert terms_held("Because it is late", ["use", "late"]) == 1
    assert terms_held("USE the vanity", ["use", "van"]) == 1
    assert terms_held("日本語です مرحبا بك", ["日本語", "مرحبا", "😀"]) == 2


def test_a_term_matches_at_a_word_start_only() -> None:
    """polish52: "car" is in "cars", "Car-sharing", "carrying" and "snake_car", never in
    "scar" or "écarté"; a CJK term or one starting with a symbol matches anywhere; the
    snippet bolds word starts only."""
    from chathub_desktop.core.search_text import holds_all, starts_a_word, word_start_regex

    for text in ("cars", "Car-sharing", "carrying", "snake_car", "(car)", "我的car坏了"):
        assert holds_all(text, ["car"]), text
    for text in ("scar", "Oscar", "écarté", "carrying"[1:]):
        assert not holds_all(text, ["car"]), text
    assert not holds_all("carrying", ["arry"]) and holds_all("东京大学", ["京大"]) and holds_all("v1.0", [".0"])
    assert starts_a_word("Ça") and starts_a_word("2024") and not starts_a_word("京大") and not starts_a_word("#tag")
    import re

    rx = word_start_regex("c++")  # the text PostgreSQL's ~* and SQLite's REGEXP are given
    assert word_start_regex("#tag") is None and rx is not None
    assert re.search(rx, "use C++ now", re.IGNORECASE) and not re.search(rx, "abc++", re.IGNORECASE)
    s = snippet("a scar, then my car", ["car"])
    assert [s.text[a:b] for a, b in s.spans] == ["car"] and s.spans[0][0] == len("a scar, then my ")


def test_only_a_query_of_words_is_looked_up_by_meaning() -> None:
    """search53 (walk52b #2): code, numbers and times are not looked up by meaning in
    memory ("range(1, 11)" listed "Use metric units." as similar); words in any script
    are, with a symbol or two among them."""
    from chathub_desktop.core.search_text import reads_as_words

    for query in ("range(1, 11)", "x**2", "x = 1", "12:30", "[1, 4, 9]", "for i in range(10)", "print('hi')", "42",
                  " ", ""):
        assert not reads_as_words(query), query
    for query in ("kilometres and celsius", "How many miles is it?", "C# code", "Europe/Lisbon", "日本語 مرحبا 😀",
                  "time zone", "Using", "東京"):
        assert reads_as_words(query), query


def test_a_query_mostly_of_stop_words_is_not_looked_up_by_meaning() -> None:
    """search53b (walk53b #3): "of using the" is mostly stop words; a query with a word
    that means something, in any script, is not."""
    from chathub_desktop.core.search_text import mostly_stop_words

    for query in ("of using the", "the", "Is it?", "of the in"):
        assert mostly_stop_words(query), query
    for query in ("kilometres", "where does Ana live", "How many miles is it?", "東京", "range(1, 11)", "",
                  "use of metric units", "what kind of dog do I have", "the kilometres"):
        assert not mostly_stop_words(query), query
