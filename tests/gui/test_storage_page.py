"""Settings → Storage (issue 13): the store's URL without its password, what kind of
store it is, and the command that moves it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel

from chathub_desktop.gui.settings.settings_page import SettingsPage, SettingsSection
from chathub_desktop.gui.shell.task_runner import TaskRunner
from chathub_desktop.services.container import Services, open_services


def _settled(dlg: SettingsPage, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Wait for the dialog's worker reads (the System Agent's summarizer line)."""
    assert dlg.system_page is not None
    pickers = (dlg.system_page.compress_picker, dlg.system_page.naming_picker)
    qtbot.waitUntil(lambda: not dlg.system_page.resolving()
                    and not any(p.models is not None and p.models.pending() for p in pickers), timeout=5000)


def test_storage_page_shows_the_sqlite_file_and_the_copy_command(services: Services, qtbot, qloop,  # type: ignore[no-untyped-def]
                                                                 tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    dlg = SettingsPage(services.providers, None, services=services, runner=TaskRunner(None))
    qtbot.addWidget(dlg)
    _settled(dlg, qtbot)
    page = dlg.storage_page
    assert page is not None
    assert page.url_label.toPlainText() == f"sqlite:///{tmp_path / 'store.sqlite3'}"
    assert page.command_text.startswith(f"chathub-desktop db copy --from 'sqlite:///{tmp_path / 'store.sqlite3'}' --to ")
    page.copy_button.click()
    from PySide6.QtGui import QGuiApplication
    assert QGuiApplication.clipboard().text() == page.command_text


def test_a_password_in_the_url_is_never_shown(postgres_url: str, qtbot, qloop) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy.engine import make_url

    with_password = make_url(postgres_url).set(password="s3cret-pw").render_as_string(hide_password=False)
    svc = open_services(postgres_url)
    svc.database_url = with_password  # what --database-url said (the test server needs none)
    try:
        dlg = SettingsPage(svc.providers, None, services=svc, runner=TaskRunner(None))
        qtbot.addWidget(dlg)
        _settled(dlg, qtbot)
        page = dlg.storage_page
        assert page is not None
        assert "s3cret-pw" not in page.url_label.toPlainText() and "***" in page.url_label.toPlainText()
        assert "s3cret-pw" not in page.command_text
        assert page.engine_label.text().startswith("PostgreSQL — a shared database server")
        assert page.location_label.text().startswith("“") and "s3cret-pw" not in page.location_label.text()
        assert page.show_folder_button is None and page.size_label is None
    finally:
        svc.close()


def test_storage_shows_the_path_size_and_engine_in_words_and_the_url_behind_advanced(  # type: ignore[no-untyped-def]
        services: Services, qtbot, qloop, tmp_path: Path, monkeypatch) -> None:
    """Walk36 #12: in front, the store's file as a path with Show in folder, its size and
    the engine in words; no URL or shell command until Advanced is opened."""
    from PySide6.QtGui import QDesktopServices

    dlg = SettingsPage(services.providers, None, services=services, runner=TaskRunner(None))
    qtbot.addWidget(dlg)
    dlg.resize(1000, 700)
    dlg.show()
    _settled(dlg, qtbot)
    page = dlg.storage_page
    assert page is not None
    dlg.show_section(SettingsSection.STORAGE)
    store = tmp_path / "store.sqlite3"
    assert page.location_label.text() == str(store)
    assert page.engine_label.text() == "SQLite — a single file on this computer"
    qtbot.waitUntil(lambda: not page.reading_size(), timeout=5000)  # read on a worker
    assert page.size_label is not None and page.size_label.text().endswith(("KB", "MB"))
    shown = [w.text() for w in page.findChildren(QLabel) if w.isVisible()]
    assert not any("sqlite:///" in t or "db copy" in t for t in shown)
    assert not page.url_label.isVisible() and not page.command_box.isVisible()
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toLocalFile()) or True)
    assert page.show_folder_button is not None
    page.show_folder_button.click()
    assert opened == [str(tmp_path)]
    page.advanced_button.click()
    assert page.url_label.isVisible() and page.command_box.isVisible() and page.copy_button.isVisible()
    page.advanced_button.click()
    assert not page.url_label.isVisible()
