"""`--embedder openai` end to end: the CLI against the local fake OpenAI-compatible endpoint."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mrgraph.cli import app, main
from mrgraph.ingest.sample import sample_path
from tests.cli_run import endpoint
from tests.fakes.openai_server import FakeOpenAIServer, FakeResponse, error_body

runner = CliRunner()
API_KEY = "sk-test-SECRET-cli-embed-0a9b8c7d6e5f"


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FakeOpenAIServer]:
    monkeypatch.setenv("MRGRAPH_EMBED_MODEL", "fake-embedding")
    yield from endpoint(monkeypatch, tmp_path, API_KEY)  # embedding cache: ./.mrgraph/llm-cache


def invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_ingest_and_ask_with_the_openai_embedder(fake: FakeOpenAIServer, tmp_path: Path) -> None:
    fake.auto_embed(dimensions=8)
    store = f"file:{tmp_path / 'graph'}"
    code, output = invoke("ingest", str(sample_path()), "--embedder", "openai", "--store", store)
    assert code == 0, output
    [request] = fake.embedding_requests  # one batch: the sample has fewer than 256 episodes
    assert request.body["model"] == "fake-embedding"
    code, exported = invoke("export", "--store", store)
    nodes = [n for n in json.loads(exported)["nodes"] if n["label"] == "Episode"]
    assert nodes and all(len(n["properties"]["embedding"]) == 8 for n in nodes)
    assert invoke("ingest", str(sample_path()), "--embedder", "openai", "--store", store)[0] == 0
    assert len(fake.embedding_requests) == 1  # cached: re-ingesting sends nothing
    code, output = invoke("ask", "Who built raised beds?", "--embedder", "openai", "--llm",
                          "heuristic", "--mode", "topk", "--json", "--store", store)
    assert code == 0, output
    answer = json.loads(output)
    assert answer["tokens"] > 0 and [s["tool"] for s in answer["trace"]][:2] == \
        ["bm25", "vector_events"]
    assert fake.embedding_requests[-1].body["input"] == ["Who built raised beds?"]


def test_embedder_failure_is_a_clean_error_without_the_key(
        fake: FakeOpenAIServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fake.enqueue(FakeResponse(error_body(f"bad key {API_KEY}"), 400))
    store = f"file:{tmp_path / 'graph'}"
    code = main(["ingest", str(sample_path()), "--embedder", "openai", "--store", store])
    err = capsys.readouterr().err
    assert code == 1 and err.startswith("error: ") and API_KEY not in err
    assert not (tmp_path / "graph").exists() or "Episode" not in invoke(
        "stats", "--json", "--store", store)[1]  # nothing was written


def test_unknown_embedder_is_a_user_error(tmp_path: Path) -> None:
    store = f"file:{tmp_path / 'graph'}"
    assert main(["ingest", str(sample_path()), "--embedder", "bert", "--store", store]) == 1


def test_a_changed_embed_model_is_reported_not_mixed(
        fake: FakeOpenAIServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> None:
    fake.auto_embed(dimensions=8)
    store = f"file:{tmp_path / 'graph'}"
    assert main(["ingest", str(sample_path()), "--embedder", "openai", "--store", store]) == 0
    monkeypatch.setenv("MRGRAPH_EMBED_MODEL", "fake-embedding-2")  # same size, other model
    capsys.readouterr()
    with caplog.at_level(logging.WARNING, logger="mrgraph.hybrid"):
        code = main(["ask", "Who built raised beds?", "--embedder", "openai", "--llm",
                     "heuristic", "--mode", "topk", "--json", "--store", store])
    assert code == 0
    [warning] = [r.getMessage() for r in caplog.records if r.name == "mrgraph.hybrid"]
    assert warning.startswith("no episode of namespace 'default' is embedded with "
                              "openai:fake-embedding-2 (the question's embedder) but ")
    assert "are embedded with openai:fake-embedding:" in warning and API_KEY not in warning
    tools = [s["tool"] for s in json.loads(capsys.readouterr().out)["trace"]]
    assert tools[0] == "bm25" and "vector_events" not in tools  # words only, as warned
    chat = Path(__file__).resolve().parents[1] / "fixtures" / "chat.jsonl"
    assert main(["ingest", str(chat), "--embedder", "openai", "--store", store]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "mixed embeddings in this namespace" in out
    assert "questions embedded with openai:fake-embedding-2 search only the" in out
