"""Issue 28 (APP-10): the naming request a small local model follows, and the clean-up
that takes a plausible short title from a naming model's answer and refuses an answer,
a copy of the message, an example's title or a loop (the first-words title stays)."""

from __future__ import annotations

from chathub_desktop.core.messages import Role
from chathub_desktop.core.topic_titles import NAMING_EXAMPLES, clean_model_title, naming_messages


def test_the_request_shows_example_chats_then_asks_about_the_message() -> None:
    messages = naming_messages("How do I grep a file?" + "x" * 3000)
    assert messages[0].role is Role.SYSTEM
    roles = [m.role for m in messages[1:]]
    assert roles == [Role.USER, Role.ASSISTANT] * len(NAMING_EXAMPLES) + [Role.USER]
    assert [m.content for m in messages[2:-1:2]] == [title for _, title in NAMING_EXAMPLES]
    last = messages[-1].content
    # the message's first 2,000 characters: 21 of the question, 1,979 x
    assert last.startswith('Message: "How do I grep a file?' + "x" * 1979 + '"\n')
    assert last.endswith("What is the topic of this message? Answer with a title of 2 to 4 words.")


def test_a_plausible_short_title_is_taken_as_written() -> None:
    assert clean_model_title("Kyoto autumn festivals") == "Kyoto autumn festivals"
    assert clean_model_title("Hello") == "Hello"
    assert clean_model_title("Bactérie vs virus", "Explique-moi la différence entre un virus et une bactérie.") == (
        "Bactérie vs virus")


def test_labels_lead_ins_quotes_and_markdown_are_taken_off() -> None:
    assert clean_model_title("Sure! Here's a short title:\n\n**Rust JSON parsing**") == "Rust JSON parsing"
    assert clean_model_title("**Title:**\nKyoto in autumn") == "Kyoto in autumn"
    assert clean_model_title("Chat title: Sponge cake eggs.") == "Sponge cake eggs"
    assert clean_model_title('The topic of this message is "The Science Behind Photosynthesis"') == (
        "The Science Behind Photosynthesis")
    assert clean_model_title("Here is a title: “Lisbon weekend”.") == "Lisbon weekend"


def test_an_answer_a_copy_an_example_or_a_loop_is_refused() -> None:
    assert clean_model_title("Here's a 3-day workout plan for beginners:\n\nDay 1: legs") is None
    message = "Translate 'good morning, how are you' into Spanish."
    assert clean_model_title("Translate 'Good morning, how are you' into Spanish", message) is None
    assert clean_model_title('Mon chat ne mange plus, que faire ?"', "Mon chat ne mange plus, que faire ?") is None
    assert clean_model_title("Restaurant italien à Lyon", "Give me a 3-day workout plan.") is None
    assert clean_model_title("Water, water, water") is None
    assert clean_model_title("Photosynthesis is a process that plants use to convert light energy into food.") is None
