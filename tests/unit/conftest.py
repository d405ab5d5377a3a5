"""Fixtures for the unit tests. `fake_openai`: a local fake OpenAI-compatible endpoint;
`ingested`: an embedded store holding one transcript, for module-scoped store fixtures."""

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


@pytest.fixture
def fake_openai(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOpenAIServer]:
    yield from serve_on_loopback(monkeypatch)
