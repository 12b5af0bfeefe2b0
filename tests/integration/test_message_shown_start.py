"""The window reads only a row's shown start (huge52, issue 29): showing a stored 16 MB
reply read it whole, 16 MB in the store's reader and 16 MB in Python at once. Copy
message and Edit still read all of it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import Services, open_services
from tests.integration.store_migrations import store_url_fixture

store_url = store_url_fixture("shown_start.sqlite3")


@pytest.fixture
def svc(store_url: str) -> Iterator[Services]:
    s = open_services(store_url)
    yield s
    s.close()


def test_a_long_row_is_read_by_its_shown_start_and_its_length(svc: Services) -> None:
    svc.assistants.create("Helper")
    tid = svc.topics.create("Helper", "Long").id
    text = "é" + "word " * 60_000  # 300,001 characters, not ASCII: lengths in characters
    mid = svc.topics.append_message(tid, Role.ASSISTANT, text).id
    short = svc.topics.append_message(tid, Role.USER, "short").id
    shown = svc.topics.message(mid, shown_chars=100_000)
    assert shown.content == text[:100_000] and shown.full_chars == 300_001
    whole = svc.topics.message(mid)
    assert whole.content == text and whole.full_chars is None
    assert svc.topics.message(short, shown_chars=100_000).content == "short"
    assert svc.topics.message(short, shown_chars=100_000).full_chars is None
