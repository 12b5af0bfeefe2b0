"""The model card editor's fields (issue 29, walk51b #4), in a module of their own so the
dream panel names one without importing the editor before it is used."""

from __future__ import annotations

import enum


class CardField(enum.Enum):
    """The field the model card editor opens on, selected: a dream cut at the output cap
    asks to raise Max output, one cut by the window the Context window."""

    MODEL = "model"
    WINDOW = "window"
    MAX_OUTPUT = "max_output"
