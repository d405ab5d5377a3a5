"""`mrgraph mcp` through the official SDK's own client: over stdio (the CLI command in a
subprocess) and over streamable HTTP (the same server on a real socket)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from mrgraph.serve.mcp_server import http_app
from mrgraph.serve.service import Service
from tests.serve.conftest import NS, serving

TOOLS = {"ingest_transcript", "ask", "beliefs", "search", "forget_conversation", "stats", "trace"}
READS = ("ask", "beliefs", "search", "stats", "trace")


def _stdio(store: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable,
                                 args=["-m", "mrgraph", "mcp", "--store", store],
                                 env={"PATH": os.environ.get("PATH", "")},
                                 cwd=str(Path(__file__).resolve().parents[2]))


def _files(store: str) -> dict[str, tuple[int, int]]:
    root = Path(store.removeprefix("file:"))
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in root.iterdir()}


def _structured(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert isinstance(result.structured_content, dict)
    return result.structured_content


def test_stdio_lists_the_tools_and_answers_with_sources(demo_store: str) -> None:
    async def session() -> None:
        async with Client(_stdio(demo_store)) as client:
            listed = await client.list_tools()
            tools = {t.name: t for t in listed.tools}
            assert set(tools) == TOOLS
            assert all(tools[name].annotations.read_only_hint for name in READS)
            assert not tools["forget_conversation"].annotations.read_only_hint
            assert all("ns" in tools[n].input_schema["required"] for n in TOOLS)
            asked = _structured(await client.call_tool(
                "ask", {"ns": NS, "question": "What did Jonas build for the community garden?"}))
            assert "raised beds" in asked["answer"].lower()
            assert asked["supports"] and asked["sources"][0]["text"]
            assert asked["sources"][0]["dia_id"] == asked["supports"][0]
            assert 0 < asked["confidence"] <= 1 and asked["trace_id"].startswith("tr-")
            trace = _structured(await client.call_tool("trace", {"ns": NS,
                                                                 "trace_id": asked["trace_id"]}))
            assert trace["answer"] == asked["answer"] and trace["elements"]["nodes"]
    anyio.run(session)


def test_reads_never_write_and_errors_come_back_as_one_line(demo_store: str) -> None:
    before = _files(demo_store)

    async def session() -> None:
        async with Client(_stdio(demo_store)) as client:
            beliefs = _structured(await client.call_tool(
                "beliefs", {"ns": NS, "entity": "Maya", "aspect": "location"}))
            assert beliefs["beliefs"] and all(b["aspect"] == "location"
                                              for b in beliefs["beliefs"])
            found = _structured(await client.call_tool("search", {"ns": NS, "text": "dog"}))
            assert found["episodes"] and all(e["id"].startswith("ep-") for e in found["episodes"])
            stats = _structured(await client.call_tool("stats", {"ns": NS}))
            assert stats["conversations"] == ["sample"] and not stats["empty"]
            other = _structured(await client.call_tool("stats", {"ns": "elsewhere"}))
            assert other["empty"] is True
            await client.call_tool("ask", {"ns": "elsewhere", "question": "Who moved?"})
            missing = await client.call_tool("forget_conversation",
                                             {"ns": NS, "conversation": "no-such"})
            assert missing.is_error
            text = missing.content[0].text
            assert "no conversation 'no-such'" in text and "\n" not in text
            empty = await client.call_tool("ask", {"ns": NS, "question": "  "})
            assert empty.is_error and "the question is empty" in empty.content[0].text
    anyio.run(session)
    assert _files(demo_store) == before  # no namespace file written, none created


def test_streamable_http_ingests_asks_and_forgets(tmp_path: Path) -> None:
    service = Service.for_store(f"file:{tmp_path / 'graph'}")
    transcript = ("## Session 1 — 2023-04-02 10:00\n"
                  "Ana: I started learning the cello last week.\n"
                  "Ben: That's great, how is it going?\n"
                  "Ana: Slowly! My teacher says I hold the bow too tight.\n")

    async def session(url: str) -> None:
        async with Client(f"{url}/mcp") as client:
            assert {t.name for t in (await client.list_tools()).tools} == TOOLS
            ingested = _structured(await client.call_tool(
                "ingest_transcript", {"ns": "t", "text": transcript, "name": "lessons"}))
            assert ingested["conversations"] == ["lessons"] and ingested["graph_nodes"] > 0
            asked = _structured(await client.call_tool(
                "ask", {"ns": "t", "question": "What instrument did Ana start learning?"}))
            assert "cello" in asked["answer"].lower() and asked["sources"]
            forgot = _structured(await client.call_tool(
                "forget_conversation", {"ns": "t", "conversation": "lessons"}))
            assert forgot["nodes_removed"] == ingested["graph_nodes"]
            assert _structured(await client.call_tool("stats", {"ns": "t"}))["empty"]
    try:
        with serving(http_app(service)) as url:
            anyio.run(session, url)
    finally:
        service.close()
