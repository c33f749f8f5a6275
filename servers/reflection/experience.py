"""Interaction experience (004 §6.5): patterns extracted from successful tasks, found again and evolved.

| step        | rule                                                                                    |
|-------------|-----------------------------------------------------------------------------------------|
| extraction  | a successful task → signature (task type + entity types), tool chain, argument names    |
| identity    | one pattern per (signature, tool chain); a later run of the same chain updates it       |
| scoring     | signature 0.5 + entity overlap 0.2 + updated within 7 days 0.15 + success rate > 0.8 0.15 |
| reuse       | > 0.8 reuse, 0.5–0.8 reference, below: plan from scratch                                |
| evolution   | usage and success counted per use; −20 % success rate for each 90 days without update  |
| admission   | ≥ 3 successes, success rate ≥ 60 %, looked up within the last 7 days                   |
| retirement  | > 5 failures in a row: untrusted; rate < 40 %: draft; 180 days unused: archived;        |
|             | marked useless: deleted at once                                                         |

Patterns not yet admitted are offered for reference only, never for reuse. Everything stored is
scrubbed of personal data and secrets first (:mod:`scrub`).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from servers.reflection.matching import keywords
from servers.reflection.models import Experience, ExperienceMatch, ExperienceResult, NotFound, TaskReport
from servers.reflection.scrub import scrub, scrub_text
from servers.reflection.settings import ReflectionSettings
from servers.reflection.storage import tables
from servers.reflection.store import ReflectionStore, new_id, now_iso, parse_iso

_TASK_TYPES = [
    ("schedule", re.compile(r"\b(schedule|remind|every (day|week|morning)|cron|recurring)\b|提醒|定时|每天", re.I)),
    ("code", re.compile(r"\b(fix|debug|implement|refactor|code|bug|test|deploy|build)\b|代码|修复", re.I)),
    ("data", re.compile(r"\b(analy[sz]e|chart|plot|csv|spreadsheet|statistics|data)\b|分析|数据", re.I)),
    ("write", re.compile(r"\b(write|draft|report|summar(y|i[sz]e)|translate|email)\b|写|总结|翻译", re.I)),
    ("research", re.compile(r"\b(search|find|look up|research|compare|news|latest)\b|搜索|查找|调研", re.I)),
    ("file", re.compile(r"\b(convert|rename|move|copy|file|folder|pdf)\b|文件", re.I)),
]
_URL = re.compile(r"https?://([^/\s]+)")
_EXT = re.compile(r"\.(pdf|csv|xlsx?|docx?|pptx?|md|json|ya?ml|txt|html?|png|jpe?g|py|ts|go)\b", re.I)
_PROPER = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][a-zA-Z0-9]{2,})\b")


def task_type(text: str) -> str:
    return next((name for name, rx in _TASK_TYPES if rx.search(text)), "general")


def entities(text: str) -> tuple[set[str], set[str]]:
    """(entity types, entity values) of a request: sites, file kinds and proper names."""
    types: set[str] = set()
    values: set[str] = set()
    for host in _URL.findall(text):
        types.add("url")
        values.add(host.lower().removeprefix("www."))
    for ext in _EXT.findall(text):
        types.add(f"file:{ext.lower()}")
        values.add(ext.lower())
    for name in _PROPER.findall(text):
        types.add("name")
        values.add(name.lower())
    return types, values


def signature(text: str) -> str:
    types, _ = entities(text)
    return f"{task_type(text)}:{'+'.join(sorted(types))}"


def _effective_rate(exp: Experience, now: datetime) -> float:
    idle_days = (now - parse_iso(exp.updated_at)).days
    return exp.success_rate * (0.8 ** (idle_days // 90))


class ExperienceLibrary:
    def __init__(self, store: ReflectionStore, settings: ReflectionSettings) -> None:
        self.store = store
        self.settings = settings

    def _save(self, exp: Experience) -> Experience:
        self.store.put(
            "experiences",
            {
                "id": exp.id,
                "user_id": exp.user_id,
                "signature": exp.signature,
                "chain": "→".join(exp.tool_chain),
                "status": exp.status,
                "doc": exp.model_dump(),
            },
        )
        return exp

    def get(self, user_id: str, exp_id: str) -> Experience:
        doc = self.store.doc("experiences", id=exp_id, user_id=user_id)
        if doc is None:
            raise NotFound("experience", exp_id)
        return Experience.model_validate(doc)

    def all(self, user_id: str) -> list[Experience]:
        return [Experience.model_validate(d) for d in self.store.docs("experiences", user_id=user_id)]

    def capture(self, user_id: str, report: TaskReport, success: bool) -> Experience | None:
        """Extract from a successful task or evolve the pattern of the same chain; None when nothing to keep."""
        if not self.settings.experience_enabled or not report.record_experience or len(report.trace) < 2:
            return None
        task = scrub_text(report.task)
        chain: list[str] = []
        for step in report.trace:
            if not chain or chain[-1] != step.tool:
                chain.append(step.tool)
        sig = signature(task)
        doc = self.store.doc("experiences", user_id=user_id, signature=sig, chain="→".join(chain))
        duration = sum(s.duration_ms or 0 for s in report.trace) or None
        if doc is None:
            if not success:
                return None  # extraction is from successful interactions only (004 §6.5.3)
            at = now_iso()
            steps: list[dict[str, Any]] = [
                {"tool": s.tool, "arguments": sorted(s.arguments) if isinstance(s.arguments, dict) else []}
                for s in report.trace
                if s.ok
            ]
            _, values = entities(task)
            exp = Experience(
                id=new_id("exp"),
                user_id=user_id,
                name=f"{task_type(task)}: {' → '.join(chain)}",
                signature=sig,
                task_type=task_type(task),
                entities=sorted(values),
                keywords=keywords(task, 12),
                tool_chain=chain,
                steps=scrub(steps),
                usage_count=0,
                success_count=0,
                failure_count=0,
                consecutive_failures=0,
                success_rate=1.0,
                avg_duration_ms=duration,
                status="candidate",
                created_at=at,
                updated_at=at,
            )
            self.store.audit(user_id, "experience", exp.id, "extracted", {"signature": sig, "chain": chain})
        else:
            exp = Experience.model_validate(doc)
        return self._use(exp, success, duration)

    def _use(self, exp: Experience, success: bool, duration_ms: int | None) -> Experience:
        exp.usage_count += 1
        if success:
            exp.success_count += 1
            exp.consecutive_failures = 0
        else:
            exp.failure_count += 1
            exp.consecutive_failures += 1
        exp.success_rate = round(exp.success_count / exp.usage_count, 3)
        if duration_ms is not None:
            prev = exp.avg_duration_ms or duration_ms
            exp.avg_duration_ms = round(prev + (duration_ms - prev) / exp.usage_count)
        exp.updated_at = now_iso()
        self._judge(exp)
        return self._save(exp)

    def _judge(self, exp: Experience, now: datetime | None = None) -> None:
        now = now or datetime.now(UTC)
        old = exp.status
        if exp.consecutive_failures > 5:
            exp.status = "untrusted"
        elif exp.usage_count >= 3 and exp.success_rate < 0.4:
            exp.status = "draft"
        elif (now - parse_iso(exp.updated_at)).days >= 180:
            exp.status = "archived"
        elif (
            exp.success_count >= 3
            and exp.success_rate >= 0.6
            and exp.last_queried_at is not None
            and (now - parse_iso(exp.last_queried_at)).days < 7
        ):
            exp.status = "admitted"
        elif exp.status in ("admitted", "draft") and exp.success_rate >= 0.6:
            exp.status = "admitted" if exp.status == "admitted" else "candidate"
        if exp.status != old:
            self.store.audit(exp.user_id, "experience", exp.id, "status", {"from": old, "to": exp.status})

    def record_use(self, user_id: str, exp_id: str, success: bool, duration_ms: int | None) -> Experience:
        with self.store.writing(user_id):
            return self._use(self.get(user_id, exp_id), success, duration_ms)

    def delete(self, user_id: str, exp_id: str) -> str:
        """A person marked it useless: it goes at once (004 §6.5.7)."""
        with self.store.writing(user_id):
            self.get(user_id, exp_id)
            tables.delete_experience(self.store, user_id, exp_id)
            self.store.audit(user_id, "experience", exp_id, "deleted", {"reason": "marked useless"})
            return exp_id

    def score(self, query: str, exp: Experience, now: datetime) -> dict[str, float]:
        q_types, q_values = entities(query)
        p_types = set(exp.signature.split(":", 1)[1].split("+")) - {""}
        types_match = (not q_types and not p_types) or (
            len(q_types & p_types) * 2 >= max(len(q_types), len(p_types)) and bool(q_types & p_types)
        )
        parts = {"signature": 0.5 if task_type(query) == exp.task_type and types_match else 0.0}
        q_terms = q_values | set(keywords(query, 16))
        p_terms = set(exp.entities) | set(exp.keywords)
        overlap = len(q_terms & p_terms) / min(len(q_terms), len(p_terms)) if q_terms and p_terms else 0.0
        parts["entities"] = round(0.2 * overlap, 3)
        parts["recency"] = 0.15 if (now - parse_iso(exp.updated_at)).days < 7 else 0.0
        parts["success_rate"] = 0.15 if _effective_rate(exp, now) > 0.8 else 0.0
        return parts

    def find(self, user_id: str, query: str, limit: int = 3) -> ExperienceResult:
        with self.store.writing(user_id):
            now = datetime.now(UTC)
            matches: list[ExperienceMatch] = []
            for exp in self.all(user_id):
                self._judge(exp, now)
                if exp.status in ("untrusted", "archived", "draft"):
                    self._save(exp)
                    continue
                parts = self.score(query, exp, now)
                total = round(sum(parts.values()), 3)
                if total < self.settings.experience_reference:
                    continue
                # Only admitted patterns are reused as they are; candidates are still proving themselves.
                mode = "reuse" if total > self.settings.experience_reuse and exp.status == "admitted" else "reference"
                matches.append(ExperienceMatch(experience=exp, score=total, mode=mode, parts=parts))
            matches.sort(key=lambda m: -m.score)
            matches = matches[:limit]
            for m in matches:
                m.experience.last_queried_at = now_iso(now)
                self._judge(m.experience, now)
                self._save(m.experience)
            advice = matches[0].mode if matches else "plan_from_scratch"
            return ExperienceResult(matches=matches, advice=advice)
