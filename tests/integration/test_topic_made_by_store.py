"""Who made a topic (issue 29, walk42 #3, migration 0030, SQLite and PostgreSQL): a topic
the window's New topic made and the user left untouched goes when left, in the run that
made it and after that window crashed or was killed; one with a message, one another
running window made, and one made elsewhere (the CLI) stay; 0030 goes down and up."""

from __future__ import annotations

import os

from chathub_desktop.core.messages import Role
from chathub_desktop.services.chat.process_identity import HOST
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.storage.topic_rows import update_topic
from tests.integration.store_migrations import migrate, schema_names, store_url_fixture

store_url = store_url_fixture("made_by.sqlite3")

#: A PID no process has: above the largest ``pid_max`` Linux allows (2**22).
GONE_PID = 2**22 + 1


def _made_by(svc: Services, topic_id: int, identity: str) -> None:
    with svc.db.write() as s:  # what another window process would have stored
        update_topic(s, topic_id, {"made_by": identity})


def test_a_new_topic_left_untouched_goes_after_a_crash_too(store_url: str) -> None:
    svc = open_services(store_url)
    try:
        helper = svc.assistants.create("Helper").id
        mine = svc.topics.create(helper, by_window=True).id
        used = svc.topics.create(helper, by_window=True).id
        svc.topics.append_message(used, Role.USER, "Where should I stay in Lisbon?")
        cli = svc.topics.create(helper).id  # `chathub topics create`: never dropped this way
        crashed = svc.topics.create(helper, by_window=True).id
        _made_by(svc, crashed, f"{HOST}:{GONE_PID}:0123456789ab")  # its window was killed
        running = svc.topics.create(helper, by_window=True).id
        _made_by(svc, running, f"{HOST}:{os.getppid()}:0123456789ab")  # another window, still open
        left = {t: svc.topics.leave(t) for t in (mine, used, cli, crashed, running)}
        assert left == {mine: True, used: False, cli: False, crashed: True, running: False}
        assert sorted(t.id for t in svc.topics.list(helper)) == sorted([used, cli, running])
        assert svc.topics.leave(mine) is False  # gone already
    finally:
        svc.close()


def test_0030_goes_down_and_up(store_url: str) -> None:
    svc = open_services(store_url)
    try:
        helper = svc.assistants.create("Helper").id
        made = svc.topics.create(helper, by_window=True).id
    finally:
        svc.close()
    migrate(store_url, "0029", down=True)
    assert "made_by" not in schema_names(store_url, "topic")
    migrate(store_url, "head", down=False)
    svc = open_services(store_url)
    try:
        assert svc.topics.leave(made) is False  # who made it was dropped with the column: it stays
        assert [t.id for t in svc.topics.list(helper)] == [made]
    finally:
        svc.close()
