"""Extract the interface's strings into ``resources/i18n/*.ts`` and build the ``.qm``
files the app loads (issue 27).

    python packaging/build_translations.py            # update the .ts, then build the .qm
    python packaging/build_translations.py --release  # only build the .qm from the .ts
    python packaging/build_translations.py --check    # exit 1 when a .ts or .qm is stale

``pyside6-lupdate`` reads :data:`SOURCES` (strings marked with
``QCoreApplication.translate("Context", "…")`` or ``QT_TRANSLATE_NOOP``) and merges them
into each ``chathub_<lang>.ts`` (obsolete entries dropped, no line numbers so edits
elsewhere do not churn the files); a text with ``%n`` is marked as a plural. English
keeps only the plural entries ("1 topic" / "3 topics"); its other texts are the sources.
``pyside6-lrelease`` then writes ``chathub_<lang>.qm`` beside each ``.ts``. Both ``.ts``
and ``.qm`` are committed, so a clean clone, a wheel and the PyInstaller bundle (which
takes ``resources/`` whole) have them; ``tests/unit/test_translations.py`` runs
``--check``. Edit translations in Qt Linguist (``pyside6-linguist``) or any editor.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "resources" / "i18n"
#: The files whose strings are translated so far (issue 27's first step); add a file here
#: once its strings are marked.
SOURCES = tuple(f"chathub_desktop/gui/{name}.py" for name in (
    "chat/assistant_switcher", "chat/chat_header", "context/compaction_controller", "chat/composer", "shell/error_bar", "shell/main_window", "shell/nav_rail",
    "shell/setup_steps", "shell/setup_wizard", "shell/setup_summarizer", "settings/settings_page", "shell/page_header", "settings/providers_page", "settings/provider_form",
    "settings/models_page", "settings/system_agent_page", "settings/model_picker", "settings/agent_settings",
    "settings/storage_page", "shell/empty_state", "shell/help_button", "chat/chat_empty", "shell/welcome_panel", "topics/topic_actions", "topics/topic_privacy",
    "search/search_controller", "topics/topic_delete", "context/context_controls", "chat/reply_versions", "settings/model_choices", "shell/vector_fill",
    "chat/message_delegate", "chat/footer_pills", "chat/message_texts", "chat/message_documents", "chat/tool_approval", "chat/tool_server_notice",
    "chat/message_layout", "topics/topic_sidebar",  # issue 29: split from the delegate and the window
    "chat/markdown_render",  # walk51: a code block's Copy
    "shell/notifications", "context/token_badge", "topics/topic_list_delegate", "topics/topic_list_model", "topics/topic_opener", "shell/tray", "shell/view_menu",
    "shell/window_actions", "shell/window_pages", "shell/day_format", "settings/model_card_dialog", "search/search_page", "settings/tools_page", "topics/topic_model_picker", "settings/summarizer_choice",
    "memory/fixed_page", "memory/fixed_toolbar", "memory/fixed_filter_row", "memory/dream_empty", "memory/page_texts", "memory/page_common", "memory/dreaming_group", "memory/dream_panel", "memory/dream_failure", "memory/memory_switch", "memory/dream_schedule_form", "memory/proposals_section", "memory/raw_editor", "memory/history_view", "memory/change_words", "memory/entry_actions", "memory/transfer_actions", "memory/dream_card_actions", "memory/dream_runs", "memory/card_editor", "memory/card_delegate", "memory/fixed_cards", "memory/entry_model", "memory/dream_cards", "memory/dream_day_picker",
    "context/usage_popover", "context/meter_words", "context/over_budget_row", "context/receipt_dialog", "context/receipt_values", "memory/change_preview",
    "memory/memory_paste_dialog", "shell/service_reasons", "settings/assistant_dialog", "settings/assistant_form", "settings/assistant_texts", "shell/range_hint", "shell/help_menu",
    "topics/topic_scroll_bar", "chat/reply_notice", "chat/message_inline_edit", "chat/message_action_bar", "chat/message_list_view", "chat/message_menu", "chat/message_jump_buttons",
    "chat/attachments", "settings/connection_test", "settings/save_anyway", "context/summary_dialog", "settings/mcp_server_dialog",
    "dialogs/import_dialog", "chat/pasted_chips", "context/summary_editing", "context/summary_probe_panel",
    "topics/topic_title", "shell/invisible_note", "chat/message_actions", "chat/send_controller", "dialogs/confirm", "shell/task_contexts", "chat/link_policy",
    "topics/topic_groups",  # walk51 #6: the topic list's group headers
    "shell/status_line",  # walk52 #3: the toast's Details…
    "memory/source_words",  # walk53 #5: where an imported entry came from
)) + tuple(f"chathub_desktop/{name}.py" for name in (
    # typed reasons the services declare (issue 27, core.reasons): the window says them
    "core/compaction_gain", "core/sampling", "services/assistants/assistant_service",
    "services/compaction/compaction_outcome", "services/compaction/summarizer",
    "services/dream/dream_reasons", "services/errors", "storage/database", "services/input_rules", "core/summary_probes", "services/compaction/summary_probes", "providers/model_list",
    # issue 27, lang42: provider failures, import refusals, provider URL, MCP and topic checks
    "providers/errors", "providers/fault_words", "providers/sse_stream", "providers/bounded_body", "services/chat/chat_service", "services/chat/send_results",
    "services/chat/reply_stream",  # split from chat_service (issue 29)
    "services/chat/reply_continue",  # walk53b #4
    "services/transfer/chat_import", "services/transfer/import_refusals", "core/export_formats", "services/providers/provider_service",
    "services/tools/mcp_service", "services/topics/topic_service", "core/token_estimate", "services/chat/empty_reply", "providers/stream_limits", "core/base_urls",
    "core/memory_diff", "services/memory/memory_preview", "services/memory/memory_history_service", "services/chat/attachment_service", "services/memory/memory_service", "services/dream/dream_cards", "services/providers/model_card_service",
    "services/transfer/memory_transfer",
    # issue 27, lang43: the export parsers' reasons, the JSON bounds and the MCP config checks
    "core/imported_chat", "core/chatgpt_export", "core/claude_export", "core/webui_export", "core/json_bounds",
    "core/mcp_config", "core/secret_redaction",
    # issue 27, lang44: the JSON bounds in topic import, the Claude memory zip and the model catalog
    "services/transfer/topic_transfer", "services/transfer/claude_memory", "core/model_cards", "services/input_files",
    # issue 27, lang45: the topic import's and model catalog's other checks, the memory file's depth
    "core/memory_export", "app_bootstrap",
    # issue 27, lang47: the last service refusals (compaction, topic model, MCP, message edits,
    # dream review, settings) and the checks below them (attachments, avatars, settings, keys)
    "services/compaction/compaction_service", "services/compaction/compaction_records", "services/topics/topic_model",
    "services/search/search_service", "services/dream/dream_review", "services/dream/dream_service",
    "services/chat/message_edit_service", "services/chat/reply_store", "services/chat/reply_versions",
    "services/assistants/settings_service", "core/mcp_reasons", "services/tools/mcp_clients",
    "services/context/request_context", "gui/chat/image_codec", "storage/secrets", "storage/message_branches",
    "core/card_language", "core/attachments", "core/threshold_compaction", "core/dream_schedule", "core/app_settings",
    "core/avatars", "services/tools/mcp_oauth", "core/budget", "services/compaction/compaction_threshold", "services/fault_place",
    "services/assistants/app_info",
)) + ("ui/provider_form.ui",)  # the Designer form: lupdate reads the .ui (the compiled module calls translate too)
#: The shipped translations (English: plural forms only).
LANGUAGES = ("zh_CN", "ja", "en")


def _tool(name: str) -> str:
    """The PySide6 tool ``name`` beside this Python, else on PATH."""
    here = Path(sys.executable).parent / name
    found = str(here) if here.exists() else shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install PySide6 (pyside6-essentials)")
    return found


_MESSAGE = re.compile(r"<message(?: numerus=\"yes\")?>\s*<source>(?P<source>.*?)</source>(?P<rest>.*?)</message>\n?\s*",
                      re.S)
_FORM = re.compile(r"<numerusform>(.*?)</numerusform>", re.S)


def _plural_forms(ts: Path) -> dict[str, list[str]]:
    """The finished plural forms in ``ts`` by source text (lupdate flattens them: it does
    not see the ``n`` argument of a Python ``translate`` call)."""
    if not ts.exists():
        return {}
    found = {}
    for m in _MESSAGE.finditer(ts.read_text(encoding="utf-8")):
        forms = _FORM.findall(m.group("rest"))
        if forms and 'type="unfinished"' not in m.group("rest") and all(forms):
            found[m.group("source")] = forms
    return found


def _mark_plurals(ts: Path, kept: dict[str, list[str]], *, plurals_only: bool, forms: int) -> None:
    """Mark every message whose source has ``%n`` as a plural with its ``kept`` forms, or
    ``forms`` empty ones to fill (English 2; Chinese and Japanese 1), so Linguist offers a
    field per form. ``plurals_only``: drop the other messages (English needs only its
    plural forms)."""
    text = ts.read_text(encoding="utf-8")

    def plural(m: re.Match[str]) -> str:
        block, source, rest = m.group(0), m.group("source"), m.group("rest")
        if "%n" not in source and "%Ln" not in source:
            return "" if plurals_only else block
        old = kept.get(source)
        body = ('<translation type="unfinished">' + "<numerusform></numerusform>" * forms if old is None
                else "<translation>" + "".join(f"<numerusform>{f}</numerusform>" for f in old))
        rest = re.sub(r"<translation[^>]*>.*?</translation>", lambda _m: body + "</translation>", rest, flags=re.S)
        tail = block[block.index("</message>"):]
        return f'<message numerus="yes">\n        <source>{source}</source>{rest}{tail}'

    text = _MESSAGE.sub(plural, text)
    # lupdate turns any "#:" comment above a call into a note for translators; here "#:" is
    # the attribute doc comment of Sphinx, never meant for them
    text = re.sub(r"\n\s*<extracomment>.*?</extracomment>", "", text, flags=re.S)
    if plurals_only:  # contexts left without a message
        text = re.sub(r"<context>\s*<name>[^<]*</name>\s*</context>\s*", "", text)
    ts.write_text(text, encoding="utf-8")


def update(folder: Path = I18N) -> None:
    """Merge the strings of :data:`SOURCES` into ``folder``'s ``.ts`` files."""
    folder.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        ts = folder / f"chathub_{lang}.ts"
        kept = _plural_forms(ts)
        cmd = [_tool("pyside6-lupdate"), *SOURCES, "-locations", "none", "-no-obsolete",
               "-source-language", "en", "-target-language", lang, "-ts", str(ts)]
        subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True)
        _mark_plurals(ts, kept, plurals_only=lang == "en", forms=2 if lang == "en" else 1)


def release(src: Path = I18N, out: Path = I18N) -> None:
    """Build ``out/chathub_<lang>.qm`` from each ``src/chathub_<lang>.ts``."""
    for lang in LANGUAGES:
        subprocess.run([_tool("pyside6-lrelease"), "-silent", str(src / f"chathub_{lang}.ts"),
                        "-qm", str(out / f"chathub_{lang}.qm")], check=True)


def stale() -> list[str]:
    """The committed files that differ from a fresh update and build (empty: all fresh)."""
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        for f in I18N.glob("chathub_*.ts"):
            shutil.copy(f, scratch / f.name)
        update(scratch)
        release(scratch, scratch)
        return sorted(f.name for f in scratch.iterdir()
                      if not (I18N / f.name).exists() or (I18N / f.name).read_bytes() != f.read_bytes())


def main(argv: list[str]) -> int:
    """See the module docstring; returns the exit code."""
    if "--check" in argv:
        bad = stale()
        for name in bad:
            print(f"stale: resources/i18n/{name} (run python packaging/build_translations.py)")
        return 1 if bad else 0
    if "--release" not in argv:
        update()
    release()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
