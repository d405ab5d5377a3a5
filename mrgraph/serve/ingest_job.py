"""An ingest a server can stop: run in a child process, killed when it overruns its time
budget or when the server stops.

A thread cannot be stopped from outside, and a long transcript spends minutes in one step (the
extraction of its one conversation) with no point where it could check a flag; a process can
be killed at any moment. Killing it is safe: the embedded store commits a file's ingest in one
SQLite transaction (a kill leaves the last commit) and Neo4j keeps the batches committed so
far, which a re-run resumes. The child is a fresh interpreter (`python -m
mrgraph.serve.ingest_job`), not a fork of the server, whose other threads may hold locks a fork
would copy, nor multiprocessing's spawn, which would re-run the caller's main module. It costs
the start of an interpreter and mrgraph's imports (a few seconds on a busy machine), small
beside an ingest worth stopping: the service ingests small transcripts in its own process.

The job goes to the child on its stdin as JSON (settings included: secrets never appear on a
command line); the child answers with one JSON line on stdout: the report's numbers, or the
error's kind and one-line message (a UserError stays the user's; anything else is an internal
error, named by its type only). The child is in a session of its own (a Ctrl-C in the server's
terminal is the server's to handle) and dies with the thread that started it (PDEATHSIG).
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any

from mrgraph.config import Settings
from mrgraph.errors import MrGraphError, NotFoundError, OvertimeError, UserError
from mrgraph.ingest.pipeline import IngestReport

POLL = 0.1  # seconds between looks at the deadline and the stop flag


@dataclass(frozen=True)
class IngestJob:
    """One transcript file to ingest into a namespace of a store."""

    settings: Settings
    store: str | None
    ns: str
    path: str  # a temporary file
    fmt: str
    name: str  # the transcript's name (pipeline.renamed)


class InternalIngestError(MrGraphError):
    """The child failed on something not the user's to fix; the message is its type only."""


def run(job: IngestJob, timeout: float | None, stop: threading.Event) -> dict[str, Any]:
    """The ingest's report (as a dict), or the child's error raised here. Past `timeout`
    seconds, or once `stop` is set, the child is killed and OvertimeError raised."""
    payload = json.dumps({**dataclasses.asdict(job), "parent": os.getpid()})
    child = subprocess.Popen([sys.executable, "-m", "mrgraph.serve.ingest_job"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             start_new_session=True, text=True, encoding="utf-8")
    deadline = None if timeout is None else time.monotonic() + timeout
    try:
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(payload)
        child.stdin.close()
        while child.poll() is None:
            if stop.wait(POLL) or (deadline is not None and time.monotonic() > deadline):
                raise OvertimeError(_overtime(job, timeout, stop.is_set()))
        line = child.stdout.readline()
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()
        for stream in (child.stdin, child.stdout):
            if stream is not None:
                stream.close()
    return _result(line, child.returncode)


def _overtime(job: IngestJob, timeout: float | None, stopping: bool) -> str:
    if stopping:
        return f"the ingest of {job.name!r} was stopped: the server is shutting down"
    return (f"the ingest of {job.name!r} did not finish within {timeout:g} s (the server's "
            "time budget) and was stopped; the embedded store keeps nothing of it (on Neo4j a "
            "re-run resumes it): ingest it with `mrgraph ingest`, or raise the budget")


def _result(line: str, code: int) -> dict[str, Any]:
    try:
        outcome = json.loads(line)
    except ValueError:
        raise InternalIngestError(f"internal error: the ingest process ended (exit code "
                                  f"{code})") from None
    if outcome["kind"] == "ok":
        report: dict[str, Any] = outcome["report"]
        return report
    if outcome["kind"] == "user":
        kind = NotFoundError if outcome["type"] == "NotFoundError" else UserError
        raise kind(outcome["message"])
    raise InternalIngestError(f"internal error: {outcome['type']}")


def _ingest(job: IngestJob) -> dict[str, Any]:
    from mrgraph.engine import Memory

    with Memory.open(job.settings, store=job.store, ns=job.ns) as memory:
        report = memory.ingest([job.path], fmt=job.fmt, name=job.name)[0]
    return report_dict(report)


def report_dict(report: IngestReport) -> dict[str, Any]:
    """What a server answers for an ingest."""
    return {"conversations": list(report.conversations), "turns": report.turns,
            "graph_nodes": report.graph_nodes, "graph_edges": report.graph_edges,
            "seconds": round(report.seconds, 3)}


def main() -> None:
    """The child: read the job, ingest, print the outcome as one JSON line."""
    raw = json.loads(sys.stdin.read())
    _die_with(int(raw.pop("parent")))
    answer, sys.stdout = sys.stdout, sys.stderr  # stdout carries the outcome line only
    job = IngestJob(**{**raw, "settings": Settings(**raw["settings"])})
    try:
        outcome: dict[str, Any] = {"kind": "ok", "report": _ingest(job)}
    except UserError as err:
        outcome = {"kind": "user", "type": type(err).__name__, "message": str(err)}
    except BaseException as err:  # noqa: BLE001 - reported by its type, never its text
        outcome = {"kind": "internal", "type": type(err).__name__}
    answer.write(json.dumps(outcome) + "\n")
    answer.flush()


def _die_with(parent: int) -> None:
    """Die when the server thread that started this process ends (Linux; elsewhere the
    server's close kills it)."""
    if sys.platform.startswith("linux"):
        from mrgraph.ingest.parallel import _die_with as die_with_parent
        die_with_parent(parent)


if __name__ == "__main__":
    main()
