"""Passive retrieval baselines, on the same store and the same unit budget as the active loop.

Retrieve-then-reason: the question alone decides what is read. Both baselines keep at most
`budget.max_evidence` episodes, read the raw turns of the best `budget.read_episodes` of them
with `budget.context_window` turns around (as the heuristic policy does), make at most
`budget.max_calls` store reads, read the session time (conversation_time) of those episodes
for temporal questions, and answer with the offline reader (mrgraph.policies.answer ->
mrgraph.reader: the answer phrase, lists, yes/no, a fitted confidence), so evidence recall
compares the retrieval and nothing else. Given an `llm`, they are retrieve-then-reason proper:
the model answers from the same evidence with the answer step the LLM policy uses
(policies.llm_answer: one call, its tokens counted), so answers compare like for like too. Every retrieval is a counted call in the trace; the
relevance of a kept episode is its question share from its own stored tokens (BM25) or from the
search's score (search_events), never from a ranking of episodes the mode did not retrieve.

  topk          top-k lexical similarity: BM25 (rank-bm25's Okapi, computed by mrgraph.bm25)
                over every episode's text, tokenised like the graph (mrgraph.text.tokenize); or `scorer="search"`: the store's own
                search_events ranking. With an embedder (ToolContext) and embedded episodes,
                the BM25 ranking is fused with store.vector_events (mrgraph.hybrid's rule).
  graph_expand  similarity seeds (search_events, half the episode budget) then N-hop expansion
                through the graph: timeline neighbours (NEXT) and cue neighbours (the episodes
                sharing a (cue, tag) with it), breadth first; the remaining budget is filled
                with the expansions closest to the seeds, most similar to the question first.
"""

from __future__ import annotations

import functools
import threading
import time
import weakref
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from mrgraph.bm25 import Bm25
from mrgraph.hybrid import ToolContext, fuse_ids
from mrgraph.llm.base import LLM
from mrgraph.policies.answer import extractive_answer
from mrgraph.policies.base import HOP, Budget, Draft, State
from mrgraph.policies.llm_answer import llm_answer, refused_step
from mrgraph.policies.turns import found
from mrgraph.store.base import GraphStore
from mrgraph.text import tokenize
from mrgraph.toolkit import Record, ToolResult, event_record, run_tool
from mrgraph.types import Answer, NodeRecord, Step

Scorer = Literal["bm25", "search"]
HOP_LIMIT = 5  # episodes fetched per (cue, tag) neighbour


@dataclass(frozen=True)
class Bm25Index:
    """BM25 over the store's episodes. `size` is the episode count it was built from."""

    ids: tuple[str, ...]
    order: tuple[tuple[str, str], ...]  # (date, id): search_events' tie-break
    bm25: Bm25 | None
    size: int

    @classmethod
    def from_store(cls, store: GraphStore) -> Bm25Index:
        """Episodes in id order, each tokenised as it streams by: no store export, no list
        of documents (mrgraph.bm25 keeps postings only)."""
        ids: list[str] = []
        order: list[tuple[str, str]] = []

        def documents() -> Iterator[list[str]]:
            for episode_id, day, text in _episode_documents(store):
                ids.append(episode_id)
                order.append((day, episode_id))
                yield tokenize(text)

        bm25 = Bm25.build(documents())
        return cls(tuple(ids), tuple(order), bm25, len(ids))

    def top(self, question: str, k: int) -> list[str]:
        """Ids of the k best-scoring episodes (score > 0; ties: date asc, id asc)."""
        tokens = tokenize(question)
        if self.bm25 is None or not tokens:
            return []
        found, scores = self.bm25.scored(tokens)
        hits = [(i, score) for i, score in zip(found.tolist(), scores.tolist()) if score > 0]
        hits.sort(key=lambda hit: (-round(hit[1], 9), self.order[hit[0]]))
        return [self.ids[i] for i, _ in hits[:k]]


@runtime_checkable
class _EpisodePages(Protocol):
    """A store that reads its episodes page by page (the embedded store)."""

    def episode_documents(self, after: str = "", limit: int = 2000
                          ) -> list[tuple[str, str, str]]: ...


def _episode_documents(store: GraphStore) -> Iterator[tuple[str, str, str]]:
    """(id, date, text or else summary) of every episode, by id."""
    if isinstance(store, _EpisodePages):
        after = ""
        while page := store.episode_documents(after):
            yield from page
            after = page[-1][0]
        return
    nodes, _ = store.export()  # sorted by id
    for n in nodes:
        if n.label == "Episode":
            yield (n.id, str(n.props.get("date", "")),
                   str(n.props.get("text") or n.props.get("summary") or ""))


_INDEXES: weakref.WeakKeyDictionary[GraphStore, Bm25Index] = weakref.WeakKeyDictionary()
_INDEX_LOCK = threading.Lock()


def bm25_index(store: GraphStore) -> Bm25Index:
    """The store's BM25 index, rebuilt when its episode count changed (ingest or forget)."""
    count, _ = store.token_df("Episode", [])
    with _INDEX_LOCK:
        index = _INDEXES.get(store)
        if index is None or index.size != count:
            index = _INDEXES[store] = Bm25Index.from_store(store)
        return index


# ------------------------------------------------------------------ shared parts


class _Run:
    """Bookkeeping of one baseline run: the state, its calls and trace."""

    def __init__(self, store: GraphStore, question: str, budget: Budget,
                 context: ToolContext | None = None, llm: LLM | None = None) -> None:
        self.store, self.budget, self.llm = store, budget, llm
        self.context = context or ToolContext()
        self.tokens = 0  # LLM tokens of the answer
        self.state = State.start(store, question, budget)
        self.started = time.perf_counter()
        self.steps: list[Step] = []

    @property
    def can_expand(self) -> bool:
        """Calls are left for expansion (the final read's are reserved)."""
        reserved = self.budget.read_episodes * (1 + self.state.temporal)
        return self.state.calls < self.budget.max_calls - reserved

    def call(self, tool: str, args: dict[str, str | int], ids: Sequence[str] = ()) -> None:
        self.state.calls += 1
        self.steps.append(Step(1, tool, dict(args), tuple(ids), tuple(ids)))

    def read_q(self, event_ids: Sequence[str]) -> None:
        """q of retrieved episodes from their own stored tokens (whole text, not summary)."""
        # at once: one step on Neo4j; one worker: store reads only, which threads would not
        # speed up, only start (embedded)
        nodes = self.store.run_calls([functools.partial(_node, e) for e in event_ids], 1)
        for event_id, node in zip(event_ids, nodes):
            if node is not None:
                tokens = str(node.props.get("tokens") or "").split()
                self.state.event_q[event_id] = self.state.q_share(tokens)

    def keep(self, record: Record, relevance: float | None = None) -> None:
        """Add an episode to the evidence (relevance: its question share unless given)."""
        if relevance is None:
            relevance = self.state.relevance(record, 0.0, set())
        self.state.evidence.events[record["id"]] = {**record, "relevance": relevance}

    def read_and_answer(self, ranked: Sequence[str]) -> Answer:
        reading = list(ranked[: self.budget.read_episodes])
        contexts: list[dict[str, str | int]] = [
            {"event_id": e, "window": self.budget.context_window} for e in reading]
        whens: list[dict[str, str | int]] = [  # as the heuristic policy reads
            {"event_id": e} for e in reading] if self.state.temporal else []
        # every read of the answer's evidence at once (on Neo4j: one step, not one per read)
        found = self.store.run_calls(
            [functools.partial(_tool, "event_context", a) for a in contexts]
            + [functools.partial(_tool, "conversation_time", a) for a in whens], 1)
        for event_id, args, result in zip(reading, contexts, found):
            self.call("event_context", args, result.ids)
            event = self.state.evidence.events[event_id]
            self.state.evidence.add_turns(result.records, str(event.get("conversation", "")),
                                          float(event["relevance"]))
        for when, times in zip(whens, found[len(contexts):]):
            self.call("conversation_time", when, times.ids)
            self.state.evidence.times.update((t["event_id"], t) for t in times.records)
        draft = self._answer()
        return Answer(answer=draft.answer, supports=draft.supports,
                      confidence=round(draft.confidence, 4), rounds=1,
                      tool_calls=self.state.calls, tokens=self.context.tokens + self.tokens,
                      latency_ms=round((time.perf_counter() - self.started) * 1000, 3),
                      trace=tuple(self.steps), evidence=self.state.evidence.dia_ids(),
                      sources=self.state.evidence.sources(draft.supports))

    def _answer(self) -> Draft:
        if self.llm is None:
            return extractive_answer(self.state)
        replied = llm_answer(self.llm, found(self.state, True), started=time.monotonic())
        self.tokens += replied.tokens
        if replied.refused:  # the reader answered instead: the trace says why
            self.steps.append(refused_step(1, replied))
        return replied.draft


def _tool(name: str, args: dict[str, str | int], store: GraphStore) -> ToolResult:
    return run_tool(store, name, args)


def _node(event_id: str, store: GraphStore) -> NodeRecord | None:
    return store.get_node(event_id)


# ------------------------------------------------------------------ top-k


def topk(store: GraphStore, question: str, budget: Budget | None = None, *,
         scorer: Scorer = "bm25", context: ToolContext | None = None,
         llm: LLM | None = None) -> Answer:
    """Passive top-k: the `max_evidence` episodes most similar to the question (with an
    embedder in `context`: BM25 fused with vector similarity, as mrgraph.hybrid fuses); with
    an `llm`, it answers from them."""
    run = _Run(store, question, budget or Budget(), context, llm)
    k = run.budget.max_evidence
    if scorer == "bm25":
        ids = bm25_index(store).top(question, k)
        run.call("bm25", {"text": question[:500], "limit": k}, ids)
        similar = [e.id for e in run.context.similar(store, question[:500], k)]
        if similar:  # no embedder or no embeddings: BM25 alone, one call, as always
            run.call("vector_events", {"text": question[:500], "limit": k}, similar)
            ids = fuse_ids(ids, similar, k)
        events: list[Record] = [event_record(e) for e in store.get_events(ids)]
        run.read_q(ids)
    else:
        args: dict[str, str | int] = {"text": question[:500], "limit": k}
        result = run_tool(store, "search_events", args, context=run.context)
        events = list(result.records)
        run.call("search_events", args, result.ids)
        run.state.note_search(question[:500], events)
    for event in events:
        run.keep(event)
    return run.read_and_answer([e["id"] for e in events])


# ------------------------------------------------------------------ seeds + N-hop


def _next_neighbours(store: GraphStore, event_id: str) -> list[str]:
    view = store.show(event_id)
    edges = [*view.in_edges, *view.out_edges]
    return [node.id for edge, node in edges if edge.type == "NEXT"]


def _cue_neighbours(run: _Run, event_id: str) -> list[Record]:
    args: dict[str, str | int] = {"event_id": event_id}
    keywords = run_tool(run.store, "event_keywords", args)
    run.call("event_keywords", args, keywords.ids)
    found: list[Record] = []
    for keyword in keywords.records:
        if not run.can_expand:
            break
        hop: dict[str, str | int] = {"cue": keyword["id"], "tag": keyword["tag"],
                                     "limit": HOP_LIMIT}
        result = run_tool(run.store, "tag_events", hop)
        run.call("tag_events", hop, result.ids)
        found.extend(result.records)
    return found


def _expand(run: _Run, event_id: str) -> list[Record]:
    """The graph neighbours of an episode, within the call budget."""
    if not run.can_expand:
        return []
    ids = _next_neighbours(run.store, event_id)
    run.call("next", {"event_id": event_id}, ids)
    neighbours = [event_record(e) for e in run.store.get_events(ids)]
    if run.can_expand:
        neighbours += _cue_neighbours(run, event_id)
    return neighbours


def graph_expand(store: GraphStore, question: str, budget: Budget | None = None, *,
                 hops: int = 2, context: ToolContext | None = None,
                 llm: LLM | None = None) -> Answer:
    """Passive graph retrieval: similarity seeds (hybrid with an embedder in `context`), then
    `hops` rounds of neighbour expansion; with an `llm`, it answers from what it kept."""
    run = _Run(store, question, budget or Budget(), context, llm)
    seed_args: dict[str, str | int] = {"text": question[:500],
                                       "limit": max(1, run.budget.max_evidence // 2)}
    seeds = run_tool(store, "search_events", seed_args, context=run.context)
    run.call("search_events", seed_args, seeds.ids)
    run.state.note_search(question[:500], seeds.records)
    for seed in seeds.records:
        run.keep(seed)
    ranked = [str(s["id"]) for s in seeds.records]
    frontier = list(ranked)
    for _ in range(hops):
        found: dict[str, tuple[float, int, Record]] = {}
        for parent in frontier:
            inherited = HOP * float(run.state.evidence.events[parent]["relevance"])
            for record in _expand(run, parent):
                if record["id"] not in run.state.evidence.events and record["id"] not in found:
                    rel = run.state.relevance(record, inherited, set())
                    found[record["id"]] = (rel, len(found), record)
        best = sorted(found.values(), key=lambda f: (-f[0], f[1]))
        room = run.budget.max_evidence - len(ranked)
        frontier = [str(r["id"]) for _, _, r in best[: max(0, room)]]
        for relevance, _, record in best[: max(0, room)]:
            run.keep(record, relevance)
        ranked += frontier
        if not frontier or not run.can_expand:
            break
    return run.read_and_answer(ranked)

