"""What Settings → System Agent shows, read on a worker thread (issue 29: no store work
on the GUI thread): the stored settings through their declarations
(:mod:`chathub_desktop.core.app_settings`) and one line on the History Compress model in
use (CMP-3, CMP-20, NUM-1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from chathub_desktop.core.app_settings import (
    CARD_LANGUAGE,
    COMPACT_BUFFER_TOKENS,
    COMPACT_ENABLED,
    COMPACT_KEEP_RECENT,
    COMPACT_MAX_FAILURES,
    COMPACTION_ARCHIVES,
    HISTORY_COMPRESS_MODEL,
    TOPIC_NAMING_MODEL,
)
from chathub_desktop.core.model_cards import WindowSource
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, fill
from chathub_desktop.gui.shell.service_reasons import said, said_error
from chathub_desktop.services.errors import ServiceError

if TYPE_CHECKING:  # types only: keeps SQLAlchemy off the window's start-up path
    from chathub_desktop.services.container import Services

__all__ = ["WINDOW_SOURCE_TEXT", "AgentSettings", "read_agent_settings", "summarizer_line"]

translate = QCoreApplication.translate

#: How the System Agent page names where the summarizer's window comes from.
WINDOW_SOURCE_TEXT = {WindowSource.USER_CARD: QT_TRANSLATE_NOOP("SystemAgentPage", "your model card"),
                      WindowSource.PROVIDER: QT_TRANSLATE_NOOP("SystemAgentPage", "reported by the provider"),
                      WindowSource.CATALOG: QT_TRANSLATE_NOOP("SystemAgentPage", "the bundled catalog"),
                      WindowSource.FALLBACK: QT_TRANSLATE_NOOP("SystemAgentPage", "no model card: the provider's "
                                                                                  "fallback")}


def summarizer_line(svc: Services) -> str:
    """One line on the stored History Compress model: provider, model and its context
    window with where that figure comes from, or what is wrong and where to fix it.
    Reads the store: call it on a worker thread (``translate`` is thread-safe); in the
    interface language, the service's reason as it says it."""
    from chathub_desktop.services.compaction.summarizer import SummarizerUnavailable

    try:
        t = svc.summarizer_target()
    except SummarizerUnavailable as exc:
        return fill(translate("SystemAgentPage", "Not usable yet: %1. Pick a provider and model above (or add a "
                                                 "provider on the Providers page)."), said(exc.what))
    except ServiceError as exc:
        return said_error(exc)
    # the card's window, as the token popover shows it for this model (issue 24)
    window = t.card.context_window
    source = translate("SystemAgentPage", WINDOW_SOURCE_TEXT[t.card.window_source])
    batches = fill(translate("SystemAgentPage", "; batches sized for %1"), f"{t.window:,}") if t.window != window else ""
    return fill(translate("SystemAgentPage", "In use: %1 · context window %2 tokens (%3%4)"), t.label,
                f"{window:,}", source, batches)


@dataclass(frozen=True)
class AgentSettings:
    """What Settings → System Agent shows, read in one go on a worker: the configured
    ``providers`` (names), the stored values of its fields (``compress`` "" when unset,
    ``naming`` None when off; ``buffer`` in tokens, ``keep`` in messages) and the
    :func:`summarizer_line` for the stored History Compress model."""

    providers: tuple[str, ...]
    compress: str
    naming: str | None
    archives: bool
    threshold: bool
    buffer: int
    keep: int
    failures: int
    summarizer: str
    language: str | None = None  # card-language (issue 27; None: the material's)


def read_agent_settings(svc: Services) -> AgentSettings:
    """The System Agent page's providers and stored settings (CMP-3, CMP-20, NUM-1).
    Reads the store: call it on a worker thread."""
    st = svc.settings
    return AgentSettings(
        providers=tuple(p.name for p in svc.providers.list() if p.enabled),
        compress=st.value(HISTORY_COMPRESS_MODEL) or "", naming=st.value(TOPIC_NAMING_MODEL),
        archives=st.value(COMPACTION_ARCHIVES), threshold=st.value(COMPACT_ENABLED),
        buffer=st.value(COMPACT_BUFFER_TOKENS), keep=st.value(COMPACT_KEEP_RECENT),
        failures=st.value(COMPACT_MAX_FAILURES), summarizer=summarizer_line(svc),
        language=st.value(CARD_LANGUAGE))

