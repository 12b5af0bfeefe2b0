"""Assistants and application settings: create, update and delete assistants, the app
settings, and what Help → About shows."""
