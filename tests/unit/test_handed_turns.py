"""The turns an answer step is handed: ranked best first by policies.turns.handed_turns, listed
in that order by the LLM answer prompt, and measured on the very same list by
benchmarks/recall_budget.py."""

from __future__ import annotations

import random
import re
from pathlib import Path
from collections.abc import Iterator, Sequence
import pytest

from benchmarks.recall_budget import active_turns
from mrgraph.advice import NO_ADVICE, Advice
from mrgraph.errors import ConfigError
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.llm.scripted import ScriptedLLM, tool_reply
from mrgraph.policies import LLMPolicy
from mrgraph.found import dia_order
from mrgraph.policies.base import Action, Budget, Draft, State
from mrgraph.policies.heuristic import HeuristicPolicy, HeuristicRun
from mrgraph.policies.llm_policy import LLMRun
from mrgraph.policies.turns import _spread, _spread_all, handed_turns
from mrgraph.reconstruct import reconstruct
from mrgraph.store.memory import MemoryStore
from tests.unit.conftest import ingested_text

NS = "handed"
# The turn holding the question's words is neither the first of its episode nor of the
# transcript, so transcript order and best-first order differ.
TRANSCRIPT = """\
## Session 1 — 2023-05-08 13:56
[D1:1] Ben: Good morning, how was your weekend?
[D1:2] Ana: Quiet, mostly reading at home with some tea.
[D1:3] Ana: Oh, and I adopted a grey kitten from the animal shelter downtown!
[D1:4] Ben: That is lovely news, congratulations.
## Session 2 — 2023-06-01 10:00
[D2:1] Ben: I fixed the chain of my bicycle yesterday.
[D2:2] Ana: The kitten from the shelter now sleeps on my desk all day.
[D2:3] Ben: Cats always find the warmest spot.
"""
QUESTION = "What did Ana adopt from the animal shelter?"
ANSWER = {"answer": "a grey kitten", "supports": ["D1:3"], "confidence": 0.8}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemoryStore]:
    with ingested_text(tmp_path_factory, TRANSCRIPT, NS, "pets.txt") as s:
        yield s


def prompt_turns(prompt: str) -> tuple[str, list[str]]:
    """The header of the answer prompt's turn list and its dia_ids, in the order listed."""
    header, _, rest = prompt.partition("Turns (most relevant first):\n")
    listed = rest.split("</evidence>")[0]
    return header, re.findall(r"^- (D\d+:\d+) \(", listed, re.M)


def test_answer_prompt_lists_turns_best_first(store: MemoryStore) -> None:
    # the model searches and stops without reading any turn: the answer step is still handed
    # the best turns of H's episodes (fetched after the loop), best first
    llm = ScriptedLLM([tool_reply([("search_events", {"text": "adopt shelter"})]), "", ANSWER])
    answer = reconstruct(store, QUESTION, LLMPolicy(llm))
    prompt = llm.calls[-1].messages[-1].content or ""
    header, listed = prompt_turns(prompt)
    assert "Episodes:" in header and len(listed) >= 3
    assert listed[0] == "D1:3"  # the turn saying it, though D1:1 and D1:2 come before it
    assert listed != sorted(listed, key=dia_order)
    assert len(set(listed)) == len(listed)
    assert answer.supports == ("D1:3",)  # a handed turn of H is citable


def test_answer_turns_caps_the_turns_handed_on(store: MemoryStore) -> None:
    llm = ScriptedLLM([tool_reply([("search_events", {"text": "adopt shelter"})]), "", ANSWER])
    reconstruct(store, QUESTION, LLMPolicy(llm), Budget(answer_turns=2))
    _, listed = prompt_turns(llm.calls[-1].messages[-1].content or "")
    assert listed[0] == "D1:3" and len(listed) == 2
    with pytest.raises(ConfigError, match="answer_turns"):
        Budget(answer_turns=0)


class _WalkRun:
    """The heuristic walk, answered by the LLM answer step (so its prompt shows what the
    heuristic walk's answer step is handed)."""

    def __init__(self, walk: HeuristicRun, reader: LLMRun) -> None:
        self.walk, self.reader = walk, reader
        self.tokens = 0
        self.hands_turns = reader.hands_turns

    def next_actions(self, state: State) -> Sequence[Action]:
        return self.walk.next_actions(state)

    def answer(self, state: State) -> Draft:
        return self.reader.answer(state)


class _WalkThenLLM:
    name = "heuristic walk, LLM answer"

    def __init__(self, llm: ScriptedLLM) -> None:
        self.llm = llm

    def start(self, question: str, budget: Budget, advice: Advice = NO_ADVICE) -> _WalkRun:
        return _WalkRun(HeuristicPolicy().start(question, budget, advice),
                        LLMPolicy(self.llm).start(question, budget, advice))


@pytest.mark.parametrize("k", [2, 20])
def test_recall_budget_measures_the_list_the_answer_step_is_handed(store: MemoryStore,
                                                                   k: int) -> None:
    measured, _ = active_turns(store, QUESTION, k)
    llm = ScriptedLLM([ANSWER])
    reconstruct(store, QUESTION, _WalkThenLLM(llm), Budget(answer_turns=k))
    _, listed = prompt_turns(llm.calls[-1].messages[-1].content or "")
    assert measured == listed and 0 < len(listed) <= k
    assert len(listed) == 2 if k == 2 else len(listed) > 2
    assert measured[0] == "D1:3"



@pytest.mark.parametrize("hands_turns", [False, True])
def test_unread_turns_are_fetched_only_for_an_answer_step_handed_them(
        store: MemoryStore, hands_turns: bool) -> None:
    # a walk that searches and reads no turn: the offline reader reads only the turns read,
    # so no read is spent on the others; an answer step that is handed turns gets them
    run = _SearchOnce(hands_turns)
    reconstruct(store, QUESTION, _Started(run))
    assert run.final is not None and run.final.evidence.events
    assert not run.final.evidence.turns
    assert bool(run.final.unread_turns) is hands_turns


class _SearchOnce:
    def __init__(self, hands_turns: bool) -> None:
        self.hands_turns, self.tokens = hands_turns, 0
        self.final: State | None = None

    def next_actions(self, state: State) -> Sequence[Action]:
        return [] if state.round else [Action("search_events", {"text": "adopt shelter"})]

    def answer(self, state: State) -> Draft:
        self.final = state
        return Draft("", (), 0.0)


class _Started:
    name = "a run already started"

    def __init__(self, run: _SearchOnce) -> None:
        self.run = run

    def start(self, question: str, budget: Budget, advice: Advice = NO_ADVICE) -> _SearchOnce:
        return self.run


def test_turns_of_conversations_sharing_dia_ids_are_all_handed(tmp_path: Path) -> None:
    # two conversations in one namespace number their turns alike: neither's turns are
    # dropped or taken as already read because the other's were
    store = MemoryStore(tmp_path / "graph", "shared-ids")
    for name, (one, two) in {"hikes": ("Ana", "Ben"), "boats": ("Cy", "Dee")}.items():
        path = tmp_path / f"{name}.txt"
        path.write_text("## Session 1 — 2023-05-08 13:56\n"
                        f"[D1:1] {one}: I adopted a kitten from the animal shelter.\n"
                        f"[D1:2] {two}: A kitten from the shelter, how lovely!\n"
                        f"[D1:3] {one}: The shelter had so many kittens.\n", encoding="utf-8")
        ingest_file(store, path, HeuristicExtractor())
    llm = ScriptedLLM([tool_reply([("search_events", {"text": "adopted kitten shelter"})]), "",
                       ANSWER])
    reconstruct(store, "Who adopted a kitten from the animal shelter?", LLMPolicy(llm))
    prompt = llm.calls[-1].messages[-1].content or ""
    _, listed = prompt_turns(prompt)
    speakers = set(re.findall(r"^- D1:\d \([^)]*\) (\w+):", prompt, re.M))
    store.close()
    assert sorted(listed) == ["D1:1", "D1:1", "D1:2", "D1:2", "D1:3", "D1:3"]
    assert speakers == {"Ana", "Ben", "Cy", "Dee"}


def test_a_policy_run_written_before_hands_turns_still_answers(store: MemoryStore) -> None:
    class OldRun:  # no hands_turns: the loop hands it no fetched turns
        tokens = 0

        def next_actions(self, state: State) -> Sequence[Action]:
            return [] if state.round else [Action("search_events", {"text": "adopt shelter"})]

        def answer(self, state: State) -> Draft:
            assert not state.unread_turns
            return Draft("a grey kitten", (), 0.5)

    class Old:
        name = "old"

        def start(self, question: str, budget: Budget,
                  advice: Advice = NO_ADVICE) -> OldRun:
            return OldRun()

    assert reconstruct(store, QUESTION, Old()).answer == "a grey kitten"  # type: ignore[arg-type]


@pytest.mark.parametrize("question, several", [
    ("What pets has Ana adopted from the shelter?", True), (QUESTION, False)])
def test_several_things_are_handed_the_turns_of_every_episode_reached(
        store: MemoryStore, question: str, several: bool) -> None:
    # H holds one episode; the search reached both sessions' episodes. A question asking for
    # several things is handed the other episode's turns too (each with its index in the
    # session, for the opening-exchange bonus); a question asking for one thing is not
    run = _SearchOnce(True)
    reconstruct(store, question, _Started(run), Budget(max_evidence=1))
    state = run.final
    assert state is not None and len(state.evidence.events) == 1
    kept = {d for e in state.evidence.events.values() for d in e["dia_ids"]}
    fetched = {str(t["dia_id"]) for t in state.unread_turns.values()}
    assert kept <= fetched
    sessions = {int(t["session"]) for t in state.unread_turns.values()}
    assert (len(sessions) == 2) is several  # the other session's episode: only for several
    assert all(isinstance(t["index"], int) for t in state.unread_turns.values())
    if several:
        handed = [str(t["dia_id"]) for t in handed_turns(state)]
        assert {"D1:3", "D2:2"} <= set(handed) <= fetched


def test_a_run_may_be_handed_the_turns_of_its_own_episodes_only(store: MemoryStore) -> None:
    # the offline reader's run (hands_reached = False): H's turns, not the other episode's
    run = _SearchOnce(True)
    run.hands_reached = False  # type: ignore[attr-defined]
    reconstruct(store, "What pets has Ana adopted from the shelter?", _Started(run),
                Budget(max_evidence=1))
    state = run.final
    assert state is not None and len(state.evidence.events) == 1
    kept = {d for e in state.evidence.events.values() for d in e["dia_ids"]}
    fetched = {str(t["dia_id"]) for t in state.unread_turns.values()}
    assert kept <= fetched and len({int(t["session"]) for t in state.unread_turns.values()}) == 1
    assert all(t["event_id"] in state.evidence.events for t in state.unread_turns.values())


class _SearchThenLLM(_SearchOnce):
    def __init__(self, reader: LLMRun) -> None:
        super().__init__(reader.hands_turns)
        self.reader = reader

    def answer(self, state: State) -> Draft:
        super().answer(state)
        return self.reader.answer(state)


def test_a_turn_handed_on_from_an_episode_not_kept_may_be_cited(store: MemoryStore) -> None:
    question = "What pets has Ana adopted from the shelter?"
    llm = ScriptedLLM([{"answer": "a kitten", "supports": ["D1:3", "D2:2"], "confidence": 0.7}])
    run = _SearchThenLLM(LLMPolicy(llm).start(question, Budget(max_evidence=1)))
    answer = reconstruct(store, question, _Started(run), Budget(max_evidence=1))
    assert run.final is not None and len(run.final.evidence.events) == 1
    _, listed = prompt_turns(llm.calls[-1].messages[-1].content or "")
    assert {"D1:3", "D2:2"} <= set(listed)  # one of them from the episode H did not keep
    assert set(answer.supports) == {"D1:3", "D2:2"}


def test_the_lazy_spread_keeps_the_order_of_scoring_every_turn_left() -> None:
    rng = random.Random(7)
    for _ in range(200):
        ranked = [f"D{i}:1" for i in range(rng.randint(1, 40))]
        # few distinct values: ties must go to the first ranked, as in the plain greedy
        own = {d: rng.choice((0.0, 0.1, 0.25, 0.5)) for d in ranked}
        episode = {d: (rng.choice((0.0, 0.3, 0.6, 1.0)), f"e{rng.randint(1, 5)}")
                   for d in ranked}
        for limit in (None, 3, 20):
            assert _spread(ranked, own, episode, 0.5, limit) == \
                _spread_all(ranked, own, episode, 0.5, limit)
