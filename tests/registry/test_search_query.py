"""What registry/query.py makes of a query: the words a typo is corrected to and when not, the English
senses a Chinese word is searched by, the did-you-mean. The dictionary is CC-CEDICT's (loaded once)."""

from __future__ import annotations

import pytest

from registry.query import Query, Vocabulary, analyse
from servers.core import crosslang

VOCAB = Vocabulary.of(
    "powerpoint pptx slides presentation brainstorming whether forest fuzzing rust slack gif invoice".split()
)


@pytest.fixture(scope="module", autouse=True)
def dictionary() -> None:
    assert crosslang.wait_loaded(120) and crosslang.lexicon() is not None


def variants(query: Query) -> dict[str, tuple[str, ...]]:
    return {unit.word: unit.variants for unit in query.units}


def test_a_misspelt_word_is_searched_under_the_indexed_spelling_and_proposed() -> None:
    asked = analyse("powerpiont", VOCAB)
    assert variants(asked) == {"powerpiont": ("powerpiont", "powerpoint", "pptx", "slides")}
    assert asked.corrected == ["powerpiont→powerpoint"] and asked.did_you_mean == "powerpoint"
    assert analyse("Fuzing RUST", VOCAB).did_you_mean == "fuzzing rust"


def test_an_english_word_the_index_lacks_is_not_a_typo() -> None:
    asked = analyse("weather forecast", VOCAB)  # one letter from "whether", close to "forest"
    assert variants(asked) == {"weather": ("weather",), "forecast": ("forecast",)}
    assert asked.corrected == [] and asked.did_you_mean is None


def test_without_the_dictionary_words_are_corrected_as_before() -> None:
    asked = analyse("weather", VOCAB, dictionary=False)
    assert asked.corrected == ["weather→whether"] and asked.complete


def test_a_chinese_word_is_searched_by_its_english_senses() -> None:
    asked = analyse("生成演示文稿", VOCAB)
    found = variants(asked)
    assert "presentation" in found["演示文稿"] and "演示" in found["演示文稿"]  # the index's character pairs too
    assert "generate" in found["生成"]
    assert asked.did_you_mean is None


def test_two_words_the_index_knows_as_one_are_joined() -> None:
    asked = analyse("power point", VOCAB)
    assert variants(asked) == {"powerpoint": ("power", "point", "powerpoint", "pptx", "slides")}
    assert asked.did_you_mean is None  # not a misspelling: the words were right, only apart
