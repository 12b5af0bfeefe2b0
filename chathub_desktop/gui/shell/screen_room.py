"""A window's opening size within its screen (issue 29, "Fits a laptop"): a dialog that
asks for a size of its own (an image's, a long summary's) opens no larger than the room
its screen has, so at 1280×720 and 125 % (1024×576 logical pixels) nothing opens off the
screen's edge."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from chathub_desktop.gui.design.tokens import Space

__all__ = ["SCREEN_AIR", "fitted_to_screen"]

#: Px kept free around a window on a small screen: its title bar and frame (logical px).
SCREEN_AIR = 2 * Space.XL  # as the change preview keeps (memory.card_panes)


def fitted_to_screen(size: QSize, widget: QWidget | None) -> QSize:
    """``size`` (logical px), at most the available room of ``widget``'s screen (or the
    primary screen; a widget not shown yet is on its parent's) less :data:`SCREEN_AIR`
    each way; ``size`` itself when there is no screen."""
    screen = widget.screen() if widget is not None else QGuiApplication.primaryScreen()
    if screen is None:
        return size
    return size.boundedTo(screen.availableGeometry().size() - QSize(SCREEN_AIR, SCREEN_AIR))
