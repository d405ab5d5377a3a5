"""Experiential memory (PraMem): the memory practises on its own history, in time order, and
keeps what several independent proposals agree on.

  items      practice sets drawn from the graph (questions about the past with their answer
             turns; later statements of a person to predict from what came before)
  trial      the navigator answers them with the current experiences (what it used recorded)
  reflect    each miss yields proposals: add / remove, typed pattern or calibration
  review     groundedness (perturb the cited statements: the proposal must stop holding) and
             generalisability (swap the item's entity: the proposal must not single it out)
  consensus  adopt with >= 3 independent supporting proposals, demote with >= 3 contradicting
  storage    Experience / Proposal / PracticeRound nodes in either store
  guide      the experiences that apply to a question, as the value the loop hands the policy
             (mrgraph.advice.Advice: calibration rules of its kind, the lines an LLM is shown)
  loop       `practice`: rounds of the above, resumable (a round is written in one unit)
"""

from __future__ import annotations

from mrgraph.experience.guide import Guide, load_guide
from mrgraph.experience.kinds import question_kind
from mrgraph.experience.records import Experience, Proposal, RoundRecord

__all__ = ["Experience", "Guide", "Proposal", "RoundRecord", "load_guide", "question_kind"]
