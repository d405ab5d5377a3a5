"""Reflection by rules (offline): what a missed practice item proposes.

Question items: each knob value the item's kind does not use now is tried on the item (a
counterfactual trial); one that brings the answer turn into the evidence without losing answer
F1 proposes "add" (calibration of that kind: knob=value). The knobs are the navigator's, and
the navigator answers for the evidence: an F1 change alone on an item whose label is a whole
turn is the extractive answer's noise, measured not to carry over (benchmarks/RESULTS.md); an active calibration whose knob at the policy's
default scores higher proposes "remove". Pattern items: a stem the person said in this turn
and in at least MIN_SESSIONS earlier sessions (more often than anyone else did) proposes
"add" (pattern: person, stem), citing every earlier turn of theirs that says it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mrgraph.experience.items import PatternItem, QuestionItem, Utterance
from mrgraph.experience.records import Experience, Proposal, calibration_key, pattern_key
from mrgraph.experience.trial import Score, history, sessions_saying
from mrgraph.policies.knobs import KNOB_VALUES, Knobs

PATTERN_STATEMENT = "{person} keeps coming back to {topic} (in {sessions} earlier sessions)."
MIN_SESSIONS = 3  # earlier sessions a stem must recur in before it is a pattern
GAIN = 1e-6

Asker = Callable[[Knobs], Score]


@dataclass(frozen=True)
class Counterfactual:
    """A variant tried on a question item: the proposal it made and both scores (review)."""

    proposal: Proposal
    base: Score
    variant: Score
    knobs: Knobs  # the variant's knobs (base knobs: the item's current ones)


def calibration_statement(kind: str, rule: str) -> str:
    knob, _, value = rule.partition("=")
    text = {
        "read_episodes": f"read the raw turns of the {value} best episodes",
        "context_window": f"read {value} turn(s) around each episode read",
        "semantic": ("consult the beliefs about the people asked about" if value == "on"
                     else "skip the beliefs and go straight to the episodes"),
        "min_priority": f"follow leads down to priority {value}",
    }[knob]
    return f"For '{kind}' questions, {text}."


def reflect_question(item: QuestionItem, base_knobs: Knobs, base: Score, ask: Asker,
                     active: Sequence[Experience], round_no: int) -> list[Counterfactual]:
    """Proposals of one question item (none for a hit)."""
    if base.hit:
        return []
    out: list[Counterfactual] = []
    for knob, values in KNOB_VALUES.items():
        for value in values:
            rule = f"{knob}={value}"
            if base_knobs.value(knob) == value:
                continue
            knobs = base_knobs.set(rule)
            tried = ask(knobs)
            if tried.recall > base.recall + GAIN and tried.f1 >= base.f1 - GAIN:
                out.append(Counterfactual(_calibration("add", item, rule, round_no),
                                          base, tried, knobs))
    defaults = Knobs()
    for exp in active:
        knob = exp.rule.partition("=")[0]
        reverted = base_knobs.set(f"{knob}={defaults.value(knob)}")
        if reverted == base_knobs:
            continue
        tried = ask(reverted)
        if tried.value > base.value + GAIN:
            out.append(Counterfactual(_calibration("remove", item, exp.rule, round_no),
                                      base, tried, reverted))
    return out


def _calibration(op: str, item: QuestionItem, rule: str, round_no: int) -> Proposal:
    return Proposal("add" if op == "add" else "remove", "calibration",
                    calibration_key(item.kind, *rule.split("=", 1)), item.kind, rule,
                    calibration_statement(item.kind, rule), item.id, item.dia_ids,
                    (item.conversation_id,) * len(item.dia_ids), round_no, False, False)


def pattern_holds(utterances: Sequence[Utterance], person: str, conversation: str,
                  before: int, stem: str) -> bool:
    """The derivation: the person said `stem` in MIN_SESSIONS earlier sessions, and in no
    fewer than any other speaker of the conversation did (a tendency of theirs, not only of
    the people they talk to)."""
    mine = sessions_saying(history(utterances, person, conversation, before), stem)
    others = {u.speaker for u in utterances
              if u.conversation_id == conversation and u.speaker != person}
    best_other = max((sessions_saying(history(utterances, o, conversation, before), stem)
                      for o in others), default=0)
    return mine >= MIN_SESSIONS and mine >= best_other


def reflect_pattern(item: PatternItem, predicted: Sequence[str],
                    utterances: Sequence[Utterance], names: dict[str, str],
                    round_no: int) -> list[Proposal]:
    if set(predicted) & set(item.keywords):
        return []
    out = []
    for stem in item.keywords:
        if not pattern_holds(utterances, item.person, item.conversation_id, item.session, stem):
            continue
        cited = [u for u in history(utterances, item.person, item.conversation_id,
                                    item.session) if stem in u.keywords]
        sessions = len({u.session for u in cited})
        statement = PATTERN_STATEMENT.format(person=item.person, topic=names.get(stem, stem),
                                             sessions=sessions)
        out.append(Proposal("add", "pattern", pattern_key(item.person, stem), item.person, stem,
                            statement, item.id, tuple(u.dia_id for u in cited),
                            tuple(u.conversation_id for u in cited), round_no, False, False))
    return out
