"""A model's final answer that is not an answer is caught like an invalid reply: asked again
once with the reason, then the offline reader answers from the same evidence and the trace says
so (ScriptedLLM for the exact behaviour, the fake OpenAI endpoint for the wire)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from mrgraph.llm import OpenAIChat, TokenLedger
from mrgraph.llm.scripted import ScriptedLLM, tool_reply
from mrgraph.policies import LLMPolicy
from mrgraph.policies.final_answer import abstains, non_answer
from mrgraph.reconstruct import reconstruct
from mrgraph.store.base import GraphStore
from mrgraph.store.memory import MemoryStore
from mrgraph.types import NOT_MENTIONED
from tests.contract.conftest import World
from tests.fakes.openai_server import FakeOpenAIServer

NS = "fa"
W = World(NS)
QUESTION = "What is Alice's job?"
GOOD = {"answer": "a teacher", "supports": ["D1:1"], "confidence": 0.8}


def bad(answer: str) -> dict[str, Any]:
    return {"answer": answer, "supports": [], "confidence": 0.9}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GraphStore]:
    s = MemoryStore(tmp_path_factory.mktemp("final") / "graph", NS)
    W.write_into(s, beliefs=True)
    yield s
    s.close()


@pytest.mark.parametrize(("answer", "why"), [
    ("The answer to the question", "placeholder"), ("short answer", "placeholder"),
    ("  ", "empty"), ("...", "empty"), ("Answer to the question: ", "placeholder"),
    ("What is Alice's job?", "repeats"), ("what is alices job", "repeats"),
    ("Alice's job?", "repeats"), ("string", "placeholder"),
])
def test_non_answers_are_recognised(answer: str, why: str) -> None:
    assert why in non_answer(answer, QUESTION)


@pytest.mark.parametrize("answer", ["a teacher", "None", "0", "Denver", NOT_MENTIONED,
                                    "7 May 2023", "Alice works as a teacher", "Yes"])
def test_answers_are_answers(answer: str) -> None:
    assert non_answer(answer, QUESTION) == ""


def test_a_placeholder_answer_is_asked_again_with_the_reason(store: GraphStore) -> None:
    llm = ScriptedLLM(["", bad("The answer to the question"), GOOD])
    answer = reconstruct(store, QUESTION, LLMPolicy(llm))
    assert (answer.answer, answer.supports) == ("a teacher", ())  # D1:1 was not read
    assert [c.purpose for c in llm.calls] == ["navigate", "answer", "answer"]
    retry = llm.calls[2].messages
    assert retry[-2].role == "assistant" and "The answer to the question" in (retry[-2].content
                                                                              or "")
    assert "not an answer" in (retry[-1].content or "") and "placeholder" in (
        retry[-1].content or "")
    assert all(step.tool != "answer" for step in answer.trace)


def test_two_non_answers_give_the_readers_answer_and_the_trace_says_so(
        store: GraphStore) -> None:
    script: list[Any] = [tool_reply([("search_events", {"text": "Alice job teacher"})]), "",
              bad("The answer to the question"), bad(QUESTION)]
    llm = ScriptedLLM(script)
    answer = reconstruct(store, QUESTION, LLMPolicy(llm))
    assert len(llm.calls) == 4
    last = answer.trace[-1]
    assert last.tool == "answer" and last.arguments["answered_by"] == "offline reader"
    assert last.error is not None and "repeats the question" in last.error
    assert non_answer(answer.answer, QUESTION) == "" and answer.answer != QUESTION
    # the reader answered from the evidence the model found: its supports are in it
    assert set(answer.supports) <= set(answer.evidence)
    assert tuple(last.kept_ids) == answer.supports
    assert answer.tool_calls == 1  # the answer step is not a tool call


def test_the_retry_goes_over_the_wire(store: GraphStore, fake_openai: FakeOpenAIServer) -> None:
    fake_openai.reply("I have what I need.")
    fake_openai.reply('{"answer": "The answer to the question", "supports": [], '
                      '"confidence": 0.9}')
    fake_openai.reply('{"answer": "a teacher", "supports": [], "confidence": 0.6}')
    llm = OpenAIChat("fake-model", "sk-test-not-a-key", fake_openai.base_url, timeout=5.0,
                     ledger=TokenLedger(), sleep=lambda _: None, rng=random.Random(0))
    answer = reconstruct(store, QUESTION, LLMPolicy(llm))
    assert answer.answer == "a teacher" and answer.confidence == 0.6
    bodies = fake_openai.bodies
    assert len(bodies) == 3 and "response_format" in bodies[2]
    sent = bodies[2]["messages"]
    assert sent[-2]["role"] == "assistant" and "The answer to the question" in sent[-2]["content"]
    assert sent[-1]["role"] == "user" and "not an answer" in sent[-1]["content"]


@pytest.mark.parametrize(("answer", "abstained"), [
    ("The answer is not mentioned in the conversation. The evidence is mixed. The next", True),
    (NOT_MENTIONED, True), ("It\u2019s not mentioned.", True), ("not stated anywhere", True),
    ("The conversation does not mention her job; she talks of hikes.", True),
    ("There is no information about it.", True), ("No mention of a job.", True),
    ("a teacher", False), ("Not a teacher, a nurse", False), ("Unknown Pleasures", False),
    ("She said her name was not mentioned in the paper.", False), ("No", False),
    ("Denver. It is not mentioned when.", False),
])
def test_an_answer_that_says_it_is_not_there_is_the_abstention(answer: str,
                                                              abstained: bool) -> None:
    assert abstains(answer) is abstained


def test_a_rambling_abstention_is_said_the_one_way(store: GraphStore) -> None:
    llm = ScriptedLLM(["", bad("The answer is not mentioned in the conversation. The next")])
    answer = reconstruct(store, QUESTION, LLMPolicy(llm))
    assert answer.answer == NOT_MENTIONED
    assert [c.purpose for c in llm.calls] == ["navigate", "answer"]  # no retry: it is an answer
