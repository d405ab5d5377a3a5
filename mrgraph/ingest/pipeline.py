"""Ingest: load -> extract -> build -> (embed) -> write, all-or-nothing per file, then re-derive beliefs.

A bad file leaves the store untouched. How the writes commit depends on the store
(GraphStore.ingest_batch_size; mrgraph.ingest.plan cuts the writes into write batches):

* None (embedded): the whole file is one `store.writing()` unit, one atomic save; an interrupted
  or failed ingest leaves the previous store as it was. Without an embedder, each
  conversation's batch is checked and written as soon as it is extracted (while worker
  processes extract the next: mrgraph.ingest.parallel; in the order they finish, with the graph
  file order gives: mrgraph.ingest.reorder), inside that one unit (begun once the first
  conversation is extracted, or at once when workers extract), so an error in any conversation
  rolls back the writes of those before it (a store this ingest created stays, empty).
* With an embedder, and on Neo4j, everything that can fail on bad input (loading, extraction,
  building, embedding, the limits) runs before the first write.
* a number (Neo4j): the file is written in batches of at most that many records, each committed
  in its own transaction together with a Checkpoint (the plan's key, batches done, conversations
  touched, entities whose facts a forget removed). A conversation already in the store is
  forgotten (replace, not merge) in the transaction of its first batch only. The last
  transaction re-derives the beliefs and drops the checkpoint. Run again after an interruption,
  the same command plans the same batches, finds their checkpoint and skips the committed ones,
  ending with the graph an uninterrupted run gives; a changed file (or extractor, format,
  embedder) plans other batches, whose key has no checkpoint, and starts from the first. Reads in
  between see the committed batches, and no data is committed without the checkpoint recording
  it.
"""

from __future__ import annotations

import gc
import threading
import time
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, replace
from itertools import chain
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from mrgraph import beliefs
from mrgraph.errors import DiskFullError, MrGraphError
from mrgraph.ingest.embed import EpisodeEmbedder
from mrgraph.ingest.extract import Extractor
from mrgraph.ingest.loaders import load
from mrgraph.ingest.parallel import Extracted, extracting, plan_workers
from mrgraph.ingest.plan import Part, WriteBatch, plan_batches, plan_key
from mrgraph.ingest.reorder import Reorder
from mrgraph.limits import check_batch
from mrgraph.store.disk import PER_TURN_BYTES
from mrgraph.store.base import (BeliefEdge, Checkpoint, EmbeddingCount, FactObservation,
                                ForgetResult, GraphStore)
from mrgraph.store.embedded import count_models, model_label
from mrgraph.types import Conversation, GraphBatch

Progress = Callable[[str, int], None]  # (conversation id, turns done) after each conversation
BatchDone = Callable[[int, int], None]  # (write batches written, in all) after each of them


@dataclass(frozen=True)
class IngestReport:
    path: str
    conversations: tuple[str, ...]
    turns: int
    nodes: int
    edges: int
    tokens: int
    seconds: float
    skipped: tuple[str, ...] = ()  # sessions an LLM extractor could not do; re-run to retry
    batches: int = 1  # write batches the file was planned in (Neo4j: one transaction each)
    resumed: int = 0  # of those, committed by an interrupted earlier run and skipped now
    embedding_model: str | None = None  # the embedder's name, when the ingest had one
    embeddings: tuple[EmbeddingCount, ...] = ()  # the namespace's, after it (with an embedder)
    # what the namespace's graph holds after the write (nodes/edges above count the records
    # written: records merged into existing nodes or replaced by a re-ingest differ from it)
    graph_nodes: int = 0
    graph_edges: int = 0
    workers: int = 1  # processes that extracted the file (mrgraph.ingest.parallel)

    @property
    def embedded(self) -> int:
        """Episodes of the namespace embedded with this ingest's model: what a question
        embedded with it searches by meaning."""
        return sum(c.episodes for c in self.embeddings if c.model == self.embedding_model)

    @property
    def other_embeddings(self) -> tuple[EmbeddingCount, ...]:
        """Episodes of the namespace embedded with other models, which such a question skips
        (vectors of two models are never compared): re-ingesting them with this embedder
        brings them back."""
        return tuple(c for c in self.embeddings if c.model != self.embedding_model)

    @property
    def embedding_note(self) -> str | None:
        """What to tell the user when other models embedded episodes of the namespace."""
        others = self.other_embeddings
        if self.embedding_model is None or not others:
            return None
        return (f"in this namespace {count_models(others)}; questions embedded with "
                f"{model_label(self.embedding_model)} search only the {self.embedded} embedded "
                "with it: re-ingest the others with --embedder to include them")


def ingest_file(store: GraphStore, path: str | Path, extractor: Extractor, *, fmt: str = "auto",
                max_bytes: int | None = None, progress: Progress | None = None,
                embedder: EpisodeEmbedder | None = None,
                on_batch: BatchDone | None = None, workers: int = 0,
                name: str | None = None) -> IngestReport:
    """Ingest one transcript file; nothing is written unless all of it is good. With an
    `embedder`, every episode also gets its embedding (mrgraph.ingest.embed), before any write.
    `on_batch` is called after each write batch is written (on Neo4j: committed); what it
    raises stops the ingest there (on Neo4j the committed batches stay and a re-run resumes
    after them; embedded, nothing is saved). `workers`: processes extracting the file's
    conversations, 0 for one per core (a ceiling: mrgraph.ingest.parallel.plan_workers); the
    graph is the same whatever the number. `name`: the transcript's name when `path` is a
    temporary copy (a server's upload, whose file name says nothing): see `renamed`.
    Called on the main thread for an offline ingest, it pauses the cyclic garbage collector of
    the whole process while it runs, other threads' included (`_collector_paused`)."""
    offline = embedder is None and getattr(extractor, "forkable", False)
    with _collector_paused() if offline else nullcontext():
        return _ingest_file(store, path, extractor, fmt, max_bytes, progress, embedder,
                            on_batch, workers, name)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while an offline ingest (no network client making
    cycles over a long run) builds its records on the main thread: they hold next to no cycles
    (188 objects left after 80k turns), and the collector's passes over the growing heap took
    13% of the CPU time of a long session; reference counting frees everything as usual. Off
    the main thread (a server) other threads' cycles need it."""
    if threading.current_thread() is not threading.main_thread() or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _ingest_file(store: GraphStore, path: str | Path, extractor: Extractor, fmt: str,
                 max_bytes: int | None, progress: Progress | None,
                 embedder: EpisodeEmbedder | None, on_batch: BatchDone | None,
                 workers: int, name: str | None) -> IngestReport:
    start = time.perf_counter()
    conversations = load(path, fmt, max_bytes=max_bytes)
    if name is not None:
        conversations = renamed(conversations, Path(path), name)
    used = plan_workers(workers, conversations, extractor)
    streamed = embedder is None and store.ingest_batch_size is None
    # streamed, each batch is checked where it is built (a failure counts as its conversation's)
    turns = sum(c.turn_count for c in conversations)
    try:
        with extracting(store.ns, conversations, extractor, used,
                        str(path) if streamed else None) as extracted:
            reported = _reported(conversations, extracted, progress)
            if streamed:
                state, tokens = _stream(store, reported, conversations, on_batch, used > 1)
            else:
                found = dict(reported)
                state, tokens = _in_batches(store, [found[i] for i in range(len(found))],
                                            str(path), embedder, on_batch)
    except DiskFullError as exc:  # the store saw the batches written so far: the file's need
        raise DiskFullError(max(exc.needed or 0, turns * PER_TURN_BYTES)) from None
    skipped = tuple(f"{f.conversation_id} session {f.session_number}: {f.error}"
                    for f in getattr(extractor, "last_failures", ()))
    model = embedder.embedder.name if embedder is not None else None
    embeddings = tuple(store.embedding_models()) if embedder is not None else ()
    held = store.stats()
    return IngestReport(str(path), tuple(c.id for c in conversations), turns, state.nodes,
                        state.edges, tokens, time.perf_counter() - start, skipped,
                        state.total, state.resumed, model, embeddings,
                        sum(held.nodes.values()), sum(held.edges.values()), used)


def renamed(conversations: Sequence[Conversation], path: Path, name: str
            ) -> list[Conversation]:
    """The conversations of a temporary copy as if its file were called `name` + its suffix:
    that is their source, and their id where the file's stem gave it (text, JSONL without a
    conversation field); an id the transcript states itself is kept."""
    return [replace(c, id=name if c.id == path.stem else c.id, source=name + path.suffix)
            for c in conversations]


def _reported(conversations: Sequence[Conversation], extracted: Iterable[tuple[int, Extracted]],
              progress: Progress | None) -> Iterator[tuple[int, Extracted]]:
    """`extracted`, telling `progress` of each conversation in file order, as soon as it and
    every conversation before it have come."""
    came: set[int] = set()
    told = 0
    for index, found in extracted:
        came.add(index)
        while told in came and progress is not None:
            progress(conversations[told].id, conversations[told].turn_count)
            told += 1
        yield index, found


def _stream(store: GraphStore, extracted: Iterable[tuple[int, Extracted]],
            conversations: Sequence[Conversation], on_batch: BatchDone | None, early: bool
            ) -> tuple[_State, int]:
    """A store that saves a whole file at once (embedded): each conversation's batch (checked
    by `extracting`) is written as soon as it is extracted, while workers extract the next
    ones, in whatever order they finish (mrgraph.ingest.reorder: the graph is that of file
    order), all in the file's one write unit, so a bad conversation anywhere rolls back
    everything written before it."""
    state, tokens = _State(len(conversations)), 0
    entities: set[str] = set()
    forgotten: set[str] = set()
    pending = iter(extracted)
    # Extracting here, the unit begins once the first conversation is extracted and checked: a
    # file failing there (most files hold one conversation) does not even create the store.
    # Workers extracting, it begins at once, while this process would wait for them anyway
    # (creating the store file takes tens of ms of disk syncs).
    first = None if early else next(pending, None)
    with store.writing():
        order = Reorder(free=_new(store, conversations))
        for index, found in chain([first] if first is not None else [], pending):
            tokens += found.tokens
            for at, batch in order.arrive(index, found.batch):
                forgotten |= _write_batch(store, (Part(batch, True),), state)
                for fix in order.written(at, batch):
                    store.write_batch(fix)
                entities.update(fact_entities([batch]))
                state.done += 1
                if on_batch is not None:
                    on_batch(state.done, state.total)
        refresh_beliefs(store, sorted(entities | forgotten))
    return state, tokens


def _new(store: GraphStore, conversations: Sequence[Conversation]) -> bool:
    """None of the conversations is in the store, and their ids are distinct."""
    ids = {c.id for c in conversations}
    return len(ids) == len(conversations) and ids.isdisjoint(store.conversations())


def _in_batches(store: GraphStore, extracted: Sequence[Extracted], source: str,
                embedder: EpisodeEmbedder | None, on_batch: BatchDone | None
                ) -> tuple[_State, int]:
    """The whole file extracted (and embedded) and checked, then planned in write batches and
    written (on Neo4j each batch is a transaction with its checkpoint)."""
    batches = [e.batch for e in extracted]
    tokens = sum(e.tokens for e in extracted)
    if embedder is not None:
        batches, spent = embedder.embed_batches(batches)
        tokens += spent
    for batch in batches:  # what a store cannot hold fails here, before the first write
        check_batch(batch, source)
    planned = plan_batches(batches, store.ingest_batch_size)
    state = _State(len(planned))
    checkpointed = store.ingest_batch_size is not None
    try:
        with nullcontext() if checkpointed else store.writing():  # embedded: one save
            key = plan_key(store.ns, planned) if checkpointed else ""
            _write_batches(store, planned, key, source, fact_entities(batches), state, on_batch)
    except (MrGraphError, KeyboardInterrupt) as exc:
        if checkpointed and (state.done > 0 or state.inside):
            raise _resumable(exc, source, state) from exc
        raise
    return state, tokens


@dataclass
class _State:
    """How far the writes of one file got (what an error reports)."""

    total: int
    done: int = 0  # write batches known to be committed, by this run or an earlier one
    resumed: int = 0
    inside: bool = False  # in a batch's write unit: a failure as it commits leaves it unknown
    nodes: int = 0
    edges: int = 0


def _write_batches(store: GraphStore, planned: Sequence[WriteBatch], key: str, source: str,
                   entities: Sequence[str], state: _State, on_batch: BatchDone | None) -> None:
    """Each write batch in a write unit of its own with the checkpoint counting it (a no-op on
    a store that keeps none), skipping those an earlier run's checkpoint counts; then, in a
    last unit, the beliefs and the checkpoint's removal."""
    found = store.checkpoint(key) if key else None
    conversations = list(found.conversations) if found else []
    forgotten = set(found.entities) if found else set()
    state.done = state.resumed = min(found.done, len(planned)) if found else 0
    while state.done < len(planned):
        batch = planned[state.done]
        with store.writing():
            state.inside = True
            forgotten |= _write_batch(store, batch, state)
            conversations += [cid for cid in dict.fromkeys(p.batch.conversation_id for p in batch)
                              if cid not in conversations]
            store.save_checkpoint(Checkpoint(key, state.done + 1, len(planned),
                                             tuple(conversations), tuple(sorted(forgotten)),
                                             source))
        state.done, state.inside = state.done + 1, False
        if on_batch is not None:
            on_batch(state.done, len(planned))
    with store.writing():
        refresh_beliefs(store, sorted(set(entities) | forgotten))
        store.drop_checkpoint(key)


def _write_batch(store: GraphStore, batch: WriteBatch, state: _State) -> set[str]:
    """Write the batch's parts; returns the entities whose facts the forgets removed."""
    firsts = any(part.first for part in batch)
    existing = set(store.conversations()) if firsts else set()
    forgotten: set[str] = set()
    for part in batch:
        cid = part.batch.conversation_id
        if part.first and cid in existing:
            # replace, not merge: a re-extraction may yield fewer episodes than before
            forgotten.update(store.forget_conversation(cid).entities)
        result = store.write_batch(part.batch)
        state.nodes, state.edges = state.nodes + result.nodes, state.edges + result.edges
    return forgotten


def _resumable(exc: BaseException, source: str, state: _State) -> BaseException:
    """The same kind of error, saying how far the ingest got and that a re-run resumes."""
    done, total = state.done, state.total
    if done == total:
        note = (f"{source}: {total} of {total} write batches are committed but not the belief "
                "update; run the same command again to finish")
    elif state.inside:  # e.g. Ctrl-C or a lost connection while the server was committing
        note = (f"{source}: {done} of {total} write batches are committed (batch {done + 1} "
                "too if the failure came as it committed); run the same command again to "
                "resume after the committed ones")
    else:
        note = (f"{source}: {done} of {total} write batches are committed; run the same "
                f"command again to resume from batch {done + 1}")
    return type(exc)(f"{exc}; {note}" if str(exc) else note)


def fact_entities(batches: Sequence[GraphBatch]) -> list[str]:
    """Entity names with facts in these batches: the beliefs this ingest can change."""
    return sorted({str(n.props["entity"]) for b in batches for n in b.nodes if n.label == "Fact"})


def forget_conversation(store: GraphStore, conversation_id: str) -> ForgetResult:
    """Remove a conversation and what only it produced, then re-derive the beliefs it touched."""
    with store.writing():
        result = store.forget_conversation(conversation_id)
        refresh_beliefs(store, result.entities)
    return result


def refresh_beliefs(store: GraphStore, entities: Sequence[str]) -> int:
    """Recompute the BELIEF edges of `entities` from all their stored evidence, in date order."""
    if not entities:
        return 0
    observations = store.fact_observations(entities)
    states = beliefs.apply_observations([_observation(o) for o in observations])
    edges = [_belief_edge(s) for s in states]
    store.replace_beliefs(entities, edges)
    return len(edges)


def _observation(o: FactObservation) -> beliefs.Observation:
    return beliefs.Observation(
        entity=o.entity, aspect=o.aspect, statement=o.statement, fact_id=o.fact_id, date=o.date,
        episode_id=o.episode_id, confidence=o.confidence, negated=o.negated,
        contradicts=o.contradicts,
    )


def _belief_edge(state: beliefs.BeliefState) -> BeliefEdge:
    # dia_ids are filled by the store at read time from the provenance episodes' turns
    return BeliefEdge(
        entity=state.entity, aspect=state.aspect, fact_id=state.fact_id,
        statement=state.statement, confidence=state.confidence, support=state.support,
        first_seen=state.first_seen, last_seen=state.last_seen, status=state.status,
        history=beliefs.history_to_json(state.history),
        episode_ids=tuple(sorted(set(state.provenance))), dia_ids=(),
    )
