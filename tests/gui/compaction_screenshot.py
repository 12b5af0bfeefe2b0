"""Grabs the compaction GUI offscreen — a script, not a test.

    QT_QPA_PLATFORM=offscreen python -m tests.gui.compaction_screenshot [OUT_DIR]

Writes into OUT_DIR (default ``/tmp/chathub-shots``): ``assistant_chat_preference.png``
(Assistant → Chat Preference), ``settings_system_agent.png`` (Settings → System Agent),
``summary_viewer.png`` and ``summary_viewer_debug.png`` (the topic summary viewer and
its How it was made tab; ``_dark`` of both and ``summary_viewer_history_dark.png`` in the
dark theme), ``main_window_marker.png`` (the message list with the "Covered by
summary" marker) and ``popover_compacted.png`` (the token popover after Compact now).
The chat model and the History Compress model are two local fake vendors.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from chathub_desktop.core.messages import Role
from tests.gui import shot_harness as shots

TURNS = [
    ("How do I read a CSV file with pandas and skip the first two rows?",
     "Use `pd.read_csv(path, skiprows=2)`. If the header is on row 3, that is all you need; "
     "otherwise pass `header=None` and set the column names yourself.\n\n"
     "```python\nimport pandas as pd\n\ndf = pd.read_csv(\n    \"sales.csv\",\n    skiprows=2,\n"
     "    header=None,\n    names=[\"date\", \"region\", \"units\", \"price\"],\n)\nprint(df.head())\n```\n\n"
     "`skiprows` also takes a list of row numbers (`skiprows=[0, 1, 5]`) or a function that gets "
     "each row index and returns True for the rows to drop, which helps when a report repeats its "
     "banner every few hundred lines. If the file is large, add `usecols` to read only the columns "
     "you need and `dtype={\"region\": \"category\"}` to keep memory down."),
    ("And if some rows have a different number of columns?",
     "Pass `on_bad_lines=\"skip\"` (pandas ≥ 1.3) to drop them, or `\"warn\"` to see which ones. "
     "For a closer look, read with `engine=\"python\"` and inspect the offending lines.\n\n"
     "```python\nbad = []\ndf = pd.read_csv(\n    \"sales.csv\",\n    skiprows=2,\n    engine=\"python\",\n"
     "    on_bad_lines=lambda fields: bad.append(fields) or None,\n)\nprint(len(bad), \"ragged rows\")\n```\n\n"
     "With the Python engine, `on_bad_lines` may be a callable: it receives the split fields of each "
     "bad line and returns a fixed list, or None to drop it. The usual causes are an unquoted comma in "
     "a free-text column, a trailing delimiter, or a footer with totals; `quotechar` and `escapechar` "
     "fix the first, `skipfooter=1` (Python engine only) the last."),
    ("Can I make the date column a real datetime while reading?",
     "Yes: `parse_dates=[\"date\"]`, and `dayfirst=True` for European dates. For a fixed format, "
     "`date_format=\"%d.%m.%Y\"` is faster than letting pandas guess.\n\n"
     "```python\ndf = pd.read_csv(\n    \"sales.csv\",\n    skiprows=2,\n    parse_dates=[\"date\"],\n"
     "    date_format=\"%d.%m.%Y\",\n)\ndf = df.set_index(\"date\").sort_index()\n"
     "monthly = df[\"units\"].resample(\"MS\").sum()\n```\n\n"
     "Values that do not match the format stay as strings unless you convert afterwards with "
     "`pd.to_datetime(df[\"date\"], format=\"%d.%m.%Y\", errors=\"coerce\")`, which turns them into NaT so "
     "you can count and inspect them. Time zones are not applied while reading: use "
     "`dt.tz_localize(\"Europe/Berlin\")` once the column is parsed."),
    ("The file is 4 GB. Can I read it in pieces?",
     "Yes: `chunksize=` makes `read_csv` return an iterator of DataFrames, so only one piece is in "
     "memory at a time.\n\n"
     "```python\ntotals = {}\nfor chunk in pd.read_csv(\"sales.csv\", skiprows=2, chunksize=500_000,\n"
     "                         usecols=[\"region\", \"units\"]):\n"
     "    for region, units in chunk.groupby(\"region\")[\"units\"].sum().items():\n"
     "        totals[region] = totals.get(region, 0) + units\n```\n\n"
     "Aggregate inside the loop and keep only the running totals. If you need the whole table later, "
     "convert it once to Parquet (`chunk.to_parquet(f\"part-{i}.parquet\")` per chunk): it is columnar, "
     "compressed and reads back an order of magnitude faster, and `pd.read_parquet(columns=[...])` "
     "reads only what you ask for. For joins and group-bys across the whole file, DuckDB can query the "
     "CSV or the Parquet parts directly with SQL without loading them into pandas at all."),
    ("And writing the cleaned result back to CSV with a semicolon?",
     "`df.to_csv(\"clean.csv\", sep=\";\", index=False, date_format=\"%d.%m.%Y\")`. Add "
     "`decimal=\",\"` if the file goes to a spreadsheet set to a German locale, and `encoding=\"utf-8-sig\"` "
     "so Excel detects UTF-8 (the BOM).\n\n"
     "```python\ndf.to_csv(\n    \"clean.csv\",\n    sep=\";\",\n    decimal=\",\",\n    index=False,\n"
     "    date_format=\"%d.%m.%Y\",\n    encoding=\"utf-8-sig\",\n)\n```\n\n"
     "For a very large frame, write it in pieces with `mode=\"a\"` and `header=False` after the first "
     "piece, or pass `compression=\"gzip\"` (the file name ending in `.gz` is enough) to cut the size "
     "on disk by five to ten times; `read_csv` opens it again without extra arguments."),
]
SUMMARY = (
    "The user is loading CSV files with pandas.\n\n"
    "- Skipping leading rows: `pd.read_csv(path, skiprows=2)`; `header=None` when there is no header.\n"
    "- Ragged rows: `on_bad_lines=\"skip\"` or `\"warn\"`; `engine=\"python\"` to inspect them.\n"
    "- Dates: `parse_dates=[\"date\"]`, `dayfirst=True`, or an explicit `date_format` for speed.\n\n"
    "Open question: the user has not said which pandas version they run."
)


def main(out_dir: Path) -> int:
    from tests.fakes.vendor_server import FakeVendor, Reply

    with shots.offscreen_services("chathub-cmpshot-") as (loop, svc), FakeVendor() as chat, FakeVendor() as summ:
        svc.providers.add("OpenAI", "openai_compatible", chat.base_url, api_key="sk-chat")
        svc.providers.add("Summ", "openai", summ.base_url, api_key="k")
        svc.settings.set("history-compress-model", "Summ/gpt-5-mini")
        a = svc.assistants.create("Data helper", provider="OpenAI", model="gpt-4o-mini",
                                  instructions="Answer briefly, code first.")
        svc.assistants.update(a.id, history_limit_enabled=True, history_limit=12, summarize_history=True)
        topic = svc.topics.create(a.id, "Reading CSV files").id
        for q, ans in TURNS:
            svc.chat.append_row(topic, role=Role.USER, content=q)
            svc.chat.append_row(topic, role=Role.ASSISTANT, content=ans, model="gpt-4o-mini")
        svc.chat.append_row(topic, role=Role.USER, content="Which pandas version added `date_format`?")
        summ.script(Reply(text_chunks=[f"<summary>{SUMMARY}</summary>"], delay_s=0.3))

        async def scenario() -> None:
            w = await shots.open_window(svc, topic, (1280, 800))
            # Assistant → Chat Preference
            dlg = w.pages.open_edit_assistant()
            assert dlg is not None
            while not dlg.is_loaded():  # read on a worker (issue 29)
                await asyncio.sleep(0.02)
            dlg.open_chat_preference()
            dlg.ui.highWatermarkSpin.setValue(0.85)
            await shots.grab(dlg, out_dir / "assistant_chat_preference.png", 0.2)
            dlg.close()
            # Settings → System Agent
            sdlg = w.pages.open_system_agent()
            await shots.grab(sdlg, out_dir / "settings_system_agent.png", 0.2)
            assert sdlg.system_page is not None
            sdlg.system_page.compress_picker.provider_combo.setCurrentIndex(0)
            sdlg.system_page.compress_picker.model_combo.setCurrentText("Nope/gpt-5-mini")
            sdlg.system_page.save()
            await shots.grab(sdlg, out_dir / "settings_system_agent_error.png", 0.1)
            sdlg.back()
            # Compact now, progress, outcome
            task = w.compaction.compact_topic()
            await shots.grab(w, out_dir / "main_window_compacting.png", 0.1)
            if task is not None:
                await task
            await asyncio.sleep(0.5)
            w.message_view.scroll_to_end()
            await shots.grab(w, out_dir / "main_window_marker.png", 0.3)
            await shots.grab_popover(w, out_dir / "popover_compacted.png")
            # the viewer
            v = w.compaction.open_summary()
            assert v is not None
            await shots.grab(v, out_dir / "summary_viewer.png", 0.3)
            v.tabs.setCurrentIndex(v.debug_index)
            await shots.grab(v, out_dir / "summary_viewer_debug.png", 0.2)
            w.view.prefs.set_theme("dark")  # the tabs' names in the dark theme too (walk49 #6)
            await shots.grab(v, out_dir / "summary_viewer_debug_dark.png", 0.2)
            v.tabs.setCurrentIndex(v.archives_index)
            await shots.grab(v, out_dir / "summary_viewer_history_dark.png", 0.2)
            v.tabs.setCurrentIndex(0)
            await shots.grab(v, out_dir / "summary_viewer_dark.png", 0.2)
            w.view.prefs.set_theme("light")
            assert svc.messages is not None
            first = svc.topics.messages(topic)[0].id
            svc.messages.edit_message(first, "How do I read a CSV file with pandas, skipping two rows?")
            v.tabs.setCurrentIndex(0)
            await shots.grab(v, out_dir / "summary_viewer_empty.png", 0.3)
            v.close()
            await shots.close_window(w)

        loop.run_until_complete(scenario())
    return 0


if __name__ == "__main__":
    shots.run(main)
