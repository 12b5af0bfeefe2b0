"""Token counting over the bundled encodings: the one counter the assembler is given."""

from __future__ import annotations

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
        """Number of tokens in ``text`` (0 for the empty string)."""
        if not text:
            return 0
        try:
            return len(self._encode(text))
        except UnicodeEncodeError:  # lone surrogates: count what tiktoken would send
            return len(self._encoding.encode_ordinary(text))

    def count_batch(self, texts: list[str]) -> list[int]:
        """Token counts of many texts, encoded on tiktoken's thread pool."""
        return [len(t) for t in self._encoding.encode_ordinary_batch(texts)]
