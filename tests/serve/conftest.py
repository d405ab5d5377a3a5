"""Fixtures for the servers: an embedded store holding the demo's sample, and a real uvicorn
server on a free loopback port (in a thread) for clients that need a socket."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from mrgraph.config import Settings
from mrgraph.engine import Memory
from mrgraph.ingest.sample import sample_path
from mrgraph.serve.service import Service
from tests.chromium import chromium

NS = "demo"
LOCAL = "http://127.0.0.1:8000"  # a TestClient's base URL: the server answers loopback hosts only
ARTIFACTS: list[str] = []  # files a test saved for people to look at (screenshots)


@pytest.fixture
def demo_store(tmp_path: Path) -> str:
    """An embedded store whose namespace NS holds the demo's sample transcript."""
    uri = f"file:{tmp_path / 'graph'}"
    with Memory.open(Settings(), store=uri, ns=NS) as memory:
        memory.ingest([sample_path()])
    return uri


@pytest.fixture
def service(demo_store: str) -> Iterator[Service]:
    svc = Service(Settings(), demo_store)
    try:
        yield svc
    finally:
        svc.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium for a module's pages (tests.chromium)."""
    with chromium() as launched:
        yield launched


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """Serve `app` with uvicorn on a free 127.0.0.1 port; yields its base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for path in ARTIFACTS:
        terminalreporter.write_line(f"mrgraph test artifact: {path}")
