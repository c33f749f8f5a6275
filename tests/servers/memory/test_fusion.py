"""Score-aware fusion keeps the clear top vector hit above near-misses that both retrievers found."""

from __future__ import annotations

from servers.memory.search import FusionConfig, best_possible, fuse

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
