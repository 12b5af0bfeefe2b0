"""Modules generated from ui/*.ui by pyside6-uic (do not edit)."""
