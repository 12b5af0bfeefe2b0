"""The message view loads only what the app stored (issue 32): a Markdown image that
names a path on the machine is shown as a placeholder and the file is never opened.

Each payload renders through the real message view in a probe process (offscreen)
whose opens are audited (:mod:`tests.gui.render_audit`); a FIFO or ``/dev/zero`` read
would hang it or grow it without end, so a case over its time bound is a failure.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.gui.render_audit import render_audited


def test_the_three_payloads_of_issue_32_open_nothing(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    # ``../../../../etc/passwd`` from a working directory four levels down lands in
    # tmp_path/etc/passwd: a file only this test could open.
    cwd = tmp_path / "a" / "b" / "c" / "d"
    cwd.mkdir(parents=True)
    (tmp_path / "etc").mkdir()
    (tmp_path / "etc" / "passwd").write_text("root:x:0:0::/root:/bin/sh\n")
    payloads = ["Look ![z](/dev/zero)", f"Look ![f]({fifo})", "![x](../../../../etc/passwd)"]
    audit = render_audited(payloads, tmp_path / "probe", cwd=cwd, case_timeout_s=20,
                           forbidden=[Path("/dev/zero"), fifo, tmp_path / "etc"])
    assert audit.hung is None, f"case {audit.hung} hung or died: {audit.stderr}"
    assert audit.opened == []
    assert audit.network == []
    assert len(audit.seconds) == 3
