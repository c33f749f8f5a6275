"""SQLite access through apsw (WAL, busy timeout, FTS5, sqlite-vec) with forward-only migrations."""

from servers.core.storage.database import Database, StorageError
from servers.core.storage.migrations import Migration, migrate

__all__ = ["Database", "Migration", "StorageError", "migrate"]
