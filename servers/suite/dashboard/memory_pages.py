"""Memory: recall with why each entry matched, or the newest entries; filters; edit, archive, delete.

Search is the memory service's own recall (the ``memory_recall`` tool's), so what ranks first here ranks
first for the agent. Without a query the page lists the newest entries, filtered the same way.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from servers.memory.models import ENTRY_TYPES, EntryNotFound, MemoryInputError
from servers.memory.search import layer_of
from servers.suite.dashboard.context import PREFIX, Dashboard, DashboardError, in_thread
from servers.suite.dashboard.render import render

LAYERS = ("longterm", "daily", "entry")
MODES = ("hybrid", "keyword", "semantic")
PAGE = 50
DONE = {"edited": "Saved.", "archived": "Archived.", "deleted": "Deleted.", "restored": "Restored: recalled again."}


def _filters(request: Request) -> tuple[dict[str, Any], dict[str, str]]:
    """Recall's filters from the query string, and the raw values to show back in the form."""
    params = request.query_params
    shown = {k: params.get(k, "").strip()[:40] for k in ("type", "layer", "after", "before", "mode")}
    filters: dict[str, Any] = {}
    if shown["type"] in ENTRY_TYPES:
        filters["type"] = shown["type"]
    if shown["layer"] in LAYERS:
        filters["layer"] = shown["layer"]
    if shown["after"]:
        filters["created_after"] = shown["after"]
    if shown["before"]:
        filters["created_before"] = shown["before"]
    return filters, shown


def routes(dash: Dashboard) -> list[Route]:
    def memory_of(request: Request, scope: str) -> tuple[Any, str]:
        session = dash.needs(request, scope)
        return dash.need("memory"), session.user

    async def search(request: Request) -> Response:
        memory, user = memory_of(request, "memory:read")
        filters, shown = _filters(request)
        query = request.query_params.get("q", "").strip()[:500]
        mode = shown["mode"] if shown["mode"] in MODES else "hybrid"
        degraded: str | None = None
        try:
            if query:
                result = await in_thread(memory.recall, query, user, limit=PAGE, mode=mode, filters=filters or None)
                hits, degraded = result.results, result.degraded
                rows = [
                    _row(h.id, h.content, h.type, h.layer, h.created_at, h.keywords, h.score, h.matched_by)
                    for h in hits
                ]
            else:
                entries = await in_thread(memory.browse, user, filters=filters or None, limit=PAGE)
                rows = [_row(e.id, e.content, e.type, _layer(memory, e), e.created_at, e.keywords) for e in entries]
        except MemoryInputError as exc:
            raise DashboardError(400, "bad_filter", str(exc)) from None
        return render(
            dash,
            request,
            "memory.html",
            query=query,
            mode=mode,
            shown=shown,
            rows=rows,
            degraded=degraded,
            types=ENTRY_TYPES,
            layers=LAYERS,
            modes=MODES,
            done=DONE.get(request.query_params.get("done", "")),
        )

    def entry_of(request: Request, scope: str) -> tuple[Any, str, Any]:
        memory, user = memory_of(request, scope)
        try:
            return memory, user, memory.get(request.path_params["id"], user)
        except (EntryNotFound, MemoryInputError):
            # Another user's id reads exactly like an id that does not exist: nothing about it leaks.
            raise DashboardError(404, "not_found", "There is no memory with that id.") from None

    async def entry(request: Request) -> Response:
        memory, _, found = entry_of(request, "memory:read")
        return render(
            dash,
            request,
            "entry.html",
            entry=found,
            layer=_layer(memory, found),
            types=ENTRY_TYPES,
            done=DONE.get(request.query_params.get("done", "")),
        )

    async def edit(request: Request) -> Response:
        _, form = await dash.form(request, "memory:write")
        memory, user, found = entry_of(request, "memory:write")
        keywords = [k.strip() for k in form.get("keywords", "").split(",") if k.strip()]
        try:
            await in_thread(
                memory.update,
                found.id,
                user,
                content=form.get("content", found.content),
                keywords=keywords,
                type=form.get("type") or found.type,
            )
        except MemoryInputError as exc:
            raise DashboardError(422, "not_accepted", str(exc)) from None
        return RedirectResponse(f"{PREFIX}/memory/{found.id}?done=edited", status_code=303)

    async def archive(request: Request) -> Response:
        await dash.form(request, "memory:write")
        memory, user, found = entry_of(request, "memory:write")
        await in_thread(memory.archive, found.id, user, "archived in the dashboard")
        return RedirectResponse(f"{PREFIX}/memory/{found.id}?done=archived", status_code=303)

    async def delete(request: Request) -> Response:
        await dash.form(request, "memory:write")
        memory, user, found = entry_of(request, "memory:write")
        await in_thread(memory.delete, found.id, user)
        return RedirectResponse(f"{PREFIX}/memory?{urlencode({'done': 'deleted'})}", status_code=303)

    return [
        Route("/memory", search, methods=["GET"]),
        Route("/memory/{id}", entry, methods=["GET"]),
        Route("/memory/{id}/edit", edit, methods=["POST"]),
        Route("/memory/{id}/archive", archive, methods=["POST"]),
        Route("/memory/{id}/delete", delete, methods=["POST"]),
    ]


def _row(
    id: str,
    content: str,
    type: str,
    layer: str,
    created_at: str,
    keywords: list[str],
    score: float | None = None,
    matched_by: list[str] | None = None,
) -> dict[str, Any]:
    return {
        "id": id,
        "content": content if len(content) <= 400 else content[:400] + "…",
        "type": type,
        "layer": layer,
        "created_at": created_at,
        "keywords": keywords,
        "score": score,
        "matched_by": matched_by or [],
    }


def _layer(memory: Any, entry: Any) -> str:
    return layer_of(entry, memory.config.daily_summary_days)
