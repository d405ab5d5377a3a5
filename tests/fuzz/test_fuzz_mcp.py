"""The MCP server under generated requests: read tools with arguments of every JSON type (and
of the right types with odd values), unknown tools, bad namespaces; and raw stdio lines (tool
calls, broken JSON, lone surrogates, stray JSON values).

In process (`McpApp.call`, the handler behind every transport), on the embedded store and on
live Neo4j: a reply is JSON, or a user error of one line; nothing else escapes. Over stdio (one
`mrgraph mcp` process per example, many messages each): every request with an id gets exactly
one reply, a result or a JSON-RPC error, tool errors are one line, the process ends cleanly and
writes nothing to stderr. 500 generated requests a run (200 in process on the embedded store,
100 on Neo4j, 200 over stdio)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.errors import UserError
from mrgraph.ingest.sample import sample_path
from mrgraph.serve.mcp_server import MCP_TOOLS, McpApp
from mrgraph.serve.service import Service
from tests.contract.conftest import _wipe_neo4j, neo4j_uri
from tests.fuzz.conftest import FUZZ
from tests.fuzz.strategies import json_values

ROOT = Path(__file__).resolve().parents[2]
READS = sorted(n for n in MCP_TOOLS if n not in ("ingest_transcript", "forget_conversation"))
ARG_NAMES = sorted({name for t in MCP_TOOLS.values()
                    for name in t.schema()["properties"]} | {"extra"})
# values of the right types, near the edges: names of the sample, ids, dates, counts
PLAUSIBLE = st.sampled_from([
    "Maya", "Jonas", "jon", "dog", '"raised beds"', "2023", "2023-03", "2023-02-30", "S1:1",
    ["S2:1", "S9:9"], "ep-0123456789abcdef", "cue-0123456789abcdef", "sample", 0, 1, 50, 51,
    -1, 10**9, True, "", " ", "\u00e9t\u00e9", "x" * 600, "\ud800", "a\nb", None, [], {}])
VALUE = st.one_of(PLAUSIBLE, json_values, st.text(max_size=30))
ARGS = st.dictionaries(st.sampled_from(ARG_NAMES), VALUE, max_size=5)
CALL = st.tuples(st.one_of(st.sampled_from(READS), st.text(max_size=12)), ARGS)


def _check(app: McpApp, tool: str, args: dict[str, Any]) -> None:
    try:
        body = app.call(tool, args)
    except UserError as err:
        message = str(err)
        assert message and "\n" not in message and "Traceback" not in message, message
        return
    json.dumps(body)  # what the transports send
    assert isinstance(body, dict)


def _app(kind: str, root: Path) -> Iterator[McpApp]:
    if kind == "memory":
        uri, conf = f"file:{root / 'graph'}", Settings()
    else:
        uri, conf = neo4j_uri("fuzz the MCP server on Neo4j"), Settings.from_env()
    ns = f"fz{uuid.uuid4().hex[:10]}"
    with Memory.open(conf, store=uri, ns=ns) as memory:
        memory.ingest([sample_path()])
    service = Service(conf, uri, ns)
    try:
        yield McpApp(service)
    finally:
        service.close()
        if kind == "neo4j":
            _wipe_neo4j(uri, {ns}, conf)


@pytest.fixture(scope="module")
def memory_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[McpApp]:
    yield from _app("memory", tmp_path_factory.mktemp("fuzz-mcp"))


@pytest.fixture(scope="module")
def neo4j_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[McpApp]:
    yield from _app("neo4j", tmp_path_factory.mktemp("fuzz-mcp-neo4j"))


@settings(FUZZ, max_examples=200)
@given(call=CALL)
def test_calls_reply_or_fail_in_one_line_on_the_embedded_store(
        memory_app: McpApp, call: tuple[str, dict[str, Any]]) -> None:
    _check(memory_app, *call)


@pytest.mark.neo4j
@settings(FUZZ, max_examples=100)
@given(call=CALL)
def test_calls_reply_or_fail_in_one_line_on_neo4j(
        neo4j_app: McpApp, call: tuple[str, dict[str, Any]]) -> None:
    _check(neo4j_app, *call)


# ------------------------------------------------------------------ raw stdio

INIT = {"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {},
    "clientInfo": {"name": "fuzz", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


@st.composite
def _line(draw: st.DrawFn, n: int) -> tuple[bytes, object]:
    """One line to send and the id a reply must carry (None: no reply expected)."""
    kind = draw(st.sampled_from(["call", "call", "call", "list", "junk", "json", "surrogate"]))
    if kind in ("call", "list"):
        tool, args = draw(CALL)
        message = {"jsonrpc": "2.0", "id": n, "method": "tools/call",
                   "params": {"name": tool, "arguments": args}} if kind == "call" else \
            {"jsonrpc": "2.0", "id": n, "method": "tools/list"}
        return json.dumps(message).encode("utf-8", "surrogatepass") + b"\n", n
    if kind == "surrogate":  # valid JSON text, a string the SDK's parser refuses
        text = json.dumps({"jsonrpc": "2.0", "id": n, "method": "tools/call",
                           "params": {"name": "search_turns", "arguments": {"text": "x"}}})
        return text.replace('"x"', '"\\udc80x"').encode() + b"\n", n
    if kind == "json":  # a JSON value that is not a JSON-RPC message
        value = draw(json_values.filter(lambda v: not isinstance(v, dict)))
        return json.dumps(value).encode() + b"\n", None
    junk = draw(st.binary(min_size=1, max_size=40).filter(lambda b: b"\n" not in b
                                                            and b"\r" not in b))
    return junk + b"\n", None


# no shrinking: each example costs a process start, and the failing one is printed as it is
@settings(FUZZ, max_examples=2, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(lines=st.lists(st.integers(), min_size=100, max_size=100).flatmap(
    lambda xs: st.tuples(*[_line(i) for i in range(len(xs))])))
def test_stdio_answers_every_request_once(tmp_path_factory: pytest.TempPathFactory,
                                          lines: tuple[tuple[bytes, object], ...]) -> None:
    store = f"file:{tmp_path_factory.mktemp('fuzz-stdio') / 'graph'}"
    sent = [json.dumps(INIT).encode() + b"\n", json.dumps(INITIALIZED).encode() + b"\n",
            *(line for line, _ in lines)]
    expected = {n for _, n in lines if n is not None}
    replies = _exchange(store, sent, len(expected))
    assert all(r.get("jsonrpc") == "2.0" and ("result" in r) != ("error" in r) for r in replies)
    by_id: dict[object, int] = {}
    for reply in replies:
        by_id[reply.get("id")] = by_id.get(reply.get("id"), 0) + 1
        result = reply.get("result") or {}
        if result.get("isError"):
            assert "\n" not in result["content"][0]["text"]
        if "error" in reply:
            assert "\n" not in reply["error"]["message"]
    assert {k: v for k, v in by_id.items() if k in expected} == dict.fromkeys(expected, 1)
    assert set(by_id) - expected <= {"init", None}


def _exchange(store: str, sent: list[bytes], wanted: int) -> list[dict[str, Any]]:
    """Send the lines to one `mrgraph mcp` process and read its replies until the `wanted`
    requests (and the initialize) are answered; then end its input, as a client leaving does
    (a server stops at the end of its input: requests still running then get no reply)."""
    server = subprocess.Popen([sys.executable, "-m", "mrgraph", "mcp", "--store", store],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, cwd=ROOT,
                              env={"PATH": os.environ.get("PATH", "")})
    assert server.stdin is not None and server.stdout is not None and server.stderr is not None
    server.stdin.write(b"".join(sent))
    server.stdin.flush()
    replies: list[dict[str, Any]] = []
    answered = 0
    try:
        while answered < wanted + 1:
            line = server.stdout.readline()
            assert line, "the server ended before answering every request"
            reply = json.loads(line)
            replies.append(reply)
            answered += isinstance(reply.get("id"), (int, str))
        server.stdin.close()
        rest, err = server.stdout.read(), server.stderr.read()  # both end with the process
        server.wait(timeout=120)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0 and err == b"", err[-800:]
    return replies + [json.loads(line) for line in rest.splitlines()]
