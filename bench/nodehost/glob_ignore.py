"""fs_glob with the workspace's .gitignore applied, on a generated tree: this checkout, alternating with an
earlier one (``--baseline DIR``), each run in a fresh process so neither warms the other's caches.

    .venv/bin/python -m bench.nodehost.glob_ignore --baseline /path/to/earlier/checkout

The tree: ``--files`` source files over nested folders, a third of them under folders the .gitignore
leaves out (build output, caches), beside files that rules re-include and anchored rules skip.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GITIGNORE = """# build output and caches
dist/
build/
*.log
!keep.log
/notes.md
docs/generated/
.cache
*.tmp
coverage/**
"""


def make_tree(root: Path, files: int) -> None:
    root.mkdir(parents=True)
    (root / ".gitignore").write_text(GITIGNORE)
    for i in range(files):
        area = ("src", "lib", "tests", "dist", "build", "docs/generated")[i % 6]
        folder = root / area / f"pkg{i % 37}" / f"mod{i % 11}"
        folder.mkdir(parents=True, exist_ok=True)
        suffix = (".py", ".log", ".tmp", ".md")[i % 4]
        (folder / f"f{i}{suffix}").write_text("x")
    (root / "keep.log").write_text("x")
    (root / "notes.md").write_text("x")


def child(checkout: str, tree: str, rounds: int) -> None:
    """Run in the checkout's own code: the median wall time of a whole-tree glob, and what it listed."""
    sys.path.insert(0, checkout)
    from servers.nodehost.files import glob_files
    from servers.nodehost.paths import Workspace

    ws = Workspace.create([Path(tree)], [Path(tree).parent / "state"])
    times, listed = [], 0
    for _ in range(rounds):
        start = time.perf_counter()
        listed = glob_files(ws, "**/*", None, limit=1_000_000).total
        times.append(time.perf_counter() - start)
    print(json.dumps({"ms": statistics.median(times) * 1000, "listed": listed}))


def run(checkout: str, tree: str, rounds: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "bench.nodehost.glob_ignore",
            "--child",
            checkout,
            "--tree",
            tree,
            "--rounds",
            str(rounds),
        ],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=Path(__file__).resolve().parents[2],
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="an earlier checkout to alternate with")
    parser.add_argument("--files", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=6, help="processes per checkout")
    parser.add_argument("--rounds", type=int, default=5, help="globs per process (the median is kept)")
    parser.add_argument("--child")
    parser.add_argument("--tree")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.tree, args.rounds)
        return
    here = str(Path(__file__).resolve().parents[2])
    checkouts = {"this": here, **({"baseline": args.baseline} if args.baseline else {})}
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        make_tree(tree, args.files)
        found: dict[str, list[dict[str, float]]] = {name: [] for name in checkouts}
        for i in range(args.runs):
            order = list(checkouts.items()) if i % 2 == 0 else list(reversed(checkouts.items()))
            for name, path in order:
                found[name].append(run(path, str(tree), args.rounds))
    for name, runs in found.items():
        listed = {r["listed"] for r in runs}
        median = statistics.median(r["ms"] for r in runs)
        print(f"{name}: median {median:.0f} ms over {args.runs} processes, listed {listed}")


if __name__ == "__main__":
    main()
