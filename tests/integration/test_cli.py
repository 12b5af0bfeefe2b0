"""Headless commands (issue #2 "Headless commands"): same services, no window."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from chathub_desktop.cli import main
from chathub_desktop.core.messages import Usage
from chathub_desktop.services.container import open_services
from tests.fakes.vendor_server import FakeVendor, Reply


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def setup(
    capsys: pytest.CaptureFixture[str], vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch
) -> int:
    monkeypatch.setenv("FAKE_KEY", "sk-cli")
    assert (
        run(
            capsys,
            "provider",
            "add",
            "Fake",
            "--kind",
            "openai",
            "--base-url",
            vendor.base_url,
            "--api-key-env",
            "FAKE_KEY",
        )[0]
        == 0
    )
    assert (
        run(
            capsys,
            "assistant",
            "create",
            "Helper",
            "--provider",
            "Fake",
            "--model",
            "gpt-4o",
            "--instructions",
            "Be brief.",
        )[0]
        == 0
    )
    code, out, _ = run(capsys, "topic", "create", "--assistant", "Helper", "--json")
    assert code == 0
    return int(json.loads(out)["id"])


def test_chat_send_streams_to_stdout_and_stores_usage(
    capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    topic = setup(capsys, fake_vendor, monkeypatch)
    fake_vendor.script(
        Reply(text_chunks=["Hi", " there"], usage=Usage(input_tokens=30, output_tokens=2))
    )
    code, out, _ = run(capsys, "chat", "send", "--topic", str(topic), "hello")
    assert code == 0 and out == "Hi there\n"
    code, out, _ = run(capsys, "topic", "show", str(topic), "--json")
    data = json.loads(out)
    assert [(m["role"], m["content"]) for m in data["messages"]] == [
        ("user", "hello"),
        ("assistant", "Hi there"),
    ]
    assert data["messages"][1]["input_tokens"] == 30
    code, out, _ = run(capsys, "topic", "show", str(topic))
    assert "user" in out and "Hi there" in out


def test_lists_in_text_and_json(
    capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup(capsys, fake_vendor, monkeypatch)
    code, out, _ = run(capsys, "provider", "list", "--json")
    assert code == 0 and json.loads(out)[0]["key_source"] == "env:FAKE_KEY"
    code, out, _ = run(capsys, "assistant", "list")
    assert "Helper\tFake/gpt-4o" in out
    code, out, _ = run(capsys, "topic", "list", "--assistant", "Helper", "--json")
    assert len(json.loads(out)) == 1


def test_estimate_has_the_parts(
    capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch
) -> None:
    topic = setup(capsys, fake_vendor, monkeypatch)
    code, out, _ = run(capsys, "topic", "estimate", str(topic), "--draft", "hello world", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["parts"]["draft"] > 0 and data["parts"]["instructions"] > 0
    assert data["total"] == sum(data["parts"].values())
    assert data["context_window"] == 128000 and data["encoding"] == "o200k_base"


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (
            [
                "provider",
                "add",
                "X",
                "--kind",
                "openai",
                "--base-url",
                "ftp://x",
                "--api-key-env",
                "K",
            ],
            "base URL must start with http",
        ),
        (["assistant", "create", "A", "--provider", "Nope", "--model", "m"], "no provider 'Nope'"),
        (["topic", "show", "999"], "no topic 999"),
        (["assistant", "set", "Nobody", "model", "x"], "no assistant 'Nobody'"),
        (
            ["import", "chatgpt", "/nonexistent/conversations.json", "--assistant", "Nobody"],
            "no assistant",
        ),
        (["settings", "set", "bogus", "1"], "unknown setting"),
    ],
)
def test_bad_input_exits_non_zero_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], reason: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 1
    assert reason in err
    assert len(err.strip().splitlines()) == 1


def test_the_window_without_a_display_says_why(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    code, _out, err = run(capsys)
    assert code == 1 and "no display found" in err and "QT_QPA_PLATFORM=offscreen" in err


@pytest.mark.parametrize(("value", "reason"), [("", "cannot be empty"), ("FILE", "is a file, not a folder")])
def test_impossible_data_dir_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, value: str, reason: str
) -> None:
    if value == "FILE":
        value = str(tmp_path / "a-file")
        Path(value).write_text("x")
    with pytest.raises(SystemExit) as exit_:
        main(["topic", "list", "--data-dir", value])
    assert exit_.value.code == 2 and reason in capsys.readouterr().err
    assert not (Path.cwd() / "chathub.sqlite3").exists()


def test_provider_add_without_keyring_points_to_env_var(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """APP-2: no keyring backend → say so, offer the env var; nothing stored."""
    import keyring
    import keyring.backends.fail

    keyring.set_keyring(keyring.backends.fail.Keyring())
    code, _, err = run(capsys, "provider", "add", "X", "--kind", "openai")
    assert code == 1 and "--api-key-env" in err
    code, out, _ = run(capsys, "provider", "list", "--json")
    assert json.loads(out) == []


def test_provider_add_reads_key_from_stdin_into_keyring(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, isolated_env: object
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("sk-from-stdin\n"))
    code, out, _ = run(capsys, "provider", "add", "K", "--kind", "anthropic")
    assert code == 0 and "key: keyring" in out
    assert isolated_env.passwords[("chathub-desktop", "provider:K")] == "sk-from-stdin"  # type: ignore[attr-defined]


def test_assistant_set_and_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "assistant", "create", "A", "--provider", "x", "--model", "m")[0] == 1
    run(capsys, "provider", "add", "P", "--kind", "openai_compatible", "--no-key")
    assert run(capsys, "assistant", "create", "A", "--provider", "P", "--model", "m")[0] == 0
    assert run(capsys, "assistant", "set", "A", "max-tokens", "512")[0] == 0
    assert run(capsys, "assistant", "set", "A", "max-tokens-enabled", "on")[0] == 0
    code, _, err = run(capsys, "assistant", "set", "A", "input-template", "no placeholder")
    assert code == 1 and "{{text}}" in err
    code, out, _ = run(capsys, "assistant", "show", "A", "--json")
    data = json.loads(out)
    assert data["max_tokens"] == 512 and data["max_tokens_enabled"] is True
    assert data["input_template"] == "{{text}}"


def test_data_dir_and_database_url_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every command takes --data-dir / --database-url (APP-3)."""
    d = tmp_path / "elsewhere"
    assert (
        run(
            capsys,
            "provider",
            "add",
            "P",
            "--kind",
            "openai_compatible",
            "--no-key",
            "--data-dir",
            str(d),
        )[0]
        == 0
    )
    assert (d / "chathub.sqlite3").is_file()
    url = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    assert run(capsys, "provider", "list", "--json", "--database-url", url)[1].strip() == "[]"
    code, _, err = run(capsys, "provider", "list", "--database-url", "nonsense://")
    assert code == 1 and "error" in err


def test_module_entry_point_prints_help() -> None:
    """``python -m chathub_desktop --help`` lists the commands."""
    out = subprocess.run(
        [sys.executable, "-m", "chathub_desktop", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for command in ("provider", "assistant", "topic", "import", "chat"):
        assert command in out


def test_memory_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """Headless ``memory list|add|delete|export`` (issue #3)."""
    run(capsys, "provider", "add", "P", "--kind", "openai_compatible", "--no-key")
    run(capsys, "assistant", "create", "A", "--provider", "P", "--model", "m")
    for text in ("Likes tea", "Works   in\\nLisbon", "Uses vim"):
        assert run(capsys, "memory", "add", "--assistant", "A", text)[0] == 0
    assert run(capsys, "memory", "delete", "--assistant", "A", "1")[0] == 0
    code, out, _ = run(capsys, "memory", "list", "--assistant", "A")
    assert code == 0 and "#1: Works in\\nLisbon  (owner)" in out and "#2: Uses vim" in out
    code, out, _ = run(capsys, "memory", "export", "--assistant", "A")
    assert out == "#1: Works in\\nLisbon\n#2: Uses vim\n"
    code, _, err = run(capsys, "memory", "delete", "--assistant", "A", "9")
    assert code == 1 and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["provider", "add", "X", "--kind", "openai_compatible", "--no-key", "--base-url",
          "http://127.0.0.1:99999/v1"], "invalid port"),
        (["provider", "add", "X", "--kind", "openai_compatible", "--no-key", "--base-url",
          "http://exa mple.com/v1"], "spaces"),
        (["provider", "add", "X", "--kind", "openai_compatible", "--no-key", "--base-url", ""],
         "must start with http"),
    ],
)
def test_hostile_input_gets_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], reason: str) -> None:
    """Found by a fresh-user trial: each of these printed a traceback or was accepted."""
    code, _, err = run(capsys, *argv)
    assert code == 1 and reason in err
    assert len(err.strip().splitlines()) == 1


def test_send_refusal_and_huge_max_tokens_print_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "provider", "add", "P", "--kind", "openai_compatible", "--no-key")
    code, _, err = run(capsys, "assistant", "create", "A", "--provider", "P", "--model", "m",
                       "--max-tokens", "99999999999999999999999")
    assert code == 1 and "max tokens must be between" in err
    code, _, err = run(capsys, "chat", "send", "--topic", "999", "hi")
    assert code == 1 and err.strip() == "chathub-desktop: error: no topic 999"


def test_provider_update_assistant_provider_and_delete(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fresh-user findings: a deleted provider can be replaced from the CLI; names are
    unique regardless of case; conflicting key flags are refused."""
    run(capsys, "provider", "add", "Local", "--kind", "openai_compatible", "--no-key")
    code, _, err = run(capsys, "provider", "add", "local", "--kind", "openai_compatible", "--no-key")
    assert code == 1 and "already exists" in err
    with pytest.raises(SystemExit) as exc:
        main(["provider", "add", "X", "--kind", "openai", "--no-key", "--api-key-env", "FOO"])
    assert exc.value.code == 2
    capsys.readouterr()
    monkeypatch.setenv("NEW_KEY", "sk-new")
    code, out, _ = run(capsys, "provider", "update", "Local", "--base-url", "http://127.0.0.1:8080/v1",
                       "--api-key-env", "NEW_KEY")
    assert code == 0 and "env:NEW_KEY" in out and "8080" in out
    run(capsys, "provider", "add", "Other", "--kind", "openai_compatible", "--no-key")
    run(capsys, "assistant", "create", "A", "--provider", "Local", "--model", "m")
    assert run(capsys, "assistant", "set", "A", "provider", "Other")[0] == 0
    code, out, _ = run(capsys, "assistant", "show", "A", "--json")
    assert json.loads(out)["provider_name"] == "Other"
    code, _, err = run(capsys, "assistant", "set", "A", "model", "  ")
    assert code == 1 and "must not be empty" in err
    assert run(capsys, "assistant", "delete", "A")[0] == 0
    code, out, _ = run(capsys, "assistant", "list", "--json")
    assert json.loads(out) == []


def test_titles_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "provider", "add", "P", "--kind", "openai_compatible", "--no-key")
    run(capsys, "assistant", "create", "A", "--provider", "P", "--model", "m")
    code, out, _ = run(capsys, "topic", "create", "--assistant", "A", "--title", "two\nlines", "--json")
    assert json.loads(out)["title"] == "two lines"


def test_model_cards_beat_the_catalog_for_chat_and_summarizer(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An 8k custom model is treated as 8k by the badge and by the summarizer (CMP-4, NUM-2)."""
    run(capsys, "provider", "add", "Local", "--kind", "openai_compatible", "--no-key")
    run(capsys, "assistant", "create", "A", "--provider", "Local", "--model", "my-8k")
    topic = json.loads(run(capsys, "topic", "create", "--assistant", "A", "--json")[1])["id"]
    before = json.loads(run(capsys, "topic", "estimate", str(topic), "--json")[1])
    assert before["context_window"] == 32000  # NUM-2 local fallback for an unknown model
    assert run(capsys, "model", "set", "my-8k", "--context-window", "8192", "--max-output", "1024")[0] == 0
    after = json.loads(run(capsys, "topic", "estimate", str(topic), "--json")[1])
    assert (after["context_window"], after["input_budget"]) == (8192, 8192 - 1024)

    from chathub_desktop.services.compaction.summarizer import resolve_summarizer
    from chathub_desktop.services.container import open_services

    run(capsys, "settings", "set", "history-compress-model", "Local/my-8k")
    svc = open_services()
    try:
        assert resolve_summarizer(svc.db, svc.settings, svc.catalog).card.context_window == 8192
    finally:
        svc.close()

    bad = tmp_path / "cat.json"
    bad.write_text('{"version": 1, "models": [{"id": "x", "context_window": 4096}, {"id": "y", "context_window": -1}]}')
    code, _, err = run(capsys, "model", "import", str(bad))
    assert code == 1 and "'y'" in err
    good = tmp_path / "good.json"
    good.write_text('{"version": 1, "models": [{"id": "x", "context_window": 4096, "max_output": 512}]}')
    assert run(capsys, "model", "import", str(good))[0] == 0
    rows = json.loads(run(capsys, "model", "list", "--json")[1])
    assert {r["model"] for r in rows} == {"my-8k", "x"}
    code, _, err = run(capsys, "model", "set", "z", "--context-window", "0")
    assert code == 1 and "context window" in err


def test_json_errors_are_json_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    """With --json a refused command also prints ``{"error": reason}`` for scripts."""
    import json

    code, out, err = run(capsys, "topic", "show", "999", "--json")
    assert code == 1 and "error" in err
    assert "999" in json.loads(out)["error"]


@pytest.mark.parametrize(("word", "build"), [("claude", "claude_export"), ("openwebui", "webui_export"),
                                             ("librechat", "librechat_flat")])
def test_import_each_format_names_what_it_skipped(
    capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path, word: str, build: str
) -> None:
    """``import claude|openwebui|librechat PATH --assistant NAME`` (issue 15, APP-5)."""
    from tests.fakes import chat_exports

    path = chat_exports.write_json(tmp_path / "export.json", getattr(chat_exports, build)())
    setup(capsys, fake_vendor, monkeypatch)
    code, out, err = run(capsys, "import", word, str(path), "--assistant", "Helper")
    assert code == 0, err
    assert out.startswith("imported ")
    if word != "librechat":
        assert "1 skipped: 'Corrupted entry'" in out
    code, out, err = run(capsys, "import", word, str(path), "--assistant", "Helper", "--strict")
    assert (code, out) == ((0, out) if word == "librechat" else (1, ""))
    code, out, _err = run(capsys, "import", word, str(path), "--assistant", "Helper", "--json")
    assert code == 0 and json.loads(out)["topics_imported"] == 0


def test_a_database_url_naming_a_missing_file_says_a_new_store_was_created(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A mistyped --database-url must not look like lost data: the first command on a
    file that did not exist says that an empty store was created there; the next is quiet."""
    url = f"sqlite:///{tmp_path / 'typo' / 'store.db'}"
    code, out, err = run(capsys, "--database-url", url, "topic", "list")
    assert code == 0 and "no topics" in out
    assert "did not exist; a new, empty store was created there" in err
    code, _out, err = run(capsys, "--database-url", url, "topic", "list")
    assert code == 0 and "did not exist" not in err


def test_memory_delete_and_edit_with_expect_follow_a_renumbering(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 10: ``memory delete N --expect TEXT`` / ``edit N TEXT --expect OLD`` find the
    entry again after another command renumbered memory, and change nothing when it is gone."""
    url = f"sqlite:///{tmp_path / 'store.db'}"
    svc = open_services(url)
    svc.assistants.create("Mem")
    svc.close()
    for text in ("e1", "e2", "e3", "e4"):
        assert run(capsys, "--database-url", url, "memory", "add", "--assistant", "Mem", text)[0] == 0
    assert run(capsys, "--database-url", url, "memory", "delete", "--assistant", "Mem", "1")[0] == 0  # e2 is #1 now
    code, _out, _err = run(capsys, "--database-url", url, "memory", "delete", "--assistant", "Mem", "2",
                           "--expect", "e2")
    assert code == 0
    code, _out, _err = run(capsys, "--database-url", url, "memory", "edit", "--assistant", "Mem", "3",
                           "E4", "--expect", "e4")
    assert code == 0
    code, out, _err = run(capsys, "--database-url", url, "memory", "list", "--assistant", "Mem", "--json")
    assert [e["text"] for e in json.loads(out)] == ["e3", "E4"]
    code, _out, err = run(capsys, "--database-url", url, "memory", "delete", "--assistant", "Mem", "1",
                          "--expect", "e2")
    assert code == 1 and err.strip()
    code, out, _err = run(capsys, "--database-url", url, "memory", "list", "--assistant", "Mem", "--json")
    assert [e["text"] for e in json.loads(out)] == ["e3", "E4"]
