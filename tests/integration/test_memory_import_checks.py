"""A wrong file never wipes memory (issue 10 "Nothing lost", APP-5): Memory → Import… and
`memory import` check the whole file first and refuse anything that is not a memory file
or a plain Markdown/text document, with one line naming the problem and nothing written;
the preview says what will change; the import is one transaction that refuses when memory
moved since the preview. A fuzz test mutates real exports and foreign files: every outcome
is a clean import or a one-line refusal."""

from __future__ import annotations

import io
import json
import random
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chathub_desktop.cli import main as cli
from chathub_desktop.core import memory_export as mx
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput, ServiceError
from chathub_desktop.services.transfer.memory_transfer import ImportConflict, ImportPreview
from tests.cases import cases
from tests.fakes.chatgpt_exports import sample_export, write_export, write_zip
from tests.integration.test_memory_transfer import seed, snapshot


def state(svc: Services, name: str = "Source") -> tuple[object, ...]:
    """Everything an import may touch: both documents, entries with provenance, and the
    dynamic memory's Restore version."""
    return (*snapshot(svc, name), svc.dreams.settings(name).can_restore)


def markdown_export(svc: Services) -> str:
    return svc.memory_files.export("Source", "markdown")


def _damage_block_count(text: str) -> str:
    """The issue's case: one block's ``chars=N`` says ``-5``; the other block is intact."""
    start = text.index("<!-- chathub:dynamic chars=") + len("<!-- chathub:dynamic chars=")
    end = text.index(" -->", start)
    return text[:start] + "-5" + text[end:]


def _break_block_tag(text: str) -> str:
    return text.replace("<!-- chathub:fixed chars=", "<!-- chathub:fixd chars=", 1)


def foreign_files(tmp: Path, svc: Services) -> list[tuple[str, bytes, str]]:
    """(file name, bytes, words the refusal must contain) for every kind of wrong file the
    issue names."""
    conv = write_export(tmp / "conversations.json", sample_export(6)).read_bytes()
    chatgpt_zip = write_zip(tmp / "export.zip", sample_export(4)).read_bytes()
    other_zip = io.BytesIO()
    with zipfile.ZipFile(other_zip, "w") as zf:
        zf.writestr("notes.md", "#1: hello")
    md = markdown_export(svc)
    return [
        ("conversations.json", conv[: len(conv) * 2 // 3], "ChatGPT export"),  # cut short
        ("conversations.json", conv, "ChatGPT export"),
        ("numbers.json", b"[1, 2", "cut short"),
        ("array.txt", b"[1, 2, 3]", "JSON array"),
        ("number.md", b"42", "a number"),
        ("settings.json", json.dumps({"theme": "dark", "fixed": "#1: x"}).encode(), "not a ChatHub memory file"),
        ("export.zip", chatgpt_zip, "ChatGPT export zip"),
        ("notes.zip", other_zip.getvalue(), "zip archive"),
        ("image.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
        ("latin1.md", "#1: café crème".encode("latin-1"), "not UTF-8"),
        ("deep.json", b"[" * 200_000, "levels deep"),
        ("deep-object.json", b'{"a":' * 200_000, "levels deep"),
        ("memory.md", _damage_block_count(md).encode(), "damaged"),
        ("memory.md", _break_block_tag(md).encode(), "broken memory block marker"),
        ("memory.md", md[: len(md) - 40].encode(), "damaged"),
        ("memory.md", md.replace("\n", "\r\n").encode(), "damaged"),
        ("memory.md", (md + "\nmy own notes\n").encode(), "text after its provenance block"),
        ("memory.md", md[md.index("\n") + 1:].encode(), "does not start with"),
        ("memory.json", b"#1: not json at all", "named .json but does not hold JSON"),
        ("memory.json", json.dumps({"format": "chathub-memory", "version": 1,
                                    "fixed": {"document": "#1: a\u0000b"}}).encode(), "NUL"),
        ("memory.json", b'{"format": "chathub-memory", "version": 1, "fixed": {"document": "\\ud800"}}',
         "surrogate"),
        # issue 32: a CSV replaced fixed memory; a table of any name is refused
        ("memories.csv", b"id,text,created\n1,Likes tea,2026-01-01\n2,Lives in Paris,2026-01-02\n", ".csv file is a table"),
        ("memories.txt", b"id,text,created\n1,Likes tea,2026-01-01\n2,Lives in Paris,2026-01-02\n",
         "a CSV table (3 columns, 3 rows)"),
        ("export.txt", b'"id","text"\r\n"1","Likes tea"\r\n"2","Lives in Paris"\r\n', "CSV table"),
        ("pairs.md", b"key,value\nname,Bob\ncity,Paris\n", "CSV table"),
        ("sheet.txt", b"name\tvalue\nBob\t42\n", "tab-separated table"),
        ("one.tsv", b"just a line\n", ".tsv file is a table"),
    ]


def test_every_wrong_file_is_refused_with_one_line_and_nothing_written(services: Services, tmp_path: Path) -> None:
    seed(services)
    before = state(services)
    files = foreign_files(tmp_path, services)
    for name, data, words in files:
        path = tmp_path / "in" / name
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(data)
        with pytest.raises(InvalidInput) as err:
            services.memory_files.preview_import("Source", path)
        message = str(err.value)
        assert words in message, (name, message)
        assert len(message.splitlines()) == 1 and "nothing was changed" in message, (name, message)
        assert state(services) == before, name


def test_the_issues_cases_via_the_cli_exit_1_and_keep_memory(services: Services, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """`memory import` of a truncated conversations.json, of `[1, 2` and of a Markdown
    export with one damaged block: exit 1, one line on stderr, memory unchanged."""
    seed(services)
    before = state(services)
    conv = write_export(tmp_path / "conversations.json", sample_export(6)).read_bytes()
    cases = {"conversations.json": conv[:-300], "two.txt": b"[1, 2",
             "damaged.md": _damage_block_count(markdown_export(services)).encode()}
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        code = cli(["memory", "import", "--assistant", "Source", str(tmp_path / name),
                    "--database-url", services.database_url])
        out, err = capsys.readouterr()
        assert code == 1 and out == "" and len(err.strip().splitlines()) == 1, (name, out, err)
        assert state(services) == before, name


def test_a_large_file_is_refused_before_it_is_read_whole(services: Services, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    seed(services)
    monkeypatch.setattr(mx, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "big.md"
    path.write_text("#1: x\n" * 400, encoding="utf-8")
    with pytest.raises(InvalidInput, match="larger than"):
        services.memory_files.preview_import("Source", path)
    with pytest.raises(InvalidInput, match="a memory file is at most"):
        services.memory_files.preview_import("Source", path.read_bytes())


def test_plain_documents_and_utf16_are_accepted(services: Services, tmp_path: Path) -> None:
    """Markdown that merely starts like JSON is still a document; UTF-16 with a BOM reads."""
    seed(services)
    for doc in ("[a link](https://x) notes\n#1: Likes tea\n", "[[Home]]\n#1: Likes tea\n",
                "[ ] todo\n#1: Likes tea\n", "[2026-01-01] diary\n#1: Likes tea\n"):
        p = services.memory_files.preview_import("Source", doc.encode(), name="notes.md")
        assert (p.kind, p.fixed_after) == ("plain", 1)
    # prose with commas, and a Markdown list whose items hold commas, are documents (issue 32)
    for doc in ("I like tea, not coffee\nI live in Paris, France\n", "- tea, green\n- walks, long\n",
                "Notes\n\nMorning: tea, toast, news\nEvening: books, music, walks\n"):
        assert services.memory_files.preview_import("Source", doc.encode(), name="notes.md").kind == "plain", doc
    p = services.memory_files.preview_import("Source", "\ufeff#1: 東京\n".encode("utf-16"), name="w.txt")
    assert p.fixed_document == "#1: 東京\n"


def test_the_preview_says_what_changes_and_apply_writes_it_at_once(services: Services) -> None:
    seed(services)
    services.assistants.create("Copy")
    services.memory.save_raw("Copy", "#1: Old one\n#2: Old two\n")
    text = services.memory_files.export("Source", "json")
    before = state(services, "Copy")
    p = services.memory_files.preview_import("Copy", text.encode(), name="source.json")
    assert isinstance(p, ImportPreview) and state(services, "Copy") == before  # a preview writes nothing
    assert (p.fixed_before, p.fixed_after, p.dynamic_before, p.dynamic_after) == (2, 3, 0, 2)
    assert (p.provenance_before, p.provenance_kept, p.provenance_replaced, p.provenance_added) == (2, 0, 2, 3)
    assert p.untrusted_after == 1
    assert p.lines() == [
        "source.json: a ChatHub memory file (JSON)",
        "fixed memory: 2 entries → 3 entries and 1 line of notes (replaced; Memory → History can revert it)",
        "fixed entries: 3 added, 2 removed, 0 edited",  # issue 18: no shared word, so no edit
        "dynamic memory: 0 cards → 2 cards (the current cards can be restored)",
        "dream cards: 2 added, 0 removed, 0 edited",
        # walk55 #5: said plainly, not "0 kept, 2 replaced, 3 new"
        "who wrote each entry (you, the assistant or a dream): unchanged for 0 entries, changed or removed for "
        "2 entries, first recorded for 3 entries; 1 entry untrusted",
    ]
    out = services.memory_files.apply_import(p)
    assert (out.fixed_entries, out.dynamic_cards, out.provenance_rows) == (3, 2, 3)
    assert snapshot(services, "Copy") == snapshot(services, "Source")


def test_apply_refuses_when_memory_changed_since_the_preview(services: Services) -> None:
    seed(services)
    p = services.memory_files.preview_import("Source", b"#1: Replacement\n", name="n.md")
    services.memory.add("Source", "Added after the preview")
    before = state(services)
    with pytest.raises(ImportConflict, match="changed since the file was checked"):
        services.memory_files.apply_import(p)
    assert state(services) == before
    again = services.memory_files.preview_import("Source", b"#1: Replacement\n", name="n.md")
    assert again.fixed_before == 4
    services.memory_files.apply_import(again)
    assert services.memory.document("Source") == "#1: Replacement\n"


def test_a_plain_document_keeps_the_provenance_of_texts_already_recorded(services: Services) -> None:
    """REF-7: re-importing a fixed-memory export cannot turn an untrusted entry into the owner's."""
    seed(services)
    doc = services.memory.export_markdown("Source") + "#9: Brand new\n"
    p = services.memory_files.preview_import("Source", doc.encode(), name="fixed.md")
    assert (p.provenance_kept, p.provenance_replaced, p.provenance_added, p.untrusted_after) == (3, 0, 1, 1)
    services.memory_files.apply_import(p)
    assert [(e.text, e.origin, e.trusted) for e in services.memory.entry_views("Source")] == [
        ("Likes tea", "owner", True), ("Works in Lisbon", "owner", True),
        ("Prefers metric units", "agent", False), ("Brand new", "owner", True)]


def test_cli_prints_the_summary_and_dry_run_writes_nothing(services: Services, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    seed(services)
    services.assistants.create("Copy")
    path = tmp_path / "m.md"
    path.write_text(markdown_export(services), encoding="utf-8")
    argv = ["memory", "import", "--assistant", "Copy", str(path), "--database-url", services.database_url]
    before = state(services, "Copy")
    assert cli([*argv, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "fixed memory: 0 entries → 3 entries" in out and "dry run: nothing was changed" in out
    assert state(services, "Copy") == before
    assert cli([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["imported"] is True and data["fixed"] == {"before": 0, "after": 3}
    assert snapshot(services, "Copy") == snapshot(services, "Source")


# --- fuzz -------------------------------------------------------------------------------------

def _mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random edits of the kinds a disk, a download or a hand leaves behind."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        if not out:
            break
        i = rng.randrange(len(out))
        kind = rng.randrange(8)
        if kind == 0:
            del out[i:]                                   # cut short
        elif kind == 1:
            out[i] = rng.randrange(256)                   # a flipped byte
        elif kind == 2:
            del out[i: i + rng.randint(1, 40)]            # a lost run
        elif kind == 3:
            out[i:i] = bytes(rng.choice(b'{}[]",:\\-0123456789\n<>!/ ') for _ in range(rng.randint(1, 6)))
        elif kind == 4:
            out[i:i] = out[rng.randrange(len(out)):][: rng.randint(1, 80)]  # a duplicated run
        elif kind == 5:
            out[i:i] = b"\x00"
        elif kind == 6:
            j = out.find(b"chars=")
            if j >= 0:
                out[j + 6: j + 7] = rng.choice([b"-", b"99999999999999", b"x", b"1"])
        else:
            out[i:i] = rng.choice(["é", "😀", "\u2028", "\ufeff", "\r"]).encode()
    return bytes(out)


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
    max_leaves=20)


@settings(max_examples=cases(120), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(base=st.sampled_from(["json", "markdown", "plain", "foreign-json", "bytes"]),
       seed_=st.integers(0, 2**32 - 1), value=_json_values, blob=st.binary(max_size=200))
def test_fuzz_every_file_is_a_clean_import_or_a_one_line_refusal(
        services: Services, base: str, seed_: int, value: object, blob: bytes) -> None:
    """Mutated memory exports and foreign files: never a traceback, never a partial write."""
    if not services.assistants.list():
        seed(services)
        services.assistants.create("Target")
    rng = random.Random(seed_)
    if base in ("json", "markdown"):
        data = _mutate(services.memory_files.export("Source", base).encode(), rng)
    elif base == "plain":
        data = _mutate(services.memory.export_markdown("Source").encode(), rng)
    elif base == "foreign-json":
        data = _mutate(json.dumps(value).encode(), rng) if rng.random() < 0.5 else json.dumps(value).encode()
    else:
        data = blob
    before = state(services, "Target")
    try:
        preview = services.memory_files.preview_import("Target", data, name=f"f.{rng.choice(['md', 'json', 'txt'])}")
    except ServiceError as exc:
        assert isinstance(exc, InvalidInput) and len(str(exc).splitlines()) == 1
        assert state(services, "Target") == before
        return
    assert state(services, "Target") == before
    services.memory_files.apply_import(preview)
    fixed, dynamic, entries = snapshot(services, "Target")
    assert fixed == (before[0] if preview.fixed_document is None else preview.fixed_document)
    assert dynamic == (before[1] if preview.dynamic_document is None else preview.dynamic_document)
    assert len(entries) == (preview.fixed_after if preview.fixed_after is not None else preview.fixed_before)
    assert sum(1 for e in entries if not e[3]) == preview.untrusted_after


def test_a_file_with_an_empty_entry_previews_both_ways(services: Services) -> None:
    """An entry line with no text (``#2:``) is no fact to merge: the Merge preview leaves it
    out (it raised ValueError, a crash instead of a preview)."""
    seed(services)
    data = b"#1: Plays the cello\n#2:\n#3: Likes tea\n"
    merge = services.memory_files.preview_import("Source", data, name="notes.md", mode=mx.ImportMode.MERGE)
    assert [(m.text, m.added) for m in merge.merge_items] == [("Plays the cello", True), ("Likes tea", False)]
    assert services.memory_files.preview_import("Source", data, name="notes.md").fixed_after == 3
