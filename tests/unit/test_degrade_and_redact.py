"""A failing embedder degrades search to words instead of losing results; no repr shows a
credential from a URI."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from mrgraph.config import Settings
from mrgraph.errors import LLMUnavailableError
from mrgraph.hybrid import ToolContext
from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.ingest.sample import sample_path
from mrgraph.llm.openai import OpenAIEmbedder
from mrgraph.store.memory import MemoryStore
from mrgraph.toolkit import run_tool


class DownEmbedder:
    name, dimensions = "down", 8

    def __init__(self) -> None:
        self.calls = 0

    def embed(self, texts: Sequence[str], *, purpose: str = "embed") -> list[tuple[float, ...]]:
        self.calls += 1
        raise LLMUnavailableError("LLM endpoint http://localhost:9/v1 is unavailable")


def test_search_falls_back_to_words_when_the_embedder_fails(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "g", "t")
    ingest_file(store, sample_path(), HeuristicExtractor())
    args = {"text": "raised beds community garden", "limit": 5}
    lexical = run_tool(store, "search_events", args)
    down = DownEmbedder()
    context = ToolContext(down)
    degraded = run_tool(store, "search_events", args, context=context)
    again = run_tool(store, "search_events", args, context=context)
    assert lexical.ids and degraded.ids == lexical.ids == again.ids
    assert context.failed and "unavailable" in context.failed
    assert down.calls == 1  # the failure is remembered: no retry storm within one question


def test_no_repr_shows_uri_credentials() -> None:
    secret = "pw-that-must-not-show"
    embedder = OpenAIEmbedder("m", "sk-abc", f"http://user:{secret}@localhost:1/v1")
    settings = Settings(store=f"bolt://neo4j:{secret}@db:7687",
                        openai_base_url=f"http://user:{secret}@localhost:1/v1",
                        openai_api_key="sk-abc", neo4j_password=secret)
    # the name is stored on episodes and quoted in the model-mismatch warning (mrgraph.hybrid)
    for shown in (repr(embedder), repr(ToolContext(embedder)), repr(settings), embedder.name):
        assert secret not in shown and "sk-abc" not in shown
