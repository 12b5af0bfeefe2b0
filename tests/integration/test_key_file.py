"""A key without an OS keyring (issue 28, APP-2): "store in a file only you can read" —
keyrings.alt's file in the data dir, 0600; the key is never in the database, an export
or the log."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from chathub_desktop import logging_setup
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import open_services
from chathub_desktop.storage.secrets import KEY_FILE_NAME, KeyPlace

KEY = "sk-file-0123456789abcdef"


@pytest.fixture
def data(tmp_path: Path):  # type: ignore[no-untyped-def]
    folder = tmp_path / "data"
    logging_setup.reset_logging()
    logging_setup.configure_logging(folder)
    svc = open_services(None, folder)
    yield folder, svc
    svc.close()
    logging_setup.reset_logging()


def test_the_key_file_is_private_and_the_key_goes_nowhere_else(data) -> None:  # type: ignore[no-untyped-def]
    folder, svc = data
    view = svc.providers.add("Local", "openai_compatible", "http://127.0.0.1:9/v1", api_key=KEY,
                             key_place=KeyPlace.FILE)
    assert view.key_source == "file"
    assert svc.providers.api_key("Local") == KEY
    key_file = folder / KEY_FILE_NAME
    if os.name == "posix":
        assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert KEY not in key_file.read_text()  # keyrings.alt codes it (not encryption: the mode protects it)
    svc.assistants.create("A", provider="Local", model="m")
    topic = svc.topics.create("A").id
    svc.topics.append_message(topic, Role.USER, "hello")
    exported = json.dumps(svc.topic_files.export_json(topic)) + svc.memory.export_markdown("A")
    svc.close()
    for path in folder.rglob("*"):
        if path.is_file() and path != key_file:
            assert KEY.encode() not in path.read_bytes(), path  # database, -wal, chathub.log, …
    assert KEY not in exported


def test_moving_the_key_between_keyring_and_file_and_deleting(data, isolated_env) -> None:  # type: ignore[no-untyped-def]
    folder, svc = data
    svc.providers.add("P", "openai", api_key=KEY)  # the (in-memory) OS keyring
    assert svc.providers.get("P").key_source == "keyring"
    svc.providers.update("P", api_key="sk-new", key_place=KeyPlace.FILE)
    assert svc.providers.get("P").key_source == "file" and svc.providers.api_key("P") == "sk-new"
    assert isolated_env.get_password("chathub-desktop", "provider:P") is None  # left the keyring
    svc.providers.update("P", api_key_env="P_KEY", clear_key=True)
    assert svc.providers.get("P").key_source == "env:P_KEY"
    svc.providers.update("P", api_key="sk-3", key_place=KeyPlace.FILE)
    svc.providers.delete("P")
    assert "provider_3aP" not in (folder / KEY_FILE_NAME).read_text()  # keyrings.alt escapes ":"


def test_cli_stores_the_key_in_the_file_without_a_keyring(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    import io

    import keyring
    from keyring.backends.fail import Keyring as NoKeyring

    from chathub_desktop.cli import main

    keyring.set_keyring(NoKeyring())  # a minimal desktop: no Secret Service
    folder = tmp_path / "cli-data"
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{KEY}\n"))
    assert main(["provider", "add", "P", "--kind", "openai", "--data-dir", str(folder)]) != 0
    assert "--key-file" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{KEY}\n"))
    assert main(["provider", "add", "P", "--kind", "openai", "--key-file", "--data-dir", str(folder)]) == 0
    assert "key: file" in capsys.readouterr().out
    assert KEY not in (folder / KEY_FILE_NAME).read_text()
    if os.name == "posix":
        assert stat.S_IMODE((folder / KEY_FILE_NAME).stat().st_mode) == 0o600
    monkeypatch.setattr("sys.stdin", io.StringIO("sk-second\n"))
    assert main(["provider", "update", "P", "--set-key-file", "--data-dir", str(folder)]) == 0
    svc = open_services(None, folder)
    try:
        assert svc.providers.api_key("P") == "sk-second"
    finally:
        svc.close()
