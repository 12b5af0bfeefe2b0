"""Attachments end to end against the fake vendor over real HTTP and real SQLite (issue 14):
the exact wire body of an image message for OpenAI chat, Responses and Anthropic; the
badge counts the request that is posted (TOK-1, TOK-5, REF-29); blobs stored once and
swept with their last topic; a file over the input budget refused before sending with
the figure; only the sent window's blobs are loaded; REF-27 learns only without images."""

from __future__ import annotations

import asyncio
import base64

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from chathub_desktop.core import attachments as att
from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.core.request_assembly import RequestPlan
from chathub_desktop.gui.chat.image_codec import QtImageCodec
from chathub_desktop.services.chat.attachment_service import prepare_bytes
from chathub_desktop.services.container import Services
from chathub_desktop.services.errors import InvalidInput
from chathub_desktop.storage import attachment_blobs
from chathub_desktop.storage.models import AttachmentBlob
from tests.cases import cases
from tests.fakes.images import png
from tests.fakes.vendor_server import FakeVendor, Reply


def _topic(svc: Services, vendor: FakeVendor, kind: str = "openai", model: str = "gpt-4o",
           name: str = "Helper") -> int:
    if not any(p.name == "Fake" for p in svc.providers.list()):
        svc.providers.add("Fake", kind, vendor.base_url, api_key="sk-test")
    svc.assistants.create(name, provider="Fake", model=model, instructions="Be brief.")
    return svc.topics.create(name).id


def _blob_count(svc: Services) -> int:
    with svc.db.read() as s:
        return int(s.scalar(select(func.count()).select_from(AttachmentBlob)) or 0)


@pytest.mark.parametrize("kind", ["openai", "openai_responses", "anthropic"])
def test_an_image_message_has_each_vendors_wire_shape(services: Services, fake_vendor: FakeVendor,
                                                      kind: str) -> None:
    """The posted user message of an image + a text file, exactly: OpenAI chat content
    parts (text, then image_url with a data URL), Responses input_text + input_image
    (detail is a required field), Anthropic base64 image block before the text."""
    model = "claude-sonnet-4-5" if kind == "anthropic" else "gpt-4o"
    topic = _topic(services, fake_vendor, kind, model)
    data = png(40, 30)
    image = services.attachments.prepare(topic, "dot.png", data)
    notes = services.attachments.prepare(topic, "notes.txt", b"hello\r\nworld")
    fake_vendor.script(Reply(text_chunks=["A gradient."]))
    out = asyncio.run(services.chat.send(topic, "What is this?", (image, notes)))
    assert out.status == "complete"
    body = fake_vendor.last_request.body
    assert body is not None
    b64 = base64.b64encode(data).decode()
    text = 'What is this?\n\n<file name="notes.txt">\nhello\nworld\n</file>'
    if kind == "openai":
        assert body["messages"][-1] == {"role": "user", "content": [  # type: ignore[index]
            {"type": "text", "text": text},
            {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{b64}"}},
        ]}
    elif kind == "openai_responses":
        assert body["input"][-1] == {"role": "user", "content": [  # type: ignore[index]
            {"type": "input_text", "text": text},
            {"type": "input_image", "image_url": f"data:image/png;base64,{b64}", "detail": "auto"},
        ]}
    else:
        last = body["messages"][-1]  # type: ignore[index]
        assert last["role"] == "user"
        blocks = [{k: v for k, v in b.items() if k != "cache_control"} for b in last["content"]]
        assert blocks == [
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": b64}},
            {"type": "text", "text": text},
        ]
    stored = services.topics.messages(topic)[0]
    assert [a["name"] for a in stored.attachments] == ["dot.png", "notes.txt"]
    assert stored.attachments[0]["width"] == 40 and stored.attachments[0]["height"] == 30


def test_the_badge_counts_the_posted_request_with_attachments(services: Services, fake_vendor: FakeVendor,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """TOK-1: the estimate with a draft + image + file has the per-part counts of the
    request send then posts (draft moves into history); images by REF-29 for gpt-4o:
    a 1024×1024 image is 85 + 170×4 = 765 tokens."""
    import chathub_desktop.services.chat.chat_service as chat_module

    topic = _topic(services, fake_vendor)
    image = services.attachments.prepare(topic, "sq.png", png(1024, 1024))
    notes = services.attachments.prepare(topic, "a.py", b"def f():\n    return 42\n")
    badge = services.estimates.estimate(topic, "Explain", (image, notes))
    assert badge.parts["images"] == 765
    posted: list[RequestPlan] = []
    real = chat_module.assemble_request
    monkeypatch.setattr(chat_module, "assemble_request",
                        lambda inp, count, **kw: posted.append(real(inp, count, **kw)) or posted[-1])
    fake_vendor.script(Reply(text_chunks=["ok"]))
    asyncio.run(services.chat.send(topic, "Explain", (image, notes)))
    expected = dict(badge.parts)
    expected["history"] = expected.get("history", 0) + expected.pop("draft")
    assert {p.name: p.tokens for p in posted[0].parts} == expected
    # after the send the stored row counts the same (TOK-2: its cached count has the file)
    again = services.estimates.estimate(topic, "")
    assert again.parts["images"] == 765
    # REF-27: a request with images is not a learning sample; one with only a file is
    reply = services.topics.messages(topic)[-1]
    record = services.estimates.sent_record(reply.id)
    assert record is not None and record.has_images


def test_same_image_is_stored_once_and_swept_with_its_last_topic(services: Services,
                                                                 fake_vendor: FakeVendor) -> None:
    a = _topic(services, fake_vendor)
    b = services.topics.create("Helper").id
    image = services.attachments.prepare(a, "same.png", png(20, 20))
    for topic in (a, b, a):
        fake_vendor.script(Reply(text_chunks=["ok"]))
        asyncio.run(services.chat.send(topic, "again", (image,)))
    assert _blob_count(services) == 1
    services.topics.delete(a)
    assert _blob_count(services) == 1  # topic b still shows it
    assert services.attachments.blob(image.sha256) == image.data
    services.topics.delete(b)
    assert _blob_count(services) == 0


def test_an_image_only_a_stashed_version_shows_survives_the_sweep(services: Services,
                                                                 fake_vendor: FakeVendor) -> None:
    """Issue 14: a message with an image that left the view (edit → Resend stashed it as
    the older branch) still names the image; deleting another topic that showed the
    same image keeps the blob, and switching back shows it again."""
    a = _topic(services, fake_vendor)
    b = services.topics.create("Helper").id
    image = services.attachments.prepare(a, "same.png", png(20, 20))
    for topic in (a, b):
        fake_vendor.script(Reply(text_chunks=["ok"]))
        asyncio.run(services.chat.send(topic, "look", (image,)))
    first = services.topics.messages(a)[0]
    fake_vendor.script(Reply(text_chunks=["ok again"]))

    async def resend() -> None:
        await services.versions.start_resend(first.id, "without the picture")

    asyncio.run(resend())
    assert not any(m.attachments for m in services.topics.messages(a))  # the image is only in the stash
    services.topics.delete(b)
    assert _blob_count(services) == 1 and services.attachments.blob(image.sha256) == image.data
    services.versions.switch(a, first.seq, 1)
    shown = services.topics.messages(a)[0]
    assert shown.content == "look" and [x["sha256"] for x in shown.attachments] == [image.sha256]
    services.topics.delete(a)
    assert _blob_count(services) == 0


def test_a_file_over_the_input_budget_is_refused_before_sending(services: Services,
                                                                fake_vendor: FakeVendor) -> None:
    """A file above the model's input budget is refused with the figure; nothing is
    stored and nothing is posted."""
    topic = _topic(services, fake_vendor, model="tiny-model")
    services.models.set("tiny-model", 2_000, max_output=500)  # input budget 1,500
    big = ("word " * 3000).encode()
    with pytest.raises(InvalidInput) as exc:
        services.attachments.prepare(topic, "report.txt", big)
    tokens = services.attachments.tokens(att.file_attachment("report.txt", big.decode()), "tiny-model")
    assert str(exc.value) == f"report.txt is ~{tokens:,} tokens; this model's input budget is 1,500"
    ok = att.file_attachment("report.txt", big.decode())
    before = len(fake_vendor.requests)
    with pytest.raises(InvalidInput, match="report.txt is ~"):
        asyncio.run(services.chat.send(topic, "read it", (ok,)))
    assert len(fake_vendor.requests) == before
    assert services.topics.message_count(topic) == 0 and _blob_count(services) == 0


def test_a_set_over_the_budget_is_refused_with_its_total(services: Services, fake_vendor: FakeVendor) -> None:
    topic = _topic(services, fake_vendor, model="tiny-model")
    services.models.set("tiny-model", 2_000, max_output=500)
    parts = tuple(att.file_attachment(f"part{i}.txt", "word " * 350) for i in range(5))
    with pytest.raises(InvalidInput, match=r"^This message with its 5 attachments is ~[\d,]+ tokens; "
                                           r"this model's input budget is 1,500$"):
        services.attachments.check_budget(topic, parts, "summarize")


def test_send_loads_only_the_blobs_of_the_window(services: Services, fake_vendor: FakeVendor,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """With a history limit of 3 (the last image turn and the new message), only the
    image of the rows sent is read back, in one query."""
    topic = _topic(services, fake_vendor)
    services.assistants.update("Helper", history_limit_enabled=True, history_limit=3)
    images = [services.attachments.prepare(topic, f"{i}.png", png(8 + i, 8)) for i in range(4)]
    for img in images:
        fake_vendor.script(Reply(text_chunks=["ok"]))
        asyncio.run(services.chat.send(topic, "next", (img,)))
    asked: list[set[str]] = []
    real = attachment_blobs.load_blobs

    def spy(s, hashes):  # type: ignore[no-untyped-def]
        hashes = set(hashes)
        asked.append(hashes)
        return real(s, hashes)

    monkeypatch.setattr(attachment_blobs, "load_blobs", spy)
    fake_vendor.script(Reply(text_chunks=["ok"]))
    asyncio.run(services.chat.send(topic, "plain text"))
    assert asked == [{images[-1].sha256}]
    body = fake_vendor.last_request.body
    assert body is not None
    urls = [p["image_url"]["url"] for m in body["messages"] if isinstance(m["content"], list)  # type: ignore[union-attr]
            for p in m["content"] if p["type"] == "image_url"]
    assert urls == [att.data_url(images[-1])]


def test_qt_codec_sizes_a_large_image_down_to_the_anthropic_limit(services: Services,
                                                                  fake_vendor: FakeVendor) -> None:
    """A 3000×1000 PNG into a Claude topic: decoded and resampled with QImage to the
    1568-px long edge (Anthropic Vision guide), aspect kept."""
    topic = _topic(services, fake_vendor, "anthropic", "claude-sonnet-4-5")
    a = services.attachments.prepare(topic, "wide.png", png(3000, 1000), QtImageCodec())
    assert (a.width, a.height) == (1568, 523)
    assert att.header_size(a.data or b"") == (1568, 523) and a.size <= att.ANTHROPIC_LIMITS.max_bytes


def test_stored_rows_without_their_blob_refuse_to_send(services: Services, fake_vendor: FakeVendor) -> None:
    """A blob gone from the store (a copy without it): the send says so in one line, on
    its reply row too, and posts nothing rather than a request without the image."""
    topic = _topic(services, fake_vendor)
    image = services.attachments.prepare(topic, "gone.png", png(10, 10))
    fake_vendor.script(Reply(text_chunks=["ok"]))
    asyncio.run(services.chat.send(topic, "first", (image,)))
    with services.db.write() as s:
        s.query(AttachmentBlob).delete()
    before = len(fake_vendor.requests)
    with pytest.raises(InvalidInput, match="^an attachment of this topic is missing from the store"):
        asyncio.run(services.chat.send(topic, "second"))
    assert len(fake_vendor.requests) == before
    reply = services.topics.messages(topic)[-1]
    assert (reply.status, reply.error) == (MessageStatus.ERROR, "an attachment of this topic is missing from "
                                           "the store; remove that message or attach the file again")


def test_cli_chat_send_attach_posts_the_image_and_refuses_a_binary(
        capsys: pytest.CaptureFixture[str], fake_vendor: FakeVendor, monkeypatch: pytest.MonkeyPatch,
        tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``chat send --attach`` (repeatable): a large image is sized down to OpenAI's
    2048-px edge and posted as a data URL with the inlined file; a binary file is
    refused in one line and nothing is stored."""
    import json

    from tests.integration.test_cli import run, setup

    topic = setup(capsys, fake_vendor, monkeypatch)
    big = tmp_path / "wide.png"
    big.write_bytes(png(2600, 100))
    notes = tmp_path / "todo.txt"
    notes.write_text("buy milk\n", encoding="utf-8")
    fake_vendor.script(Reply(text_chunks=["Seen."]))
    code, out, err = run(capsys, "chat", "send", "--topic", str(topic), "Look",
                         "--attach", str(big), "--attach", str(notes))
    assert (code, out) == (0, "Seen.\n"), err
    parts = fake_vendor.last_request.body["messages"][-1]["content"]  # type: ignore[index]
    assert parts[0] == {"type": "text", "text": 'Look\n\n<file name="todo.txt">\nbuy milk\n</file>'}
    url = parts[1]["image_url"]["url"]
    assert att.header_size(base64.b64decode(url.split(",", 1)[1])) == (2048, 79)
    code, out, _ = run(capsys, "topic", "show", str(topic), "--json")
    stored = json.loads(out)["messages"][0]["attachments"]
    assert [(a["name"], a.get("width")) for a in stored] == [("wide.png", 2048), ("todo.txt", None)]
    binary = tmp_path / "a.out"
    binary.write_bytes(b"\x7fELF" + b"\x00" * 64)
    code, _, err = run(capsys, "chat", "send", "--topic", str(topic), "run it", "--attach", str(binary))
    assert code != 0 and "a.out looks binary" in err and len(err.strip().splitlines()) == 1
    code, out, _ = run(capsys, "topic", "show", str(topic), "--json")
    assert len(json.loads(out)["messages"]) == 2


def test_chatgpt_zip_images_become_attachments_of_their_message(services: Services, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """An export zip that carries the uploaded image (named after its asset id) shows it
    as an attachment of its message; an image the zip lacks stays the ``[image]``
    placeholder; the blob is stored once and goes with the topic."""
    import json
    import zipfile

    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export
    from tests.fakes.chatgpt_exports import ConversationBuilder, image_part, multimodal_content

    b = ConversationBuilder("Photo question")
    b.add("user", multimodal_content(image_part("file-service://file-AbC123", 64, 48),
                                     image_part("sediment://file_0000missing", 10, 10),
                                     "What bird is this?"))
    b.assistant("A robin.")
    data = png(64, 48)
    path = tmp_path / "export.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("conversations.json", json.dumps([b.build()]))
        zf.writestr("file-AbC123-robin.png", data)
    a = services.assistants.create("Importer")
    result = import_chatgpt_export(services.db, a.id, path)
    assert result.topics_created == 1
    topic = services.topics.list(a.id)[0].id
    user = services.topics.messages(topic)[0]
    assert user.content.count("[image]") == 2 and "What bird is this?" in user.content
    assert [(x["name"], x["width"], x["height"], x["sha256"]) for x in user.attachments] == [
        ("robin.png", 64, 48, att.sha256_hex(data))]
    assert services.attachments.blob(att.sha256_hex(data)) == data
    services.topics.delete(topic)
    assert _blob_count(services) == 0


@pytest.mark.postgres
def test_blobs_send_and_sweep_on_postgresql(postgres_url: str, fake_vendor: FakeVendor) -> None:
    """The same store rules on PostgreSQL: migration 0010, one blob per hash, the image
    posted as a data URL, the sweep when the last topic referring to it goes."""
    from chathub_desktop.services.container import open_services

    svc = open_services(postgres_url)
    try:
        a = _topic(svc, fake_vendor)
        b = svc.topics.create("Helper").id
        image = svc.attachments.prepare(a, "pg.png", png(12, 9))
        for topic in (a, b):
            fake_vendor.script(Reply(text_chunks=["ok"]))
            assert asyncio.run(svc.chat.send(topic, "see", (image,))).status == "complete"
        parts = fake_vendor.last_request.body["messages"][-1]["content"]  # type: ignore[index]
        assert parts[1]["image_url"]["url"] == att.data_url(image)
        assert _blob_count(svc) == 1
        svc.topics.delete(a)
        assert _blob_count(svc) == 1
        svc.topics.delete(b)
        assert _blob_count(svc) == 0
    finally:
        svc.close()


_JPEG_CACHE: list[bytes] = []


def _jpeg() -> bytes:
    if not _JPEG_CACHE:
        from PySide6.QtGui import QColor, QImage

        from chathub_desktop.gui.chat.image_codec import encode

        img = QImage(300, 200, QImage.Format.Format_RGB32)
        img.fill(QColor("#884422"))
        _JPEG_CACHE.append(encode(img, "JPEG", 80))
    return _JPEG_CACHE[0]


# damaged files make libjpeg/libpng warn through Qt by design; a critical message still fails
@pytest.mark.qt_log_level_fail("CRITICAL")
@settings(max_examples=cases(120), deadline=None)
@given(kind=st.sampled_from(["png", "jpeg"]), cut=st.integers(0, 4000), flips=st.lists(
    st.tuples(st.integers(0, 4000), st.integers(1, 255)), max_size=6), edge=st.sampled_from([64, 160, 2048]))
def test_damaged_images_through_the_qt_codec_are_accepted_or_refused_in_one_line(
        kind: str, cut: int, flips: list[tuple[int, int]], edge: int) -> None:
    """Fuzz (house rule: bounded outside parsers): truncated or bit-flipped PNG/JPEG
    files, resampled by the real QImage codec to a small edge, give a valid image within
    the limits or a one-line refusal — never a crash or an oversized result."""
    data = bytearray(png(300, 200) if kind == "png" else _jpeg())
    for at, x in flips:
        if at < len(data):
            data[at] ^= x
    blob = bytes(data[: max(8, len(data) - cut)])
    limits = att.ImageLimits(edge, 200_000)
    try:
        a = prepare_bytes("x." + kind, blob, limits, QtImageCodec())
    except att.AttachmentRefused as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    assert a.kind == att.IMAGE and a.data is not None and a.size <= limits.max_bytes
    assert a.width is not None and a.height is not None and max(a.width, a.height) <= edge


def test_a_message_alone_over_the_input_budget_is_refused_before_sending(services: Services,
                                                                        fake_vendor: FakeVendor) -> None:
    """walk37 #3: a message that alone can never fit (CMP-9 keeps it verbatim, so no
    compaction helps) is refused with the figure the badge shows; nothing is stored or
    posted (the send path, for a draft whose badge had not recounted yet, and the CLI)."""
    topic = _topic(services, fake_vendor, model="tiny-model")
    services.models.set("tiny-model", 2_000, max_output=500)  # input budget 1,500
    before = len(fake_vendor.requests)
    with pytest.raises(InvalidInput, match=r"^This message alone is longer than the model's input budget "
                                           r"\(1,[5-9]\d\d tokens > 1,500, the context window less the reply reserve\)$"):
        asyncio.run(services.chat.send(topic, "word " * 1_600))
    with pytest.raises(InvalidInput, match=r"^This message alone is longer than the model's context window "
                                           r"\([\d,]+ tokens > 2,000\)$"):
        asyncio.run(services.chat.send(topic, "word " * 5_000))
    assert len(fake_vendor.requests) == before and services.topics.messages(topic) == []
    assert services.estimates.estimate(topic, "word " * 5_000).parts["draft"] > 2_000  # the badge's figure
