"""Commands that name special files, run in one process (issue 32, "Files are checked
before they are read").

``python -m tests.integration.special_file_cases FIFO`` sets up a provider (a closed
port: nothing can be sent), an assistant ``Helper`` and topic 1 in ``$CHATHUB_DATA_DIR``,
then runs each command of :data:`CASES` against ``/dev/zero``, ``/dev/urandom`` and the
FIFO at ``FIFO`` through the CLI's ``main``. It prints one JSON line per case,
``{"argv", "code", "err"}``, and a last line ``{"stored": {...}}`` counting what the
store holds afterwards. The test runs it with a timeout: a command that reads a device
without end or blocks on the FIFO ends the run instead of hanging the suite.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys

from chathub_desktop.cli import main

#: Each command, with ``{}`` where the special file goes.
CASES: tuple[tuple[str, ...], ...] = (
    ("chat", "send", "--topic", "1", "x", "--attach", "{}"),
    ("memory", "save", "--assistant", "Helper", "{}"),
    ("memory", "import", "--assistant", "Helper", "{}"),
    ("import", "chathub", "{}", "--assistant", "Helper"),
    ("import", "chatgpt", "{}", "--assistant", "Helper"),
    ("import", "claude", "{}", "--assistant", "Helper"),
    ("import", "openwebui", "{}", "--assistant", "Helper"),
    ("import", "librechat", "{}", "--assistant", "Helper"),
    ("model", "import", "{}"),
    ("topic", "summary", "1", "--set-file", "{}"),
    ("--database-url", "sqlite:///{}", "topic", "list"),
)


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def _setup() -> None:
    os.environ["SPECIAL_FILES_KEY"] = "sk-test"
    for argv in (["provider", "add", "Closed", "--kind", "openai", "--base-url", "http://127.0.0.1:9/v1",
                  "--api-key-env", "SPECIAL_FILES_KEY"],
                 ["assistant", "create", "Helper", "--provider", "Closed", "--model", "gpt-4o"],
                 ["topic", "create", "--assistant", "Helper"],
                 ["memory", "add", "--assistant", "Helper", "kept entry"]):
        code, _out, err = _run(argv)
        if code != 0:
            raise SystemExit(f"setup failed: {argv}: {err}")


def _stored() -> dict[str, object]:
    out = {}
    for key, argv in (("topics", ["topic", "list", "--json"]), ("memory", ["memory", "list", "--assistant", "Helper",
                                                                           "--json"]),
                      ("messages", ["topic", "show", "1", "--json"]), ("cards", ["model", "list", "--json"]),
                      ("summary", ["topic", "summary", "1", "--json"])):
        code, text, err = _run(argv)
        out[key] = json.loads(text) if code == 0 else f"exit {code}: {err}"
    return out


def run_cases(special: list[str]) -> None:
    """Run :data:`CASES` for each of ``special``; print the JSON lines described above."""
    _setup()
    for path in special:
        for case in CASES:
            argv = [part.replace("{}", path) for part in case]
            code, _out, err = _run(argv)
            print(json.dumps({"argv": argv, "code": code, "err": err}), flush=True)
    print(json.dumps({"stored": _stored()}), flush=True)


if __name__ == "__main__":
    run_cases(["/dev/zero", "/dev/urandom", sys.argv[1]])
