"""Attachments in the window (issue 14): paste, drop or pick images and files into the
composer, chips with a remove × above the draft, thumbnails in the message list and a
larger view on click.

:class:`AttachmentController` owns the composer's attachment row (its own layout row,
above the draft): the 📎 button (Ctrl+U), the chips and a one-line refusal. Each
file is prepared on a worker thread (``AttachmentService.prepare`` with the Qt codec:
decoded, sized down to the provider's limits, refused with a reason); the badge then
counts the pending attachments with the draft (the window passes :meth:`pending` to the
estimate and :meth:`take` to the send). No business rules live here.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QMimeData, QObject, QSize, Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication, QImage, QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.attachments import IMAGE, Attachment
from chathub_desktop.gui.chat.attachment_thumbs import THUMB, ThumbnailCache, file_icon
from chathub_desktop.gui.chat.composer import ATTACH_SHORTCUT
from chathub_desktop.gui.chat.image_codec import QtImageCodec, encode, thumbnail
from chathub_desktop.gui.chat.stored_images import StoredImages, decode_stored
from chathub_desktop.gui.design import Tone, set_tone
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.gui.shell.screen_room import fitted_to_screen
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.gui.shell.widget_address import address
from chathub_desktop.services.errors import ServiceError

if TYPE_CHECKING:
    from PySide6.QtCore import SignalInstance

    from chathub_desktop.gui.chat.composer import Composer
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.chat.attachment_service import AttachmentService

translate = QCoreApplication.translate

#: Edge of a chip's thumbnail, px.
CHIP_THUMB = 40
#: Longest edge of the larger view, px.
VIEW_EDGE = 1200


class AttachmentChip(QWidget):
    """One pending attachment: a thumbnail or 📄, its name, and × to remove it."""

    remove_requested = Signal(object)

    def __init__(self, att: Attachment, thumb: QImage | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.attachment = att
        #: Position among the pending attachments (the order they were added in).
        self.order = 0
        self.setObjectName("attachmentChip")
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 2, 2)
        row.setSpacing(4)
        mark = QLabel()
        if thumb is not None and not thumb.isNull():
            mark.setPixmap(QPixmap.fromImage(thumb))
        else:
            mark.setText(file_icon())
        mark.setFixedSize(QSize(CHIP_THUMB, CHIP_THUMB) if thumb is not None else QSize(18, CHIP_THUMB))
        mark.setAlignment(Qt.AlignmentFlag.AlignCenter)
        row.addWidget(mark)
        size = f"{att.width}×{att.height}" if att.kind == IMAGE else f"{att.size / 1024:,.0f} KB"
        self.label = QLabel(f"{att.name}\n{size}")
        self.label.setObjectName("attachmentName")
        row.addWidget(self.label)
        self.remove = QToolButton()
        self.remove.setIcon(icon(Icon.CLEAR))
        self.remove.setAutoRaise(True)
        self.texts = t = Texts(self)  # re-said on a language switch (issue 27)
        t.bind(self.remove.setToolTip, lambda: fill(translate("Attachments", "Remove %1"), att.name))
        t.bind(self.remove.setAccessibleName, lambda: fill(translate("Attachments", "Remove %1"), att.name))
        self.remove.clicked.connect(lambda: self.remove_requested.emit(self))
        row.addWidget(self.remove)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)


class AttachmentController(QObject):
    """The ``composer``'s attachment row and the message ``view``'s thumbnails, in
    ``window`` (the parent of its file dialog, viewer and Ctrl+U action); issue 29: given
    what it needs, not the window. ``service`` prepares and reads attachments on the
    ``runner``'s workers; ``status(text, ms)`` says a line; ``topic()`` is the open topic,
    ``topic_opened`` says when another opens; ``estimate()`` asks the badge to count again."""

    changed = Signal()

    def __init__(self, window: QWidget, *, service: AttachmentService, runner: TaskRunner, composer: Composer,
                 view: MessageListView, status: Callable[[str, int], None], topic: Callable[[], int | None],
                 topic_opened: SignalInstance, estimate: Callable[[], None]) -> None:
        super().__init__(window)
        self._window = window
        self._service = service
        self._runner = runner
        self._view = view
        self._status = status
        self._topic = topic
        self._chips: list[AttachmentChip] = []
        self._names = itertools.count(1)
        self.row = QWidget()
        self.row.setObjectName("attachmentRow")
        lay = QHBoxLayout(self.row)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        self.button = composer.attach_button  # there, disabled, since the window's start
        self.button.setEnabled(True)
        self.texts = t = Texts(self.button)  # re-said on a language switch (issue 27)
        self.button.clicked.connect(self.pick)  # its name and tooltip: the composer's, from the start
        self._chip_row = QHBoxLayout()
        self._chip_row.setSpacing(6)
        lay.addLayout(self._chip_row)
        self.refusal = QLabel()
        self.refusal.setObjectName("attachmentRefusal")
        set_tone(self.refusal, Tone.ERROR)
        self.refusal.hide()
        lay.addWidget(self.refusal, 1)
        lay.addStretch(0)
        composer.card_layout.insertWidget(0, self.row)  # its own row, above the draft
        self.row.hide()  # until it holds a chip or a refusal: no empty row's spacing shifts the rows (issue 29)
        self.changed.connect(self._sync_row)
        self.action = QAction(window)
        t.bind(self.action.setText, lambda: translate("Attachments", "Attach files…"))
        self.action.setIcon(icon(Icon.ATTACH))
        self.action.setShortcut(QKeySequence(ATTACH_SHORTCUT))
        self.action.triggered.connect(self.pick)
        window.addAction(self.action)
        self._draft = composer.draft
        # the viewports Qt made are known by address, their Python objects never kept
        # (walk51 #2: PySide may drop the one of a viewport that lives on)
        self._draft.installEventFilter(self)
        composer.draft.viewport().installEventFilter(self)
        self._draft_area = address(composer.draft.viewport())
        composer.draft.setAcceptDrops(True)
        composer.set_extra(lambda: bool(self._chips))
        self.changed.connect(lambda: estimate())
        # each topic keeps its own pending attachments, like its draft
        self._shown_topic: int | None = topic()
        self._parked: dict[int | None, tuple[Attachment, ...]] = {}
        topic_opened.connect(self._on_topic_opened)
        # thumbnails in the message list
        self.thumbs = ThumbnailCache(self._load_thumb, self)
        view.delegate.thumbs = self.thumbs
        self.thumbs.changed.connect(self._thumbs_changed)
        # stored attachments a message names by content hash, drawn inline (issue 32)
        self.stored = StoredImages(self._load_stored, self)
        view.delegate.docs.set_stored_images(self.stored)
        view.viewport().installEventFilter(self)
        self._list_area = address(view.viewport())
        self.viewer: ImageViewer | None = None

    def _thumbs_changed(self) -> None:
        """A thumbnail arrived: the message list paints it."""
        self._view.viewport().update()

    def _on_topic_opened(self, topic_id: int) -> None:
        if topic_id == self._shown_topic:
            return
        leaving = self.take()
        if leaving:
            self._parked[self._shown_topic] = leaving
        self._shown_topic = topic_id
        self.restore(self._parked.pop(topic_id, ()))

    # --- pending attachments --------------------------------------------------------------
    def pending(self) -> tuple[Attachment, ...]:
        """The attachments the next send carries (for the badge and the send)."""
        return tuple(c.attachment for c in self._chips)

    def take(self) -> tuple[Attachment, ...]:
        """:meth:`pending`, and empty the row (the send took them)."""
        out = self.pending()
        for chip in list(self._chips):
            self._drop_chip(chip)
        self.refusal.hide()
        self._sync_row()
        return out

    def restore(self, attachments: tuple[Attachment, ...]) -> None:
        """Put attachments back after a refused send (nothing was stored)."""
        for a in attachments:
            self._add_chip(a, None)

    def _add_chip(self, a: Attachment, thumb: QImage | None, order: int = 0) -> None:
        if any(c.attachment.sha256 == a.sha256 for c in self._chips):
            return  # the same bytes twice: once is enough
        chip = AttachmentChip(a, thumb if a.kind == IMAGE else None)
        chip.order = order or next(self._names)
        chip.remove_requested.connect(self._drop_chip)
        at = sum(1 for c in self._chips if c.order < chip.order)
        self._chips.insert(at, chip)
        self._chip_row.insertWidget(at, chip)
        self.changed.emit()

    def _drop_chip(self, chip: AttachmentChip) -> None:
        if chip in self._chips:
            self._chips.remove(chip)
            self._chip_row.removeWidget(chip)
            chip.deleteLater()
            self.changed.emit()

    # --- adding ---------------------------------------------------------------------------
    def pick(self) -> None:
        """The 📎 button: choose files."""
        paths, _ = QFileDialog.getOpenFileNames(self._window, "Attach files", "",
                                                "Images and text files (*);;Images (*.png *.jpg *.jpeg *.gif *.webp *.bmp)")
        for p in paths:
            self.add_path(Path(p))

    def add_path(self, path: Path) -> asyncio.Task[None]:
        """Prepare the file at ``path`` on a worker; a chip appears, or a refusal line."""
        return self._run(self._prepare_path, path)

    def _run(self, fn: Callable[..., tuple[Attachment, QImage | None]], *args: object) -> asyncio.Task[None]:
        topic = self._topic()  # read here, on the GUI thread
        order = next(self._names)  # chips keep the order files were added in
        return self._runner.run(f"attach-{order}", self._prepare(order, fn, topic, *args),
                                  context="Attach", quiet=True)

    async def _prepare(self, order: int, fn: Callable[..., tuple[Attachment, QImage | None]], *args: object) -> None:
        try:
            a, thumb = await self._runner.run_in_thread(fn, *args)
        except ServiceError as exc:
            self.show_refusal(said_error(exc))
            return
        self.refusal.hide()
        self._add_chip(a, thumb, order)
        self._sync_row()

    def _prepare_path(self, topic: int | None, path: Path) -> tuple[Attachment, QImage | None]:
        a = self._service.prepare_path(topic, path, QtImageCodec())
        return a, _chip_thumb(a)

    def _prepare_bytes(self, topic: int | None, name: str, data: bytes,
                       mime_hint: str) -> tuple[Attachment, QImage | None]:
        a = self._service.prepare(topic, name, data, QtImageCodec(), mime_hint=mime_hint)
        return a, _chip_thumb(a)

    def show_refusal(self, reason: str) -> None:
        """The one-line reason a file was refused, in the attachment row only (said once,
        walk39 #8: the status line repeated it)."""
        self.refusal.setText(reason)
        self.refusal.setToolTip(reason)
        self.refusal.show()
        self._sync_row()

    def _sync_row(self) -> None:
        self.row.setVisible(bool(self._chips) or not self.refusal.isHidden())

    def add_mime(self, mime: QMimeData) -> bool:
        """Attach what a paste or a drop carries (local files, or an image); returns
        whether it held any."""
        files = [Path(u.toLocalFile()) for u in mime.urls() if u.isLocalFile()] if mime.hasUrls() else []
        for p in files:
            self.add_path(p)
        if files:
            return True
        if mime.hasImage():
            image = mime.imageData()
            if isinstance(image, QImage) and not image.isNull():
                self.add_image(image)
                return True
        return False

    def add_image(self, image: QImage, name: str = "pasted-image.png") -> asyncio.Task[None]:
        """Attach a pasted image: encoded as PNG and prepared on a worker."""
        return self._run(self._prepare_image, QImage(image), name)

    def _prepare_image(self, topic: int | None, image: QImage, name: str) -> tuple[Attachment, QImage | None]:
        return self._prepare_bytes(topic, name, encode(image, "PNG"), "image/png")

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt name
        """Paste (Ctrl+V) and drops into the draft; clicks on message thumbnails."""
        et = event.type()
        if obj is self._draft and et == QEvent.Type.KeyPress and event.matches(QKeySequence.StandardKey.Paste):  # type: ignore[attr-defined]
            mime = QGuiApplication.clipboard().mimeData()
            if mime is not None and (mime.hasImage() or any(u.isLocalFile() for u in mime.urls())):
                return self.add_mime(mime)
        at = address(obj)
        if at == self._draft_area:
            if et in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
                mime = event.mimeData()  # type: ignore[attr-defined]
                if mime.hasImage() or any(u.isLocalFile() for u in mime.urls()):
                    event.acceptProposedAction()  # type: ignore[attr-defined]
                    return True
            elif et == QEvent.Type.Drop and self.add_mime(event.mimeData()):  # type: ignore[attr-defined]
                event.acceptProposedAction()  # type: ignore[attr-defined]
                return True
        view = self._view
        if at == self._list_area and et == QEvent.Type.MouseButtonRelease:
            pos = event.position().toPoint()  # type: ignore[attr-defined]
            index = view.indexAt(pos)
            meta = view.delegate.attachment_at(index, pos) if index.isValid() else None
            if meta is not None:
                self.open_attachment(meta)
                return True
        return super().eventFilter(obj, event)

    # --- thumbnails and the larger view -----------------------------------------------------
    def _load_thumb(self, sha: str) -> None:
        self._runner.run(f"thumb-{sha}", self._thumb(sha), context="Thumbnail", quiet=True)

    async def _thumb(self, sha: str) -> None:
        def load() -> QImage | None:
            data = self._service.blob(sha)
            return thumbnail(data, THUMB * 2) if data else None

        image = await self._runner.run_in_thread(load)
        self.thumbs.deliver(sha, image)

    def _load_stored(self, sha: str) -> None:
        self._runner.run(f"stored-image-{sha}", self._stored_image(sha), context="Inline image", quiet=True)

    async def _stored_image(self, sha: str) -> None:
        def load() -> QImage | None:
            return decode_stored(self._service.blob(sha))

        self.stored.deliver(sha, await self._runner.run_in_thread(load))

    def open_attachment(self, meta: dict[str, object]) -> asyncio.Task[None]:
        """A click on a thumbnail or a file chip: the larger view, loaded off the GUI thread."""
        return self._runner.run("attachment-view", self._open(meta), context="Open attachment")

    async def _open(self, meta: dict[str, object]) -> None:
        sha = str(meta.get("sha256", ""))
        name = str(meta.get("name", "attachment"))
        data = await self._runner.run_in_thread(self._service.blob, sha)
        if data is None:
            self._status(fill(translate("Attachments", "%1 is no longer in the store"), name), 5000)
            return
        if meta.get("kind") == IMAGE:
            image = await self._runner.run_in_thread(thumbnail, data, VIEW_EDGE)
            self.viewer = ImageViewer(name, image, self._window)
        else:
            self.viewer = ImageViewer(name, None, self._window, text=data.decode("utf-8", errors="replace"))
        self.viewer.show()


def _chip_thumb(a: Attachment) -> QImage | None:
    """A chip's thumbnail of a prepared image (decoded on the worker that prepared it)."""
    if a.kind != IMAGE or a.data is None:
        return None
    return thumbnail(a.data, CHIP_THUMB)


class ImageViewer(QDialog):
    """The larger view of an attachment: the image scaled to fit, or a file's text."""

    def __init__(self, name: str, image: QImage | None, parent: QWidget | None = None, *,
                 text: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(name)
        self.setObjectName("attachmentViewer")
        lay = QVBoxLayout(self)
        if text is not None:
            box = QPlainTextEdit(text)
            box.setReadOnly(True)
            lay.addWidget(box)
            self.resize(fitted_to_screen(QSize(720, 520), self))
            return
        self.image_label = QLabel()
        self.image_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        if image is not None and not image.isNull():
            self.image_label.setPixmap(QPixmap.fromImage(image))
        else:
            self.image_label.setText(translate("Attachments", "This image cannot be shown."))
        scroll = QScrollArea()
        scroll.setWidget(self.image_label)
        scroll.setWidgetResizable(True)
        lay.addWidget(scroll)
        w = min(VIEW_EDGE, (image.width() if image is not None else 300) + 40)
        h = min(900, (image.height() if image is not None else 200) + 40)
        self.resize(fitted_to_screen(QSize(max(300, w), max(200, h)), self))  # never past the screen (issue 29)
