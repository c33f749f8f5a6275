"""Which names pass for the project's own (registry/reserved.py), and who may still use them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from registry.reserved import reserved_name
from tests.registry.conftest import Site
from tests.registry.kit import skill_archive


@pytest.mark.parametrize(
    "name",
    [
        "cairn",
        "cairn-official",
        "cairn_team",
        "cairnbot",
        "the-cairn-team",
        "anthropic",
        "anthropic-skills",
        "claude",
        "claude-official",
        "official",
        "verified-tools",
        "Cairn",
    ],
)
def test_names_that_pass_for_the_projects_own_are_reserved(name: str) -> None:
    assert reserved_name(name)


@pytest.mark.parametrize("name", ["pdf-tools", "claude-api-helper", "deep-research", "officer-notes", "acme"])
def test_other_names_are_anyones(name: str) -> None:
    assert reserved_name(name) is None


async def test_only_the_registrys_admins_publish_under_reserved_names(make_site: Callable[..., Site]) -> None:
    site = make_site(admins=["ops"])
    async with site.http:
        refused = await site.publish(skill_archive("cairn-helper"), site.token("ada"))
        assert refused.status_code == 403 and refused.json()["error"] == "reserved_name"
        as_org = await site.publish(skill_archive("helper"), site.token("ada"), org="official")
        assert as_org.status_code == 403 and "organisation name 'official'" in as_org.json()["message"]
        assert (await site.publish(skill_archive("cairn-helper"), site.token("ops"))).status_code == 201
    site.reg.store.close()
