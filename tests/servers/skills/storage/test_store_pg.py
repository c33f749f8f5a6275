"""The skills server's database on PostgreSQL, shared by several instances: feedback, usage, adoption, feedback
asks, disabled skills and suggestions written through one instance are seen by the others, and counters and
"once" checks hold when instances write at the same moment."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from servers.skills.models import Suggestion
from servers.skills.service import SkillsService
from tests.servers.skills.conftest import write_skill

BACKENDS = ("postgresql",)  # the shared-database behaviour; the service's other tests run on both (see conftest)

BODY = "# deploying\n\nRun `make deploy-prod` then check `kubectl rollout status`.\n"
REPLY = "Run make deploy-prod, then kubectl rollout status."


def _together(n: int, work: Callable[[int], object]) -> list[object]:
    """Run ``work(i)`` for i in 0..n-1 on n threads started together; the results in order."""
    results: list[object] = [None] * n
    start = threading.Barrier(n)

    def run(i: int) -> None:
        start.wait()
        results[i] = work(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_two_instances_share_what_they_learn(
    make_service: Callable[..., SkillsService], roots: dict[str, Path]
) -> None:
    write_skill(roots["project"], "deploying", body=BODY, triggers={"intent_patterns": ["deploy"]})
    a, b = make_service(), make_service()

    a.activate("deploying", session_id="s1")
    a.learning.feedback("deploying", "helpful", "worked", "s1")
    [stats] = b.learning.stats("deploying").skills
    assert (stats.total_activations, stats.helpful) == (1, 1)

    # B reports on A's activation (no second activation), and asks for feedback; A does not ask again.
    due = b.learning.report_usage("deploying", "s1", REPLY, ["ok", "works now"])
    assert due.adopted and due.feedback_request is not None
    again = a.learning.report_usage("deploying", "s1", REPLY, ["ok", "works now", "thanks"])
    assert again.feedback_request is None
    [stats] = a.learning.stats("deploying").skills
    assert stats.total_activations == 1 and stats.adoption_rate == 1.0
    assert b.store.session("s1").messages == 2  # one message counted by each report

    a.set_enabled("deploying", "all", False)
    assert "deploying" not in b.library().skills  # reload_check_s is 0 in these tests
    b.set_enabled("deploying", "all", True)
    assert "deploying" in a.library().skills


def test_counters_and_once_checks_hold_under_concurrent_instances(
    make_service: Callable[..., SkillsService],
) -> None:
    services = [make_service(), make_service()]
    per_thread, threads = 25, 6

    def bump(i: int) -> list[int]:
        return [services[i % 2].store.bump_messages("shared") for _ in range(per_thread)]

    totals = [t for seen in _together(threads, bump) for t in seen]  # type: ignore[union-attr]
    assert sorted(totals) == list(range(1, per_thread * threads + 1))  # each bump saw its own total

    asked = _together(8, lambda i: services[i % 2].store.ask_feedback_once("s-once", "deploying"))
    assert asked.count(True) == 1

    ids = _together(8, lambda i: services[i % 2].store.record_usage("deploying", "s-ids", "auto"))
    assert len(set(ids)) == 8


def test_the_same_pending_suggestion_is_stored_once(make_service: Callable[..., SkillsService]) -> None:
    services = [make_service(), make_service()]

    def suggest(i: int) -> str:
        made = Suggestion(
            id=f"sugg{i}",
            skill="deploying",
            type="trigger_update",
            current="intent_patterns: []",
            suggested="intent_patterns: [deploy]",
            reason="missed twice",
            confidence=0.8,
        )
        return services[i % 2].store.add_suggestion(made).id

    kept = _together(8, suggest)
    assert len(set(kept)) == 1
    [stored] = services[1].store.suggestions("deploying")
    assert stored.id == kept[0]
    # Settling it is a compare-and-set: of two instances applying it, one wins.
    settled = _together(2, lambda i: services[i].store.set_suggestion_status(stored.id, "applied"))
    assert sorted(settled) == [False, True]  # type: ignore[type-var]


def test_feedback_through_one_instance_moves_match_scores_on_another(
    make_service: Callable[..., SkillsService], roots: dict[str, Path]
) -> None:
    write_skill(roots["project"], "deploying", body=BODY, triggers={"intent_patterns": ["deploy"]})
    a, b = make_service(), make_service()
    assert b.learning.multipliers() == {}  # b caches "no multipliers" before anyone rates
    for i in range(5):
        a.activate("deploying", session_id=f"s{i}")
        a.learning.feedback("deploying", "helpful", None, f"s{i}")
    assert a.learning.multipliers() == {"deploying": 1.2}
    assert b.learning.multipliers() == {"deploying": 1.2}  # reload_check_s is 0 in these tests
