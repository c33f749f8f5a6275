"""Activity: the user's recent events (captures, reflections, rule changes, skill activations), their jobs
with next run and last runs, runs waiting for approval, and notifications not yet acknowledged.

Approving or rejecting a run, acknowledging a notification and pausing or resuming a job are the scheduler
service's own methods, the ones ``run_approve``, ``run_reject``, ``notification_ack``, ``job_pause`` and
``job_resume`` call."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from servers.core.event_views import recent_events
from servers.scheduler.models import NotFound, SchedulerInputError
from servers.suite.dashboard.context import PREFIX, Dashboard, DashboardError, in_thread
from servers.suite.dashboard.render import render

EVENTS_SHOWN = 50
JOBS_SHOWN = 50
RUNS_PER_JOB = 3
DONE = {
    "approved": "Approved: the run goes ahead.",
    "rejected": "Rejected: the run will not happen.",
    "acked": "Acknowledged.",
    "paused": "Paused: no runs until you resume it.",
    "resumed": "Resumed: the schedule continues from now.",
}


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
            can_change=session.may("scheduler:write"),
            done=DONE.get(request.query_params.get("done", "")),
        )

    def change(act: Callable[[Any, str, str, dict[str, str]], Any], done: str) -> Callable[[Request], Any]:
        async def handler(request: Request) -> Response:
            session, form = await dash.form(request, "scheduler:write")
            scheduler = dash.need("scheduler")
            try:
                await in_thread(act, scheduler, request.path_params["id"], session.user, form)
            except NotFound:
                # Another user's id reads exactly like one that does not exist.
                raise DashboardError(404, "not_found", "There is nothing with that id.") from None
            except SchedulerInputError as exc:
                raise DashboardError(409, "not_now", str(exc)) from None
            return RedirectResponse(f"{PREFIX}/activity?done={done}", status_code=303)

        return handler

    def reject(scheduler: Any, run_id: str, user: str, form: dict[str, str]) -> Any:
        return scheduler.reject(run_id, user, form.get("reason", "").strip()[:500] or "rejected in the dashboard")

    return [
        Route("/activity", activity, methods=["GET"]),
        Route("/activity/runs/{id}/approve", change(lambda s, i, u, _: s.approve(i, u), "approved"), methods=["POST"]),
        Route("/activity/runs/{id}/reject", change(reject, "rejected"), methods=["POST"]),
        Route("/activity/notifications/{id}/ack", change(lambda s, i, u, _: s.ack(i, u), "acked"), methods=["POST"]),
        Route("/activity/jobs/{id}/pause", change(lambda s, i, u, _: s.pause(i, u), "paused"), methods=["POST"]),
        Route("/activity/jobs/{id}/resume", change(lambda s, i, u, _: s.resume(i, u), "resumed"), methods=["POST"]),
    ]
