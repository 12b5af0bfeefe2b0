"""Per-assistant sampling in the three wire bodies (issue 28, APP-9, CMP-8), against the
fake vendor over real HTTP: each setting is sent exactly as its wire format spells it,
an unset one sends nothing (today's body), a send carries the assistant's settings and
its receipt lists them, and the summarizer keeps its own sampling (REF-21)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from chathub_desktop.core.context_receipt import receipt_lines
from chathub_desktop.core.messages import Role
from chathub_desktop.core.provider_kinds import ProviderKind
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.errors import InvalidInput
from tests.fakes.vendor_server import FakeVendor, Reply
from tests.integration.stream_helpers import collect, run_with_client, user_request

MESSAGES_OPENAI = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi"}]


def _body(kind: ProviderKind, vendor: FakeVendor, **sampling: object) -> dict[str, object]:
    vendor.script(Reply(text_chunks=["ok"]))
    run_with_client(kind, vendor.base_url, lambda c: collect(c, user_request(**sampling)), default_max_tokens=1234)
    body = vendor.last_request.body
    assert body is not None
    return body


@pytest.mark.parametrize(("setting", "sent"), [
    ({}, {}),
    ({"temperature": 0.7}, {"temperature": 0.7}),
    ({"top_p": 0.9}, {"top_p": 0.9}),
    ({"reasoning_effort": "low"}, {"reasoning_effort": "low"}),
    ({"thinking_budget": 2048}, {}),  # Chat Completions has no thinking budget
])
def test_openai_chat_body(fake_vendor: FakeVendor, setting: dict[str, object], sent: dict[str, object]) -> None:
    assert _body(ProviderKind.OPENAI_COMPATIBLE, fake_vendor, **setting) == {
        "model": "fake-model", "messages": MESSAGES_OPENAI, "stream": True,
        "stream_options": {"include_usage": True}, **sent}


@pytest.mark.parametrize(("setting", "sent"), [
    ({}, {}),
    ({"temperature": 0.7}, {"temperature": 0.7}),
    ({"top_p": 0.9}, {"top_p": 0.9}),
    ({"reasoning_effort": "high"}, {"reasoning": {"effort": "high"}}),
    ({"thinking_budget": 2048}, {}),
])
def test_openai_responses_body(fake_vendor: FakeVendor, setting: dict[str, object], sent: dict[str, object]) -> None:
    assert _body(ProviderKind.OPENAI_RESPONSES, fake_vendor, **setting) == {
        "model": "fake-model", "input": [{"role": "user", "content": "Hi"}], "stream": True,
        "instructions": "Be brief.", **sent}


@pytest.mark.parametrize(("setting", "sent"), [
    ({}, {}),
    ({"temperature": 0.7}, {"temperature": 0.7}),
    ({"top_p": 0.9}, {"top_p": 0.9}),
    ({"reasoning_effort": "low"}, {}),  # Anthropic has no effort field
    ({"thinking_budget": 1024, "max_tokens": 4096},
     {"thinking": {"type": "enabled", "budget_tokens": 1024}, "max_tokens": 4096}),
])
def test_anthropic_body(fake_vendor: FakeVendor, setting: dict[str, object], sent: dict[str, object]) -> None:
    assert _body(ProviderKind.ANTHROPIC, fake_vendor, **setting) == {
        "model": "fake-model", "messages": [{"role": "user", "content": "Hi"}], "max_tokens": 1234,
        "stream": True, "system": "Be brief.", **sent}


def _services(tmp_path: Path, vendor: FakeVendor, kind: str) -> Services:
    services = open_services(f"sqlite:///{tmp_path / 's.sqlite3'}")
    services.providers.add("F", kind, vendor.base_url, api_key="sk-x")
    services.assistants.create("A", provider="F", model="gpt-4o", instructions="Be brief.")
    return services


def test_a_send_posts_the_assistants_sampling_and_its_receipt_says_so(tmp_path: Path, fake_vendor: FakeVendor) -> None:
    services = _services(tmp_path, fake_vendor, "openai")
    try:
        topic = services.topics.create("A").id
        fake_vendor.script(Reply(text_chunks=["ok"]))
        out = asyncio.run(services.chat.send(topic, "hello"))
        unset_body = fake_vendor.last_request.body
        assert unset_body is not None
        assert not {"temperature", "top_p", "reasoning_effort"} & set(unset_body)  # unset: nothing sent
        assert out.receipt is not None and "Sampling: provider defaults" in receipt_lines(out.receipt)

        services.assistants.set_from_text("A", "temperature", "0.3")
        services.assistants.set_from_text("A", "top-p", "0.8")
        fake_vendor.script(Reply(text_chunks=["ok"]))
        out = asyncio.run(services.chat.send(topic, "again"))
        body = fake_vendor.last_request.body
        assert body is not None and body["temperature"] == 0.3 and body["top_p"] == 0.8
        assert out.receipt is not None
        assert "Sampling: temperature 0.3, top-p 0.8" in receipt_lines(out.receipt)

        services.assistants.set_from_text("A", "temperature", "unset")
        services.assistants.set_from_text("A", "top-p", "unset")
        fake_vendor.script(Reply(text_chunks=["ok"]))
        asyncio.run(services.chat.send(topic, "third"))
        after = fake_vendor.last_request.body
        assert after is not None and set(after) == set(unset_body)
    finally:
        services.close()


def test_bad_combinations_are_refused_with_one_line(tmp_path: Path, fake_vendor: FakeVendor) -> None:
    services = _services(tmp_path, fake_vendor, "anthropic")
    try:
        with pytest.raises(InvalidInput, match="needs max tokens on"):
            services.assistants.set_from_text("A", "thinking-budget", "2048")
        services.assistants.update("A", max_tokens=2048, max_tokens_enabled=True)
        with pytest.raises(InvalidInput, match=r"thinking budget \(2,048\) must be below max tokens \(2,048\)"):
            services.assistants.set_from_text("A", "thinking-budget", "2048")
        services.assistants.set_from_text("A", "thinking-budget", "1024")
        with pytest.raises(InvalidInput, match="leave temperature and top-p unset"):
            services.assistants.set_from_text("A", "temperature", "0.5")
        assert services.assistants.get("A").temperature is None  # a refused value writes nothing
        with pytest.raises(InvalidInput, match="between 0 and 2"):
            services.assistants.set_from_text("A", "temperature", "2.5")
        with pytest.raises(InvalidInput, match="one of minimal, low, medium, high"):
            services.assistants.set_from_text("A", "reasoning-effort", "max")
    finally:
        services.close()


def test_openai_reasoning_effort_refuses_temperature(tmp_path: Path, fake_vendor: FakeVendor) -> None:
    services = _services(tmp_path, fake_vendor, "openai")
    try:
        services.assistants.set_from_text("A", "reasoning-effort", "low")
        with pytest.raises(InvalidInput, match="reasoning models reject them"):
            services.assistants.set_from_text("A", "temperature", "0.2")
    finally:
        services.close()


def test_the_summarizer_keeps_its_own_sampling(tmp_path: Path, fake_vendor: FakeVendor) -> None:
    """REF-21: compaction posts the summarizer's sampling, never the assistant's."""
    from tests.integration.test_compaction import add_turns, compact, setup, summary_reply

    services = open_services(f"sqlite:///{tmp_path / 'c.sqlite3'}")
    try:
        with FakeVendor() as summ:
            topic = setup(services, fake_vendor, summ)
            services.assistants.set_from_text("Helper", "temperature", "0.2")
            services.assistants.set_from_text("Helper", "top-p", "0.5")
            add_turns(services, topic, 1, 3)
            services.chat.append_row(topic, role=Role.USER, content="latest")
            summ.script(summary_reply("the gist"))
            compact(services, topic)
            body = summ.last_request.body
            assert body is not None and summ.requests
            assert "temperature" not in body and "top_p" not in body
            assert body["reasoning_effort"] == "minimal"  # gpt-5-mini at its lowest effort
    finally:
        services.close()


def test_sampling_is_scriptable_from_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``assistant set NAME temperature|top-p|reasoning-effort|thinking-budget VALUE|unset``
    and ``model set --tokenizer``."""
    import json

    from chathub_desktop.cli import main

    db = ["--database-url", f"sqlite:///{tmp_path / 'cli.sqlite3'}"]

    def run(*argv: str) -> tuple[int, str, str]:
        code = main([*argv, *db])
        out, err = capsys.readouterr()
        return code, out, err

    assert run("provider", "add", "P", "--kind", "anthropic", "--base-url", "http://127.0.0.1:9/v1",
               "--no-key")[0] == 0
    assert run("assistant", "create", "A", "--provider", "P", "--model", "m", "--max-tokens", "8192")[0] == 0
    assert run("assistant", "set", "A", "thinking-budget", "4096")[0] == 0
    code, _, err = run("assistant", "set", "A", "temperature", "0.5")
    assert code == 1 and "leave temperature and top-p unset" in err and len(err.strip().splitlines()) == 1
    assert run("assistant", "set", "A", "thinking-budget", "unset")[0] == 0
    assert run("assistant", "set", "A", "temperature", "0.5")[0] == 0
    code, out, _ = run("assistant", "show", "A", "--json")
    data = json.loads(out)
    assert (data["temperature"], data["thinking_budget"], data["top_p"]) == (0.5, None, None)
    code, out, _ = run("model", "set", "m", "--context-window", "8192", "--tokenizer", "cl100k_base", "--json")
    assert code == 0 and json.loads(out)["encoding"] == "cl100k_base"
