"""Settings → Tools (issue 25, APP-11): MCP servers and what each assistant may use.

The servers table (name, how it runs, its tools) with Add server… / Edit… (the form of
``gui.settings.mcp_server_dialog``, with Test before save), Paste JSON…, Import… (a Claude
Desktop config; both, like Add server…, ask which assistants use the new servers), Test, Sign out (a server signed in with OAuth: its tokens are deleted)
and Remove; below it, for the chosen assistant, each server (checked: its tools are offered) with its tools and their approval — Ask, Always or
Never (not offered). The memory tools are not listed (MEM-4). Reads and writes run
on a worker (reads through the task runner, writes through ``ServiceOps``); Test starts the server on the MCP
thread and shows its name, version and tools, or one line why it failed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.mcp_config import McpTransport, StoredMcpServer, ToolApproval
from chathub_desktop.core.reasons import Reason
from chathub_desktop.gui.design import set_tone
from chathub_desktop.gui.design.icons import Icon
from chathub_desktop.gui.design.tokens import Tone
from chathub_desktop.gui.settings.mcp_server_dialog import McpServerDialog, UseWithList
from chathub_desktop.gui.shell.empty_state import EmptyState
from chathub_desktop.gui.shell.error_presenter import ErrorPresenter, user_message
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_ops import ServiceOps
from chathub_desktop.gui.shell.service_reasons import said
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.tools.mcp_oauth import open_in_browser

if TYPE_CHECKING:
    from pathlib import Path

    from chathub_desktop.services.container import Services
    from chathub_desktop.services.tools.mcp_service import AssistantToolView

COLUMNS = (QT_TRANSLATE_NOOP("ToolsPage", "Server"), QT_TRANSLATE_NOOP("ToolsPage", "Runs"),
           QT_TRANSLATE_NOOP("ToolsPage", "Tools"), QT_TRANSLATE_NOOP("ToolsPage", "Used by"))
APPROVAL_TEXT = {ToolApproval.ASK: QT_TRANSLATE_NOOP("ToolsPage", "Ask"),
                 ToolApproval.ALWAYS: QT_TRANSLATE_NOOP("ToolsPage", "Always allow"),
                 ToolApproval.NEVER: QT_TRANSLATE_NOOP("ToolsPage", "Never")}
translate = QCoreApplication.translate
PASTE_HINT = '{"mcpServers": {"time": {"command": "uvx", "args": ["mcp-server-time"]}}}'
_LEAST_ROWS = 3
"""Rows the servers table and the tools tree keep however short the page is."""
_MOST_ROWS = 6
"""Most server rows the table grows to before it scrolls; the tools tree takes the rest."""


@dataclass(frozen=True)
class _Tools:
    """One assistant's server tools and the names of its switched-on servers."""

    assistant: int
    views: list[AssistantToolView]
    enabled: set[str]


@dataclass(frozen=True)
class _Read:
    """What a reload read on the worker: servers, the assistants each is on for (by
    name), assistants as (id, name), the one shown and its tools (None without assistants)."""

    servers: list[StoredMcpServer]
    users: dict[str, list[str]]
    assistants: list[tuple[int, str]]
    chosen: int | None
    tools: _Tools | None


def _use_with_row(form: QFormLayout, texts: Texts, assistants: Sequence[tuple[int, str]],
                  ticked: int | None) -> UseWithList | None:
    """Add to ``form`` the "Use with" row of Paste and Import — the Add form's own
    :class:`UseWithList` (issue 25): ``assistants`` ((id, name)), ``ticked`` (the page's
    chosen one) checked. None, and no row, without assistants."""
    if not assistants:
        return None
    use_with = UseWithList(assistants, ticked)
    texts.bind(use_with.setToolTip, lambda: translate(
        "ToolsPage", "The assistants that get these servers' tools; change it later under Tools of assistant"))
    label = QLabel()
    texts.bind(label.setText, lambda: translate("ToolsPage", "Use &with"))
    label.setBuddy(use_with)
    form.addRow(label, use_with)
    return use_with


class _AddServers(QDialog):
    """The frame of Paste and Import: ``body`` widgets, then "Use with"
    (:func:`_use_with_row`), then Add servers / Cancel; :meth:`chosen` after Add."""

    def __init__(self, parent: QWidget | None, assistants: Sequence[tuple[int, str]], ticked: int | None) -> None:
        super().__init__(parent)
        self.texts = Texts(self)
        self.body = QVBoxLayout(self)
        self._assistants, self._ticked = assistants, ticked
        self.use_with: UseWithList | None = None

    def _finish(self) -> None:
        """Add the "Use with" row and the buttons below the body."""
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.use_with = _use_with_row(form, self.texts, self._assistants, self._ticked)
        self.body.addLayout(form)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        add = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.texts.bind(add.setText, lambda: translate("ToolsPage", "&Add servers"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.body.addWidget(self.buttons)

    def chosen(self) -> tuple[int, ...]:
        """Ids of the assistants ticked under "Use with" (empty without assistants)."""
        return self.use_with.chosen() if self.use_with is not None else ()


class PasteDialog(_AddServers):
    """A text box for an ``mcpServers`` JSON block; ``text()`` and ``chosen()`` after Add."""

    def __init__(self, parent: QWidget | None = None, assistants: Sequence[tuple[int, str]] = (),
                 ticked: int | None = None) -> None:
        super().__init__(parent, assistants, ticked)
        t, layout = self.texts, self.body
        t.bind(self.setWindowTitle, lambda: translate("ToolsPage", "Paste MCP servers"))
        label = QLabel()
        t.bind(label.setText, lambda: translate(
            "ToolsPage", "Paste an <code>mcpServers</code> block (as in Claude Desktop's config file):"))
        layout.addWidget(label)
        self.edit = QPlainTextEdit()
        self.edit.setObjectName("mcpPaste")
        self.edit.setPlaceholderText(PASTE_HINT)
        label.setBuddy(self.edit)
        layout.addWidget(self.edit, 1)
        self._finish()
        self.resize(560, 320)

    def text(self) -> str:
        """The pasted text."""
        return self.edit.toPlainText()


class ImportDialog(_AddServers):
    """Import…'s second step: names the chosen config file and asks "Use with"."""

    def __init__(self, file_name: str, parent: QWidget | None = None,
                 assistants: Sequence[tuple[int, str]] = (), ticked: int | None = None) -> None:
        super().__init__(parent, assistants, ticked)
        self.texts.bind(self.setWindowTitle, lambda: translate("ToolsPage", "Import MCP servers"))
        label = QLabel()
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        self.texts.bind(label.setText, lambda: fill(translate("ToolsPage", "Add the MCP servers of %1."), file_name))
        self.body.addWidget(label)
        self._finish()


class ToolsPage(QWidget):
    """Settings → Tools (see the module doc). ``changed`` after any stored change (the
    window recounts its badge: the tools' schemas are part of every request)."""

    changed = Signal()

    def __init__(self, services: Services, runner: TaskRunner, presenter: ErrorPresenter,
                 parent: QWidget | None = None, *,
                 open_url: Callable[[str], Awaitable[None]] = open_in_browser) -> None:
        super().__init__(parent)
        self.setObjectName("toolsPage")
        self._svc = services
        self.open_url = open_url
        """Shows a server's sign-in page (the browser; issue 25 OAuth)."""
        self._runner = runner
        self.servers: list[StoredMcpServer] = []
        #: Server name → the assistants it is on for, as last read ("Used by").
        self.users: dict[str, list[str]] = {}
        self.loads = 0  # finished reloads (tests wait on it)
        self._reload_task = f"tools-page:{id(self)}"
        self.paste_dialog: PasteDialog | None = None
        self.import_dialog: ImportDialog | None = None
        self.server_dialog: McpServerDialog | None = None
        self._last: tuple[_Read, _Tools | None] | None = None  # the lists shown (re-said on a switch)
        self.texts = t = Texts(self)
        layout = QVBoxLayout(self)
        # shown with the server list only: the empty state says the same (walk37 #11)
        intro = self.intro = QLabel()
        t.bind(intro.setText, lambda: translate(
            "ToolsPage", "MCP servers give assistants tools: a program started on this computer (stdio) or a "
            "Streamable HTTP address. Each call is asked about unless you allow the tool."))
        intro.setWordWrap(True)
        set_tone(intro, Tone.MUTED)
        layout.addWidget(intro)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("mcpServers")
        t.bind(self.table.setAccessibleName, lambda: translate("ToolsPage", "MCP servers"))
        t.call(lambda: self.table.setHorizontalHeaderLabels([translate("ToolsPage", c) for c in COLUMNS]))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._sync)
        layout.addWidget(self.table, 100)  # grows to its rows first (_fit_table), the tree takes the rest
        self.empty = EmptyState(
            QT_TRANSLATE_NOOP("ToolsPage", "MCP servers give your assistants tools such as the time, your files or a "
                              "web search. Add one with a form, or paste or import the servers you set up in another "
                              "app."),
            QT_TRANSLATE_NOOP("ToolsPage", "Add an MCP server…"), "toolsEmpty", glyph=Icon.TOOLS,
            title=QT_TRANSLATE_NOOP("ToolsPage", "No tools yet"),
            details=QT_TRANSLATE_NOOP("ToolsPage", "An MCP server is a small program on this computer (stdio) or a web "
                                      "address (Streamable HTTP) that offers tools. You choose per assistant which "
                                      "tools it may use, and whether each call runs by itself or asks you first."),
            context="ToolsPage")
        self.empty.button.clicked.connect(lambda: self.edit_server(None))
        self.empty.hide()  # until a read finds no servers (walk29 #10)
        layout.addWidget(self.empty, 1)
        row = QHBoxLayout()
        self.add_button = self._button(QT_TRANSLATE_NOOP("ToolsPage", "A&dd server…"),
                                       QT_TRANSLATE_NOOP("ToolsPage", "Add a stdio or Streamable HTTP server with a form"))
        self.add_button.clicked.connect(lambda: self.edit_server(None))
        self.edit_button = self._button(QT_TRANSLATE_NOOP("ToolsPage", "&Edit…"),
                                        QT_TRANSLATE_NOOP("ToolsPage", "Change the selected server"))
        self.edit_button.clicked.connect(lambda: self.edit_server(self.current()))
        self.table.doubleClicked.connect(lambda _i: self.edit_server(self.current()))
        self.paste_button = self._button(QT_TRANSLATE_NOOP("ToolsPage", "&Paste JSON…"),
                                         QT_TRANSLATE_NOOP("ToolsPage", "Add servers from an mcpServers JSON block"))
        self.paste_button.clicked.connect(self.paste)
        self.import_button = self._button(QT_TRANSLATE_NOOP("ToolsPage", "&Import…"), QT_TRANSLATE_NOOP(
            "ToolsPage", "Add the mcpServers of a Claude Desktop config file"))
        self.import_button.clicked.connect(self.import_file)
        self.test_button = self._button(QT_TRANSLATE_NOOP("ToolsPage", "&Test"),
                                        QT_TRANSLATE_NOOP("ToolsPage", "Start the server, list its tools and stop it"))
        self.test_button.clicked.connect(self.test_selected)
        self.sign_out_button = self._button(QT_TRANSLATE_NOOP("ToolsPage", "Sign &out"), QT_TRANSLATE_NOOP(
            "ToolsPage", "Delete the server's sign-in tokens from the keyring or key file"))
        self.sign_out_button.clicked.connect(self.sign_out_selected)
        self.sign_out_button.hide()  # shown for a server signed in with OAuth
        self.remove_button = self._button(QT_TRANSLATE_NOOP("ToolsPage", "&Remove"), "")
        self.remove_button.clicked.connect(self.remove_selected)
        # two rows, so the page fits beside the labelled section list at 800 px (walk29 #11):
        # what acts on the chosen server, then the ways to add servers
        for b in (self.edit_button, self.test_button, self.sign_out_button, self.remove_button):
            row.addWidget(b)
        row.addStretch(1)
        layout.addLayout(row)
        adds = QHBoxLayout()
        for b in (self.add_button, self.paste_button, self.import_button):
            adds.addWidget(b)
        adds.addStretch(1)
        layout.addLayout(adds)
        self.status_label = QLabel()
        self.status_label.setObjectName("mcpStatus")
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status_label.hide()
        layout.addWidget(self.status_label)
        self.assistant_row = QWidget()  # with the tree: hidden while there is no server
        arow = QHBoxLayout(self.assistant_row)
        arow.setContentsMargins(0, 0, 0, 0)
        alabel = QLabel()
        t.bind(alabel.setText, lambda: translate("ToolsPage", "Tools of &assistant"))
        self.assistant_combo = QComboBox()
        self.assistant_combo.setObjectName("toolsAssistant")
        alabel.setBuddy(self.assistant_combo)
        self.assistant_combo.currentIndexChanged.connect(lambda _i: self.reload_tools())
        arow.addWidget(alabel)
        arow.addWidget(self.assistant_combo, 1)
        layout.addWidget(self.assistant_row)
        self.tree = QTreeWidget()
        self.tree.setObjectName("assistantTools")
        t.bind(self.tree.setAccessibleName, lambda: translate("ToolsPage", "Server tools of the assistant"))
        t.call(lambda: self.tree.setHeaderLabels([translate("ToolsPage", "Server / tool"),
                                                  translate("ToolsPage", "Approval")]))
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.itemChanged.connect(self._server_toggled)
        layout.addWidget(self.tree, 1)
        for view in (self.table, self.tree):  # share the height by stretch, not by their
            # preferred 192 px, so a wrapped status line never makes the page scroll at 800×560
            view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
            view.setMinimumHeight(view.fontMetrics().lineSpacing() * (_LEAST_ROWS + 1) + 2 * view.frameWidth())
        self.ops = ServiceOps(runner, presenter, self._show_error, self._busy, "tools-page")
        self.reload()

    def _button(self, text: str, tip: str) -> QPushButton:
        """A push button saying ``text`` with the tooltip ``tip`` (``ToolsPage`` sources)."""
        button = QPushButton()
        self.texts.bind(button.setText, lambda: translate("ToolsPage", text))
        if tip:
            self.texts.bind(button.setToolTip, lambda: translate("ToolsPage", tip))
        return button

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt override
        """A language switch re-says the lists' words from what they show (no store read)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.LanguageChange and self._last is not None:
            read, tools = self._last
            self._fill(read, counted=False)
            self._fill_tools(tools)

    # --- servers -------------------------------------------------------------------
    def reload(self) -> None:
        """Re-read servers, assistants and the chosen assistant's tools on a worker
        thread, then fill both lists (issue 29: no store reads on the GUI thread)."""
        self._runner.run(self._reload_task, self._refresh(), context="List MCP servers")

    async def _refresh(self, note: Callable[[], str] | None = None) -> None:
        """Read on a worker and fill both lists; then show ``note`` (if any) on the status
        line. A user-facing store error is shown there instead."""
        keep = self.assistant_combo.currentData()
        try:
            read = await self._runner.run_in_thread(self._read, keep)
        except Exception as exc:
            message = user_message(exc)
            if message is None:
                raise  # a bug: the task runner hands it to the presenter
            self._say(lambda: fill(translate("ToolsPage", "List MCP servers: %1"), message), error=True)
            return
        self._fill(read)
        if note is not None:  # a plain reload leaves the line alone: it may say why a later change failed
            self._say(note)

    def _read(self, keep: int | None) -> _Read:
        """Worker side of :meth:`reload`: servers, assistants (id, name), the assistant to
        show (``keep`` when it still exists, else the first) and its tools."""
        mcp = self._svc.mcp
        assistants = [(a.id, a.name) for a in self._svc.assistants.list()]
        ids = [a for a, _name in assistants]
        chosen = keep if keep in ids else (ids[0] if ids else None)
        return _Read(mcp.servers(), mcp.users(), assistants, chosen, self._read_tools(chosen))

    def _read_tools(self, assistant: int | None) -> _Tools | None:
        """Worker side: ``assistant``'s tools and the names of its switched-on servers."""
        if assistant is None:
            return None
        mcp = self._svc.mcp
        return _Tools(assistant, mcp.assistant_tools(assistant), mcp.enabled_servers(assistant))

    def _fill(self, read: _Read, *, counted: bool = True) -> None:
        """Show ``read`` (``counted``: a finished reload, which tests wait on)."""
        self._last = (read, read.tools)
        picked = self.current()  # stays selected while it exists
        self.servers = list(read.servers)
        self.users = dict(read.users)
        self.table.setRowCount(len(self.servers))
        for r, srv in enumerate(self.servers):
            c = srv.config
            runs = c.url if c.transport is McpTransport.HTTP else " ".join((c.command, *c.args))
            if c.signed_in:
                runs = fill(translate("ToolsPage", "%1 (signed in)"), runs)
            tools = translate("ToolsPage", "not tested yet") if srv.tools is None else f"{len(srv.tools)}"
            used = _used_by(read.users, c.name)
            for col, text in enumerate((c.name, runs, tools, used)):
                item = QTableWidgetItem(text)
                item.setToolTip(text if col != 0 else f"{srv.server_name} {srv.server_version}".strip() or text)
                self.table.setItem(r, col, item)
            if picked is not None and c.name == picked.config.name:
                self.table.selectRow(r)
        self.assistant_combo.blockSignals(True)
        self.assistant_combo.clear()
        for aid, name in read.assistants:
            self.assistant_combo.addItem(name, aid)
        self.assistant_combo.setCurrentIndex(max(self.assistant_combo.findData(read.chosen), 0))
        self.assistant_combo.blockSignals(False)
        self._fill_tools(read.tools)
        self._fit_table()
        empty = not self.servers  # one empty state, not two empty grids (walk29 #10)
        self.empty.setVisible(empty)
        for w in (self.intro, self.table, self.add_button, self.edit_button, self.test_button, self.remove_button,
                  self.assistant_row, self.tree):
            w.setVisible(not empty)
        self._sync()
        self.loads += counted

    def _fit_table(self) -> None:
        """Cap the server table at the height of its rows (at most :data:`_MOST_ROWS`;
        more scroll): its large stretch lets it take that first, and the tools tree
        below takes the rest of the page (issue 25, 800×560)."""
        t = self.table
        rows = sum(t.rowHeight(r) for r in range(min(t.rowCount(), _MOST_ROWS)))
        bar = t.horizontalScrollBar()
        need = (t.horizontalHeader().sizeHint().height() + rows + 2 * t.frameWidth()
                + (bar.sizeHint().height() if bar.isVisible() else 0))
        t.setMaximumHeight(max(need, t.minimumHeight()))

    def current(self) -> StoredMcpServer | None:
        """The selected server, if any."""
        row = self.table.currentRow()
        return self.servers[row] if 0 <= row < len(self.servers) and self.table.selectedItems() else None

    def _sync(self) -> None:
        current = self.current()
        picked = current is not None and not self.ops.busy
        for b in (self.test_button, self.edit_button, self.sign_out_button, self.remove_button):
            b.setEnabled(picked)
        self.sign_out_button.setVisible(current is not None and current.config.signed_in)

    def _busy(self, busy: bool) -> None:
        for b in (self.add_button, self.paste_button, self.import_button, self.empty.button, self.empty.secondary):
            if b is not None:
                b.setEnabled(not busy)
        self._sync()

    def _show_error(self, text: str) -> None:
        self._status(text, error=True)

    def _status(self, text: str, *, error: bool = False) -> None:
        self._say(lambda: text, error=error)

    def _say(self, make: Callable[[], str], *, error: bool = False) -> None:
        """Show ``make()`` on the status line, re-said after a language switch."""
        set_tone(self.status_label, Tone.ERROR if error else Tone.MUTED)
        self.texts.bind(self._status_text, make)

    def _status_text(self, text: str) -> None:
        self.status_label.setText(text)
        self.status_label.setVisible(bool(text))

    def _assistants(self) -> list[tuple[int, str]]:
        """The assistants as last read ((id, name)): "Use with" offers them."""
        return [(self.assistant_combo.itemData(i), self.assistant_combo.itemText(i))
                for i in range(self.assistant_combo.count())]

    def paste(self) -> PasteDialog:
        """Open the paste box; Add stores its servers, on for the assistants ticked under
        "Use with", on a worker (all or none)."""
        self.paste_dialog = PasteDialog(self, self._assistants(), self.assistant_combo.currentData())
        dialog = self.paste_dialog
        dialog.accepted.connect(lambda: self._import(dialog.text(), dialog.chosen()))
        dialog.open()
        return dialog

    def edit_server(self, existing: StoredMcpServer | None) -> McpServerDialog:
        """Open the Add server form (``existing`` None) or the Edit form of ``existing``."""
        mcp = self._svc.mcp
        replace = existing is not None
        self.server_dialog = McpServerDialog(
            self._runner, mcp.test_config,
            lambda config, listed, use_with: mcp.save(config, replace=replace, listed=listed, use_with=use_with),
            existing, self, sign_in=lambda config: mcp.sign_in_config(config, self.open_url),
            assistants=self._assistants(), ticked=self.assistant_combo.currentData())
        self.server_dialog.saved.connect(self._saved)
        self.server_dialog.open()
        return self.server_dialog

    def _saved(self, name: str) -> None:
        self._runner.run(self._reload_task, self._show_saved(name), context="List MCP servers")
        self.changed.emit()

    async def _show_saved(self, name: str) -> None:
        """Read the lists again, then select the saved server ``name`` and say so."""
        await self._refresh()
        found = next((r for r, srv in enumerate(self.servers) if srv.config.name == name), -1)
        if found >= 0:
            self.table.selectRow(found)
        tested = found >= 0 and self.servers[found].tools is not None
        self._say(lambda: fill(translate("ToolsPage", "Saved %1.") if tested
                               else translate("ToolsPage", "Saved %1. Test it to read its tools."), name)
                  + self._unused_hint([name]))

    def _unused_hint(self, names: list[str]) -> str:
        """A sentence naming those of ``names`` that no assistant uses yet, or ``""``
        (walk37 #2: a saved server that is off says so)."""
        unused = [n for n in names if not self.users.get(n)]
        if not unused or not self.assistant_combo.count():  # no assistant to tick yet
            return ""
        return " " + fill(translate("ToolsPage", "No assistant uses %1 yet: tick it under Tools of assistant below."),
                          ", ".join(unused))

    def import_file(self) -> None:
        """Pick a Claude Desktop config file and add its servers."""
        path, _ = QFileDialog.getOpenFileName(self, translate("ToolsPage", "Import MCP servers"), "",
                                              translate("ToolsPage", "JSON (*.json);;All files (*)"))
        if path:
            from pathlib import Path

            self.import_path(Path(path))

    def import_path(self, path: Path) -> ImportDialog | None:
        """Ask "Use with" for the servers of ``path`` (none asked without assistants),
        then add them on a worker (all or none); the dialog, or None when none was asked."""
        assistants = self._assistants()
        if not assistants:
            self._import_path(path, ())
            return None
        self.import_dialog = dialog = ImportDialog(path.name, self, assistants, self.assistant_combo.currentData())
        dialog.accepted.connect(lambda: self._import_path(path, dialog.chosen()))
        dialog.open()
        return dialog

    def _import(self, text: str, use_with: tuple[int, ...]) -> None:
        mcp = self._svc.mcp
        self.ops.start(translate("ToolsPage", "Add MCP servers"), lambda: mcp.import_text(text, use_with=use_with),
                       on_ok=self._added)

    def _import_path(self, path: Path, use_with: tuple[int, ...]) -> None:
        mcp = self._svc.mcp
        self.ops.start(translate("ToolsPage", "Import MCP servers"), lambda: mcp.import_file(path, use_with=use_with),
                       on_ok=self._added)

    def _added(self, names: object) -> None:
        assert isinstance(names, list)
        self._runner.run(self._reload_task, self._show_added(names), context="List MCP servers")
        self.changed.emit()

    async def _show_added(self, names: list[str]) -> None:
        """Read the lists again, then say what was added and that it is not in use yet."""
        await self._refresh()
        self._say(lambda: fill(translate("ToolsPage", "Added %1. Test a server to read its tools."), ", ".join(names))
                  + self._unused_hint(names))

    def remove_selected(self) -> None:
        """Remove the selected server (its switches and approvals go with it)."""
        srv = self.current()
        if srv is not None:
            mcp, name = self._svc.mcp, srv.config.name
            self.ops.start(fill(translate("ToolsPage", "Remove %1"), name), lambda: mcp.remove(name), on_ok=lambda _r: self._removed(name))

    def sign_out_selected(self) -> None:
        """Forget the selected server's OAuth sign-in (its tokens) on a worker and say so
        in one line."""
        srv = self.current()
        if srv is not None:
            mcp, name = self._svc.mcp, srv.config.name
            self.ops.start(fill(translate("ToolsPage", "Sign out of %1"), name), lambda: mcp.sign_out(name), on_ok=self._signed_out)

    def _signed_out(self, note: object) -> None:
        assert isinstance(note, Reason)  # McpService.sign_out's line, typed (issue 27)
        self._runner.run(self._reload_task, self._refresh(lambda: said(note)), context="List MCP servers")

    def _removed(self, name: str) -> None:
        self._runner.run(self._reload_task, self._refresh(lambda: fill(translate("ToolsPage", "Removed %1."), name)),
                         context="List MCP servers")
        self.changed.emit()

    def test_selected(self) -> None:
        """Start the selected server once and show what it offers (or why it failed)."""
        srv = self.current()
        if srv is None:
            return
        name = srv.config.name
        self._say(lambda: fill(translate("ToolsPage", "Starting %1…"), name))
        self.test_button.setEnabled(False)
        self._runner.run("tools-page-test", self._test(name), context=fill(translate("ToolsPage", "Test %1"), name))

    async def _test(self, name: str) -> None:
        try:
            listed = await self._svc.mcp.test(name)
        except Exception as exc:
            message = user_message(exc)
            if message is None:
                raise
            self._status(message, error=True)
        else:
            names, count = ", ".join(t.name for t in listed.tools), len(listed.tools)
            await self._refresh(lambda: f"{name}: {listed.name} {listed.version} — " + (fill(translate(
                "ToolsPage", "%1: %2"), translate("ToolsPage", "%n tool(s)", "", count), names) if names
                else translate("ToolsPage", "no tools")))
            self.changed.emit()
        finally:
            self._sync()

    # --- per assistant ----------------------------------------------------------------
    def reload_tools(self) -> None:
        """Re-read the chosen assistant's servers and tools on a worker, then fill the tree."""
        self._runner.run(self._reload_task + ":tools", self._refresh_tools(self.assistant_combo.currentData()),
                         context="Read the assistant's tools")

    async def _refresh_tools(self, assistant: int | None) -> None:
        try:
            tools = await self._runner.run_in_thread(self._read_tools, assistant)
        except Exception as exc:
            message = user_message(exc)
            if message is None:
                raise
            self._say(lambda: fill(translate("ToolsPage", "Read the assistant's tools: %1"), message), error=True)
            return
        if assistant == self.assistant_combo.currentData():  # else a newer choice reads its own
            self._fill_tools(tools)

    def _fill_tools(self, read: _Tools | None) -> None:
        """Fill the tree with the servers and tools ``read`` for one assistant."""
        if self._last is not None:
            self._last = (self._last[0], read)
        self.tree.blockSignals(True)
        self.tree.clear()
        if read is not None:
            by_server: dict[str, list[AssistantToolView]] = {}
            for v in read.views:
                by_server.setdefault(v.server, []).append(v)
            for srv in self.servers:
                name = srv.config.name
                tools = by_server.get(name, [])
                top = QTreeWidgetItem([name if srv.tools is not None else fill(
                    translate("ToolsPage", "%1 (test it to list its tools)"), name)])
                top.setData(0, Qt.ItemDataRole.UserRole, name)
                top.setFlags(top.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                on = name in read.enabled
                top.setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
                self.tree.addTopLevelItem(top)
                for v in tools:
                    child = QTreeWidgetItem([v.tool])
                    child.setToolTip(0, v.description)
                    top.addChild(child)
                    self.tree.setItemWidget(child, 1, self._approval_combo(name, v))
                top.setExpanded(True)
        self.tree.blockSignals(False)

    def _approval_combo(self, server: str, view: AssistantToolView) -> QComboBox:
        combo = QComboBox()
        combo.setAccessibleName(fill(translate("ToolsPage", "Approval of %1"), view.tool))
        for approval, text in APPROVAL_TEXT.items():
            combo.addItem(translate("ToolsPage", text), approval.value)
        combo.setCurrentIndex(combo.findData(view.approval.value))
        combo.currentIndexChanged.connect(
            lambda _i: self._set_approval(server, view.tool, ToolApproval(combo.currentData())))
        return combo

    def _set_approval(self, server: str, tool: str, approval: ToolApproval) -> None:
        mcp, assistant = self._svc.mcp, self.assistant_combo.currentData()
        self.ops.start(fill(translate("ToolsPage", "Set %1"), tool), lambda: mcp.set_approval(assistant, server, tool, approval),
                       on_ok=lambda _r: self.changed.emit())

    def _server_toggled(self, item: QTreeWidgetItem, column: int) -> None:
        server = item.data(0, Qt.ItemDataRole.UserRole)
        if column != 0 or server is None:
            return
        on = item.checkState(0) == Qt.CheckState.Checked
        mcp, assistant = self._svc.mcp, self.assistant_combo.currentData()
        self.ops.start(fill(translate("ToolsPage", "Switch %1"), server),
                       lambda: mcp.set_server_enabled(assistant, server, on),
                       on_ok=lambda _r: self._switched(), on_fail=self.reload_tools)

    def _switched(self) -> None:
        """A server was switched for the assistant: re-read its "Used by" cells (the tree
        being ticked in keeps its items, expansion and scroll)."""
        self._runner.run(f"{self._reload_task}:users", self._refresh_users(), context="List MCP servers")
        self.changed.emit()

    async def _refresh_users(self) -> None:
        try:
            users = await self._runner.run_in_thread(self._svc.mcp.users)
        except Exception as exc:
            message = user_message(exc)
            if message is None:
                raise
            self._say(lambda: fill(translate("ToolsPage", "List MCP servers: %1"), message), error=True)
            return
        self.users = dict(users)
        for r, srv in enumerate(self.servers):
            used = _used_by(users, srv.config.name)
            item = QTableWidgetItem(used)
            item.setToolTip(used)
            self.table.setItem(r, 3, item)


def _used_by(users: dict[str, list[str]], server: str) -> str:
    """The "Used by" cell of ``server``: the assistants it is on for, or "off"."""
    return ", ".join(users.get(server, ())) or translate("ToolsPage", "off")
