"""The GraphStore protocol: what every backend (embedded SQLite, Neo4j) implements, with identical results.

A store is opened for one namespace (`ns`) and every read and write is scoped to it.

Graph model (docs/graph-model.md has the full table):
  (:Conversation)-[:HAS_SESSION]->(:Session)-[:HAS_TURN]->(:Turn)
  (:Session)-[:HAS_EPISODE]->(:Episode)-[:FROM_TURN]->(:Turn);  (:Episode)-[:NEXT]->(:Episode)
  (:Cue)-[:CUE_OF {tag}]->(:Episode);  (:Cue)-[:HAS_TAG]->(:Tag)-[:TAGS]->(:Episode)
  (:Cue)-[:BELIEF {aspect, confidence, support, first_seen, last_seen, status, history}]->(:Fact)
  (:Fact)-[:FROM_EPISODE {date, confidence, negated, contradicts}]->(:Episode)
  (:Topic)-[:GROUPS]->(:Episode);  (:Turn)-[:MENTIONS_DATE]->(:DateMention)
Between two nodes there is at most one edge of each type, so (src, type, dst) identifies an edge.

Records: NodeRecord.props / EdgeRecord.props hold every stored property except the node's `id`
(so `ns` is included), list values as tuples. Reads given an id that does not exist (or is not of
the expected label) return [] or None; only show() and forget_conversation() raise NotFoundError.

Ranking rules shared by every backend (ties are always broken the same way so results are
identical across stores):
  * token match score = round(sum of the given weights of the query tokens the node holds, 6);
    nodes holding none of the tokens are not returned.
  * order: score descending, then the documented secondary keys.
  * vector score = round(exact cosine, 6) over episodes with an `embedding` made by the query's
    model (`embedding_model`): vectors of two models are never compared (vector_events).

The records live in `mrgraph.store.records` (re-exported here), what both stores check and
scrub in a batch before writing it in `mrgraph.store.batch_checks`.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Callable, Generic, Mapping, Protocol, Sequence, TypeVar

from mrgraph.store.records import (BeliefEdge, Checkpoint, CueHit, EmbeddingCount, EventRecord,
                                   FactObservation, ForgetResult, KeywordRecord, NamespaceCount,
                                   SpeakerRecord, TagCount, TimeRecord, TopicHit, TurnRecord,
                                   date_values, window_range)
from mrgraph.types import EdgeRecord, GraphBatch, NodeRecord, NodeView, Stats, WriteResult

# The records live in mrgraph.store.records; callers may take them from here, with the protocol.
__all__ = ["BeliefEdge", "Checkpoint", "CueHit", "EmbeddingCount", "EventRecord",
           "FactObservation", "ForgetResult", "GraphStore", "KeywordRecord", "NamespaceCount",
           "ReadAhead", "SpeakerRecord", "TagCount", "TimeRecord", "TopicHit", "TurnRecord",
           "date_values", "run_each", "window_range"]

T = TypeVar("T")


# ------------------------------------------------------------------ the protocol


class GraphStore(Protocol):
    ns: str

    @property
    def uri(self) -> str:
        """Where the store lives, without secrets."""

    def close(self) -> None: ...

    @property
    def ingest_batch_size(self) -> int | None:
        """None: an ingest writes a whole file in one `writing()` unit (embedded). A number:
        an ingest commits write batches of at most that many records (nodes + edges), each in
        a unit of its own with a checkpoint (Neo4j), so a huge file is not one huge transaction
        and an interrupted ingest resumes after its last committed batch
        (mrgraph.ingest.pipeline)."""

    @property
    def prefetches(self) -> bool:
        """True when each step of reads costs a round trip and a few more reads in a step
        cost little (Neo4j): the loop then reads what the policy expects to read next beside a
        round's own calls (reconstruct, PolicyRun.prefetch). False embedded: there a read
        costs microseconds and a read ahead only adds them."""

    # -------------------------------------------------------------- writes

    def writing(self) -> AbstractContextManager[None]:
        """A write unit: everything written inside lands together or not at all.

        Embedded: takes the exclusive lock (StoreLockedError if another writer holds it) and
        runs one SQLite transaction, committed on a clean exit. Neo4j: groups the writes in one transaction."""

    def write_batch(self, batch: GraphBatch) -> WriteResult:
        """Merge nodes by id and edges by (src, type, dst); properties are merged like Cypher's
        `SET x += props`: given keys overwritten, a None value removes the key, others kept.
        Idempotent: writing the same batch twice leaves the same graph. An edge whose endpoint is
        neither in the batch nor in the store: StoreError, and nothing of the batch is written."""

    def forget_conversation(self, conversation_id: str) -> ForgetResult:
        """Remove the conversation, its sessions, turns, episodes, and everything derived only
        from it: topics, facts with no remaining FROM_EPISODE, cues with no remaining CUE_OF or
        BELIEF, tags with no remaining TAGS, HAS_TAG edges no longer backed by an episode.
        NotFoundError if the conversation does not exist.
        Precisely: the Conversation nodes with this conversation_id, their HAS_SESSION sessions and
        those sessions' HAS_TURN / HAS_EPISODE nodes are deleted; then, among the nodes that had
        an edge to a deleted episode (and the cues with BELIEF edges to facts so touched): topics
        without GROUPS, then facts without FROM_EPISODE, then cues without CUE_OF and BELIEF;
        the touched cues' HAS_TAG (c)->(g) with no (c)-[:CUE_OF]->(e)<-[:TAGS]-(g); then the
        touched tags without TAGS. `entities`: the sorted distinct `entity` of the touched facts.
        nodes_removed / edges_removed count every node and relationship deleted.
        A checkpoint recording the conversation (an interrupted ingest wrote part of it) stops
        counting it: done = 0, as the batches it counted are gone and its ingest must not skip
        them when run again; the entities it still owed a belief update are added to
        `entities`; a checkpoint then recording no conversation is removed."""

    def checkpoint(self, key: str) -> Checkpoint | None:
        """The checkpoint of the ingest `key` an interrupted run left, else None (always None
        on a store whose ingest_batch_size is None)."""

    def save_checkpoint(self, checkpoint: Checkpoint) -> None:
        """Create or replace the checkpoint of `checkpoint.key`; meant to run in the write unit
        of the batch it counts, so the data and the record of it commit together. A store that
        keeps no checkpoints ignores it."""

    def drop_checkpoint(self, key: str) -> None:
        """Remove the checkpoint `key` (if any): its ingest is complete."""

    def fact_observations(self, entities: Sequence[str]) -> list[FactObservation]:
        """Every (Fact, Episode) evidence pair whose fact is about one of `entities` (cue names),
        ordered by (date, episode_id, fact_id). A fact is about e when its `entity` property equals
        e exactly; `date` is the FROM_EPISODE edge's date (else the episode's)."""

    def replace_beliefs(self, entities: Sequence[str], beliefs: Sequence[BeliefEdge]) -> None:
        """Delete the BELIEF edges of `entities` and write `beliefs` (entity cue -> Fact).
        Cues are found by key (normalize_key of the name). An edge stores aspect, statement,
        confidence, support, first_seen, last_seen, status, history (episode_ids and dia_ids are
        derived at read time). A belief whose cue or Fact does not exist: StoreError, nothing
        written."""

    # -------------------------------------------------------------- inspection

    def stats(self) -> Stats:
        """Counts per label and per relationship type (only those present), the sorted
        conversation ids, and min/max Episode date (Session date when no episode is dated)."""

    def get_node(self, node_id: str) -> NodeRecord | None: ...

    def show(self, node_id: str) -> NodeView:
        """The node and its neighbours (edges sorted by type, then neighbour id).
        NotFoundError if absent."""

    def export(self) -> tuple[list[NodeRecord], list[EdgeRecord]]:
        """All nodes (sorted by id) and edges (sorted by src, type, dst) of the namespace."""

    def conversations(self) -> list[str]: ...

    def outdated_conversations(self, version: int) -> list[str]:
        """Ids (sorted) of the conversations whose graph was built by an older graph model
        than `version` (their Conversation node's `model_version`; none recorded: 1)."""

    def experience_records(self, labels: Sequence[str]) -> list[NodeRecord]:
        """The experiential memory: the namespace's nodes of `labels` among Experience,
        Proposal and PracticeRound (mrgraph.experience.storage); order: label asc, id asc."""

    # -------------------------------------------------------------- statistics for ranking

    def token_df(self, label: str, tokens: Sequence[str]) -> tuple[int, Mapping[str, int]]:
        """(number of `label` nodes, {token: nodes holding it}) for label Episode, Cue, Tag, Topic."""

    # -------------------------------------------------------------- toolkit reads

    def search_cues(self, weights: Mapping[str, float], limit: int) -> list[CueHit]:
        """Cues and tags holding any weighted token; order: score desc, name asc, id asc."""

    def find_cues(self, key: str) -> list[CueHit]:
        """Cues whose normalised name equals `key` exactly (score 1.0); order: name asc, id asc."""

    def cue_tags(self, cue_id: str, limit: int) -> list[TagCount]:
        """Tags of the cue's CUE_OF edges with episode counts; order: count desc, tag asc."""

    def tag_events(self, cue_id: str, tag: str, limit: int) -> list[EventRecord]:
        """Episodes e with (cue)-[:CUE_OF {tag}]->(e); order: date asc, id asc."""

    def event_keywords(self, event_id: str) -> list[KeywordRecord]:
        """The cues of an episode with their tag; order: kind asc, name asc, cue_id asc."""

    def event_context(self, event_id: str, window: int) -> list[TurnRecord]:
        """The episode's turns plus `window` turns before and after in its session; order: index."""

    def conversation_time(self, event_id: str) -> TimeRecord | None: ...

    def entity_beliefs(self, entity: str, aspect: str | None) -> list[BeliefEdge]:
        """BELIEF edges of the entity cue (normalised name), optionally one aspect;
        order: aspect asc, confidence desc, fact_id asc. episode_ids: the fact's FROM_EPISODE
        episodes, sorted; dia_ids: the sorted distinct `dia_ids` of those episodes."""

    def search_topics(self, weights: Mapping[str, float], limit: int) -> list[TopicHit]:
        """Topics holding any weighted token; order: score desc, label asc, id asc."""

    def topic_events(self, topic_id: str, limit: int) -> list[EventRecord]:
        """Episodes the topic groups; order: date asc, id asc."""

    def timeline(self, start: str, end: str, cue_id: str | None, limit: int) -> list[EventRecord]:
        """Episodes of [start, end] (ISO days, inclusive): those whose date (the session's day)
        is in it and those holding a turn that mentions a date whose days overlap it;
        optionally only those the cue reaches; order: date asc, id asc."""

    def search_events(self, weights: Mapping[str, float], limit: int) -> list[EventRecord]:
        """Episodes holding any weighted token; order: score desc, date asc, id asc."""

    def vector_events(self, vector: Sequence[float], model: str,
                      limit: int) -> list[EventRecord]:
        """Episodes by exact cosine similarity of their `embedding` property to `vector`, the
        embedding of the query by the embedder named `model`.

        score = round(cos(e.embedding, vector), 6) with cos = a·b / (|a| |b|), in [-1, 1]
        (exact cosine: not Neo4j's vector.similarity.cosine, which is (1 + cos) / 2).
        Only episodes whose `embedding_model` equals `model` (two models' vectors live in
        unrelated spaces, even with one dimension) and whose embedding has the dimension of
        `vector` and a non-zero norm take part; a zero `vector` or limit <= 0 returns []. No
        approximate index decides the result: every such episode is scored. Order: score desc,
        date asc, id asc."""

    def embedding_models(self) -> list[EmbeddingCount]:
        """Episodes holding an `embedding` (any value but null), counted per `embedding_model`
        (a non-string or missing name counts as ""); order: model asc. What tells a search
        that finds no episode of its model that other models' embeddings are there."""

    def get_events(self, event_ids: Sequence[str]) -> list[EventRecord]:
        """The episodes with these ids (missing ones skipped), in the order asked."""

    # -------------------------------------------------------------- turn reads (agents)

    def search_turns(self, weights: Mapping[str, float], limit: int,
                     speakers: Sequence[str] | None, phrases: Sequence[str],
                     said: tuple[str, str] | None = None) -> list[TurnRecord]:
        """Turns holding any weighted token (their `tokens`: text and image caption), scored
        like the other searches. `speakers`: only turns whose `speaker` is one of them exactly
        (None: any). `phrases`: only turns whose text and caption hold each phrase
        (`phrase_held`); a turn must then hold every token of the phrases. `said`: (first day,
        last day), ISO, both included: only turns whose `date` (their session's day) is in it.
        The limit applies after every filter. in_event True, event_id and score filled.
        Order: score desc, date asc, id asc."""

    def replies(self, turn_ids: Sequence[str], ahead: int) -> dict[str, TurnRecord]:
        """asked turn id -> the turn answering it: the first turn after it in its session (the
        session of least id; index greater by 1 to `ahead`) whose speaker is not its own.
        Turns missing, or with no such turn, are left out; in the order asked. in_event False,
        event_id filled, score 0."""

    def turns_around(self, turn_ids: Sequence[str], window: int) -> list[TurnRecord]:
        """The turns with these node ids (missing ones skipped; in_event True) and the
        `window` turns before and after each in its session (in_event False), once each.
        Order: conversation_id, session, index, dia_id."""

    def session_turns(self, conversation_id: str, session: int, first: int,
                      last: int) -> list[TurnRecord]:
        """The turns (HAS_TURN) of the Session with this conversation_id and number whose index
        is in [first, last] (in_event True); order: index, dia_id."""

    def cue_events(self, cue_id: str, limit: int) -> list[EventRecord]:
        """Episodes the cue reaches (CUE_OF, any tag), dated or not; order: date asc, id asc."""

    def speakers(self) -> list[SpeakerRecord]:
        """The speakers of every conversation; order: conversation_id, then the
        conversation's own order of speakers."""

    def namespaces(self) -> list[NamespaceCount]:
        """Every namespace of the database / store directory holding a conversation, with its
        numbers of Conversation, Episode and Turn nodes; order: ns asc. Not scoped to the
        store's own namespace: what a client lists before choosing one."""

    # -------------------------------------------------------------- a round of calls

    def run_calls(self, calls: Sequence[Callable[[GraphStore], T]], workers: int) -> list[T]:
        """Run a round of read-only calls (each given a store to read) and return their results
        in call order; the first exception a call raises, in call order, is raised. Each result
        equals what the call returns run alone. Embedded: each call on its own (`run_each`);
        Neo4j: the calls' reads go to the server together (mrgraph.store.neo4j_batch)."""


# ------------------------------------------------------------------ shared by the backends


@dataclass(frozen=True)
class ReadAhead(Generic[T]):
    """A call of a round made only for its reads: the loop reads ahead what the policy expects
    to call next (reconstruct), and keeps the answers for the question. A store may leave it
    unfinished once the round's other calls have all ended (Neo4j: its reads never cost a
    step of their own); its result is not used."""

    call: Callable[[GraphStore], T]

    def __call__(self, store: GraphStore) -> T:
        return self.call(store)


def run_each(store: GraphStore, calls: Sequence[Callable[[GraphStore], T]],
             workers: int) -> list[T]:
    """run_calls one call at a time, in up to `workers` threads (a call may wait on something
    else than the store, e.g. an embedder)."""
    if workers <= 1 or len(calls) <= 1:
        return [call(store) for call in calls]
    from concurrent.futures import ThreadPoolExecutor  # here: an ask on one thread needs none

    with ThreadPoolExecutor(max_workers=min(workers, len(calls))) as pool:
        futures = [pool.submit(call, store) for call in calls]
        return [future.result() for future in futures]
