"""Fixtures for the unit tests. `fake_openai`: a local fake OpenAI-compatible endpoint;
`ingested` / `ingested_text`: an embedded store holding one transcript (a file, or text), for
module-scoped store fixtures."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.store.memory import MemoryStore
from tests.fakes.openai_server import FakeOpenAIServer, serve_on_loopback

FIXTURES = Path(__file__).parent.parent / "fixtures"


@contextmanager
def ingested(factory: pytest.TempPathFactory, path: Path, ns: str) -> Iterator[MemoryStore]:
    """A fresh embedded store in namespace `ns` with `path` ingested (heuristic extractor)."""
    store = MemoryStore(factory.mktemp(ns) / "graph", ns)
    ingest_file(store, path, HeuristicExtractor())
    try:
        yield store
    finally:
        store.close()


@contextmanager
def ingested_text(factory: pytest.TempPathFactory, text: str, ns: str,
                  name: str = "transcript.txt") -> Iterator[MemoryStore]:
    """`ingested`, of a transcript given as text (written to `name` in a fresh folder)."""
    path = factory.mktemp(f"{ns}-text") / name
    path.write_text(text, encoding="utf-8")
    with ingested(factory, path, ns) as store:
        yield store


@pytest.fixture
def fake_openai(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAIServer]:
    yield from serve_on_loopback(monkeypatch)
