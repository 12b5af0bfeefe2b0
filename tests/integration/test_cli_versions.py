"""``chat regenerate``, ``chat resend``, ``topic versions``, ``topic switch`` and the
version marks of ``topic show`` (issue 14 "Regenerate and edit-and-resend", headless)."""

from __future__ import annotations

import json

import pytest

from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.test_cli import run, setup


def test_regenerate_lists_and_switches_from_the_command_line(
    capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 14: ``chat regenerate`` streams a new reply; ``topic show`` marks it
    "version 2 / 2"; ``topic switch --at SEQ --to 1`` brings the first one back."""
    topic = setup(capsys, fake_vendor, monkeypatch)
    fake_vendor.script(Reply(text_chunks=["first"]))
    assert run(capsys, "chat", "send", "--topic", str(topic), "hello")[0] == 0
    fake_vendor.script(Reply(text_chunks=["sec", "ond"]))
    code, out, _ = run(capsys, "chat", "regenerate", "--topic", str(topic))
    assert code == 0 and out == "second\n"
    code, out, _ = run(capsys, "topic", "show", str(topic))
    assert "[version 2 / 2 at seq 2]" in out and "second" in out and "first" not in out
    code, out, _ = run(capsys, "topic", "versions", str(topic), "--json")
    forks = json.loads(out)["forks"]
    assert [(f["seq"], [(v["version"], v["in_view"], v["preview"]) for v in f["versions"]]) for f in forks] == [
        (2, [(1, False, "first"), (2, True, "second")])]
    code, out, _ = run(capsys, "topic", "switch", str(topic), "--at", "2", "--to", "1")
    assert code == 0 and "version 1 / 2" in out
    code, out, _ = run(capsys, "topic", "show", str(topic), "--json")
    msgs = json.loads(out)["messages"]
    assert msgs[1]["content"] == "first" and msgs[1]["version"] == {"seq": 2, "index": 1, "total": 2}
    code, _out, err = run(capsys, "topic", "switch", str(topic), "--at", "2", "--to", "3")
    assert code != 0 and "no version 3" in err


def test_resend_makes_a_branch_from_the_command_line(
    capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 14: ``chat resend --message ID TEXT`` starts a branch at that user message."""
    topic = setup(capsys, fake_vendor, monkeypatch)
    fake_vendor.script(Reply(text_chunks=["A1"]))
    run(capsys, "chat", "send", "--topic", str(topic), "Q1")
    first = json.loads(run(capsys, "topic", "show", str(topic), "--json")[1])["messages"][0]["id"]
    fake_vendor.script(Reply(text_chunks=["B1"]))
    code, out, _ = run(capsys, "chat", "resend", "--message", str(first), "Q1 edited")
    assert code == 0 and out == "B1\n"
    msgs = json.loads(run(capsys, "topic", "show", str(topic), "--json")[1])["messages"]
    assert [m["content"] for m in msgs] == ["Q1 edited", "B1"]
    assert msgs[0]["version"] == {"seq": 1, "index": 2, "total": 2}
