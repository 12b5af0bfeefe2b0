"""Windows a provider reports in its model list (issue 28, NUM-2): the fields read, the
bounds kept, the short form the choosers show."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.core.model_windows import (
    MAX_ENTRIES,
    MAX_WINDOW,
    MIN_WINDOW,
    is_llama_cpp,
    llama_models,
    model_windows,
    served_window,
    short_window,
    takes_tools,
    window_figure,
)

OPENROUTER = {"data": [{"id": "openai/gpt-4o", "context_length": 128000,
                        "top_provider": {"context_length": 128000}},
                       {"id": "x/only-top", "top_provider": {"context_length": 65536}}]}
LLAMA = {"object": "list", "data": [{"id": "smollm2-135m", "owned_by": "llamacpp",
                                     "meta": {"n_ctx_train": 8192, "n_vocab": 49152}}]}


def test_each_vendor_field_is_read() -> None:
    assert model_windows(OPENROUTER) == {"openai/gpt-4o": 128000, "x/only-top": 65536}
    assert model_windows({"data": [{"id": "lms", "max_context_length": 32768}]}) == {"lms": 32768}
    assert model_windows({"data": [{"id": "groq", "context_window": 131072}]}) == {"groq": 131072}
    assert model_windows(LLAMA) == {"smollm2-135m": 8192}
    assert is_llama_cpp(LLAMA) and not is_llama_cpp(OPENROUTER)
    served = served_window({"default_generation_settings": {"n_ctx": 4096}})
    assert served == 4096 and model_windows(LLAMA, served) == {"smollm2-135m": 4096}
    assert served_window({"n_ctx": 2048}) == 2048


def test_figures_out_of_bounds_or_of_another_type_are_none() -> None:
    for bad in (True, 0, MIN_WINDOW - 1, MAX_WINDOW + 1, 4096.5, "4096", None, [4096], -8192):
        assert window_figure(bad) is None, bad
    assert window_figure(4096.0) == 4096
    assert model_windows({"data": [{"id": "a" * 201, "context_length": 4096}, {"id": "", "context_length": 4096},
                                   "junk", {"context_length": 4096}]}) == {}
    assert model_windows([1, 2]) == {} and model_windows({"data": "x"}) == {}


def test_the_short_form() -> None:
    assert [short_window(n) for n in (8192, 131072, 128000, 1_000_000, 1_048_576, 4000, 1500, 300)] == [
        "8k", "128k", "128k", "1M", "1.05M", "4k", "1,500", "300"]


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                         st.sampled_from(["id", "data", "meta", "context_length", "n_ctx_train",
                                          "top_provider", "max_context_length", "n_ctx",
                                          "chat_template_caps", "supports_tools"]) | st.text(max_size=4),
                         inner, max_size=5), max_leaves=30)


@given(_json, st.none() | st.integers())
def test_any_answer_gives_bounded_windows_or_none(answer: object, served: int | None) -> None:
    """Fuzz: whatever JSON a server sends, the parse neither raises nor keeps a figure
    outside the bounds."""
    out = model_windows(answer, window_figure(served))
    assert all(isinstance(k, str) and MIN_WINDOW <= v <= MAX_WINDOW for k, v in out.items())
    is_llama_cpp(answer)
    assert served_window(answer) is None or MIN_WINDOW <= (served_window(answer) or 0) <= MAX_WINDOW
    assert takes_tools(answer) in (True, False, None)
    assert all(isinstance(m, str) and 0 < len(m) <= 200 for m in llama_models(answer))


def test_only_a_real_bool_says_whether_the_chat_template_takes_tools() -> None:
    """Walkthrough F3: llama.cpp's ``chat_template_caps.supports_tools``; anything but a
    bool is no answer (tools stay offered)."""
    assert takes_tools({"chat_template_caps": {"supports_tools": False, "supports_tool_calls": False}}) is False
    assert takes_tools({"chat_template_caps": {"supports_tools": True}}) is True
    for props in ({"chat_template_caps": {"supports_tools": "false"}}, {"chat_template_caps": {"supports_tools": 0}},
                  {"chat_template_caps": {"supports_tools": None}}, {"chat_template_caps": ["supports_tools"]},
                  {"supports_tools": False}, {}, None, [False]):
        assert takes_tools(props) is None, props


def test_the_models_props_speak_for_are_the_llama_cpp_entries() -> None:
    """Only entries with ``meta`` (a llama.cpp server's), bounded in count and id length."""
    answer = {"data": [*LLAMA["data"], {"id": "other"}, {"id": "x" * 201, "meta": {}}, {"id": " ", "meta": {}}]}
    assert llama_models(answer) == ("smollm2-135m",)
    many = {"data": [{"id": f"m{i}", "meta": {}} for i in range(MAX_ENTRIES + 5)]}
    assert len(llama_models(many)) == MAX_ENTRIES
    assert llama_models({"data": "nope"}) == () and llama_models(None) == ()
