"""``db copy`` (issue 13 "Move to PostgreSQL and back"): a round trip SQLite →
PostgreSQL → SQLite gives identical memory exports and topics for every assistant; a
non-empty target is refused; a copy that fails writes nothing; a copied PostgreSQL
store takes new rows (its id sequences moved past the copied ids)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from chathub_desktop.cli import main
from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow


def populate(svc: Services) -> None:
    """Two assistants with fixed memory, dream cards (and a backup), topics with
    messages, a compaction summary row, settings and a model card."""
    svc.providers.add("P", "openai", "http://127.0.0.1:9", api_key_env="NOPE")
    svc.settings.set("history-compress-model", "P/gpt-5-mini")
    for name in ("Helper", "Écrivain ✍"):
        a = svc.assistants.create(name, provider="P", model="gpt-4o", instructions=f"Be {name}.")
        svc.memory.add(a.id, f"{name} likes tables")
        t = svc.topics.create(a.id, title=f"Topic of {name}")
        t0 = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
        for i in range(30):
            svc.chat.append_row(t.id, role=Role.USER if i % 2 == 0 else Role.ASSISTANT,
                             content=f"message {i} — ünïcode ✓ {name}", created_at=t0 + timedelta(minutes=i))
        cards = dm.append_day_card([], t0.date(), f"{name} prefers short answers")
        with svc.db.write() as s:
            s.merge(DynamicMemoryDocument(assistant_id=a.id, body=dm.render_document(cards),
                                          backup_body="#1 [2026-11-29]: older", updated_at=utcnow()))


def snapshot(url: str, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    """What a user sees of every assistant: memory exports (JSON and Markdown) and each
    topic's messages."""
    svc = open_services(url)
    try:
        out: dict[str, object] = {}
        for a in svc.assistants.list():
            data = json.loads(svc.memory_files.export(a.name, "json"))
            data.pop("exported_at")  # the moment of the export, not the store's
            markdown = svc.memory_files.export(a.name, "markdown")
            out[a.name] = {
                "json": data,
                "markdown": [line for line in markdown.splitlines() if " UTC" not in line],
                "topics": [(t.title, [(m.role, m.content) for m in svc.topics.messages(t.id)])
                           for t in svc.topics.list(a.id)],
            }
        return out
    finally:
        svc.close()


def copy(capsys: pytest.CaptureFixture[str], src: str, dst: str) -> tuple[int, str, str]:
    code = main(["db", "copy", "--from", src, "--to", dst, "--json"])
    out, err = capsys.readouterr()
    return code, out, err


def test_round_trip_sqlite_postgresql_sqlite_is_identical(
        tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    first = f"sqlite:///{tmp_path / 'first.sqlite3'}"
    back = f"sqlite:///{tmp_path / 'back.sqlite3'}"
    svc = open_services(first)
    populate(svc)
    svc.close()
    want = snapshot(first, capsys)
    code, out, err = copy(capsys, first, postgres_url)
    assert code == 0, err
    report = json.loads(out)
    assert report["rows"]["message"] == 60 and report["documents_checked"] >= 6
    assert snapshot(postgres_url, capsys) == want
    code, _out, err = copy(capsys, postgres_url, back)
    assert code == 0, err
    assert snapshot(back, capsys) == want
    # the PostgreSQL copy takes new rows: its id sequences are past the copied ids
    pg = open_services(postgres_url)
    try:
        a = pg.assistants.create("New", provider="P", model="gpt-4o")
        assert pg.topics.create(a.id).id > 2
    finally:
        pg.close()


def test_a_non_empty_target_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = f"sqlite:///{tmp_path / 'src.sqlite3'}"
    dst = f"sqlite:///{tmp_path / 'dst.sqlite3'}"
    for url in (src, dst):
        svc = open_services(url)
        svc.providers.add("P", "openai", "http://127.0.0.1:9", api_key_env="NOPE")
        svc.close()
    before = snapshot(dst, capsys)
    code, _out, err = copy(capsys, src, dst)
    assert code == 1 and "not empty" in err and len(err.strip().splitlines()) == 1
    assert snapshot(dst, capsys) == before


def test_a_failed_copy_writes_nothing(tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A name longer than the column allows passes SQLite (no length check) and is
    refused by PostgreSQL halfway through: the target keeps no table, no row."""
    src = f"sqlite:///{tmp_path / 'src.sqlite3'}"
    svc = open_services(src)
    populate(svc)
    with svc.db.write() as s:
        s.execute(text("UPDATE topic SET title = :t WHERE id = 2"), {"t": "x" * 600})
    svc.close()
    code, _out, err = copy(capsys, src, postgres_url)
    assert code == 1 and "nothing was written" in err
    engine = create_engine(postgres_url)
    try:
        with engine.connect() as conn:
            assert inspect(conn).get_table_names() == []
    finally:
        engine.dispose()
    # from a database that is no store, into a new SQLite file: refused, no file left
    missing = tmp_path / "never.sqlite3"
    code, _out, err = copy(capsys, postgres_url, f"sqlite:///{missing}")
    assert code == 1 and "revision" in err
    assert not missing.exists()
