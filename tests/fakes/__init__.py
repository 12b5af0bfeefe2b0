"""Test doubles (fake vendor server). Never imported by the product (STYLE.md)."""
