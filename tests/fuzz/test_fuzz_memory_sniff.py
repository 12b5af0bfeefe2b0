"""Fuzz: the first look at a large memory file and the decoder under it (APP-5, issue 30;
house rule: every parser of outside data has bounds and a fuzz test).

Random bytes, real exports and foreign JSON in every encoding a file may come in, with
and without byte-order marks (UTF-8, UTF-8 with one or two marks, UTF-16 LE/BE with and
without the mark, UTF-32, Latin-1), cut short and mutated: the first look never raises,
refuses in one line, and refuses nothing the full read would accept; the full read
accepts or refuses with one line, nothing else. Then, through the service, large files
built the same way are imported or refused in one line with the store unchanged."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core import memory_export as mx
from chathub_desktop.core.memory_sniff import first_look
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.transfer.memory_file_reader import INLINE_BYTES
from tests.cases import cases
from tests.fakes.chatgpt_exports import sample_export
from tests.fuzz.harness import check_case, fuzz_settings
from tests.fuzz.hostile_inputs import mutated
from tests.integration.test_memory_transfer import seed

pytestmark = pytest.mark.fuzz

_DOC = "# About\n#1: Likes tea, not coffee\n#2: 東京に住んでいる\n#3: Prefers \"quotes\" [and] {braces}\n"
_WHEN = datetime(2026, 12, 1, tzinfo=UTC)
_MEMORY = mx.MemoryFile(_DOC, "", tuple(mx.Provenance(fm.text_hash(e.text), "owner", True, _WHEN)
                                        for e in fm.entries(_DOC)), "Helper", _WHEN)
#: Texts a memory file may hold, and foreign ones.
_TEXTS = {
    "json": mx.to_json(_MEMORY),
    "markdown": mx.to_markdown(_MEMORY),
    "plain": _DOC,
    "object": json.dumps({"entries": [{"text": "x"}] * 20, "format": "other"}),
    "array": json.dumps([{"id": i} for i in range(20)]),
    "chatgpt": json.dumps(sample_export(2), ensure_ascii=False),
    "link": "[a link](https://example.org) notes\n#1: Likes tea\n",
    "sorted": json.dumps(json.loads(mx.to_json(_MEMORY)), sort_keys=True, ensure_ascii=False),
}
_ENCODINGS = ("utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "latin-1")
_PREFIXES = (b"", b"", b"\xef\xbb\xbf", b"\xef\xbb\xbf\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00",
             b"\x00\x00\xfe\xff", b"  \n\t", b"PK\x03\x04")


@st.composite
def files(draw: st.DrawFn) -> bytes:
    """Bytes of a file offered as memory: random, or a text above in some encoding, with
    maybe a byte-order mark or another prefix, maybe cut short, maybe mutated."""
    if draw(st.integers(0, 5)) == 0:
        return draw(st.binary(max_size=600))
    text = _TEXTS[draw(st.sampled_from(sorted(_TEXTS)))]
    data = text.encode(draw(st.sampled_from(_ENCODINGS)), errors="replace")
    data = draw(st.sampled_from(_PREFIXES)) + data
    if draw(st.booleans()):
        data = data[: draw(st.integers(0, len(data)))]
    if draw(st.booleans()):
        data = draw(mutated(data, max_ops=3))
    return data


def _read(data: bytes) -> mx.MemoryFile | mx.MemoryFileError:
    try:
        return mx.read(data, "memory.json" if data.lstrip()[:1] in (b"{", b"[") else "memory.md")
    except mx.MemoryFileError as exc:
        return exc


@settings(max_examples=cases(400), deadline=None)
@given(files())
def test_the_first_look_refuses_only_what_the_full_read_refuses(data: bytes) -> None:
    refusal = first_look(data)  # never raises
    full = _read(data)  # a MemoryFile or a MemoryFileError, nothing else
    if refusal is not None:
        assert isinstance(refusal, mx.MemoryFileError)
        assert len(str(refusal).splitlines()) == 1 and str(refusal).strip()
        assert isinstance(full, mx.MemoryFileError), (data[:80], str(refusal))
    if isinstance(full, mx.MemoryFileError):
        assert len(str(full).splitlines()) == 1 and str(full).strip(), data[:80]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"])
def test_every_encoding_of_an_export_is_read_or_named(encoding: str) -> None:
    """Issue 30: what is read is what the refusals say: UTF-8 with or without its mark and
    UTF-16 with its mark; UTF-16 without the mark is named, not called binary."""
    for kind in ("json", "markdown", "plain", "sorted"):
        data = _TEXTS[kind].encode(encoding)
        assert first_look(data) is None, (kind, encoding)
        full = _read(data)
        if encoding in ("utf-16-le", "utf-16-be"):
            assert isinstance(full, mx.MemoryFileError)
            assert "looks like UTF-16 text without a byte-order mark" in str(full), (kind, str(full))
            assert "saved as UTF-8, or as UTF-16 with a byte-order mark" in str(full)
        else:
            assert isinstance(full, mx.MemoryFile) and full.fixed == _DOC, (kind, encoding, full)


def test_a_large_export_saved_as_utf16_without_its_mark_is_named_not_called_foreign() -> None:
    """Notepad++'s "UTF-16 LE" without the mark: the first look leaves it to the full read,
    which says what it is."""
    data = mx.to_json(_MEMORY).encode("ascii", "replace").decode("ascii").encode("utf-16-le")
    assert first_look(data) is None
    assert "looks like UTF-16 text without a byte-order mark" in str(_read(data))


@pytest.mark.parametrize(("data", "words"), [
    ("#1: café crème\n".encode("latin-1"), "the file is not UTF-8 text (byte 0xe9 at offset 7); a memory file is "
                                          "JSON or Markdown saved as UTF-8, or as UTF-16 with a byte-order mark"),
    ("#1: café\n".encode("cp1252"), "saved as UTF-8, or as UTF-16 with a byte-order mark"),
    ("#1: hi\n".encode("utf-32"), "the file is UTF-32 text; a memory file is JSON or Markdown saved as UTF-8, or as "
                                 "UTF-16 with a byte-order mark"),
    (b"\xff\xfe#\x00" + b"\x00\xd8", "nor the UTF-16 its first bytes announce"),
])
def test_an_encoding_not_read_is_refused_naming_the_ones_that_are(data: bytes, words: str) -> None:
    full = _read(data)
    assert isinstance(full, mx.MemoryFileError) and words in str(full), str(full)


def _large(services: Services) -> list[bytes]:
    """Large texts (over ``INLINE_BYTES``): a real export and foreign JSON."""
    services.memory.save_raw("Source", "".join(f"#{i}: Entry {i} of a large memory, {i * 31 % 997} apples\n"
                                               for i in range(1, 9000)))
    export = services.memory_files.export("Source", "json")
    foreign = json.dumps({"rows": [{"text": f"row {i}"} for i in range(40_000)]})
    return [export.encode(), export.encode("utf-16"), foreign.encode(), foreign.encode("utf-16")]


@fuzz_settings(6)
@given(pick=st.integers(0, 3), ops=st.data())
def test_large_files_are_imported_or_refused_in_one_line(services: Services, tmp_path_factory: pytest.TempPathFactory,
                                                        pick: int, ops: st.DataObject) -> None:
    """Large files cut short or mutated go through the first look and, when it cannot
    tell, the child process: an import or a one-line refusal, the store unchanged after
    a refusal (``check_case``)."""
    if not services.assistants.list():
        seed(services)
        services.assistants.create("Target")
    base = _large(services)[pick]
    how = ops.draw(st.sampled_from(["whole", "cut", "mutated"]))
    data = base if how == "whole" else ops.draw(mutated(base, max_ops=2)) if how == "mutated" else base[: ops.draw(
        st.integers(INLINE_BYTES + 1, len(base)))]
    path = Path(tmp_path_factory.mktemp("large")) / "memory.json"
    path.write_bytes(data)

    def run() -> None:
        services.memory_files.apply_import(services.memory_files.preview_import("Target", path))

    check_case("memory.json (large)", services.db, run, InvalidInput)
