"""A window's opening size within its screen (issue 29, "Fits a laptop"): a dialog that
asks for a size of its own (an image's, a long summary's) opens no larger than the room
its screen has, so at 1280×720 and 125 % (1024×576 logical pixels) nothing opens off the
screen's edge. The main window too (a11y53/dates53: it opened at 1280×800, taller than a
1366×768 laptop's free room), and a saved geometry is restored only when it fits."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from chathub_desktop.gui.design.tokens import Space

__all__ = ["SCREEN_AIR", "fits_room", "fitted_to_screen", "room_for"]

#: Px kept free around a window on a small screen: its title bar and frame (logical px).
SCREEN_AIR = 2 * Space.XL  # as the change preview keeps (memory.card_panes)


def room_for(size: QSize, available: QSize) -> QSize:
    """``size`` (logical px) at most ``available`` (a screen's free room: its size less the
    task bars) less :data:`SCREEN_AIR` each way, never below 1×1."""
    return size.boundedTo((available - QSize(SCREEN_AIR, SCREEN_AIR)).expandedTo(QSize(1, 1)))


def fits_room(frame: QRect, available: QRect) -> bool:
    """Whether a window's ``frame`` (its outer rectangle, logical px) lies wholly inside
    ``available`` (a screen's free geometry)."""
    return frame.isValid() and available.contains(frame)


def fitted_to_screen(size: QSize, widget: QWidget | None) -> QSize:
    """:func:`room_for` ``size`` on ``widget``'s screen (or the primary screen; a widget
    not shown yet is on its parent's); ``size`` itself when there is no screen."""
    screen = widget.screen() if widget is not None else QGuiApplication.primaryScreen()
    if screen is None:
        return size
    return room_for(size, screen.availableGeometry().size())
