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
:class:`~chathub_desktop.services.errors.NotFound` with a one-line message, raised as a
typed :class:`~chathub_desktop.core.reasons.Reason` (issue 27): the CLI prints the
English, the window says it in its language. ``what`` names the value; one of
:data:`NOUNS` is said in the interface language too, any other (a server's name, a
JSON key) is shown as given.
"""

from __future__ import annotations

from chathub_desktop.core.reasons import QT_TRANSLATE_NOOP, Reason
from chathub_desktop.services.errors import InvalidInput, NotFound

#: The names of values the services check, marked for translation (the window says
#: them in its language inside the refusal; the CLI prints them as they are).
NOUNS = frozenset({
    QT_TRANSLATE_NOOP("ServiceReasons", "topic"), QT_TRANSLATE_NOOP("ServiceReasons", "provider"),
    QT_TRANSLATE_NOOP("ServiceReasons", "message"), QT_TRANSLATE_NOOP("ServiceReasons", "assistant"),
    QT_TRANSLATE_NOOP("ServiceReasons", "the topic title"), QT_TRANSLATE_NOOP("ServiceReasons", "the model id"),
    QT_TRANSLATE_NOOP("ServiceReasons", "assistant name"), QT_TRANSLATE_NOOP("ServiceReasons", "provider name"),
    QT_TRANSLATE_NOOP("ServiceReasons", "the summary"), QT_TRANSLATE_NOOP("ServiceReasons", "the file"),
    QT_TRANSLATE_NOOP("ServiceReasons", "an alias"),
})


def _noun(what: str) -> str | Reason:
    """``what`` as a reason to say when it is one of :data:`NOUNS`, else as given."""
    return Reason(what) if what in NOUNS else what

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
        raise NotFound(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "no %1 %2"), (_noun(what), str(value))))
    return value


def check_name(text: str, what: str, limit: int = MAX_NAME_CHARS) -> str:
    """``text`` stripped; :class:`InvalidInput` when it is empty, longer than ``limit``
    characters, or contains a NUL or a lone surrogate (neither engine stores those)."""
    text = text.strip()
    if not text:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must not be empty"), (_noun(what),)))
    if len(text) > limit:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 is %2 characters long; the limit is %3"),
                                  (_noun(what), f"{len(text):,}", str(limit))))
    check_text(text, what)
    return text


def check_model_id(text: str) -> str:
    """``text`` stripped, as a model id may be stored (model cards, the catalog import,
    an assistant's or a topic's model, the System Agent models; issue 32: the same rule
    on both engines). :class:`InvalidInput` when it is empty, longer than
    :data:`MAX_MODEL_CHARS` characters, or holds a NUL or a lone surrogate."""
    text = text.strip()
    if not text:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 must not be empty"), (_noun("the model id"),)))
    if len(text) > MAX_MODEL_CHARS:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "the model id is longer than %1 characters"),
                                  (str(MAX_MODEL_CHARS),)))
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
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP("ServiceReasons", "%1 contains a NUL character"), (_noun(what),)))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInput(Reason(QT_TRANSLATE_NOOP(
            "ServiceReasons", "%1 contains characters that are not valid Unicode (a lone surrogate)"),
            (_noun(what),))) from None
    return text
