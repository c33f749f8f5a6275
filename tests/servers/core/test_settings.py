from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from servers.core.settings import CairnSettings


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
