"""Small helpers shared by the GUI tests: providers/assistants over the fake vendor and
hand-built ChatGPT exports in the real ``conversations.json`` shape."""

from __future__ import annotations

import concurrent.futures
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from chathub_desktop.services.container import Services

T = TypeVar("T")


def add_fake_provider(svc: Services, base_url: str, *, name: str = "Fake", model: str = "gpt-4o-mini",
                      assistant: str = "Helper") -> tuple[int, int]:
    """A provider at ``base_url`` (key in the in-memory keyring) and an assistant using it.
    Returns ``(provider_id, assistant_id)``."""
    p = svc.providers.add(name, "openai_compatible", base_url, api_key="sk-test")
    a = svc.assistants.create(assistant, provider=p.id, model=model)
    return p.id, a.id


def conversation(title: str, turns: list[tuple[str, str]], conv_id: str, t0: float = 1_714_585_031.0) -> dict[str, Any]:
    """One conversation: ``turns`` of (role, text) as a linear ``mapping`` chain."""
    mapping: dict[str, Any] = {
        "root": {"id": "root", "message": None, "parent": None, "children": []},
    }
    parent = "root"
    for i, (role, text) in enumerate(turns):
        node = f"{conv_id}-n{i}"
        mapping[node] = {
            "id": node,
            "message": {
                "id": node,
                "author": {"role": role, "name": None, "metadata": {}},
                "create_time": t0 + i * 10,
                "update_time": None,
                "content": {"content_type": "text", "parts": [text]},
                "status": "finished_successfully",
                "end_turn": True if role == "assistant" else None,
                "weight": 1.0,
                "metadata": {},
                "recipient": "all",
            },
            "parent": parent,
            "children": [],
        }
        mapping[parent]["children"].append(node)
        parent = node
    return {
        "title": title,
        "create_time": t0,
        "update_time": t0 + len(turns) * 10,
        "mapping": mapping,
        "moderation_results": [],
        "current_node": parent,
        "plugin_ids": None,
        "conversation_id": conv_id,
        "conversation_template_id": None,
        "gizmo_id": None,
        "is_archived": False,
        "safe_urls": [],
        "default_model_slug": "gpt-4o",
        "id": conv_id,
    }


def write_export(path: Path, conversations: list[dict[str, Any]]) -> Path:
    """Write ``conversations.json``."""
    path.write_text(json.dumps(conversations), encoding="utf-8")
    return path


def imported_store(template: Path, folder: Path, assistant: str, turns: list[tuple[str, str]], conv_id: str) -> Path:
    """``folder/store.sqlite3``: a copy of the migrated ``template`` holding assistant
    ``assistant`` with one topic imported from a ChatGPT export of ``turns`` (role, text),
    as the import writes it. A module's tests start from copies of it (the ``store_template``
    fixture of tests/conftest.py) instead of importing a long topic each (issue 28: 20,000
    messages took about 2.5 s of CPU per test)."""
    import shutil

    from chathub_desktop.services.container import open_services
    from chathub_desktop.services.transfer.chatgpt_import import import_chatgpt_export

    store = folder / "store.sqlite3"
    shutil.copyfile(template, store)
    svc = open_services(f"sqlite:///{store}", data_dir=folder / "data")
    try:
        a = svc.assistants.create(assistant)
        import_chatgpt_export(svc.db, a.id, write_export(folder / "export.json", [conversation(assistant, turns, conv_id)]))
    finally:
        svc.close()  # the last connection folds the WAL into the file copied
    assert not store.with_name(store.name + "-wal").exists(), "the store's WAL was not folded into it"
    return store


def imported_topic(svc: Services, assistant: str) -> Any:
    """The one topic of ``assistant`` (by name) in ``svc``'s store (:func:`imported_store`)."""
    a = next(x for x in svc.assistants.list() if x.name == assistant)
    (topic,) = svc.topics.list(a.id)
    return topic


def wait_shown(window: Any, qtbot: Any, topic_id: int) -> None:
    """Wait until the window shows ``topic_id``'s messages (a topic's page is read and
    rendered off the GUI thread, issue 9)."""
    qtbot.waitUntil(lambda: window.message_model.topic_id == topic_id, timeout=5000)


@contextmanager
def shown_memory_page(services: Services, assistant_id: int, qtbot: Any) -> Iterator[Any]:
    """A shown Memory page for ``assistant_id`` after its first load and its dream
    panel's (the schedule form's fields are shown from then: a click before it was undone
    by the read); detached and closed (its tasks finished) afterwards."""
    from chathub_desktop.gui.memory.fixed_page import MemoryPage

    page = MemoryPage(services, assistant_id)  # closed below: qtbot.addWidget would delete it before detach()
    page.show()
    qtbot.waitUntil(lambda: page.loads >= 1 and page.dream_panel.loads >= 1, timeout=5000)
    try:
        yield page
    finally:
        page.detach()
        qtbot.waitUntil(lambda: not page.runner.pending(), timeout=3000)
        page.close()
        page.deleteLater()


def reload_assistants(window: Any, qtbot: Any, select_id: int | None = None) -> None:
    """``window.reload_assistants(select_id)`` and wait until its topic list is shown
    (issue 29: the window reads the store on a worker)."""
    with qtbot.waitSignal(window.topics_listed, timeout=10000):
        window.reload_assistants(select_id)


def new_topic(window: Any, qtbot: Any, *, private: bool = False) -> int:
    """``window.new_topic()`` and wait until the new topic is open; returns its id."""
    with qtbot.waitSignal(window.topic_created, timeout=10000) as blocker:
        window.new_topic(private=private)
    return int(blocker.args[0])


def settled(window: Any, qtbot: Any) -> None:
    """Wait until a just-attached window has listed its assistants and topics."""
    qtbot.waitUntil(lambda: not any(window.runner.is_running(n) for n in ("assistants", "topic-list", "open-topic")),
                    timeout=10000)


def on_worker(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` run on a worker thread and its result, as the window runs its store
    reads (issue 29: a store read on the GUI thread with window code on the stack fails
    the test)."""
    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="test-worker") as pool:
        return pool.submit(fn, *args).result(timeout=30)


D = TypeVar("D")


def loaded(dialog: D, qtbot: Any) -> D:
    """Wait until ``dialog`` (e.g. the assistant dialog) shows what it read on a worker
    (issue 29: ``is_loaded()``), and return it."""
    qtbot.waitUntil(dialog.is_loaded, timeout=10000)  # type: ignore[attr-defined]
    return dialog


def saved(dialog: Any, qtbot: Any) -> None:
    """Click ``dialog``'s Save and wait until its worker stored it (or refused it in one
    line) (issue 29: ``is_busy()``)."""
    from PySide6.QtWidgets import QDialogButtonBox

    dialog.ui.buttonBox.button(QDialogButtonBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: not dialog.is_busy(), timeout=10000)


def placed(view: Any, index: Any, where: Callable[[], Any], qtbot: Any) -> Any:
    """The viewport point ``where()`` gives (a QPoint, or a QRect whose centre is taken)
    in row ``index``, once the view has placed that row there: QListView re-lays out rows
    on a queued call after the delegate reports a new height, and a click before it finds
    no row (CI stop 35). Raises pytest-qt's timeout after 10 s."""

    def point() -> Any:
        spot = where()
        return spot.center() if hasattr(spot, "center") and not spot.isEmpty() else spot

    def ready() -> bool:
        spot = point()
        return spot is not None and not (hasattr(spot, "isNull") and spot.isNull()) and view.indexAt(spot) == index

    qtbot.waitUntil(ready, timeout=10000)
    return point()


def dream_now_at_rest(qtbot: Any, page: Any) -> Any:
    """Wait until the Memory page's layout is at rest — no fit of its fixed list pending,
    that list as tall as its fit wants, Dream now and the page's height the same over three
    looks, each after the pending layouts ran — and return where Dream now is (a QPoint in
    page coordinates; fix30: the fixed list's height follows the page's)."""
    from PySide6.QtCore import QEvent, QPoint
    from PySide6.QtWidgets import QApplication

    seen: list[tuple[Any, int, int]] = []

    def still() -> bool:
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        seen.append((page.dream_panel.dream_now_button.mapTo(page, QPoint(0, 0)), page.cards_stack.height(),
                     page.body_scroll.widget().height()))
        return (len(seen) >= 3 and seen[-1] == seen[-2] == seen[-3] and not page.list_fit.timer.isActive()
                and page.cards_stack.height() == page.list_fit.wanted())

    qtbot.waitUntil(still, timeout=5000)
    return seen[-1][0]


def layout_at_rest(widget: Any, qtbot: Any) -> None:
    """Wait until ``widget``'s layout is at rest: the geometry of every shown widget in
    it the same over three looks, each after the pending layouts ran (issue 28: at load
    9-11 a 30 ms pause ended before a word-wrapped label's second layout pass, and an
    audit found it "needs 42 px of height, has 32"). Raises pytest-qt's timeout after 5 s
    (scaled, tests/wait_scale.py)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication, QWidget

    seen: list[list[Any]] = []

    def still() -> bool:
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        seen.append([(w, w.geometry()) for w in widget.findChildren(QWidget) if w.isVisible()])
        return len(seen) >= 3 and seen[-1] == seen[-2] == seen[-3]

    qtbot.waitUntil(still, timeout=5000)


def click_receipt(view: Any, index: Any, qtbot: Any) -> None:
    """Open row ``index``'s context receipt as a user does: the pointer on the reply shows
    its action bar, whose ⓘ is clicked (chatlook52: no ⓘ is drawn on the row itself).
    The row's header line must fit in the viewport (the bar sits on it)."""
    from chathub_desktop.gui.chat.message_action_bar import MessageAction

    m = view.model().message_at(index.row())
    button = view.action_bar.buttons[MessageAction.RECEIPT]
    placed(view, index, lambda: view.delegate.text_rect(index), qtbot)

    def shown() -> bool:
        view.show_bar(index)  # what the pointer's move over the row does
        return bool(view.action_bar.message_id == m.id and button.isVisible())

    qtbot.waitUntil(shown, timeout=3000)
    button.click()
