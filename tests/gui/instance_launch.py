"""``python -m tests.gui.instance_launch ARGS``: ``chathub-desktop ARGS`` for the
single-instance tests (issue 13), its reach bound scaled as the tests' condition waits
are (``tests/wait_scale.py``, issue 28).

``single_instance.REACH_S`` (15 s) bounds how long a launch that found the data dir's
lock held keeps trying to reach its holder, which listens once its store opened and its
first rows painted (on a new data dir: after every migration). At load 9-11 on 2 cores
that took more than 15 s, and the second of two launches at once gave up with "cannot be
reached". The bound is a hang guard, not the behaviour under test: scaled, a hung holder
still fails the test, later. Served by the CLI fork server (``tests/fakes/cli_fork.py``):
a separate process without the ~1 s of imports of a fresh interpreter.
"""

from __future__ import annotations

from chathub_desktop.cli import main
from chathub_desktop.gui.shell import single_instance
from tests.wait_scale import scale

single_instance.REACH_S *= scale()
raise SystemExit(main())
