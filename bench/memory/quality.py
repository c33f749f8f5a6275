"""Retrieval quality of memory_recall on the mixed EN/ZH evaluation set, with near-miss distractors.

    .venv/bin/python -m bench.memory.quality                 # everything (about 2-4 minutes)
    .venv/bin/python -m bench.memory.quality --misses        # also list each query the hybrid mode misses
    .venv/bin/python -m bench.memory.quality --json out.json
    .venv/bin/python -m bench.memory.quality --postgres      # the same on PostgreSQL + pgvector (local server)
    .venv/bin/python -m bench.memory.quality --database-url postgresql://…   # or on a server of yours

One user, the 215 notes (110 development + 45 held-out + 34 fresh held-out + 26 late held-out) plus
``--distractors`` seeded near-misses, written through ``MemoryService.write`` (so they are embedded and indexed
exactly as in production). Every query runs
in keyword, semantic and hybrid mode; Recall@5 counts the relevant notes in the top 5 (divided by the
number of relevant notes), MRR uses the first relevant note in the top 10. Every figure is given for
the development split (``queries.jsonl``, on which fusion and floors were tuned) and the held-out
split (``heldout_queries.jsonl``, written before the fusion change and never tuned on, but read when
the fusion change was reported) and the fresh held-out split (``fresh_*.jsonl``, written before any
cross-language option was tried, never tuned on) and the late held-out split (``late_*.jsonl``, written before
query expansion was tried and run only to report it; ``--splits`` leaves it out of tuning runs). ``--rewritten``
adds semantic and hybrid runs through the opt-in LLM query rewrite, hand-written rewrites standing in for the
model (bench/memory/hand_rewrites.py). "old hybrid"
is the earlier default, Reciprocal Rank Fusion; "hybrid before" is score fusion without the cross-language
calibration of the vector leg (``FusionConfig.cross_language_bonus`` 0). Then two hypotheses are tested on
the development data: which fusion weights, and which semantic floor, give the best hybrid recall.

Loading uses ``dedupe=False`` so the stored set is exactly the generated set; a separate audit asks
the dedupe rule which stored pairs it *would* merge. Every distractor differs from every other text in
some fact, so each such pair is a false merge.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from collections import defaultdict
from dataclasses import asdict, dataclass, replace
from pathlib import Path

import numpy as np

from bench.memory.common import (
    DATASET,
    USER,
    Note,
    Query,
    add_backend_arguments,
    backend_url,
    load_notes,
    load_queries,
    machine,
    make_service,
)
from bench.memory.dataset.distractors import generate
from bench.memory.hand_rewrites import hand_rewrites
from servers.memory.dedupe import find_duplicate
from servers.memory.rewrite import QueryRewriter
from servers.memory.search import FusionConfig
from servers.memory.service import MemoryService
from servers.memory.storage.store_pg import PgMemoryStore

MODES = ("keyword", "semantic", "old hybrid", "hybrid before", "hybrid")
OLD_FUSION = FusionConfig(method="rrf", cross_language_bonus=0.0)
# The default before the cross-language calibration of the vector leg (score fusion, no bonus).
BEFORE_FUSION = FusionConfig(cross_language_bonus=0.0)
KINDS = ("paraphrase", "identifier", "chinese", "cross_language", "keyword")
FLOORS = (0.0, 0.78, 0.80, 0.82, 0.84)


def fusion_variants(base: FusionConfig) -> dict[str, FusionConfig]:
    """Score fusion's shares, then the earlier RRF hypotheses: identifier-aware weighting beats plain
    RRF. The k and keyword-weight rows test
    the alternative explanation seen on this set, that RRF's reward for appearing in both lists is what
    hurts (a near-miss found by both retrievers outranks the answer found by one)."""
    return {
        "score fusion 0.9 / id 0.4 (default)": base,
        "cross-language bonus 0 (before)": replace(base, cross_language_bonus=0.0),
        "cross-language bonus 0.01": replace(base, cross_language_bonus=0.01),
        "cross-language bonus 0.015": replace(base, cross_language_bonus=0.015),
        "cross-language bonus 0.02": replace(base, cross_language_bonus=0.02),
        "cross-language bonus 0.025": replace(base, cross_language_bonus=0.025),
        "score fusion 0.7 / id 0.4 (previous default)": replace(base, semantic_share=0.7),
        "score fusion 0.8 / id 0.4": replace(base, semantic_share=0.8),
        "score fusion 1.0 / id 0.4 (keyword only for identifiers)": replace(base, semantic_share=1.0),
        "score fusion 0.9 / id 0.3": replace(base, identifier_semantic_share=0.3),
        "score fusion 0.9 / id 0.5": replace(base, identifier_semantic_share=0.5),
        "score fusion, no coverage weighting": replace(base, coverage_weighting=False),
        "plain RRF (id weight 1.0)": replace(base, method="rrf", identifier_keyword_weight=1.0),
        "RRF identifier-aware 2.0 (old default)": replace(base, method="rrf"),
        "RRF id 3.0": replace(base, method="rrf", identifier_keyword_weight=3.0),
        "RRF id 2.0, k=20": replace(base, method="rrf", k=20),
        "RRF id 2.0, k=10": replace(base, method="rrf", k=10),
        "RRF id 2.0, keyword 1.0": replace(base, method="rrf", keyword_weight=1.0),
        "RRF id 2.0, keyword 0.5, k=20": replace(base, method="rrf", k=20),
        "plain RRF, k=10": replace(base, method="rrf", identifier_keyword_weight=1.0, k=10),
        "RRF keyword 0.25, id 2.0": replace(base, method="rrf", keyword_weight=0.25),
        # Keyword hits count only when the query names an identifier; otherwise semantic order decides.
        "RRF keyword only for identifiers (kw 0, id 2.0)": replace(base, method="rrf", keyword_weight=0.0),
    }


@dataclass
class Scores:
    recall5: float
    mrr10: float
    n: int


def load_negatives() -> list[str]:
    with (DATASET / "negatives.jsonl").open(encoding="utf-8") as f:
        return [json.loads(line)["query"] for line in f if line.strip()]


def load_set(service: MemoryService, notes: list[Note], distractors: int, seed: int) -> dict[str, str]:
    """Write notes and distractors in a seeded random order; returns entry id -> note id (notes only)."""
    items: list[tuple[str | None, str, str]] = [(n.id, n.content, n.type) for n in notes]
    items += [(None, d.content, "note") for d in generate(distractors, seed=seed)]
    random.Random(seed).shuffle(items)
    entry_to_note: dict[str, str] = {}
    for n, (note_id, content, type_) in enumerate(items):
        if n % 128 == 0:  # a bulk load keeps within the write backlog instead of waiting on it
            service.wait_for_vectors(None)
        result = service.write(content, USER, type=type_, dedupe=False)
        if note_id is not None:
            entry_to_note[result.id] = note_id
    service.wait_for_vectors(None)  # writes return before their embedding; recall by meaning needs it
    return entry_to_note


def run_queries(
    service: MemoryService, queries: list[Query], mode: str, entry_to_note: dict[str, str]
) -> dict[str, list[str | None]]:
    """Query id -> the note ids of the top 10 (None for a distractor)."""
    ranked: dict[str, list[str | None]] = {}
    fusion = service.fusion
    if mode == "old hybrid":
        service.fusion, mode = OLD_FUSION, "hybrid"
    elif mode == "hybrid before":
        service.fusion, mode = BEFORE_FUSION, "hybrid"
    try:
        for q in queries:
            result = service.recall(q.query, USER, limit=10, mode=mode)
            if result.degraded:
                raise RuntimeError(f"recall degraded during a quality run ({result.degraded}); results would be wrong")
            ranked[q.id] = [entry_to_note.get(hit.id) for hit in result.results]
    finally:
        service.fusion = fusion
    return ranked


def score(queries: list[Query], ranked: dict[str, list[str | None]]) -> dict[str, Scores]:
    """Recall@5 and MRR@10, overall and per query kind."""
    per: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for q in queries:
        top = ranked[q.id]
        recall = len(set(q.relevant) & set(top[:5])) / len(q.relevant)
        rr = next((1.0 / (i + 1) for i, nid in enumerate(top[:10]) if nid in q.relevant), 0.0)
        per["overall"].append((recall, rr))
        per[q.kind].append((recall, rr))
    return {
        kind: Scores(round(float(np.mean([r for r, _ in v])), 3), round(float(np.mean([m for _, m in v])), 3), len(v))
        for kind, v in per.items()
    }


def floor_noise(service: MemoryService, negatives: list[str]) -> float:
    """Mean semantic-mode hits (of 10) for queries the set cannot answer: what the floor is there to cut."""
    counts = [len(service.recall(q, USER, limit=10, mode="semantic").results) for q in negatives]
    return round(float(np.mean(counts)), 2)


def repeat_audit(service: MemoryService, entry_to_note: dict[str, str], name: str = "repeats") -> dict[str, object]:
    """Write restatements (should merge) and contradictions (must not) of notes through service.write.
    ``repeats`` is what the dedupe rules were written against; ``fresh_repeats`` was written after them."""
    note_entry = {note: entry for entry, note in entry_to_note.items()}
    rows = []
    with (DATASET / f"{name}.jsonl").open(encoding="utf-8") as f:
        cases = [json.loads(line) for line in f if line.strip()]
    for case in cases:
        result = service.write(case["content"], USER, dedupe=True)
        service.wait_for_vectors(None)  # a paraphrase merges once embedded: the new entry is archived into it
        target = note_entry[case["note"]]
        reason = service.get(result.id, USER).archive_reason
        merged_into_note = result.merged_into == target or reason == f"merged into {target}"
        rows.append({**case, "merged": merged_into_note, "ok": merged_into_note == case["merge"]})
    return {
        "restatements_merged": f"{sum(r['merged'] for r in rows if r['merge'])}/{sum(r['merge'] for r in rows)}",
        "contradictions_kept_apart": f"{sum(not r['merged'] for r in rows if not r['merge'])}"
        f"/{sum(not r['merge'] for r in rows)}",
        "wrong": [r for r in rows if not r["ok"]],
    }


def stored_vector(value: object) -> np.ndarray:
    """A vector column as read back: float32 bytes from sqlite-vec, ``[x,y,…]`` text from pgvector."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return np.frombuffer(value, dtype=np.float32)
    return np.array(str(value).strip("[]").split(","), dtype=np.float32)


def dedupe_audit(service: MemoryService, entry_to_note: dict[str, str]) -> dict[str, object]:
    """Which stored entries would the write-time dedupe rule merge into another stored entry?"""
    _, threshold, _ = service.thresholds()
    rows = service.db.query(
        "SELECT e.rowid AS rowid, e.id AS id, e.content AS content, v.embedding AS embedding"
        " FROM entries e JOIN entries_vec v ON v.rowid = e.rowid WHERE e.user_id = ?",
        (USER,),
    )
    pairs: list[tuple[str, str]] = []
    touching_notes = 0
    for row in rows:
        vector = stored_vector(row["embedding"])
        found = find_duplicate(service.store, USER, row["content"], vector, threshold, exclude_rowid=row["rowid"])
        if found is None:
            continue
        _, other = found
        pairs.append((row["content"], other.content))
        touching_notes += row["id"] in entry_to_note or other.id in entry_to_note
    return {
        "duplicate_threshold": threshold,
        "entries": len(rows),
        "would_merge": len(pairs),
        "involving_a_note": touching_notes,
        "examples": pairs[:8],
    }


def print_table(title: str, rows: dict[str, dict[str, Scores]]) -> None:
    print(f"\n### {title}\n")
    kinds = ["overall", *KINDS]
    print("| variant | " + " | ".join(f"{k} R@5 / MRR" for k in kinds) + " |")
    print("|---|" + "---|" * len(kinds))
    for name, scores in rows.items():
        cells = [f"{scores[k].recall5:.3f} / {scores[k].mrr10:.3f}" if k in scores else "-" for k in kinds]
        print(f"| {name} | " + " | ".join(cells) + " |")


def print_misses(queries: list[Query], ranked: dict[str, list[str | None]], notes: dict[str, Note]) -> None:
    print("\n### hybrid misses (relevant note not in the top 5)\n")
    for q in queries:
        top = ranked[q.id][:5]
        if not set(q.relevant) & set(top):
            got = ", ".join(nid or "distractor" for nid in top) or "(nothing)"
            print(f"- {q.id} [{q.kind}] {q.query!r} -> wanted {', '.join(q.relevant)}; got {got}")
            for nid in q.relevant:
                print(f"    relevant: {notes[nid].content}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--distractors", type=int, default=1200, help="near-miss distractors to add (default 1200)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--misses", action="store_true", help="list the queries hybrid mode misses")
    parser.add_argument("--no-sweeps", action="store_true", help="skip the fusion and floor comparisons")
    parser.add_argument("--json", type=Path, help="also write every figure to this JSON file")
    parser.add_argument(
        "--rewritten",
        action="store_true",
        help="also run semantic and hybrid recall with the LLM query rewrite, hand-written rewrites standing in",
    )
    parser.add_argument(
        "--splits",
        nargs="+",
        default=["development", "held-out", "fresh held-out", "late held-out"],
        help="query splits to score (default all); a tuning run names only 'development'",
    )
    add_backend_arguments(parser)
    args = parser.parse_args()

    notes = load_notes()
    for name in ("heldout", "fresh", "late"):
        notes += load_notes(DATASET / f"{name}_notes.jsonl")
    split_queries_by_name = {
        "development": load_queries(),
        "held-out": load_queries(DATASET / "heldout_queries.jsonl"),
        "fresh held-out": load_queries(DATASET / "fresh_queries.jsonl"),
        "late held-out": load_queries(DATASET / "late_queries.jsonl"),
    }
    unknown = set(args.splits) - set(split_queries_by_name)
    if unknown:
        parser.error(f"unknown split(s) {sorted(unknown)}; choose from {sorted(split_queries_by_name)}")
    # Every split's notes are stored whatever is scored, so each split keeps the same near-misses.
    splits = tuple((name, qs) for name, qs in split_queries_by_name.items() if name in args.splits)
    dev_queries = split_queries_by_name["development"]
    queries = [q for _, qs in splits for q in qs]
    report: dict[str, object] = {"machine": machine(), "notes": len(notes), "queries": len(queries)}
    print(f"machine: {report['machine']}")
    url = backend_url(args, "cairn_bench_quality", fresh=True)
    report["backend"] = "postgresql" if url else "sqlite"
    print(f"backend: {report['backend']}")
    with tempfile.TemporaryDirectory(prefix="cairn-bench-quality-") as tmp:
        service = make_service(Path(tmp), database_url=url)
        started = time.perf_counter()
        entry_to_note = load_set(service, notes, args.distractors, args.seed)
        print(
            f"loaded {len(notes)} notes + {args.distractors} distractors in {time.perf_counter() - started:.1f} s;"
            f" {len(queries)} queries; default floor {service.thresholds()[0]}"
        )

        if isinstance(service.store, PgMemoryStore):
            # The statistics a live database has (autovacuum gathers them at some point of the load; keyword
            # search reads which words are common from them).
            service.store.analyze()
        cache = service.store.vector_cache  # vector searches from memory, exact on both engines
        for user in service.store.users():
            cache.load(user)
        ranked_by_mode = {mode: run_queries(service, queries, mode, entry_to_note) for mode in MODES}
        report["vector_cache"] = asdict(cache.stats)
        print(f"vector searches of the mode runs: {report['vector_cache']}")
        for split, split_queries in (*splits, ("all", queries)):
            by_mode = {mode: score(split_queries, ranked_by_mode[mode]) for mode in MODES}
            print_table(f"modes, {split} split ({len(split_queries)} queries; default fusion and floor)", by_mode)
            gain = by_mode["hybrid"]["overall"].recall5 / max(by_mode["keyword"]["overall"].recall5, 1e-9)
            print(f"\nhybrid / keyword-only Recall@5 = {gain:.2f}x (target >= 1.30x)")
            report[f"modes_{split}"] = {m: {k: asdict(s) for k, s in v.items()} for m, v in by_mode.items()}
            report[f"hybrid_over_keyword_{split}"] = round(gain, 3)

        if args.misses:
            print_misses(queries, ranked_by_mode["hybrid"], {n.id: n for n in notes})

        if args.rewritten:
            # The same store and queries, recall now also searching by each query's rewrites.
            service.rewriter = QueryRewriter(hand_rewrites(), service.config.max_query_chars)
            rewritten = {mode: run_queries(service, queries, mode, entry_to_note) for mode in ("semantic", "hybrid")}
            service.rewriter = None
            for split, split_queries in (*splits, ("all", queries)):
                by_mode = {
                    f"{mode} + LLM rewrite (hand-written)": score(split_queries, rewritten[mode]) for mode in rewritten
                }
                print_table(f"with query rewrites, {split} split ({len(split_queries)} queries)", by_mode)
                report[f"rewritten_{split}"] = {m: {k: asdict(s) for k, s in v.items()} for m, v in by_mode.items()}
            if args.misses:
                print_misses(queries, rewritten["hybrid"], {n.id: n for n in notes})

        if not args.no_sweeps:
            base = service.fusion
            fusion_rows = {}  # development split only: these are the tuning runs
            for name, config in fusion_variants(base).items():
                service.fusion = config
                fusion_rows[name] = score(dev_queries, run_queries(service, dev_queries, "hybrid", entry_to_note))
            service.fusion = base
            print_table("fusion variants (hybrid, default floor)", fusion_rows)
            report["fusion"] = {n: {k: asdict(s) for k, s in v.items()} for n, v in fusion_rows.items()}

            floor_rows = {}
            noise: dict[str, float] = {}
            negatives = load_negatives()
            for floor in FLOORS:
                service.config.semantic_floor = floor
                for mode in ("semantic", "hybrid"):
                    floor_rows[f"floor {floor:.2f} {mode}"] = score(
                        dev_queries, run_queries(service, dev_queries, mode, entry_to_note)
                    )
                noise[f"{floor:.2f}"] = floor_noise(service, negatives)
            service.config.semantic_floor = None
            print_table("semantic floor (default fusion)", floor_rows)
            print(f"\nsemantic hits (of 10) returned for {len(negatives)} unanswerable queries, by floor: {noise}")
            report["floors"] = {n: {k: asdict(s) for k, s in v.items()} for n, v in floor_rows.items()}
            report["floor_noise"] = noise

        audit = dedupe_audit(service, entry_to_note)
        print("\n### dedupe audit (stored pairs the write rule would merge)\n")
        print(json.dumps(audit, ensure_ascii=False, indent=1))
        report["dedupe_audit"] = audit
        for name in ("repeats", "fresh_repeats"):  # last: these add entries to the store
            repeats = repeat_audit(service, entry_to_note, name)
            print(f"\n### {name} written with dedupe on\n\n{json.dumps(repeats, ensure_ascii=False, indent=1)}")
            report[f"{name}_audit"] = repeats
        service.close()
    if args.json:
        args.json.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"\nwrote {args.json}")


if __name__ == "__main__":
    main()
