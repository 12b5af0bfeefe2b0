"""What a click on a link in a rendered message does (issue 32). Pure: no Qt.

- ``http``/``https``: opened in the system browser;
- ``chathub-copy:N``: the message's own Copy link of code block N;
- ``chathub-details:``: a failed reply's Details… (the provider's raw error text, walk53 #2);
- ``chathub-providers:NAME``: an error line's "Settings → Providers", opened at provider
  NAME when one of that name is listed (walk53b #6);
- anything else — ``file:``, a path, ``javascript:``, ``data:``, ``mailto:``, ``qrc:``,
  any other scheme — is refused, with one line that says what was not opened.

The target of every link is shown on hover (:func:`hover_text`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from urllib.parse import quote, unquote, urlsplit

from PySide6.QtCore import QCoreApplication

from chathub_desktop.gui.chat.markdown_render import COPY_SCHEME
from chathub_desktop.gui.shell.i18n import fill

__all__ = ["DETAILS_HREF", "PROVIDERS_SCHEME", "LinkAction", "LinkDecision", "decide", "hover_text", "providers_href",
           "providers_named"]

#: Characters of a link target shown on hover or in a refusal line.
SHOWN_CHARS = 200
#: The Details… link of a failed reply's error line.
DETAILS_HREF = "chathub-details:error"
#: The scheme of an error line's Settings → Providers link (walk53b #6).
PROVIDERS_SCHEME = "chathub-providers"


def providers_href(name: str = "") -> str:
    """The Settings → Providers link, at provider ``name`` ("" for none)."""
    return f"{PROVIDERS_SCHEME}:{quote(name, safe='')}"


def providers_named(href: str) -> str:
    """The provider name a :func:`providers_href` link carries ("" for none)."""
    return unquote(href.split(":", 1)[1]) if ":" in href else ""


class LinkAction(enum.Enum):
    """What a click does."""

    OPEN = "open"  # the system browser
    COPY_CODE = "copy_code"  # the message's code block of that number
    ERROR_DETAILS = "error_details"  # the failed reply's raw error text
    OPEN_PROVIDERS = "open_providers"  # Settings → Providers, at the named provider
    REFUSE = "refuse"  # nothing; the reason is shown


@dataclass(frozen=True, slots=True)
class LinkDecision:
    """The action for one link; ``reason`` is the one-line refusal ("" otherwise)."""

    action: LinkAction
    reason: str = ""


def _shown(href: str) -> str:
    one_line = " ".join(href.split())
    return one_line if len(one_line) <= SHOWN_CHARS else one_line[:SHOWN_CHARS - 1] + "…"


def _scheme(href: str) -> str:
    try:
        return urlsplit(href.strip()).scheme.lower()
    except ValueError:  # an unbalanced IPv6 bracket and such
        return ""


def decide(href: str) -> LinkDecision:
    """The :class:`LinkDecision` for a click on ``href`` (see the module docstring)."""
    scheme = _scheme(href)
    if scheme in ("http", "https") and urlsplit(href.strip()).netloc:
        return LinkDecision(LinkAction.OPEN)
    if scheme == COPY_SCHEME:
        return LinkDecision(LinkAction.COPY_CODE)
    if href == DETAILS_HREF:
        return LinkDecision(LinkAction.ERROR_DETAILS)
    if scheme == PROVIDERS_SCHEME:
        return LinkDecision(LinkAction.OPEN_PROVIDERS)
    translate = QCoreApplication.translate  # the status line says it in the interface language (issue 27)
    what = fill(translate("LinkPolicy", "%1: links"), scheme) if scheme else translate("LinkPolicy", "file paths")
    return LinkDecision(LinkAction.REFUSE, fill(translate(
        "LinkPolicy", "Not opened: %1 in messages are not followed (%2)"), what, _shown(href)))


def hover_text(href: str) -> str:
    """The tooltip of a link: its target, cut to 200 characters, and whether a click
    opens it."""
    decision = decide(href)
    if decision.action is LinkAction.COPY_CODE:
        return "Copy this code block"
    if decision.action is LinkAction.ERROR_DETAILS:
        return QCoreApplication.translate("MessageList", "Show what the provider's connection reported")
    if decision.action is LinkAction.OPEN_PROVIDERS:
        return QCoreApplication.translate("MessageList", "Open Settings → Providers")
    verb = "Opens in your browser" if decision.action is LinkAction.OPEN else "Not opened from a message"
    return f"{_shown(href)}\n{verb}"
