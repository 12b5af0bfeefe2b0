"""Assistant memory: fixed memory and its provenance, its history and Revert, previews
before a replace, where pasted entries came from, and the secret scan before text is
remembered."""
