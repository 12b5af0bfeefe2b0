"""The main window's token badge runs (TOK-1, TOK-2): one estimate at a time on a worker
thread, for the open topic and the current draft."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog

from chathub_desktop.gui.shell.i18n import Texts

if TYPE_CHECKING:
    from chathub_desktop.gui.chat.attachments import AttachmentController
    from chathub_desktop.gui.chat.composer import Composer
    from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
    from chathub_desktop.gui.shell.task_runner import TaskRunner
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.views import EstimateView, TruncationView


#: Seconds between looks while :meth:`EstimateController.idle` waits for a count to end.
IDLE_POLL_S = 0.05


class EstimateHost(Protocol):
    """What the badge runs use of the window (issue 29); the main window is one. Its
    ``svc`` exists once ``takes_input`` is True: a count asked for before waits for it."""

    svc: Services
    takes_input: bool
    runner: TaskRunner
    presenter: ErrorPresenter
    composer: Composer
    attachments: AttachmentController

    @property
    def current_topic_id(self) -> int | None:
        """The open topic."""
        ...


class EstimateController:
    """Recounts ``window``'s badge. ``shown`` counts the estimates put on the badge."""

    def __init__(self, window: EstimateHost) -> None:
        self._w = window
        self._running = False
        self._pending = False
        self._invalidate = False
        self._wired = False
        self.shown = 0
        #: The open model card editor (issue 28), for tests and screenshots.
        self.card_dialog: QDialog | None = None

    def schedule(self, invalidate: bool = False) -> None:
        """Recount the badge for the open topic and the current draft, in a worker thread.

        Runs never overlap: a request while one runs is remembered and started after it.
        ``invalidate`` (the topic's history changed) drops the service's cached history
        right before the next run starts, so a run that began earlier cannot leave a
        stale cache behind. Typing does not invalidate: only the draft is recounted.
        """
        self._pending = True
        self._invalidate = self._invalidate or invalidate
        if not self._running:
            self._start()

    async def idle(self) -> None:
        """Return once no count runs or waits (issue 29: the first count reads the whole
        topic; the background work that also reads it waits for it, so their memory and
        their hold on the GIL do not add up)."""
        import asyncio

        while self._running or (self._pending and self._w.takes_input):
            await asyncio.sleep(IDLE_POLL_S)

    def _start(self) -> None:
        w = self._w
        if not self._pending or not w.takes_input:  # no services yet: the opener schedules again once they are
            return
        self._pending = False
        topic_id = w.current_topic_id
        if topic_id is None:
            self._invalidate = False
            self.show(None)
            return
        if self._invalidate:
            w.svc.estimates.invalidate(topic_id)
            self._invalidate = False
        self._running = True
        w.runner.run("estimate", self._estimate(topic_id, w.composer.text(), w.attachments.pending()),
                     context="Token estimate", quiet=True)

    async def _estimate(self, topic_id: int, draft: str, attachments: tuple[object, ...] = ()) -> None:
        w = self._w
        try:
            extra = (attachments,) if attachments else ()  # issue 14: pending attachments count too
            e = await w.runner.run_in_thread(w.svc.estimates.estimate, topic_id, draft, *extra)
            if topic_id == w.current_topic_id:
                self.show(e)
        finally:
            self._running = False
            if self._pending:
                QTimer.singleShot(0, self._start)

    def show(self, e: EstimateView | None) -> None:
        """Show ``e`` on the badge (None: no figure)."""
        badge = self._w.composer.badge
        composer = self._w.composer
        if not self._wired:  # the composer is built after this controller
            badge.card_window_requested.connect(self.save_card_window)
            badge.card_edit_requested.connect(self.edit_card)
            #: The draft's "too long" line, said again on a language switch (issue 27).
            self._texts = Texts(composer)
            self._say_too_long: Callable[[str], None] = lambda line: composer.set_too_long(line or None)
            self._wired = True
        if e is not None:
            self.shown += 1
        badge.show_estimate(e)
        from chathub_desktop.gui.context.meter_words import (  # the lines in the interface language
            draft_too_long,
            over_budget_words,
        )

        self._texts.bind(self._say_too_long, lambda: (draft_too_long(e) or "") if e is not None else "")
        # walk53 #3: over the budget (the draft alone fits), what Send will do; the draft's own line wins
        self._texts.bind(composer.over_budget.set_line,
                         lambda: "" if e is None or draft_too_long(e) is not None else over_budget_words(e) or "")

    def edit_card(self, e: EstimateView) -> None:
        """Open the model card editor on ``e``'s model and provider, starting from the
        window ``e`` used, once the providers are read on a worker; after a save the
        badge recounts (issue 28)."""
        self._w.runner.run("model-card", self._edit_card(e), context="Model card")

    async def _edit_card(self, e: EstimateView) -> None:
        from chathub_desktop.gui.settings.model_card_dialog import ModelCardDialog

        w = self._w
        providers = await w.runner.run_in_thread(w.svc.providers.list)
        dialog = ModelCardDialog(w.svc.models, providers, w.runner, w.presenter, model=e.model,
                                 provider_id=e.provider_id, window=e.context_window, parent=w.composer.window())
        dialog.saved.connect(lambda _view: self.schedule(invalidate=True))
        self.card_dialog = dialog
        dialog.open()

    def save_card_window(self, t: TruncationView) -> None:
        """Save a model card for ``t.model`` (on ``t.provider``) with the window the
        server reported (REF-27), on a worker thread, then recount the badge."""
        w = self._w

        async def save() -> None:
            await w.runner.run_in_thread(functools.partial(w.svc.models.set, t.model, t.reported,
                                                           provider=t.provider))
            w.composer.badge.popover.card_window_saved(t)
            self.schedule(invalidate=True)

        w.runner.run("set-card-window", save(), context="Set the model card's window")
