"""Shared dialogs: confirmations, the import dialog and the non-blocking file dialogs pages
use."""
