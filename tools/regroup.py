"""Regroup ``services/`` into domain packages and ``gui/`` into window areas (issue 31).

    python tools/regroup.py [--dry-run] [--allow-dirty]

Run from anywhere inside the checkout, on a clean tree. It:

1. ``git mv``-es every module named in :data:`SERVICES` and :data:`GUI` into its
   package (whole files: nothing is split), and writes each new package's
   ``__init__.py`` with a docstring saying what it owns;
2. rewrites every reference to a moved module in ``chathub_desktop/``, ``tests/``,
   ``benchmarks/``, ``packaging/``, ``ui/``, ``docs/``, ``pyproject.toml`` and the top-level
   ``*.md``: dotted names (imports, mock targets, logger names, mypy and import-linter
   module lists, Designer ``<header>``), ``from chathub_desktop.gui import confirm``
   statements, file paths (``chathub_desktop/gui/x.py``, mypy's exclude regexes,
   ``packaging/build_translations.py``'s source list) and ````services.x```` mentions in
   docstrings;
3. sorts the touched imports with ``ruff --select I --fix`` (when ruff is installed).

It refuses to run twice (a target package already exists) and on a dirty tree. A
module at the top of ``services/`` or ``gui/`` that no area names (added after this
script was written) is left where it is and listed, so the run never guesses; move it
by adding its name below and running on a fresh checkout. Prints every move.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

PKG = "chathub_desktop"

#: services/<package>: (what it owns, its modules). Left at the top: the composition
#: root and the vocabulary every domain shares (:data:`SERVICES_ROOT`).
SERVICES: dict[str, tuple[str, tuple[str, ...]]] = {
    "chat": ("Chat and replies: sending a message, streaming and storing its reply, retry, "
             "regenerate and edit-and-resend, reply versions, message edits, attachments and "
             "the tools offered to the model.",
             ("chat_service", "reply_store", "reply_versions", "empty_reply", "message_edit_service",
              "attachment_service", "process_identity", "tool_registry")),
    "topics": ("Topics: create, list, rename, delete and page their messages; a topic's own "
               "model, its generated title and the warm history snapshots a send reads.",
               ("topic_service", "topic_model", "topic_naming", "topic_snapshots")),
    "context": ("The next request and its figures: what the planner loads for a topic, the token "
                "badge's estimate and the rows of its popover (one plan for badge, receipt and "
                "compaction).",
                ("request_context", "estimate_service", "meter_rows")),
    "compaction": ("Compaction: the rolling topic summary, its cursor and records, the threshold "
                   "policy, the History Compress model and the probes that check a summary.",
                   ("compaction_service", "compaction_outcome", "compaction_records", "compaction_threshold",
                    "summarizer", "summary_probes")),
    "memory": ("Assistant memory: fixed memory and its provenance, its history and Revert, "
               "previews before a replace, where pasted entries came from, and the secret "
               "scan before text is remembered.",
               ("memory_service", "memory_history_service", "memory_preview", "memory_sources", "secret_scan")),
    "dream": ("The memory dream: dynamic-memory cards, the History Compress calls of a dream, "
              "past days, review, and the headless dream service.",
              ("dream_service", "dream_calls", "dream_cards", "dream_days", "dream_review", "dream_serve")),
    "transfer": ("Imports and exports: chat-history imports (ChatGPT, Claude, …) staged and "
                 "published, their images, Claude's memory, topic export/import and memory "
                 "export/import.",
                 ("chat_import", "chatgpt_import", "claude_memory", "import_images", "import_staging",
                  "import_writer", "topic_transfer", "memory_transfer")),
    "search": ("Search and recall: keyword search over every topic and memory, semantic recall "
               "with local embeddings, and the recall tools offered to the model.",
               ("search_service", "semantic_recall", "embedder", "recall_tools")),
    "providers": ("Providers and models: providers and where their keys live, the models a "
                  "provider lists, the user's model cards and Test connection.",
                  ("provider_service", "provider_models", "model_card_service", "connection_check")),
    "tools": ("MCP tool servers: sessions with each server, OAuth, per-assistant switches and "
              "approvals, and their tools in the request and the send loop.",
              ("mcp_service", "mcp_clients", "mcp_oauth", "mcp_tools")),
    "watch": ("Store watching: what other processes write reaches this process's event bus "
              "(live refresh).",
              ("store_watch",)),
    "assistants": ("Assistants and application settings: create, update and delete assistants, "
                   "the app settings, and what Help → About shows.",
                   ("assistant_service", "settings_service", "app_info")),
}
#: Modules that stay at the top of services/ on purpose.
SERVICES_ROOT = ("__init__", "container", "errors", "events", "views", "input_rules", "input_files")

#: gui/<package>: (what it owns, its modules). ``design/`` and ``memory/`` exist already.
GUI: dict[str, tuple[str, tuple[str, ...]]] = {
    "design": ("", ("meter_colors", "app_icon", "avatar")),
    "shell": ("The window shell: the main window and its pages, the rail, menus, tray, "
              "notifications, status and error lines, the first-run wizard, the bridge from "
              "service events to Qt signals, and the task runner and service calls every page "
              "uses.",
              ("main_window", "window_actions", "window_pages", "nav_rail", "view_menu", "help_menu", "tray",
               "notifications", "single_instance", "status_line", "error_bar", "error_presenter",
               "page_header", "empty_state", "welcome_panel", "setup_steps", "setup_wizard", "task_runner",
               "service_ops", "live_refresh", "chat_events", "i18n", "help_button", "range_hint",
               "vector_fill", "collector_pause", "elided_line")),
    "chat": ("The chat column: the message list (model, view, delegate, rendering), the "
             "composer and sending, attachments and images, reply versions and notices, tool "
             "approval, and the chat header.",
             ("chat_empty", "chat_header", "composer", "send_controller", "send_keys", "message_action_bar",
              "message_actions", "message_delegate", "message_documents", "message_inline_edit", "message_jump",
              "message_list_model", "message_list_view", "markdown_render", "safe_document", "sliced_document",
              "link_policy", "image_codec", "image_sources", "stored_images", "attachments", "attachment_thumbs",
              "reply_notice", "reply_versions", "version_arrows", "redaction_notice", "tool_approval",
              "tool_server_notice", "assistant_switcher",
              "pasted_chips", "rounded_frames")),
    "topics": ("The topic list: its model and delegate, opening a topic, its actions (pin, "
               "archive, private, delete), its own model and the scroll bar marks.",
               ("topic_list_model", "topic_list_delegate", "topic_opener", "topic_actions", "topic_delete",
                "topic_privacy", "topic_model_picker", "topic_scroll_bar")),
    "context": ("What the next request carries: the token badge and its popover, the estimate "
                "and compaction controllers, the context controls, receipts and the topic "
                "summary's dialog, editing and probes.",
                ("token_badge", "usage_popover", "estimate_controller", "compaction_controller", "context_controls",
                 "receipt_dialog", "summary_dialog", "summary_editing", "summary_probe_panel")),
    "memory": ("", ("memory_paste_dialog", "dream_day_picker")),
    "settings": ("Settings: the dialog and its pages (providers, models and model cards, "
                 "storage, tools and MCP servers, the System Agent's model choices) and the "
                 "assistant dialog.",
                 ("settings_dialog", "settings_page", "providers_page", "models_page", "model_card_dialog",
                  "model_choices", "connection_test", "storage_page", "tools_page", "mcp_server_dialog",
                  "assistant_dialog", "summarizer_choice",
                  "provider_form")),  # lang27, this wave
    "search": ("Search: the search page and the controller that opens a hit in its topic.",
               ("search_page", "search_controller")),
    "dialogs": ("Shared dialogs: confirmations, the import dialog and the non-blocking file "
                "dialogs pages use.",
                ("confirm", "import_dialog", "file_dialogs")),
}
#: Modules and folders that stay at the top of gui/ (form_compiler finds ui/ and forms/
#: from its own path).
GUI_ROOT = ("__init__", "form_compiler", "forms", "design", "memory")

#: Where references are rewritten (relative to the checkout).
SCAN = ("chathub_desktop", "tests", "benchmarks", "packaging", "ui", "docs", "tools", ".ci")
SCAN_FILES = ("pyproject.toml", "README.md", "CONTRIBUTING.md")
TEXT_SUFFIXES = {".py", ".toml", ".md", ".ui", ".spec", ".txt", ".cfg", ".ini", ".sh", ".yml", ".yaml", ".json", ""}


def git(root: Path, *args: str) -> str:
    """Run git in ``root``; its stdout. Raises ``CalledProcessError``."""
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout


def plan(root: Path) -> tuple[dict[str, str], list[str], list[str]]:
    """``({"services.chat_service": "services.chat.chat_service", ...}, missing, unplaced)``:
    the moves (module paths under ``chathub_desktop``), the named modules not found, and
    top-level modules no area names."""
    moves: dict[str, str] = {}
    missing: list[str] = []
    unplaced: list[str] = []
    for layer, areas, kept in (("services", SERVICES, SERVICES_ROOT), ("gui", GUI, GUI_ROOT)):
        base = root / PKG / layer
        named = set(kept)
        for area, (_doc, modules) in areas.items():
            for name in modules:
                named.add(name)
                if (base / f"{name}.py").exists():
                    moves[f"{layer}.{name}"] = f"{layer}.{area}.{name}"
                else:
                    missing.append(f"{layer}/{name}.py")
        for path in sorted(base.iterdir()):
            name = path.stem if path.suffix == ".py" else path.name
            if (path.suffix == ".py" or (path.is_dir() and (path / "__init__.py").exists())) and name not in named:
                unplaced.append(f"{layer}/{path.name}")
    return moves, missing, unplaced


def refuse_reason(root: Path, allow_dirty: bool) -> str | None:
    """Why this checkout must not be regrouped now, or None."""
    for layer, areas in (("services", SERVICES), ("gui", GUI)):
        for area, (doc, _modules) in areas.items():
            if doc and (root / PKG / layer / area).exists():
                return f"{PKG}/{layer}/{area}/ exists already: this tree was regrouped (the script runs once)"
    if not allow_dirty and git(root, "status", "--porcelain", "--untracked-files=no").strip():
        return "the working tree has uncommitted changes: commit them first (or pass --allow-dirty)"
    return None


def move(root: Path, moves: dict[str, str], dry_run: bool) -> None:
    """``git mv`` each module; write the new packages' ``__init__.py``."""
    for layer, areas in (("services", SERVICES), ("gui", GUI)):
        for area, (doc, _modules) in areas.items():
            init = root / PKG / layer / area / "__init__.py"
            if not init.exists() and any(v.startswith(f"{layer}.{area}.") for v in moves.values()):
                print(f"new package {PKG}/{layer}/{area}/")
                if not dry_run:
                    init.parent.mkdir(parents=True, exist_ok=True)
                    init.write_text(f'"""{wrap(doc)}"""\n', encoding="utf-8")
                    git(root, "add", str(init.relative_to(root)))
    for old, new in moves.items():
        src = f"{PKG}/{old.replace('.', '/')}.py"
        dst = f"{PKG}/{new.replace('.', '/')}.py"
        print(f"  {src} -> {dst}")
        if not dry_run:
            git(root, "mv", src, dst)


def wrap(doc: str, width: int = 88) -> str:
    """``doc`` broken into lines of at most ``width`` characters."""
    lines: list[str] = []
    line = ""
    for word in doc.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join([*lines, line])


def rewriter(moves: dict[str, str]) -> Callable[[str], str]:
    """A function rewriting one file's text for ``moves`` (see the module docstring)."""
    by_layer: dict[str, dict[str, str]] = {"services": {}, "gui": {}}
    for old, new in moves.items():
        layer, name = old.split(".", 1)
        by_layer[layer][name] = new.split(".")[1]  # its area
    names = {layer: "|".join(sorted(m, key=len, reverse=True)) for layer, m in by_layer.items() if m}
    rules: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = []
    for layer, alt in names.items():
        area = by_layer[layer]
        # chathub_desktop.gui.x (imports, mock targets, loggers, module lists, <header>)
        rules.append((re.compile(rf"(\b{PKG}\.{layer}\.)({alt})(?![\w])"), _into(area, ".")))
        # paths: chathub_desktop/gui/x.py, gui/x.py
        rules.append((re.compile(rf"(?<![\w/])((?:{PKG}/)?{layer}/)({alt})(?![\w/])"), _into(area, "/")))
        # ``services.x`` / `gui.x` mentions in prose
        rules.append((re.compile(rf"(?<=`)({layer}\.)({alt})(?![\w])"), _into(area, ".")))
    from_pkg = re.compile(rf"^(?P<indent>[ \t]*)from {PKG}\.(?P<layer>services|gui) import (?P<names>\([^)]*\)|[^\n]*)$",
                          re.M)

    def split_from(m: re.Match[str]) -> str:
        layer, indent = m.group("layer"), m.group("indent")
        raw = m.group("names").strip("()").split("#")[0]
        items = [i.strip() for i in raw.replace("\n", " ").split(",") if i.strip()]
        groups: dict[str, list[str]] = {}
        for item in items:
            name = item.split(" as ")[0].strip()
            where = by_layer[layer].get(name)
            groups.setdefault(f"{PKG}.{layer}.{where}" if where else f"{PKG}.{layer}", []).append(item)
        if list(groups) == [f"{PKG}.{layer}"]:
            return m.group(0)
        return "\n".join(f"{indent}from {mod} import {', '.join(its)}" for mod, its in groups.items())

    translations = re.compile(r"(SOURCES = tuple\(f\"chathub_desktop/gui/\{name\}\.py\" for name in \()(.*?)(\)\))", re.S)

    def sources(m: re.Match[str]) -> str:
        def one(q: re.Match[str]) -> str:
            area = by_layer["gui"].get(q.group(1))
            return f'"{area}/{q.group(1)}"' if area else q.group(0)
        return m.group(1) + re.sub(r'"(\w+)"', one, m.group(2)) + m.group(3)

    # mypy's exclude regex for the two message-list modules (issue 29)
    lists = by_layer["gui"].get("message_list_model")
    list_regex = re.compile(r"(?<![\w/])((?:chathub_desktop/)?gui/)(message_list_\()")

    def rewrite(text: str) -> str:
        text = from_pkg.sub(split_from, text)
        if lists:
            text = list_regex.sub(lambda m: f"{m.group(1)}{lists}/{m.group(2)}", text)
        text = translations.sub(sources, text)
        for pattern, repl in rules:
            text = pattern.sub(repl, text)
        return text

    return rewrite


def _into(area: dict[str, str], sep: str) -> Callable[[re.Match[str]], str]:
    """A replacement putting match group 2 (a module name) into its area after group 1."""
    return lambda m: f"{m.group(1)}{area[m.group(2)]}{sep}{m.group(2)}"


def files(root: Path) -> list[Path]:
    """The tracked text files to rewrite."""
    tracked = git(root, "ls-files", "-z", *[p for p in (*SCAN, *SCAN_FILES) if (root / p).exists()]).split("\0")
    return [root / f for f in tracked if f and Path(f).suffix in TEXT_SUFFIXES and (root / f).is_file()
            and not f.endswith("tools/regroup.py")]


def main(argv: list[str] | None = None) -> int:
    """Run the regroup; 0 on success, 1 when refused."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dry-run", action="store_true", help="print the moves, change nothing")
    ap.add_argument("--allow-dirty", action="store_true", help="run on a tree with uncommitted changes")
    args = ap.parse_args(argv)
    root = Path(git(Path.cwd(), "rev-parse", "--show-toplevel").strip())
    reason = refuse_reason(root, args.allow_dirty)
    if reason is not None:
        print(f"regroup refused: {reason}", file=sys.stderr)
        return 1
    moves, missing, unplaced = plan(root)
    print(f"regroup: {len(moves)} modules move")
    move(root, moves, args.dry_run)
    for m in missing:
        print(f"named but not found (skipped): {m}")
    for u in unplaced:
        print(f"no area names it (left in place): {u}")
    if args.dry_run:
        return 0
    rewrite = rewriter(moves)
    changed = []
    for path in files(root):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        new = rewrite(text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path.relative_to(root))
    print(f"references rewritten in {len(changed)} files")
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if Path(ruff).exists():
        subprocess.run([ruff, "check", "--select", "I", "--fix", "--quiet", PKG, "tests", "benchmarks"], cwd=root,
                       check=False)
        print("imports sorted (ruff --select I --fix)")
    else:
        print("ruff not found: sort the imports with `ruff check --select I --fix`")
    print("next: ruff check, mypy, lint-imports, pytest; then commit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
