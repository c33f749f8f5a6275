"""Pictures: how the user's memory grew, how often recall found something, how each rule worked out over its
uses, and how often each skill was activated and rated. Each picture has its numbers in a table beside it.

Skills are shared by everyone on a server, and so are their activation and feedback counts (the
``skill_stats`` tool shows them to any caller); everything else here is the user's own.
"""

from __future__ import annotations

from itertools import accumulate
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from servers.suite.dashboard import charts
from servers.suite.dashboard.charts import Bar
from servers.suite.dashboard.context import Dashboard, in_thread
from servers.suite.dashboard.render import render

GROWTH_DAYS = 60
RECALL_DAYS = 30
ROWS_SHOWN = 15


def _growth(memory: Any, user: str) -> dict[str, Any] | None:
    days = memory.written_per_day(user)
    if not days:
        return None
    totals = list(accumulate(n for _, n in days))
    shown = list(zip([d for d, _ in days], totals, strict=True))[-GROWTH_DAYS:]
    bars = [Bar(day, total) for day, total in shown]
    desc = (
        f"Memories kept, counted at the end of each day you wrote some: {shown[0][1]} on {shown[0][0]},"
        f" {shown[-1][1]} on {shown[-1][0]}."
    )
    return {
        "svg": charts.columns("How your memory grew", desc, bars),
        "head": ("Day", "Memories kept"),
        "rows": [(d, t) for d, t in reversed(shown)],
    }


def _recalls(memory: Any, user: str) -> dict[str, Any] | None:
    days = memory.recalls_per_day(user)[-RECALL_DAYS:]
    if not days:
        return None
    recalls, found = sum(r for _, r, _ in days), sum(f for _, _, f in days)
    desc = f"Over {len(days)} days with recalls: {recalls} recalls, {found} of them found something."
    bars = [Bar(day, r, f) for day, r, f in days]
    return {
        "svg": charts.columns("Recall over time", desc, bars, legend=("recalls", "found something")),
        "head": ("Day", "Recalls", "Found something"),
        "rows": [(d, r, f) for d, r, f in reversed(days)],
    }


def _rules(reflection: Any, user: str) -> dict[str, Any] | None:
    used = sorted((r for r in reflection.rules.all(user, None) if r.uses), key=lambda r: -r.uses)[:ROWS_SHOWN]
    if not used:
        return None
    bars = [
        Bar(r.text, r.successes / r.uses, note=f"{r.successes}/{r.uses} · {100 * r.successes // r.uses}%") for r in used
    ]
    best = max(used, key=lambda r: r.successes / r.uses)
    desc = (
        f"Success rate of your {len(used)} most used rules, each over its uses. Best: {best.text[:80]}"
        f" ({best.successes} of {best.uses})."
    )
    return {
        "svg": charts.rows("How your rules worked out", desc, bars, scale=1.0),
        "head": ("Rule", "Uses", "Worked", "Success rate"),
        "rows": [(r.text, r.uses, r.successes, f"{100 * r.successes // r.uses}%") for r in used],
    }


def _skills(skills: Any) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    stats = skills.learning.stats().skills
    active = sorted((s for s in stats if s.total_activations), key=lambda s: -s.total_activations)[:ROWS_SHOWN]
    rated = sorted(
        (s for s in stats if s.helpful + s.partially_helpful + s.not_helpful),
        key=lambda s: -(s.helpful + s.partially_helpful + s.not_helpful),
    )[:ROWS_SHOWN]
    activations = None
    if active:
        bars = [Bar(s.name, s.total_activations, note=_times(s.total_activations)) for s in active]
        top = active[0]
        desc = f"How often each of {len(active)} skills was activated; most: {top.name}, {top.total_activations} times."
        activations = {
            "svg": charts.rows("Skill activations", desc, bars),
            "head": ("Skill", "Activations", "Automatic", "Asked for", "In a chain"),
            "rows": [
                (s.name, s.total_activations, s.auto_activations, s.manual_activations, s.chain_activations)
                for s in active
            ],
        }
    feedback = None
    if rated:
        bars = []
        for s in rated:
            total = s.helpful + s.partially_helpful + s.not_helpful
            bars.append(Bar(s.name, s.helpful / total, note=f"{s.helpful}/{total} helpful"))
        desc = f"The share of ratings that said helpful, for {len(rated)} rated skills."
        feedback = {
            "svg": charts.rows("Feedback per skill", desc, bars, scale=1.0),
            "head": ("Skill", "Helpful", "Partly helpful", "Not helpful"),
            "rows": [(s.name, s.helpful, s.partially_helpful, s.not_helpful) for s in rated],
        }
    return activations, feedback


def _times(n: int) -> str:
    return f"{n} time" if n == 1 else f"{n} times"


def routes(dash: Dashboard) -> list[Route]:
    async def pictures(request: Request) -> Response:
        session = dash.needs(request, "")
        services, user = dash.services, session.user

        def gather() -> list[tuple[str, str, dict[str, Any] | None, str]]:
            shown: list[tuple[str, str, dict[str, Any] | None, str]] = []
            if services.memory is not None and session.may("memory:read"):
                shown.append(("growth", "Memory growth", _growth(services.memory, user), "No memories yet."))
                shown.append(("recall", "Recall hits", _recalls(services.memory, user), "No recalls yet."))
            if services.reflection is not None and session.may("reflection:read"):
                rules = _rules(services.reflection, user)
                shown.append(("rules", "Rule outcomes", rules, "No rule has been used yet."))
            if services.skills is not None:
                activations, feedback = _skills(services.skills)
                shown.append(("skills", "Skill activations", activations, "No skill has been activated yet."))
                shown.append(("feedback", "Skill feedback", feedback, "No skill has been rated yet."))
            return shown

        return render(dash, request, "pictures.html", pictures=await in_thread(gather))

    return [Route("/pictures", pictures, methods=["GET"])]
