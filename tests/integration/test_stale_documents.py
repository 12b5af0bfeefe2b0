"""A stale editor never overwrites a newer save (issue 10, "Nothing lost"): every
editor passes the version token of the document it showed; the service compares it
inside the write transaction and refuses a mismatch with one line, writing nothing."""

from __future__ import annotations

from datetime import date

import pytest

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import StaleDocument
from chathub_desktop.storage.models import DynamicMemoryDocument, utcnow


@pytest.fixture
def aid(services: Services) -> int:
    return services.assistants.create("Helper", model="gpt-4o-mini").id


def test_raw_save_over_a_newer_document_is_refused(services: Services, aid: int) -> None:
    opened = services.memory.snapshot(aid)  # an empty memory has a token too
    services.memory.add(aid, "written elsewhere")
    with pytest.raises(StaleDocument) as err:
        services.memory.save_raw(aid, "#1: mine\n", version=opened.version)
    message = str(err.value)
    assert "\n" not in message and "another window or command" in message and "nothing was saved" in message
    assert [e.text for e in services.memory.entries(aid)] == ["written elsewhere"]
    fresh = services.memory.snapshot(aid)
    services.memory.save_raw(aid, fresh.document + "#2: mine\n", version=fresh.version)
    assert [e.text for e in services.memory.entries(aid)] == ["written elsewhere", "mine"]


def test_saving_what_is_already_stored_is_never_refused(services: Services, aid: int) -> None:
    opened = services.memory.snapshot(aid)
    services.memory.save_raw(aid, "#1: same\n")
    assert services.memory.save_raw(aid, "#1: same\n", version=opened.version) == "#1: same\n"


def test_entry_edit_checks_the_version_and_follows_a_renumbering(services: Services, aid: int) -> None:
    services.memory.save_raw(aid, "#1: a\n#2: b\n#3: c\n")
    shown = services.memory.snapshot(aid)
    services.memory.delete(aid, 1)  # another window: b is #1 now
    with pytest.raises(StaleDocument):
        services.memory.edit(aid, 2, "b edited", version=shown.version)
    view = services.memory.edit(aid, 2, "b edited", expected_text="b")  # found by its text
    assert (view.number, view.text) == (1, "b edited")
    assert [e.text for e in services.memory.entries(aid)] == ["b edited", "c"]
    with pytest.raises(StaleDocument):  # "a" is gone: nothing else is deleted instead
        services.memory.delete(aid, 1, expected_text="a")
    with pytest.raises(StaleDocument):
        services.memory.clear_untrusted(aid, 1, expected_text="a")
    assert [e.text for e in services.memory.entries(aid)] == ["b edited", "c"]


def _seed_cards(services: Services, aid: int) -> None:
    cards: list[dm.Card] = []
    for d in (date(2026, 11, 29), date(2026, 11, 30)):
        cards = dm.append_day_card(cards, d, f"Prefers theme {d.day}")
    with services.db.write() as s:
        s.merge(DynamicMemoryDocument(assistant_id=aid, body=dm.render_document(cards), updated_at=utcnow()))


def test_card_edit_delete_and_clear_refuse_a_newer_document(services: Services, aid: int) -> None:
    _seed_cards(services, aid)
    shown = services.dreams.snapshot(aid)
    services.dreams.edit_card(aid, 1, "changed elsewhere")
    for refused in (lambda: services.dreams.edit_card(aid, 2, "mine", version=shown.version),
                    lambda: services.dreams.delete_card(aid, 2, version=shown.version),
                    lambda: services.dreams.clear(aid, version=shown.version)):
        with pytest.raises(StaleDocument):
            refused()
    assert [c.text for c in services.dreams.cards(aid)] == ["changed elsewhere", "Prefers theme 30"]
    # delete by what the card showed: the card that moved is the one deleted
    services.dreams.delete_card(aid, 1)  # another window: "theme 30" is #1 now
    with pytest.raises(StaleDocument):
        services.dreams.delete_card(aid, 1, expected=(shown.cards[0].tag, shown.cards[0].text))
    services.dreams.delete_card(aid, 2, expected=(shown.cards[1].tag, shown.cards[1].text))
    assert services.dreams.cards(aid) == []


def test_cli_whole_document_edits_take_a_version(services: Services, aid: int, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``memory save FILE --if-version`` and ``dream edit --if-version`` refuse a newer
    document with one line and exit 1; ``memory version`` gives the tokens to pass."""
    import json

    from chathub_desktop.cli import main

    url = ["--database-url", services.database_url]
    assert main(["memory", "version", "--assistant", "Helper", "--json", *url]) == 0
    tokens = json.loads(capsys.readouterr().out)
    services.memory.add(aid, "written elsewhere")
    _seed_cards(services, aid)
    doc = tmp_path / "memory.md"
    doc.write_text("#1: mine\n", encoding="utf-8")
    for argv in (["memory", "save", "--assistant", "Helper", str(doc), "--if-version", tokens["fixed"]],
                 ["dream", "edit", "--assistant", "Helper", "1", "mine", "--if-version", tokens["dynamic"]]):
        assert main([*argv, *url]) == 1
        err = capsys.readouterr().err.strip()
        assert "\n" not in err and "nothing was saved" in err
    assert [e.text for e in services.memory.entries(aid)] == ["written elsewhere"]
    assert main(["memory", "save", "--assistant", "Helper", str(doc), "--if-version",
                 services.memory.version(aid), *url]) == 0
    assert [e.text for e in services.memory.entries(aid)] == ["mine"]
