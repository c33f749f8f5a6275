"""The publish limit as a person meets it: in minutes, and on the web form before the preview, not after it."""

from __future__ import annotations

import re
from collections.abc import Callable

from registry import limits
from tests.registry.conftest import Site
from tests.registry.kit import skill_archive


def test_waits_are_said_in_whole_minutes_rounded_up() -> None:
    assert [limits.RateLimited(s).wait for s in (1, 60, 61, 2456)] == [
        "1 minute",
        "1 minute",
        "2 minutes",
        "41 minutes",
    ]


async def test_the_web_preview_says_the_limit_before_the_work(make_site: Callable[..., Site]) -> None:
    site = make_site(publish_per_hour=1)
    async with site.http:
        assert (await site.publish(skill_archive("first-tool"), site.token("ada"))).status_code == 201
        api = await site.publish(skill_archive("second-tool"), site.token("ada"))
        assert api.status_code == 429 and api.json()["message"].endswith(" minutes")
        session = {"user": "ada", "sid": "s1"}
        site.http.cookies.update({"cairn_registry_session": site.reg.identity.signer.sign(session, 600)})
        csrf = site.reg.identity.signer.csrf(session)
        archive = ("s.tar.gz", skill_archive("second-tool"), "application/gzip")
        preview = await site.http.post("/publish", data={"csrf": csrf}, files={"archive": archive})
        assert preview.status_code == 429
        said = re.search(r"published 1 versions within the last hour; try again in (\d+) minutes", preview.text)
        assert said is not None and 1 <= int(said.group(1)) <= 60
        assert 'name="upload"' not in preview.text  # nothing held for a confirmation that would be refused
    site.reg.store.close()
