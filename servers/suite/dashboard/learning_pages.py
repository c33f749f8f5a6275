"""Learning: rules (status, sources, outcomes, versions; approve, edit, roll back, deprecate), contradictions
waiting for a decision, beliefs of the user model (restate, remove) and skill suggestions (preview, accept,
dismiss). Each change is the reflection service's own method, the one its MCP tool calls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from servers.reflection.models import NotFound, Reflection, ReflectionInputError
from servers.suite.dashboard.context import PREFIX, Dashboard, DashboardError, in_thread
from servers.suite.dashboard.render import render

P = ParamSpec("P")
T = TypeVar("T")

RULE_STATUSES = ("probation", "active", "deprecated")
RULES_PER_PAGE = 100
SOURCES_SHOWN = 10
DONE = {
    "edited": "Saved as a new version.",
    "rolled_back": "Rolled back: the old text is the newest version now.",
    "status": "Status changed.",
    "decided": "Decision recorded.",
    "restated": "Recorded as your explicit statement.",
    "removed": "Belief removed.",
    "accepted": "Skill written to your skills.",
    "dismissed": "Suggestion dismissed.",
}
# What a person's status buttons mean, in the rule book's words.
STATUS_ACTIONS = {"approve": "active", "deprecate": "deprecated", "probation": "probation"}


def routes(dash: Dashboard) -> list[Route]:
    def reflection_of(request: Request, scope: str) -> tuple[Any, str]:
        session = dash.needs(request, scope)
        return dash.need("reflection"), session.user

    async def guarded(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return await in_thread(fn, *args, **kwargs)
        except NotFound:
            # Another user's id reads exactly like one that does not exist.
            raise DashboardError(404, "not_found", "There is nothing with that id.") from None
        except ReflectionInputError as exc:
            raise DashboardError(409, "not_now", str(exc)) from None

    def back(path: str, done: str) -> Response:
        return RedirectResponse(f"{PREFIX}/learning{path}?done={done}", status_code=303)

    async def overview(request: Request) -> Response:
        svc, user = reflection_of(request, "reflection:read")
        status = request.query_params.get("status", "")
        raw = request.query_params.get("page", "1")
        page = int(raw) if raw.isdigit() and 0 < int(raw) < 10_000 else 1
        rules = await guarded(svc.rules.all, user, status if status in RULE_STATUSES else None)
        shown = rules[(page - 1) * RULES_PER_PAGE : page * RULES_PER_PAGE]
        return render(
            dash,
            request,
            "learning.html",
            rules=shown,
            total=len(rules),
            page=page,
            pages=max(1, -(-len(rules) // RULES_PER_PAGE)),
            rule_status=status if status in RULE_STATUSES else "",
            statuses=RULE_STATUSES,
            contradictions=await guarded(svc.contradictions, user, "open"),
            beliefs=(await guarded(svc.users.get, user, include_all=True)).beliefs,
            suggestions=await guarded(svc.suggestions.all, user, "open"),
            done=DONE.get(request.query_params.get("done", "")),
        )

    async def rule(request: Request) -> Response:
        svc, user = reflection_of(request, "reflection:read")
        found = await guarded(svc.rules.get, user, request.path_params["id"])
        sources = []
        for source in found.sources[:SOURCES_SHOWN]:
            earlier = await in_thread(svc.store.doc, "reflections", Reflection, id=source, user_id=user)
            sources.append(earlier or source)
        return render(
            dash,
            request,
            "rule.html",
            rule=found,
            sources=sources,
            more_sources=max(0, len(found.sources) - SOURCES_SHOWN),
            audit=await in_thread(svc.store.audit_entries, user, found.id, 50),
            done=DONE.get(request.query_params.get("done", "")),
        )

    async def rule_edit(request: Request) -> Response:
        _, form = await dash.form(request, "reflection:write")
        svc, user = reflection_of(request, "reflection:write")
        rule_id = request.path_params["id"]
        reason = form.get("reason", "").strip() or "edited in the dashboard"
        await guarded(svc.rules.edit, user, rule_id, form.get("text"), form.get("scenario"), reason[:500])
        return back(f"/rules/{rule_id}", "edited")

    async def rule_rollback(request: Request) -> Response:
        _, form = await dash.form(request, "reflection:write")
        svc, user = reflection_of(request, "reflection:write")
        rule_id = request.path_params["id"]
        version = form.get("version", "")
        if not version.isdigit():
            raise DashboardError(400, "bad_version", "Choose a version to roll back to.")
        await guarded(svc.rules.rollback, user, rule_id, int(version))
        return back(f"/rules/{rule_id}", "rolled_back")

    async def rule_status(request: Request) -> Response:
        _, form = await dash.form(request, "reflection:write")
        svc, user = reflection_of(request, "reflection:write")
        rule_id = request.path_params["id"]
        status = STATUS_ACTIONS.get(form.get("action", ""))
        if status is None:
            raise DashboardError(400, "bad_action", "Choose approve, deprecate or probation.")
        reason = form.get("reason", "").strip() or f"{form['action']} in the dashboard"
        await guarded(svc.rules.change_status, user, rule_id, status, reason[:500])
        return back(f"/rules/{rule_id}", "status")

    async def contradiction(request: Request) -> Response:
        _, form = await dash.form(request, "reflection:write")
        svc, user = reflection_of(request, "reflection:write")
        action = form.get("action", "")
        if action not in ("keep_rule", "replace", "dismiss"):
            raise DashboardError(400, "bad_action", "Choose keep the rule, replace it, or dismiss.")
        await guarded(svc.resolve_contradiction, user, request.path_params["id"], action)
        return back("", "decided")

    async def belief_restate(request: Request) -> Response:
        _, form = await dash.form(request, "reflection:write")
        svc, user = reflection_of(request, "reflection:write")
        value = form.get("value", "").strip()
        if not value or len(value) > 200:
            raise DashboardError(400, "bad_value", "Say the value in 1 to 200 characters.")
        # A person correcting a belief is an explicit statement: it replaces the value, with evidence kept.
        await guarded(svc.users.signal, user, request.path_params["dimension"], value, "explicit")
        return back("", "restated")

    async def belief_remove(request: Request) -> Response:
        await dash.form(request, "reflection:write")
        svc, user = reflection_of(request, "reflection:write")
        await guarded(svc.users.remove, user, request.path_params["dimension"], "removed in the dashboard")
        return back("", "removed")

    async def suggestion(request: Request) -> Response:
        svc, user = reflection_of(request, "reflection:read")
        found = next((s for s in await guarded(svc.suggestions.all, user) if s.id == request.path_params["id"]), None)
        if found is None:
            raise DashboardError(404, "not_found", "There is nothing with that id.")
        return render(dash, request, "suggestion.html", suggestion=found)

    async def suggestion_decide(request: Request) -> Response:
        await dash.form(request, "reflection:write")
        svc, user = reflection_of(request, "reflection:write")
        action = request.path_params["action"]
        decide = {"accept": svc.suggestions.accept, "dismiss": svc.suggestions.dismiss}.get(action)
        if decide is None:
            raise DashboardError(404, "not_found", "There is no such action.")
        await guarded(decide, user, request.path_params["id"])
        return back("", "accepted" if action == "accept" else "dismissed")

    return [
        Route("/learning", overview, methods=["GET"]),
        Route("/learning/rules/{id}", rule, methods=["GET"]),
        Route("/learning/rules/{id}/edit", rule_edit, methods=["POST"]),
        Route("/learning/rules/{id}/rollback", rule_rollback, methods=["POST"]),
        Route("/learning/rules/{id}/status", rule_status, methods=["POST"]),
        Route("/learning/contradictions/{id}", contradiction, methods=["POST"]),
        Route("/learning/beliefs/{dimension}/restate", belief_restate, methods=["POST"]),
        Route("/learning/beliefs/{dimension}/remove", belief_remove, methods=["POST"]),
        Route("/learning/suggestions/{id}", suggestion, methods=["GET"]),
        Route("/learning/suggestions/{id}/{action}", suggestion_decide, methods=["POST"]),
    ]
