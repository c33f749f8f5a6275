"""Experience reuse on developer tasks: scoring tells experiences apart by what the tasks are about.

The labelled set is in :mod:`developer_tasks`: 18 stored runs, 14 later requests and, for each, the
stored runs that would really help. Scoring the old way (task type + entity types, 0.5 for the
signature alone) put 29 unrelated pairs at reference level or above and the right run first for 4 of 11.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from servers.reflection.experience import command_heads, task_type, text_terms
from servers.reflection.models import Experience
from servers.reflection.service import ReflectionService
from tests.servers.reflection.developer_tasks import ASKED, STORED, stored_report

REFERENCE = 0.5


@pytest.fixture
def stored(svc: ReflectionService) -> dict[str, str]:
    """Every stored task captured as a success; experience id → key in the labelled set."""
    ids: dict[str, str] = {}
    for i, key in enumerate(STORED):
        with svc.store.writing("u"):
            exp = svc.experiences.capture("u", stored_report(key, as_hook_text=i % 2 == 1), True)
        assert exp is not None
        ids[exp.id] = key
    return ids


def _scores(svc: ReflectionService, ids: dict[str, str], query: str) -> dict[str, float]:
    now = datetime.now(UTC)
    return {ids[e.id]: sum(svc.experiences.score(query, e, now).values()) for e in svc.experiences.all("u")}


def test_each_stored_task_is_its_own_experience_with_its_request_and_commands(
    svc: ReflectionService, stored: dict[str, str]
) -> None:
    assert len(stored) == len(STORED)
    by_key = {stored[e.id]: e for e in svc.experiences.all("u")}
    release = by_key["release"]
    assert release.task == STORED["release"][0]
    assert [c for s in release.steps for c in s.get("commands", [])] == ["git commit", "git tag", "git push"]
    # Hook traces keep arguments as JSON text: the commands are read from it all the same.
    alembic = by_key["alembic-zh"]  # captured from hook text (odd position in the set)
    assert [c for s in alembic.steps for c in s.get("commands", [])] == ["alembic revision", "alembic upgrade"]
    pushed = by_key["push-rejected"]  # the failed push is not a step of the successful pattern
    assert [c for s in pushed.steps for c in s.get("commands", [])] == ["git pull", "git push"]


def test_unrelated_tasks_stay_below_the_reference_bar(svc: ReflectionService, stored: dict[str, str]) -> None:
    same_type = 0
    for query, helpful in ASKED.items():
        for key, score in _scores(svc, stored, query).items():
            if key in helpful:
                continue
            same_type += task_type(query) == task_type(STORED[key][0])
            assert score < REFERENCE, (query, key, score)
    assert same_type >= 80  # most of the pairs are of the same coarse type, which used to be enough


def test_the_best_scored_experience_is_one_that_helps(svc: ReflectionService, stored: dict[str, str]) -> None:
    for query, helpful in ASKED.items():
        if helpful:
            scores = _scores(svc, stored, query)
            assert max(scores, key=lambda k: scores[k]) in helpful, query


def test_most_helpful_experiences_are_offered_and_none_when_none_helps(
    svc: ReflectionService, stored: dict[str, str]
) -> None:
    offered = 0
    for query, helpful in ASKED.items():
        found = svc.experiences.find("u", query, limit=3)
        if not helpful:
            assert found.advice == "plan_from_scratch", query
            continue
        if found.matches:
            assert stored[found.matches[0].experience.id] in helpful, query
            assert all(stored[m.experience.id] in helpful for m in found.matches), query
            offered += 1
    assert offered >= 8  # of 11; the rest share too little wording to pass the reference bar


def test_a_repeat_of_a_request_is_reused_once_admitted(svc: ReflectionService, stored: dict[str, str]) -> None:
    [exp_id] = [i for i, key in stored.items() if key == "push-rejected"]
    assert svc.experiences.find("u", "git push was rejected").advice == "reference"  # a candidate, looked up
    for _ in range(2):
        svc.experiences.record_use("u", exp_id, True, None)
    found = svc.experiences.find("u", "git push was rejected")
    assert found.advice == "reuse" and found.matches[0].experience.id == exp_id
    assert {"err:rejected", "cmd:git push"} <= set(found.matches[0].shared)
    # The release also ran `git push`, but a rejected push is not a release.
    assert all(stored[m.experience.id] == "push-rejected" for m in found.matches)


def test_experiences_stored_before_the_request_was_kept_are_scored_from_their_keywords(
    svc: ReflectionService, stored: dict[str, str]
) -> None:
    [new] = [e for e in svc.experiences.all("u") if stored[e.id] == "merge-conflict"]
    doc = new.model_dump(exclude={"task"})
    doc["steps"] = [{"tool": s["tool"], "arguments": s["arguments"]} for s in doc["steps"]]  # no commands then
    old = Experience.model_validate(doc)
    assert old.task == ""
    now = datetime.now(UTC)
    query = "resolve the merge conflict in app/config.py after rebasing on main"
    assert sum(svc.experiences.score(query, old, now).values()) >= REFERENCE
    assert sum(svc.experiences.score("bump the version and tag the release", old, now).values()) < REFERENCE


def test_text_terms_find_what_code_tasks_are_about() -> None:
    terms = text_terms("修复order_service.go里的空指针")
    assert {"file:order_service.go", "shape:*_service.go", "err:null-pointer", "w:order"} <= set(terms)
    assert terms["file:order_service.go"].alone < terms["file:order_service.go"].weight  # a sibling file is no veto
    assert {"cmd:git push", "prog:git", "err:rejected"} <= set(text_terms("git push was rejected"))
    assert {"err:modulenotfounderror", "err:module-not-found"} <= set(
        text_terms("ModuleNotFoundError: No module named 'app'")
    )
    assert {"id:get_user", "id:fetchuser", "id:app.services.users", "w:user"} <= set(
        text_terms("rename `get_user` to fetchUser in app.services.users")
    )
    assert "w:cache" in text_terms("加一个缓存") and "w:route" in text_terms("add a /health endpoint")
    assert "prog:go" not in text_terms("go to the docs") and "cmd:go test" in text_terms("the go test run fails")


@pytest.mark.parametrize(
    ("command", "heads"),
    [
        ("cd app && alembic upgrade head", ["alembic upgrade"]),
        ("git add -A && git commit -m 'x' && git push origin main", ["git add", "git commit", "git push"]),
        ("uv run pytest -q tests/test_orders.py | tail -5", ["pytest"]),
        ("git status && git diff", []),
    ],
)
def test_command_heads_leave_out_looking_around(command: str, heads: list[str]) -> None:
    assert command_heads("Bash", {"command": command}) == heads
    assert command_heads("Read", {"file_path": "app/main.py"}) == []
