"""The offline reader of a question asking for several things reads the turns handed on
(policies.turns.handed_turns: those read and the best of H's other turns; in the present perfect
of every episode reached), not only the turns its walk read: each thing is said in a turn of its
own."""

from __future__ import annotations

import pytest

from mrgraph.policies.base import Budget, State
from mrgraph.policies.heuristic import HeuristicPolicy
from mrgraph.text import tokenize
from mrgraph.types import NOT_MENTIONED
from tests.unit.marks import needs_wordnet
from tests.unit.walked import read

TURNS = [("D1:1", "Zofia", "I play the cello in a small band."),
         ("D1:2", "Omar", "Nice, how long have you played?"),
         ("D2:1", "Zofia", "Last night I played the harp for two hours.")]


def state(question: str, read_ids: set[str], fetched: bool) -> State:
    """One episode holding TURNS; the walk read `read_ids`; the loop fetched the others
    (as policies.turns.fetch_unread records them) when `fetched`."""
    s = State(question, {t: 1.0 for t in tokenize(question)}, Budget())
    s.evidence.events["e1"] = {"id": "e1", "summary": "", "dia_ids": [t[0] for t in TURNS],
                               "relevance": 0.5, "date": "2023-05-07"}
    s.evidence.add_turns([{"dia_id": d, "speaker": who, "text": text, "event_id": "e1",
                           "date": "2023-05-07T10:00:00"}
                          for d, who, text in TURNS if d in read_ids], "c1", 0.5)
    if fetched:
        for d, who, text in TURNS:
            if d not in read_ids:
                s.unread_turns[f"c1/{d}"] = {
                    "dia_id": d, "speaker": who, "text": text, "date": "2023-05-07T10:00:00",
                    "session": int(d[1]), "index": 0, "conversation": "c1",
                    "event_id": "e1", "relevance": 0.5}
    return s


def one_episode(question: str, said: list[tuple[str, str, str]],
                dia_ids: list[str] | None = None) -> State:
    """One episode (of `dia_ids`, or of the turns said) whose turns `said` (id, speaker,
    text) the walk read."""
    s = State(question, {t: 1.0 for t in tokenize(question)}, Budget())
    s.evidence.events["e1"] = {"id": "e1", "summary": "", "relevance": 0.5, "date": "2023-05-07",
                               "dia_ids": dia_ids or [d for d, _, _ in said]}
    s.evidence.add_turns([{"dia_id": d, "speaker": who, "event_id": "e1", "text": text,
                           "date": "2023-05-07T10:00:00"} for d, who, text in said], "c1", 0.5)
    return s


def test_the_person_test_weighs_the_fetched_turns_too() -> None:
    # read: only the other speaker's turn about playing; fetched: the person's own
    question = "What instruments does Omar play?"
    s = one_episode(question, [("D1:1", "Zofia", "I play the cello in a small band."),
                               ("D1:3", "Omar", "That sounds lovely.")],
                    ["D1:1", "D1:2", "D1:3"])
    assert read(s).answer == NOT_MENTIONED  # about Zofia: Omar says nothing of it
    s.unread_turns["c1/D1:2"] = {
        "dia_id": "D1:2", "speaker": "Omar", "text": "I play the banjo on weekends.",
        "date": "2023-05-07T10:00:00", "session": 1, "index": 1, "conversation": "c1",
        "event_id": "e1", "relevance": 0.5}
    assert read(s).answer == "banjo"


def test_the_heuristic_walk_fetches_the_turns_for_several_things_only() -> None:
    policy = HeuristicPolicy()
    assert policy.start("Which cities has Omar visited?", Budget()).hands_turns
    assert policy.start("How many times has Zofia moved house?", Budget()).hands_turns
    assert not policy.start("What did Omar donate to the library?", Budget()).hands_turns


@needs_wordnet
@pytest.mark.parametrize(("question", "reached"), [
    # the present perfect: what has been so over time, said on many occasions - the other
    # reached episodes' turns too (as the LLM's run is always handed them)
    ("Which cities has Omar visited?", True), ("What has Zofia painted?", True),
    ("Where have Omar and his kids camped?", True),
    # several things asked otherwise: the turns of H's episodes only
    ("What instruments does Zofia play?", False), ("What are Omar's hobbies?", False),
    ("How many times did Zofia move house?", False)])
def test_a_question_in_the_present_perfect_is_handed_every_episode_reached(
        question: str, reached: bool) -> None:
    run = HeuristicPolicy().start(question, Budget())
    assert run.hands_turns and run.hands_reached is reached


def test_a_list_joins_the_phrases_said_in_several_sessions() -> None:
    question = "What instruments does Zofia play?"
    said = [("D1:1", "Zofia", "I play the cello in a small band."),
            ("D2:1", "Zofia", "Last night I played the harp for two hours."),
            ("D3:2", "Zofia", "On Sundays I play the drums at the youth club.")]
    reading = read(one_episode(question, said))
    assert reading.kind == "list"
    assert [i for i in ("cello", "harp", "drums") if i in reading.answer] == \
        ["cello", "harp", "drums"]
    assert set(reading.supports) == {"D1:1", "D2:1", "D3:2"}
    # said in one session: one occasion, its one phrase
    same = [(f"D1:{i}", who, text) for i, (_, who, text) in enumerate(said, 1)]
    assert "," not in read(one_episode(question, same)).answer


def test_a_phrase_that_lists_things_already_answers_alone() -> None:
    reading = read(one_episode("What fruits does Omar grow?", [
        ("D1:1", "Omar", "I grow apples and pears in the garden."),
        ("D2:1", "Omar", "I grow plums in pots too.")]))
    assert reading.answer == "apples, pears"  # its things are items (family "item_split")


def test_a_list_about_someone_joins_only_what_they_say() -> None:
    """The other speaker's suggestion or own doing is no item of the person's (three shapes:
    a suggestion, the other's own hobby, a question-like remark said as a statement)."""
    question = "What instruments does Zofia play?"
    said = [("D1:1", "Zofia", "I play the cello in a small band."),
            ("D2:1", "Zofia", "Last night I played the harp for two hours."),
            ("D2:2", "Omar", "You should play the trumpet in the parade, Zofia."),
            ("D3:1", "Omar", "I play the accordion at weddings, Zofia."),
            ("D3:2", "Omar", "Zofia, I bet you play the flute beautifully.")]
    reading = read(one_episode(question, said))
    assert "cello" in reading.answer and "harp" in reading.answer
    assert not any(other in reading.answer for other in ("trumpet", "accordion", "flute"))
    assert set(reading.supports) <= {"D1:1", "D2:1"}
