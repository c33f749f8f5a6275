from __future__ import annotations

import pytest

from servers.core.text import contradicts, fts_match_expression, index_text, salient_tokens, terms, top_keywords


def test_chinese_runs_become_overlapping_pairs() -> None:
    assert terms("我喜欢海鲜") == ["我喜", "喜欢", "欢海", "海鲜"]
    assert "喜欢 欢海" in index_text("我喜欢海鲜 today")


def test_identifiers_stay_whole() -> None:
    assert "err_conn_reset" in terms("got ERR_CONN_RESET from proxy")
    assert "parse_config_v2" in terms("call parse_config_v2()")


@pytest.mark.parametrize(
    "hostile",
    ['"', "NEAR(a b", "foo AND", "*", "(((", "body: x", 'a" OR "b', "^start", "-x", "a:b:c"],
)
def test_match_expression_quotes_everything(hostile: str) -> None:
    expression = fts_match_expression(hostile)
    if expression is not None:
        for part in expression.split(" OR "):
            assert part.startswith('"') and part.endswith('"')


def test_match_expression_none_when_nothing_searchable() -> None:
    assert fts_match_expression("!!! ???") is None


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("User prefers dark mode", "User prefers light mode"),
        ("The build fails with error 404", "The build fails with error 500"),
        ("Deploy to port 8080", "Deploy to port 9090"),
        ("I like spicy food", "I don't like spicy food"),
        ("用户喜欢深色主题", "用户喜欢浅色主题"),
        ("call parse_config_v1", "call parse_config_v2"),
        ("每天晚上练习十五分钟", "每天晚上练习四十五分钟"),
        ("打印机在十九楼", "打印机在九楼"),
    ],
)
def test_contradictions_are_detected(a: str, b: str) -> None:
    assert contradicts(a, b)


def test_rephrasings_are_not_contradictions() -> None:
    assert not contradicts("User prefers dark mode in the editor", "the user prefers dark mode for the editor")


def test_salient_tokens_and_keywords() -> None:
    assert {"8080", "v2.3", "err_timeout"} <= salient_tokens("v2.3 on 8080 failed: ERR_TIMEOUT")
    assert top_keywords("deploy parser; parser tests; deploy again", 2) == ["deploy", "parser"]


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("The user prefers dark mode in the editor", "the user prefers dark mode for the editor", True),
        ("Uses a standing desk", "Uses a standing desk at work", True),
        ("alpha wrote note 17", "beta wrote note 17", False),
        ("Alice owns the billing service", "Bob owns the billing service", False),
        ("I like green tea", "I don't like green tea", False),
        ("用户喜欢深色主题", "用户喜欢浅色主题", False),
    ],
)
def test_same_statement(a: str, b: str, same: bool) -> None:
    from servers.memory.dedupe import same_statement

    assert same_statement(a, b) is same


def test_chinese_query_terms_skip_function_words() -> None:
    from servers.core.text import query_terms

    assert query_terms("项目为什么延期了") == ["项目", "延期"]
    assert "有效" in query_terms("这个方法有效吗")  # single characters that begin words are kept


def test_chinese_restatement_counts_as_the_same_statement() -> None:
    from servers.memory.dedupe import same_statement

    assert same_statement("用户用站立式办公桌。", "用户在公司用站立式办公桌。")
