"""Imports and exports: chat-history imports (ChatGPT, Claude, …) staged and published,
their images, Claude's memory, topic export/import and memory export/import."""
