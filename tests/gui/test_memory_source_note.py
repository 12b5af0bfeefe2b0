"""The import source note on the Memory page (issue 15, MEM-7 provenance): an entry
imported from another assistant — pasted, or read from a Claude export zip — shows where
it came from: a ``from Claude`` chip on its card and, in its tooltip and accessible text,
``imported from Claude (export data-2026.zip, <UTC day>)``. Entries written here show no
note, and an entry edited after the import loses it (it is the user's text now)."""

from __future__ import annotations

import json
import zipfile
from datetime import UTC, datetime

from PySide6.QtCore import Qt

from chathub_desktop.gui.design.tokens import ChipKind
from chathub_desktop.gui.memory.card_delegate import SourceRole
from chathub_desktop.gui.shell.day_format import format_day
from tests.gui.helpers import reload_assistants


def _claude_zip(path) -> None:  # type: ignore[no-untyped-def]
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("conversations.json", "[]")
        zf.writestr("memories.json", json.dumps([{"conversations_memory": "- Ana is a nurse.\n- Works nights."}]))


def test_entries_from_a_claude_export_show_their_source(window, services, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    path = tmp_path / "data-2026.zip"
    _claude_zip(path)
    a = services.assistants.create("Helper")
    services.memory.add(a.id, "Written here")
    reload_assistants(window, qtbot, a.id)
    page = window.pages.open_memory()
    page.transfer.paste_action.trigger()
    dlg = page.transfer.paste_dialog
    qtbot.waitUntil(lambda: dlg._fixed is not None, timeout=5000)
    dlg.load_claude_zip(path)
    qtbot.waitUntil(lambda: len(dlg.fact_list.choice_items()) == 2, timeout=5000)
    added: list[int] = []
    dlg.added.connect(added.append)
    dlg.add_button.click()
    qtbot.waitUntil(lambda: added == [2] and page.model.total() == 3, timeout=5000)
    day = format_day(datetime.now(UTC).date())  # the page's own date words (walk53 #8: not ISO)
    line = f"imported from Claude (export data-2026.zip, {day})"
    own, nurse = page.model.index(0), page.model.index(1)
    assert page.delegate.chips(nurse) == [("from Claude", ChipKind.IMPORTED)]
    assert line in nurse.data(Qt.ItemDataRole.ToolTipRole)
    assert nurse.data(Qt.ItemDataRole.AccessibleTextRole) == f"#2: Ana is a nurse. ({line})"
    assert own.data(SourceRole) is None and "imported" not in own.data(Qt.ItemDataRole.ToolTipRole)
    assert page.delegate.chips(own) == []  # the owner, the default: no chip (walk52 #5)
    # edited afterwards, the entry is the user's own text: no source note any more
    services.memory.edit(a.id, 2, "Ana is a night-shift nurse.")
    qtbot.waitUntil(lambda: page.model.entry(1) is not None
                    and page.model.entry(1).text == "Ana is a night-shift nurse.", timeout=5000)
    assert page.model.entry(1).source is None and page.model.entry(2).source is not None
