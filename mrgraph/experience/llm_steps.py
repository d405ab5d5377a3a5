"""Practice with an LLM: trial (pattern prediction), reflection, review and consensus, each a
prompt file of its own (mrgraph/prompts/practice_*.md) asked for JSON by schema. Question items
are tried by the LLM navigation policy shown the current experiences (trial.ask_item_llm)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mrgraph.experience.items import Utterance
from mrgraph.experience.records import Op, Proposal, calibration_key, pattern_key
from mrgraph.llm.base import LLM, Message
from mrgraph.policies.knobs import KNOB_VALUES
from mrgraph.prompts import Value, load_prompt
from mrgraph.text import tokenize

_TEXT = {"type": "string", "maxLength": 400}
_BOOL = {"type": "boolean"}
TRIAL_SCHEMA: dict[str, Any] = {
    "type": "object", "properties": {"prediction": _TEXT}, "required": ["prediction"],
    "additionalProperties": False}
REFLECT_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["proposals"],
    "properties": {"proposals": {"type": "array", "maxItems": 5, "items": {
        "type": "object", "additionalProperties": False,
        "required": ["op", "kind", "subject", "rule", "statement"],
        "properties": {"op": {"enum": ["add", "remove"]},
                       "kind": {"enum": ["pattern", "calibration"]},
                       "subject": _TEXT, "rule": _TEXT, "statement": _TEXT}}}}}
REVIEW_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "required": ["holds_on_original", "holds_on_perturbed", "singles_out_item"],
    "properties": {"holds_on_original": _BOOL, "holds_on_perturbed": _BOOL,
                   "singles_out_item": _BOOL}}
CONSENSUS_SCHEMA: dict[str, Any] = {
    "type": "object", "properties": {"statement": _TEXT}, "required": ["statement"],
    "additionalProperties": False}
RULES = tuple(f"{k}={v}" for k, values in KNOB_VALUES.items() for v in values)


class LLMSteps:
    """The LLM's part of practice; `tokens` counts what it spent."""

    def __init__(self, llm: LLM) -> None:
        self.llm = llm
        self.tokens = 0

    def _json(self, prompt: str, schema: Mapping[str, Any], **variables: Value) -> Any:
        reply = self.llm.complete([Message.user(load_prompt(prompt).render(**variables))],
                                  response_schema=schema, purpose="practice")
        self.tokens += reply.usage.total_tokens
        return reply.parsed if isinstance(reply.parsed, dict) else {}

    def predict(self, person: str, session: int, past: Sequence[Utterance],
                experiences: str) -> tuple[str, ...]:
        lines = "\n".join(f"- session {u.session} {u.dia_id}: {u.text}" for u in past[-30:])
        got = self._json("practice_trial", TRIAL_SCHEMA, person=person, session=session,
                         history=lines or "(nothing yet)", experiences=experiences or "(none)")
        return tuple(t for part in str(got.get("prediction", "")).split(",")
                     for t in tokenize(part))

    def reflect(self, *, item: str, item_id: str, truth: str, attempt: str, hit: bool,
                used: str, question_kind: str, people: Sequence[str],
                cited: tuple[tuple[str, ...], tuple[str, ...]], round_no: int) -> list[Proposal]:
        got = self._json("practice_reflect", REFLECT_SCHEMA, item=item, truth=truth,
                         attempt=attempt, outcome="hit" if hit else "miss", used=used or "(none)",
                         question_kind=question_kind, rules=", ".join(RULES),
                         people=", ".join(people))
        out = []
        for raw in got.get("proposals", []):
            proposal = _proposal(raw, item_id, question_kind, people, cited, round_no)
            if proposal is not None:
                out.append(proposal)
        return out

    def review(self, proposal: Proposal, *, original: str, perturbed: str, item: str,
               swapped: str) -> tuple[bool, bool]:
        got = self._json("practice_review", REVIEW_SCHEMA, kind=proposal.kind,
                         subject=proposal.subject, statement=proposal.statement,
                         original=original, perturbed=perturbed, item=item, swapped=swapped)
        grounded = bool(got.get("holds_on_original")) and not got.get("holds_on_perturbed", True)
        return grounded, not got.get("singles_out_item", True)

    def merge(self, key: str, statements: Sequence[str]) -> str:
        got = self._json("practice_consensus", CONSENSUS_SCHEMA, key=key,
                         statements="\n".join(f"- {s}" for s in statements))
        return str(got.get("statement") or statements[-1]).strip()


def _proposal(raw: Mapping[str, Any], item_id: str, question_kind: str,
              people: Sequence[str], cited: tuple[tuple[str, ...], tuple[str, ...]],
              round_no: int) -> Proposal | None:
    """A proposal the memory can apply, else None (unknown rule or person)."""
    op: Op = "add" if raw.get("op") == "add" else "remove"
    statement = str(raw.get("statement", "")).strip()
    dia_ids, conversations = cited
    if raw.get("kind") == "calibration":
        rule = str(raw.get("rule", "")).strip()
        if rule not in RULES or not statement:
            return None
        return Proposal(op, "calibration", calibration_key(question_kind, *rule.split("=", 1)),
                        question_kind, rule, statement, item_id, dia_ids, conversations,
                        round_no, False, False)
    person = next((p for p in people if p.lower() == str(raw.get("subject", "")).lower()), None)
    stems = tokenize(str(raw.get("rule", "")))
    if person is None or not stems or not statement:
        return None
    return Proposal(op, "pattern", pattern_key(person, stems[0]), person, stems[0], statement,
                    item_id, dia_ids, conversations, round_no, False, False)
