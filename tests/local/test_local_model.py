"""`--llm local` end to end against the real llama.cpp server and the real small model: ask
with the LLM navigator and check what a real model's run must satisfy (well-formed reply, valid
calls, tokens counted, supports that are real turns), never the wording of a 135M model. Small
on purpose: each model call costs CI seconds. (`--extractor llm --llm local` is not tested here:
the 135M model's extraction replies are cut by the token cap, see the README's known limit.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from mrgraph.cli import app
from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.errors import LLMConfigError
from mrgraph.ingest.loaders import load
from mrgraph.ingest.sample import sample_path
from mrgraph.toolkit import TOOLS, parse_params

runner = CliRunner()
QUESTION = "When did Maya adopt the dog?"


@pytest.fixture(scope="module")
def sample_store(local_model: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The sample ingested by the heuristic extractor: the ask test must not hang on the LLM
    extractor's own (known) weakness with a 135M model."""
    uri = f"file:{tmp_path_factory.mktemp('local-ask') / 'graph'}"
    result = runner.invoke(app, ["ingest", str(sample_path()), "--store", uri],
                           catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return uri


def test_ask_with_the_local_model_is_well_formed_and_its_calls_valid(sample_store: str) -> None:
    with Memory.open(Settings.from_env(), store=sample_store) as memory:
        answer = memory.ask(QUESTION, llm="local")
        outcomes = memory.ledger.reply_outcomes()
        spent = memory.ledger.totals().by_purpose
    assert isinstance(answer.answer, str) and answer.answer.strip()
    assert 0.0 <= answer.confidence <= 1.0
    assert answer.rounds >= 1 and answer.tool_calls == len(answer.trace) >= 1
    for step in answer.trace:  # grammar-constrained: every call is a tool with valid arguments
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
