"""Provenance, verified publishers and reports through the JSON API, on SQLite and PostgreSQL.

A repository claim is proven against a stand-in for a code host served on 127.0.0.1 (the registry's proof
fetcher is pointed at it by ``CAIRN_REGISTRY__REPOSITORY_PROOF_URL``), so nothing reaches the network.
"""

from __future__ import annotations

import io
import json
import re
import tarfile
from collections.abc import Callable

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from tests.registry.conftest import Site, on_both
from tests.registry.kit import skill_md, tar_gz
from tests.support import free_port, serving_app

pytestmark = on_both
APACHE = "                                 Apache License\n                           Version 2.0, January 2004\n"
REPO_URL = "https://github.com/anthropics/skills"


def _skill(name: str, *, license: str | None = None, repository: str | None = None, **files: str) -> bytes:
    lines = [f"name: {name}", f"description: Makes {name} documents. Use when asked for {name}."]
    if license:
        lines.append(f"license: {license}")
    lines += ["metadata:", '  version: "1.0.0"'] + ([f"  repository: {repository}"] if repository else [])
    text = "---\n" + "\n".join(lines) + f"\n---\n\n# {name}\n\nSteps.\n"
    return tar_gz({f"{name}/SKILL.md": text, **{f"{name}/{p}": c for p, c in files.items()}})


async def test_provenance_from_skill_md_and_licence_file_is_shown_and_filterable(site: Site) -> None:
    ada = site.token("ada")
    published = await site.publish(
        _skill(
            "pdf-kit", license="Complete terms in LICENSE.txt", repository=f"{REPO_URL}.git", **{"LICENSE.txt": APACHE}
        ),
        ada,
    )
    assert published.status_code == 201, published.text
    assert (published.json()["repository"], published.json()["license"]) == (REPO_URL, "Apache-2.0")
    # A publish field wins over SKILL.md; a licence given as an identifier is kept as one.
    given = await site.publish(
        _skill("memo-kit", license="Proprietary"),
        ada,
        repository="git@github.com:ada/memo-kit.git",
        homepage="https://ada.example/memo",
        license="mit",
    )
    assert given.status_code == 201, given.text
    skill = (await site.http.get("/api/v1/skills/memo-kit")).json()
    assert (skill["repository"], skill["homepage"], skill["license"]) == (
        "https://github.com/ada/memo-kit",
        "https://ada.example/memo",
        "MIT",
    )
    assert skill["verified"] is None
    version = (await site.http.get("/api/v1/skills/pdf-kit/1.0.0")).json()
    assert version["license_file"] == "LICENSE.txt" and version["license"] == "Apache-2.0"

    found = (await site.http.get("/api/v1/skills", params={"license": "apache-2.0"})).json()
    assert [s["name"] for s in found["items"]] == ["pdf-kit"]
    # The repository's owner and name are searchable words.
    assert "pdf-kit" in [s["name"] for s in (await site.http.get("/api/v1/skills?q=anthropics")).json()["items"]]
    bad = await site.publish(_skill("odd-kit"), ada, repository="javascript:alert(1)")
    assert bad.status_code == 400 and bad.json()["error"] == "bad_provenance"

    page = (await site.http.get("/skills/pdf-kit")).text
    assert f'href="{REPO_URL}"' in page and ">Apache-2.0</a>" in page
    assert 'href="/skills/pdf-kit/v/1.0.0/files/LICENSE.txt"' in page
    assert "not verified" in page
    # The Claude Code marketplace export names them in the plugin's manifest.
    with tarfile.open(fileobj=io.BytesIO((await site.http.get("/marketplace.tar.gz")).content)) as tar:
        member = tar.extractfile("cairn-skills/plugins/pdf-kit/.claude-plugin/plugin.json")
        assert member is not None
        plugin = json.load(member)
    assert (plugin["repository"], plugin["license"]) == (REPO_URL, "Apache-2.0")
    search = (await site.http.get("/search", params={"license": "Apache-2.0"})).text
    assert '<option value="Apache-2.0" selected>' in search and 'href="/skills/pdf-kit"' in search


async def test_a_verified_publisher_is_marked_and_a_copy_under_another_name_is_not(site: Site) -> None:
    from registry.trust import TrustError

    acme, mallory = site.token("acme-admin"), site.token("mallory")
    real = await site.publish(_skill("frontend-design", repository=REPO_URL), acme, org="acme")
    copy = await site.publish(_skill("frontend-design-pro", repository=REPO_URL), mallory)
    assert real.status_code == copy.status_code == 201
    with pytest.raises(TrustError):
        site.reg.trust.verify_publisher("nobody-here", "operator")
    site.reg.trust.verify_publisher("acme", "operator", "checked their domain")

    listing = {s["name"]: s["verified"] for s in (await site.http.get("/api/v1/skills?q=frontend")).json()["items"]}
    assert listing == {"frontend-design": "publisher", "frontend-design-pro": None}
    assert (await site.http.get("/api/v1/publishers/acme")).json()["verified"] is True
    assert (await site.http.get("/api/v1/publishers/mallory")).json()["verified"] is False
    assert (await site.http.get("/api/v1/publishers/ghost")).status_code == 404
    assert "✓ verified" in (await site.http.get("/skills/frontend-design")).text
    assert "✓ verified" not in (await site.http.get("/skills/frontend-design-pro")).text
    cards = (await site.http.get("/search?q=frontend")).text
    assert cards.count("✓ verified") == 1


async def test_a_repository_link_is_proven_by_a_token_found_in_the_repository(
    make_site: Callable[..., Site],
) -> None:
    files: dict[str, str] = {}

    async def raw(request: Request) -> Response:
        text = files.get(request.path_params["path"])
        return PlainTextResponse(text) if text is not None else PlainTextResponse("not found", 404)

    host = Starlette(routes=[Route("/raw/{path:path}", raw)])
    port = free_port()
    site = make_site(repository_proof_url=f"http://127.0.0.1:{port}/raw/{{path}}/HEAD/{{file}}")
    try:
        async with serving_app(host, port):
            ada, mallory = site.token("ada"), site.token("mallory")
            assert (
                await site.publish(_skill("memo-kit", repository="https://github.com/ada/memo-kit"), ada)
            ).status_code == 201
            assert (
                await site.publish(_skill("memo-copy", repository="https://github.com/ada/memo-kit"), mallory)
            ).status_code == 201
            body = {"repository": "https://github.com/ada/memo-kit/"}
            refused = await site.http.post("/api/v1/publishers/ada/repositories", json=body, headers=mallory)
            assert refused.status_code == 403
            claim = await site.http.post("/api/v1/publishers/ada/repositories", json=body, headers=ada)
            assert claim.status_code == 201, claim.text
            made = claim.json()
            assert made["file"] == ".well-known/cairn-registry.txt" and made["verified"] is False
            assert made["line"].startswith("cairn-registry-verification: ada crv_")
            again = await site.http.post("/api/v1/publishers/ada/repositories", json=body, headers=ada)
            assert again.status_code == 200 and again.json()["line"] == made["line"]  # the same token

            missing = await site.http.post("/api/v1/publishers/ada/repositories/check", json=body, headers=ada)
            assert missing.status_code == 422 and missing.json()["error"] == "proof_missing"
            files["ada/memo-kit/HEAD/.well-known/cairn-registry.txt"] = "cairn-registry-verification: ada crv_wrong\n"
            wrong = await site.http.post("/api/v1/publishers/ada/repositories/check", json=body, headers=ada)
            assert wrong.status_code == 422
            files["ada/memo-kit/HEAD/.well-known/cairn-registry.txt"] = f"# for the registry\n{made['line']}\n"
            proven = await site.http.post("/api/v1/publishers/ada/repositories/check", json=body, headers=ada)
            assert proven.status_code == 200 and proven.json()["verified"] is True, proven.text

            items = (await site.http.get("/api/v1/skills?q=memo")).json()["items"]
            marks = {s["name"]: s["verified"] for s in items if s["name"].startswith("memo-")}
            assert marks == {"memo-kit": "repository", "memo-copy": None}
            publisher = (await site.http.get("/api/v1/publishers/ada")).json()
            assert publisher["repositories"][0]["repository"] == "https://github.com/ada/memo-kit"
            assert "link proven by the publisher" in (await site.http.get("/skills/memo-kit")).text
    finally:
        await site.http.aclose()
        site.reg.store.close()


async def test_without_a_fetcher_the_operator_confirms_a_claim(site: Site) -> None:
    ada = site.token("ada")
    assert (await site.publish(_skill("memo-kit", repository="https://git.example/ada/memo"), ada)).status_code == 201
    body = {"repository": "https://git.example/ada/memo"}
    claim = (await site.http.post("/api/v1/publishers/ada/repositories", json=body, headers=ada)).json()
    assert claim["checked_at"] is None
    check = await site.http.post("/api/v1/publishers/ada/repositories/check", json=body, headers=ada)
    assert check.status_code == 409 and "cairn registry verify-repo ada" in check.json()["message"]
    site.reg.trust.confirm("ada", "https://git.example/ada/memo", "operator")
    assert (await site.http.get("/api/v1/skills/memo-kit")).json()["verified"] == "repository"
    site.reg.trust.confirm("ada", "https://git.example/ada/memo", "operator", undo=True)
    assert (await site.http.get("/api/v1/skills/memo-kit")).json()["verified"] is None


async def test_reports_one_open_per_user_rate_limited_and_resolved_by_the_operator(
    make_site: Callable[..., Site],
) -> None:
    from registry.reports import resolve

    site = make_site(reports_per_day=3)
    try:
        owner, bea = site.token("owner"), site.token("bea")
        for name in ("shady-tool", "other-tool", "third-tool"):
            assert (await site.publish(tar_gz({f"{name}/SKILL.md": skill_md(name)}), owner)).status_code == 201
        url = "/api/v1/skills/shady-tool/1.0.0/reports"
        assert (await site.http.post(url, json={"reason": "malicious"})).status_code == 401
        bad = await site.http.post(url, json={"reason": "dislike"}, headers=bea)
        assert bad.status_code == 422
        first = await site.http.post(url, json={"reason": "malicious", "text": "curl | sh in step 2"}, headers=bea)
        assert first.status_code == 201, first.text
        report = first.json()
        assert (report["status"], report["reason"], report["username"]) == ("open", "malicious", "bea")
        twice = await site.http.post(url, json={"reason": "spam"}, headers=bea)
        assert twice.status_code == 409 and twice.json()["error"] == "already_reported"
        assert (
            await site.http.post("/api/v1/skills/nope/1.0.0/reports", json={"reason": "spam"}, headers=bea)
        ).status_code == 404
        second = await site.http.post("/api/v1/skills/other-tool/1.0.0/reports", json={"reason": "spam"}, headers=bea)
        assert second.status_code == 201

        # Only operators (CAIRN_REGISTRY__ADMINS) list reports.
        assert (await site.http.get("/api/v1/reports", headers=bea)).status_code == 403
        listed = (await site.http.get("/api/v1/reports", headers=site.token("admin"))).json()["reports"]
        assert sorted(r["name"] for r in listed) == ["other-tool", "shady-tool"]

        resolved = resolve(site.reg.store, report["id"], "yanked", "runs a remote script", "operator")
        assert (resolved.status, resolved.outcome) == ("resolved", "yanked")
        detail = (await site.http.get("/api/v1/skills/shady-tool/1.0.0")).json()
        assert detail["yanked"] is True and "runs a remote script" in detail["yank_reason"]
        # Resolved, the user may report the skill again; the refused duplicate did not count towards the limit.
        again = await site.http.post(url, json={"reason": "other"}, headers=bea)
        assert again.status_code == 201
        limited = await site.http.post("/api/v1/skills/third-tool/1.0.0/reports", json={"reason": "spam"}, headers=bea)
        assert limited.status_code == 429 and "Retry-After" in limited.headers
        assert "3 reports within a day" in limited.json()["message"]
    finally:
        await site.http.aclose()
        site.reg.store.close()


async def test_the_web_form_takes_source_fields_and_reports_through_the_preview(site: Site) -> None:
    session = {"user": "ada", "sid": "s1"}
    site.http.cookies.update({"cairn_registry_session": site.reg.identity.signer.sign(session, 600)})
    csrf = site.reg.identity.signer.csrf(session)
    source = {"repository": "https://github.com/ada/web-kit", "license": "MIT"}
    preview = await site.http.post(
        "/publish",
        data={"csrf": csrf, **source},
        files={"archive": ("w.tar.gz", _skill("web-kit"), "application/gzip")},
    )
    assert preview.status_code == 200, preview.text
    assert "<dd>https://github.com/ada/web-kit</dd>" in preview.text and "<dd>MIT</dd>" in preview.text
    upload = re.search(r'name="upload" value="([^"]+)"', preview.text)
    hidden = dict(re.findall(r'<input type="hidden" name="(repository|license)" value="([^"]+)">', preview.text))
    assert upload is not None and hidden == source
    confirmed = await site.http.post("/publish/confirm", data={"csrf": csrf, "upload": upload.group(1), **hidden})
    assert confirmed.status_code == 303
    skill = (await site.http.get("/api/v1/skills/web-kit")).json()
    assert (skill["repository"], skill["license"]) == ("https://github.com/ada/web-kit", "MIT")

    # Reporting from the page: a reason is required, a second open report is refused with the reason shown.
    assert (await site.http.post("/skills/web-kit/report", data={"csrf": csrf, "reason": ""})).status_code == 400
    sent = await site.http.post("/skills/web-kit/report", data={"csrf": csrf, "reason": "spam", "version": "1.0.0"})
    assert sent.status_code == 303 and sent.headers["location"] == "/skills/web-kit/v/1.0.0#report"
    again = await site.http.post("/skills/web-kit/report", data={"csrf": csrf, "reason": "other"})
    assert again.status_code == 409 and "You already reported web-kit" in again.text
    assert "You reported this skill on" in (await site.http.get("/skills/web-kit")).text
    forged = await site.http.post("/skills/web-kit/report", data={"csrf": "x", "reason": "spam"})
    assert forged.status_code == 403
