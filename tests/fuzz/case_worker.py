"""Run heavy fuzz cases in a process of their own (``python -m tests.fuzz.case_worker
STORE KIND FILE [KIND FILE ...]``), so the parent can bound their memory and time
(issue 12; :func:`tests.fuzz.harness.run_isolated`).

KIND is ``chatgpt``, ``memory`` or ``models``; FILE the input; STORE a SQLite path. For
each case, in order, prints one JSON line: ``outcome`` (``imported`` / ``refused`` /
``traceback``), ``message``, ``store_unchanged`` (after a refusal), ``seconds`` and
``peak_rss_mb`` (the process's peak resident memory during that case)."""

from __future__ import annotations

import json
import sys
import time
import traceback
from pathlib import Path


def _status_mb(key: str) -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key):
            return int(line.split()[1]) / 1024
    return 0.0


def main(store: str, cases: list[str]) -> int:
    """Import each (kind, file) of ``cases`` into the store at ``store``."""
    from chathub_desktop.services.container import open_services
    from chathub_desktop.services.errors import InvalidInput
    from chathub_desktop.services.transfer.chatgpt_import import ImportFailed, import_chatgpt_export
    from tests.fuzz.harness import store_digest

    svc = open_services(f"sqlite:///{store}")
    try:
        aid = svc.assistants.create("Heavy").id
        for kind, file in zip(cases[::2], cases[1::2], strict=True):
            before = store_digest(svc.db)
            try:
                Path("/proc/self/clear_refs").write_text("5")  # the peak below is this case's
            except OSError:
                pass
            start = time.monotonic()
            out: dict[str, object] = {"outcome": "imported", "message": ""}
            try:
                if kind == "chatgpt":
                    import_chatgpt_export(svc.db, aid, Path(file))
                elif kind == "memory":
                    svc.memory_files.apply_import(svc.memory_files.preview_import("Heavy", Path(file)))
                else:
                    svc.models.import_catalog(Path(file))
            except (ImportFailed, InvalidInput) as exc:
                out = {"outcome": "refused", "message": str(exc), "store_unchanged": store_digest(svc.db) == before}
            except Exception as exc:  # noqa: BLE001 - reported to the parent as a traceback
                out = {"outcome": "traceback", "message": f"{type(exc).__name__}: {exc}",
                       "trace": traceback.format_exc()[-2000:]}
            out["seconds"] = time.monotonic() - start
            out["peak_rss_mb"] = _status_mb("VmHWM:")
            print(json.dumps(out), flush=True)
    finally:
        svc.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
