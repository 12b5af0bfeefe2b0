"""The store: migrations at start, schema in step with the models, packaging (APP-3)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from chathub_desktop.storage.database import DatabaseError, open_database
from chathub_desktop.storage.models import Base
from chathub_desktop.storage.search_schema import include_name

ROOT = Path(__file__).resolve().parents[2]


def test_migrations_build_exactly_the_models_schema(tmp_path: Path) -> None:
    """A new Alembic revision is needed whenever the models change."""
    db = open_database(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    with db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"include_name": include_name}), Base.metadata)
    db.dispose()
    assert diff == []


def test_schema_has_room_for_memory_compaction_and_dream(tmp_path: Path) -> None:
    db = open_database(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    tables = set(inspect(db.engine).get_table_names())
    db.dispose()
    assert {
        "topic_compaction",
        "fixed_memory_document",
        "memory_provenance",
        "dynamic_memory_document",
        "dream_run",
        "model_card",
        "correction_factor",
    } <= tables


def test_opening_twice_is_a_no_op_and_default_file_lands_in_the_data_dir(tmp_path: Path) -> None:
    from chathub_desktop.services.container import resolve_database_url

    url = resolve_database_url(None, None)
    assert url.endswith("/data/chathub.sqlite3")  # CHATHUB_DATA_DIR from the autouse fixture
    open_database(url).dispose()
    open_database(url).dispose()
    assert (tmp_path / "data" / "chathub.sqlite3").is_file()


def test_unusable_url_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="not a database URL"):
        open_database("::::")
    with pytest.raises(DatabaseError, match="cannot open database"):
        open_database("postgresql+psycopg://nobody@127.0.0.1:1/none")


def test_postgresql_migrates(postgres_url: str) -> None:
    db = open_database(postgres_url)
    with db.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn, opts={"include_name": include_name}), Base.metadata) == []
    db.dispose()


def test_wheel_carries_resources_forms_and_migrations(tmp_path: Path) -> None:
    """A non-editable ``pip install .`` must carry resources/, ui/ and the migrations."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = tmp_path.glob("chathub_desktop-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "chathub_desktop/resources/tokenizers/o200k_base.tiktoken" in names
    assert "chathub_desktop/resources/tokenizers/cl100k_base.tiktoken" in names
    assert "chathub_desktop/resources/model_catalog.json" in names
    assert any(n.startswith("chathub_desktop/ui/") and n.endswith(".ui") for n in names)
    assert "chathub_desktop/storage/migrations/env.py" in names
    assert any(n.startswith("chathub_desktop/storage/migrations/versions/0001") for n in names)


def test_schema_head_constant_matches_the_migrations() -> None:
    """``SCHEMA_HEAD`` lets start-up skip Alembic; it must name the real head revision."""
    from alembic.script import ScriptDirectory

    from chathub_desktop.storage.database import SCHEMA_HEAD, alembic_config

    assert ScriptDirectory.from_config(alembic_config()).get_current_head() == SCHEMA_HEAD
