"""SafeTextDocument and the image rules (issue 32): a document built from any HTML opens
no file; accepted data-URL images are drawn at a bounded size.

The audit is a FIFO: a reader's ``open`` blocks until a writer comes, so a sentinel
thread that keeps trying a non-blocking write-open sees every open attempt — and lets
the reader go (it writes nothing and closes) so a failing test ends instead of hanging.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QImage, QPainter, QTextDocument

from chathub_desktop.gui.chat.image_sources import data_image
from chathub_desktop.gui.chat.markdown_render import load_math, render_markdown
from chathub_desktop.gui.chat.safe_document import SafeTextDocument
from tests.gui.image_urls import data_url, qt_png

_WATCH = """
import errno, os, sys, time
path = sys.argv[1]
while True:
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as e:
        if e.errno != errno.ENXIO:  # ENXIO: no reader
            raise
        time.sleep(0.002)
        continue
    print("opened", flush=True)
    os.close(fd)  # the reader sees end of file and goes on
"""


class FifoSentinel:
    """A FIFO at ``path`` watched by a process of its own (Qt holds the GIL while it
    reads, so a thread could not run); ``opened`` after :meth:`close`: True when
    anything opened it for reading."""

    def __init__(self, path: Path) -> None:
        self.path = path
        os.mkfifo(path)
        self.opened = False
        self._proc = subprocess.Popen([sys.executable, "-c", _WATCH, str(path)], stdout=subprocess.PIPE, text=True)

    def close(self) -> None:
        """Stop watching (an open that is just starting gets a moment first)."""
        if self._proc.poll() is None:
            time.sleep(0.05)
            self._proc.kill()
        out, _ = self._proc.communicate(timeout=10)
        self.opened = self.opened or "opened" in out


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[FifoSentinel]:
    s = FifoSentinel(tmp_path / "fifo")
    yield s
    s.close()


def _lay_out_and_paint(doc: QTextDocument) -> None:
    doc.setTextWidth(600)
    doc.size()
    img = QImage(600, 400, QImage.Format.Format_ARGB32)
    p = QPainter(img)
    doc.drawContents(p)
    p.end()


def _hostile_html(fifo: Path) -> str:
    return (f'<img src="{fifo}"> <img src="file://{fifo}"> <img src="qrc:/x.png">'
            f'<link rel="stylesheet" href="{fifo}"><table background="{fifo}"><tr><td>x</td></tr></table>')


def test_qt_own_document_opens_the_fifo_named_by_an_img(qapp, fifo: FifoSentinel) -> None:
    """The control: without SafeTextDocument the same HTML opens the FIFO (so the
    sentinel can see an open, and the test below can fail)."""
    doc = QTextDocument()
    doc.setHtml(f'<img src="{fifo.path}">')
    _lay_out_and_paint(doc)
    fifo.close()
    assert fifo.opened


def test_safe_document_opens_nothing_an_img_link_or_background_names(qapp, fifo: FifoSentinel) -> None:
    doc = SafeTextDocument()
    doc.setHtml(_hostile_html(fifo.path))
    _lay_out_and_paint(doc)
    fifo.close()
    assert not fifo.opened
    assert doc.refused >= 3


def test_a_relative_name_with_a_base_url_opens_nothing(qapp, fifo: FifoSentinel) -> None:
    doc = SafeTextDocument()
    doc.setBaseUrl(QUrl.fromLocalFile(str(fifo.path.parent) + "/"))
    doc.setHtml('<img src="fifo">')
    _lay_out_and_paint(doc)
    fifo.close()
    assert not fifo.opened


def test_the_message_view_renderer_turns_path_images_into_placeholders(qapp, fifo: FifoSentinel) -> None:
    html = render_markdown(f"Look ![f]({fifo.path}) and ![x](../../../../etc/passwd) ![z](/dev/zero)")
    html = html.replace("\u200b", "")  # a long path gets break opportunities
    assert "<img" not in html
    assert f"[image: f · {fifo.path}]" in html and "[image: z · /dev/zero]" in html
    assert "[image: x · ../../../../etc/passwd]" in html
    doc = SafeTextDocument()
    doc.setHtml(html)
    _lay_out_and_paint(doc)
    fifo.close()
    assert not fifo.opened






def test_a_small_data_url_image_is_drawn_at_most_480_px_wide(qapp) -> None:
    html = render_markdown(f"![red]({data_url(qt_png(1000, 500))})")
    assert '<img src="data:image/png;base64,' in html and 'width="480" height="240"' in html
    doc = SafeTextDocument()
    doc.setHtml(html)
    _lay_out_and_paint(doc)
    assert doc.refused == 0
    assert 480 <= doc.idealWidth() < 500


def test_data_urls_outside_the_bounds_are_placeholders(qapp) -> None:
    png = qt_png(4, 4)
    huge = bytearray(png)
    huge[16:24] = (100_000).to_bytes(4, "big") + (100_000).to_bytes(4, "big")  # IHDR width, height
    for src in (data_url(bytes(huge)),  # 10^10 pixels announced
                data_url(png, "image/jpeg"),  # bytes that are not what the URL says
                data_url(b"<svg xmlns='http://www.w3.org/2000/svg' width='99999' height='99999'/>", "image/svg+xml"),
                "data:image/png;base64,!!!notbase64"):
        assert data_image(src) is None
        assert "<img" not in render_markdown(f"![big]({src})")
    assert data_image(data_url(png)) is not None


def _ink(doc: QTextDocument) -> int:
    """Dark pixels ``doc`` paints on white at 400 px."""
    doc.setTextWidth(400)
    img = QImage(400, int(doc.size().height()) + 1, QImage.Format.Format_RGB32)
    img.fill(0xFFFFFF)
    p = QPainter(img)
    doc.drawContents(p)
    p.end()
    return sum(1 for y in range(img.height()) for x in range(img.width()) if img.pixelColor(x, y).lightness() < 128)


def test_a_typeset_formula_is_drawn_and_an_svg_from_the_text_is_not(qapp) -> None:
    """Issue 16/32: the renderer's own formula SVG is drawn (it was a blank pixel: every
    formula showed as a gap); an SVG data URL that the renderer did not typeset is not."""
    load_math()
    with_formula, without = SafeTextDocument(), SafeTextDocument()
    with_formula.setHtml(render_markdown("Area $\\pi r^2$ here"))
    without.setHtml(render_markdown("Area here"))
    assert _ink(with_formula) > _ink(without) + 20
    assert with_formula.refused == 0
    hostile = data_url(b"<svg xmlns='http://www.w3.org/2000/svg' width='40' height='40'>"
                       b"<rect width='40' height='40' fill='black'/></svg>", "image/svg+xml")
    doc = SafeTextDocument()
    doc.setHtml(f'x <img src="{hostile}"> y')
    blank = SafeTextDocument()
    blank.setHtml("x y")
    assert _ink(doc) < _ink(blank) + 20 and doc.refused >= 1
