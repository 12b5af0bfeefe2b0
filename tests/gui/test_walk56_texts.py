"""Walk56 #5 and #9 (issue 30): three texts read like an app, not a log — the Keep N fold
preview says its cards as the page does (days in the page's style, plain words, no
``[date:…]`` marks or Markdown; the folded cards folded, never removed), an import says
what it does in short sentences, and the catch-up notice says in one sentence what Save
will do — in English, Chinese and Japanese (DRM-7, DRM-9, MEM-7, DRM-6)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from chathub_desktop.core import dynamic_memory as dm
from chathub_desktop.core.dream_schedule import CatchUpWill, Slot
from chathub_desktop.core.memory_diff import EntryChanges
from chathub_desktop.gui.memory.fold_words import card_edit_row, card_row, card_words, keep_lines
from chathub_desktop.gui.memory.import_words import import_lines
from chathub_desktop.gui.memory.schedule_words import catch_up_words
from chathub_desktop.services.memory.memory_preview import ChangePreview, fold_summary
from tests.gui.test_i18n_service_texts import _language

BERLIN = ZoneInfo("Europe/Berlin")
DAYS = [date(2026, 11, 22), date(2026, 11, 23), date(2026, 11, 24), date(2026, 11, 25)]


def _keep_preview() -> ChangePreview:
    """Keep 1 of a range card (22–23 Nov) and two day cards: the older day card folds."""
    cards = dm.append_day_card([], DAYS[0], "Ana planned a trip to Kyoto.")
    cards = dm.append_day_card(cards, DAYS[1], "Asked about sourdough.")
    cards = dm.append_day_card(cards, DAYS[2], "# How you work\n- **Bullet points**, no prose\n- Short intros only")
    cards = dm.apply_retention(cards, 1)  # a range card 22–23 Nov, then 24 Nov
    cards = dm.append_day_card(cards, DAYS[3], "Refactored the exporter.")
    plan = dm.plan_retention(cards, 1)
    after = dm.apply_retention(cards, 1)
    return ChangePreview(1, "Helper", "dynamic", "Keep 1 dream cards", len(cards), len(after), EntryChanges(), "v",
                         (), (), fold_summary(cards, plan))


def test_a_card_row_says_the_day_and_plain_words_without_storage_marks(qapp: Any) -> None:
    """walk56 #5: "[2026-11-24] # How you work / - **Bullet points**, no prose" and "[2026-11-22
    – 2026-11-23] [date:2026-11-22] Ana planned…" were listed; a row now reads as the page."""
    assert card_row("[2026-11-24] # How you work\n- **Bullet points**, no prose\n- Short intros only") == (
        "24 Nov 2026\nHow you work · Bullet points, no prose · Short intros only")
    old = "[2026-11-22 – 2026-11-23] [date:2026-11-22]\nAna planned a trip.\n[date:2026-11-23]\nAsked about bread."
    new = old.replace("2026-11-23]", "2026-11-24]", 1)
    row = card_edit_row(old, new)
    assert row == "22 Nov 2026 – 23 Nov 2026  →  22 Nov 2026 – 24 Nov 2026\nAna planned a trip. · Asked about bread."
    assert "[" not in row and "date:" not in row and "*" not in card_words("**b** and `c`")


def test_the_keep_preview_says_the_fold_in_days_and_never_removed(qapp: Any) -> None:
    """walk56 #5: "dynamic memory: 3 cards → 2 cards / cards: 0 added, 1 removed, 1 edited /
    fold: 1 card (#2 [2026-11-24]) into range card #1 [2026-11-22 – 2026-11-23]…"."""
    preview = _keep_preview()
    lines = [ln.replace("\u00a0", " ") for ln in keep_lines(preview)]  # a day never wraps inside
    assert lines == ["1 older card (24 Nov 2026) folds into the range 22 Nov 2026 – 23 Nov 2026 "
                     "(now 22 Nov 2026 – 24 Nov 2026).", "The dynamic memory goes from 3 to 2 cards."]
    assert not any("removed" in ln or "[" in ln for ln in lines)
    with _language("zh_CN"):
        assert [ln.replace("\u2060", "").replace("\u00a0", " ") for ln in keep_lines(preview)] == ["1 张较早的卡片（2026年11月24日）会合并到范围 2026年11月22日 – 2026年11月23日"
                                       "（范围变为 2026年11月22日 – 2026年11月24日）。", "动态记忆将从 3 张卡片变为 2 张。"]


def test_the_import_summary_is_short_sentences_in_the_interface_language(services: Any, qapp: Any) -> None:
    """walk56 #9: "fixed memory: 33 entries now, none removed; the file's entries: 1 new, …"
    read like a log; a Merge says what it adds and what repeats, unticked below."""
    aid = services.assistants.create("Helper").id
    services.memory.add(aid, "Prefers metric units")
    services.memory.add(aid, "Has a cat named Miso")
    text = "#1: You prefer metric units.\n#2: Has a cat named Miso\n#3: Plays the viola\n"
    merge = services.memory_files.preview_import(aid, text, name="laptop.md", mode="merge")
    assert import_lines(merge) == [
        "The file is a plain Markdown/text document: its lines become fixed-memory entries.",
        "Adds 1 new entry; nothing is removed.",
        "1 is already in memory; 1 nearly repeats or is covered by an entry you have (unticked below).",
        "Dynamic memory: unchanged.",
        "Who wrote each entry stays as it is; an added entry counts as written by you."]
    with _language("zh_CN"):
        assert import_lines(merge)[1:4] == ["添加 1 个新条目；不会删除任何内容。",
                                            "1 个已在记忆中；1 个与现有条目几乎重复或已被其涵盖（下方未勾选）。",
                                            "动态记忆：不变。"]


def test_the_catch_up_notice_says_what_save_does_naming_the_day(qapp: Any) -> None:
    """walk56 #9: "Saving dreams nothing now: 5 Dec 2026 (UTC), the day the missed run would
    read, has a card waiting for review."; one clear sentence names the day, the missed
    run in the user's time."""
    now = datetime(2026, 12, 5, 23, 40, tzinfo=UTC)
    slot = Slot(datetime(2026, 12, 5, 1, 0, tzinfo=UTC), date(2026, 12, 4), "2026-12-04")
    waits = catch_up_words(slot, CatchUpWill.WAITS_REVIEW, now, BERLIN, "Berlin")
    assert waits == "Saving won't start a dream now: 4\u00a0Dec\u00a02026 already has a card waiting for review."
    assert catch_up_words(slot, CatchUpWill.DREAMS, now, BERLIN, "Berlin") == (
        "Saving starts a dream now over 4\u00a0Dec\u00a02026, for the run missed yesterday at 02:00 in Berlin "
        "(01:00\u00a0UTC).")
    with _language("ja"):
        said = catch_up_words(slot, CatchUpWill.HAS_CARD, now, BERLIN, "Berlin").replace("\u2060", "")
        assert said == "保存しても今はドリームしません：2026年12月4日 にはすでにカードがあります。"
