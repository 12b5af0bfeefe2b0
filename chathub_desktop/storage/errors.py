"""The store's driver errors, named here for services that catch them without
importing SQLAlchemy (issue 31): ``SQLAlchemyError`` is any store failure,
``OperationalError`` one the database reported (read-only file, lost server, lock),
``IntegrityError`` a broken constraint (a unique name or period another writer took first)."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError, OperationalError, SQLAlchemyError

__all__ = ["IntegrityError", "OperationalError", "SQLAlchemyError"]
