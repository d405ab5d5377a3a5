"""The HTTP API on every store (embedded and live Neo4j): the same answers, reads that write
nothing, one open store per namespace across requests."""

from __future__ import annotations

from fastapi.testclient import TestClient

from mrgraph.ingest.sample import sample_path
from mrgraph.serve.http_api import create_app
from mrgraph.serve.service import Service
from tests.contract.conftest import Backend


def test_ingest_ask_and_forget_over_http(backend: Backend) -> None:
    backend.open("api")  # registers the namespace for the fixture's cleanup
    ns = backend.ns("api")
    service = Service(backend.settings, backend.uri)
    with TestClient(create_app(service), base_url="http://127.0.0.1:8000") as client:
        ingested = client.post("/api/ingest", json={
            "ns": ns, "text": sample_path().read_text(encoding="utf-8"), "name": "sample",
            "format": "text"}).json()
        stats = client.get("/api/stats", params={"ns": ns}).json()
        assert ingested["graph_nodes"] == sum(stats["nodes"].values())
        assert ingested["graph_edges"] == sum(stats["edges"].values())
        asked = client.post("/api/ask", json={"ns": ns, "question": "Where does Maya live now?"})
        assert asked.status_code == 200 and "Denver" in asked.json()["answer"]
        assert asked.json()["sources"][0]["conversation"] == "sample"
        beliefs = client.get("/api/beliefs", params={"ns": ns, "entity": "Maya",
                                                     "aspect": "location"}).json()["beliefs"]
        assert beliefs[0]["status"] == "active" and "Denver" in beliefs[0]["statement"]
        after = client.get("/api/stats", params={"ns": ns}).json()
        assert after == stats  # the reads wrote nothing
        gone = client.post("/api/forget", json={"ns": ns, "conversation": "sample"}).json()
        assert gone["nodes_removed"] > 0
        assert client.get("/api/stats", params={"ns": ns}).json()["empty"] is True
