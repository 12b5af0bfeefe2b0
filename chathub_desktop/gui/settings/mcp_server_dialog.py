"""Settings → Tools → Add server… / Edit… (issue 25, APP-11): one MCP server's form.

Stdio: command, arguments (one a line), environment (``NAME=VALUE`` lines) and working
folder; Streamable HTTP: URL and headers (``Name: value`` lines). Test starts the
server from the form as it is, before anything is stored, and shows its name, version
and tools or one line why it failed (with the tail of its stderr). Save stores the
form (an edit keeps the server's switches and approvals) together with the tool list
a Test of the same form read. The form is checked by ``core.mcp_config.config_from_form``;
a refused form stores nothing and says why in one line. When Test finds an HTTP server
that asks for OAuth, Sign in… appears: the server's page opens in the browser and the
sign-in is kept in the keyring (or the key file), never in the store.
Add server… offers "Use with": the assistants to switch the new server on for (the
assistant chosen on the page ticked), saved in the same transaction (walk37 #2).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Awaitable, Callable, Sequence

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from chathub_desktop.core.mcp_config import (
    McpConfigError,
    McpServerConfig,
    McpTransport,
    StoredMcpServer,
    config_from_form,
    form_lines,
)
from chathub_desktop.gui.design import set_tone
from chathub_desktop.gui.design.icons import Icon, icon
from chathub_desktop.gui.design.tokens import Tone
from chathub_desktop.gui.shell.error_presenter import user_message
from chathub_desktop.gui.shell.i18n import QT_TRANSLATE_NOOP, Texts, fill
from chathub_desktop.gui.shell.service_reasons import said_error
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.errors import SignInRequired
from chathub_desktop.services.tools.mcp_clients import ServerTools

__all__ = ["McpServerDialog", "UseWithList"]

TRANSPORT_TEXT = {McpTransport.STDIO: QT_TRANSLATE_NOOP("McpServerDialog", "Program on this computer (stdio)"),
                  McpTransport.HTTP: QT_TRANSLATE_NOOP("McpServerDialog", "Streamable HTTP address")}
translate = QCoreApplication.translate
_LINES_SHOWN = 4
"""Text lines the argument, environment and header boxes show without scrolling."""
_CHARS_WIDE = 72
"""Least width of the form, in average characters (a typical npx argument fits)."""
_USE_WITH_ROWS = 3
"""Assistant rows "Use with" shows before it scrolls."""


class UseWithList(QListWidget):
    """"Use with": one checkable row per assistant (``assistants``: (id, name)), the
    ``ticked`` one (or the only one) checked; :meth:`chosen` gives the checked ids (walk37 #2)."""

    def __init__(self, assistants: Sequence[tuple[int, str]], ticked: int | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mcpUseWith")
        self.texts = Texts(self)  # re-said on a language switch (issue 27)
        self.texts.bind(self.setAccessibleName, lambda: translate("McpServerDialog", "Use with these assistants"))
        for aid, name in assistants:
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, aid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            on = aid == ticked or len(assistants) == 1
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.addItem(item)
        rows = max(1, min(len(assistants), _USE_WITH_ROWS))
        self.setFixedHeight(self.sizeHintForRow(0) * rows + 2 * self.frameWidth())

    def chosen(self) -> tuple[int, ...]:
        """Ids of the checked assistants, in list order."""
        return tuple(int(self.item(r).data(Qt.ItemDataRole.UserRole)) for r in range(self.count())
                     if self.item(r).checkState() == Qt.CheckState.Checked)


class McpServerDialog(QDialog):
    """The Add/Edit form (module doc). ``test`` starts a configuration once and returns
    what it lists (``McpService.test_config``); ``save(config, listed)`` stores it
    (``listed``: the tool list of a Test of exactly this form, or None; ``use_with``: the
    assistant ids to switch it on for) and runs on a worker through ``runner``.
    ``existing``: the server being edited (its name stays). ``assistants`` ((id, name))
    with ``ticked`` make Add's "Use with" row (:class:`UseWithList`).
    ``saved(name)`` is emitted once the store has it."""

    saved = Signal(str)

    def __init__(self, runner: TaskRunner, test: Callable[[McpServerConfig], Awaitable[ServerTools]],
                 save: Callable[[McpServerConfig, ServerTools | None, tuple[int, ...]], None],
                 existing: StoredMcpServer | None = None, parent: QWidget | None = None, *,
                 sign_in: Callable[[McpServerConfig], Awaitable[ServerTools]] | None = None,
                 assistants: Sequence[tuple[int, str]] = (), ticked: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mcpServerDialog")
        self._runner, self._test, self._save, self._sign_in = runner, test, save, sign_in
        self._tested: tuple[McpServerConfig, ServerTools] | None = None
        self.replacing = existing is not None
        """True when the form edits an existing server."""
        self._signed_in = existing is not None and existing.config.signed_in
        """The server is signed in with OAuth (stored so, or by this form's Sign in…)."""
        self.texts = t = Texts(self)  # re-said on a language switch (issue 27)
        name = existing.config.name if existing else ""
        t.bind(self.setWindowTitle, lambda: fill(translate("McpServerDialog", "Edit MCP server %1"), name) if name
               else translate("McpServerDialog", "Add MCP server"))
        layout = QVBoxLayout(self)
        self.form = QFormLayout()
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("mcpName")
        t.bind(self.name_edit.setPlaceholderText, lambda: translate(
            "McpServerDialog", "e.g. time (letters, digits, '_', '.', '-')"))
        self._add_row(lambda: translate("McpServerDialog", "&Name"), self.name_edit)
        self.transport_combo = QComboBox()
        self.transport_combo.setObjectName("mcpTransport")
        for i, (transport, text) in enumerate(TRANSPORT_TEXT.items()):
            self.transport_combo.addItem(text, transport.value)
            t.bind(functools.partial(self.transport_combo.setItemText, i),
                   functools.partial(translate, "McpServerDialog", text))
        self._add_row(lambda: translate("McpServerDialog", "&Runs as"), self.transport_combo)
        self._rows: dict[McpTransport, list[QWidget]] = {McpTransport.STDIO: self._stdio_rows(),
                                                         McpTransport.HTTP: self._http_rows()}
        self.transport_combo.currentIndexChanged.connect(self._transport_changed)
        self.use_with: UseWithList | None = None
        if existing is None and assistants:  # an edit keeps its switches (the page's tree)
            self.use_with = UseWithList(assistants, ticked)
            t.bind(self.use_with.setToolTip, lambda: translate(
                "McpServerDialog", "The assistants that get this server's tools; change it later under Tools of "
                                   "assistant"))
            self._add_row(lambda: translate("McpServerDialog", "Use &with"), self.use_with)
        layout.addLayout(self.form)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * _CHARS_WIDE)
        self.status_label = QLabel()
        self.status_label.setObjectName("mcpFormStatus")
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status_label.hide()
        layout.addWidget(self.status_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.test_button = self.buttons.addButton("&Test", QDialogButtonBox.ButtonRole.ActionRole)
        t.bind(self.test_button.setText, lambda: translate("McpServerDialog", "&Test"))
        t.bind(self.test_button.setToolTip, lambda: translate(
            "McpServerDialog", "Start the server as filled in, list its tools and stop it (nothing is saved)"))
        self.test_button.clicked.connect(self.run_test)
        self.sign_in_button = self.buttons.addButton("Sign &in…", QDialogButtonBox.ButtonRole.ActionRole)
        t.bind(self.sign_in_button.setText, lambda: translate("McpServerDialog", "Sign &in…"))
        t.bind(self.sign_in_button.setToolTip, lambda: translate(
            "McpServerDialog", "Open the server's sign-in page in your browser; the app keeps the sign-in in the "
                               "keyring, never in its database"))
        self.sign_in_button.clicked.connect(self.run_sign_in)
        self.sign_in_button.hide()  # offered once a Test shows the server asks for it
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        if existing is not None:
            self._fill(existing)
        self._transport_changed()

    # --- rows -------------------------------------------------------------------------
    def _stdio_rows(self) -> list[QWidget]:
        self.command_edit = QLineEdit()
        self.command_edit.setObjectName("mcpCommand")
        t = self.texts
        t.bind(self.command_edit.setPlaceholderText, lambda: translate(
            "McpServerDialog", "e.g. uvx or npx (found on your login shell's PATH)"))
        self._add_row(lambda: translate("McpServerDialog", "&Command"), self.command_edit)
        self.args_edit = self._lines_box("mcpArgs", lambda: translate("McpServerDialog",
                                                                      "one argument a line, e.g.\nmcp-server-time"))
        self._add_row(lambda: translate("McpServerDialog", "&Arguments"), self.args_edit)
        self.env_edit = self._lines_box("mcpEnv", lambda: translate("McpServerDialog", "NAME=VALUE, one a line"))
        self._add_row(lambda: translate("McpServerDialog", "&Environment"), self.env_edit)
        cwd_row = QWidget()
        row = QHBoxLayout(cwd_row)
        row.setContentsMargins(0, 0, 0, 0)
        self.cwd_edit = QLineEdit()
        self.cwd_edit.setObjectName("mcpCwd")
        t.bind(self.cwd_edit.setPlaceholderText, lambda: translate("McpServerDialog", "empty: the app's folder"))
        browse = QToolButton()
        browse.setIcon(icon(Icon.FOLDER))
        t.bind(browse.setToolTip, lambda: translate("McpServerDialog", "Choose the working folder"))
        t.bind(browse.setAccessibleName, lambda: translate("McpServerDialog", "Choose the working folder"))
        browse.clicked.connect(self._browse)
        row.addWidget(self.cwd_edit, 1)
        row.addWidget(browse)
        label = QLabel()
        t.bind(label.setText, lambda: translate("McpServerDialog", "&Working folder"))
        label.setBuddy(self.cwd_edit)
        self.form.addRow(label, cwd_row)
        return [self.command_edit, self.args_edit, self.env_edit, cwd_row]

    def _http_rows(self) -> list[QWidget]:
        self.url_edit = QLineEdit()
        self.url_edit.setObjectName("mcpUrl")
        self.url_edit.setPlaceholderText("https://example.com/mcp")
        self._add_row(lambda: translate("McpServerDialog", "&URL"), self.url_edit)
        self.headers_edit = self._lines_box("mcpHeaders", lambda: translate(
            "McpServerDialog", "Name: value, one a line, e.g.\nAuthorization: Bearer …"))
        self._add_row(lambda: translate("McpServerDialog", "&Headers"), self.headers_edit)
        return [self.url_edit, self.headers_edit]

    def _add_row(self, label_text: Callable[[], str], field: QWidget) -> None:
        """A form row whose label (with its mnemonic, buddy ``field``) is re-said on a switch."""
        label = QLabel()
        self.texts.bind(label.setText, label_text)
        label.setBuddy(field)
        self.form.addRow(label, field)

    def _lines_box(self, name: str, hint: Callable[[], str]) -> QPlainTextEdit:
        box = QPlainTextEdit()
        box.setObjectName(name)
        self.texts.bind(box.setPlaceholderText, hint)
        box.setTabChangesFocus(True)
        box.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        margins = box.contentsMargins()
        box.setFixedHeight(box.fontMetrics().lineSpacing() * _LINES_SHOWN + 2 * box.frameWidth()
                           + margins.top() + margins.bottom() + 2 * int(box.document().documentMargin()))
        return box

    def _fill(self, existing: StoredMcpServer) -> None:
        c = existing.config
        self.name_edit.setText(c.name)
        self.name_edit.setReadOnly(True)
        self.texts.bind(self.name_edit.setToolTip, lambda: translate(
            "McpServerDialog", "A server's name prefixes its tools' names; remove and add it to rename"))
        self.transport_combo.setCurrentIndex(self.transport_combo.findData(c.transport.value))
        args, pairs = form_lines(c)
        if c.transport is McpTransport.HTTP:
            self.url_edit.setText(c.url)
            self.headers_edit.setPlainText(pairs)
        else:
            self.command_edit.setText(c.command)
            self.args_edit.setPlainText(args)
            self.env_edit.setPlainText(pairs)
            self.cwd_edit.setText(c.cwd or "")

    def _transport_changed(self) -> None:
        shown = self.transport()
        for transport, widgets in self._rows.items():
            for w in widgets:
                self.form.setRowVisible(w, transport is shown)
        self.adjustSize()

    def transport(self) -> McpTransport:
        """The transport the form is set to."""
        return McpTransport(self.transport_combo.currentData())

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, translate("McpServerDialog", "Working folder of the server"),
                                                  self.cwd_edit.text())
        if folder:
            self.cwd_edit.setText(folder)

    # --- the form -----------------------------------------------------------------------
    def config(self) -> McpServerConfig:
        """The configuration the form holds (signed in when the server is, so Test uses
        its tokens); :class:`McpConfigError` (one line) when refused."""
        config = config_from_form(self.name_edit.text(), self.transport(), command=self.command_edit.text(),
                                  args=self.args_edit.toPlainText(), env=self.env_edit.toPlainText(),
                                  cwd=self.cwd_edit.text(), url=self.url_edit.text(),
                                  headers=self.headers_edit.toPlainText())
        signed_in = self._signed_in and config.transport is McpTransport.HTTP
        return dataclasses.replace(config, signed_in=signed_in) if signed_in else config

    def show_status(self, text: str, tone: Tone = Tone.MUTED) -> None:
        """One line under the form (``text`` empty hides it)."""
        set_tone(self.status_label, tone)
        self.status_label.setText(text)
        self.status_label.setVisible(bool(text))

    def _checked(self) -> McpServerConfig | None:
        try:
            return self.config()
        except McpConfigError as exc:
            self.show_status(said_error(exc), Tone.ERROR)
            return None

    def _set_busy(self, busy: bool) -> None:
        self.test_button.setEnabled(not busy)
        self.save_button.setEnabled(not busy)
        self.sign_in_button.setEnabled(not busy)

    def run_test(self) -> None:
        """Start the server as filled in (nothing stored) and show what it lists."""
        config = self._checked()
        if config is None:
            return
        self.show_status(fill(translate("McpServerDialog", "Starting %1…"), config.name))
        self._set_busy(True)
        self._runner.run(f"mcp-form-test-{id(self)}", self._run_test(config), context=fill(translate("McpServerDialog", "Test %1"), config.name))

    def run_sign_in(self) -> None:
        """OAuth sign-in to the HTTP server as filled in (issue 25): its page opens in the
        browser; once the browser comes back the tools are listed as by Test."""
        config = self._checked()
        if config is None or self._sign_in is None:
            return
        self.show_status(fill(translate("McpServerDialog", "Finish signing in to %1 in your browser…"), config.name))
        self._set_busy(True)
        self._runner.run(f"mcp-form-sign-in-{id(self)}", self._run_test(config, self._sign_in),
                         context=fill(translate("McpServerDialog", "Sign in to %1"), config.name))

    async def _run_test(self, config: McpServerConfig,
                        sign_in: Callable[[McpServerConfig], Awaitable[ServerTools]] | None = None) -> None:
        try:
            listed = await (sign_in or self._test)(config)
            if sign_in is not None:  # Save marks the server signed in
                self._signed_in = True
                config = dataclasses.replace(config, signed_in=True)
        except Exception as exc:
            message = user_message(exc)
            if message is None:
                raise
            self._tested = None
            offer = isinstance(exc, SignInRequired) and self._sign_in is not None
            if offer:
                message = f"{config.name}: the server asks you to sign in; Sign in… opens its page in your browser"
                self.sign_in_button.show()
            self.show_status(message, Tone.ERROR)
        else:
            self._tested = (config, listed)
            n = len(listed.tools)
            tools = ", ".join(t.name for t in listed.tools) or translate("McpServerDialog", "no tools")
            self.show_status(fill(translate("McpServerDialog", "%1: %2 %3 — %Ln tool(s): %4", None, n), config.name,
                                  listed.name, listed.version, tools), Tone.SUCCESS)
        finally:
            self._set_busy(False)

    def submit(self) -> None:
        """Save: store the form on a worker, then close (a refused form says why and stays)."""
        config = self._checked()
        if config is None:
            return
        listed = self._tested[1] if self._tested is not None and self._tested[0] == config else None
        use_with = self.use_with.chosen() if self.use_with is not None else ()
        self._set_busy(True)
        self._runner.run(f"mcp-form-save-{id(self)}", self._run_save(config, listed, use_with),
                         context=fill(translate("McpServerDialog", "Save %1"), config.name))

    async def _run_save(self, config: McpServerConfig, listed: ServerTools | None, use_with: tuple[int, ...]) -> None:
        try:
            await self._runner.run_in_thread(self._save, config, listed, use_with)
        except Exception as exc:
            message = user_message(exc)
            if message is None:
                raise
            self.show_status(message, Tone.ERROR)
            self._set_busy(False)
            return
        self.saved.emit(config.name)
        self.accept()
