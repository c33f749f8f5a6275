"""What a first visit to a page needs: one response, compressed when the browser accepts it, with its
style and its script inline and allowed by the Content-Security-Policy — and nothing else allowed inline."""

from __future__ import annotations

import base64
import gzip
import hashlib
import re

import httpx

from tests.registry.conftest import Site
from tests.registry.kit import skill_archive, skill_md, tar_gz

LONG_BODY = "# Notes\n\n" + "A long line of guidance about taking notes.\n\n" * 400


async def sent(site: Site, path: str, accept_encoding: str) -> tuple[httpx.Response, bytes]:
    """The response and its body as sent (httpx would otherwise undo the compression under test)."""
    request = site.http.build_request("GET", path, headers={"Accept-Encoding": accept_encoding})
    response = await site.http.send(request, stream=True)
    body = b"".join([chunk async for chunk in response.aiter_raw()])
    await response.aclose()
    return response, body


async def test_pages_are_gzipped_when_accepted_and_only_for_visitors_without_a_session(site: Site) -> None:
    archive = tar_gz({"notes/SKILL.md": skill_md("notes", body=LONG_BODY)})
    assert (await site.publish(archive, site.token("ada"))).status_code == 201
    plain, plain_body = await sent(site, "/skills/notes", "identity")
    assert plain.headers.get("content-encoding") is None and "Accept-Encoding" in plain.headers["vary"]
    assert b"cairn skills install notes@1.0.0" in plain_body

    zipped, zipped_body = await sent(site, "/skills/notes", "gzip, deflate, br")
    assert zipped.headers["content-encoding"] == "gzip"
    assert len(zipped_body) < len(plain_body) / 4 and gzip.decompress(zipped_body) == plain_body

    refused, _ = await sent(site, "/skills/notes", "gzip;q=0, identity")
    assert refused.headers.get("content-encoding") is None
    # a signed-in page carries a CSRF token beside text the request chose: never compressed (BREACH)
    site.http.cookies.update(site.session("ada"))
    signed_in, signed_in_body = await sent(site, "/skills/notes", "gzip")
    assert signed_in.headers.get("content-encoding") is None and b'name="csrf"' in signed_in_body
    site.http.cookies.clear()
    # archives are sent as they are: already compressed
    download, _ = await sent(site, "/api/v1/skills/notes/1.0.0/archive.tar.gz", "gzip")
    assert download.headers.get("content-encoding") is None


def csp_hashes(policy: str, directive: str) -> set[str]:
    for part in policy.split(";"):
        name, *values = part.split()
        if name == directive:
            return {v.strip("'").removeprefix("sha256-") for v in values if v.startswith("'sha256-")}
    raise AssertionError(f"no {directive} in {policy}")


def sha256_b64(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


async def test_style_and_script_are_inline_and_exactly_what_the_policy_allows(site: Site) -> None:
    await site.publish(skill_archive("pdf-tools"), site.token("ada"))
    for path in ("/", "/search?q=pdf", "/skills/pdf-tools", "/no-such-page"):
        page = await site.http.get(path)
        policy = page.headers["content-security-policy"]
        styles = re.findall(r"<style>(.*?)</style>", page.text, flags=re.S)
        scripts = re.findall(r"<script>(.*?)</script>", page.text, flags=re.S)
        assert len(styles) == 1 and len(scripts) == 1, path
        assert csp_hashes(policy, "style-src") == {sha256_b64(styles[0])}
        assert csp_hashes(policy, "script-src") == {sha256_b64(scripts[0])}
        assert "'unsafe-inline'" not in policy
        # nothing the first paint or the load event would wait for
        assert '<link rel="stylesheet"' not in page.text and "<script src" not in page.text
