"""Where the web app's state lives outside the process: the SQL store (SQLite or PostgreSQL), its
repositories (every SQL statement), its Alembic migrations, stored hands read back for replays, and
the table leases processes share through Redis."""
