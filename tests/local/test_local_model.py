"""`--llm local` end to end against the real llama.cpp server and the real small model: ingest
the sample with the LLM extractor, then ask with the LLM navigator, and check what a real
model's run must satisfy (episodes and facts written, dia_ids and speakers real, calls valid,
tokens counted), never the wording of a 135M model. Small on purpose: each model call costs CI
seconds (the ingest is 7 windows, the ask a few rounds)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mrgraph.cli import app
from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.errors import LLMConfigError
from mrgraph.ingest.llm_extract import SMALL_MODEL_WINDOW
from mrgraph.ingest.llm_prompt import window_turns_of
from mrgraph.ingest.loaders import load
from mrgraph.ingest.sample import sample_path
from mrgraph.policies.final_answer import non_answer
from mrgraph.toolkit import TOOLS, parse_params

runner = CliRunner()
QUESTION = "When did Maya adopt the dog?"
_TOKENS = re.compile(r"(\d+) LLM tokens")


@dataclass(frozen=True)
class Ingested:
    uri: str
    cache: Path
    output: str  # the first ingest's (model calls)
    again: str  # the second ingest's (from the reply cache)


@pytest.fixture(scope="module")
def sample_store(local_model: Path, tmp_path_factory: pytest.TempPathFactory) -> Ingested:
    """The sample ingested by the LLM extractor with the local model, twice (the second from
    the reply cache, which lives under the working directory)."""
    root = tmp_path_factory.mktemp("local-llm")
    uri = f"file:{root / 'graph'}"
    command = ["ingest", str(sample_path()), "--extractor", "llm", "--llm", "local",
               "--store", uri]
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        first = runner.invoke(app, command, catch_exceptions=False)
        assert first.exit_code == 0, first.output
        again = runner.invoke(app, command, catch_exceptions=False)
        assert again.exit_code == 0, again.output
    return Ingested(uri, root / ".mrgraph" / "llm-cache", first.output, again.output)


def test_llm_ingest_writes_episodes_over_every_real_turn(sample_store: Ingested) -> None:
    (conversation,) = load(sample_path())
    output = " ".join(sample_store.output.split())
    assert "skipped" not in output, output  # every window's reply was usable
    spent = _TOKENS.search(output)
    assert spent is not None and int(spent.group(1)) > 0, output
    with Memory.open(Settings.from_env(), store=sample_store.uri) as memory:
        nodes, _ = memory.store.export()
    episodes = [n.props for n in nodes if n.label == "Episode"]
    for session in conversation.sessions:  # every turn in exactly one episode of its session
        covered = [str(d) for e in episodes if e["session"] == session.number
                   for d in _strings(e["dia_ids"])]
        assert sorted(covered) == sorted(t.dia_id for t in session.turns)
    assert all(date.fromisoformat(e["date"]).isoformat() == e["date"] and e["tag"]
               for e in episodes)
    facts = [n.props for n in nodes if n.label == "Fact"]
    assert facts and {f["entity"] for f in facts} <= set(conversation.speakers)


def _strings(value: object) -> list[str]:
    assert isinstance(value, (list, tuple))
    return [str(v) for v in value]


def test_the_models_replies_name_only_real_turns_and_are_cached(sample_store: Ingested) -> None:
    (conversation,) = load(sample_path())
    windows = [w for s in conversation.sessions for w in window_turns_of(s.turns,
                                                                         SMALL_MODEL_WINDOW)]
    replies = [json.loads(p.read_text())["reply"] for p in sample_store.cache.glob("*/*.json")]
    assert len(replies) == len(windows)  # one validated reply per window
    real = {t.dia_id for s in conversation.sessions for t in s.turns}
    for reply in replies:  # the grammar's enums, checked on the real model's output
        assert reply["episodes"] and all(set(e["turns"]) <= real for e in reply["episodes"])
        assert {f["entity"] for e in reply["episodes"] for f in e["facts"]} <= set(
            conversation.speakers)
    assert "0 LLM tokens" in " ".join(sample_store.again.split())  # all from the cache


def test_ask_with_the_local_model_is_well_formed_and_its_calls_valid(
        sample_store: Ingested) -> None:
    with Memory.open(Settings.from_env(), store=sample_store.uri) as memory:
        answer = memory.ask(QUESTION, llm="local")
        outcomes = memory.ledger.reply_outcomes()
        spent = memory.ledger.totals().by_purpose
    assert isinstance(answer.answer, str) and answer.answer.strip()
    # a final answer that is not one ("The answer to the question") was asked again, then
    # given by the offline reader: either way what comes back is an answer
    assert non_answer(answer.answer, QUESTION) == ""
    calls = [s for s in answer.trace if s.tool != "answer"]
    fallback = [s for s in answer.trace if s.tool == "answer"]
    assert all(s.arguments["answered_by"] == "offline reader" for s in fallback)
    assert 0.0 <= answer.confidence <= 1.0
    assert answer.rounds >= 1 and answer.tool_calls == len(calls) >= 1
    for step in calls:  # grammar-constrained: every call is a tool with valid arguments
        assert step.tool in TOOLS
        parse_params(step.tool, {k: v for k, v in step.arguments.items()})
    navigate = outcomes["navigate"]
    assert sum(navigate.values()) == spent["navigate"].calls
    assert set(navigate) <= {"ok", "stop"}, navigate  # no reply needed a repair or was invalid
    assert spent["navigate"].prompt_tokens > 0 and spent["navigate"].completion_tokens > 0
    assert spent["answer"].calls >= 1 and answer.tokens == sum(
        t.total_tokens for t in spent.values())
    # Supports are turns the run actually read: ids of the sample, never invented ones.
    assert set(answer.supports) <= set(answer.evidence)
    assert all(s.conversation == "sample" for s in answer.sources)
    real = {t.dia_id for c in load(sample_path()) for s in c.sessions for t in s.turns}
    assert set(answer.supports) <= real and set(answer.evidence) <= real


def test_a_missing_model_is_one_line_saying_how_to_install(tmp_path: Path) -> None:
    settings = Settings(local_model=str(tmp_path / "absent.gguf"))
    with Memory.open(settings, store=f"file:{tmp_path / 'g'}") as memory, \
            pytest.raises(LLMConfigError, match=r"no local model at .*mrgraph local-model"):
        memory.ask(QUESTION, llm="local")
