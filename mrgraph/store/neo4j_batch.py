"""A round of toolkit calls on Neo4j in few round trips: the calls' reads go to the server together.

`run_calls` runs every call of a round as a greenlet of its own on the calling thread, against
a `RoundReader`, a GraphStore whose reads do not go to the server one by one: a call that reads
is switched out until every call of the round is either waiting on a read or finished; then
the waiting reads go to the server together (`Neo4jStore.read_many`: the toolkit reads in ONE
statement, read_many.cypher, an `UNWIND $calls` whose branches are the kinds' own files; a
token count or another read beside it in a statement of its own kind, in flight at the same
time), and each call gets its own answer and goes on. A call's reads that depend on earlier
ones (search weights before the search, a cue's id before its tags) take one such step each, so
a round costs as many steps as its longest chain of dependent reads, not one per read.

The answers are the one-call reads' own: the single-call methods of Neo4jStore are the one-call
case of the same `*_query` (or, for token counts and get_events, `*_many`) functions (the
contract suite checks run_calls against them).
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import greenlet

from mrgraph.store import neo4j_read as rd
from mrgraph.store import neo4j_toolkit as tk
from mrgraph.store import neo4j_turns as nt
from mrgraph.store.base import (BeliefEdge, Checkpoint, CueHit, EmbeddingCount, EventRecord,
                                FactObservation, ForgetResult, GraphStore, KeywordRecord,
                                NamespaceCount, ReadAhead, SpeakerRecord, TagCount, TimeRecord,
                                TopicHit, TurnRecord)
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
    "search_turns": nt.search_turns, "replies": nt.replies, "turns_around": nt.turns_around,
    "session_turns": nt.session_turns, "cue_events": nt.cue_events, "speakers": nt.speakers,
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
    round_ = _Round(store)
    return round_.drive(RoundReader(store, round_), calls)


class BatchStore(GraphStore, Protocol):
    """What run_calls needs of a store besides the protocol: reads answered together."""

    def read_many(self, reads: Sequence[Read]) -> list[Any]: ...


@dataclass(frozen=True)
class _Reading:
    read: Read  # what a call waiting on a read hands the hub


@dataclass(eq=False)
class _Calls:
    """Calls started together: their results and errors, and the call waiting on them."""

    results: list[Any]
    errors: list[BaseException | None]
    left: int
    waiter: greenlet.greenlet | None  # None: the round's own calls (the hub waits on them)


class _Round:
    """The calls of a round, each a greenlet on the calling thread (the hub): a call runs until
    it reads, then waits, switched out; when no call can run, the waiting reads go to the
    server together (BatchStore.read_many) and each waiting call runs on with its answer. A
    call making calls of its own (RoundReader.run_calls) waits until they have all ended, and
    they join the round meanwhile: their reads go with the others'. Switching greenlets costs
    no thread wake-up and no GIL hand-off (a thread a call cost ~10% of an ask's client CPU
    in Condition.notify and queue hand-offs: RESULTS.md@c29e350 section 43)."""

    def __init__(self, store: BatchStore) -> None:
        self.store = store
        self.hub = greenlet.getcurrent()
        self.ready: deque[tuple[greenlet.greenlet, Any]] = deque()  # a call, what it gets
        self.waiting: list[tuple[greenlet.greenlet, Read]] = []
        self.ahead: set[greenlet.greenlet] = set()  # the calls reading ahead (ReadAhead)

    def drive(self, reader: RoundReader, calls: Sequence[Callable[[GraphStore], T]]) -> list[T]:
        """The calls' results (a ReadAhead's: None). A step goes out only while one of the
        round's own calls waits on it: the reads ahead still waiting then are dropped."""
        started = self.start(reader, calls, None)
        while self.ready or self.waiting:
            while self.ready:
                call, value = self.ready.popleft()
                asked = call.switch(value)  # on until it reads, waits on its calls, or ends
                if isinstance(asked, _Reading):
                    self.waiting.append((call, asked.read))
            if not any(call not in self.ahead for call, _ in self.waiting):
                break
            self._send()
        for call in self.ahead:
            if not call.dead:  # a read ahead left waiting: unwound (GreenletExit ends it alone)
                call.throw()
        return _results(started)

    def start(self, reader: RoundReader, calls: Sequence[Callable[[GraphStore], T]],
              waiter: greenlet.greenlet | None) -> _Calls:
        started = _Calls([None] * len(calls), [None] * len(calls), len(calls), waiter)
        for n, call in enumerate(calls):
            run = functools.partial(self._run, started, n, call, reader)
            made = greenlet.greenlet(lambda _, run=run: run(), parent=self.hub)
            if isinstance(call, ReadAhead) or waiter in self.ahead:
                self.ahead.add(made)
            self.ready.append((made, None))
        return started

    def _run(self, started: _Calls, n: int, call: Callable[[GraphStore], Any],
             reader: RoundReader) -> None:
        try:
            started.results[n] = call(reader)
        except greenlet.GreenletExit:
            raise  # the round was abandoned (its hub raised): nothing to hand back
        except BaseException as exc:  # noqa: BLE001 - raised by whoever started the calls
            started.errors[n] = exc
        started.left -= 1
        if started.left == 0 and started.waiter is not None:
            self.ready.append((started.waiter, None))

    def read(self, read: Read) -> Any:
        ok, answer = self.hub.switch(_Reading(read))
        if not ok:
            raise answer
        return answer

    def run_calls(self, reader: RoundReader, calls: Sequence[Callable[[GraphStore], T]]
                  ) -> list[T]:
        """Calls a call makes at once: it waits (switched out) until they have all ended."""
        started = self.start(reader, calls, greenlet.getcurrent())
        self.hub.switch(None)
        return _results(started)

    def _send(self) -> None:
        waiting, self.waiting = self.waiting, []
        try:
            answers = self.store.read_many([read for _, read in waiting])
        except BaseException as exc:  # noqa: BLE001 - every call of the step gets it
            self.ready.extend((call, (False, exc)) for call, _ in waiting)
        else:
            self.ready.extend((call, (True, answer))
                              for (call, _), answer in zip(waiting, answers))


def _results(started: _Calls) -> list[Any]:
    for error in started.errors:
        if error is not None:
            raise error
    return started.results


class RoundReader:
    """The GraphStore a round's calls see: reads wait for the round's next step, anything else
    (writes, inspection) goes straight to the store."""

    def __init__(self, store: BatchStore, round_: _Round) -> None:
        self._store, self._round = store, round_
        self.ns = store.ns

    def _read(self, method: str, *args: Any) -> Any:
        return self._round.read((method, args))

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
        call waits until they have all ended."""
        if len(calls) <= 1:
            return [call(self) for call in calls]
        return self._round.run_calls(self, calls)

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

    def search_turns(self, weights: Mapping[str, float], limit: int,
                     speakers: Sequence[str] | None, phrases: Sequence[str],
                     said: tuple[str, str] | None = None) -> list[TurnRecord]:
        return list(self._read("search_turns", weights, limit,
                               None if speakers is None else tuple(speakers), tuple(phrases),
                               said))

    def replies(self, turn_ids: Sequence[str], ahead: int) -> dict[str, TurnRecord]:
        return dict(self._read("replies", tuple(turn_ids), ahead))

    def turns_around(self, turn_ids: Sequence[str], window: int) -> list[TurnRecord]:
        return list(self._read("turns_around", tuple(turn_ids), window))

    def session_turns(self, conversation_id: str, session: int, first: int,
                      last: int) -> list[TurnRecord]:
        return list(self._read("session_turns", conversation_id, session, first, last))

    def cue_events(self, cue_id: str, limit: int) -> list[EventRecord]:
        return list(self._read("cue_events", cue_id, limit))

    def speakers(self) -> list[SpeakerRecord]:
        return list(self._read("speakers"))

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

    def outdated_conversations(self, version: int) -> list[str]:
        return self._store.outdated_conversations(version)

    def experience_records(self, labels: Sequence[str]) -> list[NodeRecord]:
        return self._store.experience_records(labels)

    def namespaces(self) -> list[NamespaceCount]:
        return self._store.namespaces()
