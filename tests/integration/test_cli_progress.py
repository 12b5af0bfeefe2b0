"""``chat send`` on a topic that must be compacted first (walk50 #4): progress goes to
stderr, one line each, when asked (or on a terminal); stdout stays the reply only."""

from __future__ import annotations

import pytest

from chathub_desktop.cli import main
from chathub_desktop.core.messages import Role
from chathub_desktop.services.container import open_services
from tests.fakes.vendor_server import FakeVendor, Reply


@pytest.fixture(autouse=True)
def small_local_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seed's small local model: the threshold policy compacts past 4096 − 1024 tokens."""
    monkeypatch.setenv("COMPACT_CONTEXT_WINDOW_LOCAL", "4096")
    for var in ("COMPACT_ENABLED", "DISABLE_AUTO_COMPACT", "COMPACT_BUFFER_TOKENS", "COMPACT_KEEP_RECENT",
                "COMPACT_MAX_FAILURES"):
        monkeypatch.delenv(var, raising=False)


def long_topics(vendor: FakeVendor, count: int) -> list[int]:
    """``count`` topics of 12 long turns each on a local model with the policy on."""
    svc = open_services()
    try:
        svc.providers.add("Local", "openai_compatible", vendor.base_url)
        svc.assistants.create("Numi", provider="Local", model="local-llm", instructions="Be brief.")
        for key, value in (("compact-enabled", "on"), ("compact-buffer-tokens", "1024"),
                           ("compact-keep-recent", "6")):
            svc.settings.set(key, value)
        topics = []
        for _ in range(count):
            topic = svc.topics.create("Numi").id
            for k in range(12):
                svc.chat.append_row(topic, role=Role.USER, content=f"question {k} " + "q" * 450)
                svc.chat.append_row(topic, role=Role.ASSISTANT, content=f"answer {k} " + "a" * 450)
            topics.append(topic)
        return topics
    finally:
        svc.close()


def test_chat_send_reports_compaction_on_stderr_and_stdout_stays_the_reply(
    capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor
) -> None:
    with_progress, quiet = long_topics(fake_vendor, 2)
    for _ in range(2):
        fake_vendor.script(Reply(text_chunks=["<summary>The user asks numbered questions.</summary>"]),
                           Reply(text_chunks=["Here is", " answer 12."]))
    assert main(["chat", "send", "--topic", str(with_progress), "--progress", "question 12"]) == 0
    out, err = capsys.readouterr()
    assert out == "Here is answer 12.\n"  # scripts read the reply only
    lines = err.splitlines()
    assert lines[0] == "chathub-desktop: compacting history…"
    assert "chathub-desktop: compacting history: compacted" in lines[1:]
    # stderr is not a terminal here: without --progress nothing is said
    assert main(["chat", "send", "--topic", str(quiet), "question 12"]) == 0
    out, err = capsys.readouterr()
    assert out == "Here is answer 12.\n" and "compacting" not in err


def test_chat_send_help_says_stdout_is_the_reply_and_progress_goes_to_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["chat", "send", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "to stdout as it arrives" in text and "goes to stderr" in text and "--progress" in text


def test_a_batched_compaction_names_the_next_batch() -> None:
    """A History Compress run in batches says which batch runs next (CMP-4, walk50 #4)."""
    from chathub_desktop.cli.chat import progress_line
    from chathub_desktop.core.compaction import TRIGGER_MANUAL, CompactionPhase, CompactionStatus
    from chathub_desktop.services.events import CompactionProgress

    def line(phase: CompactionPhase, done: int = 0, status: CompactionStatus | None = None) -> str:
        return progress_line(CompactionProgress(3, TRIGGER_MANUAL, phase, done, 2, status))

    assert line(CompactionPhase.BATCH, 1) == "chathub-desktop: compacting history: batch 2/2…"
    assert line(CompactionPhase.BATCH, 2) == "chathub-desktop: compacting history: 2/2 batches summarized"
    assert line(CompactionPhase.FINISHED, 2, CompactionStatus.NOTHING_ELIGIBLE) == (
        "chathub-desktop: compacting history: nothing eligible")
