"""Screenshots of walk37's fixes (issue 29), light and dark, with the contrast and
cut-text audit of each state (a script, not a test): the topic list narrowed after a
wide first layout (#5), the wizard and the Tools page's empty state after a live switch
(#6), at 800×560 the Compact now status line, the Memory page's empty state and a long
message's footer (#7), Search before a query and with no result (#9).

    QT_QPA_PLATFORM=offscreen python -m tests.gui.look29_screenshot OUT_DIR
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.gui.shot_harness import close_window, grab, offscreen_services, open_window, run

THEMES = ("light", "dark")


def main(out: Path) -> int:
    """Build the window and grab each state in both themes, auditing each; returns 0."""
    from chathub_desktop.core.messages import MessageStatus, Role
    from chathub_desktop.core.summarizer_problem import SummarizerProblem
    from chathub_desktop.gui.chat.message_documents import DISPLAY_LIMIT_CHARS
    from chathub_desktop.gui.design.audit import audit_window
    from chathub_desktop.gui.settings.settings_page import SettingsSection
    from chathub_desktop.gui.settings.summarizer_choice import missing_text, short_text

    def audit(w: object, theme: str, what: str) -> None:
        report = audit_window(w, theme)  # type: ignore[arg-type]
        print(what, report.line())
        for f in report.contrast + report.clipped:
            print(f"  {f.what}: {f.detail}")

    with offscreen_services("chathub-shot-look29-") as (loop, svc):
        a = svc.assistants.create("Writer")
        topic = svc.topics.create(a.id, "A rather long topic title about planning the summer trip to Lisbon").id
        for i in range(3):
            svc.topics.create(a.id, f"Topic {i}")
        svc.topics.append_message(topic, Role.USER, "Paste of a long log")
        svc.topics.append_message(topic, Role.ASSISTANT, "log line\n" * (DISPLAY_LIMIT_CHARS // 9 + 10),
                                  status=MessageStatus.COMPLETE)

        code = svc.topics.create(a.id, "Code and a table").id
        svc.topics.append_message(code, Role.USER, "Show me the loop and the timings")
        svc.topics.append_message(code, Role.ASSISTANT, "Here it is:\n\n```python\nfor batch in batches(rows, 1000):\n"
                                  "    copy(batch)\n    log.info('copied %d', len(batch))\n```\n\n"
                                  "| Rows | Time | Memory |\n|---|---|---|\n| 1,000 | 0.4 s | 12 MB |\n"
                                  "| 10,000 | 3.9 s | 14 MB |\n\nBoth stay flat.", status=MessageStatus.COMPLETE)

        async def scenario() -> None:
            w = await open_window(svc, code, (1100, 720))
            await asyncio.sleep(1.0)
            for theme in THEMES:
                w.view.prefs.set_theme(theme)
                await grab(w.message_view, out / f"rounded-code-table-{theme}.png", 0.8)
            w.select_topic(topic)
            await asyncio.sleep(1.0)
            w.splitter.setSizes([500, 600])
            await asyncio.sleep(0.3)
            w.splitter.setSizes([230, 870])
            for theme in THEMES:
                w.view.prefs.set_theme(theme)
                await grab(w, out / f"topics-narrowed-{theme}.png", 0.6)
            w.splitter.setSizes([200, 900])
            w.resize(800, 560)
            for theme in THEMES:
                w.view.prefs.set_theme(theme)
                w.message_view.scrollToBottom()
                await grab(w, out / f"long-footer-800-{theme}.png", 0.8)
                audit(w, theme, f"long footer {theme}")
                c = w.compaction
                tid = w.current_topic_id
                c._compacting.add(tid)
                c._progress[tid] = "Auto-compaction: compacting… batch 3 of 12"
                c.show_progress(tid, 3, 12)
                await grab(w, out / f"compact-status-800-{theme}.png", 0.5)
                audit(w, theme, f"compact status {theme}")
                c._compacting.discard(tid)
                c._progress.pop(tid, None)
                problem = SummarizerProblem.NO_PROVIDER
                c._missing[tid] = short_text(problem, "qwen2.5-coder-32b-instruct-q4_k_m")
                c._outcomes[tid] = missing_text(problem, "qwen2.5-coder-32b-instruct-q4_k_m")
                c.show_progress()
                await grab(w, out / f"compact-missing-800-{theme}.png", 0.5)
                audit(w, theme, f"compact missing {theme}")
                c._missing.pop(tid)
                c.show_progress()
                w.show_status("Compacted 14 messages into a 412-token summary; the next request is 3,120 tokens "
                              "smaller", 0)
                await grab(w, out / f"compact-done-800-{theme}.png", 0.5)
                audit(w, theme, f"compact done {theme}")
                w.status_line.clearMessage()
            for theme in THEMES:
                w.view.prefs.set_theme(theme)
                w.pages.open_memory()
                await grab(w, out / f"memory-empty-800-{theme}.png", 1.0)
                audit(w, theme, f"memory empty {theme}")
            w.resize(1100, 720)
            for theme in THEMES:
                w.view.prefs.set_theme(theme)
                page = w.search.open()
                page.box.clear()
                await grab(w, out / f"search-start-{theme}.png", 0.6)
                audit(w, theme, f"search start {theme}")
                page.box.setText("zeppelin")
                await grab(w, out / f"search-none-{theme}.png", 1.5)
                audit(w, theme, f"search none {theme}")
            w.view.prefs.set_theme("light")
            settings = w.pages.open_settings()
            settings.show_section(SettingsSection.TOOLS)
            wizard = w.pages.open_setup()
            await asyncio.sleep(0.8)
            w.view.prefs.set_theme("dark")  # a live switch with both open
            await grab(wizard, out / "wizard-after-switch-dark.png", 0.6)
            audit(wizard, "dark", "wizard dark")
            wizard.hide()
            await grab(w, out / "tools-empty-after-switch-dark.png", 0.6)
            audit(w, "dark", "tools dark")
            w.view.prefs.set_theme("light")
            await close_window(w)

        loop.run_until_complete(scenario())
    return 0


if __name__ == "__main__":
    run(main)
