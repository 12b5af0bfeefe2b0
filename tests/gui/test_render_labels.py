"""Rich-text labels that show outside text (issue 32): a model id or an error shaped
like ``<img src="/dev/zero">`` is shown as text in the summary viewer and the context
receipt, never loaded."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from chathub_desktop.core.messages import Role
from chathub_desktop.gui.context.receipt_dialog import ReceiptDialog
from chathub_desktop.gui.context.summary_dialog import SummaryDialog
from chathub_desktop.services.views import MessageView, SummaryView

HOSTILE = '<img src="/dev/zero">'


def test_the_summary_viewer_shows_a_hostile_model_id_as_text(qloop: Any, services: Any, qtbot: Any,
                                                             monkeypatch: Any) -> None:
    a = services.assistants.create("A")
    t = services.topics.create(a.id)
    view = SummaryView(t.id, "The summary.", HOSTILE, None, datetime.now(UTC))
    monkeypatch.setattr(services.compaction, "summary", lambda _tid: view)
    dialog = SummaryDialog(services, t.id)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(dialog.is_loaded, timeout=5000)  # read on a worker (issue 29)
    text = dialog.meta_label.text()
    assert "<img" not in text and "&lt;img src=&quot;/dev/zero&quot;&gt;" in text


def test_the_receipt_shows_a_hostile_model_id_as_text(qtbot: Any) -> None:
    m = MessageView(id=7, topic_id=1, seq=1, role=Role.ASSISTANT, content="hi", content_type="text",
                    status="complete", created_at=datetime.now(UTC), model=HOSTILE, receipt={})
    dialog = ReceiptDialog(m)
    qtbot.addWidget(dialog)
    labels = dialog.findChildren(QLabel)
    intro = next(label for label in labels if HOSTILE in label.text())
    assert intro.textFormat() == Qt.TextFormat.PlainText
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in labels if label.buddy() is None
               and label.objectName().startswith("receipt"))


def test_the_summary_viewers_quiet_lines_are_readable_in_both_themes(qloop: Any, services: Any, qtbot: Any) -> None:
    """walk56 #17: the summary viewer's quiet line ("No summary for this topic…", the covered
    message's excerpt) took the placeholder colour, 4.41:1 on the light theme; it is secondary
    text at 4.5:1 or more in both themes (STYLE.md)."""
    import re

    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QApplication

    from chathub_desktop.gui.design.meter_colors import contrast_ratio
    from chathub_desktop.gui.design.theme import ViewPrefs, apply_theme

    t = services.topics.create(services.assistants.create("A").id)
    try:
        for theme in ("light", "dark"):
            apply_theme(QApplication.instance(), theme)
            dialog = SummaryDialog(services, t.id)  # no summary yet: the quiet line only
            qtbot.addWidget(dialog)
            qtbot.waitUntil(dialog.is_loaded, timeout=5000)
            colours = re.findall(r"color:(#[0-9a-fA-F]{6})", dialog.meta_label.text())
            assert colours, dialog.meta_label.text()
            ground = dialog.meta_label.palette().window().color()
            assert min(contrast_ratio(QColor(c), ground) for c in colours) >= 4.5, (theme, colours, ground.name())
    finally:
        ViewPrefs(QApplication.instance(), None).apply()  # the suite's look again
