"""Bundled tiktoken encodings, loaded from disk with their published sha256 checked.

tiktoken would download encodings on first use; this app never does. The files ship
in ``resources/tokenizers`` and are built into ``tiktoken.Encoding`` objects with the
same pattern and special tokens as ``tiktoken_ext.openai_public``.
"""

from __future__ import annotations

import base64
import hashlib
import io
import threading
from functools import cache
from pathlib import Path

import tiktoken

from chathub_desktop.paths import resources_dir

ENDOFTEXT = "<|endoftext|>"
ENDOFPROMPT = "<|endofprompt|>"

#: sha256 values published in tiktoken's own ``openai_public.py``.
EXPECTED_SHA256 = {
    "o200k_base": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    "cl100k_base": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
}

_O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
_CL100K_PATTERN = r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""

_SPECIALS = {
    "o200k_base": {ENDOFTEXT: 199999, ENDOFPROMPT: 200018},
    "cl100k_base": {
        ENDOFTEXT: 100257,
        "<|fim_prefix|>": 100258,
        "<|fim_middle|>": 100259,
        "<|fim_suffix|>": 100260,
        ENDOFPROMPT: 100276,
    },
}
_PATTERNS = {"o200k_base": _O200K_PATTERN, "cl100k_base": _CL100K_PATTERN}
#: Largest tokenizer file read, bytes (o200k_base is 3.6 MB).
MAX_FILE_BYTES = 16 * 1024 * 1024
_lock = threading.Lock()


class EncodingUnavailable(Exception):
    """A bundled tokenizer file is missing or its sha256 does not match."""


@cache
def _load(name: str) -> tiktoken.Encoding:
    path = resources_dir() / "tokenizers" / f"{name}.tiktoken"
    if not path.is_file():
        raise EncodingUnavailable(f"tokenizer file missing: {path}")
    ranks = read_ranks(path, EXPECTED_SHA256[name])
    encoding = tiktoken.Encoding(
        name=f"chathub_{name}",
        pat_str=_PATTERNS[name],
        mergeable_ranks=ranks,
        special_tokens=_SPECIALS[name],
    )
    # The native BPE holds its own copy of the table; tiktoken keeps the Python one only
    # to pickle the encoding, which ChatHub never does. Dropping it frees ~27 MB (issue 29).
    encoding._mergeable_ranks = {}
    return encoding


def read_ranks(path: Path, sha256: str) -> dict[bytes, int]:
    """The merge table of the ``.tiktoken`` file at ``path`` (one ``<base64 token> <rank>``
    a line) once its sha256 is ``sha256``: token bytes → rank. Unlike tiktoken's
    ``load_tiktoken_bpe`` it writes no copy to ``/tmp/data-gym-cache`` and parses a line
    at a time, never holding a list of every line beside the table (issue 29: the
    start-up's peak RSS). Raises :class:`EncodingUnavailable` for a file larger than
    :data:`MAX_FILE_BYTES`, another sha256 or a malformed line."""
    if path.stat().st_size > MAX_FILE_BYTES:
        raise EncodingUnavailable(f"tokenizer file {path} is larger than {MAX_FILE_BYTES} bytes")
    data = path.read_bytes()
    if hashlib.sha256(data).hexdigest() != sha256:
        raise EncodingUnavailable(f"tokenizer file {path} failed its sha256 check")
    ranks: dict[bytes, int] = {}
    decode = base64.b64decode
    try:
        for line in io.BytesIO(data):
            if line.strip():
                token, rank = line.split()
                ranks[decode(token, validate=True)] = int(rank)
    except ValueError as exc:  # binascii.Error is one
        raise EncodingUnavailable(f"tokenizer file {path} has a malformed line: {exc}") from exc
    return ranks


def get_encoding(name: str) -> tiktoken.Encoding:
    """Return the bundled encoding ``o200k_base`` or ``cl100k_base`` (thread-safe; the
    first call reads ~3.6 MB and takes ~0.35 s, later calls are free).

    Raises ``KeyError`` for an unknown name and :class:`EncodingUnavailable` when the
    file is missing or corrupt.
    """
    if name not in EXPECTED_SHA256:
        raise KeyError(f"no bundled encoding {name!r}")
    with _lock:
        return _load(name)


_CL100K_PREFIXES = ("gpt-4-", "gpt-3.5", "gpt-35", "text-embedding-3", "text-embedding-ada")


def encoding_name_for_model(model: str) -> str:
    """Encoding used to count ``model``'s tokens: ``cl100k_base`` for GPT-4 (non-o),
    GPT-3.5 and the v3/ada embeddings; ``o200k_base`` for current OpenAI models and as
    the default for every other vendor (issue #2, item 7)."""
    m = model.lower().split("/")[-1]
    if m == "gpt-4" or m.startswith(_CL100K_PREFIXES) and not m.startswith("gpt-4o"):
        return "cl100k_base"
    return "o200k_base"
