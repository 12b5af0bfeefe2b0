"""An assistant created with its avatar in one write (issue 29: the setup wizard's first
assistant gets a face, not a purple "A"); an avatar that cannot be shown is refused in
one line and nothing is written. Real SQLite."""

from __future__ import annotations

import pytest

from chathub_desktop.core.avatars import DEFAULT_AVATAR
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput


def test_create_stores_the_avatar_or_refuses_it_writing_nothing(services: Services) -> None:
    a = services.assistants.create("Assistant", avatar=DEFAULT_AVATAR)
    assert services.assistants.get(a.id).avatar == DEFAULT_AVATAR == a.avatar
    assert services.assistants.create("Writer", avatar=" wr ").avatar == "WR"  # letters, as the editor stores them
    assert services.assistants.create("Plain").avatar is None  # none: the name's initial
    with pytest.raises(InvalidInput) as refused:
        services.assistants.create("Twice", avatar="🦊🦊")
    assert str(refused.value) == "an avatar is one emoji, not several"
    assert [x.name for x in services.assistants.list()] == ["Assistant", "Plain", "Writer"]
