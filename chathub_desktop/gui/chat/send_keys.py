"""Which key sends the composer's draft (issue 29): Enter (Shift+Enter makes a new
line), or Ctrl+Enter (Enter makes a new line) as Cherry Studio offers. The choice is a
view preference (``view/send_key``)."""

from __future__ import annotations

import enum

__all__ = ["SendKey"]


class SendKey(enum.Enum):
    """The key that sends; ``label`` is how the interface names it."""

    ENTER = "enter"
    CTRL_ENTER = "ctrl_enter"

    @property
    def label(self) -> str:
        """"Enter" or "Ctrl+Enter"."""
        return "Enter" if self is SendKey.ENTER else "Ctrl+Enter"

    @property
    def newline_label(self) -> str:
        """The key that makes a new line instead."""
        return "Shift+Enter" if self is SendKey.ENTER else "Enter"

    def sends(self, *, ctrl: bool, shift: bool, composing: bool) -> bool:
        """True when Return/Enter with these modifiers sends. Never while an input method
        is composing (the Enter confirms the composition), never with Shift (a new line)."""
        if composing or shift:
            return False
        return True if self is SendKey.ENTER else ctrl
