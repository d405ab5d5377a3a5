"""A round of toolkit calls on Neo4j in few round trips: the calls' reads go to the server together.

`run_calls` runs every call of a round in a thread of its own against a `RoundReader`, a
GraphStore whose reads do not go to the server one by one: a read waits at a barrier until every
call of the round is either waiting on a read or finished; then the waiting reads go to the
server together (`Neo4jStore.read_many`: the toolkit reads in ONE statement, read_many.cypher,
an `UNWIND $calls` whose branches are the kinds' own files; a token count or another read
beside it in a statement of its own kind, in flight at the same time), and each call gets its
own answer and goes on. A call's reads that depend on earlier
ones (search weights before the search, a cue's id before its tags) take one such step each, so
a round costs as many steps as its longest chain of dependent reads, not one per read.

The answers are the one-call reads' own: the single-call methods of Neo4jStore are the one-call
case of the same `*_query` (or, for token counts and get_events, `*_many`) functions (the
contract suite checks run_calls against them).
"""

from __future__ import annotations

import functools
import os
import queue
import threading
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from mrgraph.store import neo4j_read as rd
from mrgraph.store import neo4j_toolkit as tk
from mrgraph.store.base import (BeliefEdge, Checkpoint, CueHit, EmbeddingCount, EventRecord,
                                FactObservation, ForgetResult, GraphStore, KeywordRecord,
                                TagCount, TimeRecord, TopicHit, TurnRecord)
from mrgraph.store.neo4j_read import Runner
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord, NodeView, Stats, WriteResult

T = TypeVar("T")
Read = tuple[str, tuple[Any, ...]]  # a store read method's name and its positional arguments
Many = Callable[[Runner, str, Sequence[Any]], Sequence[Any]]

# The reads a round batches. A step's reads of STEP kinds go in one statement (their queries'
# requests together, neo4j_read.run_step); a kind of MANY, or of SINGLE one by one, in one of
# its own, beside it.
STEP: Mapping[str, Callable[[Sequence[Any]], rd.Query[Sequence[Any]]]] = {
    "entity_beliefs": rd.entity_beliefs_query, "search_cues": tk.search_cues_query,
    "find_cues": tk.find_cues_query, "cue_tags": tk.cue_tags_query,
    "tag_events": tk.tag_events_query, "event_keywords": tk.event_keywords_query,
    "event_context": tk.event_context_query, "conversation_time": tk.conversation_time_query,
    "search_topics": tk.search_topics_query, "topic_events": tk.topic_events_query,
    "timeline": tk.timeline_query, "search_events": tk.search_events_query,
}
MANY: Mapping[str, Many] = {"token_df": rd.token_df_many, "get_events": tk.get_events_many}
SINGLE: Mapping[str, Callable[..., Any]] = {
    "vector_events": tk.vector_events, "embedding_models": tk.embedding_models,
    "get_node": rd.get_node, "fact_observations": rd.fact_observations,
}


def read_many(tx: Runner, ns: str, reads: Sequence[Read]) -> list[Any]:
    """The answers of `reads`, in their order: the reads of STEP kinds in one statement, those
    of another kind in one of that kind."""
    by_kind: dict[str, list[int]] = {}
    for n, (method, _) in enumerate(reads):
        by_kind.setdefault(method, []).append(n)
    answers: list[Any] = [None] * len(reads)
    step = [(positions, STEP[method]([reads[n][1] for n in positions]))
            for method, positions in by_kind.items() if method in STEP]
    found = rd.run_step(tx, ns, [query for _, query in step])
    for (positions, _), got in zip(step, found):
        for n, answer in zip(positions, got):
            answers[n] = answer
    for method, positions in by_kind.items():
        if method in STEP:
            continue
        asked = [reads[n][1] for n in positions]
        many = MANY.get(method)
        got = many(tx, ns, asked) if many else [SINGLE[method](tx, ns, *a) for a in asked]
        for n, answer in zip(positions, got):
            answers[n] = answer
    return answers


def statements(reads: Sequence[Read]) -> list[list[int]]:
    """The positions of `reads` grouped by the statement that answers them (read_many): one
    group for the reads of STEP kinds, one per other kind of read (token_df's labels too:
    token_df_many asks them in one)."""
    groups: dict[str, list[int]] = {}
    for n, (method, _) in enumerate(reads):
        groups.setdefault("" if method in STEP else method, []).append(n)
    return list(groups.values())


def run_calls(store: BatchStore, calls: Sequence[Callable[[GraphStore], T]]) -> list[T]:
    """Run the calls of a round together (see the module doc); their results in call order.
    An exception a call raises is raised here, the first in call order, once all have ended."""
    if len(calls) == 1:
        return [calls[0](store)]
    barrier = _Barrier(store, len(calls))
    reader = RoundReader(store, barrier)
    results: list[Any] = [None] * len(calls)
    errors: list[BaseException | None] = [None] * len(calls)

    def work(n: int) -> None:
        try:
            results[n] = calls[n](reader)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller below
            errors[n] = exc
        finally:
            barrier.finished()

    _join(work, len(calls))
    for error in errors:
        if error is not None:
            raise error
    return results


def _join(work: Callable[[int], None], count: int) -> None:
    """work(0) ... work(count - 1) at once, the last on this thread (one hand-off and one
    wake-up less a round), the others each on a thread of its own; returns when all ended.
    `work` must not raise."""
    ended = threading.Semaphore(0)

    def job(n: int) -> None:
        try:
            work(n)
        finally:
            ended.release()

    for n in range(count - 1):
        _WORKERS.start(functools.partial(job, n))
    if count:
        work(count - 1)
    for _ in range(count - 1):
        ended.acquire()


class _Workers:
    """Threads for the calls of rounds, kept between rounds: starting a thread per call was ~8%
    of an ask's client CPU on Neo4j (benchmarks/RESULTS.md section 21). A call may wait at its
    round's barrier until every other call of the round waits too, so a call never queues for
    a thread: an idle thread takes it, else a new one starts."""

    IDLE_MAX = 64  # idle threads kept; more end

    def __init__(self) -> None:
        self._idle: list[queue.SimpleQueue[Callable[[], None]]] = []
        self._lock = threading.Lock()

    def start(self, job: Callable[[], None]) -> None:
        with self._lock:
            inbox = self._idle.pop() if self._idle else None
        if inbox is None:
            inbox = queue.SimpleQueue()
            threading.Thread(target=self._serve, args=(inbox,), daemon=True,
                             name="mrgraph-round-call").start()
        inbox.put(job)

    def _serve(self, inbox: queue.SimpleQueue[Callable[[], None]]) -> None:
        while True:
            inbox.get()()
            with self._lock:
                if len(self._idle) >= self.IDLE_MAX:
                    return
                self._idle.append(inbox)

    def forget_threads(self) -> None:
        """In a forked child the parent's threads do not exist: never hand them work."""
        self._idle = []
        self._lock = threading.Lock()


_WORKERS = _Workers()
os.register_at_fork(after_in_child=_WORKERS.forget_threads)


class BatchStore(GraphStore, Protocol):
    """What run_calls needs of a store besides the protocol: reads answered together."""

    def read_many(self, reads: Sequence[Read]) -> list[Any]: ...


@dataclass(eq=False)
class _Pending:
    read: Read
    done: bool = False
    answer: Any = None
    error: BaseException | None = None


@dataclass(eq=False)
class _Fork:
    left: int  # forked calls not yet ended


@dataclass(eq=False)
class _Barrier:
    """Holds reads until every unfinished call waits on one, then sends them all at once."""

    store: BatchStore
    running: int  # calls neither finished nor waiting on a read
    queue: list[_Pending] = field(default_factory=list)
    cv: threading.Condition = field(default_factory=threading.Condition)

    def read(self, read: Read) -> Any:
        pending = _Pending(read)
        with self.cv:
            self.queue.append(pending)
            self.running -= 1
            self._flush_if_all_wait()
            while not pending.done:
                self.cv.wait()
        if pending.error is not None:
            raise pending.error
        return pending.answer

    def fork(self, count: int) -> _Fork:
        """A running call hands its place to `count` calls of its own."""
        with self.cv:
            self.running += count - 1
        return _Fork(count)

    def fork_finished(self, fork: _Fork) -> None:
        """A forked call ended. The last one to end hands the place back to the call that
        forked them, which runs on: were the place left empty until that call noticed, the
        other calls' waiting reads would go out as a step of their own without the reads
        that call is about to make (one step more: search_events' search apart from
        search_cues' in most first rounds)."""
        with self.cv:
            fork.left -= 1
            if fork.left > 0:
                self.running -= 1
                self._flush_if_all_wait()

    def finished(self) -> None:
        with self.cv:
            self.running -= 1
            self._flush_if_all_wait()

    def _flush_if_all_wait(self) -> None:
        """Under the lock, by the last call to stop running: the others are all waiting."""
        if self.running > 0 or not self.queue:
            return
        queue, self.queue = self.queue, []
        try:
            answers = self.store.read_many([p.read for p in queue])
            for pending, answer in zip(queue, answers):
                pending.answer = answer
        except BaseException as exc:  # noqa: BLE001 - every call of the step gets it
            for pending in queue:
                pending.error = exc
        for pending in queue:
            pending.done = True
        self.running += len(queue)
        self.cv.notify_all()


class RoundReader:
    """The GraphStore a round's calls see: reads wait at the barrier, anything else (writes,
    inspection) goes straight to the store."""

    def __init__(self, store: BatchStore, barrier: _Barrier) -> None:
        self._store, self._barrier = store, barrier
        self.ns = store.ns

    def _read(self, method: str, *args: Any) -> Any:
        return self._barrier.read((method, args))

    @property
    def uri(self) -> str:
        return self._store.uri

    @property
    def ingest_batch_size(self) -> int | None:
        return self._store.ingest_batch_size

    @property
    def prefetches(self) -> bool:
        return False  # a round's calls read what they need; the loop reads ahead, not they

    def close(self) -> None:
        self._store.close()

    def run_calls(self, calls: Sequence[Callable[[GraphStore], T]], workers: int) -> list[T]:
        """Calls a call makes at once (e.g. one token count per label) join the round: the
        calling thread hands its place at the barrier to them until they have all ended."""
        if len(calls) <= 1:
            return [call(self) for call in calls]
        results: list[Any] = [None] * len(calls)
        errors: list[BaseException | None] = [None] * len(calls)
        fork = self._barrier.fork(len(calls))

        def work(n: int) -> None:
            try:
                results[n] = calls[n](self)
            except BaseException as exc:  # noqa: BLE001 - raised below
                errors[n] = exc
            finally:
                self._barrier.fork_finished(fork)

        _join(work, len(calls))
        for error in errors:
            if error is not None:
                raise error
        return results

    # -------------------------------------------------------------- batched reads

    def token_df(self, label: str, tokens: Sequence[str]) -> tuple[int, Mapping[str, int]]:
        answer: tuple[int, Mapping[str, int]] = self._read("token_df", label, tuple(tokens))
        return answer

    def search_cues(self, weights: Mapping[str, float], limit: int) -> list[CueHit]:
        return list(self._read("search_cues", weights, limit))

    def find_cues(self, key: str) -> list[CueHit]:
        return list(self._read("find_cues", key))

    def cue_tags(self, cue_id: str, limit: int) -> list[TagCount]:
        return list(self._read("cue_tags", cue_id, limit))

    def tag_events(self, cue_id: str, tag: str, limit: int) -> list[EventRecord]:
        return list(self._read("tag_events", cue_id, tag, limit))

    def event_keywords(self, event_id: str) -> list[KeywordRecord]:
        return list(self._read("event_keywords", event_id))

    def event_context(self, event_id: str, window: int) -> list[TurnRecord]:
        return list(self._read("event_context", event_id, window))

    def conversation_time(self, event_id: str) -> TimeRecord | None:
        answer: TimeRecord | None = self._read("conversation_time", event_id)
        return answer

    def entity_beliefs(self, entity: str, aspect: str | None) -> list[BeliefEdge]:
        return list(self._read("entity_beliefs", entity, aspect))

    def search_topics(self, weights: Mapping[str, float], limit: int) -> list[TopicHit]:
        return list(self._read("search_topics", weights, limit))

    def topic_events(self, topic_id: str, limit: int) -> list[EventRecord]:
        return list(self._read("topic_events", topic_id, limit))

    def timeline(self, start: str, end: str, cue_id: str | None, limit: int) -> list[EventRecord]:
        return list(self._read("timeline", start, end, cue_id, limit))

    def search_events(self, weights: Mapping[str, float], limit: int) -> list[EventRecord]:
        return list(self._read("search_events", weights, limit))

    def vector_events(self, vector: Sequence[float], model: str,
                      limit: int) -> list[EventRecord]:
        return list(self._read("vector_events", tuple(vector), model, limit))

    def embedding_models(self) -> list[EmbeddingCount]:
        return list(self._read("embedding_models"))

    def get_events(self, event_ids: Sequence[str]) -> list[EventRecord]:
        return list(self._read("get_events", tuple(event_ids)))

    def get_node(self, node_id: str) -> NodeRecord | None:
        answer: NodeRecord | None = self._read("get_node", node_id)
        return answer

    def fact_observations(self, entities: Sequence[str]) -> list[FactObservation]:
        return list(self._read("fact_observations", tuple(entities)))

    # -------------------------------------------------------------- straight to the store

    def writing(self) -> AbstractContextManager[None]:
        return self._store.writing()

    def write_batch(self, batch: GraphBatch) -> WriteResult:
        return self._store.write_batch(batch)

    def forget_conversation(self, conversation_id: str) -> ForgetResult:
        return self._store.forget_conversation(conversation_id)

    def checkpoint(self, key: str) -> Checkpoint | None:
        return self._store.checkpoint(key)

    def save_checkpoint(self, checkpoint: Checkpoint) -> None:
        self._store.save_checkpoint(checkpoint)

    def drop_checkpoint(self, key: str) -> None:
        self._store.drop_checkpoint(key)

    def replace_beliefs(self, entities: Sequence[str], beliefs: Sequence[BeliefEdge]) -> None:
        self._store.replace_beliefs(entities, beliefs)

    def stats(self) -> Stats:
        return self._store.stats()

    def show(self, node_id: str) -> NodeView:
        return self._store.show(node_id)

    def export(self) -> tuple[list[NodeRecord], list[EdgeRecord]]:
        return self._store.export()

    def conversations(self) -> list[str]:
        return self._store.conversations()

    def experience_records(self, labels: Sequence[str]) -> list[NodeRecord]:
        return self._store.experience_records(labels)
