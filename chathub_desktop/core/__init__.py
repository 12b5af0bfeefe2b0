"""Pure domain logic: no Qt, no I/O, no clock, no network (DESIGN.md, enforced by import-linter)."""
