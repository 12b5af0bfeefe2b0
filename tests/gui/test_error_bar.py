"""Errors show (issue 28): a bug in a window action, a GUI task or the loop lands in the
window's error bar (one line + Details…) and its traceback in chathub.log — and still
reaches pytest-qt's hook, so a bug never passes a test silently (STYLE.md). The line is a
user sentence; the exception's type and text are only under Details… (walk49 #8)."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from chathub_desktop import logging_setup
from chathub_desktop.gui.shell.error_presenter import UnhandledErrors


@pytest.fixture
def log_file(tmp_path: Path) -> Iterator[Path]:
    """chathub.log in a scratch data dir for the test's duration."""
    logging_setup.reset_logging()
    path = logging_setup.configure_logging(tmp_path / "logs")
    assert path is not None
    yield path
    logging_setup.reset_logging()


def _log_text(path: Path) -> str:
    for handler in logging.getLogger(logging_setup.ROOT_LOGGER).handlers:
        handler.flush()
    return path.read_text(encoding="utf-8")


@pytest.mark.expect_log(r"unexpected error: RuntimeError: about box broke")
def test_exception_in_a_window_action_shows_the_bar_and_logs(window, qloop, qtbot, monkeypatch, log_file):  # type: ignore[no-untyped-def]
    from chathub_desktop.gui.shell import help_menu

    def broken_about(*_args, **_kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("about box broke")

    monkeypatch.setattr(help_menu, "AboutDialog", broken_about)
    assert not window.error_bar.isVisible()
    with qtbot.capture_exceptions() as caught, UnhandledErrors(window.error_bar.show_error).installed(qloop):
        window.about_action.trigger()  # Help → About
    # not swallowed: pytest-qt's hook still got it
    assert [type(e[1]) for e in caught] == [RuntimeError]
    assert window.error_bar.isVisible()
    # walk49 #8: the bar read "RuntimeError: Cannot enter into task <Task pending …>"
    assert window.error_bar.label.text() == "Something went wrong."
    text = _log_text(log_file)
    assert "unexpected error: RuntimeError: about box broke" in text
    assert "Traceback (most recent call last)" in text and "broken_about" in text
    details = window.error_bar.open_details()
    assert details.isVisible() and not details.isModal()
    shown = details.text.toPlainText()
    assert shown.startswith("RuntimeError: about box broke\n") and "broken_about" in shown
    details.close()


@pytest.mark.expect_log(r"unexpected error: Search: KeyError: 'topic 7'")
def test_task_failure_names_what_failed(window, qloop, qtbot, log_file):  # type: ignore[no-untyped-def]
    async def failing() -> None:
        raise KeyError("topic 7")

    with qtbot.capture_exceptions() as caught, UnhandledErrors(window.error_bar.show_error).installed(qloop):
        window.runner.run("probe", failing(), context="Search")
        qtbot.waitUntil(lambda: window.error_bar.isVisible(), timeout=3000)
    assert len(caught) == 1
    assert window.error_bar.label.text() == "Something went wrong (Search)."
    assert window.error_bar.details.startswith("Search: KeyError: 'topic 7'\n")
    assert "unexpected error: Search: KeyError: 'topic 7'" in _log_text(log_file)


@pytest.mark.expect_log(r"unexpected error: ValueError: lost reply", r"event loop: Unclosed transport")
def test_loop_errors_show_and_a_second_error_counts(window, qloop, qtbot, log_file):  # type: ignore[no-untyped-def]
    with qtbot.capture_exceptions() as caught, UnhandledErrors(window.error_bar.show_error).installed(qloop):
        qloop.call_exception_handler({"message": "Task exception was never retrieved",
                                      "exception": ValueError("lost reply")})
        qloop.call_exception_handler({"message": "Unclosed transport"})
    assert len(caught) == 1  # the exception; the bare message has none
    assert window.error_bar.label.text() == "Something went wrong. (1 earlier)"
    assert "Unclosed transport" in window.error_bar.details
    text = _log_text(log_file)
    assert "ValueError: lost reply" in text and "event loop: Unclosed transport" in text
    window.error_bar.dismiss()
    assert not window.error_bar.isVisible()


def test_handlers_are_put_back(qloop):  # type: ignore[no-untyped-def]
    hook, handler = sys.excepthook, qloop.get_exception_handler()
    with UnhandledErrors(lambda _s, _d: None).installed(qloop):
        assert sys.excepthook is not hook
    assert sys.excepthook is hook and qloop.get_exception_handler() is handler
