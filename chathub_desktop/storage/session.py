"""The store's session type, named here so services can hand the session of
``Database.read()`` / ``Database.write()`` to a repository without importing
SQLAlchemy themselves (issue 31: SQL only in ``storage/``)."""

from __future__ import annotations

from sqlalchemy.orm import Session

__all__ = ["Session"]
