"""Dynamic-memory cards of an assistant (DRM-8, DRM-13, DRM-15; issues 10, 18 and 19):
read them with their version token and paused marks, edit, delete, pause, clear and
restore the previous version, each in one write transaction that takes the store's
write lock first and re-reads the document inside it. Mixed into
:class:`~chathub_desktop.services.dream.dream_service.DreamService`, which also dreams the
cards; an editor's stale version token raises :class:`StaleDocument` and writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core import fixed_memory as fm
from chathub_desktop.core.clock import utcnow
from chathub_desktop.core.document_version import document_version
from chathub_desktop.core.dynamic_cards import CardKind
from chathub_desktop.core.memory_actions import ActionKind, ChangeAction, pause_action
from chathub_desktop.core.memory_authors import ChangeAuthor
from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.core.secret_redaction import Redaction
from chathub_desktop.services.assistants.assistant_service import AssistantService
from chathub_desktop.services.errors import (
    EMPTY_CARD,
    NOTHING_TO_RESTORE,
    InvalidInput,
    NotFound,
    StaleDocument,
)
from chathub_desktop.services.events import EventBus, MemoryChanged, SecretsRedacted
from chathub_desktop.services.memory.secret_scan import redact_secrets
from chathub_desktop.storage.database import Database
from chathub_desktop.storage.memory_change_queries import add_dynamic, current_body, dynamic_row
from chathub_desktop.storage.memory_history import DYNAMIC, Author, authored
from chathub_desktop.storage.memory_marks import paused_hashes, set_pause
from chathub_desktop.storage.session import Session


@dataclass(frozen=True)
class CardView:
    """One dynamic-memory card as the Memory page shows it (DRM-8): ``number`` (1-based),
    ``tag`` as stored, ``display_tag`` (ranges with an en dash), ``kind`` (:class:`CardKind`: ``day`` /
    ``range`` / ``legacy`` / ``custom``), the visible ``text`` and whether it can be
    regenerated (single-day cards only)."""

    number: int
    tag: str
    display_tag: str
    kind: CardKind
    text: str
    regenerable: bool
    #: Paused by the user: kept and shown greyed, not injected, not offered to the model (issue 18).
    paused: bool = False


@dataclass(frozen=True)
class CardsSnapshot:
    """The cards and the ``version`` token of the document they came from, from one
    read: a card editor passes the token back on save (issue 10)."""

    version: str
    cards: list[CardView]


@dataclass(frozen=True)
class RegenDraft:
    """A Regenerate that ran but wrote nothing yet (issue 28, walk40: ↻ replaced the card
    with no preview): card ``number`` for ``history_day``, its ``old`` visible text and
    the model's new ``body`` (secrets redacted, ``red`` says which), shown side by side;
    :meth:`DreamService.commit_regenerate` stores it only while the card still shows ``old``.
    ``degenerate``: the new card mostly repeats itself (``core.card_repeats.degenerate``,
    walk50 #2): the window warns and keeps the old card by default, as Dream now does."""

    assistant_id: int
    history_day: date
    number: int
    old: str
    body: str
    red: Redaction
    degenerate: bool = False


def card_views(cards: Sequence[dm.Card], paused: frozenset[str] = frozenset()) -> list[CardView]:
    """``cards`` numbered 1..n as the page shows them; ``paused``: the text hashes the user
    paused (issue 18)."""
    out = []
    for i, c in enumerate(cards, 1):
        text = dm.visible_body(c)
        out.append(CardView(i, c.tag, c.display_tag, c.kind, text, c.regenerable,
                            bool(paused) and fm.text_hash(text) in paused))
    return out




class DreamCards:
    """The card reads and edits of :class:`~chathub_desktop.services.dream.dream_service.DreamService`
    (which sets ``_db``, ``_bus`` and ``_clock``)."""

    _db: Database
    _bus: EventBus
    _clock: Callable[[], datetime]

    # --- document helpers ------------------------------------------------------------

    @staticmethod
    def _body(s: Session, assistant_id: int) -> str:
        return current_body(s, assistant_id, DYNAMIC)

    def _store(self, s: Session, assistant_id: int, cards: Sequence[dm.Card], keep: int) -> tuple[bool, list[dm.Card]]:
        """Write ``cards`` as the document within the DRM-13 caps for Keep ``keep``
        (:func:`~chathub_desktop.core.dynamic_memory.enforce_caps`), keeping the old one as
        the backup (DRM-15). Returns whether anything was written (nothing when the text
        would not change) and the cards as stored."""
        capped = dm.enforce_caps(cards, keep)
        body = dm.render_document(capped)
        row = dynamic_row(s, assistant_id)
        if row is None:
            if not body:
                return False, capped
            add_dynamic(s, assistant_id, body, self._clock())
            return True, capped
        if row.body == body:
            return False, capped
        row.backup_body, row.body, row.updated_at = row.body, body, self._clock()
        return True, capped

    def _changed(self, assistant_id: int) -> None:
        self._bus.publish(MemoryChanged(assistant_id))

    # --- cards -----------------------------------------------------------------------

    def document(self, assistant: int | str) -> str:
        """The dynamic-memory document as stored (REF-8; ``""`` when empty)."""
        with self._db.read() as s:
            return self._body(s, AssistantService.row(s, assistant).id)

    def cards(self, assistant: int | str) -> list[CardView]:
        """The cards in document order (DRM-8)."""
        return self.snapshot(assistant).cards

    def snapshot(self, assistant: int | str) -> CardsSnapshot:
        """The cards with the version token of their document (issue 10) and their
        paused marks (issue 18), from one read."""
        with self._db.read() as s:
            a = AssistantService.row(s, assistant)
            body = self._body(s, a.id)
            paused = paused_hashes(s, a.id, DYNAMIC)
        return CardsSnapshot(document_version(body), card_views(dm.parse_document(body), paused))

    def set_card_paused(self, assistant: int | str, number: int, paused: bool, *,
                        expected: tuple[str, str] | None = None) -> list[CardView]:
        """Pause (or resume) card ``number``: kept and shown, not injected and not offered
        to the model's search/read (issue 18); the history records it as the user's
        ("paused card #2", walk55 #2). ``expected`` as for :meth:`edit_card`."""
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            body = self._body(s, a.id)
            cards = dm.parse_document(body)
            i = self._index(cards, number, expected)
            set_pause(s, a.id, DYNAMIC, fm.text_hash(dm.visible_body(cards[i])), paused, utcnow(), body=body,
                      author=Author(ChangeAuthor.OWNER, None, pause_action(DYNAMIC, i + 1, paused).english()))
            aid = a.id
            hidden = paused_hashes(s, aid, DYNAMIC)
        self._changed(aid)
        return card_views(cards, hidden)

    def copy_text(self, assistant: int | str) -> str:
        """Exactly the visible text of every card, never a framing line (DRM-8)."""
        return dm.copy_text(dm.parse_document(self.document(assistant)))

    def _edit(self, assistant: int | str, change: Callable[[list[dm.Card]], list[dm.Card]],
              version: str | None = None, author: Author | None = None) -> list[CardView]:
        """Read, change and store the document in one write, recorded in the history as
        ``author``'s (issue 18); ``version`` given and not the stored document's:
        :class:`StaleDocument`, nothing written."""
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            if author is not None:
                authored(s, author)
            body = self._body(s, a.id)
            if version is not None and document_version(body) != version:
                raise StaleDocument()
            changed, cards = self._store(s, a.id, change(dm.parse_document(body)), a.keep_dream_cards)
            aid = a.id
            paused = paused_hashes(s, aid, DYNAMIC)
        if changed:
            self._changed(aid)
        return card_views(cards, paused)

    @staticmethod
    def _index(cards: Sequence[dm.Card], number: int, expected: tuple[str, str] | None = None) -> int:
        """0-based index of card ``number``; with ``expected`` (the tag and visible text
        the card showed), of the card that still shows them, wherever it moved —
        :class:`StaleDocument` when none does."""
        if expected is not None:
            views = card_views(cards)
            if 1 <= number <= len(views) and (views[number - 1].tag, views[number - 1].text) == expected:
                return number - 1
            for i, v in enumerate(views):
                if (v.tag, v.text) == expected:
                    return i
            raise StaleDocument(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "card #%1 [%2] changed in another window or "
                                                                           "command since it was shown; nothing was "
                                                                           "changed"), (str(number), expected[0])))
        if not 1 <= number <= len(cards):
            raise NotFound(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no dynamic memory card #%1"), (str(number),)))
        return number - 1

    def edit_card(self, assistant: int | str, number: int, text: str, *, version: str | None = None,
                  expected: tuple[str, str] | None = None) -> list[CardView]:
        """Replace card ``number``'s visible text (escaped on save, REF-15). Raises
        :class:`InvalidInput` for an empty text or one over the card's cap (DRM-13: 3,200
        characters for a day, 6,400 for a range with its framing): nothing is cut.
        ``version``: the token of the document the editor showed; ``expected``: the
        card's (tag, text) as shown; either no longer matching raises
        :class:`StaleDocument` and writes nothing (issue 10). Likely secrets are stored
        as ``[redacted: KIND]`` and a :class:`SecretsRedacted` event says so (issue 19)."""
        if not text.strip():
            raise InvalidInput(EMPTY_CARD)
        red = redact_secrets(text)  # issue 19: likely secrets never become memory
        text = red.text

        def change(cards: list[dm.Card]) -> list[dm.Card]:
            i = self._index(cards, number, expected)
            out = dm.replace_body(cards, i, text)
            kept = len(dm.visible_body(out[i]))
            if kept < len(text.rstrip()):
                cap = dm.SINGLE_CARD_MAX if cards[i].kind == CardKind.DAY else dm.RANGE_CARD_MAX
                raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "card #%1 holds at most %2 characters; "
                                                            "this text has %3 (about %4 fit)"),
                                          (str(number), f"{cap:,}", f"{len(text):,}", f"{kept:,}")))
            return out
        views = self._edit(assistant, change, version, Author(ChangeAuthor.OWNER, None, ChangeAction(ActionKind.EDITED_CARD, (str(number),)).english()))
        if red.changed:
            with self._db.read() as s:
                aid = AssistantService.row(s, assistant).id
            self._redacted(aid, red)
        return views

    def _redacted(self, aid: int, red: Redaction) -> str:
        """Publish which secrets were kept out of a card (issue 19); ``"; notice"`` or ``""``."""
        if not red.changed:
            return ""
        self._bus.publish(SecretsRedacted(aid, "the dream card", red.kinds, red.notice("the dream card")))
        return "; " + red.notice("the dream card")

    def delete_card(self, assistant: int | str, number: int, *, version: str | None = None,
                    expected: tuple[str, str] | None = None) -> list[CardView]:
        """Delete card ``number``; the rest renumber (DRM-8). ``version`` / ``expected``
        as for :meth:`edit_card`."""
        return self._edit(assistant, lambda cards: dm.delete_card(cards, self._index(cards, number, expected)),
                          version, Author(ChangeAuthor.OWNER, None, ChangeAction(ActionKind.DELETED_CARD, (str(number),)).english()))

    def clear(self, assistant: int | str, *, version: str | None = None) -> list[CardView]:
        """Remove every card (DRM-8); Restore brings them back (DRM-15). ``version``: the
        token of the document the user saw (a newer one: :class:`StaleDocument`)."""
        return self._edit(assistant, lambda _cards: [], version, Author(ChangeAuthor.OWNER, None, ChangeAction(ActionKind.CLEARED_DYNAMIC).english()))

    def restore(self, assistant: int | str) -> list[CardView]:
        """Swap the document with the previous version (twice = redo) (DRM-15, REF-17),
        the restored one within the DRM-13 caps. Raises :class:`InvalidInput` when there is no previous version."""
        with self._db.write() as s:
            a = AssistantService.row(s, assistant)
            row = dynamic_row(s, a.id)
            if row is None or row.backup_body is None or row.backup_body == row.body:
                raise InvalidInput(NOTHING_TO_RESTORE)
            authored(s, Author(ChangeAuthor.OWNER, None, ChangeAction(ActionKind.RESTORED).english()))
            # The previous version may predate the caps (an older release): restored within them.
            restored = dm.render_document(dm.enforce_caps(dm.parse_document(row.backup_body), a.keep_dream_cards))
            row.body, row.backup_body, row.updated_at = restored, row.body, self._clock()
            aid, body = a.id, row.body
        self._changed(aid)
        return card_views(dm.parse_document(body))
