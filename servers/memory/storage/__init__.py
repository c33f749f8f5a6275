"""Memory's SQL beyond its two store modules: both engines' schemas and migrations (:mod:`.schema`) and
the entry rows both engines share (:mod:`.entries`).

:mod:`servers.memory.storage.store` (SQLite: FTS5, sqlite-vec, the vector change log) and
:mod:`servers.memory.storage.store_pg` (PostgreSQL: tsvector, pgvector HNSW) add what differs between engines.
"""
