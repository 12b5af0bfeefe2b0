"""Fixed-memory documents: parse, normalize, append, update, delete (MEM-2, MEM-3, REF-1, REF-2, REF-7)."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core import fixed_memory as fm
from tests.cases import cases

RAW = (
    "# About me\r\n"
    "\n"
    "Some notes typed by hand, kept as they are.  \n"
    "#3:  lives in   Berlin\n"
    "## Work\n"
    "See item #7 later, this line is not an entry\n"
    "#1:prefers dark mode\n"
    "   indented note\t\n"
    "\n"
    "#7: \ttravels by   train\n"
    "trailing note without newline"
)


def five() -> str:
    return "".join(f"#{i}: fact number {i} about topic{i}\n" for i in range(1, 6))


def test_raw_document_renumbers_in_order_and_keeps_free_form_lines() -> None:
    """MEM-3, REF-1: out-of-order #3/#1/#7 become 1..3 in document order; every free-form
    line (headings, blanks, notes, a mid-text #7, CRLF) survives byte for byte."""
    out = fm.normalize(RAW)
    assert out == (
        "# About me\r\n"
        "\n"
        "Some notes typed by hand, kept as they are.  \n"
        "#1: lives in Berlin\n"
        "## Work\n"
        "See item #7 later, this line is not an entry\n"
        "#2: prefers dark mode\n"
        "   indented note\t\n"
        "\n"
        "#3: travels by train\n"
        "trailing note without newline"
    )
    assert fm.normalize(out) == out  # second Save is a no-op
    assert [(e.number, e.text) for e in fm.entries(out)] == [
        (1, "lives in Berlin"), (2, "prefers dark mode"), (3, "travels by train")
    ]


def test_entry_line_shape() -> None:
    """REF-1: line start, '#', ASCII digits, ':', at most one whitespace; anything else is free-form."""
    doc = "#1:  two spaces\n #2: leading space\n#3 : gap\n#x: letters\n#٣: arabic digit\n#12:\n"
    lines = fm.parse(doc)
    assert [ln.number for ln in lines] == [1, None, None, None, None, 12]
    assert lines[0].text == "two spaces"
    assert lines[5].text == ""
    assert "".join(ln.body + ln.ending for ln in lines) == doc
    assert fm.normalize(doc) == "#1: two spaces\n #2: leading space\n#3 : gap\n#x: letters\n#٣: arabic digit\n#2:\n"


def test_append_uses_highest_number_plus_one_and_cleans_text() -> None:
    """REF-1: append = highest N + 1 (not count + 1); the text is trimmed and collapsed."""
    doc, n = fm.append("#1: a\n#5: b\n", "  new\n\n  line\there ")
    assert n == 6 and doc == "#1: a\n#5: b\n#6: new line here\n"
    doc2, n2 = fm.append("", "first")
    assert (doc2, n2) == ("#1: first\n", 1)
    doc3, _ = fm.append("note without newline", "x")
    assert doc3 == "note without newline\n#1: x\n"
    doc4, _ = fm.append("#1: a\r\n", "b")
    assert doc4 == "#1: a\r\n#2: b\r\n"


def test_append_refuses_blank_text() -> None:
    """REF-1: an entry cannot be empty."""
    try:
        fm.append("#1: a\n", " \n\t ")
    except ValueError:
        pass
    else:
        raise AssertionError("blank text accepted")


def test_stale_number_after_delete_is_a_mismatch_and_lists_current_entries() -> None:
    """REF-2, MEM-4 (issue case 1): entries 1–5; delete #2; update(4, match=<old #4 phrase>)
    → mismatch, nothing changes, the current entries are returned (old #4 is now #3)."""
    res = fm.delete(five(), 2, "number 2")
    assert res.ok
    after_delete = res.doc
    assert [e.text for e in fm.entries(after_delete)] == [
        "fact number 1 about topic1", "fact number 3 about topic3",
        "fact number 4 about topic4", "fact number 5 about topic5",
    ]
    stale = fm.update(after_delete, 4, "about topic4", "changed")
    assert stale.status == "mismatch" and not stale.ok
    assert stale.doc == after_delete
    assert "#3: fact number 4 about topic4" in stale.entries
    assert stale.entries[3] == "#4: fact number 5 about topic5"


def test_update_changes_only_the_named_entry() -> None:
    """REF-2 (issue case 2): three entries say "dark mode"; update(2, match="dark mode")
    changes #2 only, the count is unchanged and nothing is appended."""
    doc = "#1: prefers dark mode in editors\n#2: dark mode on phone too\n#3: hates dark mode in docs\n"
    res = fm.update(doc, 2, "dark mode", "light mode on phone")
    assert res.ok and res.number == 2
    assert res.doc == "#1: prefers dark mode in editors\n#2: light mode on phone\n#3: hates dark mode in docs\n"
    assert len(fm.entries(res.doc)) == 3


def test_update_keeps_number_when_match_found() -> None:
    """REF-2 (issue case 3): update(7, travel phrase → snacks) keeps number 7 and other lines."""
    doc = "".join(f"#{i}: entry {i}\n" for i in range(1, 7)) + "note\n#7: loves travel to Japan\n#8: x\n"
    res = fm.update(doc, 7, "travel to Japan", "likes salty snacks")
    assert res.ok and res.old_text == "loves travel to Japan" and res.new_text == "likes salty snacks"
    assert fm.entries(res.doc)[6] == fm.Entry(7, "likes salty snacks")
    assert res.doc.replace("#7: likes salty snacks", "#7: loves travel to Japan") == doc


def test_match_rules() -> None:
    """REF-2: case-sensitive substring of the trimmed text; empty match refused; unknown
    number → not_found; on failure the document is unchanged."""
    doc = "#1: Likes Tea\n"
    assert fm.update(doc, 1, "likes", "x").status == "mismatch"
    assert fm.update(doc, 1, "", "x").status == "empty_match"
    assert fm.update(doc, 1, "   ", "x").status == "empty_match"
    assert fm.delete(doc, 1, "").status == "empty_match"
    assert fm.update(doc, 9, "Tea", "x").status == "not_found"
    assert fm.delete(doc, 9, "Tea").doc == doc
    assert fm.update(doc, 1, "Tea", "  ").status == "empty_text"
    assert fm.delete(doc, 1, "Likes T").doc == ""


def test_failure_listing_cuts_long_entries() -> None:
    """REF-2: the listing shows '#N: text', each text cut to 80 characters plus '…'."""
    long = "x" * 81
    res = fm.update(f"#1: {'y' * 80}\n#2: {long}\n", 3, "x", "z")
    assert res.entries == (f"#1: {'y' * 80}", f"#2: {'x' * 80}…")


def test_delete_renumbers_and_keeps_free_form() -> None:
    """MEM-2, REF-1: delete renumbers 1..n; free-form lines between entries stay."""
    doc = "# Head\n#1: a\nnote\n#2: b\n#3: c\n"
    assert fm.delete(doc, 2, "b").doc == "# Head\n#1: a\nnote\n#2: c\n"
    assert fm.delete_entry(doc, 1).doc == "# Head\nnote\n#1: b\n#2: c\n"
    assert fm.edit_entry(doc, 3, " C  two ").doc == "# Head\n#1: a\nnote\n#2: b\n#3: C two\n"


def test_text_hash_is_sha256_of_trimmed_text() -> None:
    """REF-7: provenance key = sha256 hex of the trimmed entry text."""
    assert fm.text_hash("  hello world\n") == hashlib.sha256(b"hello world").hexdigest()
    assert fm.text_hash("\u3000日本\u00a0") == hashlib.sha256("日本".encode()).hexdigest()


# --- property tests ----------------------------------------------------------------------

_free_body = st.text(st.characters(blacklist_characters="\n", blacklist_categories=("Cs",)), max_size=30).filter(
    lambda s: fm.ENTRY_RE.fullmatch(s) is None and not s.endswith("\r")
)
_entry_body = st.builds(
    lambda n, sep, text: f"#{n}:{sep}{text}",
    st.integers(0, 999),
    st.sampled_from(["", " ", "\t", "  "]),
    st.text(st.characters(blacklist_characters="\n", blacklist_categories=("Cs",)), max_size=30).filter(
        lambda s: not s.endswith("\r")
    ),
)
_line = st.tuples(st.one_of(_free_body, _entry_body), st.sampled_from(["\n", "\r\n"]))


@st.composite
def documents(draw: st.DrawFn) -> str:
    lines = draw(st.lists(_line, max_size=15))
    doc = "".join(body + end for body, end in lines)
    if draw(st.booleans()):
        doc += draw(st.one_of(_free_body, _entry_body))
    return doc


def _free(doc: str) -> list[str]:
    return [ln.body + ln.ending for ln in fm.parse(doc) if not ln.is_entry]


@settings(max_examples=cases(300), deadline=None)
@given(documents())
def test_normalize_is_idempotent(doc: str) -> None:
    """MEM-3: saving twice changes nothing."""
    once = fm.normalize(doc)
    assert fm.normalize(once) == once


@settings(max_examples=cases(300), deadline=None)
@given(documents())
def test_free_form_lines_survive(doc: str) -> None:
    """MEM-3, REF-1: every free-form line, with its line ending, is kept byte for byte and in order."""
    assert _free(fm.normalize(doc)) == _free(doc)
    assert "".join(ln.body + ln.ending for ln in fm.parse(doc)) == doc


@settings(max_examples=cases(300), deadline=None)
@given(documents())
def test_entry_texts_survive_and_are_numbered_1_to_n(doc: str) -> None:
    """MEM-2, REF-1: normalize keeps every entry's (cleaned) text in order and numbers them 1..n."""
    before = fm.entries(doc)
    after = fm.entries(fm.normalize(doc))
    assert [e.text for e in after] == [fm.clean_text(e.text) for e in before]
    assert [e.number for e in after] == list(range(1, len(before) + 1))


@settings(max_examples=cases(200), deadline=None)
@given(documents(), st.text(max_size=40))
def test_append_then_entries(doc: str, text: str) -> None:
    """REF-1: append adds exactly one entry at the end with highest N + 1; nothing else changes."""
    cleaned = fm.clean_text(text)
    if not cleaned:
        return
    new, n = fm.append(doc, text)
    assert new.startswith(doc)
    assert fm.entries(new)[:-1] == fm.entries(doc)
    assert fm.entries(new)[-1] == fm.Entry(n, cleaned)
    assert n == max((e.number for e in fm.entries(doc)), default=0) + 1


@settings(max_examples=cases(200), deadline=None)
@given(documents(), st.lists(st.text(max_size=30).filter(lambda t: bool(fm.clean_text(t))), max_size=5))
def test_append_all_is_append_repeated(doc: str, texts: list[str]) -> None:
    """REF-1, issue 30: appending many texts in one pass gives the document and numbers
    repeated appends give (an import's Merge of 10,000 entries parsed the document once
    per entry)."""
    want, numbers = doc, []
    for text in texts:
        want, n = fm.append(want, text)
        numbers.append(n)
    assert fm.append_all(doc, texts) == (want, numbers)


def test_append_all_refuses_a_blank_text_and_appends_nothing() -> None:
    with pytest.raises(ValueError):
        fm.append_all("#1: a\n", ["b", "  "])
    assert fm.append_all("#1: a", []) == ("#1: a", [])


def test_notes_are_the_free_form_runs_where_they_stand() -> None:
    """Issue 30: MEM-3's free-form lines become notes placed after the entries before them."""
    from chathub_desktop.core.fixed_memory import Note, notes

    doc = "# About me\n\nA note\r\nits second line  \n#1: a\n#2: b\n\n## Travel\n#3: c\nlast words"
    assert notes(doc) == [Note(0, "# About me"), Note(0, "A note\nits second line"), Note(2, "## Travel"),
                          Note(3, "last words")]
    assert notes("#1: a\n#2: b\n") == [] and notes("") == []


def test_save_preview_renumbers_entries_and_keeps_notes() -> None:
    """Issue 30: the raw editor's preview is what MEM-3's save gives."""
    from chathub_desktop.core.fixed_memory import save_preview

    doc = "# Me\n#5: a\n\n#2:   b  \nnote\n"
    assert save_preview(doc) == ([(None, "# Me"), (1, "a"), (2, "b"), (None, "note")], 2, 2)
    rows, entries, notes = save_preview("".join(f"#{i}: x{i}\n" for i in range(1, 11)), limit=3)
    assert rows == [(1, "x1"), (2, "x2"), (3, "x3")] and (entries, notes) == (10, 0)
    assert save_preview("") == ([], 0, 0)


_spaced = st.text(st.sampled_from(list("ab \t\r\v\f\u00a0\u2003\u3000\ufeff\u2028日")), max_size=20)


@settings(max_examples=cases(300), deadline=None)
@given(documents())
def test_entries_read_in_one_pass_are_the_entry_lines_of_the_parse(doc: str) -> None:
    """REF-1 (issue 30's fast read): :func:`fm.entries` equals the parse's entry lines."""
    assert fm.entries(doc) == [fm.Entry(ln.number, ln.text or "") for ln in fm.parse(doc) if ln.number is not None]
    for ending in ("\n", "\r\n"):
        spaced = ending.join(f"#{i}:{t}" for i, t in enumerate(doc.split("\n")))
        assert fm.entries(spaced) == [fm.Entry(ln.number, ln.text or "") for ln in fm.parse(spaced) if ln.is_entry]


@settings(max_examples=cases(300), deadline=None)
@given(documents(), st.integers(1, 40))
def test_entries_read_in_slices_are_those_of_one_pass(doc: str, chunk: int) -> None:
    """REF-1 (issue 30: a large memory is read in slices so the window's thread gets the
    interpreter lock between them): any slice size finds exactly the entry lines one pass finds."""
    assert fm.entry_pairs(doc, chunk) == fm._ENTRY_LINES.findall(doc)
    assert fm.entry_pairs(doc * 3, chunk) == fm._ENTRY_LINES.findall(doc * 3)


def test_a_parse_in_steps_is_the_one_pass_parse_and_pauses_between_them() -> None:
    """REF-1 (stall54b: a background warm-up lets the window's thread have the interpreter
    lock): with ``pause``, a document not read yet is parsed a step at a time — the same
    entries, cleaned alike — and ``pause`` runs between the steps; read again, it is cached
    and nothing pauses."""
    n = 3 * fm.PAUSE_ENTRIES + 7
    doc = "".join(f"#{i}:  entry\u3000{i}  \n" for i in range(1, n + 1)) + "a note\n"
    expected = [fm.Entry(ln.number, ln.text or "") for ln in fm.parse(doc) if ln.number is not None]
    pauses: list[int] = []
    assert fm.entries(doc, lambda: pauses.append(1)) == expected
    assert len(pauses) >= 3 and expected[0].text == "entry 1"
    pauses.clear()
    assert fm.entries(doc, lambda: pauses.append(1)) == expected and pauses == []


@settings(max_examples=cases(300), deadline=None)
@given(_spaced)
def test_clean_text_trims_and_collapses_every_ecmascript_space(text: str) -> None:
    """REF-1: trimmed, each whitespace run one space, whatever the fast check decides."""
    assert fm.clean_text(text) == fm._WS_RUN.sub(" ", text).strip(fm._WS_STRIP)


@settings(max_examples=cases(200), deadline=None)
@given(documents())
def test_entries_and_hashes_of_the_fast_read_are_those_of_the_plain_constructors(doc: str) -> None:
    """REF-1, REF-7 (issue 30: a large memory's first read builds its entries without the
    frozen ``__init__`` and hashes them in one loop): the same entries, equal and hashed
    alike, and the same provenance keys as :func:`fm.text_hash`."""
    fast = fm.entries(doc)
    plain = [fm.Entry(ln.number, ln.text or "") for ln in fm.parse(doc) if ln.number is not None]
    assert fast == plain and [hash(e) for e in fast] == [hash(e) for e in plain]
    texts = [e.text for e in fast] + [" \u3000padded\u00a0 ", ""]
    assert fm.text_hashes(texts) == [fm.text_hash(t) for t in texts]


def test_the_version_token_of_a_long_document_is_the_sha256_of_all_of_it() -> None:
    """Issue 10 (issue 30: a long body is encoded in steps): the token is the first 16 hex
    digits of the sha256 of the whole body's UTF-8 bytes, wherever the steps fall — CJK,
    emoji and a step boundary inside a run of multi-byte characters included."""
    import hashlib

    from chathub_desktop.core.document_version import ENCODE_CHARS, document_version

    for body in ("", "#1: short\n", "x" * (ENCODE_CHARS - 1) + "東京😀" * 5000, "😀" * (3 * ENCODE_CHARS + 7)):
        assert document_version(body) == hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]
