"""Context windows a provider reports for the models it serves (issue 28, NUM-2).

Some ``GET /models`` answers say how large each model's window is: OpenRouter's
``context_length`` (or ``top_provider.context_length``), LM Studio's
``max_context_length``, Groq's ``context_window``, llama.cpp's ``meta.n_ctx_train``; a
llama.cpp server's ``GET /props`` says the window it really serves
(``default_generation_settings.n_ctx``) and whether its chat template takes tools
(``chat_template_caps.supports_tools``; walkthrough F3: a template without tool support
makes the server drop a request's ``tools`` silently). Pure: decoded JSON in, ``{model id: tokens}``
out. Outside data, so bounded: a figure is an integer from :data:`MIN_WINDOW` to
:data:`MAX_WINDOW` tokens (anything else, a bool, a float with a fraction, a string, is
no figure); ids longer than :data:`MAX_ID_CHARS` and entries past :data:`MAX_ENTRIES`
are skipped.
"""

from __future__ import annotations

from collections.abc import Mapping

#: Smallest window taken as a real figure, tokens.
MIN_WINDOW = 256
#: Largest window taken, tokens (the model card editor's bound too).
MAX_WINDOW = 100_000_000
#: Longest model id kept (the store's bound on model ids).
MAX_ID_CHARS = 200
#: The most entries of one answer looked at.
MAX_ENTRIES = 5000

#: Fields of a model entry that carry its window, best first.
_FIELDS = ("context_length", "max_context_length", "context_window")


def window_figure(value: object) -> int | None:
    """``value`` as a window in tokens when it is an integer (or an integral float) in
    [:data:`MIN_WINDOW`, :data:`MAX_WINDOW`], else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        if not value.is_integer():
            return None
        value = int(value)
    if isinstance(value, int) and MIN_WINDOW <= value <= MAX_WINDOW:
        return value
    return None


def entry_window(entry: Mapping[str, object]) -> int | None:
    """The window one ``/models`` entry reports (module docstring's fields), or None."""
    for name in _FIELDS:
        figure = window_figure(entry.get(name))
        if figure is not None:
            return figure
    for nested, name in (("top_provider", "context_length"), ("meta", "n_ctx_train")):
        inner = entry.get(nested)
        if isinstance(inner, Mapping):
            figure = window_figure(inner.get(name))
            if figure is not None:
                return figure
    return None


def is_llama_cpp(answer: object) -> bool:
    """True when a decoded ``/models`` answer comes from a llama.cpp server (an entry
    carries ``meta.n_ctx_train``): its ``/props`` then says the window it serves."""
    data = answer.get("data") if isinstance(answer, Mapping) else None
    if not isinstance(data, list):
        return False
    return any(isinstance(e, Mapping) and isinstance(e.get("meta"), Mapping)
               and "n_ctx_train" in e["meta"] for e in data[:MAX_ENTRIES])


def served_window(props: object) -> int | None:
    """The window a llama.cpp server serves per request, from its decoded ``/props``
    (``default_generation_settings.n_ctx``, older servers: top-level ``n_ctx``), or None."""
    if not isinstance(props, Mapping):
        return None
    settings = props.get("default_generation_settings")
    if isinstance(settings, Mapping):
        figure = window_figure(settings.get("n_ctx"))
        if figure is not None:
            return figure
    return window_figure(props.get("n_ctx"))


def takes_tools(props: object) -> bool | None:
    """Whether a llama.cpp server's chat template takes tools, from its decoded ``/props``
    (``chat_template_caps.supports_tools``): only a real bool counts; anything else
    (missing, a string, a number) is None — no answer, so tools stay offered."""
    caps = props.get("chat_template_caps") if isinstance(props, Mapping) else None
    value = caps.get("supports_tools") if isinstance(caps, Mapping) else None
    return value if isinstance(value, bool) else None


def llama_models(answer: object) -> tuple[str, ...]:
    """Ids of the llama.cpp entries of a decoded ``/models`` answer (those with ``meta``;
    bounded like :func:`model_windows`): the models a server's ``/props`` speaks for."""
    data = answer.get("data") if isinstance(answer, Mapping) else None
    if not isinstance(data, list):
        return ()
    return tuple(e["id"] for e in data[:MAX_ENTRIES]
                 if isinstance(e, Mapping) and isinstance(e.get("meta"), Mapping)
                 and isinstance(e.get("id"), str) and e["id"].strip() and len(e["id"]) <= MAX_ID_CHARS)


def model_windows(answer: object, served: int | None = None) -> dict[str, int]:
    """``{model id: window}`` for the entries of a decoded ``/models`` answer that report
    one. ``served`` (a llama.cpp server's :func:`served_window`) is the window of every
    llama.cpp entry: the server runs it with that context, whatever it was trained on."""
    data = answer.get("data") if isinstance(answer, Mapping) else None
    if not isinstance(data, list):
        return {}
    out: dict[str, int] = {}
    for entry in data[:MAX_ENTRIES]:
        if not isinstance(entry, Mapping):
            continue
        model = entry.get("id")
        if not isinstance(model, str) or not model.strip() or len(model) > MAX_ID_CHARS:
            continue
        llama = isinstance(entry.get("meta"), Mapping)
        figure = served if llama and served is not None else entry_window(entry)
        if figure is not None:
            out[model] = figure
    return out


def short_window(tokens: int) -> str:
    """A window as a chooser shows it: ``8k``, ``128k``, ``1M``, ``1.05M``, ``4,000``."""
    if tokens >= 1_000_000:
        return f"{tokens / 1_000_000:.2f}".rstrip("0").rstrip(".") + "M"
    if tokens >= 1000 and tokens % 1000 == 0:
        return f"{tokens // 1000}k"
    if tokens >= 1000 and tokens % 1024 == 0:
        return f"{tokens // 1024}k"
    return f"{tokens:,}"
