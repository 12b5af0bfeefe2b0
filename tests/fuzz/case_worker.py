"""Run one heavy fuzz case in its own process (``python -m tests.fuzz.case_worker KIND
FILE STORE``), so the parent can bound its memory and time (issue 12).

KIND is ``chatgpt``, ``memory`` or ``models``; FILE the input; STORE a SQLite path. Prints
one JSON line: ``outcome`` (``imported`` / ``refused`` / ``traceback``), ``message``,
``store_unchanged`` (after a refusal) and ``seconds``."""

from __future__ import annotations

import json
import sys
import time
import traceback
from pathlib import Path


def main(kind: str, file: str, store: str) -> int:
    """Import ``file`` with the ``kind`` importer into a fresh store at ``store``."""
    from chathub_desktop.services.chatgpt_import import ImportFailed, import_chatgpt_export
    from chathub_desktop.services.container import open_services
    from chathub_desktop.services.errors import InvalidInput
    from tests.fuzz.harness import store_digest

    svc = open_services(f"sqlite:///{store}")
    try:
        aid = svc.assistants.create("Heavy").id
        before = store_digest(svc.db)
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
    finally:
        svc.close()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
