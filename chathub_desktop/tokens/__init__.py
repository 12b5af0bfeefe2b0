"""Token counting: tiktoken encodings chosen per model card, and the counter the
request plan, the badge and compaction share (TOK rules)."""
