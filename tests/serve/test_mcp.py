"""`mrgraph mcp` through the official SDK's own client, over stdio (the CLI command in a
subprocess) and over streamable HTTP (the same server on a real socket), on the embedded store
and on the live Neo4j server: every tool, bad arguments, an empty namespace, a missing `ns`.

One server per transport and store: each test drives a whole session (a stdio server costs a
process start, ~1-2 s)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from mrgraph import __version__
from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.ingest.sample import sample_path
from mrgraph.serve.http_api import serve_access
from mrgraph.serve.mcp_server import MCP_TOOLS, MCP_WRITES, http_app
from mrgraph.serve.mcp_stdio import error_reply
from mrgraph.serve.service import Service
from mrgraph.toolargs import fields_schema
from mrgraph.toolkit import TOOLS
from tests.contract.conftest import _wipe_neo4j, neo4j_uri
from tests.serve.conftest import serving

ROOT = Path(__file__).resolve().parents[2]
WRITES = {"ingest_transcript", "forget_conversation"}


@dataclass(frozen=True)
class Sample:
    """A store whose namespace `ns` holds the demo's sample transcript."""

    uri: str
    ns: str
    settings: Settings
    env: dict[str, str]


@pytest.fixture(scope="module", params=["memory", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def sample(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sample]:
    env = {"PATH": os.environ.get("PATH", "")}
    if request.param == "memory":
        uri, settings = f"file:{tmp_path_factory.mktemp('mcp') / 'graph'}", Settings()
    else:
        uri, settings = neo4j_uri("run the MCP tests against Neo4j"), Settings.from_env()
        env.update({k: v for k, v in os.environ.items() if k.startswith("NEO4J_")})
    ns = f"mcp{uuid.uuid4().hex[:10]}"
    with Memory.open(settings, store=uri, ns=ns) as memory:
        memory.ingest([sample_path()])
    try:
        yield Sample(uri, ns, settings, env)
    finally:
        if request.param == "neo4j":
            _wipe_neo4j(uri, {ns, f"{ns}-scratch"}, settings)


def _stdio(sample: Sample, *more: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable,
                                 args=["-m", "mrgraph", "mcp", "--store", sample.uri, *more],
                                 env=sample.env, cwd=str(ROOT))


def _ok(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert isinstance(result.structured_content, dict)
    assert json.loads(result.content[0].text) == result.structured_content
    return result.structured_content


def _error(result: Any) -> str:
    assert result.is_error
    text = str(result.content[0].text)
    assert "\n" not in text and "http" not in text and "pydantic" not in text.lower()
    assert "Traceback" not in text and ".py" not in text
    return text


async def _every_tool(client: Client, sample: Sample) -> set[str]:
    """Call every toolkit tool without `ns` (the server's --ns holds the sample); returns the
    tools called. Arguments come from earlier replies, as an agent's would."""
    called: set[str] = set()

    async def call(tool: str, **args: Any) -> list[dict[str, Any]]:
        body = _ok(await client.call_tool(tool, args))
        assert body["ns"] == sample.ns and body["tool"] == tool and "warning" not in body
        called.add(tool)
        records: list[dict[str, Any]] = body["records"]
        return records

    photo = await call("search_turns", text="blanket")
    assert "[photo: a brown beagle puppy" in photo[0]["said"]
    # one conversation in the namespace: records do not repeat its id
    assert set(photo[0]) - {"dates"} == {"dia_id", "episode", "said_on", "said"}
    # the dates a turn mentions, each as precise as it was said
    assert all({"when", "precision"} <= set(d) for d in photo[0].get("dates", ()))
    said = await call("search_turns", text='"raised beds"', speaker="jonas")
    assert said and all(r["said"].startswith("Jonas: ") for r in said)
    episodes = await call("search_events", text="dog shelter", limit=3)
    event = episodes[0]["id"]
    assert set(episodes[0]) >= {"id", "session", "summary", "turns"}
    assert "score" not in episodes[0] and "dia_ids" not in episodes[0]
    assert await call("search_cues", text="Maya")
    topic = (await call("search_topics", text="garden"))[0]["label"]
    assert await call("topic_events", topic=topic)
    assert await call("timeline", start="2023", end="2023", speaker="Maya", limit=3)
    tags = await call("cue_tags", cue="Maya")
    assert tags[0]["cue"] == "Maya"
    assert await call("tag_events", cue="Maya", tag=tags[0]["tag"])
    assert await call("cue_events", cue="Waffle")
    assert await call("event_keywords", event_id=event)
    assert await call("event_context", event_id=event, window=1)
    read = await call("read_turns", dia_ids=[photo[0]["dia_id"]], conversation="sample")
    assert [r["dia_id"] for r in read if "context" not in r] == [photo[0]["dia_id"]]
    assert await call("read_turns", session=1, conversation="sample", first=0, last=2)
    assert await call("conversation_time", event_id=event)
    aspect = (await call("personal_aspects", entity="Maya"))[0]["aspect"]
    beliefs = await call("personal_aspect", entity="Maya", aspect=aspect)
    assert "history" not in beliefs[0]
    full = _ok(await client.call_tool("personal_aspect", {"entity": "Maya", "aspect": aspect,
                                                          "detail": True}))
    assert "history" in full["records"][0]
    return called


async def _bad_calls(client: Client) -> None:
    missing = _error(await client.call_tool("search_turns", {}))
    assert missing == "search_turns: missing required argument 'text'"
    assert "between 1 and 50" in _error(await client.call_tool(
        "search_events", {"text": "dog", "limit": 0}))
    assert "unknown argument(s) q" in _error(await client.call_tool("search_cues", {"q": "x"}))
    assert "episode id" in _error(await client.call_tool("event_context", {"event_id": "x"}))
    assert "unknown tool 'drop'" in _error(await client.call_tool("drop", {}))
    assert "namespace" in _error(await client.call_tool("stats", {"ns": "x" * 65}))
    assert "dia_ids or a session" in _error(await client.call_tool("read_turns", {}))
    assert "must be one of active" in _error(await client.call_tool(
        "ask", {"question": "Who?", "mode": "psychic"}))


async def _empty_namespace(client: Client, sample: Sample) -> None:
    empty = _ok(await client.call_tool("search_turns", {"ns": f"{sample.ns}-none",
                                                        "text": "dog"}))
    assert list(empty)[:2] == ["ns", "warning"] and empty["records"] == []
    assert f"{sample.ns}-none" in empty["warning"] and sample.ns in empty["warning"]
    asked = _ok(await client.call_tool("ask", {"ns": f"{sample.ns}-none", "question": "Who?"}))
    assert "is empty" in asked["warning"]
    listed = _ok(await client.call_tool("namespaces", {}))["namespaces"]
    mine = [n for n in listed if n["ns"].startswith(sample.ns)]
    assert [n["ns"] for n in mine] == [sample.ns] and mine[0]["conversations"] == 1


async def _ask_and_trace(client: Client, sample: Sample) -> None:
    asked = _ok(await client.call_tool(
        "ask", {"question": "What did Jonas build for the community garden?"}))
    assert asked["ns"] == sample.ns and "raised beds" in asked["answer"].lower()
    assert "warning" not in asked
    steps = _ok(await client.call_tool("trace", {"trace_id": asked["trace_id"]}))
    assert steps["answer"] == asked["answer"] and steps["steps"][0]["tool"]
    assert all("position" not in json.dumps(s) for s in steps["steps"])
    picture = _ok(await client.call_tool("trace", {"trace_id": asked["trace_id"],
                                                   "detail": True}))
    assert picture["elements"]["nodes"]
    elsewhere = await client.call_tool("trace", {"trace_id": asked["trace_id"],
                                                 "ns": f"{sample.ns}-none"})
    assert "no trace" in _error(elsewhere)  # a trace is read only through its namespace
    beliefs = _ok(await client.call_tool("beliefs", {"entity": "Maya", "aspect": "location"}))
    assert beliefs["beliefs"]
    assert _ok(await client.call_tool("stats", {}))["conversations"] == ["sample"]


def test_every_tool_over_stdio(sample: Sample) -> None:
    async def session() -> None:
        async with Client(_stdio(sample, "--ns", sample.ns)) as client:
            assert client.server_info is not None
            assert client.server_info.version == __version__
            assert "search_turns" in (client.instructions or "")
            tools = {t.name: t for t in (await client.list_tools()).tools}
            assert list(tools) == list(MCP_TOOLS)
            for name, params in TOOLS.items():  # the toolkit's own schema, plus ns and detail
                schema = tools[name].input_schema
                assert {k: v for k, v in schema["properties"].items()
                        if k not in ("ns", "detail")} == fields_schema(params)["properties"]
                assert schema["required"] == fields_schema(params)["required"]
                assert tools[name].annotations.read_only_hint
            assert all(not t.annotations.read_only_hint for n, t in tools.items() if n in WRITES)
            assert all("ns" not in t.input_schema.get("required", []) for t in tools.values())
            assert await _every_tool(client, sample) == set(TOOLS)
            await _bad_calls(client)
            await _empty_namespace(client, sample)
            await _ask_and_trace(client, sample)
    anyio.run(session)


def test_every_tool_over_http(sample: Sample) -> None:
    service = Service(sample.settings, sample.uri, sample.ns)

    async def session(url: str) -> None:
        async with Client(f"{url}/mcp") as client:
            assert await _every_tool(client, sample) == set(TOOLS)
            await _bad_calls(client)
            await _empty_namespace(client, sample)
            scratch = f"{sample.ns}-scratch"
            transcript = ("## Session 1 — 2023-04-02 10:00\n"
                          "Ana: I started learning the cello last week.\n"
                          "Ben: That's great, how is it going?\n")
            done = _ok(await client.call_tool("ingest_transcript", {
                "ns": scratch, "text": transcript, "name": "lessons"}))
            assert done["conversations"] == ["lessons"]
            found = _ok(await client.call_tool("search_turns", {"ns": scratch, "text": "cello"}))
            assert found["records"][0]["said"].startswith("Ana: ")
            bad = _error(await client.call_tool("ingest_transcript", {
                "ns": scratch, "text": "no header here\n"}))
            assert "mrgraph-upload" not in bad and "/tmp" not in bad and "lessons" not in bad
            assert "transcript 'transcript'" in bad
            forgot = _ok(await client.call_tool("forget_conversation", {
                "ns": scratch, "conversation": "lessons"}))
            assert forgot["nodes_removed"] == done["graph_nodes"]
    try:
        with serving(http_app(service)) as url:
            anyio.run(session, url)
    finally:
        service.close()


def test_an_http_body_up_to_the_input_limit_reaches_the_tools(tmp_path: Path) -> None:
    """The SDK's own body limit (4 MiB) follows MRGRAPH_MAX_INPUT_MB (20 MB by default): a
    4.5 MiB transcript is mrgraph's to judge (here: its bad name), not refused by the SDK."""
    service = Service(Settings(), f"file:{tmp_path / 'graph'}")

    async def session(url: str) -> None:
        async with Client(f"{url}/mcp") as client:
            bad = _error(await client.call_tool("ingest_transcript", {
                "text": "Odile: hi\n" * 500_000, "name": "no name!"}))
            assert bad.startswith("name 'no name!': use 1 to")
    try:
        with serving(http_app(service)) as url:
            anyio.run(session, url)
    finally:
        service.close()


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {},
    "clientInfo": {"name": "t", "version": "1"}}}


def test_http_beyond_loopback_takes_allowed_hosts_and_needs_the_token(tmp_path: Path) -> None:
    """`mcp --http --host` beyond loopback: the names --allow-host gives are served (the SDK's
    own check took loopback names only), every call needs the token, rebinding is refused."""
    service = Service(Settings(), f"file:{tmp_path / 'graph'}")
    access, token = serve_access("0.0.0.0", ["memory.lan"], None, MCP_WRITES)
    assert token is not None
    accept = {"accept": "application/json, text/event-stream"}

    def post(host: str, **headers: str) -> tuple[int, str]:
        request = urllib.request.Request(
            f"{url}/mcp", data=json.dumps(INITIALIZE).encode(), method="POST",
            headers={**accept, "content-type": "application/json", "host": host, **headers})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode()
    try:
        with serving(http_app(service, access)) as url:
            assert post("memory.lan:8765")[0] == 401
            assert post("memory.lan:8765", authorization="Bearer nope")[0] == 401
            status, text = post("memory.lan:8765", authorization=f"Bearer {token}")
            assert status == 200 and '"mrgraph"' in text
            status, text = post("evil.example", authorization=f"Bearer {token}")
            assert status == 421 and "is not served here" in json.loads(text)["error"]
            assert post("memory.lan", authorization=f"Bearer {token}",
                        origin="http://evil.example")[0] == 403
    finally:
        service.close()


# ------------------------------------------------------------------ the process itself


def _replies(store: str, lines: list[bytes]) -> list[dict[str, Any]]:
    done = subprocess.run([sys.executable, "-m", "mrgraph", "mcp", "--store", store],
                          input=b"".join(lines), capture_output=True, timeout=60, cwd=ROOT,
                          env={"PATH": os.environ.get("PATH", "")})
    assert done.returncode == 0 and done.stderr == b"", done.stderr[-500:]
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_malformed_stdio_messages_are_answered(tmp_path: Path) -> None:
    """Each message the SDK cannot decode gets a JSON-RPC error, with its request's id when
    it can be read, and the server goes on serving."""
    replies = _replies(f"file:{tmp_path / 'graph'}", [
        b"not json at all\n",
        b'{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"x":"\\ud800"}}\n',
        b'{"jsonrpc":"2.0","id":8,"method":5}\n',
        b'[1, 2]\n',
        b'{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"protocolVersion":'
        b'"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n'])
    assert [(r.get("id"), r.get("error", {}).get("code")) for r in replies] == [
        (None, -32700), (7, -32700), (8, -32600), (None, -32600), (9, None)]
    assert all("\n" not in r["error"]["message"] for r in replies[:4])
    assert replies[4]["result"]["serverInfo"] == {"name": "mrgraph", "version": __version__}


def test_a_transport_error_that_is_not_a_validation_error_is_a_parse_error() -> None:
    """Bytes that are not UTF-8 fail in the SDK's transport before any JSON is read."""
    reply = error_reply(UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"))
    assert (reply.id, reply.error.code) == (None, -32700)
    assert reply.error.message == "Parse error: the message is not valid JSON"


def test_help_lists_every_tool_and_http_prints_its_url(tmp_path: Path) -> None:
    shown = subprocess.run([sys.executable, "-m", "mrgraph", "mcp", "--help"],
                           capture_output=True, text=True, timeout=60, cwd=ROOT,
                           env={"PATH": os.environ.get("PATH", ""), "COLUMNS": "200"})
    assert shown.returncode == 0
    words = set(shown.stdout.replace(",", " ").replace(";", " ").replace(".", " ").split())
    assert set(MCP_TOOLS) <= words, set(MCP_TOOLS) - words
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "mrgraph", "mcp", "--http", "--port",
                               str(port), "--store", f"file:{tmp_path / 'graph'}"],
                              stderr=subprocess.PIPE, text=True, cwd=ROOT,
                              env={"PATH": os.environ.get("PATH", "")})
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        assert f"http://127.0.0.1:{port}/mcp" in line
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_mcp_http_beyond_loopback_warns_prints_a_token_and_serves_allowed_hosts(
        tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "mrgraph", "mcp", "--http", "--host",
                               "0.0.0.0", "--port", str(port), "--allow-host", "memory.lan",
                               "--store", f"file:{tmp_path / 'graph'}"],
                              stderr=subprocess.PIPE, text=True, cwd=ROOT,
                              env={"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT)})
    try:
        assert server.stderr is not None
        warning, token_line, url_line = (server.stderr.readline() for _ in range(3))
        assert warning.strip() == (f"warning: serving on 0.0.0.0, beyond this machine: anyone "
                                   f"who reaches port {port} can read the memory; all calls "
                                   "need the API token")
        token = token_line.strip().rsplit(" ", 1)[1]
        assert token_line.startswith("API token") and len(token) >= 32
        assert f"http://0.0.0.0:{port}/mcp" in url_line
        body = json.dumps(INITIALIZE).encode()
        headers = {"accept": "application/json, text/event-stream", "host": "memory.lan",
                   "content-type": "application/json"}
        for sent, status in (({}, 401), ({"authorization": f"Bearer {token}"}, 200)):
            request = urllib.request.Request(f"http://127.0.0.1:{port}/mcp", data=body,
                                             method="POST", headers={**headers, **sent})
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(request, timeout=30) as response:
                        got = response.status
                except urllib.error.HTTPError as refused:
                    got = refused.code
                except OSError:  # not listening yet
                    assert time.monotonic() < deadline
                    time.sleep(0.2)
                    continue
                break
            assert got == status, sent
    finally:
        server.terminate()
        server.wait(timeout=30)

