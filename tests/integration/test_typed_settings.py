"""Settings through their declarations (issue 31): typed reads, one-line refusals that
store nothing, and the CLI's ``settings`` command listing every declared setting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chathub_desktop.cli import main
from chathub_desktop.core import app_settings as aps
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage import memory_history as mh


def test_values_come_back_typed(services: Services) -> None:
    services.settings.set("compact-keep-recent", "7")
    services.settings.set(aps.COMPACT_ENABLED, "yes")
    assert services.settings.value(aps.COMPACT_KEEP_RECENT) == 7
    assert services.settings.value(aps.COMPACT_ENABLED) is True
    assert services.settings.value(aps.STREAM_SILENCE_SECONDS) == 60  # unset: the default
    services.settings.set(aps.COMPACT_KEEP_RECENT, None)
    assert services.settings.value(aps.COMPACT_KEEP_RECENT) == 12


@pytest.mark.parametrize(("key", "value", "message"), [
    ("compact-keep-recent", "0", "compact-keep-recent must be between 1 and 10,000, got 0"),
    ("bogus", "1", "unknown setting 'bogus'"),
    ("history-compress-model", "Ghost/gpt-5-mini", "no provider named 'Ghost'"),
    ("topic-naming-model", "Ghost/gpt-4o-mini", "no provider named 'Ghost'"),
])
def test_a_refused_value_stores_nothing_and_says_why(services: Services, key: str, value: str,
                                                       message: str) -> None:
    before = services.settings.all()
    with pytest.raises(InvalidInput) as info:
        services.settings.set(key, value)
    assert str(info.value).startswith(message) and "\n" not in str(info.value)
    assert services.settings.all() == before


def test_memory_history_retention_is_a_declared_setting(services: Services) -> None:
    services.settings.set("memory-history-changes", "40")
    with services.db.read() as s:
        assert mh.retention(s) == (90, 40)


def test_settings_list_shows_every_declared_setting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    open_services(url).close()
    assert main(["settings", "set", "compact-buffer-tokens", "16,000", "--database-url", url]) == 0
    capsys.readouterr()
    assert main(["settings", "list", "--json", "--database-url", url]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == list(aps.SETTINGS)
    assert data["compact-buffer-tokens"] == 16000 and data["compact-keep-recent"] == 12
    assert main(["settings", "list", "--database-url", url]) == 0
    out = capsys.readouterr().out
    assert "compact-enabled = off" in out and "topic-naming-model = (not set)" in out
