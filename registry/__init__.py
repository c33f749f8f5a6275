"""The skills marketplace: a Starlette website and JSON API over one store (DESIGN §9).

| module            | what it holds                                                       |
|-------------------|---------------------------------------------------------------------|
| ``app``           | ``create_app(settings)``: website + ``/api/v1`` + ``/openapi.json``  |
| ``store``         | skills, immutable versions, artifacts by sha256                     |
| ``accounts``      | API tokens, organisations, ratings, org skill settings              |
| ``archive``       | reading untrusted archives (zip-slip, links, bombs, limits)         |
| ``publish``       | the publish checks: lint, semver, ownership                         |
| ``search``        | exact name, fuzzy, keyword (FTS5), semantic; popularity breaks ties |
| ``marketplace``   | mirrorable index and the Claude Code plugin-marketplace export      |

This package is imported by ``servers.core.settings`` (for ``RegistrySettings``), so it imports
nothing heavy at package level.
"""
