"""Fuzz: Memory → Import… / ``memory import`` in each format, and ``model import``
(APP-5, DRM-13, NUM-2, issue 12).

Mutated JSON and Markdown memory exports, plain documents, memory JSON with hostile
values, and mutated model catalogs: every case is an import or a one-line
:class:`InvalidInput` with the store unchanged, within 30 s and 500 MB."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from tests.fuzz.harness import check_case, fuzz_settings
from tests.fuzz.hostile_inputs import HOSTILE_TOKENS, mutated
from tests.integration.test_memory_transfer import seed

pytestmark = pytest.mark.fuzz


def _ready(services: Services) -> None:
    if not services.assistants.list():
        seed(services)
        services.assistants.create("Target")


def _memory_case(services: Services, data: bytes, name: str) -> str:
    def run() -> None:
        preview = services.memory_files.preview_import("Target", data, name=name)
        services.memory_files.apply_import(preview)

    return check_case(name, services.db, run, InvalidInput)


_FORMAT = st.sampled_from(["json", "markdown", "plain"])


@fuzz_settings(150)
@given(fmt=_FORMAT, ops=st.data())
def test_mutated_memory_files(services: Services, fmt: str, ops: st.DataObject) -> None:
    """Mutations of a real JSON export, Markdown export and plain fixed-memory document."""
    _ready(services)
    base = (services.memory.export_markdown("Source") if fmt == "plain"
            else services.memory_files.export("Source", fmt)).encode()
    data = ops.draw(mutated(base))
    _memory_case(services, data, {"json": "memory.json", "markdown": "memory.md", "plain": "notes.md"}[fmt])


_TEXT = st.one_of(st.text(max_size=40), st.sampled_from(["\x00", "\ud800", "#1: a\x00b", "#1: \udc00"]),
                  st.integers(0, 3).map(lambda k: "#1: " + "w" * 4000 * k))


@st.composite
def _memory_json(draw: st.DrawFn) -> bytes:
    """Memory JSON with hostile values: NUL and lone surrogates, cards over the DRM-13
    caps, many cards, wrong types."""
    cards = draw(st.lists(st.tuples(st.integers(1, 28), st.integers(0, 4000)), max_size=30))
    dynamic = dm.render_document([dm.Card(f"2026-01-{d:02d}", "c" * n) for d, n in cards])
    data = {"format": "chathub-memory", "version": draw(st.sampled_from([1, 1, 1, 2, "1", None])),
            "fixed": draw(st.one_of(st.fixed_dictionaries({"document": _TEXT}), st.none(), _TEXT)),
            "dynamic": draw(st.one_of(st.just({"document": dynamic}), st.none(),
                                      st.fixed_dictionaries({"document": _TEXT}))),
            "provenance": draw(st.one_of(st.none(), st.lists(st.fixed_dictionaries(
                {"hash": st.sampled_from(["0" * 64, "x"]), "origin": st.sampled_from(["owner", "agent", "?"]),
                 "trusted": st.sampled_from([True, False, 0]),
                 "recorded_at": st.sampled_from([None, "2026-01-01T00:00:00+00:00", "2026", 5])}), max_size=3)))}
    return json.dumps(data).encode()


@fuzz_settings(120)
@given(data=_memory_json())
def test_memory_json_with_hostile_values(services: Services, data: bytes) -> None:
    """Well-formed memory JSON whose values are hostile."""
    _ready(services)
    _memory_case(services, data, "memory.json")


def _catalog() -> bytes:
    return json.dumps({"version": 1, "models": [
        {"id": "fuzz-a", "context_window": 128000, "max_output": 4096, "reasoning": False,
         "thinking_off": None, "min_effort": None, "aliases": ["fa"]},
        {"id": "fuzz-b", "context_window": 32000, "max_output": None, "reasoning": True,
         "thinking_off": "anthropic", "min_effort": "minimal"}]}).encode()


_CATALOG_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=False),
                            st.text(max_size=30), st.sampled_from(["\x00", "\ud800", "m" * 300, "anthropic"]),
                            st.lists(st.text(max_size=5), max_size=3))


@st.composite
def _catalog_shaped(draw: st.DrawFn) -> bytes:
    entries = [{key: draw(_CATALOG_VALUES) if draw(st.integers(0, 3)) == 0 else good
                for key, good in (("id", f"m{i}"), ("context_window", 8000), ("max_output", 1000),
                                  ("reasoning", False), ("thinking_off", None), ("min_effort", None),
                                  ("aliases", []))}
               for i in range(draw(st.integers(0, 3)))]
    return json.dumps({"version": 1, "models": entries}).encode()


@fuzz_settings(150)
@given(data=st.one_of(mutated(_catalog()), _catalog_shaped(), st.sampled_from(HOSTILE_TOKENS)))
def test_model_catalogs(services: Services, tmp_path: Path, data: bytes) -> None:
    """Mutated and hostile-valued model catalogs (``model import``)."""
    path = tmp_path / "catalog.json"
    path.write_bytes(data)
    check_case("catalog.json", services.db, lambda: services.models.import_catalog(path), InvalidInput)
