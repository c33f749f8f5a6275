"""SkillMatcher scoring and conflict rules, case by case."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from servers.skills.catalog import Library
from servers.skills.loader import build_skill
from servers.skills.matcher import Cooldowns, MatchContext, SkillMatcher, TriggerIndex
from servers.skills.models import MatchSignal, Skill
from servers.skills.settings import SkillsSettings


def skill(name: str, description: str = "", **fm: Any) -> Skill:
    front = {"name": name, "description": description or f"{name} skill", **fm}
    return build_skill(name, front, f"# {name}\n", Path(f"/s/{name}"), Path(f"/s/{name}/SKILL.md"), "system")


def library(*skills: Skill) -> Library:
    table = {s.name: s for s in skills}
    return Library(table, {"system": table, "user": {}, "project": {}}, (), generation=1)


RESEARCH = {
    "intent_patterns": ["调研|研究", "research|investigate"],
    "tool_signals": ["web_search", "web_fetch"],
    "context_signals": {"keywords": ["竞品", "行业", "趋势", "方案对比"], "slots": {"task_type": ["research"]}},
}


def trigger_signals(one: Skill, ctx: MatchContext) -> list[MatchSignal]:
    """The trigger signals the matcher finds for one skill."""
    return TriggerIndex([one]).signals(ctx).get(0, [])


def scores(matcher: SkillMatcher, lib: Library, **ctx: Any) -> dict[str, float]:
    return {c.skill.name: c.score for c in matcher.match(lib, MatchContext(**ctx))}


def test_intent_pattern_alone_scores_half_and_passes_default_threshold() -> None:
    m = SkillMatcher(SkillsSettings())
    assert scores(m, library(skill("deep", triggers=RESEARCH)), task="please Research this") == {"deep": 0.5}


def test_only_the_first_matching_intent_pattern_counts() -> None:
    signals = trigger_signals(skill("deep", triggers=RESEARCH), MatchContext("研究 research"))
    assert [(s.type, s.weight) for s in signals] == [("intent_pattern", 0.5)]
    assert signals[0].detail == "调研|研究"


def test_every_signal_adds_its_weight() -> None:
    ctx = MatchContext(
        "research the 竞品 and 行业",
        recent_tools=["web_search", "web_fetch", "other"],
        slots={"task_type": "research"},
    )
    signals = trigger_signals(skill("deep", triggers=RESEARCH), ctx)
    assert [(s.type, s.weight) for s in signals] == [
        ("intent_pattern", 0.5),
        ("tool_signal", 0.25),
        ("tool_signal", 0.25),
        ("context_keyword", 0.075),  # 0.15 x 2/4
        ("context_slot", 0.1),
    ]
    assert signals[3].detail == "2/4 keywords"
    # The sum (1.175) is capped at 1.
    assert scores(
        SkillMatcher(SkillsSettings()),
        library(skill("deep", triggers=RESEARCH)),
        task=ctx.task,
        recent_tools=ctx.recent_tools,
        slots=ctx.slots,
    ) == {"deep": 1.0}


def test_tool_signal_and_keywords_without_intent_fall_short_of_the_threshold() -> None:
    lib = library(skill("deep", triggers=RESEARCH))
    m = SkillMatcher(SkillsSettings())
    assert scores(m, lib, task="看看竞品", recent_tools=["web_search"]) == {}  # 0.25 + 0.0375
    assert scores(m, lib, task="看看竞品", recent_tools=["web_search", "web_fetch"]) == {"deep": 0.5375}


def test_slot_value_must_be_listed() -> None:
    signals = trigger_signals(skill("deep", triggers=RESEARCH), MatchContext("x", slots={"task_type": "chat"}))
    assert signals == []


def test_per_skill_threshold() -> None:
    strict = skill("strict", triggers={"intent_patterns": ["deploy"], "confidence_threshold": 0.6})
    loose = skill("loose", triggers={"intent_patterns": ["deploy"], "confidence_threshold": 0.3})
    m = SkillMatcher(SkillsSettings())
    assert scores(m, library(strict, loose), task="deploy it") == {"loose": 0.5}
    assert scores(m, library(strict, loose), task="deploy it", recent_tools=[]) == {"loose": 0.5}


def test_exclusive_group_keeps_the_highest_priority_even_with_a_lower_score() -> None:
    broad = skill("broad", triggers={**RESEARCH}, priority=9, exclusive_group="research")
    narrow = skill(
        "narrow",
        triggers={"intent_patterns": ["research"], "tool_signals": ["web_search"]},
        priority=4,
        exclusive_group="research",
    )
    other = skill("other", triggers={"intent_patterns": ["research"]})
    got = scores(
        SkillMatcher(SkillsSettings()), library(broad, narrow, other), task="research", recent_tools=["web_search"]
    )
    assert got == {"broad": 0.75, "other": 0.5}


def test_at_most_three_best_first() -> None:
    many = [
        skill(f"s{i}", triggers={"intent_patterns": ["go"], "tool_signals": ["t"] if i < 2 else []}) for i in range(6)
    ]
    result = SkillMatcher(SkillsSettings()).match(library(*many), MatchContext("go", recent_tools=["t"]))
    assert [(c.skill.name, c.score) for c in result] == [("s0", 0.75), ("s1", 0.75), ("s2", 0.5)]


def test_cooldown_is_per_session_and_expires() -> None:
    cool = skill("cool", triggers={"intent_patterns": ["go"]}, cooldown=300)
    cooldowns = Cooldowns()
    m = SkillMatcher(SkillsSettings(), cooldowns)
    lib = library(cool)
    cooldowns.mark("s1", "cool", at=1000.0)
    cands = m.candidates(lib, MatchContext("go", session_id="s1"))
    assert m.resolve(cands, "s1", now=1100.0) == []
    assert [c.skill.name for c in m.resolve(cands, "s2", now=1100.0)] == ["cool"]
    assert [c.skill.name for c in m.resolve(cands, "s1", now=1300.0)] == ["cool"]
    assert [c.skill.name for c in m.resolve(cands, None, now=1100.0)] == ["cool"]


@pytest.mark.parametrize(("factor", "expected"), [(1.2, 0.6), (0.6, None)])
def test_feedback_multiplier_scales_the_score(factor: float, expected: float | None) -> None:
    lib = library(skill("fb", triggers={"intent_patterns": ["go"]}))
    result = SkillMatcher(SkillsSettings()).match(lib, MatchContext("go"), {"fb": factor})
    if expected is None:
        assert result == []  # 0.5 x 0.6 = 0.3 falls under the threshold
    else:
        assert result[0].score == expected
        assert result[0].signals[-1].type == "feedback"
        assert result[0].signals[-1].weight == pytest.approx(0.1)


def test_multiplied_score_is_capped_at_one() -> None:
    lib = library(skill("fb", triggers={**RESEARCH}))
    ctx = MatchContext("research", recent_tools=["web_search", "web_fetch"])
    assert SkillMatcher(SkillsSettings()).match(lib, ctx, {"fb": 1.2})[0].score == 1.0


def test_skills_without_triggers_match_through_their_description() -> None:
    plain = skill("pdf-forms", "Fill in PDF forms and extract form fields from PDF documents.")
    other = skill("slides", "Create slide decks and presentations.")
    m = SkillMatcher(SkillsSettings())
    got = m.match(library(plain, other), MatchContext("fill the form fields in this PDF"))
    assert [c.skill.name for c in got] == ["pdf-forms"]
    assert got[0].signals[0].type == "description"
    assert scores(m, library(plain, other), task="fill in my tax return") == {}  # one shared word of three
    assert scores(m, library(plain, other), task="what is the weather") == {}


def test_triggered_skills_do_not_match_on_description_words() -> None:
    trig = skill("deploying", "Deploy services to production clusters.", triggers={"intent_patterns": ["^never$"]})
    assert scores(SkillMatcher(SkillsSettings()), library(trig), task="deploy services to production clusters") == {}


def test_another_conventions_trigger_phrases_fire_on_their_own() -> None:
    incident = skill("incident", "Runbook for outages.", triggers=["page the on-call", "sev1"])
    assert incident.triggers is None and incident.phrases == ("page the on-call", "sev1")
    m = SkillMatcher(SkillsSettings())
    [got] = m.match(library(incident), MatchContext("we have a SEV1, Page the  on-call now"))
    assert [(s.type, s.detail) for s in got.signals] == [("trigger_phrase", "page the on-call")]
    assert got.score == 0.5
    assert m.match(library(incident), MatchContext("sev10 dashboards")) == []  # a phrase is a whole word


def test_without_vectors_the_keyword_fallback_uses_its_own_threshold() -> None:
    plain = skill("pdf-forms", "Fill in PDF forms and extract form fields from PDF documents.")
    other = skill("slides", "Create slide decks and presentations.")
    task = MatchContext("fill the PDF form for my taxes")  # 3 of 4 words: coverage about 0.63
    assert SkillMatcher(SkillsSettings(description_threshold=0.67)).match(library(plain, other), task) == []
    [got] = SkillMatcher(SkillsSettings(description_threshold=0.5)).match(library(plain, other), task)
    assert got.skill.name == "pdf-forms" and 0.5 <= got.score < 0.67


@pytest.mark.parametrize(
    ("text", "phrase", "found"),
    [
        ("please create a hook now", "create a hook", True),
        ("create a hooks file", "create a hook", False),
        ("pdfs everywhere", "pdf", False),
        ("帮我部署应用", "部署", True),
        ("run /deploy-prod", "deploy", True),
    ],
)
def test_phrases_match_whole_words_only(text: str, phrase: str, found: bool) -> None:
    from servers.skills.matcher import contains_phrase

    assert contains_phrase(text, phrase) is found


def meaning_of(*skills: Skill) -> Any:
    """A MeaningIndex with one axis per skill (no hub bias: every skill is equally far from the others)."""
    import numpy as np

    from servers.skills.meaning import MeaningIndex

    axes = np.eye(len(skills), dtype=np.float32)
    return MeaningIndex(list(skills), axes, axes)


def towards(weights: list[float]) -> Any:
    import numpy as np

    return np.asarray(weights, dtype=np.float32)


def test_between_two_capped_fits_the_stronger_ranks_first_not_the_first_name() -> None:
    # Both fits are far over the threshold, so both scores cap at 1; "alpha" would win on its name.
    alpha = skill("alpha", "Review pull requests for style.")
    beta = skill("beta", "Scan pull requests for security issues.")
    lib, meaning = library(alpha, beta), meaning_of(alpha, beta)
    ctx = MatchContext("weather", vector=towards([0.96, 0.99]))
    got = SkillMatcher(SkillsSettings()).match(lib, ctx, meaning=meaning)
    assert [(c.skill.name, c.score) for c in got] == [("beta", 1.0), ("alpha", 1.0)]
    assert got[0].fit > got[1].fit > 1.0


def test_a_cjk_requests_rendering_counts_as_keyword_evidence_and_says_so() -> None:
    pdf = skill("pdf-tools", "Merge, split and watermark PDF files.")
    slides = skill("slides", "Create slide decks and presentations.")
    lib, meaning = library(pdf, slides), meaning_of(pdf, slides)
    # Meaning alone falls short (adjusted cosine 0.75 against 0.845); the glosses cover "merge" and "pdf".
    task = "把这三个 PDF 合并成一个"
    plain = MatchContext(task, vector=towards([0.75, 0.2]))
    rendered = MatchContext(task, vector=towards([0.75, 0.2]), rendering="PDF merge one")
    m = SkillMatcher(SkillsSettings())
    assert m.match(lib, plain, meaning=meaning) == []
    [got] = m.match(lib, rendered, meaning=meaning)
    assert got.skill.name == "pdf-tools"
    types = [s.type for s in got.signals]
    assert types[0] == "meaning" and "rendered_description" in types
    [signal] = [s for s in got.signals if s.type == "rendered_description"]
    assert "merge" in signal.detail and "CC-CEDICT" in signal.detail
    assert got.score == pytest.approx(sum(s.weight for s in got.signals), abs=1e-3)


def test_a_rendering_takes_the_sense_of_each_word_that_the_library_speaks_of() -> None:
    security = skill("pr-security", "Review pull requests for security risks.")
    slides = skill("slides", "Create slide decks and presentations.")
    lib, meaning = library(security, slides), meaning_of(security, slides)
    # 审查这个 PR 的安全风险: the dictionary's first sense of 安全 is "safe", the library's is "security".
    senses = (("examine", "investigate"), ("PR",), ("safe", "secure", "safety", "security"), ("risk", "hazard"))
    first = "examine PR safe risk"
    vector = towards([0.79, 0.2])  # meaning alone is 0.055 short: the glosses must cover half the request
    m = SkillMatcher(SkillsSettings())
    assert m.match(lib, MatchContext("审查这个 PR 的安全风险", vector=vector, rendering=first), meaning=meaning) == []
    ctx = MatchContext("审查这个 PR 的安全风险", vector=vector, rendering=first, senses=senses)
    [got] = m.match(lib, ctx, meaning=meaning)
    assert got.skill.name == "pr-security"
    [signal] = [s for s in got.signals if s.type == "rendered_description"]
    assert "security" in signal.detail and "safe" not in signal.detail


def test_gloss_terms_pick_the_known_sense_and_keep_the_first_otherwise() -> None:
    from servers.skills.matcher import DescriptionIndex

    index = DescriptionIndex(
        [skill("plugins", "Scaffold a plugin with security checks."), skill("notes", "Keep security notes.")]
    )
    got = index.gloss_terms(
        [
            ("safe", "secure", "security"),  # "security" is in both descriptions
            ("plug-in", "plug in a component"),  # written "plugin" by the library
            ("depot", "warehouse"),  # no sense known: the first
            ("make", "produce", "scaffold"),  # a function word first: no content, not a far sense
            ("cross-border",),  # no "crossborder" in the library: split at the hyphen
        ]
    )
    assert got == ["security", "plugin", "depot", "cross", "border"]
    # A sense past the first four is not taken, however well the library knows it.
    assert index.gloss_terms([("a1", "b1", "c1", "d1", "security")]) == ["a1"]


def test_a_rendering_is_not_used_next_to_a_translation() -> None:
    pdf = skill("pdf-tools", "Merge, split and watermark PDF files.")
    slides = skill("slides", "Create slide decks and presentations.")
    lib, meaning = library(pdf, slides), meaning_of(pdf, slides)
    vector = towards([0.83, 0.2])
    ctx = MatchContext(
        "把这三个 PDF 合并成一个",
        vector=vector,
        translation="combine three into one",
        translation_vector=vector,
        rendering="PDF merge one",
    )
    assert SkillMatcher(SkillsSettings()).match(lib, ctx, meaning=meaning) == []


def test_meaning_alone_with_no_shared_word_must_clear_the_threshold_by_more() -> None:
    fuzz = skill("ruby-fuzzer", "Fuzz Ruby C extensions with a coverage-guided fuzzer.")
    slides = skill("slides", "Create slide decks and presentations.")
    lib, meaning = library(fuzz, slides), meaning_of(fuzz, slides)
    m = SkillMatcher(SkillsSettings())
    # Adjusted cosine 0.85: over the threshold (0.845), not over it by the 0.01 a wordless fit needs.
    assert (
        m.match(lib, MatchContext("recommend a book on fuzzy logic", vector=towards([0.85, 0.1])), meaning=meaning)
        == []
    )
    # The same fit with one word in common matches; a clearly stronger wordless fit matches and says why.
    [worded] = m.match(lib, MatchContext("a book about extensions", vector=towards([0.85, 0.1])), meaning=meaning)
    assert worded.skill.name == "ruby-fuzzer" and "no_shared_words" not in [s.type for s in worded.signals]
    [strong] = m.match(lib, MatchContext("recommend a book", vector=towards([0.87, 0.1])), meaning=meaning)
    assert [s.type for s in strong.signals] == ["meaning", "no_shared_words"]
    assert strong.score == pytest.approx(sum(s.weight for s in strong.signals), abs=1e-3)
