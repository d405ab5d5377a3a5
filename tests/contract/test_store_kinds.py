"""Lemmas and the kind bridge on every store: the same tokens, the same hits."""

from __future__ import annotations

from pathlib import Path

import pytest

from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.store.base import GraphStore
from mrgraph.toolkit import run_tool

pytestmark = pytest.mark.wordnet

TRANSCRIPT = """\
## Session 1 — 2023-03-04 18:20
Ana: I finally practised the clarinet for an hour today.
Ben: A clarinet! How long have you been playing it?
Ana: Since school. My teacher said I have a good ear.
Ben: Nice. My laptop is broken, by the way, so I read a lot.
Ana: Oh no, how did it break?
Ben: I dropped it on the kitchen floor.

## Session 2 — 2023-04-10 09:00
Ana: We ate sushi in Lisbon last week, the food was great.
Ben: Lisbon sounds lovely. Did the children like it?
Ana: The kids loved the beaches and the trams.
"""


@pytest.fixture
def ingested(store: GraphStore, tmp_path: Path) -> GraphStore:
    path = tmp_path / "kinds.txt"
    path.write_text(TRANSCRIPT, encoding="utf-8")
    ingest_file(store, path, HeuristicExtractor())
    return store


def _turns(store: GraphStore, tool: str, text: str) -> set[str]:
    result = run_tool(store, tool, {"text": text, "limit": 3})
    return {d for r in result.records for d in r.get("dia_ids", [])}


def test_a_kind_reaches_its_members(ingested: GraphStore) -> None:
    # "instruments" is in no turn: WordNet files the clarinet under it
    assert "S1:1" in _turns(ingested, "search_events", "What instruments does Ana play?")
    cues = run_tool(ingested, "search_cues", {"text": "What instruments?", "limit": 5})
    assert "clarinet" in {str(r["name"]).lower() for r in cues.records}


def test_irregular_forms_meet(ingested: GraphStore) -> None:
    # "broke" in the question, "broken" in the transcript; "child" asked, "children" said
    assert "S1:4" in _turns(ingested, "search_events", "Whose laptop broke?")
    assert "S2:2" in _turns(ingested, "search_events", "Did the child like Lisbon?")
