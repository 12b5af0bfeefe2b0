"""The main window's open topic (issue 29): listing the selected assistant's topics,
opening one (its newest page read and rendered on workers), each topic's unsent draft
(kept across a restart: :mod:`~chathub_desktop.gui.topics.topic_drafts`), creating and
forgetting topics, and the background work that waits for the first topic.

New topic switches the composer to the topic being made at once, before the store's
answer (walk45 #2): what is typed meanwhile is that topic's draft.

What the window shows around an opened topic (header, empty states, Send, the bars) is
the host's ``topic_shown``; this component keeps the state and does the store reads.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QItemSelectionModel, QModelIndex, QObject, Signal
from PySide6.QtWidgets import QApplication

from chathub_desktop.gui.chat.composer import DraftState
from chathub_desktop.gui.shell.after_paint import after_paint
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP
from chathub_desktop.gui.topics.topic_drafts import TopicDrafts
from chathub_desktop.services.errors import ServiceError

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtWidgets import QListView

    from chathub_desktop.gui.chat.composer import Composer
    from chathub_desktop.gui.chat.message_jump import TopicJumps
    from chathub_desktop.gui.chat.message_list_model import MessageListModel, TopicPage
    from chathub_desktop.gui.chat.message_list_view import MessageListView
    from chathub_desktop.gui.context.estimate_controller import EstimateController
    from chathub_desktop.gui.search.search_controller import SearchController
    from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.gui.topics.late_topics import LateTopics
    from chathub_desktop.gui.topics.topic_list_model import TopicListModel
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.topics.first_page import FirstPage

NO_ASSISTANT_TEXT = QT_TRANSLATE_NOOP("Composer", "Create an assistant first (Assistant → New…)")


class TopicHost(Protocol):
    """What opening topics uses of the window (issue 29); the main window is one. The
    store-bound parts exist once the window is attached."""

    svc: Services
    late_topics: LateTopics
    runner: TaskRunner
    presenter: ErrorPresenter
    composer: Composer
    topic_model: TopicListModel
    topic_list: QListView
    message_model: MessageListModel
    message_view: MessageListView
    jumps: TopicJumps
    search: SearchController
    estimate: EstimateController

    def current_assistant_id(self) -> int | None:
        """The selected assistant's id."""
        ...

    def show_status(self, text: str, ms: int = 5000) -> None:
        """A line in the status bar for ``ms`` milliseconds."""
        ...

    def topic_shown(self, topic_id: int | None) -> None:
        """``topic_id`` (None: none) is now the open topic: show what follows it."""
        ...

    def sync_topic_actions(self) -> None:
        """Rename / Delete / Compact follow the topic list's selection."""
        ...


class TopicOpener(QObject):
    """The open topic of ``host``'s topic list. Signals: ``topics_listed`` (a listing was
    shown and its selection made), ``topic_created(id)`` (``create`` made and opened it),
    ``topic_opened(id)`` (a topic was opened; its rows are on their way),
    ``opening_shown`` (once per window: the first listing's open topic has painted its
    rows, or there was none to open; issue 29), ``preview_shown`` (the rows in view of the
    page :meth:`preview` showed painted), ``settled`` (once: the first topic is shown and
    counted, the window idle; issue 30).

    The badge's count and the background work need every service: until
    :meth:`services_ready`, they wait (the window shows its first page on the store alone)."""

    topics_listed = Signal()
    topic_created = Signal(int)
    topic_opened = Signal(int)
    opening_shown = Signal()
    preview_shown = Signal()
    #: Once per window: the first topic is shown and the badge has counted it; the window
    #: is idle (issue 30: the Memory page's card painting is set up then).
    settled = Signal()

    def __init__(self, host: TopicHost, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._host = host
        self.topic_id: int | None = None  # the open topic
        #: Unsent drafts per topic, kept in the store (follow_selection: the runner exists).
        self.drafts: TopicDrafts | None = None
        self._fresh: set[int] = set()  # topics create() made: dropped when left unused (walk42 #3)
        self._creating: asyncio.Task[int | None] | None = None  # New topic pressed, the store not done yet
        self._adopt: int | None = None  # the topic being made: opening it keeps the composer's draft
        self._new_draft: DraftState | None = None  # its draft, when another topic was opened meanwhile
        self._background_started = False
        self._opening_done = False  # opening_shown was emitted
        self._services = False  # services_ready() was called
        self._page_done = False  # a topic's whole first page was shown
        self._preview: TopicPage | None = None  # shown before the store opened, until it opens
        self._previewing: asyncio.Task[None] | None = None  # showing it

    @property
    def shown_id(self) -> int | None:
        """The topic whose rows the window shows: the open one, else the one :meth:`preview`
        shows before the store opened (None: none)."""
        if self.topic_id is None and self._preview is not None:
            return self._preview.topic_id
        return self.topic_id

    def preview(self, page: FirstPage) -> None:
        """Show ``page``, read before the store opened (issue 29), as the topic the first
        listing will open: its rows in view first (``preview_shown`` once painted), the
        rest in steps. Opening that topic keeps these rows when the store's read of its
        newest page is the same page."""
        from chathub_desktop.gui.chat.message_list_model import TopicPage

        if page.topic_id is None or self.topic_id is not None:
            return
        shown = TopicPage(page.topic_id, page.first_offset, page.views, None, total=page.total)
        self._preview = shown
        self._previewing = self._host.runner.run("first-page", self._show_preview(shown), context="Open topic")

    async def _show_preview(self, page: TopicPage) -> None:
        view = self._host.message_view

        def painted() -> None:
            after_paint(view.viewport(), self.preview_shown.emit)

        await self._host.jumps.show_page(page, lambda: self.topic_id in (None, page.topic_id), shown=painted)

    def follow_selection(self) -> None:
        """Open whatever the topic list selects and keep each topic's draft (the window's
        column is built: the list has its model, the runner exists)."""
        host = self._host
        self.drafts = TopicDrafts(host.late_topics, host.runner, self)
        host.topic_list.selectionModel().currentChanged.connect(self._on_selected)
        # a topic clicked or chosen with Enter: typing goes on in its draft (issue 29)
        host.topic_list.clicked.connect(lambda _index: self.focus_draft())
        host.topic_list.activated.connect(lambda _index: self.focus_draft())
        host.composer.draft_settled.connect(lambda _text: self._note_open())
        host.composer.replaced.connect(self._note_open)

    def _drafts_(self) -> TopicDrafts:
        if self.drafts is None:
            raise RuntimeError("the chat column is not built yet")
        return self.drafts

    def _note_open(self) -> None:
        """The open topic's draft changed (typed, or replaced: a send emptied it)."""
        if self.topic_id is not None and self.drafts is not None:
            self.drafts.note(self.topic_id, self._host.composer.draft_state())

    def list_topics(self, keep: int | None = None) -> asyncio.Task[None]:
        """Re-read the selected assistant's topics on a store worker; then select ``keep``
        when listed, else the first topic (``topics_listed`` fires). Returns the task."""
        host = self._host
        return host.runner.run("topic-list", self.show_list(host.current_assistant_id(), keep), context="Topics")

    async def show_list(self, assistant_id: int | None, keep: int | None) -> None:
        """List ``assistant_id``'s topics (read on a store worker) and select ``keep``, or
        the first; returns once shown."""
        host = self._host
        drafts = self._drafts_()
        opened = self.topic_id
        if assistant_id is not None:  # the drafts with the rows: before a topic opens, its draft is known
            aid = assistant_id
            rows, stored = await host.topic_model.settled_read(  # none made meanwhile is left out (issue 28)
                lambda: (host.topic_model.fetch(aid), drafts.read(aid)))
            drafts.merge(assistant_id, stored)
        else:
            rows = []
        if assistant_id != host.current_assistant_id():
            return  # another assistant was chosen meanwhile
        if keep is None and self.topic_id != opened:  # opened meanwhile (New topic): the user's choice stays
            keep = self.topic_id
        host.topic_model.show(assistant_id, rows)
        host.sync_topic_actions()
        row = host.topic_model.row_of(keep) if keep is not None else None
        if row is None and host.topic_model.rowCount() > 0:
            row = 0
        if row is not None:
            self.select_row(row)
        else:
            self.open(None)
            self._rows_painted(None)
        self.topics_listed.emit()

    def select_row(self, row: int) -> None:
        """Select (and open) the topic on ``row``."""
        host = self._host
        host.topic_list.selectionModel().setCurrentIndex(host.topic_model.index(row),
                                                         QItemSelectionModel.SelectionFlag.ClearAndSelect)

    def select(self, topic_id: int) -> None:
        """Select (and open) ``topic_id`` when listed."""
        row = self._host.topic_model.row_of(topic_id)
        if row is not None:
            self.select_row(row)

    def _on_selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        t = self._host.topic_model.topic_at(current.row()) if current.isValid() else None
        self.open(t.id if t else None)
        self._host.sync_topic_actions()

    def open(self, topic_id: int | None) -> None:
        """Show ``topic_id`` in the message view (newest page only) and re-estimate."""
        if topic_id == self.topic_id and topic_id is not None:
            return
        host = self._host
        drafts = self._drafts_()
        leaving, draft = self.topic_id, host.composer.draft_state()  # the box's text and its long pastes apart
        if leaving is not None:  # each topic keeps its own unsent draft
            drafts.park(leaving, draft)
            if not draft and leaving in self._fresh | drafts.emptied:  # left unused: it goes
                self._fresh.discard(leaving)
                drafts.emptied.discard(leaving)
                host.runner.run(f"discard-topic:{leaving}", self._discard(leaving), context="Topics", quiet=True)
            elif not draft and self._services and self._listed_unused(leaving):  # a window's from a run that ended?
                host.runner.run(f"discard-topic:{leaving}", self._discard(leaving, left=True), context="Topics",
                                quiet=True)
        elif self._creating is not None:  # the box belonged to the topic being made
            self._new_draft = draft
        self.topic_id = topic_id  # before the box changes: its change notes this topic's draft
        if topic_id is not None and topic_id == self._adopt:  # the topic New topic made
            self._adopt = None
            kept, self._new_draft = self._new_draft, None
            if kept is not None:
                host.composer.set_text(kept)
            else:  # the box already holds what was typed since the click
                self._note_open()
        else:
            host.composer.set_text(drafts.take(topic_id) if topic_id is not None else "")
        host.message_view.set_sending_first(False)
        if self._preview is None or self._preview.topic_id != topic_id:
            host.message_model.show_page(None)
        if topic_id is not None:  # the store read and the Markdown rendering run off the GUI thread
            host.runner.run("open-topic", self._show(topic_id), context="Open topic")
        host.topic_shown(topic_id)
        host.estimate.show(None)
        if topic_id is None:
            host.estimate.schedule()
        else:  # the badge counts once the page is shown (_show): the rows come first
            if not self._in_list():  # the list's arrow keys open topics and stay in the list
                self.focus_draft()
            self.topic_opened.emit(topic_id)

    def _in_list(self) -> bool:
        """The keyboard is in the topic list (or its title editor)."""
        focus, topics = QApplication.focusWidget(), self._host.topic_list
        return focus is not None and (focus is topics or topics.isAncestorOf(focus))

    def focus_draft(self) -> None:
        """The open topic's draft takes the keyboard (issue 29: at start and once a topic
        opens, typing goes into the composer, as in Cherry Studio or Claude); nothing while
        the window takes no input (the box is disabled) or shows no chat."""
        draft = self._host.composer.draft
        if draft.isEnabled() and draft.isVisibleTo(draft.window()):
            draft.setFocus()

    def _listed_unused(self, topic_id: int) -> bool:
        """Whether the list shows ``topic_id`` as never used: untitled, no message, not
        pinned, archived or private (the store decides: ``TopicService.leave``)."""
        model = self._host.topic_model
        row = model.row_of(topic_id)
        t = model.topic_at(row) if row is not None else None
        return t is not None and t.untitled and not (t.message_count or t.pinned or t.archived or t.private)

    async def _discard(self, topic_id: int, *, left: bool = False) -> None:
        """Delete ``topic_id`` on a store worker if it is still unused (a new topic left
        without a message, walk42 #3; its draft emptied, walk45 #1) and drop its row; a renamed, pinned or private
        topic, or one given its own model, stays (``TopicService.discard_if_empty``). ``left``: not one this
        window made or emptied: only a New topic's of this or an ended process goes (``TopicService.leave``)."""
        import asyncio

        creating = self._creating
        if creating is not None and not creating.done():  # the new topic first: SQLite would give it this id
            await asyncio.wait([creating])
        topics = self._host.svc.topics
        discard = (functools.partial(topics.leave, topic_id) if left
                   else functools.partial(topics.discard_if_empty, topic_id, draft_emptied=True))
        if await self._host.runner.run_in_thread(discard):
            self._host.topic_model.remove(topic_id)
            self._host.sync_topic_actions()

    def reload(self) -> None:
        """Read the open topic's newest page again (another process changed it); after a
        jump to the start, its first page."""
        if self.topic_id is not None and self._host.jumps.reload() is None:
            self._host.runner.run("open-topic", self._show(self.topic_id), context="Open topic")

    async def _show(self, topic_id: int) -> None:
        """Fetch the newest page of ``topic_id`` and show it as its Markdown is rendered on
        worker threads (unless another topic was opened meanwhile)."""
        import asyncio  # loaded by now: the window's tasks run on it

        host = self._host
        cancelled = False  # by the window's shutdown: start nothing more
        counting: list[bool] = []

        def count() -> None:  # the badge once the rows in view have painted
            if not counting:
                counting.append(True)
                after_paint(host.message_view.viewport(), functools.partial(self._rows_painted, topic_id))

        try:
            page = await host.runner.run_in_thread(host.message_model.pages.fetch_page, topic_id)
            if self.topic_id != topic_id:
                return
            preview, self._preview = self._preview, None
            if preview is not None and self._previewing is not None:
                await asyncio.wait([self._previewing])  # the page shown before the store opened is in
            if preview is not None and _same_page(preview, page):
                count()
            else:  # the rows in view first, the rest of the page in steps (issue 29)
                await host.jumps.show_page(page, lambda: self.topic_id == topic_id, shown=count)
        except asyncio.CancelledError:
            cancelled = True
            raise
        finally:
            if not cancelled and self.topic_id == topic_id:  # the whole page is in
                count()
                self._page_done = True
                if self._services:
                    self._start_background()

    def _rows_painted(self, topic_id: int | None) -> None:
        """``topic_id``'s rows in view painted (None: no topic to open): the first time,
        ``opening_shown``; with every service, the badge's count (the background work
        starts once the whole page is in, or here when there is no topic)."""
        if not self._opening_done:
            self._opening_done = True
            self.opening_shown.emit()
        if self._services:
            if topic_id is not None:
                self._count(topic_id)
            else:
                self._start_background()

    def services_ready(self) -> None:
        """Every service is attached (issue 29): the open topic's badge counts and the
        background work starts, if its rows painted before."""
        self._services = True
        if self._opening_done:
            if self.topic_id is not None:
                self._count(self.topic_id)
            if self.topic_id is None or self._page_done:
                self._start_background()

    def _count(self, topic_id: int) -> None:
        """The badge's count, started after the opened topic's rows painted: a worker
        counting meanwhile made each of the page's layout and paint calls into Python wait
        for the interpreter lock (issue 29)."""
        if self.topic_id == topic_id:
            self._host.estimate.schedule()

    def _start_background(self) -> None:
        """Once per window, after the first topic's rows are shown (or there is no topic
        to show): load the tokenizers of every assistant's and topic's model (issue 9:
        not at the first keystroke's estimate), then, once the badge's first count has
        ended, catch up the search index, then memory and recall vectors. Started
        earlier, they took the CPU and the GIL from opening the last topic (issue 29: the
        tokenizers alone held the rows back ~0.35 s), and the recall vectors' model
        loaded beside the badge's read of the whole topic (+~45 MB at the peak). The
        secret detector's rules (44 MB) compile when something may be remembered: a
        reply, a compaction, the Memory page (issue 29: not at rest)."""
        if not self._background_started:
            self._background_started = True
            runner = self._host.runner
            tokenizers = runner.run("tokenizers", runner.run_in_thread(self._host.svc.estimates.warm_up),
                                    context="Tokenizers", quiet=True)
            runner.run("index-after-badge", self._index_after(tokenizers), context="Search index", quiet=True)

    async def _index_after(self, tokenizers: asyncio.Task[None]) -> None:
        """Catch the search index up once ``tokenizers`` ended (either way) and the badge
        has its count."""
        import asyncio

        await asyncio.wait([tokenizers])
        await self._host.estimate.idle()
        self.settled.emit()
        self._host.search.index_now()

    def start_new(self, *, private: bool = False) -> asyncio.Task[int | None]:
        """New topic pressed (``private``: issue 19): from now on the composer belongs to
        the topic being made (walk45 #2): the open topic keeps its draft, the box empties
        and what is typed before the store's answer is the new topic's draft. The topic is
        made on a store worker and opened; returns that task (its result the id, None when
        refused). A press while one is on its way returns that one's task."""
        if self._creating is not None and not self._creating.done():
            return self._creating
        host = self._host
        if self.topic_id is not None and host.current_assistant_id() is not None:
            selection = host.topic_list.selectionModel()
            selection.clearSelection()
            selection.clearCurrentIndex()  # opens nothing: the old topic parks its draft
            if self.topic_id is not None:
                self.open(None)
        host.composer.draft.setFocus()  # typing goes on in the new topic's box
        task = self._creating = host.runner.run("new-topic", self._create(private), context="New topic")
        return task

    async def create(self, *, private: bool = False) -> int | None:
        """Create a topic on a store worker, open it and return its id (None: refused,
        said in one line); :meth:`start_new`, awaited."""
        import asyncio

        return await asyncio.shield(self.start_new(private=private))

    async def _create(self, private: bool) -> int | None:
        host = self._host
        aid = host.current_assistant_id()
        try:
            if aid is None:
                host.show_status(QCoreApplication.translate("Composer", NO_ASSISTANT_TEXT))
                return None
            t = await host.runner.run_in_thread(functools.partial(host.svc.topics.create, aid, private=private,
                                                                  by_window=True))
        except ServiceError as exc:
            host.presenter.present(exc, context="New topic")
            return None
        finally:
            self._creating = None
        self._fresh.add(t.id)
        kept, self._new_draft = self._new_draft, None
        if aid == host.current_assistant_id():
            if self.topic_id == t.id and kept and not host.composer.draft_state():  # a listing opened it first
                host.composer.set_text(kept)  # what was typed since the click is still its draft (issue 28)
            self._adopt, self._new_draft = t.id, kept
            self.select_row(host.topic_model.insert_first(t))
            self._adopt = self._new_draft = None
            host.composer.draft.setFocus()
        elif kept:  # another assistant was chosen meanwhile: the draft stays with the topic
            self._drafts_().park(t.id, kept)
        self.topic_created.emit(t.id)
        return t.id

    async def discard_at_quit(self) -> list[int]:
        """Quit (issue 27), on store workers before the store closes: write every draft
        not written yet (the open topic's too, walk45 #1), then delete the topics
        :meth:`create` made, or whose stored draft was emptied, that are still unused,
        as when they are left (title43's rule in ``TopicService.discard_if_empty``: a
        title, pin, privacy, own model, summary or draft keeps one). Returns the ids
        deleted."""
        import asyncio

        host = self._host
        creating = self._creating
        if creating is not None and not creating.done():  # New topic just pressed: the box is its draft
            await asyncio.wait([creating])
        drafts = self._drafts_()
        draft = host.composer.draft_state()
        await drafts.flush_at_quit(self.topic_id, draft)
        drafted = {t for t in self._fresh | drafts.emptied if drafts.has(t)}
        if self.topic_id is not None and draft:
            drafted.add(self.topic_id)
        fresh = sorted((self._fresh | drafts.emptied) - drafted)
        self._fresh, drafts.emptied = set(), set()
        discard = functools.partial(host.svc.topics.discard_if_empty, draft_emptied=True)
        return [t for t in fresh if await host.runner.run_in_thread(discard, t)]

    def forget(self, topic_id: int, row: int) -> None:
        """``topic_id`` (listed on ``row``) left the list: its draft goes, and when it was
        open the topic now on that row (or the last one) opens instead."""
        self._drafts_().forget(topic_id)
        self._fresh.discard(topic_id)
        if self.topic_id != topic_id:
            return
        self.topic_id = None
        count = self._host.topic_model.rowCount()
        if count > 0:
            self.select_row(min(row, count - 1))
        else:
            self.open(None)


def _same_page(shown: TopicPage, read: TopicPage) -> bool:
    """Whether ``read`` (the store's) shows what ``shown`` (read before it opened) does:
    the same rows at the same place, and no summary boundary to draw."""
    return (shown.topic_id, shown.first_offset, shown.total, shown.views) == (
        read.topic_id, read.first_offset, read.total, read.views) and read.cursor_id is None
