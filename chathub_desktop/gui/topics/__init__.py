"""The topic list: its model and delegate, opening a topic, its actions (pin, archive,
private, delete), its own model and the scroll bar marks."""
