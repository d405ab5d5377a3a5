"""personal_aspects ranks by alpha = sim * lambda ** tau when given a query; confidences stay."""

from __future__ import annotations

from pathlib import Path

from mrgraph.ingest.extract import HeuristicExtractor
from mrgraph.ingest.pipeline import ingest_file
from mrgraph.ingest.sample import sample_path
from mrgraph.store.memory import MemoryStore
from mrgraph.toolkit import run_tool


def test_query_ranks_the_relevant_aspect_first_and_changes_no_confidence(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "g", "t")
    ingest_file(store, sample_path(), HeuristicExtractor())
    plain = run_tool(store, "personal_aspects", {"entity": "Maya"}).records
    before = {r["aspect"]: r["confidence"] for r in plain}
    for question, aspect in (("Where does Maya live?", "location"),
                             ("What is Maya's job?", "job"), ("Does Maya have pets?", "pets")):
        ranked = run_tool(store, "personal_aspects", {"entity": "Maya", "query": question}).records
        assert ranked[0]["aspect"] == aspect
        assert ranked[0]["score"] > ranked[1]["score"]
        assert all(r["staleness"] >= 0 for r in ranked)
        assert {r["aspect"]: r["confidence"] for r in ranked} == before
    assert "score" not in plain[0]
