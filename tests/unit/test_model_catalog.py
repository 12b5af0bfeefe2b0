"""NUM-2 / REF-21: the default model catalog, its lookup and the per-provider fallbacks."""

from __future__ import annotations

import json

import pytest

from chathub_desktop.core.model_cards import CatalogError, fallback_key, fallback_window
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.providers.catalog import ModelCardInfo, ModelCatalog

REQUIRED = [
    "gpt-5",
    "gpt-5-mini",
    "gpt-5-nano",
    "gpt-5.1",
    "gpt-4.1",
    "gpt-4.1-mini",
    "gpt-4o",
    "gpt-4o-mini",
    "o3",
    "o4-mini",
    "gpt-4-turbo",
    "gpt-3.5-turbo",
    "claude-opus-4-1",
    "claude-sonnet-4-5",
    "claude-haiku-4-5",
    "claude-3-5-haiku-latest",
    "deepseek-chat",
    "deepseek-reasoner",
    "glm-4.6",
    "kimi-k2",
    "smollm2-135m",
]


@pytest.fixture(scope="module")
def catalog() -> ModelCatalog:
    return ModelCatalog.load()


@pytest.mark.parametrize("model", REQUIRED)
def test_bundled_catalog_knows_required_models(catalog: ModelCatalog, model: str) -> None:
    card = catalog.card(model, ProviderKind.OPENAI, env={})
    assert card.known, model
    assert card.context_window > 0
    assert card.model == model


def test_known_values(catalog: ModelCatalog) -> None:
    assert (
        catalog.card("smollm2-135m", ProviderKind.OPENAI_COMPATIBLE, env={}).context_window == 2048
    )
    gpt5 = catalog.card("gpt-5", ProviderKind.OPENAI, env={})
    assert gpt5.reasoning and gpt5.min_effort == "minimal"
    for mini in ("gpt-5-mini", "gpt-5-nano"):
        assert catalog.card(mini, ProviderKind.OPENAI, env={}).min_effort == "minimal"
    sonnet = catalog.card("claude-sonnet-4-5", ProviderKind.ANTHROPIC, env={})
    assert sonnet.reasoning and sonnet.thinking_off == "anthropic" and sonnet.max_output == 64000
    assert (
        catalog.card("deepseek-reasoner", ProviderKind.OPENAI_COMPATIBLE, env={}).thinking_off
        == "deepseek"
    )
    assert catalog.card("glm-4.6", ProviderKind.OPENAI_COMPATIBLE, env={}).thinking_off == "zhipu"
    assert not catalog.card("gpt-4o", ProviderKind.OPENAI, env={}).reasoning
    haiku35 = catalog.card("claude-3-5-haiku-latest", ProviderKind.ANTHROPIC, env={})
    assert not haiku35.reasoning and haiku35.thinking_off is None


def test_lookup_order(catalog: ModelCatalog) -> None:
    kind = ProviderKind.OPENAI_COMPATIBLE
    # vendor prefix stripped
    assert catalog.card("openai/gpt-4o", kind, env={}).context_window == 128000
    assert catalog.card("deepseek/deepseek-reasoner", kind, env={}).reasoning
    # longest known prefix: gpt-4o-mini-2024-07-18 must not fall back to gpt-4o
    dated = catalog.card("gpt-4o-2024-08-06", kind, env={})
    assert dated.known and dated.context_window == 128000
    mini = catalog.card("gpt-4o-mini-2024-07-18", kind, env={})
    assert mini.known and mini.max_output == 16384
    assert catalog.card("claude-sonnet-4-5-20250929", ProviderKind.ANTHROPIC, env={}).known
    assert catalog.card("gpt-5.1-codex", ProviderKind.OPENAI, env={}).min_effort == "none"
    # case-insensitive, OpenRouter dotted alias
    assert catalog.card("Anthropic/Claude-Sonnet-4.5", kind, env={}).thinking_off == "anthropic"
    # a prefix must end at a boundary: "o3x" is not o3
    assert not catalog.card("o3x", kind, env={}).known


def test_unknown_model_uses_num2_fallbacks(catalog: ModelCatalog) -> None:
    def window(
        kind: ProviderKind, url: str | None = None, env: dict[str, str] | None = None
    ) -> ModelCardInfo:
        return catalog.card("totally-unknown-model", kind, url, env=env or {})

    card = window(ProviderKind.OPENAI)
    assert (card.known, card.max_output, card.reasoning, card.context_window) == (
        False,
        None,
        False,
        128000,
    )
    assert window(ProviderKind.OPENAI_RESPONSES).context_window == 128000
    assert window(ProviderKind.ANTHROPIC).context_window == 1_000_000
    assert window(ProviderKind.ANTHROPIC_COMPATIBLE).context_window == 1_000_000
    assert (
        window(ProviderKind.OPENAI_COMPATIBLE, "http://127.0.0.1:11434/v1").context_window == 32000
    )
    assert (
        window(ProviderKind.OPENAI_COMPATIBLE, "http://localhost:1234/v1").context_window == 32000
    )
    assert (
        window(ProviderKind.OPENAI_COMPATIBLE, "https://openrouter.ai/api/v1").context_window
        == 128000
    )
    assert window(ProviderKind.OPENAI_COMPATIBLE, None).context_window == 128000
    assert (
        window(ProviderKind.OPENAI_COMPATIBLE, "https://api.inceptionlabs.ai/v1").context_window
        == 32000
    )
    env = {
        "COMPACT_CONTEXT_WINDOW_LOCAL": "4096",
        "COMPACT_CONTEXT_WINDOW_ANTHROPIC_COMPAT": "200000",
    }
    assert (
        window(ProviderKind.OPENAI_COMPATIBLE, "http://127.0.0.1:8080/v1", env).context_window
        == 4096
    )
    assert window(ProviderKind.ANTHROPIC_COMPATIBLE, None, env).context_window == 200000
    # a bad env value is ignored
    assert (
        window(ProviderKind.OPENAI, None, {"COMPACT_CONTEXT_WINDOW_OPENAI": "lots"}).context_window
        == 128000
    )
    # the catalog beats the fallback (NUM-2)
    assert (
        catalog.card(
            "smollm2-135m", ProviderKind.OPENAI_COMPATIBLE, "http://127.0.0.1:1/v1", env=env
        ).context_window
        == 2048
    )


def test_fallback_reads_os_environ_by_default(
    catalog: ModelCatalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_OPENROUTER", "65536")
    assert (
        catalog.card(
            "mystery", ProviderKind.OPENAI_COMPATIBLE, "https://openrouter.ai/api/v1"
        ).context_window
        == 65536
    )


def test_fallback_keys() -> None:
    assert fallback_key(ProviderKind.OPENAI_COMPATIBLE, "https://api.z.ai/api/paas/v4") == "ZAI"
    assert (
        fallback_key(ProviderKind.OPENAI_COMPATIBLE, "https://open.bigmodel.cn/api/paas/v4")
        == "ZAI"
    )
    assert (
        fallback_window(ProviderKind.OPENAI_COMPATIBLE, "https://api.z.ai/api/paas/v4", {})
        == 128000
    )


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("{not json", "not valid JSON"),
        ('{"models": {}}', "'models' must be a list"),
        ('{"models": [{"id": "a", "context_window": 0}]}', "models[0] ('a')"),
        (
            '{"models": [{"id": "ok", "context_window": 1}, {"id": "bad", "context_window": "big"}]}',
            "models[1] ('bad')",
        ),
        ('{"models": [{"context_window": 5}]}', "models[0]: 'id'"),
        ('{"models": [{"id": "x", "context_window": 5, "thinking_off": "magic"}]}', "thinking_off"),
        ('{"models": [{"id": "x", "context_window": 5, "max_output": -1}]}', "max_output"),
        ('{"models": [{"id": "x", "context_window": 5, "reasoning": "yes"}]}', "reasoning"),
        (
            '{"models": [{"id": "x", "context_window": 5}, {"id": "X", "context_window": 6}]}',
            "already used",
        ),
    ],
)
def test_malformed_catalog_names_the_bad_entry(text: str, needle: str) -> None:
    with pytest.raises(CatalogError) as info:
        ModelCatalog.from_json_text(text)
    assert needle in str(info.value)


def test_load_error_names_the_file(tmp_path) -> None:
    path = tmp_path / "cat.json"
    path.write_text('{"models": [{"id": "x"}]}', encoding="utf-8")
    with pytest.raises(CatalogError, match=r"cat\.json.*models\[0\] \('x'\).*context_window"):
        ModelCatalog.load(path)


def test_import_merge_and_roundtrip(catalog: ModelCatalog) -> None:
    override = ModelCatalog.from_json_text(
        json.dumps(
            {
                "models": [
                    {"id": "gpt-4o", "context_window": 64000},
                    {"id": "my-local", "context_window": 8192},
                ]
            }
        )
    )
    merged = catalog.merged(override)
    assert merged.card("gpt-4o", ProviderKind.OPENAI, env={}).context_window == 64000
    assert (
        merged.card("my-local:latest", ProviderKind.OPENAI_COMPATIBLE, env={}).context_window
        == 8192
    )
    assert catalog.card("gpt-4o", ProviderKind.OPENAI, env={}).context_window == 128000  # unchanged
    again = ModelCatalog.from_json_text(merged.to_json_text())
    assert again.entries == merged.entries
