"""Context assembly: within budget in English and Chinese, trimmed in ``TRIM_ORDER``, never wastefully."""

from __future__ import annotations

import pytest

from servers.suite.hooks.context import (
    MIN_SKILL_CUT,
    ORDER,
    TRIM_ORDER,
    AssembledContext,
    Gathered,
    Item,
    _pieces,
    assemble,
    render_section,
)
from servers.suite.hooks.tokens import cut_to_tokens, estimate_tokens, token_counter


def gathered(zh: bool = False) -> Gathered:
    if zh:
        mem = [
            Item(
                f"第{i}条记忆：用户在项目{i}中选择了PostgreSQL数据库，并要求所有查询都使用参数化语句。",
                1 - i / 20,
                f"m{i}",
            )
            for i in range(12)
        ]
        return Gathered(
            rules=[Item("- Rule: 先运行测试再提交代码", 3.0, "r1")],
            task=[Item("把数据库迁移到 PostgreSQL 16，并保持现有的接口不变。")],
            preferences=[
                Item("语言: 中文 (confidence 0.95)", 0.95, "pref:language"),
                Item("格式: 表格 (confidence 0.70)", 0.70, "pref:format"),
            ],
            memories=mem,
            skills=[
                Item(
                    "### Skill: db-migration (80%)\n\n" + "迁移步骤：备份、建表、导入、校验。" * 30, 0.8, "db-migration"
                )
            ],
            skill_index=[Item("`report-writing` — 撰写报告", 0.55, "report-writing")],
            errors=[Item("Bash psql failed: 连接被拒绝")],
        )
    mem = [
        Item(
            f"Memory {i}: the user chose PostgreSQL for project {i} and wants parameterised queries.",
            1 - i / 20,
            f"m{i}",
        )
        for i in range(12)
    ]
    return Gathered(
        rules=[Item("- Rule: run the tests before committing", 3.0, "r1")],
        task=[Item("Migrate the database to PostgreSQL 16 without changing the public API.")],
        preferences=[
            Item("verbosity: concise (confidence 0.95)", 0.95, "pref:verbosity"),
            Item("format: table (confidence 0.70)", 0.70, "pref:format"),
        ],
        memories=mem,
        skills=[
            Item(
                "### Skill: db-migration (80%)\n\n" + "Back up, create tables, import, verify. " * 30,
                0.8,
                "db-migration",
            )
        ],
        skill_index=[Item("`report-writing` — write reports", 0.55, "report-writing")],
        errors=[Item("Bash psql failed: connection refused")],
    )


@pytest.mark.parametrize("zh", [False, True], ids=["en", "zh"])
@pytest.mark.parametrize("budget", [100, 150, 250, 400, 800, 5000])
def test_stays_within_budget_and_reports_sections(zh: bool, budget: int) -> None:
    result = assemble(gathered(zh), budget)
    assert result.total_tokens <= budget
    assert estimate_tokens(result.text) == result.total_tokens
    assert all((s.tokens > 0) == (s.items > 0) for s in result.sections)
    assert result.sections[1].name == "task" and result.sections[1].items == 1  # the anchor always stays
    assert sum(s.tokens for s in result.sections) >= result.total_tokens  # joins never add more than counted


def test_everything_fits_with_a_large_budget() -> None:
    result = assemble(gathered(), 5000)
    assert result.trimmed == []
    assert [s.name for s in result.sections] == list(ORDER)
    assert {s.name: s.items for s in result.sections}["memories"] == 12
    assert (
        result.text.index("# Cairn context")
        < result.text.index("## Current task")
        < result.text.index("## User preferences")
        < result.text.index("## Relevant memories")
        < result.text.index("## Activated skills")
    )


def test_trims_least_relevant_memories_first_then_index_then_skills() -> None:
    full = assemble(gathered(), 5000).total_tokens
    result = assemble(gathered(), full - 60)
    assert all(t.startswith("memories:") for t in result.trimmed)
    assert result.trimmed[0] == "memories:m11"  # the weakest memory goes first
    small = assemble(gathered(), 300)
    names = [t.split(":")[0] for t in small.trimmed]
    assert names == sorted(names, key=["memories", "skill_index", "skills", "errors", "preferences"].index)
    sections = {s.name: s for s in small.sections}
    # The 300-token body alone is more than what was over: it goes, and the best memories come back.
    assert sections["skills"].items == 0 and "skills:db-migration" in small.trimmed
    assert sections["memories"].refs == [f"m{i}" for i in range(sections["memories"].items)]
    assert sections["memories"].items >= 3 and sections["skill_index"].items == 1
    assert sections["task"].items == 1 and sections["fixed"].items >= 1  # never trimmed while others remain


def _plain_order_keeps(g: Gathered, budget: int) -> dict[str, list[str]]:
    """What dropping strictly in the trim order, with nothing put back, keeps: the floor the assembler must meet."""
    pieces = {s: _pieces(g, s) for s in ORDER}
    # Weakest first; errors oldest first (they are held in the order they happened).
    leaving = [(s, i) for s in TRIM_ORDER for i in sorted(range(len(pieces[s])), reverse=s != "errors")]
    out: set[tuple[str, int]] = set()

    def total() -> int:
        texts = [render_section(s, [p for i, p in enumerate(pieces[s]) if (s, i) not in out]) for s in ORDER]
        return sum(estimate_tokens(t) + 1 for t in texts if t)

    for key in leaving:
        if total() <= budget:
            break
        out.add(key)
    return {s: [p.ref for i, p in enumerate(pieces[s]) if (s, i) not in out] for s in TRIM_ORDER}


def _kept(result: AssembledContext) -> dict[str, list[str]]:
    return {s.name: s.refs for s in result.sections}


@pytest.mark.parametrize("zh", [False, True], ids=["en", "zh"])
def test_keeps_at_least_what_the_plain_order_keeps(zh: bool) -> None:
    g = gathered(zh)
    g.skills.append(Item("### Skill: short-one (60%)\n\nRun the checks.", 0.6, "short-one"))
    g.errors = [Item(e.text, ref=f"e{i}") for i, e in enumerate(g.errors * 2)]
    for budget in range(150, 1300, 25):
        result = assemble(g, budget)
        assert result.total_tokens <= budget
        floor, kept = _plain_order_keeps(g, budget), _kept(result)
        for name in TRIM_ORDER:
            assert set(floor[name]) <= set(kept[name]), (budget, name)
            dropped = [t.split(":")[1] for t in result.trimmed if t.startswith(f"{name}:") and not t.endswith(":cut")]
            assert not set(dropped) & set(kept[name]) and len(dropped) == len(_pieces(g, name)) - len(kept[name])


def _developer_task(body_tokens: int) -> Gathered:
    steps = (f"{i}. Step {i}: write the route, the schema and the test." for i in range(body_tokens // 14))
    return Gathered(
        rules=[Item("- Rule: run the tests before committing", 3.0, "r1")],
        task=[Item("Add a /health endpoint to the FastAPI app and cover it with a test.")],
        memories=[
            Item("[decision, 2025-05-02] The API is served by uvicorn behind Caddy on port 8000.", 0.82, "m1"),
            Item("[preference, 2025-05-03] Tests use httpx.AsyncClient with the app fixture.", 0.74, "m2"),
            Item("[fact, 2025-05-04] Routers live in app/routers/, one module per resource.", 0.61, "m3"),
        ],
        skills=[
            Item(
                "### Skill: fastapi-endpoints (71%)\n\n" + "\n".join(steps),
                0.71,
                "fastapi-endpoints",
            )
        ],
        skill_index=[Item("`api-docs` — keep the OpenAPI description current", 0.4, "api-docs")],
    )


def test_an_oversized_skill_body_is_cut_and_the_memories_stay() -> None:
    result = assemble(_developer_task(2000), 600)
    sections = {s.name: s for s in result.sections}
    assert result.total_tokens <= 600
    assert sections["memories"].refs == ["m1", "m2", "m3"] and sections["memories"].dropped == 0
    assert sections["skill_index"].items == 1
    # The body comes back cut to the room left, and says where the rest is.
    assert result.trimmed == ["skills:fastapi-endpoints:cut"]
    assert sections["skills"].items == 1 and sections["skills"].dropped == 0
    assert "activate_skill('fastapi-endpoints') returns the whole text" in result.text
    assert "1. Step 1:" in result.text
    assert result.total_tokens >= 550  # the budget is used, not left two-thirds empty


def test_an_oversized_skill_body_is_dropped_when_too_little_of_it_would_fit() -> None:
    g = _developer_task(2000)
    small = assemble(Gathered(rules=g.rules, task=g.task, memories=g.memories, skill_index=g.skill_index), 5000)
    result = assemble(g, small.total_tokens + MIN_SKILL_CUT // 2)
    sections = {s.name: s for s in result.sections}
    assert result.trimmed == ["skills:fastapi-endpoints"]
    assert sections["skills"].items == 0 and sections["skills"].dropped == 1
    assert sections["memories"].items == 3 and "activate_skill('fastapi-endpoints')" not in result.text


def test_items_of_similar_size_leave_in_the_plain_order() -> None:
    same = "Postgres 16 is the database of the registry and its tests."
    g = Gathered(
        task=[Item("Upgrade the registry database.")],
        memories=[Item(f"{same} ({i})", 1 - i / 10, f"m{i}") for i in range(4)],
        skill_index=[Item(f"`skill-{i}` — {same}", 0.5 - i / 10, f"s{i}") for i in range(2)],
        skills=[Item(f"### Skill: body-{i}\n\n{same}", 0.9 - i / 10, f"b{i}") for i in range(2)],
    )
    full = assemble(g, 5000).total_tokens
    for budget in range(full - 150, full, 5):
        result = assemble(g, budget)
        kept = _kept(result)
        assert {name: kept[name] for name in TRIM_ORDER} == _plain_order_keeps(g, budget), budget
        assert result.trimmed[0] == "memories:m3"


def test_errors_leave_oldest_first() -> None:
    g = Gathered(
        task=[Item("Deploy the inventory service.")],
        errors=[Item(f"Bash kubectl apply failed: error {i} " + "x" * 80, ref=f"e{i}") for i in range(3)],
    )
    full = assemble(g, 5000).total_tokens
    result = assemble(g, full - 10)
    assert result.trimmed == ["errors:e0"] and "error 2" in result.text


def test_protected_sections_are_cut_only_when_they_alone_exceed_the_budget() -> None:
    big_task = Gathered(task=[Item("Refactor the storage layer. " * 200)])
    result = assemble(big_task, 120)
    assert result.total_tokens <= 120
    assert "task:cut" in result.trimmed and "[cut to fit the budget]" in result.text


def test_chinese_is_counted_about_one_token_per_character() -> None:
    text = "用户喜欢简洁的回答，并且偏好表格格式。"
    assert estimate_tokens(text) == len(text)
    assert estimate_tokens("hello world, this is English") == 7
    assert estimate_tokens("") == 0
    assert estimate_tokens(cut_to_tokens(text * 10, 25)) <= 25


def test_tokenizer_falls_back_to_the_estimate() -> None:
    count, name = token_counter("estimate")
    assert name == "estimate" and count("abcd") == 1
    real, real_name = token_counter("anthropic")
    assert real_name.startswith(("anthropic", "estimate"))
    assert real("用户喜欢简洁") > 0


def test_an_empty_gathering_renders_nothing() -> None:
    result = assemble(Gathered(), 500)
    assert result.text == "" and result.total_tokens == 0
    assert render_section("memories", []) == ""
