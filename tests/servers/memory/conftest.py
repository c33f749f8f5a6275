"""Fixtures shared by the memory tests."""

from __future__ import annotations

import pytest

from servers.suite.settings import CairnSettings


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, settings: CairnSettings) -> CairnSettings:
    """The test's settings on each engine: the SQLite home as is, or a fresh PostgreSQL database."""
    if request.param == "postgresql":
        return settings.model_copy(update={"database_url": request.getfixturevalue("postgres_url")})
    return settings
