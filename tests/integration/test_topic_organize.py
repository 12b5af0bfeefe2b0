"""Topics you can organize (issue 14): pin, archive, rename; Topic → Export as Markdown
and as JSON that re-imports losslessly; the CLI."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from chathub_desktop.cli import main
from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.services.container import Services, open_services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage.models import Message, Topic
from tests.cases import cases
from tests.fuzz.harness import SCALE


def _topic(svc: Services) -> int:
    svc.assistants.create("Helper")
    t = svc.topics.create("Helper", "Trip **plan**").id
    svc.topics.append_message(t, Role.USER, "Find me a *quiet* trail near Kyoto")
    svc.topics.append_message(t, Role.ASSISTANT, "", tool_calls=[{"id": "c1", "name": "search_web",
                                                                  "arguments": '{"q": "quiet trail Kyoto"}'}],
                              model="gpt-4o", input_tokens=120, output_tokens=12, finish_reason="tool_calls")
    svc.topics.append_message(t, Role.TOOL, "Kurama–Kibune trail, 2 h", tool_call_id="c1", tool_name="search_web")
    svc.topics.append_message(t, Role.ASSISTANT, "Try **Kurama to Kibune** (2 h).", model="gpt-4o",
                              input_tokens=150, output_tokens=20, cached_tokens=100)
    svc.topics.append_message(t, Role.ASSISTANT, "I was thinking…", content_type="thoughts")
    svc.topics.append_message(t, Role.ASSISTANT, "", status=MessageStatus.ERROR, error="rate limited", error_kind="rate_limit")
    return t


def test_pinned_topics_come_first_and_archived_ones_are_hidden(services: Services) -> None:
    services.assistants.create("A")
    old = services.topics.create("A", "old").id
    services.topics.create("A", "middle")
    services.topics.create("A", "newest")
    services.topics.set_pinned(old, True)
    assert [t.title for t in services.topics.list("A")] == ["old", "newest", "middle"]
    services.topics.set_archived(old, True)
    assert [t.title for t in services.topics.list("A")] == ["newest", "middle"]
    listed = services.topics.list("A", archived=True)
    assert [(t.title, t.pinned, t.archived) for t in listed][0] == ("old", True, True)
    services.topics.set_archived(old, False)
    services.topics.set_pinned(old, False)
    assert [t.title for t in services.topics.list("A")] == ["newest", "middle", "old"]


def test_an_archived_topic_is_still_found_by_search(services: Services) -> None:
    t = _topic(services)
    services.topics.set_archived(t, True)
    assert [h.topic_id for h in services.search.search("Kibune").hits][0] == t


def test_markdown_export_has_roles_times_tool_calls_and_no_hidden_reasoning(services: Services) -> None:
    t = _topic(services)
    md = services.topic_files.export_markdown(t)
    assert md.startswith("# Trip plan\n")
    assert "## You · " in md and " UTC" in md and "## Assistant · " in md and "gpt-4o" in md
    assert "**Tool call** `search_web`" in md and '{"q": "quiet trail Kyoto"}' in md
    assert "## Tool result · search_web" in md and "Kurama–Kibune trail" in md
    assert "I was thinking" not in md
    assert "> Error: rate limited" in md


def test_json_export_re_imports_losslessly(services: Services) -> None:
    t = _topic(services)
    services.topics.set_pinned(t, True)
    services.assistants.create("Other")
    first = services.topic_files.export_json(t)
    data = json.dumps(first).encode()
    new = services.topic_files.import_json(data, "Other")
    again = services.topic_files.export_json(new.id)
    for doc in (first, again):
        doc.pop("exported_at")
        doc["topic"].pop("id")
    assert again == first
    assert new.pinned and new.message_count == 6
    with pytest.raises(InvalidInput, match="already imported"):
        services.topic_files.import_json(data, "Other")


@pytest.mark.parametrize(("mutate", "reason"), [
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d["messages"][0].update(role="wizard"), "role"),
    (lambda d: d["messages"][0].update(created_at="yesterday"), "ISO 8601"),
    (lambda d: d["messages"][1].update(input_tokens=-5), "token count"),
    (lambda d: d["messages"].append(7), "not an object"),
    (lambda d: d["topic"].update(title=None), "title"),
    # issue 32: a field of the wrong type is named in one line, never an internal error
    (lambda d: d["messages"][0].update(status=[]), "message 1: \"status\" is not text"),
    (lambda d: d["messages"][0].update(status={}), "message 1: \"status\" is not text"),
    (lambda d: d["messages"][1].update(role=["user"]), "message 2: \"role\" is not text"),
    (lambda d: d["messages"][0].update(content=5), "\"content\" is not text"),
    (lambda d: d["messages"][0].update(content_type=[]), "\"content_type\" is not text"),
    (lambda d: d["messages"][1].update(tool_calls="search"), "tool_calls is not a list"),
    (lambda d: d["messages"][0].update(created_at=12), "created_at"),
    (lambda d: d["topic"].update(kind=[]), "\"kind\" is not text"),
    (lambda d: d["topic"].update(pinned="yes"), "pinned"),
    (lambda d: d["topic"].update(model={"id": "x"}), "\"model\" is not text"),
    (lambda d: d.update(origin=[]), "\"origin\" is not text"),
    (lambda d: d.update(version=[1]), "version"),
    (lambda d: d.update(messages={"0": {}}), "messages"),
])
def test_a_refused_file_writes_nothing_and_says_why(services: Services, mutate, reason: str) -> None:  # type: ignore[no-untyped-def]
    t = _topic(services)
    doc = services.topic_files.export_json(t)
    mutate(doc)
    before = _counts(services)
    with pytest.raises(InvalidInput, match=reason) as exc:
        services.topic_files.import_json(json.dumps(doc).encode(), "Helper")
    assert "\n" not in str(exc.value)
    assert _counts(services) == before


def _counts(svc: Services) -> tuple[int, int]:
    with svc.db.read() as s:
        return s.scalar(select(func.count()).select_from(Topic)) or 0, s.scalar(
            select(func.count()).select_from(Message)) or 0


@settings(max_examples=cases(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.binary(max_size=300),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                              lambda c: st.lists(c, max_size=4) | st.dictionaries(st.text(max_size=8), c, max_size=4),
                              max_leaves=30).map(lambda v: json.dumps(v).encode())))
def test_fuzz_any_bytes_are_imported_or_refused_in_one_line(tmp_path_factory: pytest.TempPathFactory,
                                                            data: bytes) -> None:
    svc = _fuzz_services(tmp_path_factory)
    before = _counts(svc)
    try:
        svc.topic_files.import_json(data, "Fuzz")
    except InvalidInput as exc:
        assert "\n" not in str(exc)
        assert _counts(svc) == before


#: Any JSON value, for replacing one field of a real export.
_ANY_JSON = st.recursive(st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=False)
                         | st.text(max_size=30),
                         lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=6), c, max_size=3),
                         max_leaves=8)


@settings(max_examples=cases(80) * SCALE, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(where=st.sampled_from(["doc", "topic", "message"]), index=st.integers(0, 5), key=st.text(max_size=3)
       | st.sampled_from(["format", "version", "origin", "topic", "messages", "title", "kind", "pinned",
                          "archived", "title_generated", "snippet", "model", "model_provider", "created_at",
                          "updated_at", "role", "status", "content", "content_type", "tool_calls", "edited_at",
                          "tool_call_id", "tool_name", "error", "error_kind", "finish_reason", "input_tokens",
                          "output_tokens", "cached_tokens"]), value=_ANY_JSON)
def test_fuzz_one_field_of_any_type_is_imported_or_named_in_one_line(
        tmp_path_factory: pytest.TempPathFactory, where: str, index: int, key: str, value: object) -> None:
    """Issue 32: a real export with one field (of the file, the topic or a message)
    replaced by any JSON value is imported, or refused in one line — never an internal
    error (``"status": []`` was a TypeError)."""
    svc = _fuzz_services(tmp_path_factory)
    if "export" not in _FUZZ_DOC:
        _FUZZ_DOC["export"] = svc.topic_files.export_json(_topic_in(svc))
    doc = json.loads(json.dumps(_FUZZ_DOC["export"]))
    doc["origin"] = f"fuzz-{len(_FUZZ_DOC)}-{index}-{key!r}-{value!r}"[:200]
    _FUZZ_DOC[doc["origin"]] = doc
    target = {"doc": doc, "topic": doc["topic"], "message": doc["messages"][index]}[where]
    target[key] = value
    before = _counts(svc)
    try:
        svc.topic_files.import_json(json.dumps(doc).encode(), "Fuzz")
    except InvalidInput as exc:
        assert "\n" not in str(exc)
        assert _counts(svc) == before


def _topic_in(svc: Services) -> int:
    t = svc.topics.create("Fuzz", "Base").id
    for role, content in ((Role.USER, "hi"), (Role.ASSISTANT, "hello"), (Role.USER, "tea?"), (Role.ASSISTANT, "yes"),
                          (Role.USER, "more"), (Role.ASSISTANT, "ok")):
        svc.topics.append_message(t, role, content, model="gpt-4o" if role is Role.ASSISTANT else None)
    return t


_FUZZ: dict[str, Services] = {}
_FUZZ_DOC: dict[str, dict] = {}  # type: ignore[type-arg]


@pytest.fixture(scope="module", autouse=True)
def _close_fuzz_store():  # type: ignore[no-untyped-def]
    yield
    if "svc" in _FUZZ:
        _FUZZ.pop("svc").close()


def _fuzz_services(factory: pytest.TempPathFactory) -> Services:
    if "svc" not in _FUZZ:
        svc = open_services(f"sqlite:///{factory.mktemp('fuzz') / 'f.sqlite3'}")
        svc.assistants.create("Fuzz")
        _FUZZ["svc"] = svc
    return _FUZZ["svc"]


def test_cli_pin_archive_export_and_import(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    svc = open_services(url)
    t = _topic(svc)
    svc.assistants.create("Other")
    svc.close()
    db = ["--database-url", url]
    assert main(["topic", "pin", str(t), *db]) == 0
    assert main(["topic", "archive", str(t), *db]) == 0
    capsys.readouterr()
    assert main(["topic", "list", "--json", *db]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert main(["topic", "list", "--archived", "--json", *db]) == 0
    row = json.loads(capsys.readouterr().out)[0]
    assert (row["pinned"], row["archived"]) == (True, True)
    assert main(["topic", "export", str(t), "--format", "md", *db]) == 0
    assert capsys.readouterr().out.startswith("# Trip plan")
    out = tmp_path / "t.json"
    assert main(["topic", "export", str(t), "--format", "json", "-o", str(out), *db]) == 0
    assert main(["import", "chathub", str(out), "--assistant", "Other", "--json", *db]) == 0
    imported = json.loads(capsys.readouterr().out)
    assert imported["message_count"] == 6 and imported["title"] == "Trip **plan**"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "chathub-topic", "version": 9}')
    assert main(["import", "chathub", str(bad), "--assistant", "Other", *db]) == 1
    assert "version 9" in capsys.readouterr().err


def test_imported_times_stay_utc(services: Services) -> None:
    t = _topic(services)
    doc = services.topic_files.export_json(t)
    doc["origin"] = "elsewhere"
    doc["messages"][0]["created_at"] = "2026-03-01T09:00:00+09:00"
    new = services.topic_files.import_json(json.dumps(doc).encode(), "Helper")
    first = services.topics.messages(new.id)[0]
    assert first.created_at == datetime(2026, 3, 1, 0, 0, tzinfo=UTC)


def test_only_a_topic_still_as_created_is_discarded(services: Services) -> None:
    """Issue 28, walk42 #3: the window's unused new topic goes; one with a message, a
    title of the user's, a pin or privacy stays (one write transaction decides)."""
    services.assistants.create("Helper")
    empty, named, pinned, private, used = (services.topics.create("Helper").id for _ in range(5))
    services.topics.rename(named, "Trip notes")
    services.topics.set_pinned(pinned, True)
    services.topics.set_private(private, True)
    services.topics.append_message(used, Role.USER, "hello")
    assert [services.topics.discard_if_empty(t) for t in (empty, named, pinned, private, used)] == [
        True, False, False, False, False]
    assert sorted(t.id for t in services.topics.list("Helper")) == [named, pinned, private, used]
    assert services.topics.discard_if_empty(empty) is False  # already gone
