"""A long message is rendered off the GUI thread and laid out slice by slice (issue 32:
rendering any single message never stalls the window; the figures are in
``benchmarks/bench_render_stall.py``)."""

from __future__ import annotations

import re
import sys
import threading

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QTextDocument

from chathub_desktop.gui import markdown_render, message_documents
from chathub_desktop.gui.chat_events import ChatEvents
from chathub_desktop.gui.markdown_render import (
    PART_CHARS,
    WORD_CHARS,
    render_markdown,
    render_markdown_parts,
)
from chathub_desktop.gui.message_documents import SYNC_RENDER_CHARS
from chathub_desktop.gui.message_list_model import MessageListModel
from chathub_desktop.gui.message_list_view import MessageListView
from chathub_desktop.gui.sliced_document import SlicedDocument

_TAGS = re.compile(r"<[^>]*>")


def _shown_view(services, qtbot):  # type: ignore[no-untyped-def]
    events = ChatEvents(services.bus)
    model = MessageListModel(services.topics, events)
    view = MessageListView(model)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    return events, model, view


def test_parts_join_to_the_whole_rendering() -> None:
    text = "# Title\n\nSome *text* and `code`.\n\n" + "- item\n" * 50 + "\n```python\nx = 1\n```\n" * 40
    parts = render_markdown_parts(text, part_chars=500)
    assert len(parts) > 5
    assert "".join(parts) == render_markdown(text)  # cut between blocks only


def test_a_long_paragraph_is_cut_into_slices_that_keep_every_character() -> None:
    text = "x" * 50_000 + " and *more* " + "y" * 20_000
    parts = render_markdown_parts(text)
    assert len(parts) >= 35
    assert all(len(p) <= PART_CHARS + 200 for p in parts)
    shown = "".join(_TAGS.sub("", p).replace("\n", "").replace("\u200b", "") for p in parts)
    assert shown == text.replace("*more*", "more")


def test_a_long_unbroken_word_gets_break_opportunities_outside_tags() -> None:
    """Qt wraps an unbroken word in a narrow column in quadratic time (a 100,000-character
    word ten quotes deep did not finish in a minute): rendered text never holds a run of
    more than WORD_CHARS characters without a break opportunity; tags keep theirs."""
    src = "data:image/png;base64," + "A" * 300
    text = ">" * 10 + " " + "B" * 5000 + f" [x](http://h/{'c' * 200}) ![q]({src}) " + "&" * 300
    for part in render_markdown_parts(text):
        words = re.split(r"[\s\u200b]+", _TAGS.sub(" ", part).replace("&amp;", "&"))
        assert max(map(len, words)) <= WORD_CHARS
    shown = render_markdown(text)
    assert f'href="http://h/{"c" * 200}"' in shown and "&amp;" * 64 + "\u200b" in shown


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab *_`[]()!#>-|$\n\u202e\u200b<", max_size=400), st.integers(1, 60))
def test_any_text_renders_to_bounded_parts(text: str, part_chars: int) -> None:
    parts = render_markdown_parts(text, part_chars=part_chars)
    assert parts and all(isinstance(p, str) for p in parts)
    assert "".join(render_markdown_parts(text, part_chars=sys.maxsize)) == render_markdown(text)


def test_a_new_rendering_keeps_the_slices_that_did_not_change(qtbot) -> None:  # type: ignore[no-untyped-def]
    made: list[QTextDocument] = []

    def make() -> QTextDocument:
        made.append(QTextDocument())
        return made[-1]

    first = SlicedDocument(("<p>a</p>", "<p>b</p>", "<p>c</p>"), make, 300)
    assert first.advance(10.0) and len(made) == 3
    second = SlicedDocument(("<p>a</p>", "<p>b</p>", "<p>c d</p>", "<p>e</p>"), make, 300, reuse=first)
    assert second.advance(10.0)
    assert len(made) == 5  # the streamed tail only
    assert second.toPlainText() == "a\nb\nc d\ne"


def test_a_long_reply_is_rendered_on_a_worker_and_laid_out_over_several_turns(services, qtbot, monkeypatch):  # type: ignore[no-untyped-def]
    threads: list[bool] = []
    real = markdown_render.render_markdown_parts

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(markdown_render, "render_markdown_parts", spy)
    monkeypatch.setattr(message_documents, "LAYOUT_BUDGET_S", 0.0)  # one slice per turn of the loop
    a = services.assistants.create("Long")
    t = services.topics.create(a.id)
    text = "first line\n\n" + "".join(f"Paragraph {i} with *some* text.\n\n" for i in range(600)) + "THE END"
    assert len(text) > SYNC_RENDER_CHARS
    services.topics.append_message(t.id, "assistant", text)
    events, model, view = _shown_view(services, qtbot)
    grew: list[int] = []
    view.delegate.sizeHintChanged.connect(lambda index: grew.append(index.row()))
    model.open_topic(t.id)
    qtbot.waitUntil(lambda: model.rowCount() == 1, timeout=3000)
    view.executeDelayedItemsLayout()
    assert not view.delegate.settled  # nothing of it is done in one go
    qtbot.waitUntil(lambda: view.delegate.settled, timeout=20_000)
    assert threads and not any(threads)  # Markdown → HTML only on the worker
    doc = view.delegate.docs.latest(model.message_at(0).id)
    assert doc is not None
    assert len(grew) >= doc.parts  # its HTML arrived, then the row grew slice by slice
    assert doc.parts > 10
    shown = doc.toPlainText()
    assert shown.startswith("first line") and shown.rstrip().endswith("THE END")
    view.executeDelayedItemsLayout()
    assert view.visualRect(model.index(0)).height() > doc.height()  # the row holds all of it
    events.detach()
