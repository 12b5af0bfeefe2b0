"""The store: SQLAlchemy models, the database with its write lock and workers, the
migrations, and the queries services call (SQL lives here and only here)."""
