"""Bundled tokenizer files, sha256-checked, never downloaded (issue #2 item 7)."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from chathub_desktop.paths import resources_dir
from chathub_desktop.tokens import encodings
from chathub_desktop.tokens.counter import TokenCounter


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_bundled_files_match_the_published_sha256(name: str) -> None:
    data = (resources_dir() / "tokenizers" / f"{name}.tiktoken").read_bytes()
    assert hashlib.sha256(data).hexdigest() == encodings.EXPECTED_SHA256[name]


def test_known_token_counts() -> None:
    """Reference counts of OpenAI's encodings for a fixed sentence."""
    assert TokenCounter("o200k_base").count("hello world") == 2
    assert TokenCounter("cl100k_base").count("hello world") == 2
    assert TokenCounter("o200k_base").count("") == 0
    # special-token text is counted as ordinary text, never rejected
    assert TokenCounter("o200k_base").count("<|endoftext|>") > 1


@pytest.mark.parametrize(
    ("model", "encoding"),
    [
        ("gpt-4o", "o200k_base"),
        ("gpt-5-mini", "o200k_base"),
        ("o3", "o200k_base"),
        ("openai/gpt-4.1", "o200k_base"),
        ("gpt-4", "cl100k_base"),
        ("gpt-4-turbo", "cl100k_base"),
        ("gpt-3.5-turbo", "cl100k_base"),
        ("claude-sonnet-4-5", "o200k_base"),
        ("smollm2-135m", "o200k_base"),
    ],
)
def test_encoding_chosen_by_model(model: str, encoding: str) -> None:
    assert encodings.encoding_name_for_model(model) == encoding


def test_corrupt_file_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A tokenizer file that fails its sha256 check is never used."""
    fake = tmp_path / "resources"
    (fake / "tokenizers").mkdir(parents=True)
    src = resources_dir() / "tokenizers" / "cl100k_base.tiktoken"
    dst = fake / "tokenizers" / "cl100k_base.tiktoken"
    shutil.copy(src, dst)
    with dst.open("ab") as f:
        f.write(b"AAAA 999999\n")
    monkeypatch.setattr(encodings, "resources_dir", lambda: fake)
    encodings._load.cache_clear()
    try:
        with pytest.raises(encodings.EncodingUnavailable, match="sha256"):
            encodings.get_encoding("cl100k_base")
    finally:
        encodings._load.cache_clear()


def test_lone_surrogates_are_counted_not_rejected() -> None:
    """Text with a lone surrogate (e.g. from a broken paste) is counted like tiktoken
    counts it, never raising."""
    counter = TokenCounter("o200k_base")
    assert counter.count("ok \ud800 ok") == len(counter._encoding.encode_ordinary("ok \ud800 ok"))


def test_a_huge_text_is_counted_in_bounded_memory() -> None:
    """Issue 32: a 20-million-character text (a runaway stored reply) is not turned into
    four million token ids: the first million characters are tokenized and the rest is
    estimated at their rate, so the count stays linear and memory stays small."""
    import tracemalloc

    counter = TokenCounter("o200k_base")
    head = "word " * 200_000  # 1,000,000 characters
    exact = counter.count(head)
    huge = head * 20
    tracemalloc.start()
    try:
        total = counter.count(huge)
        peak_mb = tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()
    assert total == exact * 20
    assert peak_mb < 20, f"{peak_mb:.0f} MB traced while counting"


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_loaded_encoding_keeps_no_python_copy_of_its_table(name: str) -> None:
    """Issue 29 (RSS with a topic open under 200 MB): the native BPE holds the merge
    table; the Python dict tiktoken keeps beside it (~27 MB for o200k) is dropped, and
    the encoding still counts, decodes and knows its vocabulary size."""
    enc = encodings.get_encoding(name)
    assert enc._mergeable_ranks == {}
    assert enc.decode(enc.encode("hello wörld")) == "hello wörld"
    assert enc.n_vocab == {"o200k_base": 200019, "cl100k_base": 100277}[name]
    assert TokenCounter(name).count("hello world") == 2


def test_the_bundled_file_is_read_without_a_cache_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: loading a bundled tokenizer writes nothing (tiktoken's own loader copies
    the file to ``/tmp/data-gym-cache``) and gives tiktoken's table for it."""
    from tiktoken.load import load_tiktoken_bpe

    cache = tmp_path / "cache"
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(cache))
    path = resources_dir() / "tokenizers" / "cl100k_base.tiktoken"
    encodings._load.cache_clear()
    try:
        assert encodings.get_encoding("cl100k_base").encode_ordinary("hello world") == [15339, 1917]
    finally:
        encodings._load.cache_clear()
    assert not cache.exists()
    assert encodings.read_ranks(path, encodings.EXPECTED_SHA256["cl100k_base"]) == load_tiktoken_bpe(str(path))


@pytest.mark.parametrize("line", [b"not-base64! 7\n", b"QUJD\n", b"QUJD seven\n"])
def test_a_malformed_line_is_refused_in_one_line(tmp_path: Path, line: bytes) -> None:
    """A table line that is not ``<base64> <rank>`` refuses the file, saying why."""
    bad = tmp_path / "bad.tiktoken"
    bad.write_bytes(b"IQ== 0\n" + line)
    with pytest.raises(encodings.EncodingUnavailable, match="malformed line"):
        encodings.read_ranks(bad, hashlib.sha256(bad.read_bytes()).hexdigest())
