"""The store's session and connection types, named here so services can hand the
session of ``Database.read()`` / ``Database.write()`` (or the connection of
``Database.write_connection()``) to a repository without importing SQLAlchemy
themselves (issue 31: SQL only in ``storage/``)."""

from __future__ import annotations

from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

__all__ = ["Connection", "Session"]
