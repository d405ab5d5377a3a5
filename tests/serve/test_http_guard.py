"""`mrgraph serve`'s local-server hardening, through FastAPI's TestClient over the real app and
an embedded store: only loopback (or --allow-host) names in Host and Origin, the API token on
writes, no CORS, bodies within the CLI's limit, the default namespace, limits equal to the
CLI's, and every error documented as `{"error": ...}` in OpenAPI."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mrgraph.cli import main
from mrgraph.config import Settings
from mrgraph.errors import UserError
from mrgraph.limits import MAX_NS_CHARS, MAX_QUESTION_CHARS, http_body_limit
from mrgraph.serve.guard import Access, exposure_warning
from mrgraph.serve.http_api import WRITES, create_app, serve_access
from mrgraph.serve.http_models import ERRORS
from mrgraph.serve.service import Service
from tests.serve.conftest import LOCAL, NS

JSONL = ('{"speaker": "Ana", "text": "My kite is called Zephyr.", '
         '"timestamp": "2023-05-08T09:00:00"}\n')


@pytest.fixture
def client(service: Service) -> Iterator[TestClient]:
    with TestClient(create_app(service, default_ns=NS), base_url=LOCAL) as c:
        yield c


def _cli(*argv: str) -> tuple[int, str]:
    err = io.StringIO()
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        code = main(list(argv))
    return code, err.getvalue()


def test_a_rebinding_host_or_a_foreign_origin_is_refused(client: TestClient) -> None:
    for host in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example", "",
                 "localhost:notaport"):
        refused = client.get("/api/stats", headers={"host": host})
        assert refused.status_code == 421, host
        assert "is not served here" in refused.json()["error"]
    for origin in ("http://evil.example", "https://evil.example:8000", "null",
                   "file://", "http://localhost.evil.example"):
        refused = client.post("/api/ask", json={"question": "Where does Maya live now?"},
                              headers={"origin": origin})
        assert refused.status_code == 403, origin
        assert "may not call this server" in refused.json()["error"]
    for host, origin in (("127.0.0.1:8000", "http://127.0.0.1:8000"),
                         ("localhost", "http://localhost:5173"), ("[::1]:8000", None)):
        headers = {"host": host} | ({"origin": origin} if origin else {})
        assert client.get("/api/stats", headers=headers).status_code == 200, host


def test_allow_host_adds_names(service: Service) -> None:
    access, made = serve_access("127.0.0.1", ["memory.lan"], None)
    assert made is None and access.token is None  # loopback: no token unless one is set
    with TestClient(create_app(service, NS, access), base_url="http://memory.lan:8000") as c:
        assert c.get("/api/stats", headers={"origin": "http://memory.lan:8000"}).status_code \
            == 200
        assert c.get("/api/stats", headers={"host": "other.lan"}).status_code == 421


def test_beyond_loopback_a_token_is_made_and_needed_to_write(service: Service) -> None:
    access, made = serve_access("0.0.0.0", ["memory.lan"], None)
    assert made is not None and len(made) >= 32 and access.token == made
    assert serve_access("10.1.2.3", [], "chosen")[0].hosts == {"10.1.2.3"}
    assert serve_access("10.1.2.3", [], "chosen")[1] is None  # MRGRAPH_API_TOKEN: not printed
    with TestClient(create_app(service, NS, access), base_url="http://memory.lan") as c:
        body = {"text": JSONL, "name": "kites", "format": "jsonl"}
        missing = c.post("/api/ingest", json=body)
        assert missing.status_code == 401 and missing.headers["www-authenticate"] == "Bearer"
        assert "needs its API token" in missing.json()["error"]
        wrong = c.post("/api/forget", json={"conversation": "sample"},
                       headers={"authorization": "Bearer nope"})
        assert wrong.status_code == 401 and "invalid API token" in wrong.json()["error"]
        assert c.get("/api/stats").status_code == 200  # reads need none...
        assert c.get("/api/stats", headers={"authorization": "Bearer x"}).status_code == 401
        bearer = {"authorization": f"Bearer {made}"}  # ...and take it when sent
        assert c.get("/api/stats", headers=bearer).status_code == 200
        assert c.post("/api/ingest", json=body, headers=bearer).json()["turns"] == 1
        assert c.get("/api/stats").json()["conversations"] == ["kites", "sample"]


def test_the_warning_beyond_loopback_says_what_a_wildcard_serves() -> None:
    assert exposure_warning("127.0.0.1", 8000, []) is None
    assert exposure_warning("localhost", 8000, ["memory.lan"]) is None
    wildcard = exposure_warning("0.0.0.0", 8000, [])
    assert wildcard is not None and "refused (421) until --allow-host names it" in wildcard
    assert "sends a loopback Host can read the memory" in wildcard
    for host, allowed in (("0.0.0.0", ["memory.lan"]), ("::", ["10.1.2.3"]), ("10.1.2.3", [])):
        said = exposure_warning(host, 8000, allowed, "ingest and forget")
        assert said == (f"warning: serving on {host}, beyond this machine: anyone who reaches "
                        "port 8000 can read the memory; ingest and forget need the API token")


def test_a_token_set_on_loopback_guards_the_writes_too(service: Service) -> None:
    access = Access.of(token="s3cret", writes=WRITES)
    with TestClient(create_app(service, NS, access), base_url=LOCAL) as c:
        assert c.post("/api/forget", json={"conversation": "sample"}).status_code == 401
        assert c.post("/api/ask", json={"question": "What is Maya's job?"}).status_code == 200


def test_cors_is_off(client: TestClient) -> None:
    preflight = client.options("/api/ask", headers={
        "origin": "http://127.0.0.1:8000", "access-control-request-method": "POST"})
    assert preflight.status_code == 405 and "error" in preflight.json()
    answered = client.post("/api/ask", json={"question": "What is Maya's job?"},
                           headers={"origin": "http://localhost:3000"})
    assert answered.status_code == 200
    for response in (preflight, answered):
        assert not [h for h in response.headers if h.lower().startswith("access-control-")]


def test_a_body_over_the_cli_limit_is_413(demo_store: str, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MRGRAPH_MAX_INPUT_MB", "0.002")  # 2,098 bytes, for the CLI and serve
    settings = Settings.from_env()
    assert http_body_limit(settings.max_input_bytes) == settings.max_input_bytes + 64 * 1024
    text = "## Session 1 — 2023-05-08 10:00\n" + "Ana: hello there.\n" * 200  # 3.6 kB
    with TestClient(create_app(Service(settings, demo_store, NS)), base_url=LOCAL) as c:
        big = c.post("/api/ingest", json={"text": "x" * (70 * 1024), "name": "big"})
        over = c.post("/api/ingest", json={"text": text, "name": "t", "format": "text"})
    assert big.status_code == 413 and "over the limit" in big.json()["error"]
    # under the body's limit, over the transcript's: refused as the CLI refuses the same file
    path = tmp_path / "t.txt"
    path.write_text(text, encoding="utf-8")
    code, err = _cli("ingest", str(path), "--store", demo_store, "--ns", NS)
    assert over.status_code == 400 and code == 1
    said = over.json()["error"]
    assert said.startswith("transcript 't': file is ") and said.split(": ", 1)[1] in err


def test_limits_are_the_clis(client: TestClient, demo_store: str,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    longest = "Where " + "x" * (MAX_QUESTION_CHARS - 7) + "?"
    assert len(longest) == MAX_QUESTION_CHARS
    assert client.post("/api/ask", json={"question": longest}).status_code == 200
    assert _cli("ask", longest, "--store", demo_store, "--ns", NS)[0] == 0
    too_long = longest + "?"
    refused = client.post("/api/ask", json={"question": too_long})
    assert refused.status_code == 422 and "at most 4000 characters" in refused.json()["error"]
    code, err = _cli("ask", too_long, "--store", demo_store, "--ns", NS)
    assert code == 1 and "over the limit of 4,000" in err
    ns64, ns65 = "n" * MAX_NS_CHARS, "n" * (MAX_NS_CHARS + 1)
    assert client.get("/api/stats", params={"ns": ns64}).json()["empty"] is True
    assert _cli("stats", "--store", demo_store, "--ns", ns64)[0] == 0
    assert client.get("/api/stats", params={"ns": ns65}).status_code == 422
    assert client.post("/api/ask", json={"ns": ns65, "question": "x"}).status_code == 422
    code, err = _cli("stats", "--store", demo_store, "--ns", ns65)
    assert code == 1 and "1 to 64 characters" in err
    bytes_over = client.get("/api/stats", params={"ns": "é" * 41})  # 82 bytes: the CLI's rule
    assert bytes_over.status_code == 400 and "80 bytes" in bytes_over.json()["error"]


def test_ns_is_optional_and_defaults_to_serve_ns(demo_store: str) -> None:
    service = Service(Settings(), demo_store, default_ns=NS)
    with TestClient(create_app(service), base_url=LOCAL) as c:
        assert c.get("/api/stats").json()["ns"] == NS
        asked = c.post("/api/ask", json={"question": "Where does Maya live now?"}).json()
        assert asked["ns"] == NS and "Denver" in asked["answer"]
        assert c.get(f"/api/traces/{asked['trace_id']}").json()["answer"] == asked["answer"]
        assert 'value="demo"' in c.get("/").text
        assert c.get("/api/stats", params={"ns": "other"}).json()["empty"] is True


def test_a_300_character_name_is_one_line_400_not_a_file_name(client: TestClient) -> None:
    refused = client.post("/api/ingest", json={"text": JSONL, "name": "k" * 300})
    assert refused.status_code == 422 and "at most 256 characters" in refused.json()["error"]
    longest = client.post("/api/ingest", json={"text": JSONL, "name": "k" * 256,
                                               "format": "jsonl"})
    assert longest.status_code == 200 and longest.json()["conversations"] == ["k" * 256]
    bad = client.post("/api/ingest", json={"text": "not a transcript", "name": "odd",
                                           "format": "text"})
    assert bad.status_code == 400
    assert bad.json()["error"].startswith("transcript 'odd':1:") and "/tmp" not in bad.text


def test_the_service_names_no_file_after_data(service: Service) -> None:
    """The MCP tools' path: the same one-line refusals, and errors that name the transcript."""
    for name in ("k" * 300, "a/b", ".hidden", ""):
        with pytest.raises(UserError, match=r"^name .*: use 1 to 256 letters"):
            service.ingest_transcript(JSONL, name, "jsonl")
    duplicated = "## Session 1 — 2023-05-08 10:00\n[D1:1] Ana: one.\n[D1:1] Ben: two.\n"
    with pytest.raises(UserError) as caught:
        service.ingest_transcript(duplicated, "twice", "text")
    said = str(caught.value)
    assert said.startswith("transcript 'twice'") and "conversation 'twice'" in said, said
    assert "mrgraph-upload" not in said and "/tmp" not in said and "\n" not in said


def test_openapi_documents_every_error_shape(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert schema["components"]["schemas"]["ErrorOut"] == {
        "title": "ErrorOut", "description": "Every error: one line, no traceback.",
        "type": "object", "required": ["error"],
        "properties": {"error": {"type": "string", "title": "Error",
                                 "description": "what went wrong, in one line"}}}
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    operations = [op for path in schema["paths"].values() for op in path.values()]
    assert len(operations) == 7
    for op in operations:
        for status in ERRORS:
            shown = op["responses"][str(status)]["content"]["application/json"]["schema"]
            assert shown == {"$ref": "#/components/schemas/ErrorOut"}, (op["summary"], status)
        ok = op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
        assert ok.endswith("Out")  # a response model, not an empty schema
