"""The OpenAPI document is built from the operations declared beside the handlers: it names every API route
the app serves, and nothing the app does not serve."""

from __future__ import annotations

from starlette.routing import Match, Route

from registry import api, api_accounts, api_trust
from tests.registry.conftest import Site

OPERATIONS = [*api.OPERATIONS, *api_accounts.OPERATIONS, *api_trust.OPERATIONS]


def _concrete(path: str) -> str:
    """A path with each ``{parameter}`` filled in, as a client would send it."""
    filled = {"{ext}": "zip", "{sha256}": "0" * 64}
    for placeholder, value in filled.items():
        path = path.replace(placeholder, value)
    while "{" in path:
        start = path.index("{")
        path = path[:start] + "x" + path[path.index("}", start) + 1 :]
    return path


def _route_of(site: Site, path: str, method: str) -> Route | None:
    scope = {"type": "http", "path": path, "method": method.upper()}
    for route in site.app.routes:
        if isinstance(route, Route) and route.matches(scope)[0] is Match.FULL:
            return route
    return None


async def test_every_documented_operation_is_served(site: Site) -> None:
    for op in OPERATIONS:
        route = _route_of(site, _concrete(op.path), op.method)
        assert route is not None and route.path.startswith("/api/v1/"), f"{op.method} {op.path} is not served"


async def test_every_api_route_is_documented(site: Site) -> None:
    documented = set()
    for op in OPERATIONS:
        route = _route_of(site, _concrete(op.path), op.method)
        documented.add((op.method.upper(), route.path if route else ""))
    for route in site.app.routes:
        if isinstance(route, Route) and route.path.startswith("/api/v1/"):
            for method in (route.methods or set()) - {"HEAD"}:
                assert (method, route.path) in documented, f"{method} {route.path} is missing from /openapi.json"


async def test_the_document_lists_each_operation_with_its_parameters(site: Site) -> None:
    doc = (await site.http.get("/openapi.json")).json()
    assert sum(len(methods) for methods in doc["paths"].values()) == len(OPERATIONS)
    search = doc["paths"]["/api/v1/skills"]["get"]
    assert [p["name"] for p in search["parameters"]] == list(api.SearchQuery.model_fields)
    per_page = next(p for p in search["parameters"] if p["name"] == "per_page")
    assert per_page["schema"] == {"type": "integer", "minimum": 1, "maximum": 100} and not per_page["required"]
    reports = doc["paths"]["/api/v1/reports"]["get"]["parameters"]
    assert reports == [
        {
            "name": "status",
            "in": "query",
            "required": False,
            "schema": {"enum": ["open", "resolved", "all"], "type": "string"},
            "description": "Which reports",
        }
    ]
    archive = doc["paths"]["/api/v1/skills/{name}/{version}/archive.{ext}"]["get"]
    assert [(p["name"], p["in"], p["required"]) for p in archive["parameters"]] == [
        ("name", "path", True),
        ("version", "path", True),
        ("ext", "path", True),
    ]
    assert set(archive["responses"]["200"]["content"]) == {"application/gzip", "application/zip"}
    form = doc["paths"]["/api/v1/skills"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"]
    assert form["required"] == ["archive"] and form["properties"]["archive"] == {"type": "string", "format": "binary"}
