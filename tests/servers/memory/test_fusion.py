"""Score-aware fusion keeps the clear top vector hit above near-misses that both retrievers found."""

from __future__ import annotations

import pytest

from servers.core.crosslang import language_of
from servers.memory.models import Entry
from servers.memory.search import FusionConfig, best_possible, calibrate_languages, fuse

FLOOR = 0.80
# The answer (row 1) is only found by vectors, clearly on top. Row 2 is a near-miss that shares a word
# with the query, so BM25 finds it too, and vectors rank it just above the floor.
KEYWORD = [(2, -3.0), (3, -2.5)]
SEMANTIC = [(1, 0.88), (4, 0.83), (5, 0.82), (2, 0.81)]


def _order(config: FusionConfig, query: str = "which seat does the user like on a plane") -> list[int]:
    candidates = fuse(query, KEYWORD, SEMANTIC, config, coverage={2: 0.2, 3: 0.2}, floor=FLOOR)
    return sorted(candidates, key=lambda r: -candidates[r].fused)


def test_score_fusion_keeps_the_top_semantic_hit_first() -> None:
    assert _order(FusionConfig())[0] == 1


def test_rank_fusion_buries_it_under_a_near_miss_found_by_both() -> None:
    # Why the default changed: RRF rewards appearing in both lists whatever the scores were.
    assert _order(FusionConfig(method="rrf"))[0] == 2


def test_identifier_queries_lean_on_keywords() -> None:
    candidates = fuse("E_TIMEOUT_4102", [(7, -9.0)], [(8, 0.86), (7, 0.81)], FusionConfig(), coverage={7: 1.0})
    assert max(candidates, key=lambda r: candidates[r].fused) == 7


def test_scores_are_within_the_ceiling() -> None:
    config = FusionConfig()
    query = "which seat does the user like on a plane"
    candidates = fuse(query, KEYWORD, SEMANTIC, config, coverage={2: 1.0, 3: 1.0}, floor=FLOOR)
    ceiling = best_possible(True, True, query, config)
    assert ceiling == 1.0
    assert all(0.0 <= c.fused <= ceiling for c in candidates.values())


def test_hits_at_the_floor_add_nothing() -> None:
    candidates = fuse("anything at all", None, [(1, 0.90), (2, FLOOR)], FusionConfig(), floor=FLOOR)
    assert candidates[1].fused == FusionConfig().semantic_share
    assert candidates[2].fused == 0.0


def _entry(content: str) -> Entry:
    return Entry(id="e", user_id="u", type="note", content=content, created_at="2026-01-01", updated_at="2026-01-01")


def test_language_follows_the_crosslang_rule() -> None:
    # One CJK character counts as a short English word: mixed text with identifiers is Chinese.
    for text, expected in (
        ("The user is allergic to penicillin", "en"),
        ("用户对青霉素过敏", "zh"),
        ("错误码 ERR_SYNC_88 表示冲突", "zh"),
        ("Sentry 项目 billing-api 的告警会发到用户的手机上", "zh"),
        ("deploy_canary.sh traffic", "en"),
        ("12345 !!", "en"),
        ("", "en"),
    ):
        assert language_of(text) == expected, text


def test_calibration_lifts_only_entries_in_the_other_language() -> None:
    entries = {
        1: _entry("Standup is at 10:15 every weekday"),
        2: _entry("每天早上六点半起床"),
        3: _entry("每周四下午六点开例会"),
    }
    hits = [(2, 0.902), (3, 0.897), (1, 0.884)]
    # An English answer to a Chinese query, 0.018 below the best same-language near-miss, comes first.
    calibrated = calibrate_languages("每天的站会几点开始", hits, entries, 0.02)
    assert [r for r, _ in calibrated] == [1, 2, 3]
    assert [s for _, s in calibrated] == pytest.approx([0.904, 0.902, 0.897])
    # An English query lifts the Chinese entries instead; the English one keeps its cosine.
    lifted = dict(calibrate_languages("when is standup", hits, entries, 0.02))
    assert lifted[1] == 0.884 and lifted[2] == pytest.approx(0.922)
    # Off, and for a hit whose entry was not loaded, nothing changes.
    assert calibrate_languages("每天的站会几点开始", hits, entries, 0.0) == hits
    assert calibrate_languages("每天的站会几点开始", [(9, 0.9)], entries, 0.02) == [(9, 0.9)]
