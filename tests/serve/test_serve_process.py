"""`mrgraph serve` as a real process (`python -m mrgraph serve` on a free loopback port): it
stops promptly on SIGTERM and on Ctrl-C (SIGINT) while an ingest keeps it busy, leaving the
store readable, and says nothing but its address on the way."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from mrgraph.serve.service import INLINE_MAX_CHARS

REPO = Path(__file__).resolve().parents[2]  # this checkout, wherever pytest runs from
STOP_WITHIN = 10.0  # seconds from the signal to the process's end


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _transcript(turns: int) -> str:
    lines = [f"{'Ana' if i % 2 else 'Ben'}: note {i} about the kettle in the orchard."
             for i in range(turns)]
    return "## Session 1 — 2023-05-08 10:00\n" + "\n".join(lines) + "\n"


def _post(url: str, body: dict[str, str], timeout: float) -> tuple[int, str]:
    request = urllib.request.Request(url, json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()
    except OSError as err:  # the server went away mid-request: what stopping means
        return 0, str(err)


def _wait_up(base: str, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert server.poll() is None, server.communicate()
        try:
            with urllib.request.urlopen(base + "/api/stats", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    pytest.fail("serve did not start within 60 s")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_serve_stops_promptly_while_an_ingest_keeps_it_busy(tmp_path: Path, sig: int) -> None:
    port, store = _free_port(), f"file:{tmp_path / 'graph'}"
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "mrgraph", "serve", "--port", str(port), "--store", store,
         "--ns", "busy", "--timeout", "600"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        _wait_up(base, server)
        text = _transcript(100_000)  # ingest is linear: still busy after 5 s on any machine
        assert len(text) > INLINE_MAX_CHARS  # the ingest runs in a child process
        outcome: list[tuple[int, str]] = []
        busy = threading.Thread(target=lambda: outcome.append(_post(
            base + "/api/ingest", {"text": text, "name": "long", "format": "text"}, 120)))
        busy.start()
        time.sleep(5)  # the ingest under way (its child started, extracting)
        assert busy.is_alive() and not outcome, outcome
        start = time.monotonic()
        server.send_signal(sig)
        out, err = server.communicate(timeout=STOP_WITHIN + 20)
        took = time.monotonic() - start
        busy.join(timeout=10)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert took < STOP_WITHIN, f"stopped {took:.1f} s after the signal"
    assert "Traceback" not in err and "Traceback" not in out, err
    assert out.startswith(f"mrgraph serve: http://127.0.0.1:{port}/"), out
    assert outcome and outcome[0][0] != 200  # the ingest was stopped, not finished
    if outcome[0][0]:
        assert json.loads(outcome[0][1])["error"]  # a one-line error, if any answer came
    stats = subprocess.run([sys.executable, "-m", "mrgraph", "stats", "--store", store,
                            "--ns", "busy", "--json"], capture_output=True, text=True,
                           timeout=60, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert stats.returncode == 0, stats.stderr  # the store is readable, and holds no part
    assert json.loads(stats.stdout)["conversations"] == []


def test_serve_on_a_wildcard_address_says_which_clients_it_refuses(tmp_path: Path) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "mrgraph", "serve", "--host", "0.0.0.0", "--port", str(port),
         "--store", f"file:{tmp_path / 'graph'}"], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        assert server.stderr is not None
        assert server.stderr.readline().strip() == (
            "warning: serving on 0.0.0.0, beyond this machine: clients that name this machine "
            "are refused (421) until --allow-host names it (its address or name), yet any "
            f"client that reaches port {port} and sends a loopback Host can read the memory; "
            "ingest and forget need the API token")
    finally:
        server.terminate()
        server.wait(timeout=30)
