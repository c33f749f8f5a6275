"""Maintenance: retention, merges, daily summaries, MEMORY.md promotion and human edits."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from servers.memory.extract import Message, ToolCall
from servers.memory.lifecycle import Lifecycle
from servers.memory.models import MemoryInputError
from servers.memory.service import MemoryService


def _age(memory: MemoryService, entry_id: str, days: int) -> None:
    stamp = (datetime.now(UTC) - timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    memory.store.db.execute("UPDATE entries SET created_at = ?, updated_at = ? WHERE id = ?", (stamp, stamp, entry_id))


def test_retention_archives_by_type_and_ttl(memory: MemoryService) -> None:
    old_task = memory.capture_task("Rotate logs", [ToolCall(name="bash")], "done").id
    old_pref = memory.write("I prefer concise answers", type="preference").id
    short = memory.write("Wifi password for the offsite is guest-2024", ttl_days=1).id
    assert old_task
    _age(memory, old_task, 120)
    _age(memory, old_pref, 400)
    memory.store.db.execute("UPDATE entries SET expires_at = '2000-01-01T00:00:00.000000Z' WHERE id = ?", (short,))
    report = Lifecycle(memory).maintain()
    assert report.archived_expired == 2
    assert memory.get(old_task).archive_reason == "expired (retention 90 days for type task)"
    assert memory.get(short).archive_reason == "expired (ttl)"
    assert memory.get(old_pref).archived_at is None  # preferences are kept


def test_near_duplicates_merge_but_contradictions_stay(memory: MemoryService) -> None:
    a = memory.write("Run the integration tests with make itest", dedupe=False).id
    b = memory.write("Run the integration tests with `make itest`", dedupe=False).id
    dark = memory.write("The user prefers dark mode in the editor", dedupe=False).id
    light = memory.write("The user prefers light mode in the editor", dedupe=False).id
    report = Lifecycle(memory).maintain()
    assert report.merged == 1
    assert memory.get(a).seen_count == 2 and memory.get(b).archive_reason == f"merged into {a}"
    assert memory.get(dark).archived_at is None and memory.get(light).archived_at is None


def test_daily_summary_file_and_recall(memory: MemoryService) -> None:
    memory.write("Decided to ship the beta on Friday", type="decision")
    memory.capture_task("Fix flaky CI job", [ToolCall(name="gh_run"), ToolCall(name="fs_edit")], "success")
    report = Lifecycle(memory).maintain()
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    assert report.daily_summaries == [today]
    text = memory.files("default").daily(today).read_text()
    assert "entry_count: 2" in text and "Decided to ship the beta" in text
    assert "gh_run × 1" in text and "Fix flaky CI job (success)" in text
    hits = memory.recall("what happened today ship beta", filters={"layer": "daily"}).results
    assert hits and hits[0].type == "daily_summary"


def test_facts_seen_three_times_enter_memory_md(memory: MemoryService) -> None:
    for _ in range(3):
        memory.write("The user's timezone is Europe/Berlin", type="fact")
    memory.write("A one-off note about lunch")
    lifecycle = Lifecycle(memory)
    lifecycle.maintain()
    text = memory.files("default").memory_md.read_text()
    assert "- The user's timezone is Europe/Berlin" in text.split("## Facts")[1]
    assert "lunch" not in text
    # The fact is found as long-term; today's daily summary repeats it, and may rank above it when
    # the vectors match the summary better (score fusion: relevance first, the layer boost second).
    hits = memory.recall("timezone").results
    assert [h.layer for h in hits if h.content == "The user's timezone is Europe/Berlin"] == ["longterm"]
    assert {h.layer for h in hits[:2]} == {"longterm", "daily"}


def test_human_edits_to_memory_md_are_kept(memory: MemoryService) -> None:
    for _ in range(3):
        memory.write("Prefers pytest over unittest", type="preference")
        memory.write("Uses a standing desk", type="fact")
    lifecycle = Lifecycle(memory)
    lifecycle.maintain()
    path = memory.files("default").memory_md
    text = path.read_text()
    # a person removes one bullet, adds another, and writes a note of their own
    text = text.replace("- Uses a standing desk\n", "")
    text = text.replace("## Facts\n", "## Facts\nThese are mine, hands off.\n- Allergic to peanuts\n")
    text += "\n## Projects\n- Cairn is the main project\n"
    path.write_text(text)

    report = lifecycle.maintain()
    assert report.human_edits_imported == 3
    for _ in range(3):  # seen again: still not re-added, because the person removed it
        memory.write("Uses a standing desk", type="fact")
    lifecycle.maintain()
    final = path.read_text()
    assert "standing desk" not in final
    assert "- Allergic to peanuts" in final and "These are mine, hands off." in final
    assert "## Projects\n- Cairn is the main project" in final
    assert "- Prefers pytest over unittest" in final
    assert memory.recall("peanut allergy").results[0].layer == "longterm"


def test_an_edit_handed_to_sync_longterm_is_read_as_a_persons_file_edit(memory: MemoryService) -> None:
    for _ in range(3):
        memory.write("Uses a standing desk", type="fact")
    lifecycle = Lifecycle(memory)
    lifecycle.maintain()
    text = memory.files("default").memory_md.read_text()
    edited = text.replace("- Uses a standing desk\n", "").replace(
        "## Facts\n", "## Facts\nMine.\n- Allergic to peanuts\n"
    )
    imported, facts = lifecycle.sync_longterm("default", edited)
    assert (imported, facts) == (2, 1)
    final = memory.files("default").memory_md.read_text()
    assert "standing desk" not in final and "Mine.\n- Allergic to peanuts" in final
    with pytest.raises(MemoryInputError, match="at most"):
        lifecycle.sync_longterm("default", "x" * 100_001)
    assert memory.files("default").memory_md.read_text() == final


def test_backfill_embeds_entries_written_without_vectors(settings, embedder) -> None:  # type: ignore[no-untyped-def]
    from servers.core.embedding import create_embedder

    offline = MemoryService(settings, embedder=create_embedder("none"))
    entry_id = offline.write("Written while the model was unavailable").id
    offline.close()
    online = MemoryService(settings, embedder=embedder)
    assert Lifecycle(online).maintain().vectors_backfilled >= 1
    assert online.get(entry_id).embedding_model == embedder.name
    online.close()


def test_instances_sharing_postgresql_keep_their_own_memory_md(settings, embedder, postgres_url, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Two instances, one database, a MEMORY.md on each disk: an instance's older copy is not a person's edit."""
    from servers.core.events import EventBus

    services = [
        MemoryService(
            settings.model_copy(update={"home": tmp_path / name, "database_url": postgres_url}),
            embedder=embedder,
            bus=EventBus(),
        )
        for name in ("a", "b")
    ]
    a, b = services
    try:
        for _ in range(3):
            a.write("The deploy window is Tuesday morning", type="fact")
        Lifecycle(b).maintain()  # b's file now has the first fact
        for _ in range(3):
            a.write("Staging runs on the blue cluster", type="fact")
        Lifecycle(a).maintain()  # a's file has both; b's copy is older
        Lifecycle(b).maintain()
        for service in services:
            text = service.files("default").memory_md.read_text()
            assert "- The deploy window is Tuesday morning" in text and "- Staging runs on the blue cluster" in text
        assert b.recall("blue cluster staging").results[0].layer == "longterm"

        # A person's edit on one machine still counts, and every instance sees it.
        path = b.files("default").memory_md
        path.write_text(path.read_text().replace("- Staging runs on the blue cluster\n", ""))
        assert Lifecycle(b).maintain().human_edits_imported == 1
        Lifecycle(a).maintain()
        assert "blue cluster" not in a.files("default").memory_md.read_text()
    finally:
        for service in services:
            service.close()


def _session(prompt: str) -> list[Message]:
    """A Claude Code transcript as the PreCompact hook reads it: the prompt, bare tool calls, their output."""
    status = (
        "On branch main\nYour branch is up to date with 'origin/main'.\n"
        + "nothing to commit, working tree clean\n" * 6
    )
    return [
        Message(role="user", content=prompt),
        Message(role="assistant", tool_calls=[ToolCall(name="Bash", arguments={"command": "git push"})]),
        Message(role="tool", name="Bash", content="Everything up-to-date"),
        Message(role="assistant", tool_calls=[ToolCall(name="Bash", arguments={"command": "git status"})]),
        Message(role="tool", name="Bash", content=status),
        Message(role="assistant", tool_calls=[ToolCall(name="Bash", arguments={"command": "alembic upgrade head"})]),
    ]


def test_tool_calls_and_output_flushed_in_every_session_never_enter_memory_md(memory: MemoryService) -> None:
    for n in range(3):
        memory.flush(_session("Push the branch and run the migrations."), f"session-{n}")
    assert memory.wait_for_vectors()
    Lifecycle(memory).maintain()
    text = memory.files("default").memory_md.read_text()
    assert "Called" not in text and "alembic" not in text and "Bash" not in text
    live = [entry for _, entry in memory.store.live_entries("default", "type = 'auto_flush'")]
    assert not [e for e in live if e.content.startswith("Called")]
    (status,) = [e for e in live if e.content.startswith("Bash result")]
    assert status.seen_count == 3  # kept for recall, counted, and still not a fact


# Three sessions, three wordings of one wish: each one the flush recognises as a preference.
RESTATED = [
    "Please use pytest fixtures, not setUp.",
    "Please don't write unittest-style classes, fixtures please.",
    "Again: I prefer fixtures over setUp/tearDown.",
]


def test_a_preference_restated_in_three_sessions_enters_memory_md(memory: MemoryService) -> None:
    for n, prompt in enumerate(RESTATED):
        assert memory.flush(_session(prompt), f"session-{n}").considered == 2  # the preference and git status
        assert memory.wait_for_vectors()
    memory.write("Please use unittest setUp methods, not pytest fixtures.", type="preference", dedupe=False)
    Lifecycle(memory).maintain()
    text = memory.files("default").memory_md.read_text()
    preferences = text.split("## User Preferences")[1].split("##")[0]
    assert "- Please use pytest fixtures, not setUp." in preferences
    assert "unittest-style" not in text and "Again" not in text and "unittest setUp" not in text
    (kept,) = [e for _, e in memory.store.live_entries("default", "type = 'preference'") if e.content in RESTATED]
    assert kept.content == RESTATED[0] and kept.seen_count == 3
    hits = memory.recall("pytest fixtures instead of setUp", limit=5).results
    assert [h.content for h in hits if h.content in RESTATED] == [RESTATED[0]]  # one recall slot, not three


def test_a_preference_seen_in_two_sessions_enters_memory_md_and_a_fact_needs_three(memory: MemoryService) -> None:
    """A user who states a wish again in another session means it to last; a fact needs more witnesses."""
    for session in ("s1", "s2"):
        memory.write("Every new PHP file starts with declare(strict_types=1).", type="preference", session_id=session)
        memory.write("The staging database is restored every Monday.", type="fact", session_id=session)
    for _ in range(2):  # twice in one session is one sighting
        memory.write("Commit subjects start with the role name.", type="preference", session_id="s3")
    Lifecycle(memory).maintain()
    text = memory.files("default").memory_md.read_text()
    preferences = text.split("## User Preferences")[1].split("##")[0]
    assert "- Every new PHP file starts with declare(strict_types=1)." in preferences
    assert "staging database" not in text and "role name" not in text

    memory.config = memory.config.model_copy(update={"longterm_min_seen_preference": 3})
    memory.write("Tests go in @testitem blocks.", type="preference", session_id="s1")
    memory.write("Tests go in @testitem blocks.", type="preference", session_id="s2")
    Lifecycle(memory).maintain()
    assert "@testitem" not in memory.files("default").memory_md.read_text()


def test_maintenance_merges_rewordings_of_a_preference_but_not_its_opposite(memory: MemoryService) -> None:
    first = memory.write("Always use uv instead of pip.", type="preference", dedupe=False).id
    again = memory.write("Please use uv for installing packages, not pip.", type="preference", dedupe=False).id
    other = memory.write("Use pip, not uv, for installing packages.", type="preference", dedupe=False).id
    note = memory.write("We install packages with uv, not pip.", dedupe=False).id  # a note keeps the general bar
    report = Lifecycle(memory).maintain()
    assert report.merged == 1
    assert memory.get(again).archive_reason == f"merged into {first}" and memory.get(first).seen_count == 2
    assert memory.get(other).archived_at is None and memory.get(note).archived_at is None
