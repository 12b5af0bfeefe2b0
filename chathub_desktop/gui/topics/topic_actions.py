"""Topics you can organize, in the window (issue 14): Pin / Unpin, Archive / Unarchive,
Show archived, Topic → Export (Markdown, JSON) and File → Import → ChatHub topic (JSON).

:class:`TopicActions` owns the actions and puts them in the Topic menu and File → Import,
and builds the topic list's context menu (walk29 #21): for a topic, nine entries in
sections — organize (Rename, Pin, Archive), Private, context (Compact now, Compact with
focus…, View topic summary…), then Export ▸ and Delete; on the list's empty space, New
topic, New private topic and Show archived. The window builds it with one line. Store
writes and file I/O run on worker threads; the list is re-read afterwards. Texts are in
the ``TopicActions`` translation context, re-said on a language switch (issue 27).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPoint, SignalInstance
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QListView, QMenu, QWidget

from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.topics.topic_title import shown_title, untitled_title
from chathub_desktop.private_files import write_private

if TYPE_CHECKING:
    import asyncio

    from chathub_desktop.gui.context.context_controls import ContextControls
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.topics.topic_list_model import TopicListModel
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.views import TopicView

#: Export formats: name filter → (format, suffix).
EXPORT_FILTERS = {"md": (QT_TRANSLATE_NOOP("TopicActions", "Markdown (*.md)"), "md"),
                  "json": (QT_TRANSLATE_NOOP("TopicActions", "ChatHub topic JSON (*.json)"), "json")}

translate = QCoreApplication.translate

#: Each action's text and tooltip (sources of the ``TopicActions`` context), by attribute.
TEXTS = {
    "pin_action": (QT_TRANSLATE_NOOP("TopicActions", "&Pin topic"),
                   QT_TRANSLATE_NOOP("TopicActions", "Keep the selected topic at the top of the list (Ctrl+Shift+P)")),
    "archive_action": (QT_TRANSLATE_NOOP("TopicActions", "&Archive topic"),
                       QT_TRANSLATE_NOOP("TopicActions", "Hide the selected topic from the list; search still finds "
                                                         "it (Ctrl+Shift+A)")),
    "show_archived_action": (QT_TRANSLATE_NOOP("TopicActions", "Show archi&ved topics"),
                             QT_TRANSLATE_NOOP("TopicActions", "List archived topics too")),
    "export_md_action": (QT_TRANSLATE_NOOP("TopicActions", "&Markdown…"),
                         QT_TRANSLATE_NOOP("TopicActions", "Save the topic as Markdown: roles, times, tool calls")),
    "export_json_action": (QT_TRANSLATE_NOOP("TopicActions", "&JSON…"),
                           QT_TRANSLATE_NOOP("TopicActions", "Save the topic as JSON that File → Import → ChatHub "
                                                             "topic reads back without loss")),
    "import_action": (QT_TRANSLATE_NOOP("TopicActions", "ChatHub topic (JSON)…"),
                      QT_TRANSLATE_NOOP("TopicActions", "Import a topic saved with Topic → Export → as JSON")),
}


class TopicActionsHost(Protocol):
    """What the topic actions use of the window (issue 29); the main window is one.
    ``context_controls`` exists once the window is attached (the context menu's
    privacy and focus entries)."""

    svc: Services
    runner: TaskRunner
    topic_list: QListView
    topic_model: TopicListModel
    context_controls: ContextControls
    new_topic_action: QAction
    rename_topic_action: QAction
    compact_action: QAction
    summary_action: QAction
    delete_topic_action: QAction

    @property
    def topic_opened(self) -> SignalInstance:
        """A topic was opened (its id)."""
        ...

    @property
    def topics_listed(self) -> SignalInstance:
        """The topic list was read and its selection made."""
        ...

    @property
    def current_topic_id(self) -> int | None:
        """The open topic."""
        ...

    def current_assistant_id(self) -> int | None:
        """The selected assistant."""
        ...

    def list_topics(self, keep: int | None = None) -> asyncio.Task[None]:
        """Re-read the topic list on a worker, keeping ``keep`` selected when listed."""
        ...

    def show_status(self, text: str, ms: int = 5000) -> None:
        """Say ``text`` in the status line for ``ms`` milliseconds."""
        ...


class TopicActions(QObject):
    """The organize actions of ``host`` (see the module docstring); ``window`` owns them
    (their shortcuts) and parents the file dialogs."""

    def __init__(self, window: QWidget, host: TopicActionsHost, topic_menu: QMenu, import_menu: QMenu) -> None:
        super().__init__(window)
        self._w = host
        self._window = window
        self._export_menus: list[QMenu] = []  # the Topic menu's (built once); a context menu's lives with it
        self.pin_action = self._action(self.toggle_pinned, "Ctrl+Shift+P")
        self.archive_action = self._action(self.toggle_archived, "Ctrl+Shift+A")
        self.show_archived_action = self._action(self.show_archived, None)
        self.show_archived_action.setCheckable(True)
        self.export_md_action = self._action(lambda: self.export("md"), None)
        self.export_json_action = self._action(lambda: self.export("json"), None)
        self.import_action = self._action(self.import_topic, None)
        for a, glyph in ((self.show_archived_action, Icon.SHOW_ARCHIVED), (self.export_md_action, Icon.EXPORT_MARKDOWN),
                         (self.export_json_action, Icon.EXPORT_JSON)):
            a.setIcon(icon(glyph))  # issue 29: a conventional icon on every menu action that has one
        first = topic_menu.actions()[0] if topic_menu.actions() else None
        for a in (self.pin_action, self.archive_action):
            topic_menu.insertAction(first, a) if first else topic_menu.addAction(a)
        topic_menu.addSeparator()
        self._export_menus.append(self.export_menu(topic_menu))
        topic_menu.addMenu(self._export_menus[0])
        topic_menu.addAction(self.show_archived_action)
        import_menu.addAction(self.import_action)
        lst = host.topic_list
        lst.addAction(self.pin_action)  # their shortcuts work in the list
        lst.addAction(self.archive_action)
        lst.customContextMenuRequested.connect(self.show_context_menu)
        host.topic_opened.connect(lambda _tid: self.sync())
        host.topics_listed.connect(self.sync)
        self._dialog: QFileDialog | None = None
        self.last_menu: QMenu | None = None
        self.texts = Texts(window)  # the window's LanguageChange re-says the actions
        self.texts.call(self.retranslate)

    def retranslate(self) -> None:
        """Set the actions' texts and tooltips in the interface language."""
        actions = {"pin_action": self.pin_action, "archive_action": self.archive_action,
                   "show_archived_action": self.show_archived_action, "export_md_action": self.export_md_action,
                   "export_json_action": self.export_json_action, "import_action": self.import_action}
        for name, (text, tip) in TEXTS.items():
            a = actions[name]
            a.setText(translate("TopicActions", text))
            a.setToolTip(translate("TopicActions", tip))
            a.setStatusTip(a.toolTip())
        for menu in self._export_menus:
            menu.setTitle(translate("TopicActions", "E&xport"))
        self.sync()

    def export_menu(self, parent: QMenu) -> QMenu:
        """An "Export" submenu of ``parent`` with the two formats (its icon stands for both)."""
        export = QMenu(translate("TopicActions", "E&xport"), parent)
        export.menuAction().setIcon(icon(Icon.EXPORT))
        export.setToolTipsVisible(True)
        export.addAction(self.export_md_action)
        export.addAction(self.export_json_action)
        return export

    def context_menu_for(self, index: QModelIndex) -> QMenu:
        """The topic list's context menu (walk29 #21) for the row at ``index``, or for the
        list's empty space when ``index`` is invalid (see the module docstring). In each
        section every entry has an icon, or none has."""
        w = self._w
        menu = QMenu(w.topic_list)
        menu.setObjectName("topicContextMenu")
        menu.setToolTipsVisible(True)
        if not index.isValid():
            for a in (w.new_topic_action, w.context_controls.privacy.new_private_action):
                menu.addAction(a)
            menu.addSeparator()
            menu.addAction(self.show_archived_action)
            return menu
        sections: tuple[tuple[QAction | QMenu, ...], ...] = (
            (w.rename_topic_action, self.pin_action, self.archive_action),
            (w.context_controls.privacy.toggle_action,),
            (w.compact_action, w.context_controls.focus_action, w.summary_action),
            (self.export_menu(menu), w.delete_topic_action),
        )
        for n, section in enumerate(sections):
            if n:
                menu.addSeparator()
            for entry in section:
                if isinstance(entry, QMenu):
                    menu.addMenu(entry)
                else:
                    menu.addAction(entry)
        return menu

    def show_context_menu(self, pos: QPoint) -> QMenu:
        """Right-click in the topic list at ``pos`` (viewport coordinates): select the row
        under it, then show :meth:`context_menu_for` it. Returns the menu."""
        lst = self._w.topic_list
        index = lst.indexAt(pos)
        if index.isValid() and index != lst.currentIndex():
            lst.setCurrentIndex(index)
        self.sync()
        menu = self.context_menu_for(index)
        menu.popup(lst.viewport().mapToGlobal(pos))
        self.last_menu = menu
        return menu

    def _action(self, slot: object, shortcut: str | None) -> QAction:
        """An action of the window calling ``slot`` (its texts: :meth:`retranslate`)."""
        a = QAction(self._window)
        if shortcut:
            a.setShortcuts([QKeySequence(shortcut)])
        a.triggered.connect(slot)
        self._window.addAction(a)
        return a

    def current(self) -> TopicView | None:
        """The selected topic's row."""
        idx = self._w.topic_list.currentIndex()
        return self._w.topic_model.topic_at(idx.row()) if idx.isValid() else None

    def sync(self) -> None:
        """Texts and enabled state for the selected topic."""
        t = self.current()
        self.pin_action.setText(translate("TopicActions", "Un&pin topic") if t and t.pinned
                                else translate("TopicActions", "&Pin topic"))
        self.archive_action.setText(translate("TopicActions", "Un&archive topic") if t and t.archived
                                    else translate("TopicActions", "&Archive topic"))
        for a in (self.pin_action, self.archive_action, self.export_md_action, self.export_json_action):
            a.setEnabled(t is not None)

    def toggle_pinned(self) -> None:
        """Pin or unpin the selected topic."""
        t = self.current()
        if t is not None:
            self._w.runner.run("topic-flag", self._flag(t.id, "pinned", not t.pinned), context="Pin topic")

    def toggle_archived(self) -> None:
        """Archive or unarchive the selected topic."""
        t = self.current()
        if t is not None:
            self._w.runner.run("topic-flag", self._flag(t.id, "archived", not t.archived), context="Archive topic")

    async def _flag(self, topic_id: int, name: str, value: bool) -> None:
        topics = self._w.svc.topics
        setter = topics.set_pinned if name == "pinned" else topics.set_archived
        view = await self._w.runner.run_in_thread(setter, topic_id, value)
        self.reload(keep=topic_id)
        said = {("pinned", True): translate("TopicActions", "Pinned “%1”"),
                ("pinned", False): translate("TopicActions", "Unpinned “%1”"),
                ("archived", True): translate("TopicActions", "Archived “%1”"),
                ("archived", False): translate("TopicActions", "Restored “%1”")}[(name, value)]
        self._w.show_status(fill(said, shown_title(view)))

    def show_archived(self, on: bool | None = None) -> asyncio.Task[None] | None:
        """List archived topics too (``on``; toggled from the menu); returns the task that
        lists them again (None: nothing changed)."""
        value = self.show_archived_action.isChecked() if on is None else bool(on)
        self.show_archived_action.setChecked(value)
        if self._w.topic_model.show_archived == value:
            return None
        self._w.topic_model.show_archived = value
        return self._w.list_topics(self._w.current_topic_id)

    def reload(self, keep: int | None) -> asyncio.Task[None]:
        """Re-read the list on a store worker; keep ``keep`` selected when still listed,
        else the first row (the texts follow on ``topics_listed``). Returns the task."""
        return self._w.list_topics(keep)

    def export(self, fmt: str) -> QFileDialog | None:
        """Ask where to save the selected topic as ``fmt`` (``md`` or ``json``)."""
        t = self.current()
        if t is None:
            return None
        from chathub_desktop.core.topic_titles import (
            plain_title,  # not before the first paint (issue 29)
        )

        name_filter, suffix = EXPORT_FILTERS[fmt]
        title = untitled_title() if t.untitled else plain_title(t.title)  # no display note in a file name
        stem = "".join(c if c.isalnum() or c in " -_" else "_" for c in title)[:60].strip() or "topic"
        dlg = QFileDialog(self._window, translate("TopicActions", "Export topic"), str(Path.home() / f"{stem}.{suffix}"),
                          translate("TopicActions", name_filter))
        dlg.setObjectName("topicExportDialog")
        dlg.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dlg.setDefaultSuffix(suffix)
        dlg.fileSelected.connect(lambda p: self.export_to(t.id, fmt, Path(p)))
        dlg.open()
        self._dialog = dlg
        return dlg

    def export_to(self, topic_id: int, fmt: str, path: Path) -> None:
        """Write topic ``topic_id`` as ``fmt`` to ``path`` (off the GUI thread)."""
        self._w.runner.run("topic-export", self._export(topic_id, fmt, path), context="Export topic")

    async def _export(self, topic_id: int, fmt: str, path: Path) -> None:
        files = self._w.svc.topic_files

        def write() -> None:
            import json

            body = (json.dumps(files.export_json(topic_id), ensure_ascii=False, indent=2) + "\n"
                    if fmt == "json" else files.export_markdown(topic_id))
            write_private(path, body.encode("utf-8"))  # 0600, as every export (issue 28)

        await self._w.runner.run_in_thread(write)
        self._w.show_status(fill(translate("TopicActions", "Exported the topic to %1"), str(path)))

    def import_topic(self) -> QFileDialog:
        """Ask for a topic JSON file and import it into the selected assistant."""
        dlg = QFileDialog(self._window, translate("TopicActions", "Import ChatHub topic"), str(Path.home()),
                          translate("TopicActions", "ChatHub topic JSON (*.json);;All files (*)"))
        dlg.setObjectName("topicImportDialog")
        dlg.setFileMode(QFileDialog.FileMode.ExistingFile)
        dlg.fileSelected.connect(lambda p: self.import_from(Path(p)))
        dlg.open()
        self._dialog = dlg
        return dlg

    def import_from(self, path: Path) -> None:
        """Import the topic file at ``path`` into the selected assistant and open it."""
        aid = self._w.current_assistant_id()
        if aid is None:
            self._w.show_status(translate("Composer", "Create an assistant first (Assistant → New…)"))
            return
        self._w.runner.run("topic-import", self._import(path, aid), context="Import topic")

    async def _import(self, path: Path, assistant_id: int) -> None:
        view = await self._w.runner.run_in_thread(self._w.svc.topic_files.import_file, path, assistant_id)
        if view.archived:
            self.show_archived(True)
        self.reload(keep=view.id)
        count = view.message_count
        self._w.show_status(fill(translate("TopicActions", "Imported “%1” (%2)"), shown_title(view),
                                 translate("TopicActions", "%Ln message(s)", None, count)))
