"""Where `serve all` keeps its first answers: one file per code, settings and nodehost policy, and within it
one answer per request as the host phrased it."""

from __future__ import annotations

from pathlib import Path

import pytest

from servers.suite import kept_answers, tool_cache
from servers.suite.kept_answers import answers_file, request_key
from servers.suite.settings import CairnSettings

LEGACY = "2025-11-25"
CLIENT = {"clientInfo": {"name": "claude-code", "version": "2"}, "capabilities": {}, "protocolVersion": LEGACY}


def test_the_home_is_no_part_of_the_file_but_the_settings_and_the_target_are(tmp_path: Path) -> None:
    base = CairnSettings(home=tmp_path / "a")
    assert len({answers_file(base, target, tmp_path) for target in ("all", "memory", "skills")}) == 3
    assert answers_file(CairnSettings(home=tmp_path / "b"), "all", tmp_path) == answers_file(base, "all", tmp_path)
    assert answers_file(CairnSettings(home=tmp_path / "a", list_page_size=7), "all", tmp_path) != answers_file(
        base, "all", tmp_path
    )
    assert answers_file(base.model_copy(update={"llm_model": "openai/x"}), "all", tmp_path) != answers_file(
        base, "all", tmp_path
    )


def test_the_nodehost_policy_names_another_file(tmp_path: Path) -> None:
    # The policy hides the tools a client's profile denies: the same settings with another policy list otherwise.
    settings = CairnSettings(home=tmp_path / "home")
    without = answers_file(settings, "all", tmp_path)
    policy = kept_answers.policy_file(settings)
    policy.parent.mkdir(parents=True)
    policy.write_text("profiles: []\n")
    with_one = answers_file(settings, "all", tmp_path)
    policy.write_text("profiles: [{name: default}]\n")
    assert len({without, with_one, answers_file(settings, "all", tmp_path)}) == 3

    elsewhere = tmp_path / "policy.yaml"
    elsewhere.write_text("profiles: []\n")
    configured = CairnSettings(home=tmp_path / "home", nodehost={"policy_file": elsewhere})
    assert kept_answers.policy_file(configured) == elsewhere
    before = answers_file(configured, "all", tmp_path)
    elsewhere.write_text("profiles: [{name: default}]\n")
    assert answers_file(configured, "all", tmp_path) != before  # read where the setting points


def test_a_changed_source_file_names_another_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "servers"
    package.mkdir()
    (package / "module.py").write_text("X = 1\n")
    monkeypatch.setattr(tool_cache, "source_roots", lambda: [package])
    monkeypatch.setattr(tool_cache, "_keys", {})  # the key is computed once per process: start afresh
    settings = CairnSettings(home=tmp_path / "home")
    before = answers_file(settings, "all", tmp_path)

    (package / "module.py").write_text("X = 2\n")
    monkeypatch.setattr(tool_cache, "_keys", {})
    assert answers_file(settings, "all", tmp_path) != before


def test_a_request_is_kept_by_what_can_change_its_answer() -> None:
    key = request_key("tools/list", {}, LEGACY, CLIENT)
    assert request_key("tools/list", None, LEGACY, CLIENT) == key
    assert request_key("tools/list", {"_meta": {"progressToken": 7}}, LEGACY, CLIENT) == key  # names the request only
    other_client = {**CLIENT, "clientInfo": {"name": "other", "version": "2"}}
    modern = {"_meta": {"io.modelcontextprotocol/clientInfo": {"name": "x"}}}
    keys = {
        key,
        request_key("tools/list", {"cursor": "abc"}, LEGACY, CLIENT),
        request_key("resources/list", {}, LEGACY, CLIENT),
        request_key("tools/list", {}, "2025-06-18", CLIENT),
        request_key("tools/list", {}, LEGACY, other_client),  # a profile may hide tools from a client
        request_key("tools/list", modern, LEGACY, CLIENT),
    }
    assert len(keys) == 6
