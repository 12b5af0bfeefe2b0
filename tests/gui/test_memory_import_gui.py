"""Memory → Import… checks the whole file before it asks (issue 10 "Nothing lost"): a
wrong file is refused inline without a question and memory stays; a good file's
confirmation shows what will change."""

from __future__ import annotations

from pathlib import Path

import pytest

from chathub_desktop.gui.memory import change_preview
from chathub_desktop.gui.memory.fixed_page import MemoryPage
from chathub_desktop.services.container import Services
from tests.fakes.chatgpt_exports import sample_export, write_export
from tests.gui.helpers import shown_memory_page


@pytest.fixture
def page(qloop, services: Services, qtbot):  # type: ignore[no-untyped-def]
    aid = services.assistants.create("Helper").id
    services.memory.save_raw(aid, "#1: Likes tea\n#2: Works in Lisbon\n")
    with shown_memory_page(services, aid, qtbot) as p:
        yield p


def _import(page: MemoryPage, qtbot, path: Path, **kw: bool) -> bool:  # type: ignore[no-untyped-def]
    """Import ``path`` through the page and wait for the outcome (checked and written on
    worker threads)."""
    with qtbot.waitSignal(page.transfer.import_finished, timeout=10_000) as blocker:
        assert page.transfer.import_from(path, **kw)
    return bool(blocker.args[0])


def test_a_wrong_file_is_refused_before_any_question(page: MemoryPage, services: Services, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch, qtbot) -> None:  # type: ignore[no-untyped-def]
    asked: list[str] = []
    monkeypatch.setattr(change_preview, "ask", lambda _p, _t, text, _o, _a, *_k: asked.append(change_preview.said_text(text)) or "replace")
    conv = write_export(tmp_path / "conversations.json", sample_export(5))
    conv.write_bytes(conv.read_bytes()[:-500])  # the truncated conversations.json
    before = services.memory.document("Helper")
    assert not _import(page, qtbot, conv)
    assert asked == [] and services.memory.document("Helper") == before
    assert "ChatGPT export" in page.error_label.text() and "nothing was changed" in page.error_label.text()
    two = tmp_path / "two.txt"
    two.write_text("[1, 2", encoding="utf-8")
    assert not _import(page, qtbot, two)
    assert asked == [] and "cut short" in page.error_label.text()
    assert services.memory.document("Helper") == before


def test_the_confirmation_shows_what_will_change(page: MemoryPage, services: Services, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch, qtbot) -> None:  # type: ignore[no-untyped-def]
    asked: list[str] = []
    answer: list[str | None] = [None]

    def ask(_p, _t, _heading, options, _a, *_k):  # type: ignore[no-untyped-def]
        asked.append("\n".join(next(o for o in options if o.key == "replace").shown_lines()))
        return answer[0]

    monkeypatch.setattr(change_preview, "ask", ask)
    path = tmp_path / "notes.md"
    path.write_text("# Notes\n#1: Cycles to work\n", encoding="utf-8")
    assert not _import(page, qtbot, path)  # declined: nothing changes
    # walk56 #9: short sentences, not a log ("fixed memory: 2 entries → 1 entry")
    assert "Fixed memory goes from 2 to 1 entry (1 added, 2 removed, 0 edited). The file also has 1 line of notes." \
        in asked[0].splitlines()
    assert "Dynamic memory: unchanged (the file has none)." in asked[0].splitlines()
    assert services.memory.document("Helper") == "#1: Likes tea\n#2: Works in Lisbon\n"
    answer[0] = "replace"
    assert _import(page, qtbot, path)
    assert services.memory.document("Helper") == "# Notes\n#1: Cycles to work\n"
    qtbot.waitUntil(lambda: [v.text for v in page.model.entries()] == ["Cycles to work"], timeout=5000)


def test_a_fifo_or_a_device_is_refused_at_once_without_a_question(
        page: MemoryPage, services: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 32: Import… of a FIFO (it would block the worker for good) or of /dev/zero
    (it would be read up to the limit) is refused before it is opened, inline, in one line."""
    import os

    asked: list[str] = []
    monkeypatch.setattr(change_preview, "ask", lambda _p, _t, text, _o, _a, *_k: asked.append(change_preview.said_text(text)) or "replace")
    before = services.memory.document("Helper")
    fifo = tmp_path / "memory.md"
    os.mkfifo(fifo)
    try:
        for path, kind in ((fifo, "a named pipe (FIFO)"), (Path("/dev/zero"), "a character device")):
            assert not _import(page, qtbot, path)
            assert page.error_label.text() == f"Import: {path.name} is {kind}, not a regular file; nothing was read"
    finally:  # a reader stuck on the FIFO (a regression) gets end-of-file and ends
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass
    assert asked == [] and services.memory.document("Helper") == before


def test_the_file_is_read_and_parsed_once_for_both_previews_and_the_import(
        page: MemoryPage, services: Services, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Issue 30 (walk57 #8): the check reads and parses the file once for Replace and
    Merge, and a Merge whose ticks the user changed imports what was read then — the
    file is not parsed again on the way to the store."""
    from chathub_desktop.core import memory_export as mx
    from chathub_desktop.services.transfer import memory_file_reader

    services.memory.add("Helper", "Prefers metric units")
    path = tmp_path / "claude.md"
    path.write_text("#1: You prefer metric units\n#2: Plays the cello\n", encoding="utf-8")
    parsed: list[str | None] = []
    real_read = mx.read
    monkeypatch.setattr(mx, "read", lambda data, name=None: parsed.append(name) or real_read(data, name))
    read = memory_file_reader.read_memory_file
    opened: list[Path] = []
    monkeypatch.setattr(memory_file_reader, "read_memory_file", lambda p: opened.append(p) or read(p))

    def ask(_p, _t, _h, options, _a, ticked=None):  # type: ignore[no-untyped-def]
        assert [o.key for o in options] == ["merge", "replace"]
        ticked[:] = [True, True]  # the repeat ticked back: the Merge is previewed again with it
        return "merge"

    monkeypatch.setattr(change_preview, "ask", ask)
    assert _import(page, qtbot, path)
    assert [e.text for e in services.memory.entries("Helper")][2:] == [
        "Prefers metric units", "You prefer metric units", "Plays the cello"]
    assert parsed == ["claude.md"] and opened == [path]
