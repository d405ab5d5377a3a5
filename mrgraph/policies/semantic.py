"""The heuristic policy's hop into the semantic layer: person -> aspects -> beliefs.

When the question names a person the entry search found as an entity cue, the policy asks
`personal_aspects(person, query=question)` (aspects ranked by BeliefMem's alpha = sim x
lambda^staleness); an aspect whose similarity to the question reaches ASPECT_MIN has its whole
belief distribution read with `personal_aspect` (every candidate, its confidence and history),
which the answer may rest on (mrgraph.policies.answer). The threshold is on sim, recovered from
alpha: staleness may change which aspect ranks first, never whether one is relevant.
"""

from __future__ import annotations

from mrgraph.beliefs import DEFAULT_LAMBDA
from mrgraph.policies.base import Action, State
from mrgraph.text import capitalised, tokenize

ASPECT_MIN = 0.15  # Jaccard of the question's content words and an aspect's words
MAX_ASPECTS = 2  # aspects whose beliefs are read per person


def people_named(state: State) -> list[str]:
    """Entity cues kept so far whose every word the question holds ("Maya", "Dr. Lee")."""
    asked = set(tokenize(state.question))
    return sorted({str(c["name"]) for c in state.evidence.cues.values()
                   if c.get("kind") == "entity" and tokenize(str(c["name"]))
                   and set(tokenize(str(c["name"]))) <= asked})


def aspect_calls(state: State) -> list[Action]:
    """personal_aspects for each person named (entity cues already found)."""
    return [Action("personal_aspects", {"entity": person, "query": state.question[:500]})
            for person in people_named(state)]


def guessed_aspect_calls(state: State) -> list[Action]:
    """aspect_calls before the entry search has found anyone: a personal_aspects for each
    capitalised word of the question that is not a stop word, the people it likely names. For
    reading ahead only (a wrong guess costs a read, never a call or an answer)."""
    return [Action("personal_aspects", {"entity": word, "query": state.question[:500]})
            for word in capitalised(state.question)]


def belief_calls(state: State) -> list[Action]:
    """personal_aspect for the aspects the last round's personal_aspects found relevant."""
    actions: list[Action] = []
    for outcome in state.last_round:
        if outcome.action.tool != "personal_aspects" or outcome.result is None:
            continue
        relevant = [r for r in outcome.result.records if _sim(r) >= ASPECT_MIN]
        actions += [Action("personal_aspect", {"entity": outcome.action.arguments["entity"],
                                               "aspect": str(r["aspect"])})
                    for r in relevant[:MAX_ASPECTS]]
    return actions


def _sim(record: dict[str, object]) -> float:
    score = float(str(record.get("score", 0.0)))
    staleness = float(str(record.get("staleness", 0.0)))
    return score / DEFAULT_LAMBDA ** staleness if score else 0.0
