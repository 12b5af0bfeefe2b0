"""Memory history stored as deltas (issue 18, "Benchmark ... ≤ 10 %"): a chained change
keeps only what it changed, a full text every ``SNAPSHOT_EVERY`` changes, and every
recorded change still gives back its exact documents, through pruning (90 days / N
changes) too: a delta's base is never pruned away."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage import memory_history as mh
from chathub_desktop.storage.models import AppSetting, MemoryChange
from tests.cases import cases


def doc(n: int, tag: str = "") -> str:
    """A fixed memory of ``n`` entries (CJK and an astral emoji in each), entry 7 tagged."""
    return "".join(f"#{i + 1}: fact {i} 漢字 😀{tag if i == 6 else ''}\n" for i in range(n))


def rows(svc: Services) -> list[MemoryChange]:
    with svc.db.read() as s:
        return list(s.scalars(select(MemoryChange).order_by(MemoryChange.id)))


def recorded(svc: Services) -> list[tuple[str, str]]:
    """``(before, after)`` of every kept change, oldest first, as History shows them."""
    return [(d.before, d.after) for d in (svc.history.detail("Helper", c.id)
                                          for c in reversed(svc.history.changes("Helper")))]


@pytest.fixture
def helper(services: Services, monkeypatch: pytest.MonkeyPatch) -> Services:
    monkeypatch.setattr(mh, "SNAPSHOT_EVERY", 3)
    services.assistants.create("Helper")
    return services


def save_all(svc: Services, texts: list[str]) -> list[tuple[str, str]]:
    """Raw-save each text in turn (MEM-3); the ``(before, after)`` pairs of those saves."""
    made, before = [], svc.memory.document("Helper")
    for text in texts:
        svc.memory.save_raw("Helper", text)
        after = svc.memory.document("Helper")
        if after != before:
            made.append((before, after))
        before = after
    return made


def test_chained_changes_store_deltas_with_a_full_text_every_snapshot_every(helper: Services) -> None:
    svc = helper
    made = save_all(svc, [doc(200, f" v{k}") for k in range(8)])
    stored = rows(svc)
    assert recorded(svc) == made  # exact texts back, astral characters included
    assert not mh.is_delta(stored[0].after)  # the first change: nothing to be a delta of
    kinds = [mh.is_delta(r.after) for r in stored[1:]]
    assert kinds == [True, True, True, False, True, True, True]  # a full text after 3 deltas
    full = len(mh.pack(made[-1][1]))
    assert all(len(r.after) < full / 5 for r in stored[1:] if mh.is_delta(r.after))


def test_revert_of_any_change_puts_back_its_exact_before(helper: Services) -> None:
    svc = helper
    made = save_all(svc, [doc(50, f" v{k}") for k in range(7)])
    changes = list(reversed(svc.history.changes("Helper")))
    target = changes[4]  # the second delta after a snapshot
    preview = svc.history.revert_preview("Helper", target.id)
    svc.history.revert("Helper", target.id, version=preview.version)
    assert svc.memory.document("Helper") == made[4][0]


@pytest.mark.parametrize("keep", [1, 2, 4, 5])
def test_pruning_mid_chain_keeps_every_kept_change_exact_and_the_oldest_revertible(helper: Services,
                                                                                    keep: int) -> None:
    """Issue 18 retention (the last N changes): the cut may fall between a delta and its
    base; the oldest kept change gets its own full before, the deltas after it still read."""
    svc = helper
    with svc.db.write() as s:
        s.add(AppSetting(key=mh.CHANGES_SETTING, value=keep))
    made = save_all(svc, [doc(40, f" v{k}") for k in range(11)])
    assert recorded(svc) == made[-keep:]
    oldest = svc.history.changes("Helper")[-1]
    svc.history.revert("Helper", oldest.id, version=svc.history.revert_preview("Helper", oldest.id).version)
    assert svc.memory.document("Helper") == made[-keep][0]


_EDITS = st.lists(st.tuples(st.integers(0, 30), st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]),
                                                          max_size=6)), min_size=1, max_size=14)


@settings(max_examples=cases(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=_EDITS, snapshot_every=st.integers(1, 4), keep=st.integers(2, 9))
def test_any_edits_read_back_exactly_whatever_the_snapshots_and_pruning(services: Services, edits, snapshot_every,
                                                                        keep) -> None:  # type: ignore[no-untyped-def]
    """Property: any run of raw saves (insertions, deletions, replacements anywhere, any
    characters but lone surrogates, which no store keeps) with any snapshot interval and
    retention: every kept change reads back as the exact before/after of that save."""
    svc = services
    name = f"P{len(svc.assistants.list())}"
    svc.assistants.create(name)
    with svc.db.write() as s:
        s.merge(AppSetting(key=mh.CHANGES_SETTING, value=keep))
    saved = mh.SNAPSHOT_EVERY
    mh.SNAPSHOT_EVERY = snapshot_every
    try:
        text, made = doc(30), []
        svc.memory.save_raw(name, text)
        text = svc.memory.document(name)
        for at, piece in edits:
            cut = min(at, len(text))
            try:
                svc.memory.save_raw(name, text[:cut] + piece + text[cut + len(piece) % 3:])
            except InvalidInput:  # a refused save writes nothing
                continue
            after = svc.memory.document(name)
            if after != text:
                made.append((text, after))
            text = after
        got = [(d.before, d.after) for d in (svc.history.detail(name, c.id)
                                             for c in reversed(svc.history.changes(name)))]
        assert len(got) == min(keep, len(made) + 1)  # the first save (from nothing) is a change too
        n = min(keep, len(made))
        assert got[len(got) - n:] == made[len(made) - n:]
    finally:
        mh.SNAPSHOT_EVERY = saved


@pytest.fixture
def pg_helper(postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Services]:
    monkeypatch.setattr(mh, "SNAPSHOT_EVERY", 3)
    svc = open_services(postgres_url)
    svc.assistants.create("Helper")
    yield svc
    svc.close()


def test_deltas_and_pruning_read_back_the_same_on_postgresql(pg_helper: Services) -> None:
    svc = pg_helper
    with svc.db.write() as s:
        s.add(AppSetting(key=mh.CHANGES_SETTING, value=4))
    made = save_all(svc, [doc(40, f" v{k}") for k in range(9)])
    assert recorded(svc) == made[-4:]
    assert any(mh.is_delta(r.after) for r in rows(svc))
