"""The JSON API: the install contract, search order, publish/yank/deprecate, ratings, tokens, orgs, exports —
each on SQLite and on PostgreSQL."""

from __future__ import annotations

import hashlib
import io
import json
import tarfile

from servers.auth.tokens import issue_access_token
from tests.registry.conftest import BASE, Site, on_both
from tests.registry.kit import skill_archive, skill_md, tar_gz, zip_bytes

pytestmark = on_both


async def test_builtin_skills_are_seeded_and_follow_the_install_contract(site: Site) -> None:
    body = (await site.http.get("/api/v1/skills/deep-research")).json()
    assert body["name"] == "deep-research" and body["latest"] == "1.0.0" and body["is_system"]
    entry = body["versions"][0]
    assert set(entry) >= {"version", "sha256", "archive_url", "yanked", "size"}
    archive = await site.http.get(entry["archive_url"])
    assert archive.status_code == 200 and len(archive.content) == entry["size"]
    assert hashlib.sha256(archive.content).hexdigest() == entry["sha256"] == archive.headers["x-checksum-sha256"]
    by_hash = await site.http.get(f"/api/v1/artifacts/{entry['sha256']}")
    assert by_hash.content == archive.content
    assert (await site.http.get("/api/v1/skills/deep-research")).json()["downloads"] == 1


async def test_errors_have_one_shape(site: Site) -> None:
    for url, status in (("/api/v1/skills/nope", 404), ("/api/v1/skills?page=0", 400), ("/api/v1/missing", 404)):
        response = await site.http.get(url)
        assert response.status_code == status
        assert set(response.json()) >= {"error", "message"}
    unauth = await site.publish(skill_archive("x-skill"), {})
    assert unauth.status_code == 401 and unauth.json()["error"] == "unauthorized"


async def test_publish_then_versions_latest_yank_and_deprecate(site: Site) -> None:
    ada = site.token("ada")
    first = await site.publish(skill_archive("pdf-tools", "1.0.0", category="documents", tags="pdf, files"), ada)
    assert first.status_code == 201, first.text
    assert first.json()["owner"] == "ada" and first.json()["published"]
    second = await site.publish(skill_archive("pdf-tools", "1.1.0"), ada, filename="p.zip")
    assert second.status_code == 201
    pre = await site.publish(skill_archive("pdf-tools", "2.0.0-beta.1"), ada)
    assert pre.status_code == 201
    info = (await site.http.get("/api/v1/skills/pdf-tools")).json()
    assert [v["version"] for v in info["versions"]] == ["2.0.0-beta.1", "1.1.0", "1.0.0"]
    assert info["latest"] == "1.1.0"  # a pre-release is not "latest" while a release is live

    yank = await site.http.post("/api/v1/skills/pdf-tools/1.1.0/yank", headers=ada, json={"reason": "broken"})
    assert yank.status_code == 200 and yank.json()["yanked"] and yank.json()["yank_reason"] == "broken"
    assert (await site.http.get("/api/v1/skills/pdf-tools")).json()["latest"] == "1.0.0"
    # a yanked version stays downloadable for whoever pinned it
    assert (await site.http.get("/api/v1/skills/pdf-tools/1.1.0/archive.tar.gz")).status_code == 200
    await site.http.post("/api/v1/skills/pdf-tools/1.1.0/unyank", headers=ada)
    assert (await site.http.get("/api/v1/skills/pdf-tools")).json()["latest"] == "1.1.0"

    bob = site.token("bob")
    assert (await site.http.post("/api/v1/skills/pdf-tools/1.1.0/yank", headers=bob, json={})).status_code == 403
    dep = await site.http.post("/api/v1/skills/pdf-tools/deprecate", headers=ada, json={"message": "use pdf-kit"})
    assert dep.json()["deprecated"] == "use pdf-kit"
    version = (await site.http.get("/api/v1/skills/pdf-tools/1.0.0")).json()
    assert version["frontmatter"]["metadata"]["category"] == "documents"
    assert version["files"] == [{"path": "SKILL.md", "size": version["files"][0]["size"]}]


async def test_dry_run_shows_warnings_and_stores_nothing(site: Site) -> None:
    ada = site.token("ada")
    body = "# Notes\n\nRun `scripts/convert.py` first.\n"
    data = tar_gz({"notes/SKILL.md": skill_md("notes", "0.1.0", body=body)})
    checked = await site.publish(data, ada, dry_run="true")
    assert checked.status_code == 200 and checked.json()["published"] is False
    assert any(w["severity"] == "warning" for w in checked.json()["warnings"])
    assert (await site.http.get("/api/v1/skills/notes")).status_code == 404


async def test_search_exact_name_first_typos_and_ties_by_popularity(site: Site) -> None:
    ada = site.token("ada")
    for name, desc in (
        ("pdf", "Reads files. Use when asked to read files."),
        ("pdf-merge", "Merges pdf documents. Use when asked to merge pdf files."),
        ("tidy-a", "Sorts spreadsheets into columns. Use when asked to sort spreadsheets."),
        ("tidy-b", "Sorts spreadsheets into columns. Use when asked to sort spreadsheets."),
    ):
        data = tar_gz({f"{name}/SKILL.md": skill_md(name, "1.0.0", description=desc)})
        assert (await site.publish(data, ada)).status_code == 201
    for _ in range(3):
        await site.http.get("/api/v1/skills/tidy-b/1.0.0/archive.tar.gz")

    async def names(query: str) -> list[str]:
        return [i["name"] for i in (await site.http.get("/api/v1/skills", params={"q": query})).json()["items"]]

    assert (await names("pdf"))[0] == "pdf"
    assert (await names("pdf-mrege"))[0] == "pdf-merge"  # typo in a name
    assert "deep-research" in (await names("reserch sources"))  # typo in a word of a description
    tied = [n for n in await names("sort spreadsheets") if n.startswith("tidy")]
    assert tied == ["tidy-b", "tidy-a"]  # same text match: the more downloaded one first
    cjk = await names("调研")
    assert "deep-research" in cjk[:2]  # Chinese trigger words are searchable
    page = (await site.http.get("/api/v1/skills", params={"per_page": 2, "page": 2})).json()
    assert page["page"] == 2 and len(page["items"]) == 2 and page["total"] >= 13


async def test_filters_by_category_tag_and_compatibility(site: Site) -> None:
    ada = site.token("ada")
    a = tar_gz({"a-skill/SKILL.md": skill_md("a-skill", "1.0.0", category="prose", tags="docs, style")})
    b_text = skill_md("b-skill", "1.0.0", category="data").replace(
        "metadata:", "compatibility: Needs Python 3.11\nmetadata:"
    )
    assert (await site.publish(a, ada)).status_code == 201
    assert (await site.publish(tar_gz({"b-skill/SKILL.md": b_text}), ada)).status_code == 201

    async def names(**params: str) -> list[str]:
        return [i["name"] for i in (await site.http.get("/api/v1/skills", params=params)).json()["items"]]

    assert await names(category="prose") == ["a-skill"]
    assert await names(tag="style") == ["a-skill"]
    assert await names(compatibility="python") == ["b-skill"]
    cats = (await site.http.get("/api/v1/categories")).json()["categories"]
    assert {"name": "prose", "count": 1} in cats


async def test_skills_without_category_or_tags_get_them_from_their_text(site: Site) -> None:
    """Most real skills declare neither; the filters must still find them (the publisher's own win)."""
    ada = site.token("ada")
    text = skill_md(
        "slide-maker",
        "1.0.0",
        description="Create and edit PowerPoint presentations (.pptx) with slides and speaker notes.",
    )
    assert (await site.publish(tar_gz({"slide-maker/SKILL.md": text}), ada)).status_code == 201
    info = (await site.http.get("/api/v1/skills/slide-maker")).json()
    assert info["category"] == "documents" and {"pptx", "slides"} <= set(info["tags"])
    listed = (await site.http.get("/api/v1/skills", params={"category": "documents", "tag": "pptx"})).json()
    assert [i["name"] for i in listed["items"]] == ["slide-maker"]
    cats = {c["name"]: c["count"] for c in (await site.http.get("/api/v1/categories")).json()["categories"]}
    assert cats["documents"] >= 1 and cats.get("research", 0) >= 1  # the built-in deep-research, undeclared


async def test_ratings_tokens_and_me(site: Site) -> None:
    ada = site.token("ada")
    rated = await site.http.post(
        "/api/v1/skills/deep-research/ratings", headers=ada, json={"stars": 4, "comment": "ok"}
    )
    assert rated.status_code == 201 and rated.json()["average"] == 4.0
    bad = await site.http.post("/api/v1/skills/deep-research/ratings", headers=ada, json={"stars": 9})
    assert bad.status_code == 422 and bad.json()["details"][0]["field"] == "stars"
    assert (await site.http.get("/api/v1/me", headers=ada)).json() == {"username": "ada", "orgs": []}
    created = await site.http.post("/api/v1/tokens", headers=ada, json={"label": "laptop"})
    token = created.json()["token"]
    assert token.startswith("crk_")
    stored = site.reg.store.db.query("SELECT token_hash FROM api_tokens")
    assert all(token not in str(row) for row in stored)  # hashed at rest
    listed = (await site.http.get("/api/v1/tokens", headers=ada)).json()["tokens"]
    assert "token" not in listed[0]
    await site.http.delete(f"/api/v1/tokens/{created.json()['id']}", headers=ada)
    assert (await site.http.get("/api/v1/me", headers={"Authorization": f"Bearer {token}"})).status_code == 401


async def test_oauth_access_tokens_need_audience_and_scope(site: Site) -> None:
    assert site.reg.oauth is not None
    provider_keys = site.reg.identity.verifier.keys  # type: ignore[attr-defined]

    def jwt(audience: str, scopes: list[str]) -> dict[str, str]:
        token, _ = issue_access_token(
            provider_keys,
            issuer=BASE,
            subject="carol",
            client_id="c",
            scopes=scopes,
            audience=audience,
            ttl_s=300,
            family_id=None,
        )
        return {"Authorization": f"Bearer {token}"}

    assert (await site.http.get("/api/v1/me", headers=jwt(f"{BASE}/api/v1", ["registry:publish"]))).json()[
        "username"
    ] == "carol"
    assert (await site.http.get("/api/v1/me", headers=jwt(f"{BASE}/mcp", ["registry:publish"]))).status_code == 401
    missing = await site.http.get("/api/v1/me", headers=jwt(f"{BASE}/api/v1", ["memory:read"]))
    assert missing.status_code == 401 and "registry:publish" in missing.json()["message"]


async def test_org_ownership_and_system_skill_configuration(site: Site) -> None:
    ada, bob = site.token("ada"), site.token("bob")
    own = await site.publish(skill_archive("acme-research", "1.0.0"), ada, org="acme")
    assert own.status_code == 201 and own.json()["owner"] == "acme"
    # bob is not in acme: neither new versions nor new skills under acme
    assert (await site.publish(skill_archive("acme-research", "1.0.1"), bob)).status_code == 403
    assert (await site.publish(skill_archive("bob-thing", "1.0.0"), bob, org="acme")).status_code == 403
    assert (await site.publish(skill_archive("deep-research", "9.0.0"), ada)).status_code == 403  # system name
    assert (await site.publish(skill_archive("x-thing", "1.0.0"), ada, org="cairn")).status_code == 403
    await site.http.post("/api/v1/orgs/acme/members", headers=ada, json={"username": "bob"})
    assert (await site.publish(skill_archive("acme-research", "1.0.1"), bob)).status_code == 201
    assert (
        await site.http.post("/api/v1/orgs/acme/config/disable", headers=bob, json={"skill_name": "daily-briefing"})
    ).status_code == 403

    assert (
        await site.http.post("/api/v1/orgs/acme/config/disable", headers=ada, json={"skill_name": "daily-briefing"})
    ).status_code == 200
    override = await site.http.post(
        "/api/v1/orgs/acme/config/override",
        headers=ada,
        json={"skill_name": "deep-research", "override_skill": "acme-research"},
    )
    assert override.status_code == 200
    bad = await site.http.post(
        "/api/v1/orgs/acme/config/override", headers=ada, json={"skill_name": "deep-research", "override_skill": "pdf"}
    )
    assert bad.status_code == 400
    listed = {s["name"]: s for s in (await site.http.get("/api/v1/orgs/acme/skills", headers=bob)).json()["skills"]}
    assert listed["daily-briefing"]["is_disabled"] and listed["deep-research"]["override_skill"] == "acme-research"
    assert listed["acme-research"]["scope"] == "org" and not listed["memory-habits"]["is_disabled"]
    configs = (await site.http.get("/api/v1/orgs/acme/config", headers=ada)).json()["configs"]
    assert {c["system_skill_name"] for c in configs} == {"daily-briefing", "deep-research"}
    await site.http.post("/api/v1/orgs/acme/config/enable", headers=ada, json={"skill_name": "daily-briefing"})
    assert len((await site.http.get("/api/v1/orgs/acme/config", headers=ada)).json()["configs"]) == 1
    assert (await site.http.get("/api/v1/orgs/acme/skills", headers=site.token("eve"))).status_code == 403


async def test_index_and_claude_marketplace_export(site: Site) -> None:
    ada = site.token("ada")
    await site.publish(zip_bytes({"SKILL.md": skill_md("zipped", "1.2.3", tags="a")}), ada, filename="z.zip")
    index = (await site.http.get("/api/v1/index.json")).json()
    assert index["format"] == "cairn-registry-index/1"
    zipped = next(s for s in index["skills"] if s["name"] == "zipped")
    assert zipped["versions"][0]["archive_url"] == f"{BASE}/api/v1/skills/zipped/1.2.3/archive.zip"
    export = await site.http.get("/marketplace.tar.gz")
    with tarfile.open(fileobj=io.BytesIO(export.content)) as tar:
        names = tar.getnames()
        manifest = json.load(tar.extractfile("cairn-skills/.claude-plugin/marketplace.json"))  # type: ignore[arg-type]
        plugin = json.load(tar.extractfile("cairn-skills/plugins/zipped/.claude-plugin/plugin.json"))  # type: ignore[arg-type]
    assert manifest["name"] == "cairn-skills" and manifest["owner"]["name"]
    entry = next(p for p in manifest["plugins"] if p["name"] == "zipped")
    assert entry["source"] == "./plugins/zipped" and entry["version"] == "1.2.3"
    assert plugin == {
        "name": "zipped",
        "version": "1.2.3",
        "description": entry["description"],
        "homepage": f"{BASE}/skills/zipped",
        "keywords": ["a"],
        "author": {"name": "ada", "url": f"{BASE}/publishers/ada"},
    }
    assert "cairn-skills/plugins/zipped/skills/zipped/SKILL.md" in names
    assert (await site.http.get("/marketplace.tar.gz")).content == export.content  # reproducible


async def test_openapi_document_lists_every_api_route(site: Site) -> None:
    doc = (await site.http.get("/openapi.json")).json()
    assert doc["openapi"].startswith("3.1")
    for path in (
        "/api/v1/skills",
        "/api/v1/skills/{name}",
        "/api/v1/skills/{name}/{version}/yank",
        "/api/v1/orgs/{org}/config/override",
        "/api/v1/index.json",
        "/api/v1/skills/{name}/diff/{from_version}/{to_version}",
        "/api/v1/publishers/{owner}",
        "/api/v1/publishers/{owner}/repositories",
        "/api/v1/publishers/{owner}/repositories/check",
        "/api/v1/skills/{name}/{version}/reports",
        "/api/v1/reports",
    ):
        assert path in doc["paths"]
    # Every route the app serves under /api/v1 is in the document, and the reverse.
    served = {r.path for r in site.app.routes if getattr(r, "path", "").startswith("/api/v1")}
    actions = {f"/api/v1/orgs/{{org}}/config/{a}" for a in ("disable", "enable", "override")}  # one route, 3 paths
    assert served - {"/api/v1/orgs/{org}/config/{action}"} | actions == set(doc["paths"])
    schemas = doc["components"]["schemas"]
    for model in ("SkillSummary", "SkillDetail"):
        assert {"repository", "homepage", "license", "verified"} <= set(schemas[model]["properties"])
    assert {"repository", "homepage", "license", "license_file"} <= set(schemas["VersionDetail"]["properties"])
    search = doc["paths"]["/api/v1/skills"]["get"]
    assert "license" in [p["name"] for p in search["parameters"]]
    published = doc["paths"]["/api/v1/skills"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"]
    assert {"repository", "homepage", "license"} <= set(published["properties"])
    report = doc["paths"]["/api/v1/skills/{name}/{version}/reports"]["post"]
    assert set(report["responses"]) == {"201", "401", "404", "409", "422", "429"}
    assert schemas["ReportBody"]["properties"]["reason"]["enum"][0] == "malicious"
    assert "SkillDetail" in doc["components"]["schemas"]
    diff = doc["paths"]["/api/v1/skills/{name}/diff/{from_version}/{to_version}"]["get"]
    assert [p["name"] for p in diff["parameters"]] == ["name", "from_version", "to_version"]
    assert set(diff["responses"]) == {"200", "400", "404"}
    assert diff["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/VersionDiff"
    }
    assert set(doc["components"]["schemas"]["FieldDiff"]["required"]) == {"key", "from", "to"}


async def test_an_empty_page_size_is_refused_by_the_api(site: Site) -> None:
    """`?per_page=` is no number: the JSON API says so, where a web form left blank falls back to the default."""
    response = await site.http.get("/api/v1/skills?per_page=")
    assert response.status_code == 400 and response.json()["error"] == "bad_parameter"
