"""The one validation layer for values a user types (issue 12 "CLI values").

Every rule here holds the same on SQLite and PostgreSQL, so a value is accepted or
refused alike on both engines, and the CLI and the window share them (they are checked
in the services; the CLI's argument types call the same functions to fail early with
exit code 2):

- record ids are whole numbers from 1 to :data:`MAX_RECORD_ID` (PostgreSQL's
  ``INTEGER``; SQLite would take up to 2^63 − 1 and fail beyond with a driver error);
- names (provider, assistant) are at most :data:`MAX_NAME_CHARS` characters, topic
  titles at most :data:`MAX_TITLE_CHARS`, model ids at most :data:`MAX_MODEL_CHARS`
  wherever they are stored (:func:`check_model_id`), API-key variable names at most
  :data:`MAX_ENV_NAME_CHARS` (their column sizes; SQLite does not enforce a size,
  PostgreSQL does).

Refusals are :class:`~chathub_desktop.services.errors.InvalidInput` /
:class:`~chathub_desktop.services.errors.NotFound` with a one-line message.
"""

from __future__ import annotations

from chathub_desktop.services.errors import InvalidInput, NotFound

#: The largest record id (PostgreSQL ``INTEGER``: 2^31 − 1).
MAX_RECORD_ID = 2**31 - 1
#: The longest provider or assistant name, in characters.
MAX_NAME_CHARS = 120
#: The longest topic title, in characters.
MAX_TITLE_CHARS = 500
#: The longest model id, in characters.
MAX_MODEL_CHARS = 200
#: The longest name of the environment variable holding an API key, in characters.
MAX_ENV_NAME_CHARS = 200


def id_in_range(value: int) -> bool:
    """True when ``value`` can be a record id on every engine (1 … :data:`MAX_RECORD_ID`)."""
    return not isinstance(value, bool) and 1 <= value <= MAX_RECORD_ID


def check_record_id(value: int, what: str) -> int:
    """``value`` when it can be an id; else :class:`NotFound` ``"no <what> <value>"`` —
    the same answer as for a missing record, on both engines."""
    if not id_in_range(value):
        raise NotFound(f"no {what} {value}")
    return value


def check_name(text: str, what: str, limit: int = MAX_NAME_CHARS) -> str:
    """``text`` stripped; :class:`InvalidInput` when it is empty, longer than ``limit``
    characters, or contains a NUL or a lone surrogate (neither engine stores those)."""
    text = text.strip()
    if not text:
        raise InvalidInput(f"{what} must not be empty")
    if len(text) > limit:
        raise InvalidInput(f"{what} is {len(text):,} characters long; the limit is {limit}")
    check_text(text, what)
    return text


def check_model_id(text: str) -> str:
    """``text`` stripped, as a model id may be stored (model cards, the catalog import,
    an assistant's or a topic's model, the System Agent models; issue 32: the same rule
    on both engines). :class:`InvalidInput` when it is empty, longer than
    :data:`MAX_MODEL_CHARS` characters, or holds a NUL or a lone surrogate."""
    text = text.strip()
    if not text:
        raise InvalidInput("the model id must not be empty")
    if len(text) > MAX_MODEL_CHARS:
        raise InvalidInput(f"the model id is longer than {MAX_MODEL_CHARS} characters")
    return check_text(text, "the model id")


def fit_column(text: str, limit: int = MAX_MODEL_CHARS) -> str:
    """``text`` when it has at most ``limit`` characters, else its first ``limit - 1``
    and ``…``: for a label the product composes (``PROVIDER/MODEL`` of a summary, up to
    120 + 1 + 200 characters) stored in a ``limit``-sized column (issue 32)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_text(text: str, what: str) -> str:
    """``text`` unchanged; :class:`InvalidInput` when it holds a NUL character or a lone
    surrogate (PostgreSQL refuses NUL, neither engine can encode a lone surrogate)."""
    if "\x00" in text:
        raise InvalidInput(f"{what} contains a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInput(f"{what} contains characters that are not valid Unicode (a lone surrogate)") from None
    return text
