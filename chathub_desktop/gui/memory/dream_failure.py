"""The dream panel's failure lines (walkthrough F2, issues 28 and 30): a failed run's bar
with Retry and Details…, the fixes it names as buttons under it — **Edit model card…**
(the History Compress model's card: its max output or window stopped the run) and
**Choose History Compress model…** — and the inline error line. A component of
:class:`~chathub_desktop.gui.memory.dream_panel.DreamPanel`, given the services, the
task runner and the error presenter.

The model card editor opens on the History Compress model as it runs (read on a worker:
``Services.summarizer_target``), starting from the user's card for that model when there
is one, so its stored max output and window are what the user raises (dream50's advice
named Settings → Models; issue 30).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from chathub_desktop.core.reasons import Reason
from chathub_desktop.gui.memory.page_common import error_label
from chathub_desktop.gui.settings.card_field import CardField
from chathub_desktop.gui.settings.summarizer_choice import choose_button
from chathub_desktop.gui.shell.error_bar import ErrorBar
from chathub_desktop.gui.shell.error_presenter import ErrorPresenter
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.dream.dream_reasons import DreamReason
from chathub_desktop.services.errors import ServiceError
from chathub_desktop.services.fault_place import PROVIDERS_PLACE

if TYPE_CHECKING:
    from chathub_desktop.gui.settings.model_card_dialog import CardEditor
    from chathub_desktop.services.container import Services
    from chathub_desktop.services.providers.model_card_service import ModelCardView

translate = QCoreApplication.translate

#: The failure bar's Details line under the summary (not a bug: the model or its provider failed).
FAILURE_HINT = QT_TRANSLATE_NOOP("ErrorBar", "The History Compress model or its provider failed; the reason is below.")
#: Characters of a failed run's line before the bar cuts it (issue 30: the cap's advice,
#: ~260 characters, was cut at the bar's 240 — "(Settings → Mo…"); the bar wraps it whole.
FAILURE_LINE_CHARS = 600
#: Failures the History Compress model's card fixes: its max output or its window stopped the run.
CARD_FIXES = frozenset({DreamReason.CUT_AT_OUTPUT_CAP, DreamReason.CUT_AT_WINDOW, DreamReason.WINDOW_TOO_SMALL})


def card_fixes(why: Reason | None) -> CardField | None:
    """The card field that fixes ``why`` (a run's typed reason, its nested reasons too)
    when it is one :data:`CARD_FIXES` names, so the bar offers Edit model card… (issue 30)
    opening on that field (walk51b #4: Max output for the cap, else Context window); None
    when the card does not fix it."""
    if why is None:
        return None
    if why.template in CARD_FIXES:
        return CardField.MAX_OUTPUT if why.template == DreamReason.CUT_AT_OUTPUT_CAP else CardField.WINDOW
    return next((f for a in why.args if isinstance(a, Reason) and (f := card_fixes(a)) is not None), None)


class DreamFailure(QWidget):
    """:attr:`bar` (a failed run, Retry, Details…), :attr:`card_button` and
    :attr:`choose_button` in a row under it, and :attr:`error_label`; each hidden until
    used. ``summarizer_choice`` is called by Choose History Compress model…;
    ``providers(name)`` by a failure's "Settings → Providers" link, with the provider that
    failed (memerr54: the same link as chat's error line); ``status(message)`` says what the model card editor did (a callable, re-said on a
    language switch)."""

    def __init__(self, services: Services, runner: TaskRunner, presenter: ErrorPresenter, *,
                 summarizer_choice: Callable[[], object], providers: Callable[[str], object],
                 status: Callable[[Callable[[], str]], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dreamFailure")
        self._providers = providers
        self._svc = services
        self._runner = runner
        self._status = status
        self._presenter = presenter
        #: Opens the model card editor (tests read its ``dialog``); made on first use.
        self.cards: CardEditor | None = None
        #: The card field the failure shown asks to raise (the editor opens on it).
        self.card_field = CardField.MODEL
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(6)
        #: A failed dream stays here until dismissed, with Retry and Details (walkthrough F2).
        self.bar = ErrorBar(hint=FAILURE_HINT, name="dreamFailureBar", max_chars=FAILURE_LINE_CHARS)
        self.card_button = QPushButton()
        self.card_button.setObjectName("dreamEditModelCard")
        self.card_button.setAutoDefault(False)
        texts = Texts(self)
        texts.bind(self.card_button.setText, lambda: translate("MemoryPage", "Edit model card…"))
        texts.bind(self.card_button.setToolTip, lambda: translate(
            "MemoryPage", "Open the History Compress model's card: raise its max output or its context window, "
                          "then Retry"))
        self.card_button.clicked.connect(lambda _c=False: self.edit_card())
        self.card_button.hide()
        self.choose_button = choose_button("dreamChooseSummarizer")  # issue 28
        self.choose_button.clicked.connect(lambda _c=False: summarizer_choice())
        #: The fixes the bar names, right under its Retry (a row of their own: the bar's line keeps its width).
        self.fixes = QWidget()
        self.fixes.setObjectName("dreamFailureFixes")
        row = QHBoxLayout(self.fixes)
        row.setContentsMargins(0, 0, 0, 0)
        row.addStretch(1)
        row.addWidget(self.card_button)
        row.addWidget(self.choose_button)
        self.fixes.hide()
        self.error_label: QLabel = error_label("dreamErrorLabel")
        for w in (self.bar, self.fixes, self.error_label):
            lay.addWidget(w)
            w.installEventFilter(self)
        self.hide()  # while no line shows: no spacing of the panel's around nothing

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """A line shown or hidden (the bar hides itself on Retry and ×): this widget is
        shown while one is. Never consumes the event."""
        if event.type() in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
            self.setVisible(any(not w.isHidden() for w in (self.bar, self.fixes, self.error_label)))
        return False

    def show_error(self, message: str) -> None:
        """Show ``message`` inline (empty hides it)."""
        self.error_label.setText(message)
        self.error_label.setVisible(bool(message))

    def show_failure(self, summary: str | Callable[[], str], details: str | Callable[[], str],
                     retry: Callable[[], object] | None, provider: str | None = None) -> None:
        """Show a failed run in :attr:`bar` until dismissed (walkthrough F2); ``provider``:
        the provider a transport fault names (:func:`~chathub_desktop.services.fault_place.fault_provider`),
        whose "Settings → Providers" in the line opens Settings there (memerr54). Builders
        (``summary``, ``details``) are said again after a language switch (memlang54)."""
        self.bar.dismiss()  # one failure at a time: the count is for bugs
        link = ((lambda: translate("MessageList", PROVIDERS_PLACE)), lambda: self._providers(provider)) \
            if provider is not None else None
        self.bar.show_error(summary, details, retry, link=link)

    def hide_failure(self) -> None:
        """Hide :attr:`bar` and the fixes (a new run starts)."""
        self.bar.dismiss()
        self.offer(summarizer=False, card=False)

    def offer(self, *, summarizer: bool | None = None, card: bool | CardField | None = None) -> None:
        """Show (or hide) Choose History Compress model… (issue 28) and Edit model card…
        (issue 30: a :class:`CardField` shows it, opening the editor on that field); None
        leaves that button as it is."""
        if summarizer is not None:
            self.choose_button.setVisible(summarizer)
        if isinstance(card, CardField):
            self.card_field = card
        if card is not None:
            self.card_button.setVisible(card is not False)
        self.fixes.setVisible(not self.choose_button.isHidden() or not self.card_button.isHidden())

    def edit_card(self) -> None:
        """Edit model card…: read the History Compress model and its user card on a worker,
        then open the editor on them, over this panel's window (non-blocking)."""
        self._runner.run(f"dream-model-card-{id(self)}", self._edit_card(), context="Model card")

    async def _edit_card(self) -> None:
        svc = self._svc

        def read() -> tuple[str, int, str, int, ModelCardView | None]:
            target = svc.summarizer_target()
            cards = svc.models.list()
            mine = next((c for c in cards if c.model == target.model and c.provider == target.provider_name), None)
            mine = mine or next((c for c in cards if c.model == target.model and c.provider is None), None)
            return target.model, target.provider_id, target.provider_name, target.card.context_window, mine

        try:
            model, provider_id, provider, window, card = await self._runner.run_in_thread(read)
        except ServiceError as exc:
            self.show_error(said_error(exc))
            return
        label = f"{provider}/{model}"
        if self.cards is None:  # imported on first use: not on the page's open
            from chathub_desktop.gui.settings.model_card_dialog import CardEditor

            self.cards = CardEditor(svc.models, svc.providers, self._runner, self._presenter)
        self.cards.open(model, provider_id, window, self.window(), lambda: self._status(lambda: fill(translate(
            "MemoryPage", "Saved the model card of %1 — Retry dreams with it"), label)), card=card, focus=self.card_field)
