"""The cycle collector paused around a read (issues 30 and 32): ``keep`` moves what the
read made out of later collections, a plain pause does not, and the collector runs again
after the last of nested pauses."""

from __future__ import annotations

import gc

from chathub_desktop.services.collector_pause import collector_paused


class _Held:
    """A GC-tracked object (an instance with a ``__dict__``), as an entry's view is."""


def _walked_ids() -> set[int]:
    """The ids of every object a collection would walk (the frozen ones are not listed)."""
    return {id(o) for o in gc.get_objects()}


def test_a_kept_read_is_out_of_every_later_collection_and_still_freed() -> None:
    with collector_paused(keep=True):
        kept = [_Held() for _ in range(1000)]
        assert not gc.isenabled()
    assert gc.isenabled()
    walked = _walked_ids()
    assert all(gc.is_tracked(o) for o in kept)
    assert not any(id(o) in walked for o in kept)
    with collector_paused():
        plain = [_Held() for _ in range(1000)]
    walked = _walked_ids()
    assert all(id(o) in walked for o in plain)  # a plain pause leaves them to the collector


def test_nested_pauses_resume_once_and_freeze_what_an_inner_keep_made() -> None:
    with collector_paused():
        with collector_paused(keep=True):
            kept = _Held()
        assert not gc.isenabled()  # the outer pause still holds it
        outer = _Held()
    assert gc.isenabled()
    walked = _walked_ids()
    assert id(kept) not in walked and id(outer) not in walked  # frozen when the last one left
    with collector_paused():
        later = _Held()
    assert id(later) in _walked_ids()  # the keep does not outlive its pause
