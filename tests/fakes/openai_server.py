"""A fake OpenAI-compatible HTTP server on the standard library, for end-to-end tests of the
wire format through the real `openai` client.

Each request gets the next scripted FakeResponse (status, headers, JSON body, optional delay);
every request is recorded (path, headers, parsed JSON body). When the script runs out the server
answers 400, which the client does not retry, so a test making an unexpected call fails fast.

`/embeddings`: scripted responses (`embeddings_body`) come first; once the script is empty, a
server told to `auto_embed()` answers every embeddings request itself with HashEmbedder vectors
of the inputs (usage: one token per whitespace-separated word), so a test need not know how many
batches an ingest sends.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class FakeResponse:
    body: Any = None
    status: int = 200
    headers: Mapping[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before answering: longer than the client timeout = a timeout


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: Mapping[str, str]
    body: Any


def chat_completion(content: str | None = None, *,
                    tool_calls: Sequence[tuple[str, str, str]] = (),
                    usage: tuple[int, int] | None = None, model: str = "fake-model",
                    finish_reason: str | None = None) -> dict[str, Any]:
    """A chat.completion body. tool_calls are (id, name, arguments-json) triples."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = [{"id": i, "type": "function",
                                  "function": {"name": n, "arguments": a}}
                                 for i, n, a in tool_calls]
    body: dict[str, Any] = {
        "id": "chatcmpl-fake", "object": "chat.completion", "created": 1700000000,
        "model": model,
        "choices": [{"index": 0, "message": message, "logprobs": None,
                     "finish_reason": finish_reason or ("tool_calls" if tool_calls else "stop")}],
    }
    if usage is not None:
        body["usage"] = {"prompt_tokens": usage[0], "completion_tokens": usage[1],
                         "total_tokens": usage[0] + usage[1]}
    return body


def embeddings_body(vectors: Sequence[Sequence[float]], *, usage: int | None = None,
                    model: str = "fake-embedding") -> dict[str, Any]:
    """An embeddings response body: one `data` item per vector, in order."""
    body: dict[str, Any] = {
        "object": "list", "model": model,
        "data": [{"object": "embedding", "index": i, "embedding": list(v)}
                 for i, v in enumerate(vectors)],
    }
    if usage is not None:
        body["usage"] = {"prompt_tokens": usage, "total_tokens": usage}
    return body


def error_body(message: str, kind: str = "invalid_request_error") -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "param": None, "code": None}}


class FakeOpenAIServer:
    """Bound to 127.0.0.1 on a free port; use as a context manager or start()/stop()."""

    def __init__(self) -> None:
        self._queue: deque[FakeResponse] = deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self.requests: list[RecordedRequest] = []
        self._embed_dimensions: int | None = None  # set by auto_embed()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever,
                                        kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    @property
    def bodies(self) -> list[Any]:
        return [r.body for r in self.requests]

    def enqueue(self, *responses: FakeResponse) -> None:
        with self._lock:
            self._queue.extend(responses)

    def reply(self, content: str | None = None, **kwargs: Any) -> None:
        """Enqueue a 200 chat completion (see chat_completion for kwargs)."""
        self.enqueue(FakeResponse(chat_completion(content, **kwargs)))

    def auto_embed(self, dimensions: int = 8) -> None:
        """Answer unscripted /embeddings requests with HashEmbedder vectors of the inputs."""
        self._embed_dimensions = dimensions

    @property
    def embedding_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path.endswith("/embeddings")]

    def start(self) -> FakeOpenAIServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # wakes handlers sleeping on a delay
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _next(self, request: RecordedRequest) -> FakeResponse:
        with self._lock:
            self.requests.append(request)
            if self._queue:
                return self._queue.popleft()
            dimensions = self._embed_dimensions
        if dimensions is not None and request.path.endswith("/embeddings"):
            return FakeResponse(_auto_embeddings(request.body, dimensions))
        return FakeResponse(error_body("fake server: no scripted response left"), status=400)


def _auto_embeddings(body: Any, dimensions: int) -> dict[str, Any]:
    from mrgraph.llm.scripted import HashEmbedder

    texts = body.get("input") if isinstance(body, dict) else None
    texts = [texts] if isinstance(texts, str) else list(texts or [])
    vectors = HashEmbedder(dimensions).embed([str(t) for t in texts])
    return embeddings_body(vectors, usage=sum(len(str(t).split()) for t in texts))


def _make_handler(server: FakeOpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
            length = int(self.headers.get("Content-Length", "0"))
            raw = self.rfile.read(length) if length else b""
            body = json.loads(raw) if raw else None
            response = server._next(RecordedRequest(
                "POST", self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            if response.delay:
                server._stopping.wait(response.delay)
            self._send(response)

        def _send(self, response: FakeResponse) -> None:
            payload = (response.body if isinstance(response.body, bytes)
                       else json.dumps(response.body).encode())
            try:
                self.send_response(response.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                for key, value in response.headers.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout test): nothing to deliver

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass  # keep test output clean

    return Handler


def serve() -> Iterator[FakeOpenAIServer]:
    """Generator behind the `fake_openai` pytest fixture."""
    with FakeOpenAIServer() as server:
        yield server


def serve_on_loopback(monkeypatch: Any) -> Iterator[FakeOpenAIServer]:
    """`serve`, with no proxy from the environment in the way: a proxy must never see (or
    swallow) the loopback traffic. `monkeypatch`: pytest's, which restores the environment."""
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
                 "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    yield from serve()
