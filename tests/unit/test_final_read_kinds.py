"""The heuristic walk's final read (policies.heuristic.final_episodes) reads the episodes of H
most relevant first, an episode whose summary names a kind of a question noun it does not
name ("a beagle" for "dog", "a buddy" for "friend", "a bruise" for "injuries") counting that
part of the question too (State.kind_fit, mrgraph.kind_fit); the passive baselines do not."""

from __future__ import annotations

import pytest

from mrgraph.policies.base import Budget, State
from mrgraph.policies.heuristic import final_episodes
from mrgraph.text import token_set
from mrgraph.weights import kind_members


def state_of(question: str, summaries: list[str], relevance: float = 0.5) -> State:
    """A State whose H holds one episode per summary, all equally relevant, kept in order."""
    weights = {t: 1.0 for t in token_set(question)}
    state = State(question, weights, Budget(), kinds=kind_members(question, weights))
    for i, summary in enumerate(summaries):
        state.evidence.events[f"ep-{i}"] = {"id": f"ep-{i}", "summary": summary,
                                            "dia_ids": [f"D{i + 1}:1"], "relevance": relevance}
    return state


FILLER = ["We walked by the lake on Sunday and it rained.",
          "Work has been slow, so I repainted the kitchen."]


@pytest.mark.parametrize(("question", "fitting"), [
    ("What breed is Tom's dog?", "Our beagle sleeps on the sofa all day."),
    ("When did Ana's friend move to Sheffield?", "A pal of mine packed up his flat and left."),
    ("What injuries did the climbers have after the trip?",
     "Zofia came back with a bruise on her shin."),
])
def test_a_summary_naming_a_kind_of_the_asked_noun_is_read_first(question: str,
                                                                  fitting: str) -> None:
    state = state_of(question, [*FILLER, fitting])
    assert [e["id"] for e in final_episodes(state, 1)] == ["ep-2"]
    assert state.kind_fit(fitting) > 0 and state.kind_fit(FILLER[0]) == 0


@pytest.mark.parametrize(("question", "summary"), [
    ("What breed is Tom's dog?", "The animal shelter needs volunteers."),  # more general
    ("What breed is Tom's dog?", "My dog and my beagle nap together."),  # says "dog" itself
    ("When did Ana's friend move to Sheffield?", "Buddy Holly played on the radio."),  # a name
])
def test_no_kind_no_fit(question: str, summary: str) -> None:
    assert state_of(question, [summary]).kind_fit(summary) == 0
    state = state_of(question, [*FILLER, summary])
    assert [e["id"] for e in final_episodes(state, 1)] == ["ep-0"]  # kept first


def test_relevance_still_leads_and_ties_keep_their_order() -> None:
    question = "What breed is Tom's dog?"
    state = state_of(question, [*FILLER, "Our beagle sleeps on the sofa all day."])
    state.evidence.events["ep-1"]["relevance"] = 2.0  # far more of the question's words
    assert [e["id"] for e in final_episodes(state, 3)] == ["ep-1", "ep-2", "ep-0"]
