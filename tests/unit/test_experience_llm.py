"""Experiential memory with an LLM (ScriptedLLM): trial, reflection, review and consensus are
prompts; only proposals the review passes count, three of them adopt; the navigator and the
answer step are shown the experiences that apply."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from mrgraph.experience.guide import Guide, load_guide
from mrgraph.experience.loop import PracticeOptions, practice
from mrgraph.experience.storage import load_pool
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.llm.base import Message, ToolSpec
from mrgraph.llm.scripted import ScriptedLLM
from mrgraph.policies.llm_policy import LLMPolicy
from mrgraph.reconstruct import reconstruct
from mrgraph.store.memory import MemoryStore

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "practice.txt"
GOOD = {"op": "add", "kind": "pattern", "subject": "Iris", "rule": "garden",
        "statement": "Iris tends her garden through the year."}
SPECIFIC = {"op": "add", "kind": "pattern", "subject": "Omar", "rule": "chain",
            "statement": "Omar's bicycle chain held up on the way to work in session 4."}
CALIBRATION = {"op": "add", "kind": "calibration", "subject": "when", "rule": "context_window=2",
               "statement": "For 'when' questions, read the turns around each episode."}


def model(messages: Sequence[Message], tools: Sequence[ToolSpec]) -> Any:
    """A deterministic stand-in for a model, answering each prompt by what it asks."""
    text = str(messages[-1].content)
    if tools:
        return "The evidence suffices."  # navigation: no tool call ends the loop
    if "Answer from the evidence below only" in text:
        return {"answer": "Not mentioned in the conversation", "supports": [], "confidence": 0.1}
    if text.startswith("You are practising"):
        return {"prediction": "work, weather"}
    if text.startswith("You are reflecting"):
        if "talks about in session" in text:
            return {"proposals": [GOOD if "Iris" in text.split("Item:")[1][:40] else SPECIFIC]}
        return {"proposals": [CALIBRATION]} if "'when' questions" in text else {"proposals": []}
    if text.startswith("You are reviewing"):
        specific = "session 4" in text
        return {"holds_on_original": True, "holds_on_perturbed": False,
                "singles_out_item": specific}
    if text.startswith("Several independent practice items"):
        if "(pattern|iris|garden)" in text:
            return {"statement": "Iris keeps returning to her garden."}
        return {"statement": "For 'when' questions, read around each episode."}
    raise AssertionError(f"unexpected prompt: {text[:80]}")


@pytest.fixture
def store(tmp_path: Path) -> MemoryStore:
    opened = MemoryStore(tmp_path / "graph", "t")
    ingest_file(opened, FIXTURE, HeuristicExtractor())
    return opened


def test_practice_with_an_llm_adopts_only_what_reviewed_proposals_agree_on(
        store: MemoryStore) -> None:
    llm = ScriptedLLM([model] * 2000)
    (record,) = practice(store, PracticeOptions(rounds=1), llm=llm)
    pool = load_pool(store)
    active = {e.key: e for e in pool.active}
    iris = active["pattern|iris|garden"]
    assert iris.statement == "Iris keeps returning to her garden."  # the consensus prompt's
    assert iris.support >= 3 and iris.dia_ids
    assert "pattern|omar|chain" not in active  # singled its item out: every proposal rejected
    omar = [p for p in pool.proposals if p.key == "pattern|omar|chain"]
    assert len(omar) >= 3 and {p.verdict for p in omar} == {"rejected"}
    when = [p for p in pool.proposals if p.key == "calibration|when|context_window=2"]
    assert len({p.item for p in when}) >= 3  # one per 'when' item of the transcript
    assert active["calibration|when|context_window=2"].statement == \
        "For 'when' questions, read around each episode."
    assert record.adopted == len(pool.active) and record.hits == 0
    purposes = {c.purpose for c in llm.calls}
    assert {"practice", "navigate", "answer"} <= purposes
    prompts = {str(c.messages[-1].content).split("\n")[0] for c in llm.calls
               if c.purpose == "practice"}
    assert any(p.startswith("You are reviewing") for p in prompts)


def test_the_navigator_and_the_answer_step_are_shown_the_experiences(store: MemoryStore) -> None:
    practice(store, PracticeOptions(rounds=1), llm=ScriptedLLM([model] * 2000))
    guide = load_guide(store)
    llm = ScriptedLLM([model] * 10)
    question = "What does Iris do at the weekend?"
    reconstruct(store, question, LLMPolicy(llm), advice=guide.advice(question))
    navigate, answer = llm.calls[0], llm.calls[-1]
    for call in (navigate, answer):
        shown = " ".join(str(m.content) for m in call.messages)
        assert "Iris keeps returning to her garden." in shown
    llm = ScriptedLLM([model] * 10)
    question = "What does Omar do at the weekend?"
    reconstruct(store, question, LLMPolicy(llm), advice=guide.advice(question))
    assert "garden" not in " ".join(str(m.content) for m in llm.calls[0].messages)
    assert Guide().text("anything") == ""
