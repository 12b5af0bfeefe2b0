"""Fuzz suite for every importer of outside files (issue 12, APP-5)."""
