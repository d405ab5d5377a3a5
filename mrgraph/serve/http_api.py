"""`mrgraph serve`: the HTTP JSON API (FastAPI) and the trace page at `/`.

Endpoints (OpenAPI schema at /openapi.json, interactive docs at /docs, served from the
`fastapi-offline` package's copy of Swagger UI: nothing from a CDN; its ReDoc page is off, as
ReDoc's bundle fetches its logo from the web):
  POST /api/ingest    {ns?, text, name?, format?}     ingest a transcript given as text
  POST /api/ask       {ns?, question, mode?}          answer, supports, sources, confidence,
                                                      trace_id
  GET  /api/traces/{trace_id}?ns=                     the trace of an answer as a graph
  GET  /api/beliefs?ns=&entity=&aspect=&as_of=        every candidate belief about a person
  GET  /api/search?ns=&text=&limit=                   episodes by words
  POST /api/forget    {ns?, conversation}             remove a conversation
  GET  /api/stats?ns=                                 counts, conversations, dates
`ns` left out is the server's default namespace (`serve --ns`). Every error is JSON
`{"error": "<one line>"}` (http_models.ERRORS lists the statuses); guard.py refuses foreign
hosts and origins, checks the API token and the body size before a route runs.

Each call runs in a thread of its own (a daemon: a busy call never keeps the process from
stopping on SIGTERM/Ctrl-C), answered within the service's time budget plus GRACE seconds
(504 past it: the call may still finish in its thread; an ingest is killed by the service).
At most MAX_CALLS run at once (503 beyond).
"""

from __future__ import annotations

import asyncio
import secrets
import threading
from types import FrameType
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any, TypeVar

import uvicorn
from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError, ResponseValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException

from mrgraph import __version__
from mrgraph.errors import BusyError, MrGraphError, NotFoundError, OvertimeError, UserError
from mrgraph.limits import MAX_NS_CHARS, http_body_limit
from mrgraph.serve.guard import Access, GuardMiddleware, is_loopback, log, one_line
from mrgraph.serve.http_models import (NS_HELP, SEARCH_LIMIT_MAX, SEARCH_TEXT_MAX, AskIn,
                                       AskOut, BeliefsOut, ForgetIn, ForgetOut, IngestIn,
                                       IngestOut, SearchOut, StatsOut, TraceOut,
                                       error_responses)
from mrgraph.serve.page import index_html
from mrgraph.serve.service import Service

T = TypeVar("T")
WRITES = frozenset({"/api/ingest", "/api/forget"})
GRACE = 5.0  # seconds past the service's budget before a call is answered 504 here
MAX_CALLS = 32
NS_QUERY = Query(None, min_length=1, max_length=MAX_NS_CHARS, description=NS_HELP)


class InternalError(MrGraphError):
    """Something failed that is not the user's to fix; the message names its type only."""


def create_app(service: Service, default_ns: str | None = None,
               access: Access | None = None) -> FastAPI:
    """The app over `service`. `default_ns` (None: the service's) is the namespace of calls
    that name none and the page's; `access` who may call (default: loopback, no token)."""
    if default_ns is not None:
        service.default_ns = service.namespace(default_ns)
    access = access or Access.of()
    calls = _Calls(service, threading.BoundedSemaphore(MAX_CALLS))

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        calls.loop = asyncio.get_running_loop()
        yield
        calls.stop()
        await asyncio.to_thread(service.close)

    app = FastAPIOffline(
        title="mrgraph", version=__version__, lifespan=lifespan, redoc_url=None,
        responses=error_responses(),
        description="A graph memory for LLM agents, answered by active reconstruction. Every "
                    "error, unknown routes included, is `{\"error\": \"<one line>\"}`.")
    app.add_middleware(GuardMiddleware, access=access,
                       max_body=http_body_limit(service.settings.max_input_bytes))
    static = resources.files("mrgraph.serve").joinpath("static")
    app.mount("/static", StaticFiles(directory=str(static)), name="static")
    _errors(app)
    _routes(app, service, calls)
    app.state.stop = calls.stop
    return app


class _Server(uvicorn.Server):
    """uvicorn's server, which on SIGTERM/Ctrl-C first answers the running calls (503) and
    kills a running ingest: its graceful shutdown then has no request left to wait for."""

    def __init__(self, config: uvicorn.Config, stop: Callable[[], None]) -> None:
        super().__init__(config)
        self.stop = stop

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.stop()
        super().handle_exit(sig, frame)


def run(app: FastAPI, host: str, port: int) -> None:
    """Serve `app` until SIGTERM or Ctrl-C, which stop it within a few seconds even while
    it is busy."""
    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            timeout_graceful_shutdown=3)
    _Server(config, app.state.stop).run()


def _routes(app: FastAPI, service: Service, calls: "_Calls") -> None:
    """Every route, in the order /docs lists them."""
    _use_routes(app, service, calls)
    _upkeep_routes(app, service, calls)


def _use_routes(app: FastAPI, service: Service, calls: "_Calls") -> None:
    """The page, ingest, ask and an answer's trace."""
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> str:
        return index_html(service.default_ns)

    @app.post("/api/ingest", response_model=IngestOut)
    async def ingest(body: IngestIn) -> Any:
        """Ingest a transcript (plain text with dated session headers, JSONL messages or
        LoCoMo JSON). Re-ingesting the same transcript changes nothing. Needs the API token
        when the server has one."""
        return await calls.run(service.ingest_transcript, body.text, body.name, body.format,
                               ns=body.ns)

    @app.post("/api/ask", response_model=AskOut)
    async def ask(body: AskIn) -> Any:
        """Answer a question from the memory, with the turns it rests on."""
        return await calls.run(service.ask, body.question, body.mode, ns=body.ns)

    @app.get("/api/traces/{trace_id}", response_model=TraceOut)
    async def trace(trace_id: str, ns: str | None = NS_QUERY) -> Any:
        """The reconstruction of an earlier answer, through the namespace that asked it."""
        return await calls.run(service.trace, trace_id, ns=ns)


def _upkeep_routes(app: FastAPI, service: Service, calls: "_Calls") -> None:
    """Inspection (beliefs, search, stats) and forgetting."""
    @app.get("/api/beliefs", response_model=BeliefsOut)
    async def beliefs(entity: str = Query(min_length=1, max_length=SEARCH_TEXT_MAX),
                      aspect: str | None = None, as_of: str | None = None,
                      ns: str | None = NS_QUERY) -> Any:
        """Every candidate belief about a person, per aspect."""
        return await calls.run(service.beliefs, entity, aspect, as_of, ns=ns)

    @app.get("/api/search", response_model=SearchOut)
    async def search(text: str = Query(min_length=1, max_length=SEARCH_TEXT_MAX),
                     limit: int = Query(10, ge=1, le=SEARCH_LIMIT_MAX),
                     ns: str | None = NS_QUERY) -> Any:
        """Episodes whose words match the text."""
        return await calls.run(service.search, text, limit, ns=ns)

    @app.post("/api/forget", response_model=ForgetOut)
    async def forget(body: ForgetIn) -> Any:
        """Remove a conversation and everything derived only from it. Needs the API token
        when the server has one."""
        return await calls.run(service.forget_conversation, body.conversation, ns=body.ns)

    @app.get("/api/stats", response_model=StatsOut)
    async def stats(ns: str | None = NS_QUERY) -> Any:
        """Counts per label and relationship, conversations and dates of a namespace."""
        return await calls.run(service.stats, ns=ns)


def serve_access(host: str, allowed: Iterable[str], token: str | None,
                 writes: Iterable[str] = WRITES) -> tuple[Access, str | None]:
    """Who may call a server bound to `host`: loopback names, `allowed`, and the address
    itself when it is one (a rebinding page names a host, not an address); the token
    `token`, or one made here when the server is bound beyond loopback (returned second, to be
    shown to the user; None when none was made)."""
    made = None
    if token is None and not is_loopback(host):
        token = made = secrets.token_urlsafe(24)
    names = list(allowed)
    if host not in ("0.0.0.0", "::", ""):
        names.append(host)
    return Access.of(names, token, writes), made


class _Calls:
    """Service calls in daemon threads, answered within the budget, or at once (503) when
    the server stops."""

    def __init__(self, service: Service, slots: threading.BoundedSemaphore) -> None:
        self.service, self.slots = service, slots
        self.stopping = asyncio.Event()
        self.loop: asyncio.AbstractEventLoop | None = None

    def stop(self) -> None:
        """From any thread, a signal handler included."""
        self.service.stop()
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.stopping.set)

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        if self.stopping.is_set() or not self.slots.acquire(blocking=False):
            raise BusyError("the server is stopping" if self.stopping.is_set() else
                            f"the server is busy with {MAX_CALLS} calls: try again later")
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()

        def work() -> None:
            try:
                result, error = fn(*args, **kwargs), None
            except BaseException as exc:  # noqa: BLE001 - handed to the request
                result, error = None, exc
            finally:
                self.slots.release()
            try:
                loop.call_soon_threadsafe(_settle, done, result, error)
            except RuntimeError:  # the server stopped meanwhile: nobody waits for it
                pass

        threading.Thread(target=work, name="mrgraph-call", daemon=True).start()
        budget = None if self.service.timeout is None else self.service.timeout + GRACE
        stopping: asyncio.Future[Any] = asyncio.ensure_future(self.stopping.wait())
        waited: set[asyncio.Future[Any]] = {done, stopping}
        try:
            await asyncio.wait(waited, timeout=budget, return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopping.cancel()
        if done.done():
            return done.result()
        done.cancel()  # the thread's outcome, when it comes, goes nowhere
        if self.stopping.is_set():
            raise BusyError("the server is stopping: the request was not finished")
        raise OvertimeError(f"the request did not finish within {budget:g} s (the server's "
                            "time budget)")


def _settle(done: "asyncio.Future[Any]", result: Any, error: BaseException | None) -> None:
    if done.done():
        return
    if error is None:
        done.set_result(result)
    elif isinstance(error, MrGraphError):
        done.set_exception(error)
    else:
        log.error("mrgraph serve: internal error: %s", type(error).__name__)
        done.set_exception(InternalError(f"internal error: {type(error).__name__}"))


def _status(exc: MrGraphError) -> int:
    for kind, status in ((NotFoundError, 404), (BusyError, 503), (OvertimeError, 504),
                         (UserError, 400)):
        if isinstance(exc, kind):
            return status
    return 500


def _errors(app: FastAPI) -> None:
    @app.exception_handler(MrGraphError)
    async def mrgraph_error(_: Request, exc: MrGraphError) -> JSONResponse:
        status = _status(exc)
        message = str(exc) if status != 500 or isinstance(exc, InternalError) \
            else f"internal error: {type(exc).__name__}"
        return _error(status, message)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(422, _one_line(exc))

    @app.exception_handler(ResponseValidationError)
    async def bad_response(request: Request, exc: ResponseValidationError) -> JSONResponse:
        log.error("mrgraph serve: internal error in %s: the response does not fit its schema",
                  request.url.path)
        return _error(500, "internal error: ResponseValidationError")

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        if exc.status_code == 404:
            message = f"no route {request.method} {request.url.path} (see /docs)"
        elif exc.status_code == 405:
            message = (f"{request.method} is not allowed on {request.url.path} (allowed: "
                       f"{(exc.headers or {}).get('Allow', '?')})")
        else:
            message = str(exc.detail)
        return _error(exc.status_code, message, exc.headers)


def _error(status: int, message: str, headers: Mapping[str, str] | None = None
           ) -> JSONResponse:
    return JSONResponse({"error": one_line(message)}, status_code=status,
                        headers=dict(headers) if headers else None)


def _one_line(exc: RequestValidationError) -> str:
    """FastAPI's validation errors as one line: 'body.question: Field required; ...'."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ()))
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request"
