"""Memory beyond single entries: MEMORY.md and the daily summaries (rendered, MEMORY.md editable), the
archive (see and restore), and a download of everything the user has.

MEMORY.md is edited through the memory service's own import of a person's edits
(:meth:`Lifecycle.sync_longterm`): a bullet added becomes a long-term fact, a bullet removed is never added
back, free text stays where it was written — the same as an edit made in a text editor. A daily summary is
made from that day's entries, so it is changed by changing them (each is linked from the summary's page).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from markdown_it import MarkdownIt
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from servers.memory.lifecycle import Lifecycle
from servers.memory.models import EntryNotFound, MemoryInputError
from servers.memory.portability import jsonl_line, markdown_zip
from servers.suite.dashboard.context import PREFIX, Dashboard, DashboardError, in_thread
from servers.suite.dashboard.render import HEADERS, render

DAYS_SHOWN = 90
ARCHIVED_SHOWN = 100
DAY_ENTRIES_SHOWN = 100
EXPORT_BATCH = 500
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
DONE = {"saved": "Saved: MEMORY.md was read back as your edit.", "restored": "Restored: recalled again."}
# Raw HTML in a file is shown as text, and markdown-it refuses javascript: and similar links.
_markdown = MarkdownIt("commonmark", {"html": False})


def markdown(text: str) -> Markup:
    """A file's Markdown as HTML inside a page: its headings go two levels down, under the page's h1 and
    the section's h2, so the page keeps one outline."""
    tokens = _markdown.parse(text)
    for token in tokens:
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(6, int(token.tag[1]) + 2)}"
    # html off: markdown-it escapes every piece of text it is given.
    return Markup(_markdown.renderer.render(tokens, _markdown.options, {}))


def _body(document: str) -> str:
    """A daily file without its YAML header."""
    return document.split("---", 2)[-1].lstrip() if document.startswith("---") else document


def routes(dash: Dashboard) -> list[Route]:
    def memory_of(request: Request, scope: str) -> tuple[Any, str]:
        session = dash.needs(request, scope)
        return dash.need("memory"), session.user

    async def longterm(request: Request) -> Response:
        memory, user = memory_of(request, "memory:read")

        def read() -> tuple[str, int]:
            # As the memory://MEMORY.md resource does: bring the file up to date, then read it.
            _, facts = Lifecycle(memory).sync_longterm(user)
            files = memory.files(user)
            return files.read(files.memory_md) or "", facts

        text, facts = await in_thread(read)
        return render(
            dash,
            request,
            "longterm.html",
            text=text,
            html=markdown(text),
            facts=facts,
            done=DONE.get(request.query_params.get("done", "")),
        )

    async def longterm_save(request: Request) -> Response:
        _, form = await dash.form(request, "memory:write")
        memory, user = memory_of(request, "memory:write")
        text = form.get("text")
        if text is None:
            raise DashboardError(400, "no_text", "Send the file's text as `text`.")
        text = text.replace("\r\n", "\n")
        try:
            await in_thread(Lifecycle(memory).sync_longterm, user, text if text.endswith("\n") else text + "\n")
        except MemoryInputError as exc:
            raise DashboardError(422, "not_accepted", str(exc)) from None
        return RedirectResponse(f"{PREFIX}/memory/longterm?done=saved", status_code=303)

    async def days(request: Request) -> Response:
        memory, user = memory_of(request, "memory:read")
        found = await in_thread(memory.store.entry_dates, user)
        return render(dash, request, "days.html", days=found[:DAYS_SHOWN], more=max(0, len(found) - DAYS_SHOWN))

    async def day(request: Request) -> Response:
        memory, user = memory_of(request, "memory:read")
        date = request.path_params["date"]
        if not _DATE.match(date):
            raise DashboardError(404, "not_found", "There is no day like that: use YYYY-MM-DD.")

        def read() -> tuple[str | None, list[Any]]:
            text = Lifecycle(memory).build_daily(user, date)
            entries = [e for _, e in memory.store.live_entries_of_day(user, date) if e.type != "daily_summary"]
            return text, entries

        text, entries = await in_thread(read)
        if text is None:
            raise DashboardError(404, "not_found", f"No memories on {date}.")
        return render(
            dash,
            request,
            "day.html",
            date=date,
            html=markdown(_body(text)),
            entries=entries[:DAY_ENTRIES_SHOWN],
            total=len(entries),
        )

    async def archived(request: Request) -> Response:
        memory, user = memory_of(request, "memory:read")
        entries = await in_thread(memory.archived, user, ARCHIVED_SHOWN)
        return render(
            dash, request, "archived.html", entries=entries, done=DONE.get(request.query_params.get("done", ""))
        )

    async def restore(request: Request) -> Response:
        await dash.form(request, "memory:write")
        memory, user = memory_of(request, "memory:write")
        try:
            await in_thread(memory.restore, request.path_params["id"], user)
        except (EntryNotFound, MemoryInputError):
            raise DashboardError(404, "not_found", "There is no memory with that id.") from None
        return RedirectResponse(f"{PREFIX}/memory/{request.path_params['id']}?done=restored", status_code=303)

    async def export(request: Request) -> Response:
        memory, user = memory_of(request, "memory:read")
        kind = request.query_params.get("format", "jsonl")
        stamp = datetime.now(UTC).strftime("%Y%m%d")
        if kind == "jsonl":
            # Streamed a batch at a time: 10k memories never sit in one string, and each batch is one trip
            # to a worker thread rather than one per line.
            def lines() -> Any:
                batch: list[str] = []
                for _, entry in memory.store.iter_all(user):
                    batch.append(jsonl_line(entry))
                    if len(batch) == EXPORT_BATCH:
                        yield "".join(batch)
                        batch = []
                yield "".join(batch)

            return StreamingResponse(
                lines(),
                media_type="application/x-ndjson",
                headers={**HEADERS, "Content-Disposition": f'attachment; filename="cairn-memory-{stamp}.jsonl"'},
            )
        if kind == "markdown":
            data = await in_thread(markdown_zip, memory, user)
            return Response(
                data,
                media_type="application/zip",
                headers={**HEADERS, "Content-Disposition": f'attachment; filename="cairn-memory-{stamp}.zip"'},
            )
        raise DashboardError(400, "bad_format", "Choose format=jsonl or format=markdown.")

    return [
        Route("/memory/longterm", longterm, methods=["GET"]),
        Route("/memory/longterm", longterm_save, methods=["POST"]),
        Route("/memory/daily", days, methods=["GET"]),
        Route("/memory/daily/{date}", day, methods=["GET"]),
        Route("/memory/archived", archived, methods=["GET"]),
        Route("/memory/export", export, methods=["GET"]),
        Route("/memory/{id}/restore", restore, methods=["POST"]),
    ]
