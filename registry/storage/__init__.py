"""The registry's storage: accounts' packages, versions and downloads, on SQLite or PostgreSQL, and blobs."""
