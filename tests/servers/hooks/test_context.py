"""Context assembly (002 §1.1): within budget in English and Chinese, trimmed in the seed's order."""

from __future__ import annotations

import pytest

from servers.hooks.context import ORDER, Gathered, Item, assemble, render_section
from servers.hooks.tokens import cut_to_tokens, estimate_tokens, token_counter


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
    assert sections["memories"].items == 0 and sections["skills"].items == 0
    assert sections["task"].items == 1 and sections["fixed"].items >= 1  # never trimmed while others remain


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
