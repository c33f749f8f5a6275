"""The skills marketplace: a Starlette website and JSON API over one store.

| module            | what it holds                                                       |
|-------------------|---------------------------------------------------------------------|
| ``app``           | ``create_app(settings)``: website + ``/api/v1`` + ``/openapi.json``  |
| ``store``         | skills, immutable versions; SQLite or PostgreSQL (``open_store``)   |
| ``schema``        | the tables and migrations of both engines                           |
| ``blobs``         | archive bytes by sha256 behind ``BlobStore`` (files by default)     |
| ``accounts``      | API tokens, organisations, ratings, org skill settings              |
| ``archive``       | reading untrusted archives (zip-slip, links, bombs, limits)         |
| ``publish``       | the publish checks: lint, semver, ownership                         |
| ``search``        | exact name, fuzzy, keyword (FTS5), semantic; popularity breaks ties |
| ``tsearch``       | the keyword index on PostgreSQL (weighted ``tsvector``)             |
| ``marketplace``   | mirrorable index and the Claude Code plugin-marketplace export      |

Storage and running several instances: ``registry/README.md``.

This package is imported by ``servers.suite.settings`` (for ``RegistrySettings``), so it imports
nothing heavy at package level.
"""
