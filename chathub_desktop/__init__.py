"""ChatHub Desktop: a local-first chat client built around assistant memory and compaction.

Importing the package keeps httpx from loading its command-line client: httpx's
``__init__`` imports ``httpx._main`` (click, rich and pygments' lexers) whenever those
are installed, about 80 ms of CPU that every start of the app, the CLI and each of their
child processes paid for a ``main`` we never call (issue 28,
``benchmarks/bench_cli_start.py``). An empty ``httpx._main`` makes httpx take its own
fallback (``httpx.main`` then only says the CLI extras are missing); nothing changes when
httpx is already loaded.
"""

import sys
import types

__version__ = "0.1.0"

if "httpx" not in sys.modules:
    sys.modules.setdefault("httpx._main", types.ModuleType("httpx._main"))
