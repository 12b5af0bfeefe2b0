"""Check a summary before trusting it (issue 26, CMP-18) against the fake vendor: the
History Compress model answers each probe with the covered turns and with only the
summary; with ``probe-summaries`` on, a summary that loses a probe keeps the old state and
says why; the check runs on demand and its cost is known before it runs."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest

from chathub_desktop.cli import build_parser
from chathub_desktop.core.messages import Role
from chathub_desktop.services.compaction.summarizer import SummarizerFailed
from chathub_desktop.services.container import Services, open_services
from tests.fakes.vendor_server import FakeVendor, Reply, openai_error
from tests.integration.test_compaction import compact, setup, state, summ, summary_reply
from tests.integration.test_compaction_calls import _Clients

__all__ = ["summ"]  # the History Compress model's fixture

#: Enough words that a summary shrinks the request (walk37 #12: shorter turns stop
#: before the summarizer with "nothing to gain").
FILLER = " lorem" * 200


#: The report is a JSON column: the tests that store and read one back (a rejected
#: summary's, an on-demand check's) run on PostgreSQL too; the rest (client counts, the
#: CLI's printing, the default) add nothing there (issue 28).
BOTH_ENGINES = pytest.mark.parametrize("services", ["sqlite", "postgresql"], indirect=True)


@pytest.fixture
def services(request: pytest.FixtureRequest) -> Iterator[Services]:
    """Services over SQLite, or the engine a :data:`BOTH_ENGINES` test names."""
    url = (request.getfixturevalue("migrated_sqlite")("store.sqlite3")
           if getattr(request, "param", "sqlite") == "sqlite" else request.getfixturevalue("migrated_postgres_url"))
    svc = open_services(url)
    yield svc
    svc.close()


def answer(text: str) -> Reply:
    return Reply(text_chunks=[text])


def facts_topic(services: Services, fake_vendor: FakeVendor, summ: FakeVendor, *, probe: bool) -> int:
    """Two turns holding a path and a number (two probes), then the latest user message."""
    topic = setup(services, fake_vendor, summ)
    if probe:
        services.assistants.set_from_text("Helper", "probe-summaries", "true")
    services.chat.append_row(topic, role=Role.USER, content="Save the report to docs/report.md today." + FILLER)
    services.chat.append_row(topic, role=Role.ASSISTANT, content="Done; the row limit is 250 rows." + FILLER)
    services.chat.append_row(topic, role=Role.USER, content="Thanks." + FILLER)
    services.chat.append_row(topic, role=Role.ASSISTANT, content="You are welcome." + FILLER)
    services.chat.append_row(topic, role=Role.USER, content="latest")
    return topic


@BOTH_ENGINES
def test_a_summary_that_loses_its_probes_keeps_the_old_state(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    topic = facts_topic(services, fake_vendor, summ, probe=True)
    summ.script(summary_reply("The user asked for a report."),
                answer("docs/report.md"), answer("UNKNOWN"), answer("250"), answer("UNKNOWN"))
    out = compact(services, topic)
    assert out.status == "failed" and out.reason == "probes"
    assert out.message == ("the new summary failed its probe check, so the old state was kept. The summary lost "
                           "2 of 2 answerable probes: files 'docs/report.md', numbers '250'.")
    assert state(services, topic) == ("", None)
    assert len(summ.requests) == 5
    turns_prompt = str(summ.requests[1].body["messages"][-1]["content"])  # type: ignore[index]
    summary_prompt = str(summ.requests[2].body["messages"][-1]["content"])  # type: ignore[index]
    assert "docs/report.md" in turns_prompt and "The user asked for a report." not in turns_prompt
    assert "The user asked for a report." in summary_prompt and "docs/report.md" not in summary_prompt
    report = services.probes.report(topic)
    assert report is not None and report.rejected and [a.probe.expected for a in report.lost] == [
        "docs/report.md", "250"]


def test_a_summary_that_keeps_its_probes_is_stored(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    topic = facts_topic(services, fake_vendor, summ, probe=True)
    kept = "Report goes to docs/report.md; row limit 250."
    summ.script(summary_reply(kept), answer("docs/report.md"), answer("`docs/report.md`"),
                answer("250"), answer("250 rows"))
    out = compact(services, topic)
    assert out.status == "compacted", out.message
    assert state(services, topic)[0] == kept
    report = services.probes.report(topic)
    assert report is not None and report.passed and not report.rejected
    assert report.verdict() == "The summary kept all 2 answerable probes (of 2)."


def test_probes_are_off_by_default(services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    topic = facts_topic(services, fake_vendor, summ, probe=False)
    summ.script(summary_reply("The user asked for a report."))
    assert compact(services, topic).status == "compacted"
    assert len(summ.requests) == 1
    assert services.probes.report(topic) is None


@BOTH_ENGINES
def test_on_demand_check_shows_its_cost_first_and_stores_what_was_lost(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor) -> None:
    topic = facts_topic(services, fake_vendor, summ, probe=False)
    summ.script(summary_reply("Report goes to docs/report.md."))
    assert compact(services, topic).status == "compacted"
    plan = asyncio.run(services.probes.plan_topic(topic))
    assert plan.requests == 4 and plan.tokens > 0
    assert plan.cost_line().startswith(f"2 probes: 4 requests to Summ/gpt-5-mini, about {plan.tokens:,} tokens")
    summ.script(answer("docs/report.md"), answer("docs/report.md"), answer("250"), answer("UNKNOWN"))
    report = asyncio.run(services.probes.probe_topic(topic))
    assert [a.probe.expected for a in report.lost] == ["250"] and not report.rejected
    assert services.probes.report(topic) == report
    assert len(summ.requests) == 5


def _cli(services: Services, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    args = build_parser().parse_args(list(argv))
    code = int(args.func(args, services))
    return code, capsys.readouterr().out


def test_topic_probe_prints_the_cost_the_probes_and_what_was_lost(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor, capsys: pytest.CaptureFixture[str]) -> None:
    topic = facts_topic(services, fake_vendor, summ, probe=False)
    summ.script(summary_reply("Report goes to docs/report.md."))
    assert compact(services, topic).status == "compacted"
    code, out = _cli(services, capsys, "topic", "probe", str(topic), "--cost")
    assert code == 0 and len(summ.requests) == 1  # --cost sends nothing
    assert out.startswith("2 probes: 4 requests to Summ/gpt-5-mini, about ")
    assert "(answer in the turns: docs/report.md)" in out
    summ.script(answer("docs/report.md"), answer("docs/report.md"), answer("250"), answer("UNKNOWN"))
    code, out = _cli(services, capsys, "topic", "probe", str(topic))
    assert code == 1
    assert "with the summary: 'UNKNOWN' -> LOST" in out
    assert out.rstrip().endswith("The summary lost 1 of 2 answerable probes: numbers '250'.")
    summ.script(answer("docs/report.md"), answer("docs/report.md"), answer("250"), answer("250"))
    code, out = _cli(services, capsys, "topic", "probe", str(topic), "--json")
    assert code == 0 and json.loads(out)["lost"] == []


def test_one_client_per_check_closed_when_a_call_fails(
        services: Services, fake_vendor: FakeVendor, summ: FakeVendor, monkeypatch: pytest.MonkeyPatch) -> None:
    topic = facts_topic(services, fake_vendor, summ, probe=False)
    summ.script(summary_reply("Report goes to docs/report.md."))
    assert compact(services, topic).status == "compacted"
    clients = _Clients(services, monkeypatch)
    summ.script(answer("docs/report.md"), answer("docs/report.md"), answer("250"), answer("250"))
    assert asyncio.run(services.probes.probe_topic(topic)).passed
    assert (clients.built, clients.closed) == (1, 1)
    summ.script(answer("docs/report.md"), Reply(error_status=500, error_body=openai_error("boom", "server_error")))
    with pytest.raises(SummarizerFailed):
        asyncio.run(services.probes.probe_topic(topic))
    assert (clients.built, clients.closed) == (2, 2)
    assert services.probes.report(topic).passed  # type: ignore[union-attr]  # the failed check stored nothing
