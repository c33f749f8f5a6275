"""Multi-user scenario benchmark of the reflection loop, rule-based path (no model, no embedder).

    python -m bench.reflection.scenarios            # table on stdout
    python -m bench.reflection.scenarios --json     # machine-readable

A stream of task reports from three users (two English, one Chinese) goes through the real
``ReflectionService`` that the hooks' ``DomainSources`` opens. Planted in it, with the answer each should get:

- repeated lessons (three tasks, three wordings)        → one rule each
- a tool that times out and recovers in three tasks     → one retry rule
- a HIGH-severity lesson, once                          → one rule
- one-off lessons, and a LOW lesson repeated             → nothing
- a lesson contradicting an existing rule               → a contradiction report, the rule unchanged
- the same preference stated twice                      → one belief
- feedback that says "too long" then "too short"        → no belief handed to the agent as settled
- the same tool sequence in ≥ 3 tasks                   → one skill suggestion

Afterwards probe tasks ask the hooks' sources for rules and preferences; an item is relevant when the
probe's ground truth lists it (``PROBES``). Half the probes are held out: the relevance bar in
``servers/suite/hooks/relevance.py`` is judged on the tuning half and only confirmed on the held-out half.
Finally every rule and accepted suggestion gets ten successful uses and a rule-based mutation proposal,
checked for being behaviour-neutral (the body the agent reads unchanged).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

os.environ.setdefault("FASTMCP_CHECK_FOR_UPDATES", "off")

from servers.reflection.models import ReflectionInputError, TaskReport
from servers.suite.hooks.sources import DomainSources
from servers.suite.settings import CairnSettings

Report = dict[str, Any]

# --- ground truth ---------------------------------------------------------------------------------------

EXPECTED_RULES = {
    ("alice", "news_range"),
    ("bob", "tests_first"),
    ("bob", "git_retry"),
    ("bob", "no_secrets"),
    ("wei", "deploy_config"),
}
EXPECTED_BELIEFS = {("alice", "format", "bullet points"), ("wei", "language", "Chinese")}
EXPECTED_SUGGESTIONS = {
    ("alice", "web_search→web_fetch→file_write"),
    ("bob", "git_pull→test_run→pr_open"),
    ("wei", "csv_read→chart_plot→report_write"),
    # The lesson tasks share a sequence too (4 and 3 tasks): repeated workflows by the same definition.
    ("alice", "news_search→summarise"),
    ("wei", "config_check→deploy"),
}
EXPECTED_CONTRADICTIONS = {("alice", "news_range")}


def classify_rule(text: str) -> str:
    """Which planted lesson a promoted rule is ('false' for anything else)."""
    low = text.lower()
    if "date range" in low and not low.startswith("never"):
        return "news_range"
    if "test" in low and "pull request" in low:
        return "tests_first"
    if "git_pull" in low and ("retry" in low or "again" in low):
        return "git_retry"
    if "http_post" in low and ("key" in low or "secret" in low):
        return "no_secrets"
    if "部署" in text and "配置" in text:
        return "deploy_config"
    return "false"


# --- the stream -----------------------------------------------------------------------------------------


def _lesson(text: str, confidence: str = "MEDIUM", severity: str | None = None) -> list[dict[str, str]]:
    return [{"strategy": text, "confidence": confidence, **({"severity": severity} if severity else {})}]


def _one_off(tool: str, task: str, lesson: str) -> Report:
    return {"task": task, "trace": [{"tool": tool, "arguments": {"q": task[:20]}}], "strategies": _lesson(lesson)}


def _alice() -> list[Report]:
    out: list[Report] = []
    for topic, lesson in zip(
        ("solar subsidies", "rail strikes", "chip exports"),
        (
            "Ask the user for the date range before searching news",
            "Before searching the news, ask the user which date range they mean",
            "Ask which date range the user wants before running a news search",
        ),
        strict=True,
    ):
        out.append(
            {
                "task": f"Find news about {topic}",
                "trace": [{"tool": "news_search", "arguments": {"q": topic}}, {"tool": "summarise"}],
                "strategies": _lesson(lesson),
            }
        )
    for vendor, fail in (("Acme", True), ("Globex", False), ("Initech", True), ("Umbrella", False)):
        steps: list[dict[str, Any]] = [{"tool": "web_search", "arguments": {"query": f"{vendor} pricing"}}]
        if fail:
            steps.append(
                {"tool": "web_fetch", "arguments": {"url": f"https://{vendor}.test"}, "ok": False, "error": "timed out"}
            )
        steps += [
            {"tool": "web_fetch", "arguments": {"url": f"https://{vendor}.test"}},
            {"tool": "file_write", "arguments": {"path": f"vendors/{vendor}.md"}},
        ]
        out.append({"task": f"Research vendor {vendor} and save a notes file", "trace": steps})
    for task, feedback in (
        ("Summarise the quarterly board minutes", "I prefer bullet points."),
        ("Summarise the customer interview notes", "Please use bullet points, as before."),
    ):
        out.append(
            {
                "task": task,
                "trace": [{"tool": "doc_read"}],
                "user_reaction": "modified",
                "user_feedback": feedback,
            }
        )
    out += [
        _one_off(
            "csv_read",
            "Plot last month's sales from the spreadsheet",
            "Sort spreadsheet columns by date before plotting",
        ),
        _one_off(
            "unit_convert", "Convert this lasagne recipe to grams", "Use the metric system when converting recipe units"
        ),
        _one_off(
            "calendar_list",
            "Propose three slots for a one-to-one",
            "Open the calendar in week view before proposing slots",
        ),
        _one_off(
            "image_resize",
            "Shrink the team photos for the upload",
            "Compress images larger than 5 MB before uploading them",
        ),
    ]
    return out


def _bob() -> list[Report]:
    out: list[Report] = []
    for branch, lesson in zip(
        ("login-fix", "cache-bug", "docs-typo"),
        (
            "Run the unit tests before opening a pull request",
            "Before opening a pull request, run the unit tests first",
            "Always run unit tests before you open a pull request",
        ),
        strict=True,
    ):
        out.append(
            {
                "task": f"Open a pull request for the {branch} branch",
                "trace": [
                    {"tool": "git_pull", "arguments": {"branch": branch}, "ok": False, "error": "Timeout after 30s"},
                    {"tool": "git_pull", "arguments": {"branch": branch}},
                    {"tool": "test_run", "arguments": {"suite": "unit"}},
                    {"tool": "pr_open", "arguments": {"branch": branch, "title": f"Fix {branch}"}},
                ],
                "strategies": _lesson(lesson),
            }
        )
    out.append(
        {
            "task": "Send the release numbers to the finance webhook",
            "outcome": "failed",
            "trace": [{"tool": "http_post", "ok": False, "error": "refused: body contains an API key"}],
            "strategies": _lesson("Never paste API keys or passwords into `http_post` request bodies", "HIGH", "HIGH"),
        }
    )
    # Contradictory feedback on length: the user model must not hand either side over as settled.
    for task, feedback, reaction in (
        ("Explain the flaky integration test", "Too long.", "complained"),
        ("Explain the memory leak in the worker", "Too short, I need more detail.", "complained"),
        ("Explain why the build cache misses", "Too long again.", "complained"),
    ):
        out.append(
            {"task": task, "trace": [{"tool": "log_read"}], "user_reaction": reaction, "user_feedback": feedback}
        )
    for n in range(3):  # a LOW lesson, however often repeated, is not a rule
        out.append(
            {
                "task": f"Export meeting notes batch {n}",
                "trace": [{"tool": "notes_export"}],
                "strategies": _lesson("Prefer shorter file names for exported notes", "LOW"),
            }
        )
    out += [
        _one_off(
            "build_run", "Why did the nightly build break", "Quote the exact error line when reporting a failed build"
        ),
        _one_off(
            "pip_compile",
            "Freeze the requirements of the pipeline",
            "Pin dependency versions in generated requirements",
        ),
        _one_off(
            "tz_convert", "When is the Tokyo launch call in my time", "Use the user's timezone when stating deadlines"
        ),
        _one_off(
            "invoice_make",
            "Draft an invoice for March consulting",
            "Round currency amounts to two decimals in invoices",
        ),
    ]
    return out


def _wei() -> list[Report]:
    out: list[Report] = []
    for service, lesson in zip(
        ("订单服务", "支付服务", "用户服务"),
        ("部署前先检查配置文件", "部署之前要先检查配置文件", "先检查配置文件再部署"),
        strict=True,
    ):
        out.append(
            {
                "task": f"把{service}部署到生产环境",
                "trace": [{"tool": "config_check"}, {"tool": "deploy", "arguments": {"service": service}}],
                "strategies": _lesson(lesson),
            }
        )
    for month in ("一月", "二月", "三月"):
        out.append(
            {
                "task": f"根据{month}销售数据做图表和报告",
                "trace": [
                    {"tool": "csv_read", "arguments": {"path": f"sales_{month}.csv"}},
                    {"tool": "chart_plot", "arguments": {"kind": "bar"}},
                    {"tool": "report_write", "arguments": {"title": f"{month}销售"}},
                ],
            }
        )
    for task, feedback in (("总结本周的会议记录", "请用中文回答。"), ("整理客户反馈", "以后都用中文回答，谢谢。")):
        out.append(
            {"task": task, "trace": [{"tool": "doc_read"}], "user_reaction": "modified", "user_feedback": feedback}
        )
    out += [
        _one_off("translate", "把产品介绍翻译成英文", "只在用户要求时翻译产品名称"),
        _one_off("git_clone", "克隆前端仓库", "提交拉取请求前先看贡献指南"),
        _one_off("pdf_read", "读一下这份合同", "引用合同条款时给出页码"),
        _one_off("calendar_list", "安排下周的团队例会", "安排会议时避开午休时间"),
    ]
    return out


def stream() -> list[tuple[str, Report]]:
    """(user, report) in arrival order: users interleaved; each contradiction after the rule it contradicts."""
    per_user = {"alice": _alice(), "bob": _bob(), "wei": _wei()}
    out: list[tuple[str, Report]] = []
    longest = max(len(v) for v in per_user.values())
    for i in range(longest):
        for user, reports in per_user.items():
            if i < len(reports):
                out.append((user, reports[i]))
    out.append(
        (
            "alice",
            {
                "task": "Find news about wind subsidies",
                "trace": [{"tool": "news_search"}, {"tool": "summarise"}],
                "strategies": _lesson("Never ask the user for the date range before searching news; assume last week"),
            },
        )
    )
    for n, (user, report) in enumerate(out, 1):
        report["task_id"] = f"{user}-{n:02d}"
    return out


# --- context probes: (user, task, tools the session used, relevant rule groups); beliefs per user below ----

PROBES: list[tuple[str, str, list[str], set[str]]] = [
    ("alice", "Find news about battery recycling", ["news_search"], {"news_range"}),
    ("alice", "Research vendor Hooli and save a notes file", ["web_search"], set()),
    ("alice", "Draft a birthday message for my sister", [], set()),
    ("bob", "Open a pull request for the search-fix branch", ["git_pull"], {"tests_first", "git_retry"}),
    ("bob", "Post the weekly metrics to the finance webhook with http_post", ["http_post"], {"no_secrets"}),
    ("bob", "Explain the failing migration", [], set()),
    ("wei", "把库存服务部署到生产环境", [], {"deploy_config"}),
    ("wei", "根据四月销售数据做图表", ["csv_read"], set()),
    # held out: not looked at while judging the relevance bar
    ("alice", "Search the news for EU AI act coverage", ["news_search"], {"news_range"}),
    ("alice", "Plan a weekend trip to Lisbon", [], set()),
    (
        "bob",
        "Pull the latest main and open a pull request for the retry fix",
        ["git_pull"],
        {"tests_first", "git_retry"},
    ),
    ("bob", "Send the incident summary to the ops webhook", ["http_post"], {"no_secrets"}),
    ("bob", "Rename the variables in the parser module", [], set()),
    ("wei", "部署网关服务之前需要做什么", [], {"deploy_config"}),
    ("wei", "写一封感谢信给客户", [], set()),
    ("wei", "克隆后端仓库并阅读说明", ["git_clone"], set()),
]
HELD_OUT_FROM = 8
UNIVERSAL_BELIEFS = {"alice": {"format"}, "wei": {"language"}, "bob": set()}


# --- running --------------------------------------------------------------------------------------------


def _ratio(good: int, total: int) -> float | None:
    return round(good / total, 3) if total else None


def _pr(found: Iterable[Any], expected: set[Any]) -> dict[str, Any]:
    """Precision counts a second item for the same planted thing as false: a duplicate rule is one too many."""
    got = list(found)
    true = [x for x in got if x in expected]
    return {
        "found": len(got),
        "true": len(set(true)),
        "expected": len(expected),
        "duplicates": len(true) - len(set(true)),
        "precision": _ratio(len(set(true)), len(got)),
        "recall": _ratio(len(set(true)), len(expected)),
        "false": sorted(map(str, (x for x in got if x not in expected))),
        "duplicated": sorted({str(x) for x in true if true.count(x) > 1}),
        "missed": sorted(map(str, expected - set(true))),
    }


_FRONTMATTER = re.compile(r"\A---[ \t]*\n.*?\n---[ \t]*(?:\n|\Z)", re.DOTALL)


def behaviour_neutral(original: str, variant: str) -> bool:
    """True when the variant differs from the original only outside what the agent reads (frontmatter, spaces)."""

    def body(text: str) -> str:
        return " ".join(_FRONTMATTER.sub("", text).split())

    return body(original) == body(variant)


def _context(
    sources: DomainSources, probes: list[tuple[str, str, list[str], set[str]]], rule_group: dict[str, str]
) -> dict[str, Any]:
    shown = relevant = expected = hit = 0
    wrong: list[str] = []
    missed: list[str] = []
    for user, task, tools, groups in probes:
        rules = sources.rules(user, task, tools)
        prefs = sources.preferences(user, task)
        got_groups = {rule_group.get(i.ref, "false") for i in rules}
        for item in rules:
            shown += 1
            ok = rule_group.get(item.ref, "false") in groups
            relevant += ok
            if not ok:
                wrong.append(f"{user}: {task!r} got {item.text[:60]!r}")
        for item in prefs:
            shown += 1
            ok = item.ref.removeprefix("pref:") in UNIVERSAL_BELIEFS[user]
            relevant += ok
            if not ok:
                wrong.append(f"{user}: {task!r} got preference {item.text!r}")
        expected += len(groups)
        hit += len(groups & got_groups)
        missed += [f"{user}: {task!r} lacks {g}" for g in sorted(groups - got_groups)]
    return {
        "probes": len(probes),
        "items": shown,
        "relevant_share": _ratio(relevant, shown),
        "expected_rules_recalled": _ratio(hit, expected),
        "irrelevant": wrong,
        "missed": missed,
    }


def run() -> dict[str, Any]:
    home = Path(tempfile.mkdtemp(prefix="cairn-bench-scenarios-"))
    settings = CairnSettings(home=home, embedder="none")
    sources = DomainSources(settings)
    svc = sources.reflection
    users = ("alice", "bob", "wei")
    started = time.perf_counter()
    reports = stream()
    try:
        for user, body in reports:
            svc.reflect(TaskReport.model_validate(body), user)
        elapsed = time.perf_counter() - started
        rules = {u: svc.rules.all(u) for u in users}
        rule_group = {r.id: classify_rule(r.text) for u in users for r in rules[u]}
        found_rules = [(u, classify_rule(r.text)) for u in users for r in rules[u]]
        contradictions = [(u, classify_rule(c.rule_text)) for u in users for c in svc.contradictions(u, None)]
        # A contradicted rule counts as changed when its text moved or the contradicting reflection made a version
        # of it; other versions (a scenario widened by agreeing evidence) are not the contradiction's doing.
        rules_changed = [
            (u, classify_rule(c.rule_text))
            for u in users
            for c in svc.contradictions(u, None)
            for r in [svc.rules.get(u, c.rule_id)]
            if r.text != c.rule_text or any(c.reflection_id in v.reason for v in r.versions)
        ]
        beliefs_all = {u: svc.users.get(u, include_all=True).beliefs for u in users}
        handed = [
            (u, b.dimension, b.value) for u in users for b in svc.users.get(u).beliefs if not b.needs_confirmation
        ]
        suggestions: list[tuple[str, str]] = []
        accepted: list[tuple[str, str]] = []
        lint_failures = 0
        for u in users:
            for s in svc.detect_patterns(u).suggestions:
                suggestions.append((u, "→".join(s.tools)))
                if (u, "→".join(s.tools)) in EXPECTED_SUGGESTIONS:
                    done = svc.suggestions.accept(u, s.id)
                    accepted.append((u, done.name))
        # Mutations: every rule and accepted skill, once eligible (ten successful uses).
        proposals: list[dict[str, Any]] = []
        targets = [(u, f"rule:{r.id}") for u in users for r in rules[u] if r.status in ("active", "probation")]
        targets += [(u, f"skill:{name}") for u, name in accepted]
        for user, target in targets:
            for n in range(svc.config.mutation_min_uses):
                svc.record_outcome(user, target, True, f"use-{n}")
            try:
                m = svc.mutations.propose(user, target)
            except ReflectionInputError as exc:
                proposals.append({"target": target, "proposed": False, "reason": str(exc)[:120]})
                continue
            proposals.append(
                {
                    "target": target,
                    "proposed": True,
                    "type": m.type,
                    "neutral": behaviour_neutral(m.original, m.variant),
                    "expected_change": m.expected_change[:120],
                }
            )
        tune = _context(sources, PROBES[:HELD_OUT_FROM], rule_group)
        held_out = _context(sources, PROBES[HELD_OUT_FROM:], rule_group)
        contradicted_beliefs = [
            {
                "user": u,
                "dimension": b.dimension,
                "value": b.value,
                "confidence": b.confidence,
                "needs_confirmation": b.needs_confirmation,
            }
            for u in users
            for b in beliefs_all[u]
            if b.contradictions
        ]
    finally:
        sources.close()
    return {
        "tasks": len(reports),
        "users": len(users),
        "reflect_s_total": round(elapsed, 2),
        "rules": _pr(found_rules, EXPECTED_RULES),
        "contradictions": _pr(contradictions, EXPECTED_CONTRADICTIONS),
        "rules_changed_by_contradiction": len(rules_changed),
        "beliefs": _pr(handed, EXPECTED_BELIEFS),
        "contradicted_beliefs": contradicted_beliefs,
        "suggestions": _pr(suggestions, EXPECTED_SUGGESTIONS),
        "suggestion_lint_failures": lint_failures,
        "context_tuning": tune,
        "context_held_out": held_out,
        "mutations": proposals,
        "neutral_mutations": sum(1 for p in proposals if p.get("neutral")),
    }


def _row(name: str, pr: dict[str, Any]) -> str:
    return (
        f"| {name:<16} | {pr['true']}/{pr['expected']} | {pr['found'] - pr['true']} | "
        f"{pr['precision']} | {pr['recall']} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--json", action="store_true")
    out = run()
    if parser.parse_args().json:
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return
    print(f"{out['tasks']} tasks, {out['users']} users, reflected in {out['reflect_s_total']} s\n")
    print("| item             | found | false | precision | recall |")
    print("|------------------|------:|------:|----------:|-------:|")
    for key in ("rules", "contradictions", "beliefs", "suggestions"):
        print(_row(key, out[key]))
    for key in ("context_tuning", "context_held_out"):
        c = out[key]
        print(
            f"\n{key}: {c['items']} items over {c['probes']} probes, relevant share {c['relevant_share']}, "
            f"expected rules recalled {c['expected_rules_recalled']}"
        )
        for w in c["irrelevant"]:
            print(f"  irrelevant: {w}")
        for w in c["missed"]:
            print(f"  missed: {w}")
    print(f"\nrules changed by the contradiction: {out['rules_changed_by_contradiction']}")
    print(f"contradicted beliefs: {out['contradicted_beliefs']}")
    print(f"mutations: {len(out['mutations'])} targets, behaviour-neutral proposals: {out['neutral_mutations']}")
    for p in out["mutations"]:
        print(f"  {p}")
    for key in ("rules", "beliefs", "suggestions"):
        if out[key]["false"] or out[key]["missed"] or out[key]["duplicated"]:
            print(f"{key}: false {out[key]['false']}, duplicated {out[key]['duplicated']}, missed {out[key]['missed']}")


if __name__ == "__main__":
    main()
