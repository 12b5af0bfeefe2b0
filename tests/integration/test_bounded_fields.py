"""One length rule on both engines (issue 32, APP-3): a value a user can type into a
bounded column — a model id (model cards, the catalog import, the assistant's and a
topic's model, the System Agent models), an API-key variable name — is checked before
the write, with one line, the same on SQLite and PostgreSQL. Before, PostgreSQL raised
an internal error with the raw SQL while SQLite stored the value."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from chathub_desktop.cli import main
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.errors import InvalidInput

LONG_MODEL = "m" * 201
OK_MODEL = "m" * 200


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest) -> str:
    if request.param == "sqlite":
        return request.getfixturevalue("migrated_sqlite")("store.sqlite3")
    return str(request.getfixturevalue("migrated_postgres_url"))


@pytest.fixture
def svc(store_url: str) -> Iterator[Services]:
    s = open_services(store_url)
    s.providers.add("P", "openai", "http://127.0.0.1:9/v1", api_key="sk-test")
    s.assistants.create("A", provider="P", model="gpt-4o")
    yield s
    s.close()


def _writes(svc: Services, tmp_path: Path, model: str) -> dict[str, Callable[[], object]]:
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps({"version": 1, "models": [{"id": model, "context_window": 1000}]}))
    topic = svc.topics.create("A").id
    return {
        "model set": lambda: svc.models.set(model, 1000),
        "model set for a provider": lambda: svc.models.set(model, 1000, provider="P"),
        "model import": lambda: svc.models.import_catalog(catalog),
        "assistant model": lambda: svc.assistants.update("A", model=model),
        "topic model": lambda: svc.topic_models.set(topic, model),
        "history compress model": lambda: svc.settings.set("history-compress-model", f"P/{model}"),
        "topic naming model": lambda: svc.settings.set("topic-naming-model", f"P/{model}"),
    }


def test_a_model_id_over_200_characters_is_refused_in_one_line_on_both_engines(
        svc: Services, tmp_path: Path) -> None:
    for what, write in _writes(svc, tmp_path, LONG_MODEL).items():
        with pytest.raises(InvalidInput) as err:
            write()
        expected = "'id' has 201 characters; the limit is 200" if what == "model import" else \
            "model id is longer than 200 characters"
        assert str(err.value).endswith(expected), (what, str(err.value))
    assert svc.models.list() == []
    assert svc.settings.get("history-compress-model") == "gpt-5-mini"


def test_a_model_id_of_200_characters_is_stored_on_both_engines(svc: Services, tmp_path: Path) -> None:
    for _what, write in _writes(svc, tmp_path, OK_MODEL).items():
        write()  # no error
    assert {c.model for c in svc.models.list()} == {OK_MODEL}


def test_an_api_key_variable_name_over_200_characters_is_refused(svc: Services) -> None:
    with pytest.raises(InvalidInput, match="API key variable name is longer than 200 characters"):
        svc.providers.add("Q", "openai", "http://127.0.0.1:9/v1", api_key_env="E" * 201)
    with pytest.raises(InvalidInput, match="API key variable name is longer than 200 characters"):
        svc.providers.update("P", api_key_env="E" * 201)
    assert [p.name for p in svc.providers.list()] == ["P"]


def test_the_cli_prints_one_line_not_sql(store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--database-url", store_url, "model", "set", LONG_MODEL, "--context-window", "1000"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines()[-1] == "chathub-desktop: error: the model id is longer than 200 characters"
    assert "SQL" not in err and "internal error" not in err


def test_a_summary_by_a_model_with_a_long_id_is_stored_on_both_engines(
        svc: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    """The summary keeps ``PROVIDER/MODEL`` of its writer (CMP-18) in a 200-character
    column: a 196-character model id is accepted, so the label (201 characters here)
    is stored shortened instead of failing the compaction on PostgreSQL."""
    import asyncio

    from tests.fakes.vendor_server import FakeVendor, Reply

    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "4000")
    model = "g" * 196
    with FakeVendor() as chat, FakeVendor() as summ:
        svc.providers.add("Chat", "openai_compatible", chat.base_url, api_key="sk-chat")
        svc.providers.add("Summ", "openai", summ.base_url, api_key="sk-summ")
        svc.settings.set("history-compress-model", f"Summ/{model}")
        svc.assistants.create("Helper", provider="Chat", model="local-llm")
        topic = svc.topics.create("Helper").id
        for k in range(1, 4):
            svc.chat.append_row(topic, role=Role.USER, content=f"u{k} " + "lorem " * 200)
            svc.chat.append_row(topic, role=Role.ASSISTANT, content=f"a{k} " + "lorem " * 200)
        svc.chat.append_row(topic, role=Role.USER, content="latest")
        summ.script(Reply(text_chunks=["<summary>S1: turns one to three.</summary>"]))
        assert svc.compaction is not None
        assert asyncio.run(svc.compaction.compact(topic)).status == "compacted"
    stored = svc.compaction.summary(topic).model
    assert stored is not None and len(stored) == 200 and stored.startswith("Summ/ggg") and stored.endswith("…")


def test_a_memory_change_id_past_the_engines_range_is_no_such_change_on_both_engines(
        svc: Services, store_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 12 (a CLI fuzz case on PostgreSQL): Revert and its preview of change
    2,147,483,648 answered with an internal error and the raw SQL; the service says there
    is no such change, as for any missing one, and the CLI refuses the argument."""
    from chathub_desktop.services.errors import NotFound

    for call in (lambda: svc.history.revert("A", 2_147_483_648), lambda: svc.history.revert_preview("A", 2_147_483_648)):
        with pytest.raises(NotFound, match="no memory change #2147483648"):
            call()
    with pytest.raises(SystemExit) as refused:
        main(["--database-url", store_url, "memory", "revert", "--assistant", "A", "2147483648"])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert "not an id: '2147483648'" in err and "internal error" not in err and "SQL" not in err
