"""Version tokens of memory documents (issue 10, "Nothing lost": a stale editor never
overwrites a newer save).

An editor that shows a document keeps the token of the body it showed and passes it on
save; the service compares it with the token of the body stored now, inside the same
write transaction, and refuses the save on a mismatch. The token is derived from the
body alone, so no schema change is needed and every process computes the same one.
"""

from __future__ import annotations

import hashlib

#: Hex digits kept of the sha256 (64 bits: an accidental match is out of reach).
TOKEN_HEX = 16


#: Characters encoded per step (about 1 ms): encoding a 3 MB memory in one call held the
#: interpreter lock ~10 ms while the window's thread waited for it (issue 30).
ENCODE_CHARS = 1 << 18


def document_version(body: str) -> str:
    """The version token of a stored document body: the first :data:`TOKEN_HEX` hex
    digits of the sha256 of its UTF-8 bytes. ``""`` (no document yet) has a token too,
    so an editor opened on an empty memory is protected as well. A long body is encoded
    :data:`ENCODE_CHARS` characters at a time (the same bytes: a ``str`` holds code
    points, so no character is split)."""
    if len(body) <= ENCODE_CHARS:
        return hashlib.sha256(body.encode("utf-8")).hexdigest()[:TOKEN_HEX]
    h = hashlib.sha256()
    for start in range(0, len(body), ENCODE_CHARS):
        h.update(body[start:start + ENCODE_CHARS].encode("utf-8"))
    return h.hexdigest()[:TOKEN_HEX]


def bytes_version(raw: bytes) -> str:
    """The version token of a body given as its UTF-8 bytes: the same token
    :func:`document_version` gives the decoded text (sha256 hashes a large buffer with the
    interpreter lock released, so a reader need not decode an unchanged body; issue 30)."""
    return hashlib.sha256(raw).hexdigest()[:TOKEN_HEX]
