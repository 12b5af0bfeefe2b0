"""The message list's context menu (APP-10; issue 29: split from ``message_list_view``).

Copy message; Expand / Collapse on a tool or thoughts row; Mark as interrupted on a reply
still marked streaming (issue 32); on a settled message Continue reply (the last reply cut
at the length limit, walk53b #4), Regenerate reply (the last reply)
and Previous / Next version (issue 14), then Edit message, Pin / Unpin message (issue 19)
and Delete message — the last two saying when the topic summary covers the message
(CMP-15). The menu is built at each open, in the interface language (issue 27), and does
what its entries say through :class:`MenuActions`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMenu, QWidget

from chathub_desktop.core.messages import MessageStatus
from chathub_desktop.gui.chat.message_action_bar import MessageAction
from chathub_desktop.gui.chat.message_layout import is_collapsible
from chathub_desktop.gui.chat.message_list_model import (
    ExpandedRole,
    MessageListModel,
    VersionRole,
    role_value,
)
from chathub_desktop.gui.design.icons import Icon, icon

__all__ = ["MenuActions", "covered_by_summary", "message_menu"]

translate = QCoreApplication.translate


@dataclass(frozen=True)
class MenuActions:
    """What the menu's entries do: ``copy_row(row)``; the rest take the message id (the
    view's request signals: ``pin(id, pinned)``, ``version(id, -1 | +1)``)."""

    copy_row: Callable[[int], None]
    edit: Callable[[int], None]
    delete: Callable[[int], None]
    pin: Callable[[int, bool], None]
    regenerate: Callable[[int], None]
    version: Callable[[int, int], None]
    interrupt: Callable[[int], None]
    continue_reply: Callable[[int], None]


def covered_by_summary(model: MessageListModel, message_id: int) -> bool:
    """True when ``message_id`` is at or before the topic's summary cursor (CMP-15)."""
    cursor = model.summary_cursor
    if cursor is None:
        return False
    row, crow = model.row_of(message_id), model.row_of(cursor)
    if row is None:
        return False
    return crow is not None and row <= crow  # an unloaded cursor is older than every loaded row


def message_menu(parent: QWidget, model: MessageListModel, row: int, offered: tuple[MessageAction, ...],
                 actions: MenuActions) -> QMenu:
    """The context menu of ``model``'s ``row`` (``offered``: what the row offers, as its
    action bar), parented to ``parent``; not shown yet."""
    menu = QMenu(parent)
    if MessageAction.COPY in offered:  # not on a row with nothing to copy (walk53c #8)
        copy = menu.addAction(icon(Icon.COPY), translate("MessageList", "Copy message"))
        copy.setToolTip(translate("MessageList", "Copy this message's text (Markdown) to the clipboard"))
        copy.triggered.connect(lambda: actions.copy_row(row))
    m = model.message_at(row)
    if m is not None and is_collapsible(m):
        toggle = menu.addAction(translate("MessageList", "Collapse") if model.index(row).data(ExpandedRole)
                                else translate("MessageList", "Expand"))
        toggle.triggered.connect(lambda: model.toggle_expanded(row))
    if m is not None and m.status == MessageStatus.STREAMING:
        stuck = menu.addAction(translate("MessageList", "Mark as interrupted"))
        stuck.setToolTip(translate("MessageList", "When the window or command writing this reply no longer "
                                                  "answers: keep what arrived, mark it interrupted, and let this "
                                                  "topic take new messages again"))
        stuck.triggered.connect(lambda _c=False, mid=m.id: actions.interrupt(mid))
    if m is not None and m.status != MessageStatus.STREAMING:
        _version_entries(menu, model, row, m.id, offered, actions)
        menu.addSeparator()
        note = translate("MessageList", " The topic summary covers it, so the summary is cleared and rebuilt on "
                                        "the next compaction.") if covered_by_summary(model, m.id) else ""
        if MessageAction.EDIT in offered:
            edit = menu.addAction(icon(Icon.EDIT), translate("MessageList", "Edit message"))
            edit.setToolTip(translate("MessageList", "Change this message's text.") + note)
            edit.triggered.connect(lambda _c=False, mid=m.id: actions.edit(mid))
        if MessageAction.PIN in offered:
            pin = menu.addAction(icon(Icon.PIN), translate("MessageList", "Unpin message") if m.pinned
                                 else translate("MessageList", "Pin message"))
            pin.setToolTip(translate("MessageList", "Keep this message word for word when the topic is "
                                                    "compacted; it counts against the input budget"))
            pin.triggered.connect(lambda _c=False, mid=m.id, on=not m.pinned: actions.pin(mid, on))
        delete = menu.addAction(icon(Icon.DELETE), translate("MessageList", "Delete message"))
        delete.setToolTip(translate("MessageList", "Remove this message from the topic.") + note)
        delete.triggered.connect(lambda _c=False, mid=m.id: actions.delete(mid))
    menu.setToolTipsVisible(True)
    return menu


def _version_entries(menu: QMenu, model: MessageListModel, row: int, message_id: int,
                     offered: tuple[MessageAction, ...], actions: MenuActions) -> None:
    """Continue on the last reply cut at the length limit (walk53b #4); Regenerate on the
    last reply; Previous / Next version on a message with versions (issue 14)."""
    if MessageAction.CONTINUE in offered:
        more = menu.addAction(icon(Icon.CONTINUE), translate("MessageList", "Continue reply"))
        more.setToolTip(translate("MessageList", "The model writes on where this reply stopped at the length "
                                                 "limit, into the same reply"))
        more.triggered.connect(lambda _c=False, mid=message_id: actions.continue_reply(mid))
    if MessageAction.REGENERATE in offered:
        regen = menu.addAction(icon(Icon.REGENERATE), translate("MessageList", "Regenerate reply"))
        regen.setToolTip(translate("MessageList", "Ask again with the same context; this reply stays a version "
                                                  "(Ctrl+R)"))
        regen.triggered.connect(lambda _c=False, mid=message_id: actions.regenerate(mid))
    versions = role_value(model.index(row), VersionRole)
    if isinstance(versions, tuple):
        index, total = versions
        for text, step, enabled in ((translate("MessageList", "Previous version"), -1, index > 1),
                                    (translate("MessageList", "Next version"), 1, index < total)):
            act = menu.addAction(f"{text} ({index} / {total})")
            act.setEnabled(enabled)
            act.triggered.connect(lambda _c=False, mid=message_id, d=step: actions.version(mid, d))
