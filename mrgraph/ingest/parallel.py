"""Extraction of a file's conversations in worker processes, when the file is big enough.

The heuristic extractor is CPU-bound and sees one conversation at a time (its statistics are
per conversation), so a file of several conversations extracts in parallel: each worker takes a
whole conversation, extracts it and builds its GraphBatch, and sends the batch back. Results
are gathered in file order whatever the worker count and whatever finishes first, so the
batches, and so the graph, are identical to a serial run (tests/unit/test_ingest_parallel.py).

Workers are forked (no re-import, no pickling of the input: they inherit it); where the
platform cannot fork, or for an extractor that is not `forkable` (the LLM extractor keeps
per-call state and runs its own concurrent requests), extraction stays in this process. A
forked worker costs ~10-20 ms and its batch ~15 ms to unpickle here, so a worker is used per
MIN_TURNS turns of input at most (`plan_workers`).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable, Sequence

from mrgraph.ingest.build import build_batch
from mrgraph.ingest.extract import Extractor
from mrgraph.types import Conversation, GraphBatch

MIN_TURNS = 250  # turns of input per worker, at least: below that a worker costs more than it saves


@dataclass(frozen=True)
class Extracted:
    """One conversation's batch and the LLM tokens its extraction spent."""

    batch: GraphBatch
    tokens: int


Done = Callable[[int], None]  # told the index of each conversation extracted, in file order


def available_cores() -> int:
    """The cores this process may run on (its affinity mask, e.g. under `taskset`)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - platforms without affinity masks
        return os.cpu_count() or 1


def plan_workers(requested: int, conversations: Sequence[Conversation],
                 extractor: Extractor) -> int:
    """Worker processes for these conversations: 1 means this process does it all.
    `requested` 0 is automatic (one per available core); any other number is a ceiling. Never
    more than the conversations, nor more than one per MIN_TURNS turns, and 1 for an extractor
    that is not `forkable` or where processes cannot be forked."""
    if not getattr(extractor, "forkable", False) or not _can_fork():
        return 1
    turns = sum(len(s.turns) for c in conversations for s in c.sessions)
    ceiling = requested if requested > 0 else available_cores()
    return max(1, min(ceiling, len(conversations), turns // MIN_TURNS))


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def extract_all(ns: str, conversations: Sequence[Conversation], extractor: Extractor,
                workers: int, done: Done | None = None) -> list[Extracted]:
    """Every conversation extracted and built, in file order; `workers` from plan_workers.
    The first conversation (in file order) whose extraction raises raises here."""
    if workers <= 1:
        found = []
        for i, conversation in enumerate(conversations):
            found.append(_extract(ns, conversation, extractor))
            if done is not None:
                done(i)
        return found
    return _in_workers(ns, conversations, extractor, workers, done)


def _extract(ns: str, conversation: Conversation, extractor: Extractor) -> Extracted:
    extraction = extractor.extract(conversation)
    return Extracted(build_batch(conversation, extraction, ns), extraction.tokens)


def _in_workers(ns: str, conversations: Sequence[Conversation], extractor: Extractor,
                workers: int, done: Done | None) -> list[Extracted]:
    # Biggest first, so that no worker starts a big conversation when the others are done.
    order = sorted(range(len(conversations)),
                   key=lambda i: (-sum(len(s.turns) for s in conversations[i].sessions), i))
    # A forked worker inherits the initializer's arguments (nothing is pickled); passing them
    # this way rather than through a global keeps concurrent ingests of one process apart.
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=_start_worker, initargs=(ns, conversations, extractor))
    try:
        futures: dict[int, Future[Extracted]] = {i: pool.submit(_work, i) for i in order}
        found = []
        for i in range(len(conversations)):  # file order: deterministic results and errors
            found.append(futures[i].result())
            if done is not None:
                done(i)
        return found
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# The work of this worker process (set by _start_worker in the worker, never in the parent).
_WORK: tuple[str, Sequence[Conversation], Extractor] | None = None


def _start_worker(ns: str, conversations: Sequence[Conversation], extractor: Extractor) -> None:
    global _WORK
    _WORK = (ns, conversations, extractor)
    # Ctrl-C is the parent's to handle: it stops the ingest; a worker ends with the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _work(index: int) -> Extracted:
    assert _WORK is not None, "runs in a worker started by _in_workers"
    ns, conversations, extractor = _WORK
    return _extract(ns, conversations[index], extractor)
