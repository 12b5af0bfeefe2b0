"""The composer's toolbar says what each control is without hovering (issue 29, walk52b:
"an eye-off icon for 'Private topic', an unlabeled '52%'"; walk53c #7: the paper clip and
the eye-off icon still bare, the empty ring reading "context"): the paper clip reads
"Attach", the private toggle offers "Go private" and is a chip saying "Private" once the
topic is, the ring reads "N% context" (the same figure, TOK-1) and nothing before a topic,
the model chip names the model; as the row narrows the words fold — the chip's
"(assistant default)" first (bits54), "Attach", the offer next, the ring's word, a private
topic's "Private" last — so at 800×560 nothing is squeezed, and the names screen readers hear, and Enter /
Shift+Enter, stay as they were."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from chathub_desktop.gui.chat.composer import Composer
from chathub_desktop.gui.context.token_badge import ring_text
from chathub_desktop.gui.design.audit import audit_window
from chathub_desktop.gui.design.icons import Icon, icon
from tests.gui.helpers import new_topic, on_worker, reload_assistants

LONG_MODEL = "Qwen2.5-Coder-32B-Instruct-GGUF-Q4_K_M"


def _plan(total: int, budget: int = 12_000) -> Any:
    from chathub_desktop.services.views import EstimateView

    return EstimateView(topic_id=1, parts={"history": total}, total=total, context_window=16_000,
                        input_budget=budget, included=4, dropped=0, encoding="o200k_base", local_total=total)


def _row(composer: Composer) -> list[QWidget]:
    """The toolbar's shown controls, left to right."""
    shown = [composer.attach_button, composer.private_button, composer.badge]
    shown += [composer.model_slot.itemAt(i).widget() for i in range(composer.model_slot.count())]
    return [w for w in (*shown, composer.stop_button, composer.send_button) if w.isVisible()]


def _squeezed(composer: Composer) -> list[tuple[str, int, int]]:
    """The controls narrower than they ask (name, width, hint), and the last one when it
    ends outside the card."""
    found = [(w.objectName(), w.width(), w.sizeHint().width()) for w in _row(composer)
             if w.width() < w.sizeHint().width()]
    last = _row(composer)[-1]
    if last.mapTo(composer.card, last.rect().topRight()).x() >= composer.card.width():
        found.append((last.objectName(), -1, -1))
    return found


def _nothing_squeezed(composer: Composer, qtbot: Any) -> None:
    """Once laid out, every control is at least as wide as it asks, inside the card."""
    try:
        qtbot.waitUntil(lambda: not _squeezed(composer), timeout=3000)
    except Exception:
        raise AssertionError(_squeezed(composer)) from None


def _bare(qtbot: Any, width: int) -> tuple[Composer, QAction, list[str]]:
    """A composer ``width`` px wide whose private toggle follows a checked action (as the
    window's Private topic action) and whose ring shows 17 %."""
    c = Composer()
    qtbot.addWidget(c)
    action = QAction(icon(Icon.PRIVATE), "Private topic", c)
    action.setIconText("Private")
    action.setCheckable(True)
    c.private_button.setDefaultAction(action)
    c.private_button.setAccessibleName("Private topic")
    c.badge.bind_services(None)
    c.badge.show_estimate(_plan(2_056))
    c.resize(width, 160)
    c.show()
    qtbot.waitExposed(c)
    sent: list[str] = []
    c.send_requested.connect(sent.append)
    return c, action, sent


def test_the_private_chip_and_the_rings_word_show_while_there_is_room(qtbot) -> None:  # type: ignore[no-untyped-def]
    c, action, sent = _bare(qtbot, 900)
    toggle, attach = c.private_button, c.attach_button
    # not private: an offer in words (a verb, never read as "on"), and the paper clip says what it does
    assert toggle.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon and toggle.text() == "Go private"
    assert attach.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon and attach.text() == "Attach"
    assert attach.accessibleName() == "Attach files" and attach.toolTip().startswith("Attach images or text files")
    assert c.badge.text() == "17% context"  # the same figure as the bare ring, with its word
    action.setChecked(True)  # the topic turns private: a chip saying so
    qtbot.waitUntil(lambda: toggle.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextBesideIcon, timeout=3000)
    assert toggle.text() == "Private" and toggle.isChecked() and toggle.labelled()
    assert toggle.accessibleName() == "Private topic"
    assert c.badge.accessibleName() == "17% of the input budget — details"
    _nothing_squeezed(c, qtbot)
    # the keys are as they were: Shift+Enter a new line, Enter sends
    c.draft.setFocus()
    qtbot.keyClicks(c.draft, "first")
    qtbot.keyClick(c.draft, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(c.draft, "second")
    assert sent == []
    qtbot.keyClick(c.draft, Qt.Key.Key_Return)
    assert sent == ["first\nsecond"]
    action.setChecked(False)
    qtbot.waitUntil(lambda: toggle.text() == "Go private" and toggle.labelled(), timeout=3000)
    _nothing_squeezed(c, qtbot)


def test_the_words_fold_one_control_at_a_time_as_the_row_narrows(qtbot) -> None:  # type: ignore[no-untyped-def]
    c, action, _sent = _bare(qtbot, 900)
    toggle, badge, attach = c.private_button, c.badge, c.attach_button
    # not private: the offer folds right after "Attach", before the ring's word
    assert [c.row_fit.index(f) for f in (attach, toggle, badge)] == [0, 1, 2]
    action.setChecked(True)
    qtbot.waitUntil(lambda: toggle.labelled() and toggle.text() == "Private", timeout=3000)
    assert [c.row_fit.index(f) for f in (attach, badge, toggle)] == [0, 1, 2]  # "Private" folds last
    widths = {n: c.row_fit.needed(n) for n in range(4)}
    assert widths[0] > widths[1] > widths[2] > widths[3]  # each fold gives room back
    assert toggle.width_at(False) == toggle.sizeHint().width() and badge.width_at(False) == badge.sizeHint().width()
    assert attach.width_at(False) == attach.sizeHint().width()
    c.resize(widths[0] + 100, 160)  # narrower than the card's most: the sides stay as they are from here
    qtbot.waitUntil(lambda: c.card.width() < c.card.maximumWidth(), timeout=3000)
    sides = c.width() - c.row_fit.room()
    # just too narrow for every word: "Attach" goes first, the ring's word and "Private" stay
    c.resize(widths[0] + sides - 1, 160)
    qtbot.waitUntil(lambda: not attach.labelled(), timeout=3000)
    assert badge.text() == "17% context" and toggle.labelled() and c.row_fit.folded == 1
    _nothing_squeezed(c, qtbot)
    c.resize(widths[1] + sides - 1, 160)  # then the ring's word
    qtbot.waitUntil(lambda: badge.text() == "17%", timeout=3000)
    assert toggle.labelled() and c.row_fit.folded == 2
    _nothing_squeezed(c, qtbot)
    c.resize(widths[2] + sides - 1, 160)  # then "Private" too: the tinted icon alone, still checked
    qtbot.waitUntil(lambda: not toggle.labelled(), timeout=3000)
    assert toggle.width_at(True) == toggle.sizeHint().width() and badge.width_at(True) == badge.sizeHint().width()
    assert attach.width_at(True) == attach.sizeHint().width()
    assert toggle.isChecked() and toggle.accessibleName() == "Private topic" and badge.text() == "17%"
    _nothing_squeezed(c, qtbot)
    action.setChecked(False)  # not private at this width: no offer either, nothing squeezed
    qtbot.waitUntil(lambda: not toggle.isChecked() and c.row_fit.index(toggle) == 1, timeout=3000)
    assert not toggle.labelled()
    _nothing_squeezed(c, qtbot)
    c.resize(900, 160)  # wide again: every word back
    qtbot.waitUntil(lambda: toggle.labelled() and attach.labelled() and badge.text() == "17% context", timeout=3000)
    assert toggle.text() == "Go private"


def test_the_window_labels_its_composer_at_1366_and_folds_it_at_800(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """In the window: 1366×768 shows every word (the ring's figure is the estimate's, as in
    the popover); 800×560 with a long model id folds them and squeezes nothing; the names
    a screen reader hears stay."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    reload_assistants(window, qtbot, a.id)
    window.resize(1366, 768)
    topic = new_topic(window, qtbot)
    composer, picker, badge = window.composer, window.model_picker.picker, window.composer.badge
    toggle = composer.private_button
    qtbot.waitUntil(lambda: badge.estimate is not None and picker.view is not None, timeout=10000)
    window.context_controls.privacy.toggle_action.trigger()  # mark the open topic private
    qtbot.waitUntil(lambda: toggle.isChecked() and toggle.labelled(), timeout=10000)
    qtbot.waitUntil(lambda: on_worker(services.topics.get, topic).private, timeout=10000)
    share = ring_text(badge.estimate)
    assert badge.text() == f"{share} context" and toggle.text() == "Private"
    assert composer.attach_button.text() == "Attach" and composer.attach_button.labelled()
    assert picker.text() == "gpt-4o-mini (assistant default) ▾"
    _nothing_squeezed(composer, qtbot)
    on_worker(services.topic_models.set, topic, LONG_MODEL)  # the topic's own model, a long id
    qtbot.waitUntil(lambda: picker.view is not None and picker.view.model == LONG_MODEL, timeout=10000)
    window.resize(800, 560)
    qtbot.waitUntil(lambda: window.width() == 800 and not window.view.sidebar_action.isChecked(), timeout=5000)
    window.view.sidebar_action.trigger()  # the topic list shown too: the narrowest chat column
    qtbot.waitUntil(lambda: composer.row_fit.folded == 4 and badge.text() == ring_text(badge.estimate)
                    and not toggle.labelled() and picker.text().endswith("… ▾"), timeout=5000)
    assert toggle.isChecked()  # still tinted as a state
    # the chip's name cut to 18 characters (shorter still past every fold), never squeezed by the layout
    assert picker.text().startswith("Qwen2.5") and len(picker.text()) <= len("Qwen2.5-Coder-32B… ▾")
    _nothing_squeezed(composer, qtbot)
    assert audit_window(composer, "light").clipped == []  # as gui --smoke audits it
    names = (toggle.accessibleName(), badge.accessibleName(), picker.accessibleName(),
             composer.attach_button.accessibleName(), composer.send_button.accessibleName())
    assert names == ("Private topic", f"{ring_text(badge.estimate)} of the input budget — details", "Topic model",
                     "Attach files", "Send the message")
    assert toggle.accessibleDescription().startswith("Private topic: on")
    window.view.sidebar_action.trigger()
    window.resize(1366, 768)  # wide again: the words come back
    qtbot.waitUntil(lambda: composer.row_fit.folded == 0 and toggle.labelled(), timeout=5000)


def test_past_every_fold_the_model_chip_cuts_its_name_shorter_still(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The topic list beside the chat at 800 px left the row narrower than every fold: the
    chip's name is cut further ("Qwen2.5-Code… ▾"), never squeezed (the audit's "clipped")."""
    from chathub_desktop.gui.topics.topic_model_picker import TopicModelPicker
    from chathub_desktop.services.topics.topic_model import TopicModelView

    c, action, _sent = _bare(qtbot, 700)
    action.setChecked(True)
    picker = TopicModelPicker()
    c.set_model_chip(picker, picker)
    picker.show_view(TopicModelView(topic_id=1, model=LONG_MODEL, provider_id=1, provider_name="Local", own=True,
                                    chosen_model=LONG_MODEL, chosen_provider_id=1, context_window=32_768,
                                    max_output=None, input_budget=28_000, window_known=True,
                                    assistant_model="smollm2"))
    qtbot.waitUntil(lambda: picker.isVisible() and picker.text() == "Qwen2.5-Coder-32B-Instruct-… ▾"
                    and c.row_fit.folded == 0, timeout=3000)
    folded = c.row_fit.needed(4)
    sides = c.width() - c.row_fit.room()
    c.resize(folded + sides + 2, 160)  # every word folded just fits: the 18-character name
    qtbot.waitUntil(lambda: c.row_fit.folded == 4 and picker.text() == "Qwen2.5-Coder-32B… ▾", timeout=3000)
    _nothing_squeezed(c, qtbot)
    c.resize(folded + sides - 30, 160)  # 30 px short: the name is cut further
    qtbot.waitUntil(lambda: picker.text().startswith("Qwen2.5-Co") and picker.text().endswith("… ▾")
                    and len(picker.text()) < len("Qwen2.5-Coder-32B… ▾"), timeout=3000)
    _nothing_squeezed(c, qtbot)
    c.resize(700, 160)
    qtbot.waitUntil(lambda: picker.text() == "Qwen2.5-Coder-32B-Instruct-… ▾", timeout=3000)


def test_before_a_topic_the_ring_says_nothing_and_the_tools_say_what_they_do(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]
    """walk53c #7: before any topic the empty ring read "context", a word with no value; it
    stands alone now (its tooltip says the count comes with the first message), while
    "Attach" and "Go private" say what the icons do; at 800×560 the words fold, unclipped."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    reload_assistants(window, qtbot, a.id)
    window.resize(1366, 768)
    composer, badge = window.composer, window.composer.badge
    qtbot.waitUntil(lambda: window.current_topic_id is None and composer.attach_button.isEnabled(), timeout=10000)
    assert badge.estimate is None and badge.text() == "" and badge.figure() == ""
    assert "No topic yet" in badge.toolTip() and badge.accessibleName() == "Token estimate"
    assert composer.attach_button.text() == "Attach" and composer.attach_button.labelled()
    assert composer.private_button.text() == "Go private" and composer.private_button.labelled()
    _nothing_squeezed(composer, qtbot)
    window.resize(800, 560)
    qtbot.waitUntil(lambda: window.width() == 800, timeout=5000)
    _nothing_squeezed(composer, qtbot)
    assert badge.text() == ""
    assert audit_window(composer, "light").clipped == []


def test_the_chips_assistant_default_folds_before_attach(qtbot) -> None:  # type: ignore[no-untyped-def]
    """bits54: "(assistant default)" is the row's least needed word: a row with room for
    every word but it keeps "Attach" (it folded first, and every word after it)."""
    from chathub_desktop.gui.topics.topic_model_picker import TopicModelPicker
    from chathub_desktop.services.topics.topic_model import TopicModelView

    c, _action, _sent = _bare(qtbot, 900)  # an 18-character name: folded, the suffix alone goes
    picker = TopicModelPicker()
    c.set_model_chip(picker, picker)
    picker.show_view(TopicModelView(topic_id=1, model="mistral-small-2409", provider_id=1, provider_name="Mistral", own=False,
                                    chosen_model=None, chosen_provider_id=None, context_window=128_000,
                                    max_output=None, input_budget=100_000, window_known=True,
                                    assistant_model="mistral-small-2409"))
    qtbot.waitUntil(lambda: picker.isVisible() and picker.text() == "mistral-small-2409 (assistant default) ▾"
                    and c.row_fit.folded == 0, timeout=3000)
    assert c.row_fit.index(picker) == 0 and c.row_fit.index(c.attach_button) == 1
    c.resize(c.row_fit.needed(0) + 100, 160)  # narrower than the card's most: the sides stay as they are from here
    qtbot.waitUntil(lambda: c.card.width() < c.card.maximumWidth(), timeout=3000)
    sides = c.width() - c.row_fit.room()
    c.resize(c.row_fit.needed(0) + sides - 1, 160)  # one px short of every word
    qtbot.waitUntil(lambda: picker.text() == "mistral-small-2409 ▾", timeout=3000)
    assert c.attach_button.labelled() and c.private_button.labelled() and c.badge.text() == "17% context"
    assert c.row_fit.folded == 1
    _nothing_squeezed(c, qtbot)


def test_at_800_with_the_topic_list_the_chip_suffix_folds_first(window, services, qtbot) -> None:  # type: ignore[no-untyped-def]  # noqa: E501
    """bits54: at 800×560 with the topic list open every word folded, with room left,
    because the chip's "(assistant default)" folded last; it folds first now, so fewer
    words fold (the ring keeps its word), nothing clipped."""
    a = services.assistants.create("Helper", model="gpt-4o-mini")
    reload_assistants(window, qtbot, a.id)
    window.resize(1366, 768)
    new_topic(window, qtbot)
    composer, picker, badge = window.composer, window.model_picker.picker, window.composer.badge
    qtbot.waitUntil(lambda: badge.estimate is not None and picker.view is not None, timeout=10000)
    assert picker.text() == "gpt-4o-mini (assistant default) ▾" and composer.row_fit.index(picker) == 0
    window.resize(800, 560)
    qtbot.waitUntil(lambda: window.width() == 800 and not window.view.sidebar_action.isChecked(), timeout=5000)
    window.view.sidebar_action.trigger()  # the topic list beside the chat
    fit = composer.row_fit
    qtbot.waitUntil(lambda: window.view.sidebar_action.isChecked() and picker.text() == "gpt-4o-mini ▾"
                    and 0 < fit.folded < fit.count(), timeout=5000)
    assert badge.text() == f"{ring_text(badge.estimate)} context"  # a word kept: "all four" folded before
    # each word kept that fits: the next fold would have fitted too had it been shown
    assert fit.needed(fit.folded) <= fit.room() < fit.needed(fit.folded - 1)
    _nothing_squeezed(composer, qtbot)
    assert audit_window(composer, "light").clipped == []
    from tests.gui.shot_harness import shots_in_both_themes

    shots_in_both_themes(window, "composer-800-list")
    window.view.sidebar_action.trigger()
    window.resize(1366, 768)  # wide again: the suffix comes back
    qtbot.waitUntil(lambda: picker.text() == "gpt-4o-mini (assistant default) ▾", timeout=5000)
