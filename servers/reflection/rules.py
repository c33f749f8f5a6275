"""Rules: probation → active or deprecated by tracked outcomes, versions, rollback, audit.

Rules are additive and scored, after ExpeL: a later reflection that proposes the same strategy *agrees*
with a rule (+1 importance), a contradicting one *disagrees* (−1) and opens a report for a person. No
rule is ever deleted, and no model decides to drop one: only outcomes (a probation rule that does not
work, an active rule whose success rate collapses) or a person deprecate a rule. Every change appends
to the audit log and every text change keeps the old text as a version, so any change can be rolled back.
"""

from __future__ import annotations

from servers.reflection.models import NotFound, ReflectionInputError, Rule, RuleStatus, RuleVersion, Strategy
from servers.reflection.settings import ReflectionSettings
from servers.reflection.storage.documents import StoredRule
from servers.reflection.storage.store import ReflectionStore, new_id, now_iso

LIVE = ("probation", "active")


class RuleBook:
    def __init__(self, store: ReflectionStore, settings: ReflectionSettings) -> None:
        self.store = store
        self.settings = settings

    # --- reading ------------------------------------------------------------------------------------

    def get(self, user_id: str, rule_id: str) -> Rule:
        found = self.store.doc("rules", Rule, id=rule_id, user_id=user_id)
        if found is None:
            raise NotFound("rule", rule_id)
        return found

    def all(self, user_id: str, status: RuleStatus | None = None) -> list[Rule]:
        rules = self.store.docs("rules", Rule, user_id=user_id, status=status or None)
        return sorted(rules, key=lambda r: (r.status != "active", -r.importance, r.created_at))

    def live(self, user_id: str) -> list[Rule]:
        return [r for r in self.all(user_id) if r.status in LIVE]

    # --- writing ------------------------------------------------------------------------------------

    def _save(self, rule: Rule) -> None:
        rule.updated_at = now_iso()
        rule.importance = 2 + rule.agrees - rule.disagrees
        rule.success_rate = round(rule.successes / rule.uses, 3) if rule.uses else None
        self.store.put(
            StoredRule(id=rule.id, user_id=rule.user_id, status=rule.status, doc=rule, updated_at=rule.updated_at)
        )

    def create(self, user_id: str, strategy: Strategy, sources: list[str], *, emergency: bool = False) -> Rule:
        at = now_iso()
        status: RuleStatus = "active" if emergency else "probation"
        rule = Rule(
            id=new_id("rule"),
            user_id=user_id,
            text=strategy.strategy,
            scenario=strategy.scenario,
            expected_effect=strategy.expected_effect,
            status=status,
            emergency=emergency,
            sources=sources,
            created_at=at,
            updated_at=at,
            key=strategy.key,
            lesson=strategy.lesson,
            versions=[
                RuleVersion(
                    version=1,
                    text=strategy.strategy,
                    scenario=strategy.scenario,
                    reason="emergency path" if emergency else "promoted",
                    created_at=at,
                )
            ],
        )
        self._save(rule)
        self.store.audit(
            user_id,
            "rule",
            rule.id,
            "created",
            {
                "status": status,
                "text": rule.text,
                "sources": sources,
                "emergency": emergency,
                "confidence": strategy.confidence,
                "severity": strategy.severity,
            },
        )
        return rule

    def agree(self, rule: Rule, reflection_id: str, strategy: Strategy) -> Rule:
        rule.agrees += 1
        rule.sources = [*rule.sources, reflection_id][-50:]
        detail = {"reflection": reflection_id, "strategy": strategy.strategy}
        self._widen(rule, reflection_id, strategy, detail)
        self._save(rule)
        self.store.audit(rule.user_id, "rule", rule.id, "agreed", detail)
        return rule

    def _widen(self, rule: Rule, reflection_id: str, strategy: Strategy, detail: dict[str, str]) -> None:
        if strategy.scenario and strategy.scenario.lower() not in rule.scenario.lower():
            # A new situation where the same advice held: widen the rule, as a new version.
            scenario = f"{rule.scenario}; {strategy.scenario}" if rule.scenario else strategy.scenario
            self._new_version(rule, rule.text, scenario[:1000], f"scenario added by {reflection_id}")
            rule.edits += 1
            detail["scenario"] = rule.scenario

    def merge(self, rule: Rule, reflection_id: str, strategy: Strategy) -> Rule:
        """Another wording of the same lesson from a task the rule already counts: evidence, not agreement.

        The task counted once when the rule was made, so importance stays; the reflection joins the sources
        and the audit keeps the other wording, so a person can see what was folded in. Its scenario (the
        trace's "tasks that call `x`") widens the rule's, as an agreement's would.
        """
        if reflection_id not in rule.sources:
            rule.sources = [*rule.sources, reflection_id][-50:]
        detail = {"reflection": reflection_id, "strategy": strategy.strategy}
        self._widen(rule, reflection_id, strategy, detail)
        self._save(rule)
        self.store.audit(rule.user_id, "rule", rule.id, "merged", detail)
        return rule

    def disagree(self, rule: Rule, reflection_id: str, contradiction_id: str) -> Rule:
        rule.disagrees += 1
        self._save(rule)
        self.store.audit(
            rule.user_id, "rule", rule.id, "disagreed", {"reflection": reflection_id, "report": contradiction_id}
        )
        return rule

    def _new_version(self, rule: Rule, text: str, scenario: str, reason: str) -> None:
        rule.version += 1
        rule.text, rule.scenario = text, scenario
        rule.versions = [
            *rule.versions,
            RuleVersion(version=rule.version, text=text, scenario=scenario, reason=reason, created_at=now_iso()),
        ]

    def edit(self, user_id: str, rule_id: str, text: str | None, scenario: str | None, reason: str) -> Rule:
        with self.store.writing(user_id):
            rule = self.get(user_id, rule_id)
            new_text = (text or rule.text).strip()
            new_scenario = rule.scenario if scenario is None else scenario.strip()
            if not new_text or (new_text == rule.text and new_scenario == rule.scenario):
                raise ReflectionInputError("nothing to change: give a new text or scenario")
            old = rule.text
            self._new_version(rule, new_text, new_scenario, reason)
            rule.edits += 1
            self._save(rule)
            self.store.audit(
                user_id,
                "rule",
                rule.id,
                "edited",
                {"version": rule.version, "from": old, "to": new_text, "reason": reason},
            )
            return rule

    def rollback(self, user_id: str, rule_id: str, version: int) -> Rule:
        """Restore an earlier text as a new version; history is never rewritten."""
        with self.store.writing(user_id):
            rule = self.get(user_id, rule_id)
            target = next((v for v in rule.versions if v.version == version), None)
            if target is None:
                known = ", ".join(str(v.version) for v in rule.versions)
                raise ReflectionInputError(f"rule {rule_id} has no version {version}; versions: {known}")
            if version == rule.version:
                raise ReflectionInputError(f"version {version} is already the current one")
            self._new_version(rule, target.text, target.scenario, f"rollback to version {version}")
            self._save(rule)
            self.store.audit(
                user_id, "rule", rule.id, "rolled_back", {"to_version": version, "new_version": rule.version}
            )
            return rule

    def change_status(self, user_id: str, rule_id: str, status: RuleStatus, reason: str) -> Rule:
        """A person's decision on a rule, applied to the rule as stored now (read inside the write)."""
        with self.store.writing(user_id):
            return self.set_status(self.get(user_id, rule_id), status, reason)

    def set_status(self, rule: Rule, status: RuleStatus, reason: str) -> Rule:
        old = rule.status
        rule.status = status
        self._save(rule)
        self.store.audit(rule.user_id, "rule", rule.id, "status", {"from": old, "to": status, "reason": reason})
        return rule

    # --- outcomes -----------------------------------------------------------------------------------

    def record_outcome(self, user_id: str, rule_id: str, success: bool) -> Rule:
        """Count one use and judge the rule when its evidence is in."""
        with self.store.writing(user_id):
            rule = self.get(user_id, rule_id)
            rule.uses += 1
            rule.successes += int(success)
            self._save(rule)
            n = self.settings.probation_uses
            recent = self.store.recent_outcomes(user_id, f"rule:{rule_id}", n)
            rate = sum(recent) / len(recent) if recent else 0.0
            if rule.status == "probation" and rule.uses >= n:
                if rate >= self.settings.rule_success_threshold:
                    return self.set_status(rule, "active", f"success rate {rate:.2f} over {len(recent)} uses")
                return self.set_status(rule, "deprecated", f"success rate {rate:.2f} over {len(recent)} uses")
            if rule.status == "active" and len(recent) >= n and rate < self.settings.active_floor:
                return self.set_status(rule, "deprecated", f"success rate fell to {rate:.2f} over the last {n} uses")
            return rule
