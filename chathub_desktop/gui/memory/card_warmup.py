"""The Memory page's card painting set up before the page is first opened (issue 30).

The first measure and paint of the page's cards in a process paid one-time setup on the
GUI thread: PySide making the Python types of the enums and flags the delegates use,
Qt's first text layouts and font look-ups for the card fonts (bold head, small chips,
CJK text), the cards' SVG icons. A window that had shown a topic had not paid it: there
the first card cost 23–30 ms of GUI CPU, later ones 6–9 ms (mem46, loaded 2-core box).
:func:`warm_card_paint_later` pays it once, off the critical path, measuring and painting
one fixed card, a note and one dream card into an offscreen image in steps of ≤ ~10 ms,
one per turn of the event loop; the window starts it once it is idle after start (the
first topic shown and counted), so the user's first open of Memory finds it done.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import partial

import shiboken6
from PySide6.QtCore import QRect, QStringListModel, QTimer
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QListView, QStyleOptionViewItem

from chathub_desktop.core.dynamic_cards import CardKind
from chathub_desktop.core.memory_authors import EntryOrigin
from chathub_desktop.gui.memory.card_delegate import CardFace, MemoryCardDelegate
from chathub_desktop.gui.memory.dream_cards import DreamCardDelegate
from chathub_desktop.gui.memory.fixed_cards import FixedCardDelegate

__all__ = ["WARM_WIDTH", "warm_card_paint", "warm_card_paint_later", "warmed"]

#: Px width of the offscreen card (wide enough to wrap the sample's body once).
WARM_WIDTH = 480

#: Cards that touch what the page's cards use: chips of every kind, a paused toggle,
#: wrapped Latin and CJK text, a note; a dream card with its date chip and refresh icon.
_FIXED = (CardFace(1, "Prefers metric units and short answers; 東京に住んでいる " * 3, origin=EntryOrigin.OWNER,
                   source="Claude", trusted=False, paused=True),
          CardFace(0, "## Notes", note=True))
_DREAM = (CardFace(1, "# How you work\n- Bullet points, no prose", tag="2026-12-01", kind=CardKind.DAY,
                   regenerable=True),)

#: ``started``: a warm-up was asked for in this process; ``done``: its last step ran.
_state = {"started": False, "done": False}


def warmed() -> bool:
    """True once the card painting was set up in this process (every step ran)."""
    return _state["done"]


def _face_at(faces: tuple[CardFace, ...], row: int) -> CardFace | None:
    """The sample face on ``row`` of ``faces`` (None past the end), as the delegates look one up."""
    return faces[row] if row < len(faces) else None


def _card_steps() -> list[Callable[[], None]]:
    """The warm-up as steps of a few ms each: per card, measure then paint (the first
    measure makes PySide's widget enum types, ~20 ms in a process that showed no list yet)."""
    image = QImage(WARM_WIDTH, 240, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(0, 0, 0, 0))
    steps: list[Callable[[], None]] = []
    keep: list[QListView] = []
    for delegate_type, faces in ((FixedCardDelegate, _FIXED), (DreamCardDelegate, _DREAM)):
        view = QListView()  # never shown: the delegate reads its font and width
        view.resize(WARM_WIDTH, 240)
        keep.append(view)
        delegate = delegate_type(view, partial(_face_at, faces))
        view.setItemDelegate(delegate)
        model = QStringListModel([""] * len(faces), view)
        view.setModel(model)
        for row in range(len(faces)):
            option = QStyleOptionViewItem()
            cell = {"height": 40}

            def measure(d: MemoryCardDelegate = delegate, o: QStyleOptionViewItem = option, v: QListView = view,
                        r: int = row, m: QStringListModel = model, c: dict[str, int] = cell) -> None:
                if not shiboken6.isValid(v):  # deleted meanwhile (a closing app deletes every top-level widget)
                    return
                o.initFrom(v)
                o.rect = QRect(0, 0, WARM_WIDTH, 40)
                c["height"] = d.sizeHint(o, m.index(r, 0)).height()

            def paint(d: MemoryCardDelegate = delegate, o: QStyleOptionViewItem = option, r: int = row,
                      m: QStringListModel = model, c: dict[str, int] = cell, v: QListView = view) -> None:
                if not shiboken6.isValid(v):
                    return
                o.rect = QRect(0, 0, WARM_WIDTH, c["height"])
                painter = QPainter(image)
                try:
                    d.paint(painter, o, m.index(r, 0))
                finally:
                    painter.end()

            steps += [measure, paint]

    def drop() -> None:
        for v in keep:
            if shiboken6.isValid(v):
                v.deleteLater()

    steps.append(drop)
    return steps


def warm_card_paint() -> None:
    """Measure and paint one fixed card, one note and one dream card offscreen, at once,
    once per process (later calls return at once). GUI thread; no store, no worker."""
    if _state["started"]:
        return
    _state["started"] = True
    for step in _card_steps():
        step()
    _state["done"] = True


def warm_card_paint_later() -> None:
    """:func:`warm_card_paint` in steps, one per turn of the event loop (each a few ms:
    the window stays responsive while it runs), once per process."""
    if _state["started"]:
        return
    _state["started"] = True
    steps = deque(_card_steps())

    def next_step() -> None:
        steps.popleft()()
        if steps:
            QTimer.singleShot(0, next_step)
        else:
            _state["done"] = True

    QTimer.singleShot(0, next_step)
