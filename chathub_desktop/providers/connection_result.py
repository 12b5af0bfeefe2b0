"""What Test connection answers (issue 16), without the request's machinery: the
services and the window name :class:`ConnectionCheck` and :data:`TIMEOUT_S` at start-up,
and ``providers.model_list`` (httpx, ~3.6 MB) loads at the first check (issue 29: nothing
the window holds at rest imports the HTTP client)."""

from __future__ import annotations

from dataclasses import dataclass

from chathub_desktop.core.reasons import Reason

__all__ = ["TIMEOUT_S", "ConnectionCheck"]

#: Seconds the whole check may take (each read, and the check as a whole).
TIMEOUT_S = 15.0


@dataclass(frozen=True)
class ConnectionCheck:
    """``ok``; ``message``: one line for the user; ``models``: the ids offered (sorted,
    possibly empty); ``seconds``: how long the answer took; ``windows``: ``(id, tokens)``
    for the models whose window the provider reported (issue 28); ``no_tools``: the ids
    whose server said its chat template takes no tools (llama.cpp ``/props``, F3);
    ``why``: ``message`` as a typed reason the window says in its language (issue 27;
    None: a service's or server's own words, shown as written)."""

    ok: bool
    message: str
    models: tuple[str, ...] = ()
    seconds: float = 0.0
    windows: tuple[tuple[str, int], ...] = ()
    no_tools: tuple[str, ...] = ()
    why: Reason | None = None
