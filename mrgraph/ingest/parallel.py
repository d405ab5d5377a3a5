"""Extraction of a file's conversations in worker processes, when the file is big enough.

The heuristic extractor is CPU-bound and sees one conversation at a time (its statistics are
per conversation), so a file of several conversations extracts in parallel: each worker takes a
whole conversation, extracts it and builds its GraphBatch, and sends the batch back. With n
extracting processes, n - 1 are forked workers and the ingest's own process is the n-th: it
extracts a share of the conversations (`share`: fewer turns than a worker, since it also writes
every batch), so a file of three conversations on two cores forks one worker, not two, and the
conversations this process extracts need no pickling and leave its caches (stems, WordNet
look-ups) warm for its next ingest and the workers it forks then. The batches are identical to
a serial run's whatever the worker count; they come in the order they finish, each with its
index in the file, and an error is the one a serial run raises: that of the first failing
conversation in file order (tests/unit/test_ingest_parallel.py).

Workers are forked (no re-import, no pickling of the input: they inherit it) and die with the
ingest, even one killed with SIGKILL (Linux's parent-death signal); on other platforms, or for
an extractor that is not `forkable` (the LLM extractor keeps per-call state and runs its own
concurrent requests), extraction stays in this process. Workers are not free (forking, sending
the batches back, as plain tuples: `Extracted.__reduce__`; joining them), so an extracting
process is used per MIN_TURNS turns of input at most (`plan_workers`); a heuristic extraction
of MIN_TURNS turns takes ~0.1 CPU-s.
"""

from __future__ import annotations

import ctypes
import gc
import os
import signal
import sys
import threading
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Callable, Iterator, Sequence

from mrgraph.errors import IngestWorkerError
from mrgraph.ingest.build import build_batch
from mrgraph.ingest.extract import Extractor
from mrgraph.limits import check_batch, mark_checked
from mrgraph.types import Conversation, EdgeRecord, GraphBatch, NodeRecord, Props

# Writing a batch costs about this fraction of extracting it (the dev file, one process: writes
# ~0.2 CPU-s, extraction and build ~0.6): the ingest's process, which writes, extracts less.
WRITE_SHARE = 0.35
MIN_TURNS = 250  # turns of input per worker, at least: below that a worker costs more than it saves


@dataclass(frozen=True)
class Extracted:
    """One conversation's batch and the LLM tokens its extraction spent."""

    batch: GraphBatch
    tokens: int

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Sent from a worker as plain tuples: pickling ~10,000 frozen dataclasses one by one
        took ~3x longer to dump and ~2x longer to load (the dev file: ~0.1 CPU-s an ingest)."""
        batch = self.batch
        return _extracted, (batch.conversation_id,
                            [(n.label, n.id, n.props) for n in batch.nodes],
                            [(e.type, e.src, e.dst, e.props) for e in batch.edges], self.tokens)


def _extracted(conversation_id: str, nodes: list[tuple[str, str, Props]],
               edges: list[tuple[str, str, str, Props]], tokens: int) -> Extracted:
    """Extracted.__reduce__'s inverse."""
    return Extracted(GraphBatch(conversation_id, tuple([NodeRecord(*n) for n in nodes]),
                                tuple([EdgeRecord(*e) for e in edges])), tokens)


def available_cores() -> int:
    """The cores this process may run on (its affinity mask, e.g. under `taskset`)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - platforms without affinity masks
        return os.cpu_count() or 1


def plan_workers(requested: int, conversations: Sequence[Conversation],
                 extractor: Extractor) -> int:
    """Processes extracting these conversations, this one included (`share`): 1 means this
    process does it all.
    `requested` 0 is automatic (one per available core); any other number is a ceiling. Never
    more than the conversations, nor more than one per MIN_TURNS turns, and 1 for an extractor
    that is not `forkable`, where processes cannot be forked, or off the main thread (a server
    ingesting in a worker thread: forking while other threads may hold locks can leave a
    child blocked on one)."""
    if not getattr(extractor, "forkable", False) or not supported():
        return 1
    if threading.current_thread() is not threading.main_thread():
        return 1
    turns = sum(c.turn_count for c in conversations)
    ceiling = requested if requested > 0 else available_cores()
    return max(1, min(ceiling, len(conversations), turns // MIN_TURNS))


def supported() -> bool:
    """Workers are forked, and must die with the ingest when it is killed (SIGKILL included:
    they would wait for work forever), which Linux's parent-death signal ensures."""
    return sys.platform.startswith("linux")


@contextmanager
def extracting(ns: str, conversations: Sequence[Conversation], extractor: Extractor,
               workers: int, source: str | None = None
               ) -> Iterator[Iterator[tuple[int, Extracted]]]:
    """The conversations extracted and built, as (index in the file, Extracted), each as soon
    as it is done: in file order with one process (`workers` from plan_workers); with more,
    workers - 1 are forked, the workers' conversations all started at once, and this process
    extracts its share (`share`) as the caller consumes the results, which come in the order
    they finish. With `source` (the file, for errors) each batch is also checked against
    the limits (mrgraph.limits.check_batch) where it is built, a failure counting as that
    conversation's. Iterating raises what the first failing conversation in file order raised
    (its extraction or its check), once every conversation before it was yielded (later ones
    finishing earlier may have been); leaving the block stops what is still queued."""
    if workers <= 1:
        yield ((i, _extract(ns, c, extractor, source)) for i, c in enumerate(conversations))
        return
    # imported here: ~10-20 ms every command importing the pipeline would pay otherwise
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    own, order = share(conversations, workers)
    # A forked worker inherits the initializer's arguments (nothing is pickled); passing them
    # this way rather than through a global keeps concurrent ingests of one process apart.
    pool = ProcessPoolExecutor(workers - 1, mp_context=multiprocessing.get_context("fork"),
                               initializer=_start_worker,
                               initargs=(os.getpid(), ns, conversations, extractor, source))
    try:
        # The workers are forked at the first submit. Frozen objects are left alone by the
        # collector: a worker's collections would otherwise touch every object inherited from
        # this process, copying the memory pages holding them (the gc module's advice for fork).
        # An application that froze its own objects (a pre-fork server) keeps them frozen.
        freeze = gc.get_freeze_count() == 0
        if freeze:
            gc.freeze()
        try:
            futures = {pool.submit(_work, i): i for i in order}
        finally:
            if freeze:
                gc.unfreeze()
        here = [(i, partial(_extract, ns, conversations[i], extractor, source)) for i in own]
        yield _as_done(futures, conversations, source is not None, here)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def share(conversations: Sequence[Conversation], workers: int) -> tuple[list[int], list[int]]:
    """(the conversations this process extracts, those the workers - 1 forked ones do, biggest
    first): each goes, biggest first, to the least loaded, this process starting with the
    writes' share of the file (WRITE_SHARE)."""
    turns = [c.turn_count for c in conversations]
    mine: list[int] = []
    theirs: list[int] = []
    here, loads = WRITE_SHARE * sum(turns), [0] * (workers - 1)
    for i in sorted(range(len(conversations)), key=lambda i: (-turns[i], i)):
        least = min(range(len(loads)), key=loads.__getitem__)
        if here < loads[least]:
            mine.append(i)
            here += turns[i]
        else:
            theirs.append(i)
            loads[least] += turns[i]
    return mine, theirs


def _as_done(futures: dict[Future[Extracted], int], conversations: Sequence[Conversation],
             checked: bool, own: Sequence[tuple[int, Callable[[], Extracted]]] = ()
             ) -> Iterator[tuple[int, Extracted]]:
    """The futures' results as they finish, with the errors of `extracting`; between them, the
    `own` conversations extracted here."""
    from concurrent.futures import FIRST_COMPLETED, wait
    waiting = set(futures)
    pending = list(own)
    failed: dict[int, Exception] = {}
    yielded: set[int] = set()
    while True:
        first = min(failed, default=len(conversations))
        if first < len(conversations) and yielded.issuperset(range(first)):
            raise failed[first]
        if not waiting and not pending:
            return
        if pending:  # one of ours, then whatever the workers finished meanwhile
            index, run = pending.pop(0)
            done = {f for f in waiting if f.done()}
            waiting -= done
            if index < first:  # after a failure, its error is what iterating raises
                here = _run_here(run)
                futures[here] = index
                done.add(here)
        else:
            done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
        for future in sorted(done, key=futures.__getitem__):
            index = futures[future]
            if index > min(failed, default=index):
                continue  # after a failure: its error is what iterating raises
            try:
                found = _result(future, conversations[index])
            except Exception as exc:  # noqa: BLE001 - raised in file order, above
                failed[index] = exc
                continue
            if checked:  # in the worker, on the batch this one was unpickled from
                mark_checked(found.batch)
            yielded.add(index)
            yield index, found


def _run_here(run: Callable[[], Extracted]) -> Future[Extracted]:
    """`run()` in this process, as a done future: its result or its error."""
    here: Future[Extracted] = Future()
    try:
        here.set_result(run())
    except Exception as exc:  # noqa: BLE001 - raised in file order, by _as_done
        here.set_exception(exc)
    return here


def _result(future: Future[Extracted], conversation: Conversation) -> Extracted:
    """A worker's batch; a worker killed from outside (out of memory, a signal) is an error of
    ours with the way round it, not a bare BrokenProcessPool."""
    from concurrent.futures.process import BrokenProcessPool  # with multiprocessing, see above
    try:
        return future.result()
    except BrokenProcessPool:
        raise IngestWorkerError(
            "a process extracting the file's conversations died (out of memory or killed?) "
            f"before conversation {conversation.id!r} was extracted; nothing was written; set "
            "MRGRAPH_INGEST_WORKERS=1 to extract in this process") from None


def extract_all(ns: str, conversations: Sequence[Conversation], extractor: Extractor,
                workers: int) -> list[Extracted]:
    """Every conversation extracted and built, in file order (see `extracting`)."""
    with extracting(ns, conversations, extractor, workers) as extracted:
        found = dict(extracted)
    return [found[i] for i in range(len(conversations))]


def _extract(ns: str, conversation: Conversation, extractor: Extractor,
             source: str | None) -> Extracted:
    extraction = extractor.extract(conversation)
    batch = build_batch(conversation, extraction, ns)
    if source is not None:
        check_batch(batch, source)
    return Extracted(batch, extraction.tokens)


# The work of this worker process (set by _start_worker in the worker, never in the parent).
_WORK: tuple[str, Sequence[Conversation], Extractor, str | None] | None = None


def _start_worker(parent: int, ns: str, conversations: Sequence[Conversation],
                  extractor: Extractor, source: str | None) -> None:
    global _WORK
    _die_with(parent)
    _WORK = (ns, conversations, extractor, source)
    # Ctrl-C is the parent's to handle: it stops the ingest; a worker ends with the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


_PR_SET_PDEATHSIG = 1  # linux/prctl.h


def _die_with(parent: int) -> None:
    """SIGKILL this worker when the thread that forked it ends (the ingest waits in it until
    the workers are done, so only a killed or crashed ingest ends it first)."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)


def _work(index: int) -> Extracted:
    assert _WORK is not None, "runs in a worker started by extracting"
    ns, conversations, extractor, source = _WORK
    return _extract(ns, conversations[index], extractor, source)
