"""Reading a memory file without freezing the window (APP-5, issue 30 "Import and paste
that protect what is there"; house rule: nothing heavy on the GUI thread).

The window checks a memory file on a worker thread, but parsing JSON, scanning a large
Markdown export or looking for secrets in a large document runs in C that holds the
interpreter lock from start to end: a 10 MB file stopped the window's event loop
~200 ms. :func:`read_checked` keeps every such step short in the window's process:

- a file of at most :data:`INLINE_BYTES` is read, checked and prepared here (each step
  a few ms);
- a larger one first gets :func:`~chathub_desktop.core.memory_sniff.first_look`, which
  refuses foreign JSON and zip archives in milliseconds;
- a larger one that may be a memory file is read, checked and prepared
  (:func:`prepare`) in a child process (``concurrent.futures.ProcessPoolExecutor``,
  *spawn*, one worker, shut down before :func:`read_checked` returns, whatever
  happened), which hands back the documents and the provenance records in batches, so
  no single unpickling holds the lock long either.

Refusals are the full read's (:class:`~chathub_desktop.core.memory_export.MemoryFileError`,
one line) or :class:`~chathub_desktop.services.errors.InvalidInput`; nothing is written
either way.
"""

from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from itertools import chain
from pathlib import Path

from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core import memory_export as mx
from chathub_desktop.core.memory_sniff import first_look
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.services.input_files import read_regular
from chathub_desktop.services.memory.secret_scan import redact_secrets

#: Files up to this size (bytes) are checked in the window's process: parsing 512 KB of
#: JSON holds the interpreter lock ~3 ms (benchmarks/bench_import_check.py).
INLINE_BYTES = 512 * 1024
#: Provenance records per batch handed back by the child (~2 ms to unpickle).
BATCH = 2000


@dataclass(frozen=True)
class CheckedFile:
    """A memory file read and checked whole (APP-5), made ready to import: ``file`` as
    read; ``fixed``, its fixed document as it would be stored (a plain document's
    entries renumbered, REF-1) with likely secrets replaced by ``[redacted: KIND]``
    (issue 19), ``redacted`` their kinds, and ``file_hash``: the text hash of each
    redacted entry → the hash the file's provenance knows it by."""

    file: mx.MemoryFile
    fixed: str | None = field(repr=False)
    redacted: tuple[str, ...] = ()
    file_hash: dict[str, str] = field(default_factory=dict, repr=False)


#: A checked file without its provenance, and the provenance records in pickled
#: batches: what the child hands back.
_Packed = tuple[CheckedFile, list[bytes]]


def prepare(mf: mx.MemoryFile) -> CheckedFile:
    """``mf`` made ready to import (APP-5, :class:`CheckedFile`): its fixed document
    normalized when plain and redacted (issue 19: likely secrets never become memory)."""
    fixed = None if mf.fixed is None else (fm.normalize(mf.fixed) if mf.plain else mf.fixed)
    if fixed is None:
        return CheckedFile(mf, None)
    red = redact_secrets(fixed)
    if not red.changed:
        return CheckedFile(mf, fixed)
    was, now = fm.entries(fixed), fm.entries(red.text)
    file_hash = ({fm.text_hash(b.text): fm.text_hash(a.text) for a, b in zip(was, now, strict=True)}
                 if [e.number for e in was] == [e.number for e in now] else {})
    return CheckedFile(mf, red.text, red.kinds, file_hash)


def read_memory_file(path: Path) -> bytes:
    """The bytes of the memory file at ``path`` (APP-5), at most :data:`~memory_export.MAX_FILE_BYTES`
    of them (a larger file is refused before it is read whole; a folder, FIFO, socket or
    device is refused before it is opened, issue 32). Raises :class:`InvalidInput` for a
    file that cannot be read, is not a regular file or is too large."""
    return read_regular(path, mx.MAX_FILE_BYTES, what="memory file")


def read_checked(path: Path, name: str | None = None) -> CheckedFile:
    """The memory file at ``path``, read, checked whole and prepared (:func:`prepare`;
    APP-5, see the module docstring for where). ``name`` (default: the path's) is the file name
    the checks use. Raises :class:`~memory_export.MemoryFileError` naming what is wrong,
    or :class:`InvalidInput` for a file that cannot be read or checked."""
    name = name or path.name
    mx.check_name(name)
    data = read_memory_file(path)
    if len(data) <= INLINE_BYTES:
        return prepare(mx.read(data, name))
    refusal = first_look(data)
    if refusal is not None:
        raise refusal
    del data  # the child reads the file itself: handing it 64 MB would hold the lock to copy them
    return _in_child(path, name)


def _in_child(path: Path, name: str) -> CheckedFile:
    """:func:`_read_packed` in a child process, unpacked."""
    try:
        with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
            head, batches = pool.submit(_read_packed, str(path), name).result()
    except (BrokenProcessPool, OSError) as exc:  # killed (out of memory?) or not started
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "cannot check %1: the process that reads it "
                                                                      "stopped (%2); nothing was changed"),
                                  (name, str(exc) or type(exc).__name__))) from None
    provenance = tuple(chain.from_iterable(pickle.loads(b) for b in batches))
    return replace(head, file=replace(head.file, provenance=provenance))


def _read_packed(path: str, name: str) -> _Packed:
    """In the child: the file at ``path`` read, checked whole and prepared, packed for
    the trip back (the informative entry and card lists are left out: an import ignores
    them)."""
    checked = prepare(mx.read(read_memory_file(Path(path)), name))
    mf = checked.file
    batches = [pickle.dumps(mf.provenance[i:i + BATCH]) for i in range(0, len(mf.provenance), BATCH)]
    return replace(checked, file=replace(mf, provenance=(), entries=(), cards=())), batches
