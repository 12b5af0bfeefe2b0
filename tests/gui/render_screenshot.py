"""Screenshots of refused-image placeholders in the light and dark themes (issue 32):
``QT_QPA_PLATFORM=offscreen python -m tests.gui.render_screenshot OUT_DIR`` writes
``render_placeholder_light.png`` and ``render_placeholder_dark.png``."""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

TEXT = ("Look ![z](/dev/zero) and here is a [link](https://example.org).\n\n"
        "![diagram of the flow](../../../../etc/passwd)\n\nSome *more* text.")


def main(out_dir: Path) -> int:
    """Write the two screenshots into ``out_dir``."""
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.chat_events import ChatEvents
    from chathub_desktop.gui.message_list_model import MessageListModel, TopicPage
    from chathub_desktop.gui.message_list_view import MessageListView
    from chathub_desktop.gui.theme import apply_theme
    from chathub_desktop.services.events import EventBus
    from chathub_desktop.services.views import MessageView

    app = QApplication.instance() or QApplication(sys.argv[:1])
    for theme in ("light", "dark"):
        apply_theme(app, theme, hint=False)  # type: ignore[arg-type]
        events = ChatEvents(EventBus())
        model = MessageListModel(None, events)  # type: ignore[arg-type]  # pages are handed to it
        view = MessageListView(model)
        view.resize(700, 260)
        view.show()
        m = MessageView(id=1, topic_id=1, seq=0, role="assistant", content=TEXT, content_type="text",
                        status="complete", created_at=datetime.now(UTC))
        model.show_page(TopicPage(1, 0, (m,), None))
        view.executeDelayedItemsLayout()
        app.processEvents()
        view.grab().save(str(out_dir / f"render_placeholder_{theme}.png"))
        events.detach()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1])))
