"""The reply to a question a read ends on (event_context's `reply`, which the heuristic walk's
final read asks for): a reply takes its meaning from the question before it ("How long did
the swim take you?" - "Fifty two minutes"), so when an episode's read ends on a question of
one speaker, the next turn, said by the other, is read with it. Invented dialogue."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mrgraph.policies.base import Budget
from mrgraph.policies.heuristic import HeuristicPolicy
from mrgraph.reconstruct import ask, reconstruct
from mrgraph.serve.tracegraph import store_lookup, trace_graph
from mrgraph.store.memory import MemoryStore
from mrgraph.toolkit import run_tool, tool_specs
from tests.unit.conftest import ingested_text

NS = "replies"
# Episodes as the heuristic ingest cuts them: D1:1-4, D1:5-10, D2:1-3, D2:4-7.
TRANSCRIPT = """\
## Session 1 — 2024-03-04 18:20
[D1:1] Tomas: Hi Vera! How are things at the bakery?
[D1:2] Vera: Busy as ever, the new oven finally arrived on Monday.
[D1:3] Tomas: Nice. I have news too: I swam across the lake at the summer festival.
[D1:4] Vera: No way! How long did the swim take you?
[D1:5] Tomas: Fifty two minutes, and the water was freezing.
[D1:6] Vera: I would have turned back after five.
[D1:7] Tomas: My cousin painted a mural on the school wall last week.
[D1:8] Vera: That's lovely. What did she paint on it?
[D1:9] Tomas: A giant octopus holding twelve umbrellas.
[D1:10] Vera: Ha, I need to see it.
## Session 2 — 2024-04-10 09:05
[D2:1] Vera: Guess what, I adopted a puppy from the shelter!
[D2:2] Tomas: Congrats! Where did you find her?
[D2:3] Vera: At the shelter by the ferry dock. She is a tiny grey terrier.
[D2:4] Tomas: And when are you taking her to the vet?
[D2:5] Tomas: Sorry, that is a nosy question.
[D2:6] Vera: Not at all, Thursday morning before work.
[D2:7] Tomas: Good luck with the training.
"""
SWIM = "How long did Tomas take to swim across the lake?"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MemoryStore]:
    with ingested_text(tmp_path_factory, TRANSCRIPT, NS, "swim.txt") as s:
        yield s


def episode(store: MemoryStore, first: str) -> str:
    """The id of the episode whose first turn is `first`."""
    found = run_tool(store, "timeline", {"start": "2024-01-01", "end": "2024-12-31",
                                         "limit": 50}).records
    return next(str(e["id"]) for e in found if e["dia_ids"][0] == first)


def read(store: MemoryStore, first: str, window: int, reply: bool) -> tuple[str, ...]:
    return run_tool(store, "event_context", {"event_id": episode(store, first),
                                             "window": window, "reply": reply}).ids


def test_a_read_ending_on_a_question_gets_the_reply(store: MemoryStore) -> None:
    assert read(store, "D1:1", 0, False) == ("D1:1", "D1:2", "D1:3", "D1:4")
    result = run_tool(store, "event_context", {"event_id": episode(store, "D1:1"),
                                               "window": 0, "reply": True})
    assert result.ids == ("D1:1", "D1:2", "D1:3", "D1:4", "D1:5")
    reply = result.records[-1]  # read as part of the episode asked for, outside its turns
    assert reply["speaker"] == "Tomas" and reply["text"].startswith("Fifty two minutes")
    assert reply["event_id"] == episode(store, "D1:1") and reply["in_event"] is False


def test_the_asker_going_on_is_no_reply(store: MemoryStore) -> None:
    # the window ends on Tomas's "when ...?", and Tomas speaks next: no answer there
    assert read(store, "D2:1", 1, True) == read(store, "D2:1", 1, False) \
        == ("D2:1", "D2:2", "D2:3", "D2:4")


def test_a_read_ending_on_a_statement_is_unchanged(store: MemoryStore) -> None:
    # "Ha, I need to see it." ends the first session; a question inside the read
    # ("What did she paint on it?") has its reply read already
    assert read(store, "D1:5", 0, True) == read(store, "D1:5", 0, False)
    assert read(store, "D2:4", 0, True) == read(store, "D2:4", 0, False)
    # inside a session: "She is a tiny grey terrier." ends the read and Tomas speaks next
    assert read(store, "D2:1", 0, True) == read(store, "D2:1", 0, False) \
        == ("D2:1", "D2:2", "D2:3")


def test_reply_is_an_optional_flag_of_the_tool() -> None:
    spec = next(s for s in tool_specs() if s.name == "event_context")
    assert spec.parameters["properties"]["reply"]["type"] == "boolean"
    assert "reply" not in spec.parameters.get("required", [])


def test_the_walk_reads_the_reply_within_its_final_read(store: MemoryStore) -> None:
    # one episode read, no window: the episode asking how long the swim took is read, and the
    # answer after it with it - no call or round more
    tiny = Budget(read_episodes=1, context_window=0)
    result = reconstruct(store, SWIM, HeuristicPolicy(), tiny)
    final = [s for s in result.trace if s.round == result.rounds]
    assert {s.tool for s in final} <= {"event_context", "conversation_time"}
    context = next(s for s in final if s.tool == "event_context")
    assert context.arguments["reply"] is True and context.result_ids[-1] == "D1:5"
    assert "D1:5" in result.evidence and "D1:5" in result.supports
    assert result.answer == "fifty two minutes"  # the span said in the reply


def test_the_trace_picture_draws_the_reply_read(store: MemoryStore) -> None:
    # the picture reads each event_context step again: with its reply, so the turn the answer
    # rests on is drawn with its words, not as a turn never read
    answer = ask(store, SWIM, "active", budget=Budget(read_episodes=1, context_window=0))
    picture = trace_graph(answer, SWIM, store_lookup(store))
    support = next(n["data"] for n in picture["elements"]["nodes"]
                   if n["data"].get("support") and n["data"].get("ref") == "D1:5")
    assert "Fifty two minutes" in support["label"] and "not read" not in support["label"]


def test_the_passive_baselines_read_as_before(store: MemoryStore) -> None:
    for mode in ("topk", "graph"):
        trace = ask(store, SWIM, mode).trace
        assert all("reply" not in s.arguments for s in trace if s.tool == "event_context")
