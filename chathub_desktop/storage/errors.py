"""The store's driver errors, named here for services that catch them without
importing SQLAlchemy (issue 31): ``SQLAlchemyError`` is any store failure,
``OperationalError`` one the database reported (read-only file, lost server, lock)."""

from __future__ import annotations

from sqlalchemy.exc import OperationalError, SQLAlchemyError

__all__ = ["OperationalError", "SQLAlchemyError"]
