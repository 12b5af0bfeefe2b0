"""The window an Ollama server really serves a model with (issue 28). Pure, bounded.

Ollama's ``GET /v1/models`` reports no window, and ``POST /api/show`` reports the
*trained* one (``model_info["<arch>.context_length"]``), which is not what a request
gets. The served window is, best first:

1. ``GET /api/ps``: a loaded model's ``context_length`` (what it was loaded with);
2. ``num_ctx`` in ``/api/show``'s ``parameters`` (the Modelfile's ``PARAMETER num_ctx``);
3. the server's default: 2,048 tokens before v0.6.7, 4,096 from v0.6.7 (v0.15.5 picks
   it from the VRAM, 4,096 being its smallest tier). ``OLLAMA_CONTEXT_LENGTH`` on the
   server raises it, but the API does not say so: the default is a floor, and a model
   card the user sets wins (``resolve_card``).

``/api/show``'s ``capabilities`` (newer servers) lists ``tools`` for a model that takes
tools; a list without it means the model takes none (as llama.cpp's ``/props``, F3).

Outside data, so bounded: a figure is :func:`~chathub_desktop.core.model_windows.window_figure`'s
(256 to 100,000,000 tokens); ``parameters`` is read up to :data:`MAX_PARAMETER_CHARS`,
``model_info`` up to :data:`MAX_INFO_KEYS` keys, ``/api/ps`` up to :data:`MAX_ENTRIES`
models and ``capabilities`` up to :data:`MAX_CAPABILITIES` entries; a version is at most
:data:`MAX_VERSION_CHARS` characters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from chathub_desktop.core.model_windows import MAX_ENTRIES, MAX_ID_CHARS, window_figure

#: Characters of ``parameters`` read.
MAX_PARAMETER_CHARS = 64_000
#: Keys of ``model_info`` looked at.
MAX_INFO_KEYS = 2000
#: Entries of ``capabilities`` looked at.
MAX_CAPABILITIES = 64
#: Longest version string taken.
MAX_VERSION_CHARS = 40
#: The default before v0.6.7 and from it (tokens).
OLD_DEFAULT = 2048
DEFAULT = 4096
#: The first version whose default is :data:`DEFAULT`.
DEFAULT_SINCE = (0, 6, 7)

_VERSION_RE = re.compile(r"^v?(\d{1,4})\.(\d{1,4})(?:\.(\d{1,4}))?")
_NUM_CTX_RE = re.compile(r"^\s*num_ctx\s+(\S+)\s*$")


def parse_version(answer: object) -> tuple[int, int, int] | None:
    """``(major, minor, patch)`` from a decoded ``GET /api/version`` (``{"version":
    "0.6.7"}``), or None when it is not one (then the server is not taken for Ollama)."""
    text = answer.get("version") if isinstance(answer, Mapping) else None
    if not isinstance(text, str) or len(text) > MAX_VERSION_CHARS:
        return None
    m = _VERSION_RE.match(text.strip())
    if m is None:
        return None
    return int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)


def default_window(version: tuple[int, int, int] | None) -> int:
    """The server's default window for ``version`` (None: unknown, the older, smaller one)."""
    return DEFAULT if version is not None and version >= DEFAULT_SINCE else OLD_DEFAULT


def num_ctx_parameter(show: object) -> int | None:
    """``num_ctx`` from a decoded ``/api/show``'s ``parameters`` text, or None."""
    text = show.get("parameters") if isinstance(show, Mapping) else None
    if not isinstance(text, str):
        return None
    for line in text[:MAX_PARAMETER_CHARS].splitlines():
        m = _NUM_CTX_RE.match(line)
        if m is not None:
            try:
                return window_figure(int(m.group(1)))
            except ValueError:
                return None
    return None


def trained_window(show: object) -> int | None:
    """The trained window (``model_info["<arch>.context_length"]``) of a decoded
    ``/api/show``, or None. Shown beside the served one, never used as it."""
    info = show.get("model_info") if isinstance(show, Mapping) else None
    if not isinstance(info, Mapping):
        return None
    for n, (key, value) in enumerate(info.items()):
        if n >= MAX_INFO_KEYS:
            break
        if isinstance(key, str) and key.endswith(".context_length"):
            return window_figure(value)
    return None


def takes_tools(show: object) -> bool | None:
    """Whether the model takes tools, from a decoded ``/api/show``'s ``capabilities``:
    None when there is no such list (an older server: no answer, tools stay offered)."""
    caps = show.get("capabilities") if isinstance(show, Mapping) else None
    if not isinstance(caps, list):
        return None
    return "tools" in [c for c in caps[:MAX_CAPABILITIES] if isinstance(c, str)]


def loaded_windows(ps: object) -> dict[str, int]:
    """``{model: context_length}`` of the loaded models in a decoded ``GET /api/ps``
    (each under its ``model`` and its ``name``)."""
    models = ps.get("models") if isinstance(ps, Mapping) else None
    if not isinstance(models, list):
        return {}
    out: dict[str, int] = {}
    for entry in models[:MAX_ENTRIES]:
        if not isinstance(entry, Mapping):
            continue
        figure = window_figure(entry.get("context_length"))
        if figure is None:
            continue
        for key in ("model", "name"):
            name = entry.get(key)
            if isinstance(name, str) and name.strip() and len(name) <= MAX_ID_CHARS:
                out[name] = figure
    return out


def served_window(model: str, show: object, loaded: Mapping[str, int],
                  version: tuple[int, int, int] | None) -> int:
    """The window ``model`` is served with (module docstring's order): loaded, then the
    Modelfile's ``num_ctx``, then the server's default for ``version``."""
    return loaded.get(model) or num_ctx_parameter(show) or default_window(version)
