"""The assistant editor as a settings page (issue 29, walk52b: "a plain Qt form with six
more '?'", "'Input template {{text}}' sits on the General tab"): the avatar and the name
at the top, four groups of setting cards with titles, each setting a title over a
one-line description whose tooltip keeps the help the ``?`` said (APP-6), the input
template under Advanced with ``{{text}}`` said in words (APP-9), and the dialog fits a
1280×720 screen at 125 % (1024×576) in both themes with nothing cut or unreadable."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QAbstractButton, QApplication, QScrollArea, QWidget

from chathub_desktop.gui.design.audit import audit_window
from chathub_desktop.gui.design.theme import ViewPrefs, apply_theme
from chathub_desktop.gui.settings.assistant_dialog import AssistantDialog
from chathub_desktop.gui.shell.screen_room import SCREEN_AIR
from chathub_desktop.gui.shell.task_runner import TaskRunner
from tests.gui.helpers import loaded

#: 1280×720 pixels at 125 %: the screen a dialog must fit, in Qt's pixels.
SCREEN_125 = (1024, 576)


@pytest.fixture(autouse=True)
def _loop(qloop):  # type: ignore[no-untyped-def]
    """The dialog reads and saves on its runner's workers (issue 29)."""
    return qloop


@pytest.fixture
def restore_look(qapp: Any) -> Iterator[None]:
    yield
    ViewPrefs(qapp, None).apply()  # the platform's theme again for the other tests


def _dialog(qtbot: Any, services: Any) -> AssistantDialog:
    services.providers.add("P", "openai", "http://127.0.0.1:9/v1", api_key="sk-x")
    a = services.assistants.create("Writer", provider="P", model="m", instructions="Be brief.")
    d = AssistantDialog(services.assistants, services.providers, TaskRunner(None), a.id)
    qtbot.addWidget(d)
    return loaded(d, qtbot)


def _inside(widget: QWidget, ancestor: QWidget) -> bool:
    return ancestor.isAncestorOf(widget)


def test_the_editor_is_four_titled_groups_of_described_settings(qtbot: Any, services: Any) -> None:
    d = _dialog(qtbot, services)
    ui = d.ui
    tabs = [ui.tabs.tabText(i).replace("&&", "&") for i in range(ui.tabs.count())]
    assert tabs == ["Prompt", "Model & parameters", "Memory & context", "Advanced"]
    headings = {name: card.heading.text() for name, card in ui.cards.items() if card.heading is not None}
    assert headings == {"modelCard": "Model", "samplingCard": "Sampling", "memoryCard": "Memory",
                        "historyCard": "Chat Preference", "compactCard": "Compact", "advancedCard": "Input"}
    assert not [b for b in d.findChildren(QAbstractButton) if b.text() == "?"]  # walk52b: no bare "?"
    # who is edited stays in view over every group
    for i in range(ui.tabs.count()):
        ui.tabs.setCurrentIndex(i)
        assert ui.nameEdit.isVisibleTo(d) and ui.avatarCombo.isVisibleTo(d) and ui.nameEdit.text() == "Writer"
    # every setting: a title over a one-line description (none empty)
    assert len(ui.notes) == 19 and all(note.text() for note in ui.notes.values())
    assert all(note.window() is d for note in ui.notes.values())  # each group put in its tab once shown
    where = {ui.instructionsEdit: ui.promptTab, ui.providerCombo: ui.modelTab, ui.temperatureSpin: ui.modelTab,
             ui.maxTokensSpin: ui.modelTab, ui.memoryCheck: ui.chatPrefTab, ui.highWatermarkSpin: ui.chatPrefTab,
             ui.cardLanguageCombo: ui.chatPrefTab}
    assert all(_inside(w, tab) for w, tab in where.items())


def test_the_template_is_under_advanced_with_its_placeholder_in_words(qtbot: Any, services: Any) -> None:
    """APP-9: the template applies to every user message; ``{{text}}`` stands for it."""
    d = _dialog(qtbot, services)
    ui = d.ui
    ui.tabs.setCurrentWidget(ui.advancedTab)
    assert _inside(ui.templateEdit, ui.advancedTab) and not _inside(ui.templateEdit, ui.promptTab)
    line = ui.notes["templateRow"].text()
    assert "{{text}}" in line and "where your message goes" in line and "must be there" in line
    assert ui.templateEdit.text() == "{{text}}"


def test_the_helps_the_question_marks_gave_are_the_descriptions_tooltips(qtbot: Any, services: Any) -> None:
    """APP-6: the seeds put no ``?`` on these fields; nothing the form's ``?`` buttons said
    is lost — each is the tooltip (and, when long, behind "More") of its row's line."""
    d = _dialog(qtbot, services)
    notes = d.ui.notes
    assert "{{text}}" in notes["templateRow"].toolTip()
    assert "neither reserved nor sent" in notes["maxTokensRow"].toolTip()
    assert "Settings → Providers" in notes["providerRow"].toolTip()
    assert "private topics are never searched" in notes["recallRow"].toolTip()
    assert "General tab" not in notes["thinkingRow"].toolTip()  # the tab is gone
    for name in ("historyLimitRow", "summarizeRow", "autoCompactRow", "probesRow", "cardLanguageRow"):
        assert 'href="#more"' in notes[name].text(), name  # the long help one click away
    assert d.ui.maxTokensCheck.toolTip() == notes["maxTokensRow"].toolTip()  # the switch says it on hover too


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_it_fits_1280x720_at_125_percent_and_reads_in_both_themes(qapp: Any, qtbot: Any, services: Any,
                                                                   restore_look: None, theme: str) -> None:
    """Issue 29: every dialog fits 1280×720 at 125 % (1024×576 in Qt's pixels, less a
    title bar and a panel); each group scrolls inside rather than being cut, and the
    audit finds no text below its contrast nor cut, in either theme."""
    apply_theme(qapp, theme, hint=False)
    d = _dialog(qtbot, services)
    room = (SCREEN_125[0] - SCREEN_AIR, SCREEN_125[1] - SCREEN_AIR)
    hint = d.minimumSizeHint()
    assert hint.width() <= room[0] and hint.height() <= room[1], hint
    d.resize(*room)
    d.show()
    qtbot.waitExposed(d)
    for i in range(d.ui.tabs.count()):
        d.ui.tabs.setCurrentIndex(i)
        QApplication.processEvents()
        area = d.ui.tabs.currentWidget()
        assert isinstance(area, QScrollArea)
        assert area.widget().minimumSizeHint().width() <= area.viewport().width()  # no sideways scroll
        report = audit_window(d, theme)
        assert report.widgets >= 5
        assert report.ok, d.ui.tabs.tabText(i) + report.line() + "".join(
            f"\n{f.what}: {f.detail}" for f in report.contrast + report.clipped)
    d.ui.tabs.setCurrentWidget(d.ui.chatPrefTab)
    QApplication.processEvents()
    bar = d.ui.chatPrefTab.verticalScrollBar()
    assert bar.maximum() > 0  # ten settings: the group scrolls at this size
    bar.setValue(bar.maximum())
    QApplication.processEvents()
    assert d.ui.cardLanguageCombo.visibleRegion().boundingRect().height() == d.ui.cardLanguageCombo.height()
    combo = d.ui.cardLanguageCombo  # its first choice read whole ("Same as the conver" was cut)
    assert combo.currentText() == "Same as the conversation" and combo.width() >= combo.sizeHint().width()


def test_the_other_groups_are_built_after_it_opens_and_show_what_is_stored(qtbot: Any, services: Any) -> None:
    """Issue 29: the editor opens with only the header and Prompt built; the other groups
    are built after it (or when read first) and show the assistant's stored settings,
    which Save sends unchanged."""
    services.providers.add("P", "openai", "http://127.0.0.1:9/v1", api_key="sk-x")
    a = services.assistants.create("Writer", provider="P", model="m", instructions="Be brief.",
                                   input_template="Q: {{text}}")
    services.assistants.update(a.id, memory_enabled=False, history_limit_enabled=True, history_limit=7,
                               compact_preset="rich", high_watermark=0.9, temperature=0.4)
    d = AssistantDialog(services.assistants, services.providers, TaskRunner(None), a.id)
    qtbot.addWidget(d)
    assert d.ui.pending() == ["modelTab", "chatPrefTab", "advancedTab"]  # opened with Prompt only
    assert d.ui.memoryCheck is not None  # read before the fill: its group (and the one before it) built now
    assert d.ui.pending() == ["advancedTab"]
    loaded(d, qtbot)
    assert d.ui.pending() == []
    v = d.values()
    assert (v["memory_enabled"], v["history_limit_enabled"], v["history_limit"], v["compact_preset"],
            v["high_watermark"], v["temperature"], v["input_template"], v["model"], v["instructions"]) == (
        False, True, 7, "rich", 0.9, 0.4, "Q: {{text}}", "m", "Be brief.")
    assert d.ui.lowWatermarkValue.text() == "0.70" and not d.ui.recallCheck.isEnabled()
