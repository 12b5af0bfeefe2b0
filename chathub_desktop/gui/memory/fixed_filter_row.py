"""The row above the fixed memory's cards on the Memory page (issue 30, REF-3): the filter
box, the count ("7 entries · 1 untrusted", "1 of 7 entries match") and the card buttons
Mark as trusted and Delete #N (the selected entry's, walk53 #9) — one row, a row less above Dream now in an 800×560 window.
Selecting or unselecting an entry never moves the row's parts: Delete keeps the room of its
widest label, shown or not (walk56 #13: the box narrowed from 900 to 810 to 802 px as
"Delete #3", "Delete #32" came). While filtering, the count's untrusted entries and Mark as
trusted are the listed ones' (walk56 #13: "1 untrusted" stayed beside three trusted matches);
Mark as trusted keeps its room while the memory has an untrusted entry, listed or not.
The page gives the slots and keeps the state; this component says and lays it out."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QLocale, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QScrollArea

from chathub_desktop.gui.shell.i18n import Texts, fill

translate = QCoreApplication.translate


class _SameHeight(QObject):
    """Keeps ``edit`` as tall as ``button`` would be (walk55 #9: the row grew 8 px, moving
    the list down, each time Delete #N appeared beside the 22 px box), measured again when
    the look or font changes."""

    def __init__(self, edit: QLineEdit, button: QPushButton) -> None:
        super().__init__(edit)
        self._edit, self._button = edit, button
        edit.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: after the box is polished or its style or font changes, match the button."""
        if event.type() in (QEvent.Type.Polish, QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self._button.ensurePolished()
            self._edit.setMinimumHeight(self._button.sizeHint().height())
        return False


class _DeleteRoom(QObject):
    """Keeps ``button`` (Delete #N) as wide as its widest label for entry numbers of as many
    digits as ``largest()`` has, and its room while it is hidden (walk56 #13), measured again
    when its look, font or language changes."""

    def __init__(self, button: QPushButton, largest: Callable[[], int]) -> None:
        super().__init__(button)
        self._button, self._largest = button, largest
        policy = button.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        button.setSizePolicy(policy)
        button.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: measure again after the button is polished or its style, font or language changes."""
        if event.type() in (QEvent.Type.Polish, QEvent.Type.StyleChange, QEvent.Type.FontChange,
                            QEvent.Type.LanguageChange):
            self.measure()
        return False

    def measure(self) -> None:
        """The button's minimum width: its size hint with the widest "Delete #N" it can say."""
        b = self._button
        digits = len(str(max(1, self._largest())))
        fm = b.fontMetrics()
        labels = [fill(translate("MemoryPage", "Delete #%1"), QLocale().toString(int(d * digits)))
                  for d in "123456789"]
        said = b.text()
        b.setText(max(labels, key=fm.horizontalAdvance))
        width = b.sizeHint().width()
        b.setText(said)
        b.setMinimumWidth(width)


class FilterRow(QHBoxLayout):
    """The filter box (``filter_edit``: ``filtered(text)`` runs as the user types, Enter
    runs ``done``, Esc clears it — an empty box lets Esc go on to the page), the count (``count_label``) and ``trust_button`` / ``delete_button``
    triggering ``trust`` / ``delete`` (their tooltips the list actions'). ``texts`` re-says
    every text on a language switch (issue 27). Mark as trusted starts hidden; Delete keeps
    its room hidden."""

    def __init__(self, texts: Texts, *, filtered: Callable[[str], None], done: Callable[[], object],
                 trust: QAction, delete: QAction) -> None:
        super().__init__()
        self.texts = t = texts
        self.setSpacing(4)
        self.filter_edit = QLineEdit()
        self.filter_edit.setObjectName("memoryFilter")
        t.bind(self.filter_edit.setPlaceholderText, lambda: translate("MemoryPage", "Filter entries…"))
        t.bind(self.filter_edit.setAccessibleName, lambda: translate("MemoryPage", "Filter fixed memory entries"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(filtered)
        self.filter_edit.returnPressed.connect(done)
        self.count_label = QLabel()
        self.count_label.setObjectName("countLabel")
        self.trust_button = self._button("trustButton", lambda: translate("MemoryPage", "Mark as trusted"), trust)
        self.delete_button = self._button("deleteButton", lambda: translate("MemoryPage", "Delete"), delete)
        self.trust_button.hide()  # the page shows it while an entry is untrusted
        self.delete_button.hide()  # shown, naming it, while an entry is selected (say_selected)
        self.addWidget(self.filter_edit, 1)
        for w in (self.count_label, self.trust_button, self.delete_button):
            self.addWidget(w)
        self._heights = _SameHeight(self.filter_edit, self.delete_button)
        self._entries = 0  # the highest entry number: Delete's room is for its digits
        self._delete_room = _DeleteRoom(self.delete_button, lambda: self._entries)
        self.filter_edit.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Qt: Esc in a box with words clears them, as search boxes do (walk56 #13)."""
        if (watched is self.filter_edit and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() == Qt.Key.Key_Escape and self.filter_edit.text()):
            self.filter_edit.clear()
            return True
        return False

    def _button(self, name: str, text: Callable[[], str], action: QAction) -> QPushButton:
        b = QPushButton()
        b.setObjectName(name)
        self.texts.bind(b.setText, text)
        self.texts.bind(b.setToolTip, action.toolTip)
        b.clicked.connect(lambda _c=False: action.trigger())
        b.setAutoDefault(False)
        return b

    def focus(self, scroll: QScrollArea) -> None:
        """Search memory (Ctrl+F, MEM-2): the page scrolled to the box (from the dream cards
        far below, the box was out of sight), the cursor in it and its words selected, so
        the next keys replace them."""
        scroll.ensureWidgetVisible(self.filter_edit)
        self.filter_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_edit.selectAll()

    def say_selected(self, number: int | None, *, untrusted: bool, trust_shown: bool, trust_room: bool) -> None:
        """Delete names the selected entry — "Delete #3" — and shows only while one is
        selected (``number``; None: none, hidden, its room kept). Walk53 #9: a bare "Delete"
        beside the count did not say what it deletes. Mark as trusted shows while
        ``trust_shown`` (an untrusted entry is listed), enabled on a selected ``untrusted`` one,
        its room kept while ``trust_room`` (the memory has one: typing in the filter does not
        move the box as matches come and go)."""
        self.delete_button.setVisible(number is not None)
        if number is not None:
            self.texts.bind(self.delete_button.setText, lambda: fill(translate("MemoryPage", "Delete #%1"),
                                                                     QLocale().toString(number)))
        b = self.trust_button
        b.setEnabled(untrusted)
        policy = b.sizePolicy()
        if policy.retainSizeWhenHidden() != trust_room:
            policy.setRetainSizeWhenHidden(trust_room)
            b.setSizePolicy(policy)
        b.setVisible(trust_shown or untrusted)

    @property
    def filtering(self) -> bool:
        """True while the filter box holds words."""
        return bool(self.filter_edit.text().strip())

    def say_count(self, entries: int, untrusted: int, shown: int) -> None:
        """``7 entries · 1 untrusted``, or ``1 of 7 entries match`` while filtering (``shown``
        of ``entries`` rows match; ``untrusted``: of the listed ones, walk56 #13), said again
        on a language switch."""
        filtering = self.filtering
        if len(str(entries)) != len(str(self._entries)):
            self._entries = entries
            self._delete_room.measure()
        self._entries = entries

        def say() -> str:
            text = translate("MemoryPage", "%Ln entry(ies)", None, entries)
            if filtering:
                text = fill(translate("MemoryPage", "%1 of %2 match"), QLocale().toString(shown), text)
            if untrusted:
                text = fill(translate("MemoryPage", "%1 · %2 untrusted"), text, QLocale().toString(untrusted))
            return text

        self.texts.bind(self.count_label.setText, say)
