"""A recurring task captured again and again is one memory entry but many tasks for reflection.

The same daily job fails the same way every run: memory merges the identical text into one entry
(seen_count goes up), yet each run is independent evidence, so reflection must count each capture.
"""

from __future__ import annotations

from servers.core.embedding import LazyEmbedder
from servers.core.events import EventBus
from servers.memory.extract import ToolCall
from servers.memory.service import MemoryService
from servers.reflection.service import ReflectionService
from servers.suite.settings import CairnSettings

TASK = "run the nightly export of the orders table"
CALLS = [
    ToolCall(name="db_export", arguments={"table": "orders"}, error="Timeout after 30s"),
    ToolCall(name="db_export", arguments={"table": "orders"}, error="Timeout after 30s"),
]
# The job times out, then a retry goes through: a MEDIUM-confidence strategy, promoted by three tasks.
RECOVERED = [
    ToolCall(name="db_export", arguments={"table": "orders"}, error="Timeout after 30s"),
    ToolCall(name="db_export", arguments={"table": "orders", "chunk": 1000}),
]


def _reflections(reflection: ReflectionService) -> list[dict[str, object]]:
    return reflection.store.db.query("SELECT task_id FROM reflections WHERE user_id = ?", ("default",))


def test_four_identical_failed_captures_are_four_tasks(settings: CairnSettings, embedder: LazyEmbedder) -> None:
    bus = EventBus()
    memory = MemoryService(settings, embedder=embedder, bus=bus)
    reflection = ReflectionService(settings.model_copy(update={"embedder": "none"}), bus=bus, llm=None)
    reflection.subscribe()
    try:
        results = [memory.capture_task(TASK, CALLS, "failure") for _ in range(4)]
        # Memory keeps one entry for the four runs...
        assert len({r.id for r in results}) == 1
        assert [r.merged_into is not None for r in results] == [False, True, True, True]
        assert memory.get(results[0].id).seen_count == 4
        # ...and reflection sees four tasks, the first under the entry's own id.
        task_ids = [str(row["task_id"]) for row in _reflections(reflection)]
        assert len(task_ids) == 4 and len(set(task_ids)) == 4
        assert results[0].id in task_ids
    finally:
        reflection.unsubscribe()
        memory.close()
        reflection.close()


def test_recurring_failure_is_learned_as_a_rule(settings: CairnSettings, embedder: LazyEmbedder) -> None:
    """What three independent tasks teach, four runs of one recurring job teach too."""
    bus = EventBus()
    memory = MemoryService(settings, embedder=embedder, bus=bus)
    reflection = ReflectionService(settings.model_copy(update={"embedder": "none"}), bus=bus, llm=None)
    reflection.subscribe()
    try:
        for _ in range(4):
            memory.capture_task(TASK, RECOVERED, "success")
        rules = reflection.rules.live("default")
        assert [rule.text for rule in rules] == [
            "Retry `db_export` once after a timeout or rate limit before changing approach"
        ]
        assert len(rules[0].sources) == 4  # every run's reflection is evidence for the rule
    finally:
        reflection.unsubscribe()
        memory.close()
        reflection.close()
