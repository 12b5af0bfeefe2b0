"""The secret detector used before text is remembered (issue 19).

:func:`redact_secrets` runs the detector library ``kingfisher-secret-scanner``
(imported as ``kingfisher_sdk``: Rust/Vectorscan rules, offline, about 0.2 ms per
100 KB) and the project's own patterns (``core.secret_redaction``), and replaces each
finding by ``[redacted: KIND]``. The library's rules are compiled once per process
(about 1 s with its on-disk rule cache, several seconds the first time on a machine):
:func:`warm_up` starts that on a daemon thread when something may soon be remembered
(a reply, a compaction, the Memory page opening), so the first memory write rarely
waits; not at start: the compiled rules hold about 44 MB (issue 29, quiet at rest). When the library cannot be loaded the own patterns still
apply and the reason is logged once.

Blocking: call it on a store worker thread or in a CLI command, never on the GUI thread.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from chathub_desktop.core.secret_redaction import Redaction, Span, redact

log = logging.getLogger(__name__)

#: Bytes scanned at most per text by the library (memory texts and summaries are far smaller).
MAX_SCAN_BYTES = 4 * 1024 * 1024

_lock = threading.Lock()  # held while the rules compile (~1 s)
_warm_lock = threading.Lock()  # held only to start the warm-up thread: a GUI caller never waits on it
_scanner: Any = None
_failed: str | None = None
_warm: threading.Thread | None = None


def _load() -> Any:
    """The library's scanner (built once), or ``None`` when it cannot be loaded."""
    global _scanner, _failed
    with _lock:
        if _scanner is None and _failed is None:
            try:
                from kingfisher_sdk import Rules, Scanner

                _scanner = Scanner(Rules(), base64=False, redact=False)
            except Exception as exc:  # ImportError, a rule-cache or CPU problem: own patterns only
                _failed = f"{type(exc).__name__}: {exc}"
                log.warning("secret detector library unavailable (%s); using the built-in patterns only", _failed)
        return _scanner


def warm_up() -> None:
    """Compile the library's rules on a daemon thread (once per process). Returns at once,
    also while the rules are compiling (the window calls it on the GUI thread: waiting for
    the compile's lock froze it for 0.94 s)."""
    global _warm
    with _warm_lock:
        if _warm is not None or _scanner is not None:
            return
        _warm = threading.Thread(target=_load, name="secret-rules", daemon=True)
        _warm.start()


def library_status() -> str:
    """``"kingfisher-secret-scanner"`` when the library is in use, else why not."""
    return "kingfisher-secret-scanner" if _load() is not None else f"built-in patterns only ({_failed})"


def _kind(rule_id: str) -> str:
    """The library's rule id without its catalogue prefix: ``betterleaks.github-pat`` →
    ``github-pat``, ``veles.secrets/sendgrid`` → ``sendgrid``."""
    return rule_id.rsplit("/", 1)[-1].split(".", 1)[-1] or rule_id


def library_spans(text: str) -> list[Span]:
    """The library's findings in ``text`` as character spans (every occurrence of each
    found secret); ``[]`` without the library."""
    scanner = _load()
    data = text.encode("utf-8", "surrogatepass")
    if scanner is None or not text or len(data) > MAX_SCAN_BYTES:
        return []
    with _lock:  # one scan at a time on the shared native scanner
        findings = scanner.scan(data)
    spans: list[Span] = []
    for f in findings:
        secret = f.secret
        if not secret or not f.visible:
            continue
        kind = _kind(f.rule_id)
        start = text.find(secret)
        while start >= 0:
            spans.append(Span(start, start + len(secret), kind))
            start = text.find(secret, start + len(secret))
    return spans


def redact_secrets(text: str) -> Redaction:
    """``text`` with likely secrets replaced by ``[redacted: KIND]`` (library findings
    and own patterns) and the kinds that were (see ``core.secret_redaction``)."""
    if not text:
        return Redaction(text)
    return redact(text, library_spans(text))
