"""Markdown images that name a stored attachment by content hash are drawn inline from
the store; an unknown hash stays a placeholder (issue 32: "Markdown images and HTML
<img> render only attachments the product stored (by their content hash)")."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

from PySide6.QtGui import QColor, QFont, QImage, QPalette

from chathub_desktop.core.attachments import image_attachment, sha256_hex
from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.gui.chat import message_documents
from chathub_desktop.gui.chat.image_sources import stored_hash, stored_hashes, stored_image
from chathub_desktop.gui.chat.markdown_render import render_markdown
from chathub_desktop.gui.chat.message_colors import row_colors
from chathub_desktop.gui.chat.message_documents import MessageDocuments
from chathub_desktop.gui.chat.stored_images import StoredImages, decode_stored
from chathub_desktop.services.views import MessageView
from chathub_desktop.storage.attachment_blobs import store_blobs
from tests.gui.helpers import add_fake_provider, reload_assistants, wait_shown
from tests.gui.image_urls import qt_png

_COLOUR = QColor(200, 30, 160)  # a colour no theme paints


def _png(w: int, h: int) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    img = QImage(w, h, QImage.Format.Format_RGB32)
    img.fill(_COLOUR)
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    img.save(buf, "PNG")
    buf.close()
    return bytes(data.data())


def _painted(view) -> int:  # type: ignore[no-untyped-def]
    """Pixels of the image's colour in the painted message list."""
    img = view.viewport().grab().toImage()
    return sum(1 for y in range(0, img.height(), 2) for x in range(0, img.width(), 2)
               if img.pixelColor(x, y) == _COLOUR)


def test_a_stored_hash_is_named_only_by_its_own_scheme() -> None:
    sha = "ab" * 32
    assert stored_hash(f"chathub-attachment:{sha.upper()}") == sha
    for src in (f"/tmp/{sha}", f"file:///{sha}", f"chathub-attachment:{sha}/../x", f"chathub-attachment:{sha[:-1]}",
                f"http://x/chathub-attachment:{sha}", "chathub-attachment:/dev/zero"):
        assert stored_hash(src) is None, src
    assert stored_hashes(f"![a](chathub-attachment:{sha}) and chathub-attachment:{'cd' * 32}") == {sha, "cd" * 32}
    assert stored_image(b"not an image") is None
    assert stored_image(qt_png(8, 8)) is not None


def test_a_stored_hash_renders_an_image_only_when_the_store_has_it() -> None:
    sha = "ab" * 32
    text = f"![chart](chathub-attachment:{sha})"
    assert f'<img src="chathub-attachment:{sha}"' in render_markdown(text, stored={sha: (40, 20)})
    assert 'width="40" height="20"' in render_markdown(text, stored={sha: (40, 20)})
    shown = render_markdown(text, stored={}).replace("\u200b", "")  # break opportunities in long words
    assert "<img" not in shown and f"[image: chart · chathub-attachment:{sha}]" in shown


def test_a_reply_shows_a_stored_attachment_inline_and_an_unknown_hash_as_a_placeholder(
        window, services, fake_vendor, qtbot) -> None:  # type: ignore[no-untyped-def]
    _pid, aid = add_fake_provider(services, fake_vendor.base_url, model="gpt-4o")
    reload_assistants(window, qtbot, aid)
    data = _png(120, 60)
    sha = sha256_hex(data)
    with services.db.write() as s:
        store_blobs(s, [image_attachment("chart.png", data, "image/png", 120, 60)])
    unknown = "0" * 64
    topic = services.topics.create(aid)
    services.topics.append_message(topic.id, Role.USER, "Draw it")
    services.topics.append_message(topic.id, Role.ASSISTANT,
                                   f"Here:\n\n![chart](chathub-attachment:{sha})\n\n![gone](chathub-attachment:{unknown})")
    reload_assistants(window, qtbot, aid)
    window.select_topic(topic.id)
    wait_shown(window, qtbot, topic.id)
    view = window.message_view
    reply_id = window.message_model.message_at(1).id
    qtbot.waitUntil(lambda: window.attachments.stored.known([sha]) != {}, timeout=5000)
    qtbot.waitUntil(lambda: _painted(view) > 500, timeout=5000)  # 120×60 px of the stored image, sampled
    doc = view.delegate.docs.latest(reply_id)
    assert doc is not None
    assert f"[image: gone · chathub-attachment:{unknown}]" in doc.toPlainText().replace("\u200b", "")
    assert window.attachments.stored.known([unknown]) == {}  # the store has no such blob: never drawn


def _documents() -> tuple[MessageDocuments, StoredImages]:
    docs = MessageDocuments(QFont)
    images = StoredImages(lambda _sha: None)  # delivered by hand below
    docs.set_stored_images(images)
    return docs, images


def _reply(sha: str, extra: str = "") -> MessageView:
    return MessageView(id=7, topic_id=1, seq=1, role=Role.ASSISTANT, content=f"Here:{extra}\n\n![chart](chathub-attachment:{sha})",
                       content_type="text", status=MessageStatus.COMPLETE, created_at=datetime.now(UTC))


def _shows_image(text: str) -> bool:
    text = text.replace("\u200b", "")
    return "\ufffc" in text and "[image: chart" not in text


def test_an_image_arriving_while_its_page_renders_on_the_worker_is_drawn(qapp) -> None:  # type: ignore[no-untyped-def]
    """Issue 32 (suite51's lost image): a page's HTML made on the worker before the
    stored image was decoded drew a placeholder; kept after the image arrived, the reply
    stayed a placeholder for good. The page comes back after the arrival here."""
    docs, images = _documents()
    sha = sha256_hex(_png(120, 60))
    reply = _reply(sha)
    colors, dark = row_colors(QPalette())
    render = docs.page_renderer((reply,), dark, colors)  # asks for the image: unknown yet
    images.deliver(sha, decode_stored(_png(120, 60)))  # decoded before the page is back
    docs.add_rendered(render())
    doc = docs.document(reply, dark, colors, 600)
    assert _shows_image(doc.toPlainText())
    docs.close()


def test_an_image_arriving_while_its_reply_renders_on_the_worker_is_drawn(qapp, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The same race on the row's own worker rendering (a reply with code renders there):
    the rendering in flight when the image arrives is dropped and the reply is rendered
    again with the image."""
    gate = threading.Event()
    real = message_documents.render_html

    def held(*args, **kwargs):  # type: ignore[no-untyped-def]
        gate.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(message_documents, "render_html", held)
    docs, images = _documents()
    sha = sha256_hex(_png(120, 60))
    reply = _reply(sha, "\n\n```\nx = 1\n```")
    colors, dark = row_colors(QPalette())
    docs.document(reply, dark, colors, 600)  # "…" while the worker renders, image unknown
    assert docs.waiting(reply.id)
    images.deliver(sha, decode_stored(_png(120, 60)))
    docs.document(reply, dark, colors, 600)  # the row asks again, as `grown` makes it
    gate.set()

    def drawn() -> bool:
        return docs.settled and _shows_image(docs.document(reply, dark, colors, 600).toPlainText())

    qtbot.waitUntil(drawn, timeout=10_000)
    docs.close()
