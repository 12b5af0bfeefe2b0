"""Checking a large memory file never parses it in the window's process (APP-5, issue 30
"Import and paste that protect what is there", walk57 #8: a 10 MB JSON file froze the
window ~200 ms while it was checked on a worker thread).

A file over ``INLINE_BYTES`` gets a first look (foreign JSON and zip archives are refused
from their start, with the full read's one-line reasons), and one that may be a memory
file is read and checked in a child process that is gone when the check returns. What it
hands back previews and imports exactly as the same file read here does."""

from __future__ import annotations

import io
import json
import multiprocessing
import random
import string
import zipfile
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from chathub_desktop.core import memory_export as mx
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.transfer import memory_file_reader as reader
from tests.fakes.chatgpt_exports import sample_export
from tests.integration.test_memory_import_checks import state
from tests.integration.test_memory_transfer import seed

ENTRIES = 2500


def big_memory(services: Services, name: str = "Big") -> None:
    """An assistant whose JSON export is over ``INLINE_BYTES``: 2,500 entries (none
    repeating another) with provenance."""
    rnd = random.Random(30)
    words = ["".join(rnd.choice(string.ascii_lowercase) for _ in range(7)) for _ in range(3000)]
    services.assistants.create(name)
    services.memory.save_raw(name, "".join(f"#{i}: {' '.join(rnd.sample(words, 12))}\n"
                                           for i in range(1, ENTRIES + 1)))


@pytest.fixture
def no_parse_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any JSON parse or Markdown export read of a whole file in this process fails the
    test (the child process imports its own, unpatched modules)."""
    def refuse(*_a: object, **_k: object) -> None:
        raise AssertionError("a large memory file was parsed in the window's process")

    monkeypatch.setattr(mx, "_loads", refuse)
    monkeypatch.setattr(mx, "_parse_markdown_export", refuse)


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    assert len(data) > reader.INLINE_BYTES, (name, len(data))
    return path


@pytest.mark.parametrize("fmt", ["json", "markdown"])
def test_a_large_memory_file_is_checked_in_a_child_and_imports_as_read_here(
        services: Services, tmp_path: Path, fmt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seed(services)
    big_memory(services)
    text = services.memory_files.export("Big", fmt)
    path = _write(tmp_path, f"big.{'json' if fmt == 'json' else 'md'}", text.encode())
    here = services.memory_files.preview_import("Source", text.encode(), name=path.name)
    before = state(services)
    with monkeypatch.context() as m:
        m.setattr(mx, "_loads", lambda *_a, **_k: pytest.fail("parsed in the window's process"))
        m.setattr(mx, "_parse_markdown_export", lambda *_a, **_k: pytest.fail("parsed in the window's process"))
        checked = services.memory_files.read_file(path)
        assert multiprocessing.active_children() == []  # the child is gone
        preview = services.memory_files.preview_import("Source", checked, name=path.name)
        merge = services.memory_files.preview_import("Source", checked, name=path.name, mode=mx.ImportMode.MERGE)
    assert state(services) == before  # a preview writes nothing
    assert preview.lines() == here.lines() and preview.provenance == here.provenance
    assert (preview.fixed_after, merge.merge_added) == (ENTRIES, ENTRIES)
    services.memory_files.apply_import(preview)
    assert services.memory.document("Source") == services.memory.document("Big")


def test_a_large_utf16_export_with_its_mark_is_read(services: Services, tmp_path: Path, no_parse_here: None) -> None:
    """Notepad's "Unicode": UTF-16 with a byte-order mark, large, read in the child."""
    seed(services)
    big_memory(services)
    path = _write(tmp_path, "big.json", services.memory_files.export("Big", "json").encode("utf-16"))
    assert services.memory_files.preview_import("Source", path).fixed_after == ENTRIES


def _large_foreign(tmp_path: Path) -> list[tuple[str, bytes, str]]:
    """(name, bytes, words of the refusal) of large files that are not memory files."""
    wide = '{"entries": [' + ",".join('{"text": "' + "x" * 10 + '"}' for _ in range(60_000)) + "]}"
    conv = json.dumps(sample_export(6) * 200)
    other_zip = io.BytesIO()
    with zipfile.ZipFile(other_zip, "w", compression=zipfile.ZIP_STORED) as zf:
        zf.writestr("notes.md", "#1: hello\n" * 80_000)
    chatgpt_zip = io.BytesIO()
    with zipfile.ZipFile(chatgpt_zip, "w", compression=zipfile.ZIP_STORED) as zf:
        zf.writestr("conversations.json", conv)
    return [
        ("wide.json", wide.encode(), 'this is JSON but not a ChatHub memory file (expected "format": "chathub-memory")'),
        ("wide16.json", wide.encode("utf-16"), "this is JSON but not a ChatHub memory file"),
        ("bom.json", b"\xef\xbb\xbf  \n" + wide.encode(), "this is JSON but not a ChatHub memory file"),
        ("conversations.json", conv.encode(), "this is a ChatGPT export (conversations.json)"),
        ("cut.json", conv.encode()[: len(conv) // 2], "this is a ChatGPT export (conversations.json)"),
        ("rows.json", json.dumps([{"id": i, "text": "row"} for i in range(60_000)]).encode(), "this is a JSON array"),
        ("bomb.json", b'{"a":' * 200_000, "nests JSON more than 32 levels deep"),
        ("notes.zip", other_zip.getvalue(), "zip archive"),
        ("export.zip", chatgpt_zip.getvalue(), "ChatGPT export zip"),
    ]


def test_large_foreign_files_are_refused_from_their_start_in_one_line(
        services: Services, tmp_path: Path, no_parse_here: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Walk57 #8: foreign JSON and zip archives over 512 KB are refused without a parse
    (here or in a child), with the full read's reasons, and nothing is written."""
    monkeypatch.setattr(reader, "ProcessPoolExecutor", lambda *_a, **_k: pytest.fail("a child was started"))
    seed(services)
    before = state(services)
    for name, data, words in _large_foreign(tmp_path):
        path = _write(tmp_path, name, data)
        with pytest.raises(InvalidInput) as err:
            services.memory_files.preview_import("Source", path)
        message = str(err.value)
        assert words in message and len(message.splitlines()) == 1, (name, message)
        assert message.endswith("; nothing was changed"), (name, message)
        assert state(services) == before, name


@pytest.mark.parametrize(("name", "data", "words"), [
    ("latin1.md", "#1: café crème\n".encode("latin-1") * 60_000, "byte 0xe9 at offset 7"),
    ("blob.md", b"#1: x\n" + b"\x00\x01" * 300_000, "binary file"),
    ("cut.md", b"<!-- chathub-memory v1 -->\n# Memory of X\n" + b"#1: x\n" * 100_000, "damaged"),
    ("big.md", b"#1: " + b"w" * 700_000, "characters (a plain document's lines stay under"),
])
def test_other_large_files_are_refused_by_the_full_check_in_the_child(
        services: Services, tmp_path: Path, name: str, data: bytes, words: str) -> None:
    """What the first look leaves (text in another encoding, binary data, a damaged
    export, a document too long) is refused by the child's full check, in one line."""
    seed(services)
    before = state(services)
    path = _write(tmp_path, name, data)
    with pytest.raises(InvalidInput) as err:
        services.memory_files.read_file(path)
    assert words in str(err.value) and len(str(err.value).splitlines()) == 1, str(err.value)
    assert multiprocessing.active_children() == [] and state(services) == before


class _DeadPool:
    """A process pool whose worker died (e.g. killed for using too much memory)."""

    def __init__(self, *_a: object, **_k: object) -> None:
        pass

    def __enter__(self) -> _DeadPool:
        return self

    def __exit__(self, *_exc: object) -> None:
        return None

    def submit(self, *_a: object) -> Future[object]:
        future: Future[object] = Future()
        future.set_exception(BrokenProcessPool("A process in the process pool was terminated abruptly"))
        return future


def test_a_child_that_dies_is_a_one_line_refusal(services: Services, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    seed(services)
    big_memory(services)
    before = state(services)
    path = _write(tmp_path, "big.json", services.memory_files.export("Big", "json").encode())
    monkeypatch.setattr(reader, "ProcessPoolExecutor", _DeadPool)
    with pytest.raises(InvalidInput) as err:
        services.memory_files.preview_import("Source", path)
    assert str(err.value).startswith("cannot check big.json: the process that reads it stopped (A process in the "
                                     "process pool was terminated abruptly); nothing was changed")
    assert len(str(err.value).splitlines()) == 1 and state(services) == before
