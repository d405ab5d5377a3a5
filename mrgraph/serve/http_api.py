"""`mrgraph serve`: the HTTP JSON API (FastAPI) and the trace page at `/`.

Endpoints (OpenAPI schema at /openapi.json, interactive docs at /docs):
  POST /api/ingest    {ns, text, name?, format?}      ingest a transcript given as text
  POST /api/ask       {ns, question, mode?}           answer, supports, sources, confidence,
                                                      trace_id
  GET  /api/traces/{trace_id}                         the trace of an answer as a graph
  GET  /api/beliefs?ns=&entity=&aspect=&as_of=        every candidate belief about a person
  GET  /api/search?ns=&text=&limit=                   episodes by words
  POST /api/forget    {ns, conversation}              remove a conversation
  GET  /api/stats?ns=                                 counts, conversations, dates
Errors are JSON `{"error": "<one line>"}`: 400 for a user error, 404 for something that does
not exist, 422 for a malformed request; 500 says only the error's type.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from mrgraph.errors import MrGraphError, NotFoundError, UserError
from mrgraph.serve.page import index_html
from mrgraph.serve.service import Service

NS_FIELD = Field(min_length=1, max_length=100, description="namespace (tenant), e.g. 'default'")


class IngestIn(BaseModel):
    ns: str = NS_FIELD
    text: str = Field(min_length=1, description="the transcript itself")
    name: str = Field("transcript", description="conversation id of a text or JSONL transcript")
    format: str = Field("auto", description="auto | locomo | jsonl | text")


class AskIn(BaseModel):
    ns: str = NS_FIELD
    question: str = Field(min_length=1, max_length=2000)
    mode: str = Field("active", description="active | topk | graph")


class ForgetIn(BaseModel):
    ns: str = NS_FIELD
    conversation: str = Field(min_length=1)


def create_app(service: Service, default_ns: str = "default") -> FastAPI:
    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        service.close()

    app = FastAPI(title="mrgraph", version="0.1.0", lifespan=lifespan,
                  description="A graph memory for LLM agents, answered by active reconstruction.")
    static = resources.files("mrgraph.serve").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    _errors(app)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> str:
        return index_html(default_ns)

    @app.post("/api/ingest")
    def ingest(body: IngestIn) -> dict[str, Any]:
        return service.ingest_transcript(body.ns, body.text, body.name, body.format)

    @app.post("/api/ask")
    def ask(body: AskIn) -> dict[str, Any]:
        return service.ask(body.ns, body.question, body.mode)

    @app.get("/api/traces/{trace_id}")
    def trace(trace_id: str) -> dict[str, Any]:
        return service.trace(trace_id)

    @app.get("/api/beliefs")
    def beliefs(ns: str = Query(min_length=1), entity: str = Query(min_length=1),
                aspect: str | None = None, as_of: str | None = None) -> dict[str, Any]:
        return service.beliefs(ns, entity, aspect, as_of)

    @app.get("/api/search")
    def search(ns: str = Query(min_length=1), text: str = Query(min_length=1),
               limit: int = Query(10, ge=1, le=50)) -> dict[str, Any]:
        return service.search(ns, text, limit)

    @app.post("/api/forget")
    def forget(body: ForgetIn) -> dict[str, Any]:
        return service.forget_conversation(body.ns, body.conversation)

    @app.get("/api/stats")
    def stats(ns: str = Query(min_length=1)) -> dict[str, Any]:
        return service.stats(ns)

    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(UserError)
    async def user_error(_: Request, exc: UserError) -> JSONResponse:
        status = 404 if isinstance(exc, NotFoundError) else 400
        return JSONResponse({"error": str(exc)}, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": _one_line(exc)}, status_code=422)

    @app.exception_handler(MrGraphError)
    async def internal(_: Request, exc: MrGraphError) -> JSONResponse:
        return JSONResponse({"error": f"internal error: {type(exc).__name__}"}, status_code=500)


def _one_line(exc: RequestValidationError) -> str:
    """FastAPI's validation errors as one line: 'body.question: Field required; ...'."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ()))
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request"
