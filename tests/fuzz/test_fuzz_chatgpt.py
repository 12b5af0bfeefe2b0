"""Fuzz: File → Import → ChatGPT export and ``import chatgpt`` (APP-5, APP-7, issue 12).

Mutated real exports, generated conversation-shaped JSON and their zips: every case is
an import or a one-line :class:`ImportFailed` with the store unchanged, within 30 s and
500 MB (:mod:`tests.fuzz.harness`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chathub_desktop.services.container import Services
from chathub_desktop.services.transfer.chatgpt_import import ImportFailed, import_chatgpt_export
from tests.fuzz.harness import check_case, fuzz_settings
from tests.fuzz.hostile_inputs import chatgpt_bases, chatgpt_shaped, mutated, zipped

pytestmark = pytest.mark.fuzz
_BASES = chatgpt_bases()


def _import(services: Services, tmp_path: Path, data: bytes, name: str) -> str:
    if not services.assistants.list():
        services.assistants.create("Importer")
    aid = services.assistants.get("Importer").id
    path = tmp_path / name
    path.write_bytes(data)
    return check_case(name, services.db, lambda: import_chatgpt_export(services.db, aid, path), ImportFailed)


@fuzz_settings(300)
@given(data=st.sampled_from(_BASES).flatmap(mutated))
def test_mutated_exports(services: Services, tmp_path: Path, data: bytes) -> None:
    """Flips, cuts, deep brackets, huge numbers, NUL/surrogate escapes, bad UTF-8."""
    _import(services, tmp_path, data, "conversations.json")


@fuzz_settings(200)
@given(data=chatgpt_shaped())
def test_conversation_shaped_json(services: Services, tmp_path: Path, data: bytes) -> None:
    """The export's structure with any values: wrong types, hostile text, nesting."""
    _import(services, tmp_path, data, "conversations.json")


@fuzz_settings(120)
@given(data=st.one_of(st.sampled_from(_BASES).flatmap(mutated).map(zipped),
                      st.sampled_from(_BASES).map(zipped).flatmap(lambda z: mutated(z, 2))))
def test_zips(services: Services, tmp_path: Path, data: bytes) -> None:
    """Zips of mutated exports, and mutated zips (damaged headers, CRC, members)."""
    _import(services, tmp_path, data, "export.zip")
