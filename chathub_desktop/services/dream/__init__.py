"""The memory dream: dynamic-memory cards, the History Compress calls of a dream, past
days, review, and the headless dream service."""
