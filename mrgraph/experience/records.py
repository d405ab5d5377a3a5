"""The values of experiential memory: experiences, proposals and practice rounds.

Keys say what an experience is about, so proposals about the same thing meet in consensus:
  pattern      "pattern|<person key>|<keyword stem>"        rule = the keyword stem
  calibration  "calibration|<question kind>|<knob>=<value>"  rule = "<knob>=<value>"
The slot of a key (everything before "=" for calibration, the whole key for a pattern) holds at
most one active experience: two values of one knob for one question kind never both apply."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mrgraph.text import normalize_key

Kind = Literal["pattern", "calibration"]
Op = Literal["add", "remove"]
Status = Literal["active", "demoted"]
DEFAULT_BUDGET_TOKENS = 800  # the memory's budget: the paper's settles at 600-800 tokens


def pattern_key(person: str, keyword: str) -> str:
    return f"pattern|{normalize_key(person)}|{keyword}"


def calibration_key(question_kind: str, knob: str, value: str) -> str:
    return f"calibration|{question_kind}|{knob}={value}"


def slot(key: str) -> str:
    """What one active experience may occupy (see the module docstring)."""
    return key.split("=", 1)[0] if key.startswith("calibration|") else key


@dataclass(frozen=True)
class Experience:
    kind: Kind
    key: str
    subject: str  # the person (pattern) or the question kind (calibration)
    rule: str  # the keyword (pattern) or "knob=value" (calibration)
    statement: str
    support: int  # independent proposals that agreed
    contradict: int  # independent proposals against it
    status: Status
    dia_ids: tuple[str, ...]  # provenance turns, pairwise with conversation_ids
    conversation_ids: tuple[str, ...]
    round: int  # the round that last changed it
    token_count: int  # the statement's size (the memory budget counts these)


@dataclass(frozen=True)
class Proposal:
    """One practice item's suggestion after reflection, with its review."""

    op: Op
    kind: Kind
    key: str
    subject: str
    rule: str
    statement: str
    item: str  # the practice item (independence: one vote per item and key)
    dia_ids: tuple[str, ...]
    conversation_ids: tuple[str, ...]
    round: int
    grounded: bool
    general: bool
    verdict: str = "pooled"  # pooled | adopted | demoted | rejected (failed review)

    @property
    def reviewed_ok(self) -> bool:
        return self.grounded and self.general


@dataclass(frozen=True)
class RoundRecord:
    """What one practice round did, and the memory's size after it."""

    round: int
    scope: str  # the conversations practised on, comma-joined ("" = all)
    items: int
    hits: int
    proposals: int
    adopted: int
    demoted: int
    active: int
    memory_tokens: int
    budget_tokens: int
