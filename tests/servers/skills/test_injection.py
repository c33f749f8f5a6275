"""Token budget and the prompt section."""

from __future__ import annotations

from pathlib import Path

from servers.skills.injection import build_prompt, cut_to_tokens, fit_budget, prepare
from servers.skills.loader import build_skill
from servers.skills.models import Skill
from servers.skills.service import SkillsService
from servers.skills.text import estimate_tokens
from tests.servers.skills.conftest import write_skill


def skill(name: str, body: str, max_tokens: int | None = None) -> Skill:
    fm: dict[str, object] = {"name": name, "description": f"{name} description"}
    if max_tokens:
        fm["max_tokens"] = max_tokens
    return build_skill(name, fm, body, Path(name), Path(name) / "SKILL.md", "system")


def body(s: Skill) -> tuple[str, int]:
    return prepare(s, s.body, 2000)


def test_token_estimate_counts_cjk_per_character() -> None:
    assert estimate_tokens("abcd" * 10) == 10
    assert estimate_tokens("技能匹配") == 4


def test_budget_stops_at_the_first_match_that_does_not_fit() -> None:
    a, b, c = skill("a", "x" * 1200), skill("b", "y" * 1200), skill("c", "z" * 40)  # 300, 300, 10 tokens
    got = fit_budget([(a, 0.9), (b, 0.8), (c, 0.7)], budget=500, prepared=body)
    assert [i.skill.name for i in got] == ["a"]  # b does not fit, and injection stops there: c may not jump ahead of it
    got = fit_budget([(a, 0.9), (c, 0.8), (b, 0.7)], budget=500, prepared=body)
    assert [(i.skill.name, i.tokens) for i in got] == [("a", 300), ("c", 10)]


def test_a_body_over_its_max_tokens_is_cut_with_a_pointer() -> None:
    long = skill("long", "\n".join(f"line {i} " + "w" * 30 for i in range(200)), max_tokens=100)
    [item] = fit_budget([(long, 1.0)], budget=4000, prepared=body)
    assert item.tokens <= 130 and "activate_skill('long')" in item.text
    text, cut = cut_to_tokens("short", 10)
    assert (text, cut) == ("short", False)


def test_prompt_has_bodies_then_a_bounded_index() -> None:
    a = skill("a", "Do A.")
    [item] = fit_budget([(a, 0.75)], 4000, body)
    others = [skill(f"o{i}", "") for i in range(100)]
    prompt = build_prompt([item], others, index_budget=60)
    assert prompt.index("## Skill: a (confidence: 75%)") < prompt.index("# Other Available Skills")
    assert "- `o0` — o0 description" in prompt and "more: search_skills finds them" in prompt
    assert estimate_tokens(prompt.split("# Other Available Skills")[1]) < 120


def test_match_tool_output_reports_skills_left_out_by_the_budget(make_service: object, roots: dict[str, Path]) -> None:
    service: SkillsService = make_service(token_budget=300)  # type: ignore[operator]
    trig = {"intent_patterns": ["deploy"]}
    write_skill(roots["project"], "big", body="b" * 2000, triggers=trig, priority=9)
    write_skill(roots["project"], "small", body="tiny", triggers=trig)
    result = service.match("deploy now", session_id="s1")
    assert [(m.name, m.injected) for m in result.matches] == [("big", False), ("small", False)]
    assert "# Activated Skills" not in result.prompt and "`big`" in result.prompt
