"""Fuzz: the Claude, Open WebUI and LibreChat importers and ChatGPT's newer shapes
(issue 15, APP-5): mutated real-format exports and format-shaped JSON with any values.
Every case is an import or a one-line :class:`ImportFailed` with the store unchanged,
within the harness's time and memory bounds (:mod:`tests.fuzz.harness`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.services.container import Services
from chathub_desktop.services.transfer.chat_import import ImportFailed, import_export
from tests.fuzz.harness import check_case, fuzz_settings
from tests.fuzz.hostile_inputs import format_bases, format_shaped, mutated, zipped

pytestmark = pytest.mark.fuzz
_BASES = format_bases()


def _import(services: Services, tmp_path: Path, fmt: str | None, data: bytes, name: str) -> str:
    if not services.assistants.list():
        services.assistants.create("Importer")
    aid = services.assistants.get("Importer").id
    path = tmp_path / name
    path.write_bytes(data)
    return check_case(name, services.db, lambda: import_export(services.db, aid, path, fmt), ImportFailed)


@fuzz_settings(80)
@given(case=st.sampled_from(_BASES).flatmap(lambda b: mutated(b[1]).map(lambda d: (b[0], d))),
       detect=st.booleans())
def test_mutated_exports(services: Services, tmp_path: Path, case: tuple[str, bytes], detect: bool) -> None:
    """Flips, cuts, deep brackets, huge numbers, bad escapes in each format, detected or named."""
    _import(services, tmp_path, None if detect else case[0], case[1], "export.json")


@fuzz_settings(80)
@given(case=format_shaped())
def test_format_shaped_json(services: Services, tmp_path: Path, case: tuple[str, bytes]) -> None:
    """Each format's structure with wrong types, hostile text and nesting in its fields."""
    _import(services, tmp_path, case[0], case[1], "export.json")


@fuzz_settings(30)
@given(data=st.sampled_from([b for f, b in _BASES if f == "claude"]).map(zipped).flatmap(lambda z: mutated(z, 2)))
def test_claude_zips(services: Services, tmp_path: Path, data: bytes) -> None:
    """Mutated Claude export zips."""
    _import(services, tmp_path, "claude", data, "export.zip")


def _memory_zip() -> bytes:
    import io
    import json
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("memories.json", json.dumps([{"conversations_memory": "- Likes tea\n- 東京", "project_memories":
                                                 {"p": "Trip."}}], ensure_ascii=False))
        zf.writestr("projects.json", json.dumps([{"uuid": "p", "name": "Travel"}]))
    return buf.getvalue()


@fuzz_settings(40)
@given(data=mutated(_memory_zip(), 3))
def test_claude_memory_zips(services: Services, tmp_path: Path, data: bytes) -> None:
    """A Claude export's memories.json, mutated: text or one-line InvalidInput (issue 15)."""
    from chathub_desktop.services.errors import InvalidInput
    from chathub_desktop.services.transfer.claude_memory import read_claude_memory

    path = tmp_path / "memory.zip"
    path.write_bytes(data)
    check_case("memory.zip", services.db, lambda: read_claude_memory(path), InvalidInput)
