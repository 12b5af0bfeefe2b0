"""The words of a message row (:mod:`~chathub_desktop.gui.chat.message_delegate` paints
them): a collapsed row's one-liner, a reply's stats line and cut-off warning (walk39: the
stats show on hover, the warning always), the header's time. ``MessageList`` sources,
said in the interface language (issue 27)."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.chat.message_documents import split_tool_name, symbol
from chathub_desktop.gui.design.avatar import drawable
from chathub_desktop.gui.shell.day_format import format_local_time
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.services.views import MessageView

__all__ = ["STATS_TIP", "collapsed_label", "cut_off_text", "said", "stats_text", "time_text", "usage_text", "versions_text"]


def said(text: str) -> str:
    """A ``MessageList`` source (a constant of the message delegate) in the interface language."""
    return QCoreApplication.translate("MessageList", text) if text else ""


def collapsed_label(m: MessageView, expanded: bool) -> str:
    """The one-line text of a collapsible row."""
    translate = QCoreApplication.translate
    action = translate("MessageList", "click to collapse") if expanded else translate("MessageList", "click to expand")
    arrow = "▾" if expanded else "▸"
    if m.role == Role.TOOL:
        tool, server = split_tool_name(m.tool_name or "tool")
        name = fill(translate("MessageList", "%1 (%2 server)"), tool, server) if server else tool
        took = f" · {m.elapsed_text}" if m.elapsed_text else ""  # a server call's time (issue 25)
        return f"{arrow} {symbol('🔧', '⚙')} " + fill(translate("MessageList", "%1 result%2 — %3"), name, took, action)
    return f"{arrow} {symbol('💭', '…')} " + fill(translate("MessageList", "Thought process — %1"), action)


def versions_text(versions: tuple[int, int] | None) -> str:
    """What a screen reader hears of a row's "‹ 2 / 3 ›" arrows (``(index, total)``;
    ``""`` for none): "Version 2 of 3; Previous version and Next version in its menu"
    (chatlook52: the painted arrows have no widget of their own)."""
    if versions is None:
        return ""
    return fill(QCoreApplication.translate("MessageList", "Version %1 of %2; Previous version and Next version "
                                                          "in its menu"), str(versions[0]), str(versions[1]))


def usage_text(m: MessageView) -> str:
    """``1,234 tokens in · 56 out · 1,000 cached`` from a reply's usage, then ``cut off at max
    tokens`` for a reply stopped at the output limit ("" when none applies)."""
    parts = [stats_text(m)] if stats_text(m) else []
    if m.cut_off:
        parts.append(QCoreApplication.translate("MessageList", "cut off at max tokens"))
    return " · ".join(parts)


def cut_off_text(m: MessageView) -> str:
    """The note under a reply stopped at its output limit, shown at all times (walk39: a
    warning, not a stat; walk53b #4: in plain words, beside Continue on the newest
    reply): ``⚠ Stopped at the length limit``; "" for another."""
    if not m.cut_off:
        return ""
    mark = "⚠" if drawable("⚠") else "!"
    return f"{mark} " + QCoreApplication.translate("MessageList", "Stopped at the length limit")


#: The stats line's tooltip (walk53c #2: "in 606 · out 107 · cached 3" read as engineer-speak).
STATS_TIP = QT_TRANSLATE_NOOP("MessageList", "Tokens the provider counted for this reply: sent in (of them, read "
                                             "from its cache), and written out. The ⓘ receipt has the breakdown.")


def stats_text(m: MessageView) -> str:
    """``1,234 tokens in · 56 out · 1,000 cached`` from a reply's usage ("" without usage):
    the stats line shown while the reply is hovered or current (walk39: peers keep it
    behind a hover; the receipt always has it). Plain words with the provider's figures
    (walk53c #2): the first figure names its unit, plural-aware; numbers grouped as the
    locale groups them."""
    translate = QCoreApplication.translate
    sent, wrote, cached, stored = m.input_tokens, m.output_tokens, m.cached_tokens, m.cache_write_tokens
    parts: list[str] = []  # plain names below: lupdate cannot read an attribute as the plural's n
    if sent is not None:
        parts.append(translate("MessageList", "%Ln token(s) in", None, sent))
    if wrote is not None:
        parts.append(translate("MessageList", "%Ln out", None, wrote) if parts
                     else translate("MessageList", "%Ln token(s) out", None, wrote))
    if cached:
        parts.append(translate("MessageList", "%Ln cached", None, cached))
    if stored:
        parts.append(translate("MessageList", "%Ln written to cache", None, stored))
    return " · ".join(parts)


def time_text(when: datetime, now: datetime | None = None) -> str:
    """Local ``HH:MM`` for today, else ``7 Jan 2024, 12:18`` (the one date style,
    :func:`~chathub_desktop.gui.shell.day_format.format_local_time`, issue 29)."""
    return format_local_time(when, now)
