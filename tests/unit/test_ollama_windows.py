"""The window an Ollama server serves (issue 28, NUM-2): loaded > Modelfile num_ctx >
the server's default (2,048 before v0.6.7, 4,096 since); the trained window is never
taken for it; bounded against any JSON."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.core.model_windows import MAX_WINDOW, MIN_WINDOW
from chathub_desktop.core.ollama_windows import (
    default_window,
    loaded_windows,
    num_ctx_parameter,
    parse_version,
    served_window,
    takes_tools,
    trained_window,
)

SHOW = {"parameters": 'stop "<|im_end|>"\nnum_ctx 8192\ntemperature 0.7',
        "model_info": {"general.architecture": "llama", "llama.context_length": 131072},
        "capabilities": ["completion", "tools"]}


def test_the_served_window_comes_loaded_then_num_ctx_then_the_default() -> None:
    ps = {"models": [{"name": "qwen2.5:0.5b", "model": "qwen2.5:0.5b", "context_length": 2048}]}
    loaded = loaded_windows(ps)
    assert loaded == {"qwen2.5:0.5b": 2048}
    assert served_window("qwen2.5:0.5b", SHOW, loaded, (0, 12, 3)) == 2048  # what it was loaded with
    assert served_window("llama3.2:latest", SHOW, loaded, (0, 12, 3)) == 8192  # the Modelfile's num_ctx
    bare = {"model_info": {"llama.context_length": 131072}}
    assert trained_window(bare) == 131072 and num_ctx_parameter(bare) is None
    assert served_window("llama3.2:latest", bare, {}, (0, 6, 7)) == 4096  # never the trained 131,072
    assert served_window("llama3.2:latest", bare, {}, (0, 6, 6)) == 2048
    assert served_window("llama3.2:latest", bare, {}, None) == 2048


def test_versions_and_defaults() -> None:
    assert parse_version({"version": "0.6.7"}) == (0, 6, 7)
    assert parse_version({"version": "v0.15.5-rc1"}) == (0, 15, 5)
    assert parse_version({"version": "0.5"}) == (0, 5, 0)
    for bad in ({"version": "latest"}, {"version": 7}, {"version": "9" * 50}, {"v": "0.6.7"}, None, []):
        assert parse_version(bad) is None
    assert (default_window((0, 6, 6)), default_window((0, 6, 7)), default_window((1, 0, 0))) == (2048, 4096, 4096)


def test_tools_only_from_a_capabilities_list() -> None:
    assert takes_tools(SHOW) is True
    assert takes_tools({"capabilities": ["completion", "vision"]}) is False
    assert takes_tools({"capabilities": "tools"}) is None and takes_tools({}) is None


def test_num_ctx_out_of_bounds_or_not_a_number_is_none() -> None:
    for text in ("num_ctx 12", "num_ctx lots", f"num_ctx {MAX_WINDOW + 1}", "num_ctx", "# num_ctx 8192"):
        assert num_ctx_parameter({"parameters": text}) is None, text


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                         st.sampled_from(["models", "model", "name", "context_length", "parameters", "model_info",
                                          "llama.context_length", "capabilities", "version"]) | st.text(max_size=4),
                         inner, max_size=5), max_leaves=30)


@given(_json, _json, st.text(max_size=20))
def test_any_answer_gives_a_bounded_window(show: object, ps: object, model: str) -> None:
    """Fuzz: whatever an Ollama server sends, nothing raises and every figure is in bounds."""
    loaded = loaded_windows(ps)
    assert all(isinstance(k, str) and MIN_WINDOW <= v <= MAX_WINDOW for k, v in loaded.items())
    assert MIN_WINDOW <= served_window(model, show, loaded, parse_version(show)) <= MAX_WINDOW
    assert trained_window(show) is None or MIN_WINDOW <= (trained_window(show) or 0) <= MAX_WINDOW
    assert takes_tools(show) in (True, False, None)
