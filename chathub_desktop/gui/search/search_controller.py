"""Search everything in the window (issue 14): Ctrl+K / Ctrl+Shift+F (or the rail's
Search) shows the :class:`~chathub_desktop.gui.search.search_page.SearchPage` in the window's
page host (issue 29: a page, not a dialog); a message result shows the chats page at its
topic (switching assistant, showing archived topics when it is archived), loads the
older messages down to the hit off the GUI thread, scrolls it to the middle of the view
and highlights it; a memory result opens that assistant's Memory page.

It also keeps the SQLite search index filled (``SearchService.catch_up``): at start and a
moment after messages arrive, change, or topics come and go (imports, and other
processes' writes as the store watcher reports them), one batch per worker call
so other writers never wait long; once per window the memory entries' vectors for the
memory tab's ranking by meaning (``SearchService.warm_memory``: in memory, a few seconds
per hundred entries); then the recall vectors (``gui.shell.vector_fill.VectorFill``,
issue 26), which Settings → Storage shows and pauses. No timer runs at rest (issue 29,
quiet at rest).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Protocol

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence

from chathub_desktop.gui.shell.i18n import Texts, fill
from chathub_desktop.gui.shell.nav_rail import PageId

if TYPE_CHECKING:  # the page (and SQLAlchemy behind it) load on first use, not at start-up
    import asyncio

    from PySide6.QtWidgets import QWidget

    from chathub_desktop.gui.chat.message_jump import TopicJumps
    from chathub_desktop.gui.chat.message_list_model import MessageListModel
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.search.search_page import SearchPage
    from chathub_desktop.gui.shell.chat_events import ChatEvents
    from chathub_desktop.gui.shell.nav_rail import PageHost
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.shell.vector_fill import VectorFill
    from chathub_desktop.gui.shell.window_pages import WindowPages
    from chathub_desktop.gui.topics.topic_list_model import TopicListModel
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.search.search_service import MessageLocation

#: Shortcuts of Search everything.
SHORTCUTS = ("Ctrl+K", "Ctrl+Shift+F")
#: Milliseconds after the last change before the index catches up.
INDEX_DELAY_MS = 1500


class ArchivedToggle(Protocol):
    """Lists archived topics too (Topic → Show archived)."""

    def show_archived(self, on: bool | None = None) -> asyncio.Task[None] | None:
        """Switch it; the task that lists the topics again (None: unchanged)."""
        ...


class SearchHost(Protocol):
    """What search uses of the window (issue 29); the main window is one."""

    svc: Services
    runner: TaskRunner
    topic_model: TopicListModel
    message_model: MessageListModel
    message_view: MessageListView
    jumps: TopicJumps
    pages: WindowPages
    page_host: PageHost
    dialogs: dict[str, QWidget]

    @property
    def topic_actions(self) -> ArchivedToggle:
        """Show archived topics."""
        ...

    @property
    def current_topic_id(self) -> int | None:
        """The open topic."""
        ...

    def current_assistant_id(self) -> int | None:
        """The selected assistant."""
        ...

    async def load_assistants(self, select_id: int | None = None) -> None:
        """Read the assistants on a worker and switch to ``select_id``."""
        ...

    def select_topic(self, topic_id: int) -> None:
        """Select (and open) ``topic_id`` when listed."""
        ...

    def show_status(self, text: str, ms: int = 5000) -> None:
        """A line in the status bar for ``ms`` milliseconds."""
        ...


class SearchController(QObject):
    """Owns the Search everything action and page of ``window``; ``owner`` holds the
    action (its shortcuts) and is raised when a hit opens."""

    def __init__(self, window: SearchHost, owner: QWidget) -> None:
        super().__init__(owner)
        self._w = window
        self._owner = owner
        self.action = QAction(owner)
        self.action.setShortcuts([QKeySequence(k) for k in SHORTCUTS])
        self.texts = Texts(owner)  # issue 27: re-said on a language switch
        self.texts.bind(self.action.setText, lambda: QCoreApplication.translate("SearchController",
                                                                                 "&Search everything…"))
        tip = lambda: QCoreApplication.translate(  # noqa: E731 - said twice
            "SearchController", "Search every topic's messages, memory and dream cards (Ctrl+K or Ctrl+Shift+F)")
        self.texts.bind(self.action.setToolTip, tip)
        self.texts.bind(self.action.setStatusTip, tip)
        self.action.triggered.connect(self.open)
        owner.addAction(self.action)
        self.page: SearchPage | None = None
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(INDEX_DELAY_MS)
        self._soon.timeout.connect(self.index_now)
        self._vector_fill: VectorFill | None = None
        self._warm_cancel = threading.Event()
        self._warm_started = False

    def vector_fill(self) -> VectorFill | None:
        """The recall vectors' background fill (issue 26), built on first use (numpy and
        the engine load then, not at start-up); None without the embedding model."""
        semantic = self._w.svc.semantic
        if self._vector_fill is None and semantic is not None:
            from chathub_desktop.gui.shell.vector_fill import VectorFill

            self._vector_fill = VectorFill(self._w.runner, semantic, self)
        return self._vector_fill

    def bind(self, events: ChatEvents) -> None:
        """Keep the index filled after each change (the window's :meth:`attach` calls
        this with its ``ChatEvents``; the first catch-up is the window's call to
        :meth:`index_now`, once its last topic is shown)."""
        for signal in (events.message_added, events.reply_finished, events.message_changed,
                       events.topic_messages_changed, events.topic_list_changed):
            signal.connect(lambda _e: self._soon.start())

    def index_now(self) -> None:
        """Catch the index up now, unless it is already catching up (or the window's
        event loop is gone: it is closing)."""
        import asyncio

        try:
            asyncio.get_running_loop()
        except RuntimeError:
            self.stop_indexing()
            return
        if not self._w.runner.is_running("search-index"):
            self._w.runner.run("search-index", self._catch_up(), context="Search index", quiet=True)

    def stop_indexing(self) -> None:
        """No more catching up, and the memory warm-up stops between batches (the window
        is shutting down)."""
        self._soon.stop()
        self._warm_cancel.set()

    async def _catch_up(self) -> None:
        import asyncio

        runner, search = self._w.runner, self._w.svc.search
        while await runner.run_in_thread(search.catch_up) > 0:
            await asyncio.sleep(0.05)  # let other writers take the lock between batches
        from chathub_desktop.gui.shell.vector_fill import starts_paused

        svc = self._w.svc
        if not self._warm_started and svc.search.ranks_by_meaning and not starts_paused():
            self._warm_started = True  # once per window: later entries are embedded by the query that meets them
            await self._w.runner.run_in_thread(svc.search.warm_memory, self._warm_cancel)
        if not shiboken6.isValid(self):  # the window closed while the index caught up
            return
        fill = self.vector_fill()
        if fill is not None:
            fill.start()  # then the recall vectors (issue 26)

    def open(self) -> SearchPage:
        """Show the search page with its box focused and its text selected (built on
        first use and kept: its query and results stay)."""
        host = self._w.page_host
        if self.page is None:
            from datetime import UTC, datetime

            from chathub_desktop.gui.search.search_page import SearchPage

            svc = self._w.svc
            self.page = SearchPage(
                self._w.runner,
                lambda q, f: svc.search.search(q, scope=f.scope(datetime.now(UTC)), some_words=True,
                                               other_versions=True),
                lambda q, f, meaning: svc.search.search_memory(q, assistant_id=f.assistant_id, by_meaning=meaning),
                lambda: [(a.id, a.name) for a in svc.assistants.list()],
                by_meaning=svc.search.ranks_by_meaning,
                search_by_meaning=lambda q, f: svc.search.search(q, scope=f.scope(datetime.now(UTC)), by_meaning=True,
                                                                 other_versions=True))
            self.page.open_message.connect(self.open_message)
            self.page.open_memory.connect(self.open_memory)
            self.page.back_requested.connect(lambda: host.show_page(PageId.CHATS))
            self._w.dialogs["search"] = self.page
            host.add_page(PageId.SEARCH, self.page)
        host.show_page(PageId.SEARCH)
        self.page.refresh_assistants()
        self.page.box.setFocus()
        self.page.box.selectAll()
        return self.page

    def open_message(self, topic_id: int, message_id: int) -> None:
        """Show the chats page at ``topic_id`` scrolled to ``message_id``, highlighted
        (runs as a task)."""
        self._w.page_host.show_page(PageId.CHATS)
        self._w.runner.run("search-open", self._open_message(message_id), context="Open search result")

    async def _on_version(self, message_id: int) -> int | None:
        """For a hit on a version not in view (issue 29/30): switch its turn to that
        version when the turn's ‹ › switcher reaches it, and return ``message_id``; else
        (it forks off another hidden version, or the switch is refused) the message in
        view whose switcher leads to it, with a status line saying which version. The
        message itself when it is in view (None: gone everywhere)."""
        from chathub_desktop.gui.shell.service_reasons import said_error
        from chathub_desktop.services.errors import InvalidInput

        w = self._w
        place = await w.runner.run_in_thread(w.svc.search.version_of, message_id)
        if place is None:
            return message_id
        if place.index:
            try:
                await w.runner.run_in_thread(w.svc.versions.switch, place.topic_id, place.seq, place.index)
                w.show_status(fill(QCoreApplication.translate("SearchController", "Showing version %1 / %2"),
                                   str(place.index), str(place.total)), 6000)
                return message_id
            except InvalidInput as exc:  # e.g. a reply is being written in that topic
                w.show_status(fill(QCoreApplication.translate("SearchController",
                                                              "Cannot show version %1 / %2 now: %3"),
                                   str(place.index), str(place.total), said_error(exc)), 8000)
        else:
            w.show_status(QCoreApplication.translate(
                "SearchController", "That message is on another version of an earlier turn: use ‹ › on the "
                                    "highlighted turn"), 8000)
        return place.shown_id

    async def _open_message(self, message_id: int) -> None:
        w = self._w
        in_view = await self._on_version(message_id)
        if in_view is None:
            w.show_status(QCoreApplication.translate("SearchController", "That message is no longer in the topic"))
            return
        message_id = in_view
        loc: MessageLocation = await w.runner.run_in_thread(w.svc.search.locate, message_id)
        if w.current_assistant_id() != loc.assistant_id:
            await w.load_assistants(loc.assistant_id)
        if w.topic_model.row_of(loc.topic_id) is None:
            listing = w.topic_actions.show_archived(True)  # an archived topic is listed only then
            if listing is not None:
                await listing
        model = w.message_model
        if model.topic_id != loc.topic_id:
            w.select_topic(loc.topic_id)
            if w.current_topic_id != loc.topic_id:
                w.show_status(QCoreApplication.translate("SearchController", "That topic is not listed any more"))
                return
            import asyncio

            shown: asyncio.Future[None] = asyncio.get_running_loop().create_future()

            def opened(tid: int) -> None:
                if tid == loc.topic_id and not shown.done():
                    shown.set_result(None)

            model.topic_opened.connect(opened)
            try:
                await asyncio.wait_for(shown, 10)
            finally:
                model.topic_opened.disconnect(opened)
        if model.row_of(message_id) is None:  # outside the loaded window, or a version switched in: the page there
            page = await w.runner.run_in_thread(model.pages.fetch_around, loc.topic_id, loc.position)
            if model.topic_id != loc.topic_id:
                return
            await w.jumps.show_page(page, lambda: model.topic_id == loc.topic_id)  # rows in view first
        row = model.row_of(message_id)
        if row is None:
            w.show_status(QCoreApplication.translate("SearchController", "That message is no longer in the topic"))
            return
        model.set_highlight(message_id)
        w.message_view.focus_row(row)
        self._owner.activateWindow()

    def open_memory(self, assistant_id: int) -> None:
        """Open ``assistant_id``'s Memory page (after switching to it, read on a worker)."""
        self._w.runner.run("search-memory", self._open_memory(assistant_id), context="Open memory")

    async def _open_memory(self, assistant_id: int) -> None:
        if self._w.current_assistant_id() != assistant_id:
            await self._w.load_assistants(assistant_id)
        self._w.pages.open_memory()
