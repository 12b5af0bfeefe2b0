"""Screenshot of an image message in the chat (issue 14); a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.attachment_screenshot [OUT_DIR]

Writes ``docs/screenshot-image-message.png``: a sent user message with a photo-like
image and a text file (thumbnail and file chip inside the bubble), the reply, and a
pending image chip in the composer with the badge counting it; and, into OUT_DIR
(default ``/tmp/chathub-shots``), ``attachment-viewer.png``: the larger view a click on
the thumbnail opens.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from tests.gui.shot_harness import REPO, offscreen_services, play

NOTES = """Trip budget (EUR)
- train Lisbon → Porto: 35
- hotel, 2 nights: 180
- food: 90
"""
REPLY = ("That is the **Dom Luís I bridge** at sunset, seen from the Gaia side of the Douro. "
         "Your budget adds up to **305 EUR**; a river cruise (about 18 EUR) still fits.")


def _picture(w: int, h: int):  # type: ignore[no-untyped-def]
    """A photo-like picture: a sunset sky, a river and a bridge arch."""
    from PySide6.QtCore import QPointF, QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QLinearGradient, QPainter, QPainterPath, QPen

    img = QImage(w, h, QImage.Format.Format_RGB32)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    sky = QLinearGradient(0, 0, 0, h * 0.65)
    sky.setColorAt(0, QColor("#2b3a67"))
    sky.setColorAt(0.6, QColor("#f28f3b"))
    sky.setColorAt(1, QColor("#ffd6a5"))
    p.fillRect(QRectF(0, 0, w, h * 0.65), sky)
    p.setBrush(QColor("#fff1c1"))
    p.setPen(Qt.PenStyle.NoPen)
    p.drawEllipse(QPointF(w * 0.7, h * 0.5), h * 0.08, h * 0.08)
    water = QLinearGradient(0, h * 0.65, 0, h)
    water.setColorAt(0, QColor("#c9734a"))
    water.setColorAt(1, QColor("#1d3557"))
    p.fillRect(QRectF(0, h * 0.65, w, h * 0.35), water)
    p.setPen(QPen(QColor("#22223b"), h * 0.025))
    p.setBrush(Qt.BrushStyle.NoBrush)
    arch = QPainterPath(QPointF(w * 0.08, h * 0.66))
    arch.quadTo(QPointF(w * 0.5, h * 0.05), QPointF(w * 0.92, h * 0.66))
    p.drawPath(arch)
    p.drawLine(QPointF(0, h * 0.3), QPointF(w, h * 0.3))
    for i in range(1, 12):
        x = w * i / 12
        p.drawLine(QPointF(x, h * 0.3), QPointF(x, h * 0.34))
    p.setBrush(QColor("#3d405b"))
    p.setPen(Qt.PenStyle.NoPen)
    for i in range(9):
        x = w * (0.02 + i * 0.035)
        p.drawRect(QRectF(x, h * (0.45 - (i % 3) * 0.05), w * 0.03, h * 0.25))
    p.end()
    return img


def main() -> int:
    """Build the window, send an image message to the fake vendor, save the screenshot."""

    from chathub_desktop.gui.chat.image_codec import QtImageCodec, encode
    from chathub_desktop.gui.shell.main_window import MainWindow
    from tests.fakes.vendor_server import FakeVendor, Reply

    with offscreen_services("chathub-attach-shot-") as (loop, svc), FakeVendor() as vendor:
        app = QApplication.instance()
        svc.providers.add("OpenAI", "openai", vendor.base_url, api_key="sk-test")
        a = svc.assistants.create("Travel buddy", provider="OpenAI", model="gpt-4o")
        topic = svc.topics.create(a.id, "Porto weekend").id
        photo = svc.attachments.prepare(topic, "douro-sunset.jpg", encode(_picture(2400, 1600), "JPEG", 88),
                                        QtImageCodec())
        notes = svc.attachments.prepare(topic, "budget.txt", NOTES.encode())
        vendor.script(Reply(text_chunks=[REPLY]))
        window = MainWindow(svc)
        window.view.prefs.set_theme("light")
        window.resize(1280, 800)
        window.show()
        out = REPO / "docs" / "screenshot-image-message.png"
        viewer_png = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/chathub-shots") / "attachment-viewer.png"

        async def scenario() -> None:
            await svc.chat.send(topic, "Where was this taken? And does my budget work?", (photo, notes))
            await asyncio.sleep(0.3)
            await window.load_assistants(a.id)
            await asyncio.sleep(0.5)
            window.attachments.add_image(_picture(900, 600), "ribeira.png")
            window.composer.set_text("And this one, from the Ribeira?")
            for _ in range(100):
                estimate = window.composer.badge.estimate
                if window.attachments.pending() and estimate is not None and estimate.parts.get("images"):
                    break
                window.estimate.schedule()
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.8)  # thumbnails decode on a worker
            window.message_view.viewport().update()
            await asyncio.sleep(0.3)
            app.processEvents()
            window.grab().save(str(out))
            first = window.message_model.message_at(0)
            await window.attachments.open_attachment(first.attachments[0])  # the larger view
            await asyncio.sleep(0.3)
            app.processEvents()
            viewer_png.parent.mkdir(parents=True, exist_ok=True)
            window.attachments.viewer.grab().save(str(viewer_png))
            window.attachments.viewer.close()
            await window.shutdown()

        play(loop, scenario)
        print(out)
        print(viewer_png)
        return 0


if __name__ == "__main__":
    sys.exit(main())
