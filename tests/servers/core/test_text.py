"""Sentences: where one ends, and the full stops that do not end one."""

from __future__ import annotations

import pytest

from servers.core.text import sentences


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # abbreviations go on
        ("Use fixtures, e.g. tmp_path. Avoid setUp.", ["Use fixtures, e.g. tmp_path.", "Avoid setUp."]),
        ("Keep it short, i.e., one line. Thanks.", ["Keep it short, i.e., one line.", "Thanks."]),
        ("Compare (cf. the RFC) first. Then ship.", ["Compare (cf. the RFC) first.", "Then ship."]),
        ("Tabs vs. spaces is settled. Use tabs.", ["Tabs vs. spaces is settled.", "Use tabs."]),
        ("Ask Dr. Lee or Mr. Smith. They know.", ["Ask Dr. Lee or Mr. Smith.", "They know."]),
        ("See No. 5 for details. No. I meant tabs.", ["See No. 5 for details.", "No.", "I meant tabs."]),
        ("Lint, test, etc. before merging.", ["Lint, test, etc. before merging."]),
        ("We lint, test, etc. Then we merge.", ["We lint, test, etc.", "Then we merge."]),
        ("Standup is at 9 a.m. every day.", ["Standup is at 9 a.m. every day."]),
        # versions, file names, decimals
        ("Pin ruff v0.5.1 and Python 3.11. Done.", ["Pin ruff v0.5.1 and Python 3.11.", "Done."]),
        ("Edit config.yaml. Then restart.", ["Edit config.yaml.", "Then restart."]),
        ("It takes 2.5 s on average.", ["It takes 2.5 s on average."]),
        ("We target Python 3. It works.", ["We target Python 3.", "It works."]),
        ("Open https://example.com/a.b. Then log in.", ["Open https://example.com/a.b.", "Then log in."]),
        # ellipses end a sentence only when a new one starts
        ("I tried... it failed. Fine.", ["I tried... it failed.", "Fine."]),
        ("I tried… It failed.", ["I tried…", "It failed."]),
        # other marks and quotes
        ("Really?! Yes.", ["Really?!", "Yes."]),
        ('He said "stop." Then left.', ['He said "stop."', "Then left."]),
        ("ok thanks. always use uv.", ["ok thanks.", "always use uv."]),
        # Chinese and full-width punctuation need no space after them
        ("我喜欢 pytest。以后请用中文回答！好吗？", ["我喜欢 pytest。", "以后请用中文回答！", "好吗？"]),
        ("回答用中文；注释用英文。", ["回答用中文；", "注释用英文。"]),
        ("他说：“用中文。”然后走了", ["他说：“用中文。”", "然后走了"]),
        ("好的!我们用 tabs", ["好的!", "我们用 tabs"]),
        ("版本３．１１很好．下一句", ["版本３．１１很好．", "下一句"]),
        # line breaks, list markers
        ("first line\nsecond line", ["first line", "second line"]),
        ("1. Use tabs\n2. Use uv", ["1. Use tabs", "2. Use uv"]),
        ("", []),
        ("  no end mark  ", ["no end mark"]),
    ],
)
def test_sentences(text: str, expected: list[str]) -> None:
    assert sentences(text) == expected


def test_sentences_lose_nothing_but_the_spaces_between_them() -> None:
    text = "Use e.g. pytest... OK! 好的。Then v1.2 of config.yaml, etc. Done?\n\nBye"
    assert "".join(sentences(text)).replace(" ", "") == "".join(text.split())
