"""MCP over stdio that answers every message, malformed ones included.

The SDK's stdio transport (mcp.server.stdio) reads one JSON-RPC message a line; a line it cannot
decode (not JSON, a lone surrogate in a string, not a JSON-RPC message) reaches the server as an
exception, which the server drops: a client that sent a request in it would wait forever. Here
the SDK's transport is kept (its claim on stdin/stdout) and a relay sits between it and the
server: an exception gets a JSON-RPC error at once, the id of the request when it can be read
(Python's json accepts the lone surrogates the SDK's parser refuses), else null as JSON-RPC 2.0
says for an unreadable message; -32700 (parse error) for text that is not valid JSON to the SDK,
-32600 (invalid request) for JSON that is not a JSON-RPC message.
"""

from __future__ import annotations

import json
from typing import Any

import anyio
from mcp.server.lowlevel.server import Server
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp_types import INVALID_REQUEST, PARSE_ERROR, ErrorData, JSONRPCError
from pydantic import ValidationError

MAX_REASON = 200


async def serve_stdio(server: Server[Any]) -> None:
    async with stdio_server() as (read_stream, write_stream):
        relay_send, relay_recv = anyio.create_memory_object_stream[SessionMessage | Exception](0)

        async def relay() -> None:
            try:
                async with relay_send:
                    async for item in read_stream:
                        if isinstance(item, Exception):
                            await write_stream.send(SessionMessage(error_reply(item)))
                        else:
                            await relay_send.send(item)
            except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                pass  # the server has ended: nothing left to answer

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(relay)
            await server.run(relay_recv, write_stream, server.create_initialization_options())
            tasks.cancel_scope.cancel()


def error_reply(exc: Exception) -> JSONRPCError:
    """The JSON-RPC error answering a message the transport could not decode."""
    errors = exc.errors() if isinstance(exc, ValidationError) else []
    unparsed = any(e.get("type") == "json_invalid" for e in errors)
    inputs = [e.get("input") for e in errors]  # the line, or the decoded message's parts
    raw = next((i for i in inputs if isinstance(i, dict) and "id" in i),
               next((i for i in inputs if isinstance(i, str)), None) if unparsed else None)
    # no pydantic errors: the transport failed before JSON (e.g. bytes that are not UTF-8)
    message = _reason(errors) if unparsed or not errors else "not a JSON-RPC 2.0 request"
    code = PARSE_ERROR if unparsed or not errors else INVALID_REQUEST
    prefix = "Parse error" if code == PARSE_ERROR else "Invalid request"
    return JSONRPCError(jsonrpc="2.0", id=_request_id(raw),
                        error=ErrorData(code=code, message=f"{prefix}: {message}"))


def _reason(errors: list[Any]) -> str:
    found = next((str(e.get("msg", "")) for e in errors if e.get("type") == "json_invalid"), "")
    text = " ".join(found.split()) or "the message is not valid JSON"
    return text if len(text) <= MAX_REASON else text[:MAX_REASON - 1] + "…"


def _request_id(raw: object) -> str | int | None:
    """The id of the request `raw` (its text or its decoded value) carries, if readable."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            return None
    found = raw.get("id") if isinstance(raw, dict) else None
    if isinstance(found, bool) or not isinstance(found, (str, int)):
        return None
    if isinstance(found, str) and any(0xD800 <= ord(c) <= 0xDFFF for c in found):
        return None  # an id that cannot be written back as UTF-8
    return found
