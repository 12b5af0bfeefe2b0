"""ChatGPT import bounds beyond depth (APP-5, APP-7, issue 12): Cancel acts inside one
long conversation, a message joined from parts over the limit, one conversation over
its limit, a zip member too large, and a foreign deep object named without parsing it."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from chathub_desktop.core import imported_chat
from chathub_desktop.services.container import Services
from chathub_desktop.services.transfer import chat_import
from chathub_desktop.services.transfer import chatgpt_import as ci
from tests.fuzz.harness import store_digest


class CountingCancel(threading.Event):
    """A cancel event that turns on at its ``on_poll``-th poll and counts the polls."""

    def __init__(self, on_poll: int) -> None:
        super().__init__()
        self.polls = 0
        self.on_poll = on_poll

    def is_set(self) -> bool:
        self.polls += 1
        return self.polls >= self.on_poll


def _one_conversation(parts: list[str]) -> list[dict[str, object]]:
    return [{"title": "Long", "conversation_id": "long-1", "current_node": "a", "mapping": {"a": {
        "id": "a", "parent": None, "children": [], "message": {
            "author": {"role": "user"}, "content": {"content_type": "multimodal_text", "parts": parts}}}}}]


def _setup(services: Services, tmp_path: Path, data: object) -> tuple[int, Path]:
    aid = services.assistants.create("Imp").id
    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(data))
    return aid, path


def test_cancel_is_polled_inside_one_long_conversation(services: Services, tmp_path: Path) -> None:
    """APP-7: one 6 MB conversation is read in 64 KiB blocks, each polling Cancel; a
    Cancel during it stops the import there and writes nothing."""
    aid, path = _setup(services, tmp_path, _one_conversation(["w" * 1_000_000] * 6))
    before = store_digest(services.db)
    cancel = CountingCancel(on_poll=20)
    with pytest.raises(ci.ImportCancelled):
        ci.import_chatgpt_export(services.db, aid, path, cancel=cancel)
    assert cancel.polls == 20  # stopped at the poll that saw it, mid-conversation (~90 blocks)
    assert store_digest(services.db) == before


def test_a_message_joined_from_parts_over_the_limit_is_refused(services: Services, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(imported_chat, "MAX_MESSAGE_CHARS", 2 * 1024 * 1024)  # every format's limit
    aid, path = _setup(services, tmp_path, _one_conversation(["p" * 1024 * 1024] * 3))
    with pytest.raises(ci.ImportFailed, match=r"this message is 3\.0 MB; the limit is 2\.0 MB per message"):
        ci.import_chatgpt_export(services.db, aid, path)
    assert services.topics.list("Imp") == []


def test_one_conversation_over_its_limit_is_refused(services: Services, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chat_import, "MAX_CONVERSATION_BYTES", 1024 * 1024)
    small = _one_conversation(["fine"])[0]
    big = _one_conversation(["q" * 60_000] * 20)[0] | {"conversation_id": "big"}
    aid, path = _setup(services, tmp_path, [small, big])
    with pytest.raises(ci.ImportFailed, match=r"conversation 2 is more than 1\.0 MB of JSON"):
        ci.import_chatgpt_export(services.db, aid, path)
    assert services.topics.list("Imp") == []


def test_a_zip_member_too_large_is_refused_before_reading(services: Services, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import zipfile

    monkeypatch.setattr(chat_import, "MAX_EXPORT_BYTES", 1000)
    aid = services.assistants.create("Imp").id
    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("conversations.json", json.dumps(_one_conversation(["x" * 2000])))
    with pytest.raises(ci.ImportFailed, match="expands to .* MB; the limit is"):
        ci.import_chatgpt_export(services.db, aid, path)


def test_a_deep_foreign_object_is_named_by_its_keys(services: Services, tmp_path: Path) -> None:
    """The keys of a top-level object are read from the shallow part only."""
    aid = services.assistants.create("Imp").id
    path = tmp_path / "other.json"
    path.write_bytes(b'{"version": 2, "data": ' + b"[" * 300_000)
    with pytest.raises(ci.ImportFailed, match=r"is a JSON object \(keys: version, data\)"):
        ci.import_chatgpt_export(services.db, aid, path)


@pytest.fixture
def english_plurals(qapp: object) -> Iterator[None]:
    """The English plural forms the window installs ("2 characters", not "2 character(s)"):
    tests/gui/conftest.py installs them for the GUI folder only, so this test holds alone
    and in any order (issue 27)."""
    from PySide6.QtCore import QCoreApplication, QTranslator

    from chathub_desktop.gui.shell.i18n import translations_dir

    english = QTranslator()
    assert english.load("chathub_en", translations_dir())
    QCoreApplication.installTranslator(english)
    yield
    QCoreApplication.removeTranslator(english)


def test_the_user_is_told_how_many_characters_were_replaced(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           english_plurals: None) -> None:
    """``import chatgpt`` and the import dialog both say it (NUL and lone surrogates
    become U+FFFD; see tests/fuzz/test_text_engines.py for what is stored)."""
    from chathub_desktop.cli import main
    from chathub_desktop.gui.dialogs.import_dialog import result_text
    from chathub_desktop.services.container import open_services

    path = tmp_path / "conversations.json"
    path.write_text(json.dumps(_one_conversation(["a\x00b", "c\ud800"])))
    svc = open_services()  # the data dir the command uses
    svc.assistants.create("Imp")
    svc.close()
    assert main(["import", "chatgpt", str(path), "--assistant", "Imp"]) == 0
    out = capsys.readouterr().out
    assert "imported 1 topic and 1 message; 2 characters that no store keeps" in out
    assert "2 characters" in result_text(ci.ImportResult(1, 0, 1, characters_replaced=2))
