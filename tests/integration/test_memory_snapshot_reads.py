"""The Memory page's read of fixed memory (issue 30; MEM-3, issue 10 "Nothing lost"): the
body is read as bytes and an unchanged one is not decoded again, so what the page shows
must still be exactly what is stored, with the token a save compares, after any write by
this process or another (the CLI), on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chathub_desktop.core.document_version import document_version
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.errors import StaleDocument

#: Backslashes (PostgreSQL's text → bytea cast would read them as escapes), CJK, an emoji,
#: a free-form line and a line that only looks like an escaped newline.
ODD = "#1: Path C:\\Users\\me\\notes and \\x41 stay as typed\n#2: 喜欢简洁的回答 😀\nfree-form line\n#3: ends in \\n\n"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def url(request: pytest.FixtureRequest) -> str:
    return (request.getfixturevalue("migrated_sqlite")("store.sqlite3") if request.param == "sqlite"
            else str(request.getfixturevalue("migrated_postgres_url")))


@pytest.fixture
def two(url: str) -> Iterator[tuple[Services, Services]]:
    """The window's services and a second process's (the CLI) on one store."""
    window, cli = open_services(url), open_services(url)
    yield window, cli
    cli.close()
    window.close()


def test_the_page_reads_the_stored_text_exactly_with_its_token(two: tuple[Services, Services]) -> None:
    window, _cli = two
    aid = window.assistants.create("Helper", model="gpt-4o-mini").id
    assert window.memory.snapshot(aid).version == document_version("")  # no document yet
    window.memory.save_raw(aid, ODD)
    for _ in range(2):  # read fresh, then again unchanged
        snap = window.memory.snapshot(aid)
        assert snap.document == ODD
        assert snap.version == document_version(ODD)
        assert [e.text for e in snap.entries] == [
            "Path C:\\Users\\me\\notes and \\x41 stay as typed", "喜欢简洁的回答 😀", "ends in \\n"]


def test_a_write_by_another_process_shows_in_the_next_read(two: tuple[Services, Services]) -> None:
    window, cli = two
    aid = window.assistants.create("Helper", model="gpt-4o-mini").id
    window.memory.save_raw(aid, "#1: Prefers metric units\n")
    shown = window.memory.snapshot(aid)
    assert window.memory.snapshot(aid).document == "#1: Prefers metric units\n"
    cli.memory.add(aid, "Works in Berlin")
    fresh = window.memory.snapshot(aid)
    assert [e.text for e in fresh.entries] == ["Prefers metric units", "Works in Berlin"]
    assert fresh.version != shown.version
    with pytest.raises(StaleDocument):  # the editor opened on the older read is still refused
        window.memory.save_raw(aid, "#1: mine\n", version=shown.version)
    cli.memory.save_raw(aid, "#1: Prefers metric units\n")  # back to the first text
    back = window.memory.snapshot(aid)
    assert (back.document, back.version) == ("#1: Prefers metric units\n", shown.version)
    assert [e.text for e in back.entries] == ["Prefers metric units"]
