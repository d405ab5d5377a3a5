"""The HTTP API on every store (embedded and live Neo4j): the same answers, reads that write
nothing, one open store per namespace across requests."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from mrgraph.ingest.sample import sample_path
from mrgraph.serve.http_api import create_app
from mrgraph.serve.service import INLINE_MAX_CHARS, Service
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


def test_a_trace_is_read_only_through_its_namespace(backend: Backend) -> None:
    backend.open("a"), backend.open("b")  # registers both namespaces for the cleanup
    a, b = backend.ns("a"), backend.ns("b")
    service = Service(backend.settings, backend.uri, default_ns=a)
    try:
        service.ingest_transcript(sample_path().read_text(encoding="utf-8"), "sample", "text",
                                  ns=b)
        asked = service.ask("Where does Maya live now?", ns=b)
        assert "Denver" in asked["answer"]
        with TestClient(create_app(service), base_url="http://127.0.0.1:8000") as client:
            url = f"/api/traces/{asked['trace_id']}"
            for params in ({}, {"ns": a}):  # the default namespace (a), then a by name
                leaked = client.get(url, params=params)
                assert leaked.status_code == 404, leaked.text
                assert leaked.json() == {"error": f"no trace {asked['trace_id']!r} in namespace "
                                                  f"{a!r} (this server keeps the last 200 "
                                                  "answers' traces)"}
            shown = client.get(url, params={"ns": b}).json()
        assert shown["answer"] == asked["answer"] and "Denver" in str(shown["elements"])
    finally:
        service.close()


def test_an_ingest_over_the_time_budget_is_stopped_and_the_next_one_runs(
        backend: Backend) -> None:
    backend.open("slow")
    ns = backend.ns("slow")
    # 6 s: past the child's start (~3 s on a busy 2-core machine), into the ingest itself
    service = Service(backend.settings, backend.uri, default_ns=ns, timeout=6.0)
    lines = [f"{'Ana' if i % 2 else 'Ben'}: note {i} about the lantern by the harbor."
             for i in range(9000)]
    big = "## Session 1 — 2023-05-08 10:00\n" + "\n".join(lines) + "\n"
    assert len(big) > INLINE_MAX_CHARS  # run in a child process, which the budget kills
    try:
        with TestClient(create_app(service), base_url="http://127.0.0.1:8000") as client:
            start = time.monotonic()
            slow = client.post("/api/ingest", json={"text": big, "name": "long", "format": "text"})
            took = time.monotonic() - start
            assert slow.status_code == 504, slow.text
            assert "did not finish within 6 s" in slow.json()["error"] and took < 20
            small = client.post("/api/ingest", json={
                "text": sample_path().read_text(encoding="utf-8"), "name": "sample",
                "format": "text"})
            assert small.status_code == 200, small.text
            asked = client.post("/api/ask", json={"question": "Where does Maya live now?"})
            assert "Denver" in asked.json()["answer"]
            held = client.get("/api/stats").json()["conversations"]
        assert "sample" in held
        if backend.kind == "memory":
            assert held == ["sample"]  # one transaction: nothing of the stopped ingest
    finally:
        service.close()
