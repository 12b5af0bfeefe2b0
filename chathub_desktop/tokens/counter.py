"""Token counting over the bundled encodings: the one counter the assembler is given."""

from __future__ import annotations

from chathub_desktop.core.token_count import EXACT_COUNT_CHARS, past_head
from chathub_desktop.tokens.encodings import encoding_name_for_model, get_encoding


class TokenCounter:
    """Counts tokens of text for one encoding (special-token text counted as ordinary text).

    ``count(text) -> int`` tokens. Construct with :meth:`for_model`.
    """

    def __init__(self, encoding_name: str) -> None:
        self.encoding_name = encoding_name
        self._encoding = get_encoding(encoding_name)
        # the Rust encoder itself: tiktoken's wrapper only adds a surrogate retry, done here
        self._encode = self._encoding._core_bpe.encode_ordinary

    @classmethod
    def for_model(cls, model: str) -> TokenCounter:
        """Counter using the encoding chosen for ``model`` (see ``encoding_name_for_model``)."""
        return cls(encoding_name_for_model(model))

    def count(self, text: str) -> int:
        """Number of tokens in ``text`` (0 for the empty string).

        Exact up to :data:`EXACT_COUNT_CHARS` characters. Past that only the first
        :data:`EXACT_COUNT_CHARS` are tokenized and the rest is estimated from its length
        at the head's tokens per character (rounded up; ``core.token_count.past_head``,
        issue 32): a 50 MB stored reply is counted in bounded memory instead of as ten
        million token ids."""
        if not text:
            return 0
        if len(text) <= EXACT_COUNT_CHARS:
            return self._exact(text)
        return past_head(self._exact(text[:EXACT_COUNT_CHARS]), len(text))

    def _exact(self, text: str) -> int:
        try:
            return len(self._encode(text))
        except UnicodeEncodeError:  # lone surrogates: count what tiktoken would send
            return len(self._encoding.encode_ordinary(text))
