"""A huge or endless reply in the window (stream50): it stops at the reply limit set in
Settings → Providers → Largest reply, is stored cut there (status ``cut``) with a note
that names the setting, and the window keeps turning while it streams. The window keeps
only the shown start of a stored huge reply; Copy message copies all of it (huge51).

The fake vendor streams endless 64 KB text deltas (``tests.fakes.hostile_bodies``) as
fast as the socket takes them, in the Chat Completions and the Anthropic wire formats.
``CHATHUB_SHOTS=/dir`` saves offscreen PNGs of the cut reply."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication

from chathub_desktop.core.app_settings import REPLY_LIMIT_MB
from chathub_desktop.core.messages import MessageStatus
from tests.fakes.hostile_bodies import Body, endless_deltas
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import reload_assistants

MB = 1 << 20
#: What the note under a reply cut at the limit says (the setting named in it).
CUT_NOTE = ("✂ Cut: stopped: the reply passed the reply limit of 1 MB; raise “Largest reply” in Settings → "
            "Providers. The text up to the limit is kept.")


def _with_a_pause(kind: str) -> Body:
    """Endless 64 KB deltas with one pause of half a second after the first four: the
    window must show what arrived before it while the reply still streams."""
    endless = endless_deltas(kind)

    def body() -> Iterator[bytes]:
        for n, piece in enumerate(endless()):
            if n == 5:  # the opening and four deltas went out
                time.sleep(0.5)
            yield piece

    return body


def _last(window):  # type: ignore[no-untyped-def]
    m = window.message_model
    return m.message_at(m.rowCount() - 1)


def _send_huge(window, services, fake_vendor, qtbot, kind: str):  # type: ignore[no-untyped-def]
    """Send into a provider of ``kind`` whose answer never ends (:func:`_with_a_pause`);
    returns the reply's lengths the window showed while it streamed, one per tick of a
    10 ms timer."""
    p = services.providers.add("Hostile", kind, fake_vendor.base_url, api_key="sk-test")
    a = services.assistants.create("Hostile", provider=p.id, model="huge-1")
    reload_assistants(window, qtbot, a.id)
    window.resize(1000, 700)
    fake_vendor.script(Reply(raw_body=_with_a_pause(kind)))
    seen: list[int] = []
    tick = QTimer()
    tick.setInterval(10)

    def look() -> None:
        row = _last(window) if window.message_model.rowCount() else None
        if row is not None and row.status == MessageStatus.STREAMING:
            seen.append(row.full_chars or len(row.content))

    tick.timeout.connect(look)
    tick.start()
    window.composer.set_text("Write forever")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 2 and _last(window).status == MessageStatus.CUT,
                    timeout=60_000)
    tick.stop()
    return seen


@pytest.mark.parametrize("kind", ["openai_compatible", "anthropic"])
def test_an_endless_reply_stops_at_the_setting_cut_with_a_note_and_the_window_keeps_turning(
        window, services, fake_vendor, qtbot, monkeypatch, kind: str) -> None:  # type: ignore[no-untyped-def]
    """Largest reply set to 1 MB: the reply ends ``cut`` with the text up to 1 MB kept
    (the delta that would pass it is not), the bubble's note names the setting, and the
    window showed the reply growing while it streamed (its timers fired between deltas)."""
    monkeypatch.delenv("CHATHUB_LIMIT_REPLY_MB", raising=False)
    services.settings.set(REPLY_LIMIT_MB, 1)
    seen = _send_huge(window, services, fake_vendor, qtbot, kind)
    reply = _last(window)
    stored = services.topics.message(reply.id)
    assert stored.status == MessageStatus.CUT and MB - 64 * 1024 <= len(stored.content) <= MB
    assert set(stored.content) == {"x"}
    assert reply.content == stored.content[:100_000] and reply.full_chars == len(stored.content)  # huge51
    assert reply.error == CUT_NOTE[len("✂ Cut: "):-len(". The text up to the limit is kept.")]
    assert any(0 < n < MB for n in seen), seen  # the row showed part of the reply while it streamed
    docs = window.message_view.delegate.docs

    def shown() -> str:
        doc = docs.latest(reply.id)
        return doc.toPlainText() if doc is not None and doc.complete else ""

    qtbot.waitUntil(lambda: CUT_NOTE in shown(), timeout=20_000)  # the stored row, drawn
    assert f"Shown: the first 100,000 of {len(stored.content):,} characters" in shown()
    qtbot.waitUntil(window.composer.send_button.isEnabled, timeout=5000)
    QGuiApplication.clipboard().clear()
    window.message_view.copy_row(window.message_model.rowCount() - 1)  # Copy message copies all of it
    qtbot.waitUntil(lambda: QGuiApplication.clipboard().text() == stored.content, timeout=20_000)
    out = os.environ.get("CHATHUB_SHOTS")
    if out:
        window.grab().save(os.path.join(out, f"huge-reply-cut-{kind}.png"))


def test_the_environment_variable_wins_over_the_setting(window, services, fake_vendor, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """CHATHUB_LIMIT_REPLY_MB set: it is the limit, and the note names it instead."""
    monkeypatch.setenv("CHATHUB_LIMIT_REPLY_MB", "0.5")
    services.settings.set(REPLY_LIMIT_MB, 4)
    _send_huge(window, services, fake_vendor, qtbot, "openai_compatible")
    reply = services.topics.message(_last(window).id)
    assert MB // 2 - 64 * 1024 <= len(reply.content) <= MB // 2
    assert reply.error == ("stopped: the reply passed the reply limit of 512 KB; set the environment variable "
                           "CHATHUB_LIMIT_REPLY_MB (in MB) to raise it")


def test_largest_reply_in_settings_is_stored(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Settings → Providers has Largest reply (MB, default 16); a value typed there is
    what a send reads."""
    dialog = window.pages.open_settings()
    spin = dialog.providers_page.reply_limit_spin
    assert spin is not None
    qtbot.waitUntil(spin.isEnabled, timeout=5000)
    assert spin.value() == 16 and spin.suffix() == " MB"
    spin.setValue(3)
    spin.editingFinished.emit()
    qtbot.waitUntil(lambda: services.settings.value(REPLY_LIMIT_MB) == 3, timeout=5000)
    out = os.environ.get("CHATHUB_SHOTS")
    if out:
        dialog.grab().save(os.path.join(out, "settings-largest-reply.png"))


def test_stop_during_an_endless_reply_keeps_what_arrived(window, services, fake_vendor, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Stop while a runaway reply streams far below its limit (1,024 MB): the loop takes
    the click between deltas, the reply ends ``cancelled`` with the text so far and the
    composer can send again."""
    monkeypatch.delenv("CHATHUB_LIMIT_REPLY_MB", raising=False)
    services.settings.set(REPLY_LIMIT_MB, 1024)
    p = services.providers.add("Hostile", "openai_compatible", fake_vendor.base_url, api_key="sk-test")
    a = services.assistants.create("Hostile", provider=p.id, model="huge-1")
    reload_assistants(window, qtbot, a.id)
    fake_vendor.script(Reply(raw_body=endless_deltas("openai_compatible")))
    window.composer.set_text("Write forever")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: window.message_model.rowCount() == 2 and (_last(window).full_chars or 0) > MB,
                    timeout=60_000)
    window.composer.stop_button.click()
    qtbot.waitUntil(lambda: _last(window).status == MessageStatus.CANCELLED, timeout=30_000)
    kept = services.topics.message(_last(window).id).content
    assert len(kept) > MB and set(kept) == {"x"}
    qtbot.waitUntil(window.composer.send_button.isEnabled, timeout=5000)
