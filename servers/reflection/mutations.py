"""Mutations: small changes to a skill or rule that already works, tested A/B.

| type | change                      | risk   | starts                                   |
|------|-----------------------------|--------|------------------------------------------|
| A    | a limit or threshold        | LOW    | testing at once                          |
| B    | the order of steps          | MEDIUM | testing at once (marked experimental)    |
| C    | one step replaced           | MEDIUM | testing at once                          |
| D    | a new strategy or step      | HIGH   | after approval (unless autonomous mode)  |

Only a target with ≥ 10 uses and a success rate ≥ 0.85 over its last 20 uses is mutated, and only one test
runs per target. During a test, uses alternate: the 1st, 3rd, … use of the original, the 2nd, 4th, … the
variant (``variant_for`` is idempotent per task). After each ``ab_uses`` uses: keep (variant better by
``min_improvement``), discard (worse by ``tolerance``) — each only when the difference is also significant
(one-sided two-proportion z ≥ ``ab_z``) — or another round; after ``ab_max_rounds`` inconclusive rounds
the original stays. Every mutation must change what the agent reads as instructions (never a skill's
frontmatter alone) and records the behaviour it expects to change (see ``tweaks``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Literal

from servers.core.llm import LLMClient
from servers.reflection import llm_paths
from servers.reflection.models import (
    Mutation,
    MutationDecision,
    MutationType,
    NotFound,
    ReflectionInputError,
    Variant,
)
from servers.reflection.rules import RuleBook
from servers.reflection.settings import ReflectionSettings
from servers.reflection.storage import tables
from servers.reflection.storage.documents import StoredMutation
from servers.reflection.storage.store import ReflectionStore, new_id, now_iso
from servers.reflection.tweaks import Proposal, changes_behaviour, describe_change, rule_based_proposals

RISK: dict[str, Literal["LOW", "MEDIUM", "HIGH"]] = {"A": "LOW", "B": "MEDIUM", "C": "MEDIUM", "D": "HIGH"}


MUTATION_SCHEMA = "reflection-mutation.schema.json"


def _kind(target: str) -> str:
    return "rule" if target.startswith("rule:") else "skill"


def _z_score(o_success: int, o_uses: int, v_success: int, v_uses: int) -> float:
    """Two-proportion z statistic of variant minus original (0 when both arms are all-or-nothing alike)."""
    pooled = (o_success + v_success) / (o_uses + v_uses)
    se = math.sqrt(pooled * (1 - pooled) * (1 / o_uses + 1 / v_uses))
    return 0.0 if se == 0 else (v_success / v_uses - o_success / o_uses) / se


class Mutations:
    def __init__(
        self,
        store: ReflectionStore,
        rules: RuleBook,
        settings: ReflectionSettings,
        llm: LLMClient | None,
        skill_text: Callable[[str], str | None],
    ) -> None:
        self.store = store
        self.rules = rules
        self.settings = settings
        self.llm = llm
        self.skill_text = skill_text

    # --- targets ------------------------------------------------------------------------------------

    def current_text(self, user_id: str, target: str) -> str:
        kind, _, name = target.partition(":")
        if kind == "rule":
            return self.rules.get(user_id, name).text
        if kind == "skill":
            text = self.skill_text(name)
            if text is None:
                raise NotFound("skill", name)
            return text
        raise ReflectionInputError(f"target {target!r} must be 'rule:<id>' or 'skill:<name>'")

    def eligibility(self, user_id: str, target: str) -> tuple[bool, str, float, int]:
        uses, _ = self.store.outcome_counts(user_id, target)
        recent = self.store.recent_outcomes(user_id, target, self.settings.mutation_window)
        rate = sum(recent) / len(recent) if recent else 0.0
        if uses < self.settings.mutation_min_uses:
            return False, f"{uses} recorded uses; mutation needs {self.settings.mutation_min_uses}", rate, uses
        if rate < self.settings.mutation_min_success:
            return False, f"success rate {rate:.2f} is below {self.settings.mutation_min_success}", rate, uses
        return True, f"{uses} uses, success rate {rate:.2f}", rate, uses

    # --- proposals ----------------------------------------------------------------------------------

    def get(self, user_id: str, mutation_id: str) -> Mutation:
        found = self.store.doc("mutations", Mutation, id=mutation_id, user_id=user_id)
        if found is None:
            raise NotFound("mutation", mutation_id)
        return found

    def all(self, user_id: str, target: str | None = None) -> list[Mutation]:
        return self.store.docs("mutations", Mutation, user_id=user_id, target=target or None)

    def _open(self, user_id: str, target: str) -> Mutation | None:
        return self.store.doc(
            "mutations", Mutation, user_id=user_id, target=target, status=("testing", "awaiting_approval")
        )

    def _save(self, m: Mutation, action: str, detail: dict[str, object]) -> Mutation:
        self.store.put(StoredMutation(id=m.id, user_id=m.user_id, target=m.target, status=m.status, doc=m))
        self.store.audit(m.user_id, "mutation", m.id, action, {"target": m.target, "status": m.status, **detail})
        return m

    def propose(
        self,
        user_id: str,
        target: str,
        type_: MutationType | None = None,
        variant: str | None = None,
        rationale: str | None = None,
        answer: dict[str, Any] | None = None,
    ) -> Mutation:
        """``answer``: the model's mutations, already valid against reflection-mutation.schema.json (the MCP
        client's, asked through sampling with :meth:`generation_prompt`); without it, the configured LLM's."""
        original, rate, uses = self._eligible(user_id, target)
        method: Literal["rules", "llm", "manual"] = "manual"
        risks = verification = ""
        if variant is not None:
            if type_ is None:
                raise ReflectionInputError("a hand-written variant needs its type (A, B, C or D)")
            if variant.strip() == original.strip():
                raise ReflectionInputError("the variant is identical to the original")
            if not changes_behaviour(original, variant):
                raise ReflectionInputError(
                    "the variant changes only the frontmatter or whitespace, which the agent does not follow as "
                    "instructions: an A/B test could not tell the two apart"
                )
            candidates = [Proposal(type_, variant, rationale or "proposed by hand", describe_change(original, variant))]
        else:
            candidates, method = self._generate(target, original, rate, uses, answer)
            if type_ is not None:
                candidates = [c for c in candidates if c.type == type_]
            if not candidates:
                raise ReflectionInputError(f"no type {type_} mutation can be derived from {target}; write one by hand")
            candidates.sort(key=lambda c: "ABCD".index(c.type))  # lowest risk first
        chosen = candidates[0]
        chosen_type = chosen.type
        needs_approval = chosen_type == "D" and not self.settings.autonomous_experiments
        m = Mutation(
            id=new_id("mut"),
            user_id=user_id,
            target=target,
            type=chosen_type,
            risk=RISK[chosen_type],
            status="awaiting_approval" if needs_approval else "testing",
            original=original,
            variant=chosen.variant,
            rationale=chosen.rationale,
            expected_change=chosen.expected_change,
            risks=risks,
            verification=verification or f"A/B over {self.settings.ab_uses} uses",
            method=method,
            created_at=now_iso(),
        )
        # The model is asked outside the write (it may take a minute); one test per target is checked again
        # inside it, since another instance may have started one meanwhile.
        with self.store.writing(user_id):
            if self._open(user_id, target) is not None:
                raise ReflectionInputError(f"{target} already has a mutation under test or awaiting approval")
            return self._save(m, "proposed", {"type": chosen_type, "risk": m.risk, "method": method})

    def _eligible(self, user_id: str, target: str) -> tuple[str, float, int]:
        """The target's text, success rate and uses; ReflectionInputError when it may not be mutated now."""
        original = self.current_text(user_id, target)
        ok, reason, rate, uses = self.eligibility(user_id, target)
        if not ok:
            raise ReflectionInputError(f"{target} is not eligible for mutation: {reason}")
        if self._open(user_id, target) is not None:
            raise ReflectionInputError(f"{target} already has a mutation under test or awaiting approval")
        return original, rate, uses

    def generation_prompt(self, user_id: str, target: str) -> str:
        """The prompt a model is asked to mutate ``target`` with (the same checks as :meth:`propose` first)."""
        original, rate, uses = self._eligible(user_id, target)
        return llm_paths.mutation_prompt(_kind(target), original, rate, uses, [], [], "")

    def _generate(
        self, target: str, original: str, rate: float, uses: int, answer: dict[str, Any] | None = None
    ) -> tuple[list[Proposal], Literal["rules", "llm"]]:
        if answer is None and self.llm is not None:
            answer = llm_paths.ask_validated(
                self.llm,
                llm_paths.mutation_prompt(_kind(target), original, rate, uses, [], [], ""),
                MUTATION_SCHEMA,
            )
        if answer is not None:
            # A model may still tweak frontmatter (a priority, a token budget): such a variant cannot
            # change what the agent does, so it is dropped; if nothing is left the rules take over.
            proposals = [
                Proposal(m["type"], m["variant"], m["rationale"], describe_change(original, m["variant"]))
                for m in answer["mutations"]
                if changes_behaviour(original, m["variant"])
            ]
            if proposals:
                return proposals, "llm"
        return rule_based_proposals(original), "rules"

    def approve(self, user_id: str, mutation_id: str, approve: bool) -> Mutation:
        with self.store.writing(user_id):
            m = self.get(user_id, mutation_id)
            if m.status != "awaiting_approval":
                raise ReflectionInputError(f"mutation {mutation_id} is {m.status}, not awaiting approval")
            m.status = "testing" if approve else "rejected"
            return self._save(m, "approved" if approve else "rejected", {})

    # --- A/B ----------------------------------------------------------------------------------------

    def variant_for(self, user_id: str, target: str, task_id: str) -> Variant:
        with self.store.writing(user_id):
            m = self._open(user_id, target)
            if m is None or m.status != "testing":
                kept_ones = self.store.docs("mutations", Mutation, user_id=user_id, target=target, status="kept")
                # The latest decision wins (a later test may have kept a variant of the variant).
                kept = max(kept_ones, key=lambda d: (d.decided_at or "", d.created_at), default=None)
                if kept and target.startswith("skill:"):
                    return Variant(
                        target=target, task_id=task_id, arm="variant", mutation_id=kept.id, text=kept.variant
                    )
                return Variant(target=target, task_id=task_id, arm="original", text=self.current_text(user_id, target))
            assigned = tables.assigned_arm(self.store, m.id, task_id)
            if assigned is None:
                count = tables.assignment_count(self.store, m.id)
                arm = "original" if count % 2 == 0 else "variant"
                tables.assign(self.store, m.id, task_id, arm)
            else:
                arm = assigned
            text = m.original if arm == "original" else m.variant
            return Variant(target=target, task_id=task_id, arm=arm, mutation_id=m.id, text=text)

    def record(self, user_id: str, target: str, task_id: str | None, success: bool) -> MutationDecision | None:
        """Store one use; attribute it to an A/B arm when the task was assigned one; decide when due."""
        with self.store.writing(user_id):
            m = self._open(user_id, target)
            arm = None
            if m is not None and m.status == "testing" and task_id:
                arm = tables.assigned_arm(self.store, m.id, task_id)
            self.store.add_outcome(user_id, target, task_id, success, m.id if arm and m else None, arm)
            if m is None or arm is None:
                return None
            return self._evaluate(m)

    def _evaluate(self, m: Mutation) -> MutationDecision | None:
        counts = self.store.arm_counts(m.id)
        (on, os_), (vn, vs) = counts.get("original", (0, 0)), counts.get("variant", (0, 0))
        if on + vn < self.settings.ab_uses * (m.rounds + 1) or not on or not vn:
            return None
        o_rate, v_rate = os_ / on, vs / vn
        # The margins alone turn noise into decisions at 5 uses per arm (two equal arms differ
        # by 0.2 by chance): a difference must also be significant, else another round is run.
        z = _z_score(os_, on, vs, vn)
        verdict: Literal["keep", "discard", "inconclusive"]
        if v_rate > o_rate + self.settings.min_improvement and z >= self.settings.ab_z:
            verdict = "keep"
        elif v_rate < o_rate - self.settings.tolerance and -z >= self.settings.ab_z:
            verdict = "discard"
        else:
            verdict = "inconclusive"
        decision = MutationDecision(
            decision=verdict,
            original_rate=round(o_rate, 3),
            variant_rate=round(v_rate, 3),
            original_uses=on,
            variant_uses=vn,
        )
        m.decision = decision
        if verdict == "inconclusive":
            m.rounds += 1
            if m.rounds < self.settings.ab_max_rounds:
                self._save(m, "round", decision.model_dump())
                return decision
            m.status = "inconclusive"
        else:
            m.status = "kept" if verdict == "keep" else "discarded"
        m.decided_at = now_iso()
        if verdict == "keep" and m.target.startswith("rule:"):
            self.rules.edit(m.user_id, m.target.removeprefix("rule:"), m.variant, None, f"mutation {m.id} kept")
        self._save(m, "decided", decision.model_dump())
        return decision
