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


def document_version(body: str) -> str:
    """The version token of a stored document body: the first :data:`TOKEN_HEX` hex
    digits of the sha256 of its UTF-8 bytes. ``""`` (no document yet) has a token too,
    so an editor opened on an empty memory is protected as well."""
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:TOKEN_HEX]
