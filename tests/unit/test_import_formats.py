"""Pure parts of the importers (issue 15, APP-5): format detection, file citations,
attachments, the per-format parsers' branches and refusals, and splitting a pasted
memory answer into facts (MEM-2, REF-16)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core.chatgpt_export import (
    message_attachments,
    parse_conversation,
    render_private_citations,
)
from chathub_desktop.core.claude_export import parse_claude_conversation
from chathub_desktop.core.dynamic_memory import Card
from chathub_desktop.core.export_formats import detect_format
from chathub_desktop.core.imported_chat import Attachment, ExportFormatError, with_attachments
from chathub_desktop.core.memory_documents import DYNAMIC, FIXED
from chathub_desktop.core.memory_paste import RepeatIndex, mark_duplicates, split_facts
from chathub_desktop.core.memory_repeats import Repeat, RepeatKind
from chathub_desktop.core.messages import Role
from chathub_desktop.core.webui_export import parse_librechat_conversation, parse_openwebui_chat
from tests.cases import cases
from tests.fakes.chat_exports import FILECITE, claude_conversation, librechat_flat, webui_chat


@pytest.mark.parametrize(("keys", "inner", "name"), [
    (["title", "create_time", "mapping"], [], "chatgpt"),
    (["uuid", "name", "chat_messages"], [], "claude"),
    (["id", "title", "chat"], ["history", "models"], "openwebui"),
    (["conversationId", "title", "messages"], [], "librechat"),
    (["conversationId", "messagesTree"], [], "librechat"),
])
def test_detect_format(keys: list[str], inner: list[str], name: str) -> None:
    fmt = detect_format(keys, inner)
    assert fmt is not None and fmt.name == name


def test_detect_nothing_known() -> None:
    assert detect_format(["id", "email"], []) is None


def test_filecite_marker_by_span_by_text_and_unmatched() -> None:
    text = f"A {FILECITE} B \ue200filecite\ue202turn0file1\ue201 C \ue200cite\ue202turn0search0\ue201."
    meta = {"content_references": [
        {"matched_text": FILECITE, "start_idx": 2, "end_idx": 2 + len(FILECITE), "name": "a.pdf"},
        {"matched_text": "\ue200cite\ue202turn0search0\ue201", "items": [{"title": "Site", "url": "https://x.org"}]}]}
    assert render_private_citations(text, meta) == "A [a.pdf] B [cited file] C [Site](https://x.org)."


def test_text_without_markers_is_unchanged() -> None:
    assert render_private_citations("plain 【3†source】", {"content_references": []}) == "plain 【3†source】"


def test_attachments_listed_with_their_text() -> None:
    items = message_attachments({"attachments": [{"name": "r.pdf", "size": 2048, "mime_type": "application/pdf"},
                                                 {"name": "n.txt", "text": "hi ```x```"}, "junk"]})
    assert items == (Attachment("r.pdf", "application/pdf", 2048), Attachment("n.txt", None, None, "hi ```x```"))
    assert with_attachments("Look", items) == (
        "Look\n\n📎 r.pdf · application/pdf · 2.0 KB\n📎 n.txt\n\nFile text of n.txt:\n````\nhi ```x```\n````")
    assert with_attachments("Look", ()) == "Look"


def test_chatgpt_counts_messages_off_the_branch() -> None:
    conv = {"title": "t", "mapping": {
        "r": {"id": "r", "message": None, "parent": None, "children": ["a", "b"]},
        "a": {"id": "a", "parent": "r", "children": [], "message": {
            "author": {"role": "user"}, "content": {"content_type": "text", "parts": ["old"]}, "create_time": 1}},
        "b": {"id": "b", "parent": "r", "children": [], "message": {
            "author": {"role": "user"}, "content": {"content_type": "text", "parts": ["new"]}, "create_time": 2}}},
        "current_node": "b"}
    parsed = parse_conversation(conv, 0)
    assert [m.content for m in parsed.messages] == ["new"] and parsed.branches_skipped == 1


def test_claude_follows_parent_links_to_the_current_leaf() -> None:
    conv = claude_conversation()
    msgs = conv["chat_messages"]
    for prev, m in zip([None, *msgs], msgs, strict=False):
        m["parent_message_uuid"] = prev["uuid"] if prev else None
    alt = dict(msgs[3], uuid="m4b", text="another answer", content=None)
    msgs.append(alt)
    conv["current_leaf_message_uuid"] = "m4"
    parsed = parse_claude_conversation(conv, 0)
    assert parsed.branches_skipped == 1 and parsed.messages[-1].content.startswith("Hello world")


@pytest.mark.parametrize(("mutate", "fragment"), [
    (lambda c: c.pop("chat_messages"), "has no chat_messages"),
    (lambda c: c["chat_messages"].__setitem__(0, 3), "message 1 is not an object"),
    (lambda c: c["chat_messages"][0].__setitem__("sender", "robot"), "sender is not human or assistant"),
    (lambda c: c["chat_messages"][0].__setitem__("created_at", "yesterday"), "created_at is not a time"),
])
def test_claude_refusals_name_the_conversation(mutate, fragment: str) -> None:  # type: ignore[no-untyped-def]
    conv = claude_conversation()
    mutate(conv)
    with pytest.raises(ExportFormatError) as err:
        parse_claude_conversation(conv, 1)
    assert "conversation 2 ('Trip to Tokyo')" in str(err.value) and fragment in str(err.value)


def test_openwebui_without_current_id_takes_the_newest_leaf() -> None:
    chat = webui_chat()
    chat["chat"]["history"]["currentId"] = None
    parsed = parse_openwebui_chat(chat, 0)
    assert parsed.messages[-1].content.startswith("Rain, 18C")  # a2 is newer than a1a


def test_openwebui_cycle_is_refused() -> None:
    chat = webui_chat()
    chat["chat"]["history"]["messages"]["u1"]["parentId"] = "a2"
    with pytest.raises(ExportFormatError, match="form a cycle"):
        parse_openwebui_chat(chat, 0)


def test_librechat_roles_and_interrupted() -> None:
    conv = librechat_flat()
    conv["messages"][5]["unfinished"] = True
    parsed = parse_librechat_conversation(conv, 0)
    assert [m.role for m in parsed.messages][:3] == [Role.USER, Role.ASSISTANT, Role.USER]
    assert parsed.messages[-1].status.value == "interrupted"


def test_split_bullets_numbers_sentences_and_intro() -> None:
    text = ("Here's what I know about you:\n\n* **Name**: Ana\n- Likes tea;\n  and long walks.\n"
            "2) Works nights.\n\n## Preferences\n**Style**\nShort answers. Uses Linux! 日本語が好き。猫がいる。\n\n```\ncode\n```\n"
            "- Works nights.")
    assert split_facts(text) == ["Name: Ana", "Likes tea; and long walks.", "Works nights.", "Short answers.",
                                 "Uses Linux!", "日本語が好き。", "猫がいる。"]


def test_split_keeps_abbreviations_and_lowercase_continuations() -> None:
    assert split_facts("You see Dr. Smith monthly. e.g. on Mondays. Fine.") == [
        "You see Dr. Smith monthly. e.g. on Mondays.", "Fine."]


def test_mark_duplicates_exact_and_near() -> None:
    marked = mark_duplicates(["you like TEA", "You like green tea a lot", "New fact here"],
                             ["You like tea", "You like green tea a lot!"])
    assert [m.repeats for m in marked] == [Repeat(FIXED, 1, "You like tea", RepeatKind.EXACT),
                                           Repeat(FIXED, 2, "You like green tea a lot!", RepeatKind.NEAR), None]
    # the CLI's English, as before (walk55 #2: the window says the same data in its language)
    assert [m.repeats.english() for m in marked if m.repeats] == [
        "fixed memory #1 “You like tea”", "fixed memory #2 “You like green tea a lot!”"]


def test_a_fact_repeating_a_dream_card_names_the_card() -> None:
    """REF-16: a pasted fact nearly repeating a dream card names that card, as data."""
    card = Card("2026-11-29", "Prefers tables for comparisons")
    (marked,) = mark_duplicates(["prefers tables for comparisons"], ["Lives in Berlin"], [card])
    assert marked.repeats == Repeat(DYNAMIC, 1, "Prefers tables for comparisons")
    assert marked.repeats.english() == "card #1 “Prefers tables for comparisons”"
    long = Repeat(FIXED, 3, "Keeps a running list of every book read since 2019, with ratings and notes")
    assert long.english() == "fixed memory #3 “Keeps a running list of every book read since 2019, with ra…”"


def test_a_fact_told_in_another_voice_is_a_near_duplicate() -> None:
    """Issue 30: "You prefer metric units" pasted beside "Prefers metric units" repeats it
    (the subject words left out, words stemmed); a different fact does not."""
    marked = mark_duplicates(["You prefer metric units", "The user prefers imperial units",
                              "You prefer metric units and 24-hour time"],
                             ["Lives in Berlin", "Prefers metric units"])
    assert [m.repeats for m in marked] == [Repeat(FIXED, 2, "Prefers metric units"), None, None]


def test_repeat_index_follows_the_paste_rule() -> None:
    """Issue 30: a file import's Merge finds repeats as the paste does (exact, REF-16 near,
    or near in another voice), over an index instead of comparing every pair."""
    fixed = ["Lives in Berlin", "Prefers metric units", "You like green tea a lot!", "東京に住んでいる"]
    facts = ["you like GREEN tea a lot!", "You like green tea a lot", "You prefer metric units",
             "The user prefers imperial units", "東京に住んでいる", "Plays the cello"]
    index = RepeatIndex(fixed + facts)
    for n, text in enumerate(fixed, 1):
        index.add(n, text)
    found = [index.find(f) for f in facts]
    assert [(h.number, h.kind) if h else None for h in found] == [
        (3, RepeatKind.EXACT), (3, RepeatKind.NEAR), (2, RepeatKind.NEAR), None, (4, RepeatKind.EXACT), None]
    assert found == [m.repeats for m in mark_duplicates(facts, fixed)]


#: Issue 30's examples: (pasted fact, existing entry, comes unticked as …): "near" is
#: a repeat in another voice, "covered" a fact all of whose words the entry already has.
ISSUE_30_CASES = [
    ("You prefer metric units", "Prefers metric units", "near"),
    ("Prefers metric units", "You prefer metric units", "near"),
    ("Lives in Lisbon.", "Lives in Lisbon, Portugal", "covered"),
    ("Ana's timezone is Europe/Lisbon.", "Ana's timezone is Europe/Lisbon. (UTC+0 in winter)", "covered"),
    ("You watch boxes of films", "Watches box of film", "near"),  # "es" after ch/x, "s" else
    ("喜欢喝茶", "我喜欢喝茶和咖啡", "covered"),  # CJK: bigrams, no stemming
    ("Likes tea", "Likes coffee", None),
    ("Lives in Lisbon, Portugal", "Lives in Lisbon.", None),  # says more: stays ticked
    ("茶が好き", "茶が好きです", "covered"),
    ("お茶が好きです", "茶が好き", None),
    ("Vegetarian.", "Partner is vegetarian", None),  # one word is never "covered"
    ("You are vegetarian.", "Partner is vegetarian", None),
    # walk55 #1: "have" / "has" only link a fact's words, as "is" / "are" do; so do the
    # pieces "You've", "You're" and "I'm" leave
    ("You have a cat named Miso.", "Has a cat named Miso", "near"),
    ("You've a cat named Miso", "Has a cat named Miso", "near"),
    ("You're learning Japanese.", "Is learning Japanese", "near"),
    ("I'm learning Japanese", "Is learning Japanese", "near"),
    ("You have a cat named Miso.", "Has a cat named Miso and a dog named Pip", "covered"),
    ("You've adopted a cat named Miso", "Has a cat named Miso", None),  # says more: stays ticked
    ("You play the viola on weekends.", "Plays the viola", None),  # says more: stays ticked
    ("You had a cat named Miso", "Has a cat named Miso", None),  # "had" says something else
]


@pytest.mark.parametrize(("fact", "entry", "kind"), ISSUE_30_CASES)
def test_issue_30_repeats_come_unticked_naming_the_entry(fact: str, entry: str, kind: str | None) -> None:
    """Issue 30: a pasted fact, or a Merge's file entry, that repeats an existing entry in
    another voice or says less than it is marked, naming the entry; another fact is not."""
    marked = mark_duplicates([fact], ["Plays the cello", entry])[0]
    index = RepeatIndex(["Plays the cello", entry, fact])
    index.add(1, "Plays the cello")
    index.add(2, entry)
    hit = index.find(fact)
    if kind is None:
        assert marked.repeats is None and hit is None
        return
    assert marked.repeats == hit == Repeat(FIXED, 2, entry, RepeatKind(kind))
    assert hit is not None and hit.english() == f"fixed memory #2 “{entry}”"


def test_walk55b_a_fact_repeating_an_earlier_fact_of_the_paste_is_marked_naming_it() -> None:
    """walk55b #1 (REF-16): "You play the viola." and "Plays the viola" pasted together were
    both ticked; the later one now repeats the earlier (near), named by its text and place
    in the paste, not as a memory entry. What repeats memory names memory first; a paused
    entry is said paused (#3)."""
    facts = split_facts("You play the viola.\nPlays the viola\nYou drink oat milk.\nDrinks oat milk\n"
                        "Lives in Lisbon, Portugal\nLives in Lisbon\nHas a cat named Miso\nLikes tea\n")
    marked = mark_duplicates(facts, ["Likes tea", "Has a cat named Miso"], paused={2})
    assert [m.repeats for m in marked] == [
        None, Repeat(FIXED, 1, "You play the viola.", RepeatKind.NEAR, earlier=True),
        None, Repeat(FIXED, 3, "You drink oat milk.", RepeatKind.NEAR, earlier=True),
        None, Repeat(FIXED, 5, "Lives in Lisbon, Portugal", RepeatKind.COVERED, earlier=True),
        Repeat(FIXED, 2, "Has a cat named Miso", RepeatKind.EXACT, paused=True),
        Repeat(FIXED, 1, "Likes tea", RepeatKind.EXACT)]
    assert marked[1].repeats is not None and marked[1].repeats.english() == "“You play the viola.” above"
    assert marked[6].repeats is not None and marked[6].repeats.english() == (
        "fixed memory #2 “Has a cat named Miso” (paused)")
    # an exact copy further down is still dropped by the split itself
    assert split_facts("- Plays the viola\n- plays  the viola\n") == ["Plays the viola"]


@given(st.lists(st.text(max_size=60), max_size=12), st.lists(st.text(max_size=60), max_size=8))
@settings(max_examples=cases(120), deadline=None)
def test_repeat_index_agrees_with_mark_duplicates(fixed: list[str], facts: list[str]) -> None:
    """Any texts: the index finds a repeat exactly when the paste's pairwise rule does
    (which entry it names may differ when the memory holds the same text twice)."""
    fixed = [t for t in fixed if t.strip()]
    index = RepeatIndex(fixed + facts)
    for n, text in enumerate(fixed, 1):
        index.add(n, text)
    for fact, marked in zip(facts, mark_duplicates(facts, fixed), strict=True):
        hit = index.find(fact)
        assert (hit is None) == (marked.repeats is None or marked.repeats.earlier), (fact, hit, marked)
