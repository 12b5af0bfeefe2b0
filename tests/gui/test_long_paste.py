"""A long paste becomes a chip beside the draft, not editor text (walk37 #3: a 2 MB paste
laid out in the draft box froze the window for 4.7 s). The chip names its size and lines,
opens and removes; the message is sent exactly as the text would have been, and the
badge counts that same text (one source for each figure).

``CHATHUB_SHOTS=/dir`` saves the composer with a chip for a look."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from chathub_desktop.core.messages import Usage
from chathub_desktop.core.pasted_text import PASTE_CHIP_CHARS
from tests.fakes.vendor_server import Reply
from tests.gui.helpers import add_fake_provider, new_topic, reload_assistants


def _open_topic(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    _pid, aid = add_fake_provider(services, fake_vendor.base_url, model="gpt-4o")
    reload_assistants(window, qtbot, aid)
    topic = new_topic(window, qtbot)
    qtbot.waitUntil(lambda: window.composer.badge.estimate is not None
                    and window.composer.badge.estimate.topic_id == topic, timeout=30000)
    return topic


def _paste(window, qtbot, text: str) -> None:  # type: ignore[no-untyped-def]
    QGuiApplication.clipboard().setText(text)
    window.composer.draft.setFocus()
    qtbot.keyClick(window.composer.draft, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)


def test_a_2_mb_paste_is_a_chip_that_opens_and_removes(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    _open_topic(window, services, fake_vendor, qtbot)
    window.resize(1000, 700)
    lines = [f"{i:06d} " + "x" * 33 for i in range(51_234)]  # 40 bytes a line, 2.0 MB
    big = "\n".join(lines)
    _paste(window, qtbot, big)
    composer = window.composer
    assert composer.draft.toPlainText() == ""  # never laid out in the box
    (chip,) = composer.pasted.chips
    assert chip.label.text() == "Pasted text · 2.0 MB · 51,234 lines"
    assert composer.text() == big
    shots = os.environ.get("CHATHUB_SHOTS")
    if shots:
        window.grab().save(os.path.join(shots, "long-paste-chip.png"))
    qtbot.mouseClick(chip.label, Qt.MouseButton.LeftButton)
    viewer = composer.pasted.viewer
    assert viewer is not None and viewer.isVisible()
    viewer.close()
    qtbot.mouseClick(chip.remove, Qt.MouseButton.LeftButton)
    assert composer.pasted.chips == [] and composer.text() == "" and not composer.pasted.isVisible()
    _paste(window, qtbot, "short text")  # a short paste is editor text, as before
    assert composer.draft.toPlainText() == "short text" and composer.pasted.chips == []


def test_a_pasted_text_is_sent_and_counted_as_typed_text(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    topic = _open_topic(window, services, fake_vendor, qtbot)
    pasted = "\n".join(f"row {i}: some pasted log text" for i in range(1_000))
    assert len(pasted) > PASTE_CHIP_CHARS
    composer = window.composer
    qtbot.keyClicks(composer.draft, "Explain this log:")
    _paste(window, qtbot, pasted)
    assert composer.draft.toPlainText() == "Explain this log:" and len(composer.pasted.chips) == 1
    message = "Explain this log:\n\n" + pasted
    want = services.estimates.estimate(topic, message).parts["draft"]
    badge = composer.badge
    qtbot.waitUntil(lambda: badge.estimate is not None and badge.estimate.parts.get("draft") == want, timeout=30000)
    fake_vendor.script(Reply(text_chunks=["Looks fine."],  # the server read it all
                             usage=Usage(input_tokens=badge.estimate.total, output_tokens=3)))
    composer.send_button.click()
    qtbot.waitUntil(lambda: len(services.topics.messages(topic)) == 2
                    and services.topics.messages(topic)[1].status == "complete", timeout=30000)
    assert services.topics.messages(topic)[0].content == message
    body = fake_vendor.last_request.body
    assert body is not None and body["messages"][-1]["content"] == message  # type: ignore[index]
    assert composer.text() == "" and composer.pasted.chips == []


def test_a_topic_keeps_its_pasted_chip_when_another_is_opened(window, services, fake_vendor, qtbot):  # type: ignore[no-untyped-def]
    first = _open_topic(window, services, fake_vendor, qtbot)
    _paste(window, qtbot, "y" * (PASTE_CHIP_CHARS + 1))
    new_topic(window, qtbot)
    assert window.composer.pasted.chips == [] and window.composer.text() == ""
    window.open_topic(first)
    qtbot.waitUntil(lambda: len(window.composer.pasted.chips) == 1, timeout=3000)
    assert window.composer.draft.toPlainText() == "" and window.composer.text() == "y" * (PASTE_CHIP_CHARS + 1)
