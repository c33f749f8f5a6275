"""Query parameters of the JSON API read through their models: each wrong one is refused with 400 and a
message naming it, as the handlers worded it before the models existed; the first in the model's order wins."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.registry.conftest import Site


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("sort=stars", "sort must be one of relevance, popular, recent, name"),
        ("sort=", "sort must be one of relevance, popular, recent, name"),  # given empty is no order either
        ("page=0", "page must be a whole number from 1 to 10000"),
        ("page=%2B2", "page must be a whole number from 1 to 10000"),  # digits only: no sign
        ("per_page=101", "per_page must be a whole number from 1 to 100"),
        ("per_page=", "per_page must be a whole number from 1 to 100"),
        ("q=a%00b", "q contains a control character (such as NUL); remove it"),
        ("category=" + "c" * 41, "category is longer than 40 characters"),
        ("page=0&sort=stars", "sort must be one of relevance, popular, recent, name"),  # sort is checked first
        ("tag=" + "t" * 31 + "&page=x", "tag is longer than 30 characters"),
    ],
)
async def test_a_wrong_search_parameter_is_named(site: Site, query: str, message: str) -> None:
    response = await site.http.get(f"/api/v1/skills?{query}")
    assert response.status_code == 400
    assert response.json() == {"error": "bad_parameter", "message": message}


async def test_blank_and_padded_filters_are_read_as_a_form_sends_them(site: Site) -> None:
    everything = (await site.http.get("/api/v1/skills")).json()
    blank = (await site.http.get("/api/v1/skills?q=%20&category=&tag=%09")).json()
    assert blank["total"] == everything["total"] > 0
    first = everything["items"][0]["name"]
    padded = (await site.http.get(f"/api/v1/skills?q=%20{first}%20&per_page=1")).json()
    assert padded["per_page"] == 1 and padded["items"][0]["name"] == first


async def test_reports_and_org_skills_choose_from_their_lists(make_site: Callable[..., Site]) -> None:
    site = make_site(admins=["ops"])
    bad = await site.http.get("/api/v1/reports?status=closed", headers=site.token("ops"))
    assert bad.status_code == 400 and bad.json()["message"] == "status is one of open, resolved, all"
    assert (await site.http.get("/api/v1/reports?status=", headers=site.token("ops"))).json() == {"reports": []}
    site.reg.accounts.ensure_org("acme", "ada")
    wrong = await site.http.get("/api/v1/orgs/acme/skills?scope=mine", headers=site.token("ada"))
    assert wrong.status_code == 400 and wrong.json()["message"] == "scope must be one of system, org, all"
    own = await site.http.get("/api/v1/orgs/acme/skills?scope=%20org%20", headers=site.token("ada"))
    assert own.status_code == 200 and own.json() == {"org": "acme", "skills": []}


async def test_the_search_page_reads_its_form_leniently(site: Site) -> None:
    """The HTML search page reads the same kind of model, lenient where a person typed: an order it does not
    know shows by relevance and a blank page number the first page; a page that is not a number is named."""
    plain = await site.http.get("/search?q=pdf")
    assert plain.status_code == 200
    lenient = await site.http.get("/search?q=pdf&sort=stars&page=&category=")
    assert lenient.status_code == 200 and lenient.text.count("pdf-tools") == plain.text.count("pdf-tools")
    for query, message in [
        ("page=x", "page must be a whole number from 1 to 10000"),
        ("page=0", "page must be a whole number from 1 to 10000"),
        ("license=" + "l" * 81, "license is longer than 80 characters"),
        ("q=a%00b", "q contains a control character (such as NUL); remove it"),
    ]:
        refused = await site.http.get(f"/search?{query}")
        assert refused.status_code == 400 and message in refused.text, query


async def test_the_compare_form_reads_from_and_to(site: Site) -> None:
    """``from`` is a Python keyword: the model's field has it as its alias, and the query string uses it."""
    chosen = await site.http.get("/skills/pdf-tools/diff?from=1.0.0&to=1.1.0", follow_redirects=False)
    assert chosen.status_code == 303 and chosen.headers["location"] == "/skills/pdf-tools/diff/1.0.0/1.1.0"
    half = await site.http.get("/skills/pdf-tools/diff?from=1.0.0", follow_redirects=False)
    assert half.status_code == 400 and "Choose two versions to compare." in half.text
    long = await site.http.get("/skills/pdf-tools/diff?from=" + "9" * 65 + "&to=1", follow_redirects=False)
    assert long.status_code == 400 and "from is longer than 64 characters" in long.text
