"""Screenshots of refused-image placeholders and of a stored attachment drawn inline, in
the light and dark themes (issue 32):
``QT_QPA_PLATFORM=offscreen python -m tests.gui.render_screenshot OUT_DIR`` writes
``render_placeholder_{light,dark}.png``, ``render_stored_image_{light,dark}.png`` and
those of :data:`BOUNDS` (``render_long_code``, ``render_invisible``, ``render_formula``)."""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from chathub_desktop.core.messages import Role

TEXT = ("Look ![z](/dev/zero) and here is a [link](https://example.org).\n\n"
        "![diagram of the flow](../../../../etc/passwd)\n\nSome *more* text.")


def _chart() -> bytes:
    """A small bar chart as PNG bytes (what a stored attachment might hold)."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect
    from PySide6.QtGui import QColor, QImage, QPainter

    img = QImage(240, 120, QImage.Format.Format_RGB32)
    img.fill(QColor("#f4f6fa"))
    p = QPainter(img)
    for i, (h, colour) in enumerate([(40, "#3a7bd5"), (90, "#e07a2e"), (65, "#2e9e6a"), (100, "#8a4fd1")]):
        p.fillRect(QRect(20 + i * 55, 110 - h, 40, h), QColor(colour))
    p.end()
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    img.save(buf, "PNG")
    buf.close()
    return bytes(data.data())


class _Blobs:
    """Stands in for the store's blob reads: delivers a hash's image on the next turn of
    the loop, as the attachments controller does from its worker."""

    def __init__(self, blobs: dict[str, bytes]) -> None:
        from chathub_desktop.gui.chat.stored_images import StoredImages

        self.blobs = blobs
        self.images = StoredImages(self.start)

    def start(self, sha: str) -> None:
        """Read ``sha`` and deliver it."""
        from PySide6.QtCore import QTimer

        from chathub_desktop.gui.chat.stored_images import decode_stored

        QTimer.singleShot(0, lambda: self.images.deliver(sha, decode_stored(self.blobs.get(sha))))


def stored_shots(out_dir: Path) -> None:
    """A reply naming one stored attachment and one hash the store lacks."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.core.attachments import sha256_hex
    from chathub_desktop.gui.chat.message_list_model import MessageListModel, TopicPage
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.services.events import EventBus
    from chathub_desktop.services.views import MessageView

    app = QApplication.instance() or QApplication(sys.argv[:1])
    chart = _chart()
    blobs = {sha256_hex(chart): chart}
    text = (f"Here is the chart you attached:\n\n![sales chart](chathub-attachment:{sha256_hex(chart)})\n\n"
            f"And one the store no longer has: ![old chart](chathub-attachment:{'0' * 64})")
    for theme in ("light", "dark"):
        apply_theme(app, theme, hint=False)  # type: ignore[arg-type]
        events = ChatEvents(EventBus())
        model = MessageListModel(None, events)  # type: ignore[arg-type]  # pages are handed to it
        view = MessageListView(model)
        store = _Blobs(blobs)
        view.delegate.docs.set_stored_images(store.images)
        view.resize(700, 320)
        view.show()
        m = MessageView(id=1, topic_id=1, seq=0, role=Role.ASSISTANT, content=text, content_type="text",
                        status="complete", created_at=datetime.now(UTC))
        model.show_page(TopicPage(1, 0, (m,), None))
        for _ in range(20):
            view.executeDelayedItemsLayout()
            app.processEvents()
        view.grab().save(str(out_dir / f"render_stored_image_{theme}.png"))
        events.detach()


#: The bounds of the last render-stall work (issue 32): a long code block and a long
#: table in slices, invisible characters left out with a note, a typeset formula.
BOUNDS = {
    "render_long_code": "A long log:\n\n```\n" + "".join(
        f"2026-12-02 13:{i // 60:02d}:{i % 60:02d} worker-{i % 7} handled request {i} in {i % 97} ms\n"
        for i in range(400)) + "```\nDone.",
    "render_invisible": "Hello " + "\u202e\u2066\u200b\u200d\ufeff" * 2000 + " world, "
                        "and a family: \U0001f468\u200d\U0001f469\u200d\U0001f467",
    "render_long_table": "| Region | Month | Orders | Revenue (EUR) | Note |\n|---|:-:|--:|--:|---|\n" + "".join(
        f"| {['North', 'South', 'East', 'West'][i % 4]} | {1 + i % 12:02d} | {17 * i % 997} | {i * 123.45:,.2f} | "
        f"{'checked' if i % 3 else 'late: waiting for the invoice'} |\n" for i in range(120)),
    "render_formula": "The area is $\\pi r^2$ and\n\n$$\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}$$",
}


def bounds_shots(out_dir: Path) -> None:
    """``render_long_code``, ``render_invisible`` and ``render_formula`` in both themes."""
    from PySide6.QtCore import QThread
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.chat.markdown_render import load_math
    from chathub_desktop.gui.chat.message_list_model import MessageListModel, TopicPage
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.services.events import EventBus
    from chathub_desktop.services.views import MessageView

    app = QApplication.instance() or QApplication(sys.argv[:1])
    load_math()
    for theme in ("light", "dark"):
        apply_theme(app, theme, hint=False)  # type: ignore[arg-type]
        for name, text in BOUNDS.items():
            events = ChatEvents(EventBus())
            model = MessageListModel(None, events)  # type: ignore[arg-type]  # pages are handed to it
            view = MessageListView(model)
            view.resize(760, 600 if name in ("render_long_code", "render_long_table") else 220)
            view.show()
            m = MessageView(id=1, topic_id=1, seq=0, role=Role.ASSISTANT, content=text, content_type="text",
                            status="complete", created_at=datetime.now(UTC))
            model.show_page(TopicPage(1, 0, (m,), None))
            for _ in range(2000):  # painted until the worker's rendering is all laid out
                view.executeDelayedItemsLayout()
                view.viewport().grab()
                app.processEvents()
                doc = view.delegate.docs.latest(1)
                if view.delegate.settled and doc is not None and doc.toPlainText() != "…":
                    break
                QThread.msleep(5)
            view.executeDelayedItemsLayout()
            view.scrollToTop()
            app.processEvents()
            view.grab().save(str(out_dir / f"{name}_{theme}.png"))
            events.detach()


def main(out_dir: Path) -> int:
    """Write the screenshots into ``out_dir``."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.chat.message_list_model import MessageListModel, TopicPage
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.design.theme import apply_theme
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.services.events import EventBus
    from chathub_desktop.services.views import MessageView

    app = QApplication.instance() or QApplication(sys.argv[:1])
    for theme in ("light", "dark"):
        apply_theme(app, theme, hint=False)  # type: ignore[arg-type]
        events = ChatEvents(EventBus())
        model = MessageListModel(None, events)  # type: ignore[arg-type]  # pages are handed to it
        view = MessageListView(model)
        view.resize(700, 260)
        view.show()
        m = MessageView(id=1, topic_id=1, seq=0, role=Role.ASSISTANT, content=TEXT, content_type="text",
                        status="complete", created_at=datetime.now(UTC))
        model.show_page(TopicPage(1, 0, (m,), None))
        view.executeDelayedItemsLayout()
        app.processEvents()
        view.grab().save(str(out_dir / f"render_placeholder_{theme}.png"))
        events.detach()
    stored_shots(out_dir)
    bounds_shots(out_dir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1])))
