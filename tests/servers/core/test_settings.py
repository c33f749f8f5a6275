from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from servers.core.embedding import create_embedder
from servers.core.settings import CoreSettings, MemorySettings
from servers.memory.service import MemoryService
from servers.suite.settings import CairnSettings


def test_environment_with_prefix_and_nested_delimiter(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CAIRN_HOME", str(tmp_path / "h"))
    monkeypatch.setenv("CAIRN_PORT", "9911")
    monkeypatch.setenv("CAIRN_MEMORY__SEMANTIC_TIMEOUT_MS", "350")
    monkeypatch.setenv("CAIRN_MEMORY__RETENTION_DAYS", '{"note": 10}')
    settings = CairnSettings()
    assert settings.home == tmp_path / "h"
    assert settings.port == 9911
    assert settings.memory.semantic_timeout_ms == 350
    assert settings.memory.retention_days == {"note": 10}


def test_bad_embedder_is_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CAIRN_EMBEDDER", "word2vec")
    with pytest.raises(ValidationError, match="litellm:<model>"):
        CairnSettings()


def test_data_dir_is_created_under_home(tmp_path: Path) -> None:
    settings = CairnSettings(home=tmp_path / "x")
    assert settings.data_dir("memory").is_dir()


def test_database_url_and_pool_settings_live_side_by_side(monkeypatch: pytest.MonkeyPatch) -> None:
    # CAIRN_DATABASE_URL (one underscore) is a field of its own; CAIRN_DATABASE__… fills the nested group.
    monkeypatch.setenv("CAIRN_DATABASE_URL", "postgresql://cairn@db.example/cairn")
    monkeypatch.setenv("CAIRN_DATABASE__POOL_MAX", "3")
    monkeypatch.setenv("CAIRN_DATABASE__POOL_MIN", "0")
    monkeypatch.setenv("CAIRN_DATABASE__CONNECT_TIMEOUT_S", "1.5")
    monkeypatch.setenv("CAIRN_DATABASE__STATEMENT_TIMEOUT_MS", "250")
    settings = CairnSettings()
    assert settings.database_url == "postgresql://cairn@db.example/cairn"
    assert (settings.database.pool_min, settings.database.pool_max) == (0, 3)
    assert settings.database.connect_timeout_s == 1.5
    assert settings.database.statement_timeout_ms == 250


def test_pool_settings_default_and_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    defaults = CairnSettings().database
    assert (defaults.pool_min, defaults.pool_max, defaults.statement_timeout_ms) == (1, 8, 30_000)
    monkeypatch.setenv("CAIRN_DATABASE__POOL_MIN", "9")
    with pytest.raises(ValidationError, match=r"POOL_MIN.*above.*POOL_MAX"):
        CairnSettings()


def test_memory_settings_ignore_unprefixed_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    # Memory's section is read only as CAIRN_MEMORY__<FIELD>: bare names another program may set change nothing.
    monkeypatch.setenv("RRF_K", "7")
    monkeypatch.setenv("CANDIDATE_POOL", "9")
    for memory in (MemorySettings(), CoreSettings().memory, CairnSettings().memory):
        assert (memory.rrf_k, memory.candidate_pool) == (60, 50)


def test_memory_settings_come_from_their_section(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RRF_K", "3")
    monkeypatch.setenv("CAIRN_MEMORY__RRF_K", "7")
    monkeypatch.setenv("CAIRN_MEMORY__CANDIDATE_POOL", "9")
    settings = CairnSettings(home=tmp_path)
    assert (settings.memory.rrf_k, settings.memory.candidate_pool) == (7, 9)
    service = MemoryService(settings, embedder=create_embedder("none"))
    try:
        assert service.fusion.k == 7
        assert service.config.candidate_pool == 9
    finally:
        service.close()
