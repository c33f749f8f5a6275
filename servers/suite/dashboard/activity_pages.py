"""Activity: the user's recent events (captures, reflections, rule changes, skill activations), their jobs
with next run and last runs, runs waiting for approval, and notifications not yet acknowledged."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from servers.core.event_views import recent_events
from servers.suite.dashboard.context import Dashboard, in_thread
from servers.suite.dashboard.render import render

EVENTS_SHOWN = 50
JOBS_SHOWN = 50
RUNS_PER_JOB = 3


def routes(dash: Dashboard) -> list[Route]:
    def jobs_of(user: str) -> tuple[list[dict[str, Any]], list[Any]]:
        scheduler = dash.services.scheduler
        if scheduler is None:
            return [], []
        jobs = []
        for job in scheduler.jobs(user, limit=JOBS_SHOWN):
            runs = scheduler.runs(job.id, user, limit=RUNS_PER_JOB).runs
            waiting = scheduler.runs(job.id, user, limit=10, status="pending_approval").runs
            jobs.append({"job": job, "runs": runs, "waiting": waiting})
        return jobs, scheduler.notifications(user, "pending")

    async def activity(request: Request) -> Response:
        session = dash.needs(request, "")
        services = dash.services
        bus = next((s.bus for s in (services.memory, services.reflection) if s is not None), None)
        # Events are everyone's in the outbox; a user is shown their own only, as a token holder is.
        events = await in_thread(recent_events, bus, session.user, EVENTS_SHOWN) if bus is not None else []
        can_see_jobs = session.may("scheduler:read")
        jobs, notifications = await in_thread(jobs_of, session.user) if can_see_jobs else ([], [])
        return render(
            dash,
            request,
            "activity.html",
            events=list(reversed(events)),
            jobs=jobs,
            notifications=notifications,
            has_scheduler=services.scheduler is not None and can_see_jobs,
        )

    return [Route("/activity", activity, methods=["GET"])]
