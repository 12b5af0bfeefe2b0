"""Preparing attachments for a topic's next message and reading their bytes back (issue 14).

:meth:`AttachmentService.prepare` turns a dropped, pasted or picked file into an
:class:`~chathub_desktop.core.attachments.Attachment`: images are checked (type,
announced pixel count) and, when they exceed the provider's limits
(``core.attachments.image_limits``), resampled by an :class:`ImageCodec` the caller
passes in (the GUI and the CLI use Qt's ``QImage``; this layer stays Qt-free); text and
code files are decoded with bounds. A refused input raises :class:`InvalidInput` with a
one-line reason and nothing is stored. :meth:`check_budget` refuses an attachment, or a
set, above the model's input budget before anything is sent, with the figure.

Blocking (store reads, tokenizing, decoding): call every method on a worker thread.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from chathub_desktop.core import attachments as att
from chathub_desktop.core.budget import input_budget, message_too_long_reason
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.request_assembly import FRAMING_TOKENS_PER_MESSAGE, draft_tokens
from chathub_desktop.providers.catalog import ModelCatalog
from chathub_desktop.services.errors import (
    InvalidInput,
    refused,
)
from chathub_desktop.services.input_files import open_regular
from chathub_desktop.services.topics.topic_model import ModelPick, topic_resolution
from chathub_desktop.storage.attachment_blobs import load_blobs
from chathub_desktop.storage.database import Database
from chathub_desktop.tokens.counter import TokenCounter

#: The budget used before a topic exists (the send checks the real one), tokens.
NO_BUDGET = 10**12


class ImageCodec(Protocol):
    """Decodes an image and encodes it again within limits (implemented with Qt's QImage
    in ``gui.chat.image_codec``)."""

    def fit(self, data: bytes, width: int, height: int, max_bytes: int) -> tuple[bytes, str]:
        """``data`` decoded, scaled to ``width``×``height`` px and encoded (PNG when it
        has transparency and fits, else JPEG, lowering quality until it is at most
        ``max_bytes``); returns ``(bytes, mime)``. Raises ``ValueError`` when it cannot
        be decoded or not made small enough."""
        ...


class AttachmentService:
    """Attachments for one store: preparation with bounds, budget checks, blob reads."""

    def __init__(self, db: Database, catalog: ModelCatalog) -> None:
        self._db = db
        self._catalog = catalog

    # --- what the topic's model takes ---------------------------------------------------
    def _model_of(self, topic_id: int | None, pick: ModelPick | None = None) -> tuple[str | None, str, int]:
        """``(provider kind, model id, input budget in tokens)`` of the model the topic's
        next request uses (``services.topics.topic_model``: ``pick``, the topic's choice, else
        its assistant's); no topic yet (a draft in a new window) → no provider, no
        model, no budget bound (the send checks it again)."""
        if topic_id is None:
            return None, "", NO_BUDGET
        with self._db.read() as s:
            _topic, assistant, resolved = topic_resolution(s, self._catalog, topic_id, pick)
            card = resolved.card
            budget = input_budget(card.context_window, assistant.max_tokens,
                                  assistant.max_tokens_enabled, card.max_output)
            kind = resolved.provider.kind if resolved.provider is not None else None
            return kind, resolved.model, budget

    def check_message(self, topic_id: int, text: str, attachments: Sequence[att.Attachment] = (),
                      pick: ModelPick | None = None) -> None:
        """Refuse, before anything is stored or sent, a new message that alone is over the
        topic model's input budget (walk37 #3: no compaction can make it fit, CMP-9). It is
        counted as the badge counts the draft (``request_assembly.draft_tokens``: text,
        inlined files, the input template, framing). Raises :class:`InvalidInput` with
        :func:`~chathub_desktop.core.budget.message_too_long`'s line."""
        with self._db.read() as s:
            _topic, assistant, resolved = topic_resolution(s, self._catalog, topic_id, pick)
            card = resolved.card
            budget = input_budget(card.context_window, assistant.max_tokens,
                                  assistant.max_tokens_enabled, card.max_output)
            template, model, window = assistant.input_template, resolved.model, card.context_window
        # a token covers at least one UTF-8 byte: a message with fewer bytes than the
        # budget fits, and is not tokenized here (the estimate's worker has counted it)
        files = sum(a.size for a in attachments if a.kind == att.FILE)
        if len(text.encode("utf-8")) + files + len(template.encode("utf-8")) + FRAMING_TOKENS_PER_MESSAGE <= budget:
            return
        count = TokenCounter.for_model(model).count
        line = message_too_long_reason(draft_tokens(text, template, count, tuple(attachments)), window, budget)
        if line is not None:
            raise InvalidInput(line)

    def limits(self, topic_id: int | None) -> att.ImageLimits:
        """The image limits of the topic's provider kind and model."""
        kind, model, _budget = self._model_of(topic_id)
        return att.image_limits(kind, model)

    # --- preparing ----------------------------------------------------------------------
    def prepare(self, topic_id: int | None, name: str, data: bytes, codec: ImageCodec | None = None,
                *, mime_hint: str = "") -> att.Attachment:
        """An attachment for ``data`` named ``name`` (its base name is kept), ready to
        send into ``topic_id``: an image sized down to the provider's limits, or a text
        file's text. Raises :class:`InvalidInput` (one line) for input that is too large,
        binary, not readable, or over the input budget on its own; and when an image
        must be resized but no ``codec`` is given."""
        name = att.clean_name(name)
        kind, model, budget = self._model_of(topic_id)
        try:
            made = prepare_bytes(name, data, att.image_limits(kind, model), codec, mime_hint=mime_hint)
        except att.AttachmentRefused as exc:
            raise InvalidInput(exc.reason) from None
        self._refuse_over(made.name, self.tokens(made, model), budget)
        return made

    def prepare_path(self, topic_id: int | None, path: Path, codec: ImageCodec | None = None) -> att.Attachment:
        """:meth:`prepare` for a file on disk; its kind and size are checked before it is
        read, and at most the limit is read (issue 32). Raises :class:`InvalidInput` for a
        missing or unreadable file, a folder, FIFO, socket or device too."""
        try:
            with open_regular(path) as fh:
                att.check_input_size(path.name, os.fstat(fh.fileno()).st_size)
                data = fh.read(att.MAX_INPUT_BYTES + 1)
            att.check_input_size(path.name, len(data))
        except att.AttachmentRefused as exc:
            raise InvalidInput(exc.reason) from None
        except OSError as exc:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "cannot read %1: %2"),
                                      (path.name, str(exc.strerror or exc)))) from None
        return self.prepare(topic_id, path.name, data, codec)

    # --- budgets ------------------------------------------------------------------------
    @staticmethod
    def tokens(a: att.Attachment, model: str) -> int:
        """Tokens ``a`` adds to a request for ``model``: an image by TOK-5/REF-29, a file
        as its inlined block (plus the blank line before it)."""
        if a.kind == att.IMAGE:
            return att.image_tokens(a, model)
        counter = TokenCounter.for_model(model)
        return counter.count("\n\n" + att.file_text(a))

    def check_budget(self, topic_id: int, attachments: Sequence[att.Attachment], draft: str = "",
                     pick: ModelPick | None = None) -> None:
        """Refuse, before anything is stored or sent, an attachment or the whole set (with
        ``draft``) above the topic model's input budget. Raises :class:`InvalidInput`
        such as ``report.txt is ~41,200 tokens; this model's input budget is 30,000``."""
        if len(attachments) > att.MAX_ATTACHMENTS:
            raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 attachments; at most %2 per message"),
                                      (str(len(attachments)), str(att.MAX_ATTACHMENTS))))
        if not attachments:
            return
        _kind, model, budget = self._model_of(topic_id, pick)
        each = [(a.name, self.tokens(a, model)) for a in attachments]
        for name, tokens in each:
            self._refuse_over(name, tokens, budget)
        total = sum(t for _n, t in each)
        if draft:
            total += TokenCounter.for_model(model).count(draft) + FRAMING_TOKENS_PER_MESSAGE
        if len(each) > 1 and total > budget:
            raise InvalidInput(att.set_over_budget(len(each), total, budget))

    @staticmethod
    def _refuse_over(name: str, tokens: int, budget: int) -> None:
        if tokens > budget:
            raise InvalidInput(att.over_budget(name, tokens, budget))

    # --- reading back -------------------------------------------------------------------
    def blob(self, sha256: str) -> bytes | None:
        """The stored bytes of one attachment (``None`` when unknown)."""
        with self._db.read() as s:
            return load_blobs(s, [sha256]).get(sha256)

    def blobs(self, hashes: Sequence[str]) -> dict[str, bytes]:
        """``sha256 → bytes`` of the stored ones among ``hashes`` (one query)."""
        with self._db.read() as s:
            return load_blobs(s, hashes)


def prepare_bytes(name: str, data: bytes, limits: att.ImageLimits, codec: ImageCodec | None,
                  *, mime_hint: str = "") -> att.Attachment:
    """The attachment for ``data`` (no store access): an image — sniffed from its bytes,
    pixel count checked from its header before decoding, resampled with ``codec`` when
    it breaks ``limits`` — else a bounded text file. Raises
    :class:`~chathub_desktop.core.attachments.AttachmentRefused`."""
    att.check_input_size(name, len(data))
    if not data:  # walk37 #10: an empty file would send an empty block
        raise att.AttachmentRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is empty (0 bytes); nothing to "
                                                                               "attach"), (name,)))
    mime = att.sniff_mime(data)
    if mime is None and (mime_hint.startswith("image/") or _looks_like_image_name(name)):
        raise att.AttachmentRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is not an image this app can read "
                                                                               "(PNG, JPEG, GIF, WebP or BMP)"),
                                           (name,)))
    if mime is None:
        text = att.decode_text(name, data)
        return att.file_attachment(name, text, _text_mime(name))
    size = att.header_size(data)
    if size is None and mime != "image/bmp":
        raise att.AttachmentRefused(Reason(att.NOT_AN_IMAGE, (name,)))
    if size is not None:
        att.check_pixels(name, *size)
    if size is not None and not att.needs_reencode(mime, size[0], size[1], len(data), limits):
        return att.image_attachment(name, data, mime, size[0], size[1])
    if codec is None:
        raise att.AttachmentRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must be resized before it can be "
                                                                           "sent, and no image codec is available"),
                                           (name,)))
    w, h = size if size is not None else (limits.long_edge, limits.long_edge)
    tw, th = att.fit_size(w, h, limits.long_edge)
    try:
        out, out_mime = codec.fit(data, tw, th, limits.max_bytes)
    except ValueError as exc:
        raise att.AttachmentRefused(Reason("%1: %2", (name, refused(exc)))) from None
    real = att.header_size(out)
    if real is None or len(out) > limits.max_bytes or max(real) > limits.long_edge:
        raise att.AttachmentRefused(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 could not be made small enough to "
                                                                           "send"), (name,)))
    return att.image_attachment(name, out, out_mime, real[0], real[1])


_IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff", ".heic", ".avif"})
_TEXT_MIMES = {".md": "text/markdown", ".json": "application/json", ".csv": "text/csv",
               ".html": "text/html", ".xml": "application/xml", ".py": "text/x-python"}


def _looks_like_image_name(name: str) -> bool:
    return Path(name).suffix.lower() in _IMAGE_SUFFIXES


def _text_mime(name: str) -> str:
    return _TEXT_MIMES.get(Path(name).suffix.lower(), "text/plain")
