"""The rendered documents of the message view's rows (APP-10, issue 32).

:class:`MessageDocuments` turns a message into HTML slices (Markdown with highlighted
code, :mod:`chathub_desktop.gui.chat.markdown_render`) and then into a
:class:`~chathub_desktop.gui.chat.sliced_document.SlicedDocument`, and caches both: documents
in an LRU keyed by ``(message_id, content hash, …)``, the HTML of documents that left it
up to :data:`HTML_CACHE_CHARS`, so scrolling back and resizing reuse the rendering.

A reply streaming past :data:`STREAM_PLAIN_CHARS` is shown as plain text until it ends,
and the Markdown of a text is kept for the next rendering of the same text (a reply past
the display limit changes only its note's count; stream50).

Nothing slow runs on the GUI thread: a message longer than :data:`SYNC_RENDER_CHARS`
(or one with data-URL images or TeX) is rendered and its images decoded on the object's
worker thread, its row keeping its previous rendering (or "…") meanwhile, and every
document is laid out a few slices per turn of the event loop within
:data:`LAYOUT_BUDGET_S`.
:attr:`MessageDocuments.grown` names the message whose row changed height.

Stored attachments named by content hash (``chathub-attachment:<sha256>``) are drawn from
:class:`~chathub_desktop.gui.chat.stored_images.StoredImages` once decoded; the messages that
name a hash are rendered again when its image arrives.
"""

from __future__ import annotations

import contextlib
import html
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Protocol

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontDatabase, QFontMetrics, QImage, QTextDocument

from chathub_desktop.core.invisible_text import thin_invisible
from chathub_desktop.core.messages import MessageStatus, Role
from chathub_desktop.gui.chat.image_sources import stored_hashes
from chathub_desktop.gui.chat.link_policy import DETAILS_HREF, providers_href
from chathub_desktop.gui.chat.safe_document import SafeTextDocument
from chathub_desktop.gui.chat.sliced_document import Decoded, SlicedDocument, decoded
from chathub_desktop.gui.chat.stored_images import StoredImages, source_of
from chathub_desktop.gui.chat.streamed_text import DISPLAY_LIMIT_CHARS
from chathub_desktop.gui.design.tokens import Space
from chathub_desktop.gui.shell.i18n import fill
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.services.collector_pause import collector_paused
from chathub_desktop.services.fault_place import PROVIDERS_PLACE
from chathub_desktop.services.views import MessageView

__all__ = ["DISPLAY_LIMIT_CHARS", "LAYOUT_BUDGET_S", "SYNC_RENDER_CHARS", "MessageDocuments", "RenderedPage", "TextColors",
           "renders_on_worker", "split_tool_name", "symbol"]

#: Documents kept in the rendering cache, and the most HTML they may hold in all
#: (characters): a long message is many slices, each a document of its own.
DOC_CACHE_SIZE = 500
DOC_CACHE_CHARS = 4_000_000
#: Rendered HTML kept when its document leaves that cache, characters (a document built
#: again for a row scrolled back into view needs no Markdown pass).
HTML_CACHE_CHARS = 32_000_000
#: Renderings made ahead for the documents built next, at most (more than a page).
RENDERED_KEPT = 256
#: A reply still streaming past this many characters is shown as plain text until it
#: ends (stream50: a Markdown pass of the whole growing reply per frame kept the render
#: worker, and with it the interpreter lock, busy for as long as the reply streamed).
STREAM_PLAIN_CHARS = 20_000
#: Time one turn of the event loop spends laying out message slices, seconds (issue 32:
#: a long message appears slice by slice instead of stalling the window). The slice that
#: crosses it (up to about 5 ms) and the paint that follows (up to about 10 ms for a
#: screenful) fit in a 16 ms frame of GUI-thread time with it (12 ms did not).
LAYOUT_BUDGET_S = 0.006
#: A message longer than this is turned into HTML on the worker thread (characters): the
#: Markdown parser spends up to about 7 µs a character on hostile text (issue 32). So is
#: one with two ``$`` or more: typesetting its formulas takes up to 0.25 s; and one
#: with a code fence: the first block of a language imports its lexer (Python: 21 ms).
SYNC_RENDER_CHARS = 2000
#: A shorter message with more Markdown markup characters plus characters that take no
#: room than this goes to the worker too (issue 32: 1,400 ``[`` took 14 ms on the GUI
#: thread, 600 characters of heading images 20 ms or more; real prose has a few dozen).
HOSTILE_MARKS = 200
#: ...and so does one quoted or listed this many levels deep on one line (a 19-deep
#: quote of 48 characters took 7 ms).
HOSTILE_DEPTH = 8
_MARKUP = "[]()<>*_`!\\&|~#-"
_ROOMLESS = re.compile("[\u0300-\u036f\u034f\u0483-\u0489\u061c\u064b-\u065f\u200b-\u200f\u202a-\u202e"
                       "\u2060-\u2069\ufe00-\ufe0f\ufe20-\ufe2f\ufeff]")
_DEEP = re.compile(rf"^(?:[ \t]*>){{{HOSTILE_DEPTH},}}|^ {{{2 * HOSTILE_DEPTH},}}(?:[-*+]|\d+[.)])\s", re.MULTILINE)


def renders_on_worker(text: str) -> bool:
    """Whether ``text`` is turned into HTML on the worker thread rather than at once on
    the GUI thread (issue 32): longer than :data:`SYNC_RENDER_CHARS`; two ``$`` or
    more (typesetting); a code fence (a lexer's first use loads it); more than
    :data:`HOSTILE_MARKS` markup characters and characters that take no room; or a
    quote or list :data:`HOSTILE_DEPTH` levels deep. About 20 µs for 2,000 characters."""
    if (len(text) > SYNC_RENDER_CHARS or text.count("$") >= 2
            or "```" in text or "~~~" in text):
        return True
    marks = sum(map(text.count, _MARKUP))
    if not text.isascii():
        marks += len(_ROOMLESS.findall(text))
    return marks > HOSTILE_MARKS or _DEEP.search(text) is not None


_DATA_IMG = '<img src="data:'  # an image a document would decode while laid out
#: Space between list items, px, and the indent of one list level (walk29 #3).
LIST_ITEM_GAP, LIST_INDENT = 3, 22


@lru_cache(maxsize=8)
def doc_css(point_size: float, *, airy: bool = True) -> str:
    """The default style sheet of a message slice for body text of ``point_size`` pt
    (walk29 #3): headings (``<p class="h1">`` .. ``h6`` from ``markdown_render``) on
    :data:`~chathub_desktop.gui.design.prose.HEADING_SCALE`, h4 to h6 at body size, all
    at :data:`~chathub_desktop.gui.design.tokens.HEADING_WEIGHT`; paragraph and list spacing and
    the reading line height (``PARAGRAPH_GAP``, ``READING_LINE_HEIGHT``: chatlook52; not
    when not ``airy``: a user's bubble, where Qt's extra height under each line would
    leave the text high in its bubble)."""
    from chathub_desktop.gui.design.prose import HEADING_SCALE
    from chathub_desktop.gui.design.tokens import HEADING_WEIGHT, PARAGRAPH_GAP, READING_LINE_HEIGHT

    size = point_size if point_size > 0 else 10.0
    gaps = {1: (10, 8), 2: (10, 6), 3: (8, 4)}
    heads = "".join(
        f"p.h{n} {{ font-size: {round(size * HEADING_SCALE.get(n, 1.0), 1)}pt; font-weight: {HEADING_WEIGHT}; "
        f"margin-top: {gaps.get(n, gaps[3])[0]}px; margin-bottom: {gaps.get(n, gaps[3])[1]}px; }}\n"
        for n in range(1, 7))
    leading = f" line-height: {READING_LINE_HEIGHT}%;" if airy else ""
    return f"""
p {{ margin-top: 0px; margin-bottom: {PARAGRAPH_GAP}px;{leading} }}
{heads}ul, ol {{ margin-top: 0px; margin-bottom: {PARAGRAPH_GAP}px; }}
li {{ margin-bottom: {LIST_ITEM_GAP}px;{leading} }}
pre {{ margin-top: 0px; margin-bottom: 0px; }}
"""


Key = tuple[object, ...]


@dataclass(frozen=True)
class RenderedPage:
    """HTML of a page's messages made on a worker (:meth:`MessageDocuments.page_renderer`):
    ``html`` by document key; ``arrivals``: the stored images that had arrived when it
    was asked for, so a message whose image came after is rendered again."""

    arrivals: int
    html: dict[Key, tuple[str, ...]]


@lru_cache(maxsize=8)
def split_tool_name(name: str) -> tuple[str, str]:
    """``(tool, server)`` of a tool name as a row shows it: an MCP tool's wire name
    ``<server>__<tool>`` (``core.mcp_config.wire_tool_name``) splits in two; any other
    name (the memory and recall tools) is ``(name, "")`` (issue 25)."""
    server, _, tool = name.partition("__")
    return (tool, server) if tool and server else (name, "")


def symbol(emoji: str, fallback: str) -> str:
    """``emoji`` when an installed font has it, else ``fallback`` (no tofu boxes on
    systems without an emoji font)."""
    code = ord(emoji[0])
    for family in QFontDatabase.families():
        if QFontMetrics(QFont(family)).inFontUcs4(code):
            return emoji
    return fallback


class TextColors(Protocol):
    """The theme colours the rendered HTML uses."""

    @property
    def muted(self) -> QColor:
        """Notes and the "…" of an empty reply."""
        ...

    @property
    def error_text(self) -> QColor:
        """Error and warning lines."""
        ...


class RenderKind(StrEnum):
    """How a message is rendered: a tool result as plain text, a failed reply with its
    error line, anything else as Markdown. Part of a rendering's cache key. A choice of
    the window read off ``Role`` and ``MessageStatus``, never stored, so it stays in gui
    rather than core (issue 31)."""

    TOOL = "tool"
    ERROR = "error"
    MARKDOWN = "md"
    #: A reply streaming past :data:`STREAM_PLAIN_CHARS`: plain text until it ends.
    STREAMING_PLAIN = "stream"


def kind_of(m: MessageView) -> RenderKind:
    """How ``m`` is rendered (:class:`RenderKind`)."""
    if m.role == Role.TOOL:
        return RenderKind.TOOL
    if m.status == MessageStatus.STREAMING and len(m.content) > STREAM_PLAIN_CHARS:
        return RenderKind.STREAMING_PLAIN
    return RenderKind.ERROR if m.status == MessageStatus.ERROR else RenderKind.MARKDOWN


def key_of(m: MessageView, dark: bool) -> Key:
    """The cache key of ``m``'s rendering in the ``dark`` or light theme and the interface
    language (issue 27: a rendering holds translated lines, and a row's height its
    translated header and tags; a switch must not reuse the old language's)."""
    return (m.id, hash(m.content), m.full_chars, hash(m.error), len(m.tool_calls), kind_of(m), dark, language_key())


def _theme_of(key: Key) -> object:
    """The theme (dark or not) a rendering's key names; ``None`` for a stand-in's."""
    return key[6] if len(key) > 6 else None


def language_key() -> str:
    """What identifies the installed translation: a probe text as the translators say it
    now (a lookup of a few µs; the pseudo-locale of the tests changes it too)."""
    return QCoreApplication.translate("MessageList", "You")


def render_html(m: MessageView, dark: bool, colors: TextColors,
                stored: Mapping[str, tuple[int, int]] | None = None) -> tuple[str, ...]:
    """The HTML slices of ``m`` (its text cut at :data:`DISPLAY_LIMIT_CHARS` with a
    note, tool calls, warnings and errors); ``stored``: shown sizes of the stored
    attachments it may draw. Pure Python: safe on a worker thread."""
    with collector_paused():  # no heap-wide collection pauses mid-parse (issue 32)
        return _render(m, kind_of(m), dark, colors, stored)


def _render(m: MessageView, kind: RenderKind, dark: bool, colors: TextColors,
            stored: Mapping[str, tuple[int, int]] | None) -> tuple[str, ...]:
    translate = QCoreApplication.translate
    content, cut = m.content, ""
    chars = m.full_chars or len(content)  # a streaming reply's view holds only its shown start
    if chars > DISPLAY_LIMIT_CHARS:
        content = content[:DISPLAY_LIMIT_CHARS]
        cut = (f'<p style="color:{colors.muted.name()}"><i>' + fill(translate(
            "MessageList", "Shown: the first %1 of %2 characters. Copy message (Ctrl+C) copies all of it."),
            f"{DISPLAY_LIMIT_CHARS:,}", f"{chars:,}") + "</i></p>")
    # the one display rule of outside text: past the bounds, or a bidi control left open (walk49)
    content, hidden = thin_invisible(content)
    if hidden:
        cut += (f'<p style="color:{colors.muted.name()}"><i>' + translate(
            "MessageList", "Shown without %Ln invisible character(s) (stacked marks, bidi controls, zero-width). "
            "Copy message (Ctrl+C) copies them.", None, hidden) + "</i></p>")
    if kind in (RenderKind.TOOL, RenderKind.STREAMING_PLAIN):
        return (*_plain_parts(content), cut)
    parts = _markdown_parts(content, dark, tuple(sorted((stored or {}).items())), language_key()) if content else []
    body = cut
    for call in m.tool_calls:
        args = str(call.get("arguments", ""))
        if len(args) > 120:
            args = args[:117] + "…"
        tool, server = split_tool_name(str(call.get("name", "")))
        line = (fill(QCoreApplication.translate("MessageList", "calls <b>%1</b>(%2) on the %3 server"),
                     html.escape(tool), html.escape(args), html.escape(server)) if server  # as its row names it
                else fill(QCoreApplication.translate("MessageList", "calls <b>%1</b>(%2)"),
                          html.escape(tool), html.escape(args)))
        body += f'<p style="color:{colors.muted.name()}">{symbol("🔧", "⚙")} {line}</p>'
    if kind is RenderKind.MARKDOWN and m.input_truncated and m.error:  # the server cut the prompt
        body += (
            f'<p style="color:{colors.error_text.name()}">' + fill(translate(
                "MessageList", "<b>⚠ Warning:</b> %1. Set the model card's window from the token badge."),
                html.escape(said(m.error_why) if m.error_why is not None else m.error)) + "</p>"
        )
    if m.status == MessageStatus.CUT:  # stream50: the note under the text that was kept
        body += (
            f'<p style="color:{colors.error_text.name()}">' + fill(translate(
                "MessageList", "<b>✂ Cut:</b> %1. The text up to the limit is kept."),
                html.escape(said(m.error_why) if m.error_why is not None else m.error or "")) + "</p>"
        )
    if kind is RenderKind.ERROR:
        # after kept text (set as a plain reply's, flush left) the line is inset in its box
        inset = f"; margin-left:{Space.LG}px; margin-right:{Space.LG}px" if m.content.strip() else ""
        # a plain sentence over raw transport text keeps the raw text under Details… (walk53 #2)
        label = html.escape(translate("MessageList", "Details…"))  # out of the f-string: lupdate finds it (walk53c)
        details = (f' <a href="{DETAILS_HREF}" style="color:{colors.error_text.name()}">{label}</a>'
                   if m.error and m.error_why is not None and m.error != m.error_why.english() else "")
        words = html.escape((said(m.error_why) if m.error_why is not None else m.error)  # issue 27
                            or translate("MessageList", "the provider failed"))
        body += (
            f'<p style="color:{colors.error_text.name()}{inset}">' + fill(translate("MessageList", "<b>⚠ Error:</b> %1"),
                _providers_linked(words, m, colors.error_text.name())) + details + "</p>"
        )
    if not body and not parts:
        body = f'<p style="color:{colors.muted.name()}">…</p>'
    return (*parts, body) if body else tuple(parts)


def _providers_linked(words: str, m: MessageView, colour: str) -> str:
    """``words`` (an escaped error line) with its "Settings → Providers" a link to that
    page (walk53b #6: only Details… was one). The link names the reason's first value,
    which the fault words make the provider's name; the page selects it only when a
    provider of that name is listed."""
    place = html.escape(QCoreApplication.translate("MessageList", PROVIDERS_PLACE))
    if place not in words:
        return words
    first = m.error_why.args[0] if m.error_why is not None and m.error_why.args else ""
    name = first.strip("'") if isinstance(first, str) else ""  # a service reason quotes it
    link = f'<a href="{html.escape(providers_href(name))}" style="color:{colour}">{place}</a>'
    return words.replace(place, link, 1)


@lru_cache(maxsize=4)
def _markdown_parts(content: str, dark: bool, stored: tuple[tuple[str, tuple[int, int]], ...],
                    _language: str) -> tuple[str, ...]:
    """:func:`~chathub_desktop.gui.chat.markdown_render.render_markdown_parts`, kept for the
    last few texts (stream50: a reply past the display limit shows the same start at
    every frame; only its note's count changes) in the interface language ``_language``
    (:func:`language_key`; a code block's Copy is said in it, walk51 #4)."""
    from chathub_desktop.gui.chat.markdown_render import render_markdown_parts

    return tuple(render_markdown_parts(content, dark=dark, stored=dict(stored)))


@lru_cache(maxsize=4)
def _plain_parts(content: str) -> tuple[str, ...]:
    """:func:`~chathub_desktop.gui.chat.markdown_render.render_plain_parts`, kept for the
    last few texts (as :func:`_markdown_parts`)."""
    from chathub_desktop.gui.chat.markdown_render import render_plain_parts

    return tuple(render_plain_parts(content))


class MessageDocuments(QObject):
    """Rendered documents of messages (see the module docstring). ``font``: the view's
    font, read for each new slice. ``renders`` counts documents built."""

    grown = Signal(int)  # a message id whose row may have changed height
    _html_ready = Signal(int, object, object)  # message id, key, Decoded (from the worker)

    def __init__(self, font: Callable[[], QFont], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._font = font
        self._docs: OrderedDict[Key, SlicedDocument] = OrderedDict()
        self._doc_chars = 0
        self._rendered: dict[Key, tuple[str, ...]] = {}
        self._html: OrderedDict[Key, tuple[str, ...]] = OrderedDict()
        self._html_chars = 0
        self._latest: dict[int, Key] = {}  # message id -> key of its newest document
        self._pending: dict[Key, int] = {}  # documents still being laid out -> message id
        self._step = QTimer(self)
        self._step.setSingleShot(True)
        self._step.setInterval(0)
        self._step.timeout.connect(self._continue_layout)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")
        self._emit_lock = threading.Lock()
        self._closed = False
        # message id -> (key, arrivals seen) rendered on the worker
        self._in_flight: dict[int, tuple[Key, int]] = {}
        self._queued: dict[int, tuple[Key, Callable[[], Decoded]]] = {}
        self._html_ready.connect(self._on_html_ready)
        self._stored: StoredImages | None = None
        self._refs: dict[str, set[int]] = {}  # stored hash -> ids of messages naming it
        # stored images arrived so far, and the count when one a message names last did:
        # a rendering made before that count drew a placeholder and is dropped
        self._arrivals = 0
        self._arrived_at: dict[object, int] = {}  # message id -> arrivals when its image came
        self.renders = 0

    def close(self) -> None:
        """Stop the worker (a rendering under way finishes on its own; nothing waits,
        and it reports nothing: its result is dropped, so no signal reaches an object the
        owner may delete next — CI crashed in such an emit)."""
        with self._emit_lock:
            self._closed = True
        self._pool.shutdown(wait=False, cancel_futures=True)

    def set_stored_images(self, images: StoredImages) -> None:
        """Draw stored attachments from ``images`` (issue 32)."""
        self._stored = images
        images.arrived.connect(self._on_stored_arrived)

    @property
    def settled(self) -> bool:
        """No message is waiting for its HTML or the rest of its layout."""
        return not self._pending and not self._in_flight and not self._queued

    def waiting(self, message_id: int) -> bool:
        """True while the HTML of ``message_id`` is being made on the worker."""
        return message_id in self._in_flight

    def final(self, m: MessageView, dark: bool, doc: SlicedDocument) -> bool:
        """Whether ``doc`` is ``m``'s own rendering in that theme, laid out whole: not a
        stand-in ("…" or the previous text) nor still being laid out, so a row laid out
        with it may be kept (issue 29). A worker that finished before the stand-in was made
        leaves the stand-in with nothing in flight: only the key tells."""
        return doc.complete and self._docs.get(key_of(m, dark)) is doc and m.id not in self._in_flight

    def latest(self, message_id: int) -> SlicedDocument | None:
        """The newest document built for ``message_id``."""
        return self._docs.get(self._latest.get(message_id, ()))

    # --- stored attachments --------------------------------------------------------------
    def _stored_of(self, m: MessageView) -> tuple[dict[str, tuple[int, int]], dict[str, QImage]]:
        """Shown sizes (for the HTML) and resources (for the slices) of the stored
        attachments ``m`` names that are decoded; loads start for the others."""
        # only the shown start is looked at (huge51: a 16 MB reply was scanned whole, 23 ms
        # on the GUI thread, at each of the row's layouts)
        if self._stored is None or m.content.find("chathub-attachment:", 0, DISPLAY_LIMIT_CHARS) < 0:
            return {}, {}
        hashes = stored_hashes(m.content[:DISPLAY_LIMIT_CHARS])
        for sha in hashes:
            self._refs.setdefault(sha, set()).add(m.id)
        known = self._stored.known(hashes)
        return ({sha: (img.width(), img.height()) for sha, img in known.items()},
                {source_of(sha): img for sha, img in known.items()})

    def _on_stored_arrived(self, sha: str) -> None:
        """Render the messages that name ``sha`` again, now that its image is known."""
        ids = self._refs.pop(sha, set())
        self._arrivals += 1
        for message_id in ids:
            self._arrived_at[message_id] = self._arrivals
            self._queued.pop(message_id, None)  # made with the placeholder
        for key in [k for k in self._docs if k[0] in ids]:
            self._drop_doc(key)
        for cache in (self._html, self._rendered):
            for key in [k for k in cache if k[0] in ids]:
                del cache[key]
        for message_id in ids:
            self._latest.pop(message_id, None)
            self.grown.emit(message_id)

    # --- HTML ------------------------------------------------------------------------------
    def page_renderer(self, views: tuple[MessageView, ...], dark: bool,
                      colors: TextColors) -> Callable[[], RenderedPage]:
        """A function that renders the HTML of ``views`` (pure Python: run it on a worker
        thread) for :meth:`add_rendered`. Call it on the GUI thread."""
        stored = {m.id: self._stored_of(m)[0] for m in views}
        arrivals = self._arrivals

        def render() -> RenderedPage:
            return RenderedPage(arrivals, {key_of(m, dark): render_html(m, dark, colors, stored[m.id])
                                           for m in views})

        return render

    def add_rendered(self, page: RenderedPage) -> None:
        """Keep HTML rendered by :meth:`page_renderer` for the documents built next (the
        :data:`RENDERED_KEPT` newest: a page comes in a few messages at a time, issue 29).
        A message whose stored image arrived while its page was rendered is left out: it
        drew a placeholder, and nothing would render it again (suite51's lost image)."""
        self._rendered.update({key: parts for key, parts in page.html.items()
                               if self._arrived_at.get(key[0], 0) <= page.arrivals})
        while len(self._rendered) > RENDERED_KEPT:
            del self._rendered[next(iter(self._rendered))]

    def _keep_html(self, key: Key, parts: tuple[str, ...]) -> None:
        if key in self._html:
            return
        self._html[key] = parts
        self._html_chars += sum(map(len, parts))
        while self._html_chars > HTML_CACHE_CHARS and len(self._html) > 1:
            _old, dropped = self._html.popitem(last=False)
            self._html_chars -= sum(map(len, dropped))

    # --- documents -------------------------------------------------------------------------
    def document(self, m: MessageView, dark: bool, colors: TextColors, width: int) -> SlicedDocument:
        """The document of ``m`` laid out (or being laid out) at ``width`` px; while its
        HTML is made on the worker, its previous document or "…"."""
        key = key_of(m, dark)
        doc = self._docs.get(key)
        if doc is None:
            shrink = m.role == Role.USER  # a bubble as wide as its widest line (walk51 #1)
            sizes, resources = self._stored_of(m)
            parts = self._rendered.pop(key, None)
            if parts is None:
                parts = self._html.get(key)
            if renders_on_worker(m.content) and (parts is None or any(_DATA_IMG in p for p in parts)):
                known = parts  # the Markdown pass and the images' decoding on the worker (issue 32)

                def render() -> Decoded:
                    out, images = decoded(known if known is not None else render_html(m, dark, colors, sizes))
                    return out, {**images, **resources}

                self._render_later(m.id, key, render)
                return self._stand_in(m.id, key, colors, width, shrink)
            if parts is None:
                parts = render_html(m, dark, colors, sizes)
            self._keep_html(key, parts)
            doc = self._new_document(m.id, key, parts, width, resources, shrink)
        else:
            self._docs.move_to_end(key)
            doc.setTextWidth(width)
        if not doc.complete:
            self._lay_out(key, m.id, doc)
        return doc

    def _new_slice(self, airy: bool = True) -> QTextDocument:
        doc = SafeTextDocument()
        doc.setDocumentMargin(0)
        font = self._font()
        doc.setDefaultFont(font)
        doc.setIndentWidth(LIST_INDENT)
        doc.setDefaultStyleSheet(doc_css(font.pointSizeF(), airy=airy))
        return doc

    def _new_tight_slice(self) -> QTextDocument:
        """A slice of a user's bubble: no reading line height (see :func:`doc_css`)."""
        return self._new_slice(airy=False)

    def _stand_in(self, message_id: int, key: Key, colors: TextColors, width: int, shrink: bool) -> SlicedDocument:
        """What a row shows while its HTML is made on the worker: the message's previous
        rendering (a streaming reply), else "…"."""
        shown = self.latest(message_id)
        if shown is None:  # kept as the newest, so the rendering takes its width
            shown = self._new_document(message_id, (message_id, "stand-in"),
                                       (f'<p style="color:{colors.muted.name()}">…</p>',), width, {}, shrink)
        shown.setTextWidth(width)
        if not shown.complete:
            self._lay_out(self._latest[message_id], message_id, shown)
        return shown

    def _new_document(self, message_id: int, key: Key, parts: tuple[str, ...], width: float,
                      images: Mapping[str, QImage], shrink: bool) -> SlicedDocument:
        """A document for ``parts`` (taking over the slices of the message's previous
        one that did not change), cached as the message's newest; ``shrink``: a user's,
        laid out at its widest line's width (walk51 #1)."""
        make = self._new_tight_slice if shrink else self._new_slice
        # a slice keeps the link colour of the palette it was built under (Qt sets it when
        # the HTML is read): one of the other theme is not taken over (walk53 #1, issue 29)
        previous = self._latest.get(message_id, ())
        reuse = self.latest(message_id) if _theme_of(previous) == _theme_of(key) else None
        doc = SlicedDocument(parts, make, width, reuse=reuse, images=images, shrink=shrink)
        self._docs[key] = doc
        self._doc_chars += doc.chars
        self._latest[message_id] = key
        self.renders += 1
        while len(self._docs) > 1 and (len(self._docs) > DOC_CACHE_SIZE or self._doc_chars > DOC_CACHE_CHARS):
            self._drop_doc(next(iter(self._docs)))
        return doc

    def _drop_doc(self, key: Key) -> None:
        doc = self._docs.pop(key)
        self._doc_chars -= doc.chars
        self._pending.pop(key, None)

    def _render_later(self, message_id: int, key: Key, render: Callable[[], Decoded]) -> None:
        """Run ``render`` on the worker (one message at a time; a newer text of a message
        still rendering waits for it and replaces an older wait)."""
        if self._in_flight.get(message_id) == (key, self._arrivals_of(message_id)) \
                or self._queued.get(message_id, ((),))[0] == key:
            return
        if message_id in self._in_flight:
            self._queued[message_id] = (key, render)
            return
        self._in_flight[message_id] = (key, self._arrivals_of(message_id))
        ready = self._html_ready

        def done(future: Future[Decoded]) -> None:
            try:
                result = future.result()
            except Exception:  # noqa: BLE001 - cancelled at quit: nothing to show
                return
            with self._emit_lock:
                if not self._closed:
                    with contextlib.suppress(RuntimeError):  # the object went without close()
                        ready.emit(message_id, key, result)

        try:
            self._pool.submit(render).add_done_callback(done)
        except RuntimeError:  # the view is closing
            del self._in_flight[message_id]

    def _arrivals_of(self, message_id: int) -> int:
        return self._arrived_at.get(message_id, 0)

    def _on_html_ready(self, message_id: int, key: Key, result: Decoded) -> None:
        """A worker's rendering: the message's document from now on (even when a newer
        text is queued), its row asked again. One made before a stored image the message
        names arrived is dropped (it drew a placeholder)."""
        _key, seen = self._in_flight.pop(message_id, (key, 0))
        parts, images = result
        if seen >= self._arrivals_of(message_id):
            self._keep_html(key, parts)
            previous = self.latest(message_id)
            if key not in self._docs and previous is not None:  # else the row was cleared: built when painted
                doc = self._new_document(message_id, key, parts, previous.textWidth(), images, previous.shrink)
                self._lay_out(key, message_id, doc)
        queued = self._queued.pop(message_id, None)
        if queued is not None:
            self._render_later(message_id, *queued)
        self.grown.emit(message_id)

    # --- layout ----------------------------------------------------------------------------
    def _lay_out(self, key: Key, message_id: int, doc: SlicedDocument) -> None:
        """Lay ``doc`` out within this turn's budget; the rest on later turns."""
        if key in self._pending:
            return  # the timer goes on with it
        if doc.advance(LAYOUT_BUDGET_S):
            return
        self._pending[key] = message_id
        self._step.start()

    def _continue_layout(self) -> None:
        """One turn of the event loop: lay out pending slices for up to
        :data:`LAYOUT_BUDGET_S`, then name the rows that grew."""
        start = time.perf_counter()
        done: list[int] = []
        for key, message_id in list(self._pending.items()):
            doc = self._docs.get(key)
            if doc is None or doc.advance(max(0.0, LAYOUT_BUDGET_S - (time.perf_counter() - start))):
                del self._pending[key]
            done.append(message_id)
            if time.perf_counter() - start >= LAYOUT_BUDGET_S:
                break
        if self._pending:
            self._step.start()
        for message_id in done:
            self.grown.emit(message_id)

    def clear(self) -> None:
        """Drop every cached document and rendering (palette or font changed)."""
        self._docs.clear()
        self._doc_chars = 0
        self._pending.clear()
        self._latest.clear()
        self._html.clear()
        self._html_chars = 0
