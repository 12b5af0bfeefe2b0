"""What the main window remembers between runs (issue #2, walk45 #11): its geometry, the
splitter between the topic list and the chat, and the assistant and topic in view at
the last quit, opened again at the next start. One INI file (``QSettings`` in INI
format); without one (tests) nothing is remembered and nothing is read.

The window opens at :data:`OPENING_SIZE` within its screen's free room, and a saved
geometry comes back only when it fits the screen it is on now (issue 29: 1280×800 was
taller than a 1366×768 laptop's room; a geometry saved on a larger monitor hung off a
laptop's edge)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QRect, QSettings, QSize

from chathub_desktop.gui.shell.screen_room import fits_room, fitted_to_screen

if TYPE_CHECKING:
    from PySide6.QtWidgets import QSplitter, QWidget

    from chathub_desktop.services.topics.first_page import ResumeIds


#: The main window's size on a screen with room for it (logical px).
OPENING_SIZE = QSize(1280, 800)


class WindowGeometry:
    """What the window remembers in its settings file ``path`` (None: nothing)."""

    def __init__(self, path: Path | None) -> None:
        self._path = path

    def qsettings(self) -> QSettings | None:
        """The settings file opened (None: there is none); the View menu and the setup's
        "shown once" keep their values in it too."""
        if self._path is None:
            return None
        return QSettings(str(self._path), QSettings.Format.IniFormat)

    def restore(self, window: QWidget, splitter: QSplitter) -> None:
        """Size ``window`` to :data:`OPENING_SIZE` within its screen's free room, then give
        it and ``splitter`` the geometry and sizes saved last (none: as built); a saved
        geometry that does not fit the screen now is dropped for the fitted size."""
        window.resize(fitted_to_screen(OPENING_SIZE, window))
        s = self.qsettings()
        if s is None:
            return
        geo, frame, screen = s.value("window/geometry"), s.value("window/frame"), window.screen()
        # Qt pulls a saved geometry onto the screen itself, as large as it is: judge the
        # frame as saved (a file from before it was kept: the frame Qt made of it)
        if isinstance(geo, QByteArray) and (screen is None or not isinstance(frame, QRect)
                                            or fits_room(frame, screen.availableGeometry())):
            fitted = window.geometry()
            if window.restoreGeometry(geo) and screen is not None and not (
                    window.isMaximized() or fits_room(window.frameGeometry(), screen.availableGeometry())):
                window.setGeometry(fitted)
        split = s.value("window/splitter")
        if isinstance(split, QByteArray):
            splitter.restoreState(split)

    def save(self, window: QWidget, splitter: QSplitter, in_view: tuple[int | None, int | None] | None) -> None:
        """Keep ``window``'s geometry, ``splitter``'s sizes and ``in_view``, the assistant
        and the topic in view (None: the store is not attached, they are left as they were)."""
        s = self.qsettings()
        if s is None:
            return
        s.setValue("window/geometry", window.saveGeometry())
        s.setValue("window/frame", window.normalGeometry() if window.isMaximized() else window.frameGeometry())
        s.setValue("window/splitter", splitter.saveState())
        if in_view is not None:  # opened again at the next start
            s.setValue("window/assistant", in_view[0] or 0)
            s.setValue("window/topic", in_view[1] or 0)

    def resume_ids(self) -> ResumeIds:
        """The assistant and topic :meth:`save` remembered at the last quit (each None:
        none, or no settings file)."""
        from chathub_desktop.services.topics.first_page import ResumeIds

        s = self.qsettings()

        def saved(key: str) -> int | None:
            try:
                value = int(str(s.value(key, 0))) if s is not None else 0  # INI values read back as text
            except (TypeError, ValueError):  # a hand-edited settings file
                value = 0
            return value if value > 0 else None

        return ResumeIds(saved("window/assistant"), saved("window/topic"))
