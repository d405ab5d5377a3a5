"""`mrgraph serve`'s JSON API in process (FastAPI's TestClient over the real app and store)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mrgraph.serve.http_api import create_app
from mrgraph.serve.service import Service
from tests.serve.conftest import LOCAL, NS

QUESTION = "When did Maya adopt the dog?"


@pytest.fixture
def client(service: Service) -> Iterator[TestClient]:
    with TestClient(create_app(service, default_ns=NS), base_url=LOCAL) as c:
        yield c


def test_ask_then_fetch_its_trace(client: TestClient) -> None:
    asked = client.post("/api/ask", json={"ns": NS, "question": QUESTION})
    assert asked.status_code == 200
    body = asked.json()
    assert set(body) >= {"answer", "supports", "sources", "confidence", "trace_id"}
    assert body["supports"] and body["sources"][0]["speaker"] and body["sources"][0]["text"]
    trace = client.get(f"/api/traces/{body['trace_id']}", params={"ns": NS}).json()
    assert trace["question"] == QUESTION and trace["answer"] == body["answer"]
    calls = [n for n in trace["elements"]["nodes"] if n["data"]["kind"] == "call"]
    calls += [n for block in trace["rest"].values() for n in block]  # collapsed, per round
    assert len(calls) == body["tool_calls"]


def test_the_same_operations_as_the_mcp_tools(client: TestClient) -> None:
    beliefs = client.get("/api/beliefs", params={"ns": NS, "entity": "Maya"}).json()
    assert {b["aspect"] for b in beliefs["beliefs"]} >= {"location", "job"}
    found = client.get("/api/search", params={"ns": NS, "text": "garden", "limit": 3}).json()
    assert 0 < len(found["episodes"]) <= 3
    stats = client.get("/api/stats", params={"ns": NS}).json()
    assert stats["conversations"] == ["sample"] and stats["nodes"]["Episode"] > 3
    schema = client.get("/openapi.json").json()
    assert {"/api/ingest", "/api/ask", "/api/traces/{trace_id}", "/api/beliefs", "/api/search",
            "/api/forget", "/api/stats"} <= set(schema["paths"])


def test_errors_are_4xx_with_the_one_line_message(client: TestClient) -> None:
    cases = [
        (client.post("/api/forget", json={"ns": NS, "conversation": "nope"}), 404,
         "no conversation 'nope' in namespace 'demo'"),
        (client.get("/api/traces/tr-0000000000000000"), 404, "no trace 'tr-0000000000000000'"),
        (client.get("/nowhere"), 404, "no route GET /nowhere"),
        (client.delete("/api/ask"), 405, "DELETE is not allowed on /api/ask (allowed: POST)"),
        (client.post("/api/ask", json={"ns": NS, "question": "x", "mode": "psychic"}), 400,
         "unknown mode 'psychic'"),
        (client.post("/api/ask", json={"ns": NS}), 422, "body.question: Field required"),
        (client.post("/api/ask", content=b'{"question": ',
                     headers={"content-type": "application/json"}), 422, "JSON decode error"),
        (client.post("/api/ingest", json={"ns": NS, "text": "hello", "name": "../x"}), 400,
         "name '../x'"),
    ]
    for response, status, message in cases:
        assert response.status_code == status, response.text
        error = response.json()["error"]
        assert message in error and "\n" not in error


def test_ingest_and_forget_through_the_api_on_an_open_store(tmp_path: Path) -> None:
    service = Service.for_store(f"file:{tmp_path / 'graph'}")
    text = ('{"speaker": "Ana", "text": "I adopted a kitten named Miso yesterday.", '
            '"timestamp": "2023-05-08T09:00:00"}\n'
            '{"speaker": "Ben", "text": "Congrats! Miso is a lovely name.", '
            '"timestamp": "2023-05-08T09:02:00"}\n')
    with TestClient(create_app(service), base_url=LOCAL) as client:
        assert client.get("/api/stats", params={"ns": "t"}).json()["empty"] is True
        opened = service._memories["t"]
        ingested = client.post("/api/ingest", json={"ns": "t", "text": text, "name": "pets",
                                                    "format": "jsonl"}).json()
        assert ingested["conversations"] == ["pets"] and ingested["turns"] == 2
        answer = client.post("/api/ask", json={"ns": "t", "question": "What is the kitten's name?"})
        assert "Miso" in answer.json()["answer"]
        assert service._memories["t"] is opened  # the store stayed open between requests
        gone = client.post("/api/forget", json={"ns": "t", "conversation": "pets"}).json()
        assert gone["nodes_removed"] == ingested["graph_nodes"]


def test_the_page_is_served_with_its_vendored_library(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'value="demo"' in page.text
    assert "/static/vendor/cytoscape.min.js" in page.text and "http" not in page.text.split(
        "<body>")[0].replace("http-equiv", "")
    script = client.get("/static/vendor/cytoscape.min.js")
    assert script.status_code == 200 and 'version="3.34.4"' in script.text


def test_the_server_keeps_the_last_traces_only(service: Service,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mrgraph.serve.service.MAX_TRACES", 2)
    ids = [service.ask(q, ns=NS)["trace_id"] for q in
           ("When did Maya adopt the dog?", "What is Maya's job?", "Where does Maya live now?")]
    assert len(set(ids)) == 3
    with TestClient(create_app(service, default_ns=NS), base_url=LOCAL) as client:
        assert client.get(f"/api/traces/{ids[0]}").status_code == 404
        assert [client.get(f"/api/traces/{i}").json()["question"] for i in ids[1:]] == \
            ["What is Maya's job?", "Where does Maya live now?"]
