"""The suite's storage work across components: ``cairn data copy`` moves and verifies every component's tables
from SQLite to PostgreSQL (:mod:`.data_copy`, memory's entries and vectors in :mod:`.data_copy_memory`)."""
