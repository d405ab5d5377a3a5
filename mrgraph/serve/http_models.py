"""The HTTP API's request and response shapes (pydantic), as OpenAPI documents them.

Request limits are those of the CLI and MCP (mrgraph.limits, mrgraph.toolargs): one value
everywhere. Responses allow fields beyond those listed, so a field the service adds reaches
clients before its schema names it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from mrgraph.limits import MAX_NAME_CHARS, MAX_NS_CHARS, MAX_QUESTION_CHARS
from mrgraph.toolargs import MAX_LIMIT, MAX_TEXT

NS_HELP = (f"namespace (tenant), 1 to {MAX_NS_CHARS} characters; left out: the server's "
           "default (serve --ns)")
NS_FIELD = Field(None, min_length=1, max_length=MAX_NS_CHARS, description=NS_HELP)


class Out(BaseModel):
    model_config = ConfigDict(extra="allow")


class ErrorOut(BaseModel):
    """Every error: one line, no traceback."""

    error: str = Field(description="what went wrong, in one line")


class IngestIn(BaseModel):
    ns: str | None = NS_FIELD
    text: str = Field(min_length=1, description="the transcript itself (at most "
                      "MRGRAPH_MAX_INPUT_MB in UTF-8, as for `mrgraph ingest`)")
    name: str = Field("transcript", min_length=1, max_length=MAX_NAME_CHARS,
                      description="conversation id of a text or JSONL transcript: letters, "
                      "digits, '-', '_' and '.'")
    format: str = Field("auto", description="auto | locomo | jsonl | text")


class IngestOut(Out):
    ns: str
    conversations: list[str]
    turns: int
    graph_nodes: int = Field(description="nodes the namespace holds after the ingest")
    graph_edges: int = Field(description="relationships the namespace holds after the ingest")
    seconds: float


class AskIn(BaseModel):
    ns: str | None = NS_FIELD
    question: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS)
    mode: str = Field("active", description="active | topk | graph")


class Source(Out):
    dia_id: str
    conversation: str
    date: str | None = None
    speaker: str | None = None
    text: str | None = None


class AskOut(Out):
    ns: str
    question: str
    answer: str
    supports: list[str] = Field(description="the turns (dia_ids) the answer rests on")
    sources: list[Source]
    confidence: float
    rounds: int
    tool_calls: int
    trace_id: str = Field(description="GET /api/traces/{trace_id}?ns= draws the reconstruction")


class TraceOut(Out):
    """The trace page's data: the answer, its sources and the reconstruction as cytoscape.js
    elements (mrgraph.serve.tracegraph)."""

    question: str
    answer: str
    elements: dict[str, Any]


class BeliefsOut(Out):
    ns: str
    entity: str
    beliefs: list[dict[str, Any]] = Field(description="every candidate belief, per aspect, "
                                          "with confidence, status and history")


class SearchOut(Out):
    ns: str
    text: str
    episodes: list[dict[str, Any]] = Field(description="id, date, summary, dia_ids, score")


class ForgetIn(BaseModel):
    ns: str | None = NS_FIELD
    conversation: str = Field(min_length=1, max_length=MAX_NAME_CHARS)


class ForgetOut(Out):
    ns: str
    conversation: str
    nodes_removed: int
    edges_removed: int


class StatsOut(Out):
    ns: str
    nodes: dict[str, int]
    edges: dict[str, int]
    conversations: list[str]
    first_date: str | None = None
    last_date: str | None = None
    empty: bool = Field(description="the namespace holds nothing yet")


SEARCH_TEXT_MAX = MAX_TEXT
SEARCH_LIMIT_MAX = MAX_LIMIT

# Every error a route can answer, as OpenAPI lists it (the same shape for each).
ERRORS: dict[int, str] = {
    400: "a user error (unknown mode or format, an empty question, a transcript that does not "
         "parse or is over MRGRAPH_MAX_INPUT_MB...)",
    401: "the API token is missing (writing endpoints of a server that has one) or wrong",
    403: "the request's Origin is a web page of another site",
    404: "no such conversation or trace (and any unknown route)",
    405: "a method the route does not take",
    413: "the request body is over the limit (MRGRAPH_MAX_INPUT_MB and 64 KiB)",
    421: "the request's Host is not a loopback name nor one given with serve --allow-host "
         "(DNS rebinding)",
    422: "a malformed request: a missing or invalid field, a value over its limit",
    500: "an internal error (its type only)",
    503: "the namespace stayed busy with an earlier request for the server's time budget",
    504: "the request ran over the server's time budget (serve --timeout) and was stopped",
}


def error_responses() -> dict[int | str, dict[str, Any]]:
    return {status: {"model": ErrorOut, "description": text} for status, text in ERRORS.items()}
