"""ChatHub Desktop: a local-first chat client built around assistant memory and compaction."""

__version__ = "0.1.0"
