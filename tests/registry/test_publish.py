"""Which version a publish gets: the `version` field, SKILL.md's metadata.version, or (with `next_version`) the
one the web form proposes; `override` lets the field win; an unchanged skill is not published twice by proposal."""

from __future__ import annotations

from tests.registry.conftest import Site
from tests.registry.kit import skill_md, tar_gz


def unversioned(name: str, body: str = "") -> bytes:
    return tar_gz({f"{name}/SKILL.md": skill_md(name, None, body=body)})


async def test_next_version_is_1_0_0_then_the_next_patch(site: Site) -> None:
    ada = site.token("ada")
    first = await site.publish(unversioned("fresh"), ada, next_version="true")
    assert first.status_code == 201 and first.json()["version"] == "1.0.0"
    assert first.json()["version_from"] == "next"
    changed = await site.publish(unversioned("fresh", "# fresh\n\nNew steps.\n"), ada, next_version="true")
    assert changed.json()["version"] == "1.0.1"
    # Without next_version the API still asks for a version rather than invent one.
    plain = await site.publish(unversioned("fresh", "# fresh\n\nMore.\n"), ada)
    assert plain.status_code == 422 and plain.json()["error"] == "no_version"


async def test_the_same_bytes_are_not_proposed_a_new_number(site: Site) -> None:
    ada = site.token("ada")
    assert (await site.publish(unversioned("again"), ada, next_version="true")).status_code == 201
    repeat = await site.publish(unversioned("again"), ada, next_version="true")
    assert repeat.status_code == 409 and repeat.json()["error"] == "already_published"
    assert "again 1.0.0" in repeat.json()["message"]
    # Asked for by number, the same bytes may still become another version.
    assert (await site.publish(unversioned("again"), ada, version="2.0.0")).status_code == 201


async def test_declared_version_is_used_and_override_lets_the_field_win(site: Site) -> None:
    ada = site.token("ada")
    declared = tar_gz({"decl/SKILL.md": skill_md("decl", "0.1.0")})
    used = await site.publish(declared, ada, next_version="true", dry_run="true")
    assert (used.json()["version"], used.json()["version_from"]) == ("0.1.0", "skill_md")
    refused = await site.publish(declared, ada, version="1.0.0")
    assert refused.json()["error"] == "version_mismatch" and "override=true" in refused.json()["message"]
    won = await site.publish(declared, ada, version="1.0.0", override="true")
    assert won.status_code == 201 and (won.json()["version"], won.json()["version_from"]) == ("1.0.0", "given")


async def test_a_declared_version_that_is_not_semver_says_how_to_give_one(site: Site) -> None:
    loose = tar_gz({"loose/SKILL.md": skill_md("loose", "1.0")})
    refused = await site.publish(loose, site.token("ada"), next_version="true")
    assert refused.json()["error"] == "bad_version"
    assert "SKILL.md's metadata.version '1.0'" in refused.json()["message"] and "--version" in refused.json()["message"]
