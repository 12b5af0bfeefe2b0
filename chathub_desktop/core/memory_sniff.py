"""A first look at a large file offered as memory (APP-5, issue 30): refuse, in
milliseconds and without parsing it, a file whose first bytes already show it is not a
memory file. Pure, no I/O.

Reading a whole file (:func:`~chathub_desktop.core.memory_export.read`) parses it, and
``json`` holds the interpreter lock for the whole parse: a 10 MB JSON file of 400,000
tiny objects froze the window ~200 ms while it was checked, although the check ran on
a worker thread. :func:`first_look` decides from the file's start (and, for a JSON
object, one search of its bytes), each step a bounded piece of work:

- a zip archive: refused as :func:`~memory_export.decode` refuses it;
- JSON that is an array of objects (``[{…``, e.g. a ChatGPT ``conversations.json``):
  never a memory file, refused as the ChatGPT export (``"mapping"`` near the start)
  or as a JSON array;
- a JSON object whose bytes nowhere hold ``"chathub-memory"``: it cannot carry
  ``"format": "chathub-memory"`` (every JSON writer writes those ASCII letters as they
  are), refused as JSON that is not a memory file.

Either JSON refusal names nesting deeper than a memory file's instead when the file's
start shows it (a JSON bomb).

Anything else — a memory file, Markdown, text in another encoding, binary data — is left
to the full read, which names its problem exactly. :func:`first_look` only refuses what
the full read refuses too, with the same one-line reasons.
"""

from __future__ import annotations

import codecs

from chathub_desktop.core import memory_export as mx

#: How much of the file's start is decoded to see what it is (bytes). The ChatGPT check
#: looks at the first 1,000,000 characters, as the full read does.
HEAD_BYTES = 1_000_000
#: How much of the decoded start is looked at for nesting deeper than a memory file's
#: (characters; ~1 ms).
DEPTH_HEAD_CHARS = 1 << 16
#: The step of the search for the format's name, bytes: each ``bytes.find`` covers this
#: much, so no single call holds the interpreter lock for long (a 64 MB file: 64 calls).
SEARCH_STEP = 1 << 20


def _contains(data: bytes, needle: bytes) -> bool:
    """``needle in data``, searched :data:`SEARCH_STEP` bytes at a time."""
    for start in range(0, len(data), SEARCH_STEP):
        if data.find(needle, start, start + SEARCH_STEP + len(needle) - 1) >= 0:
            return True
    return False


def _head_text(data: bytes) -> tuple[str, str] | None:
    """``(codec, the decoded start)`` of ``data`` as :func:`~memory_export.decode` and
    :func:`~memory_export.parse` would read it (byte-order marks dropped, leading
    whitespace stripped), or None when the start does not decode (the full read says
    why)."""
    codec = "utf-16" if data.startswith((b"\xff\xfe", b"\xfe\xff")) else "utf-8"
    if codec == "utf-16" and data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return None  # UTF-32: the full read names it
    try:
        text = codecs.getincrementaldecoder(codec)().decode(data[:HEAD_BYTES], final=False)
    except UnicodeDecodeError:
        return None
    if "\x00" in text:
        return None  # binary, or UTF-16 without its mark: the full read names which
    if codec == "utf-16":
        codec = "utf-16-le" if data.startswith(b"\xff\xfe") else "utf-16-be"
    return codec, text.removeprefix("\ufeff").removeprefix("\ufeff").lstrip()


def first_look(data: bytes) -> mx.MemoryFileError | None:
    """The refusal of ``data`` when its start shows it is not a memory file (APP-5; see
    the module docstring), else None: the full read decides. Bounded: one decode of at most
    :data:`HEAD_BYTES` bytes and, for a JSON object, a search of ``data`` in steps of
    :data:`SEARCH_STEP` bytes."""
    if data.startswith(mx.ZIP_MAGIC):
        return mx.zip_refusal(_contains(data, b"conversations.json"))
    head = _head_text(data)
    if head is None:
        return None
    codec, text = head
    if text.startswith("["):
        if not text[1:].lstrip().startswith("{"):
            return None  # Markdown may start with "[" ("[a link](…)"); the full read tells
        chatgpt = '"mapping"' in text
        refusal = mx.foreign_json(mx.ForeignJson.CHATGPT if chatgpt else mx.ForeignJson.ARRAY)
    elif text.startswith("{") and not _contains(data, f'"{mx.FORMAT}"'.encode(codec)):
        refusal = mx.foreign_json(mx.ForeignJson.OBJECT)
    else:
        return None
    # refused either way; a start nested too deep (a JSON bomb) is said as such
    return mx.nesting_refusal(text[:DEPTH_HEAD_CHARS]) or refusal
