"""The trace picture on every store (embedded and live Neo4j): its reads (nodes, episode times,
turns, beliefs, run together by `run_calls`) give the same picture, with the same contents,
as on an embedded store holding the same transcript."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.ingest.sample import sample_path
from mrgraph.serve.tracegraph import store_lookup, trace_graph
from tests.contract.conftest import Backend

QUESTIONS = ("When did Maya adopt the dog?", "Where does Maya live now?")


def _pictures(settings: Settings, uri: str, ns: str) -> list[dict[str, Any]]:
    with Memory.open(settings, store=uri, ns=ns) as memory:
        memory.ingest([sample_path()])
        return [trace_graph(memory.ask(q), q, store_lookup(memory.store)) for q in QUESTIONS]


def _drawn(graph: dict[str, Any]) -> list[tuple[str, str, float, float]]:
    """What a person sees: each node's kind, label and place (ids differ between namespaces)."""
    return sorted((n["data"]["kind"], n["data"]["label"], n["position"]["x"], n["position"]["y"])
                  for n in graph["elements"]["nodes"] if "position" in n)


def test_the_picture_is_the_same_on_every_store(backend: Backend, tmp_path: Path) -> None:
    backend.open("trace")  # registers the namespace for the fixture's cleanup
    pictures = _pictures(backend.settings, backend.uri, backend.ns("trace"))
    reference = _pictures(Settings(), f"file:{tmp_path / 'reference'}", "reference")
    for graph, expected in zip(pictures, reference):
        assert _drawn(graph) == _drawn(expected)
        assert graph["summary"] == expected["summary"] and graph["sources"] == expected["sources"]
    dated = [n["data"]["label"] for n in pictures[0]["elements"]["nodes"]
             if n["data"].get("tool") == "conversation_time"]
    assert dated and all("session date 2023-03-20" in label for label in dated)
    facts = [n["data"] for n in pictures[1]["elements"]["nodes"] if n["data"]["kind"] == "fact"]
    assert facts and all("confidence 0.80" in f["label"] for f in facts)
    (turn,) = [n["data"] for n in pictures[1]["elements"]["nodes"] if n["data"].get("support")]
    assert dict(turn["detail"]["fields"])["speaker"] == "Maya" and "Denver" in turn["label"]
