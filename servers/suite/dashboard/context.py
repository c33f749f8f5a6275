"""What every page handler needs: the services it shows, the sessions, and the error a handler raises.

A service is None when its server is not part of what is served (``cairn serve memory`` has no rules):
its pages say so instead of failing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import anyio.to_thread
from starlette.requests import Request

from servers.suite.dashboard.session import SESSION_COOKIE, Session, Sessions

if TYPE_CHECKING:
    from servers.memory.service import MemoryService
    from servers.reflection.service import ReflectionService
    from servers.scheduler.service import SchedulerService
    from servers.skills.service import SkillsService
    from servers.suite.services import SharedServices

PREFIX = "/dashboard"


class DashboardError(Exception):
    """Raised by a handler; becomes an HTML page, or ``{"error": code, "message": …}`` for a JSON client."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@dataclass
class Services:
    memory: MemoryService | None = None
    reflection: ReflectionService | None = None
    scheduler: SchedulerService | None = None
    skills: SkillsService | None = None  # only the pictures read it: activations and feedback per skill

    @classmethod
    def of(cls, shared: SharedServices, served: Collection[str]) -> Services:
        """The process's services of the ``served`` servers (``serve memory`` shows no rules)."""
        return cls(
            shared.memory if "memory" in served else None,
            shared.reflection if "reflection" in served else None,
            shared.scheduler if "scheduler" in served else None,
            shared.skills if "skills" in served else None,
        )


@dataclass
class Dashboard:
    services: Services
    sessions: Sessions
    base_url: str  # where the endpoint is reached, e.g. http://127.0.0.1:8765
    # False: no sign-in page (``--auth none``): a visitor on loopback acts as ``local_user``.
    login_routes: bool = False
    # Who a browser on this machine is when nobody signed in (``--auth none``) or a ticket names nobody.
    default_user: Callable[[], str | None] = lambda: "default"
    all_scopes: frozenset[str] = field(default_factory=frozenset)
    # The scopes a user may hold now; None when they were removed (``cairn auth remove-user``). A session
    # keeps only what its user may still hold: a narrowed or removed user is narrowed or out at once.
    user_scopes: Callable[[str], frozenset[str] | None] | None = None

    @property
    def url(self) -> str:
        return self.base_url + PREFIX

    def session(self, request: Request) -> Session | None:
        session = self.sessions.read(request.cookies.get(SESSION_COOKIE))
        if session is None or self.user_scopes is None:
            return session
        allowed = self.user_scopes(session.user)
        return None if allowed is None else Session(session.user, session.sid, session.scopes & allowed)

    def signed_in(self, request: Request) -> Session:
        session = self.session(request)
        if session is None:
            raise DashboardError(401, "sign_in", "Sign in to see your dashboard.")
        return session

    def needs(self, request: Request, scope: str) -> Session:
        session = self.signed_in(request)
        if scope and not session.may(scope):
            raise DashboardError(403, "scope", f"Your sign-in was not granted {scope!r}; sign in again and allow it.")
        return session

    async def form(self, request: Request, scope: str) -> tuple[Session, dict[str, str]]:
        """A change's form: signed in, holding ``scope``, and carrying this session's CSRF token."""
        session = self.needs(request, scope)
        form = await request.form(max_files=0, max_fields=20)
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        if not self.sessions.csrf_ok(session, fields.get("csrf", "")):
            raise DashboardError(
                403, "csrf", "This form has expired or came from another site. Reload the page and retry."
            )
        return session, fields

    def need(self, name: str) -> Any:
        service = getattr(self.services, name)
        if service is None:
            raise DashboardError(404, "not_served", f"The {name} server is not served here: serve `all` to see it.")
        return service


P = ParamSpec("P")
T = TypeVar("T")


async def in_thread(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Services are synchronous (SQLite, the embedder): off the event loop, as the MCP tools run them."""
    return await anyio.to_thread.run_sync(lambda: fn(*args, **kwargs))
