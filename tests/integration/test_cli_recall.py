"""Recall earlier topics from the command line (issue 26, APP-12): ``assistant set NAME
recall-topics on|off`` and ``topic show --receipts`` naming the topics a reply recalled."""

from __future__ import annotations

import json

import pytest

from chathub_desktop.core.messages import ToolCall
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.test_cli import run, setup


def test_the_receipt_names_recalled_topics_and_the_setting_switches_the_tools(
        capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    earlier = setup(capsys, fake_vendor, monkeypatch)
    fake_vendor.script(Reply(text_chunks=["Booked."]))
    assert run(capsys, "chat", "send", "--topic", str(earlier), "book the ryokan for the 14th")[0] == 0
    code, out, _ = run(capsys, "topic", "create", "--assistant", "Helper", "--title", "Today", "--json")
    today = int(json.loads(out)["id"])
    fake_vendor.script(
        Reply(text_chunks=[], tool_calls=[ToolCall("c1", "searchTopics", json.dumps({"query": "ryokan"}))]),
        Reply(text_chunks=["The 14th."]),
    )
    assert run(capsys, "chat", "send", "--topic", str(today), "when is the ryokan?")[0] == 0
    code, out, _ = run(capsys, "topic", "show", str(today), "--receipts")
    assert code == 0
    recalled = [line for line in out.splitlines() if "ⓘ Recalled topics: " in line]
    assert len(recalled) == 1 and f"(topic {earlier})" in recalled[0]

    assert run(capsys, "assistant", "set", "Helper", "recall-topics", "off")[0] == 0
    fake_vendor.script(Reply(text_chunks=["Ok."]))
    assert run(capsys, "chat", "send", "--topic", str(today), "thanks")[0] == 0
    posted = {t["function"]["name"] for t in fake_vendor.last_request.body["tools"]}  # type: ignore[index]
    assert "searchMemory" in posted and not {"searchTopics", "recentTopics"} & posted
